//! The HTTP side: routes, the static client, and the headers every response carries.
//!
//! - `GET /ws`: the relay protocol ([`crate::socket_loop`]).
//! - `GET /healthz`: `200 ok`.
//! - `GET /metrics`: Prometheus text.
//! - anything else: the built client from the static directory, compressed, with long
//!   cache lifetimes for content-hashed assets and `no-cache` for the rest, validated by
//!   an `ETag` of their content (so a new `index.html` is seen at once and points at new
//!   hashed assets, whatever its file's time). Only regular files
//!   inside the directory are served ([`static_target`]): no dotfiles, nothing reached
//!   through a symlink that leaves it, no directory redirects (`GET //assets` would
//!   redirect to `//assets/`, which a browser reads as another host), and an absurdly
//!   long path is `414`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::hub::Hub;
use crate::socket_loop;

/// `Cache-Control` for content-hashed assets: their name changes when they do.
const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` for everything else: revalidate every time (cheap with an `ETag`).
const CACHE_REVALIDATE: &str = "no-cache";

/// The largest unhashed file given an `ETag` of its content; a larger one is sent whole
/// every time (the client's are a few KB).
const MAX_VALIDATED_BYTES: usize = 1 << 20;

/// The Content-Security-Policy, before any hashes of inline scripts are added. The client
/// is a wasm app: `'wasm-unsafe-eval'` lets it compile its module; `connect-src` allows
/// the same origin and any WebSocket (a relay elsewhere, set by a `coup-relay` meta tag);
/// WebRTC data channels are not governed by CSP.
const CSP_BASE: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{HASHES}; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; worker-src 'self' blob:; manifest-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The page served when the static directory does not exist.
const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>Coup relay</title></head><body><h1>The client is not built</h1>\
<p>This relay is running, but its static directory (<code>{DIR}</code>) does not exist.</p>\
<p>Build the client from the repository root with <code>bash .ci/build-client.sh</code> \
(it writes <code>dist/</code>), then restart the relay, or point it at a built client with \
<code>--static-dir</code> / <code>COUP_STATIC_DIR</code>.</p></body></html>\n";

/// The whole application.
pub fn router(hub: Arc<Hub>) -> Router {
    let dir = hub.config().static_dir.clone();
    let csp = content_security_policy(&dir);
    let api = Router::new()
        .route("/ws", get(socket_loop::upgrade))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(hub);
    let statics = if dir.is_dir() {
        let root = Arc::new(std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone()));
        Router::new()
            // The build writes `.br` and `.gz` beside each asset at the highest levels;
            // the relay sends the one the browser accepts and never compresses on the fly.
            .fallback_service(ServeDir::new(&dir).precompressed_br().precompressed_gzip())
            .layer(middleware::from_fn(cache_control))
            .layer(middleware::from_fn_with_state(root, static_guard))
    } else {
        tracing::warn!(dir = %dir.display(), "static directory missing; serving a placeholder page");
        let page = NOT_BUILT.replace("{DIR}", &html_escape(&dir.display().to_string()));
        Router::new().fallback(move |req: Request| {
            let page = page.clone();
            async move {
                let status = match req.uri().path() {
                    "/" | "/index.html" => StatusCode::OK,
                    _ => StatusCode::NOT_FOUND,
                };
                (
                    status,
                    [(header::CACHE_CONTROL, CACHE_REVALIDATE)],
                    Html(page),
                )
            }
        })
    };
    let header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    api.merge(statics)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_str(&csp)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
        ))
        .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header(header::REFERRER_POLICY, "no-referrer"))
        .layer(header(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ))
        .layer(header(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        ))
}

/// `GET /healthz`: `ok`, or `503` when the relay is in a cluster whose store it cannot
/// reach (a load balancer then sends new clients to the other instances).
async fn healthz(State(hub): State<Arc<Hub>>) -> Response {
    if hub.healthy() {
        "ok".into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "cluster store unreachable\n",
        )
            .into_response()
    }
}

/// `GET /metrics`. In a cluster, the rooms gauge counts the cluster's rooms and the
/// peers gauge this instance's connections in rooms; the other figures are this
/// instance's, and the cluster link's health follows.
async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    let body = hub.render_metrics().await;
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        body,
    )
        .into_response()
}

/// The longest request path the static client answers; its real paths are a few dozen
/// characters.
pub const MAX_STATIC_PATH: usize = 1024;

/// Lets a static request through only if it names a regular file inside the directory.
async fn static_guard(State(root): State<Arc<PathBuf>>, req: Request, next: Next) -> Response {
    match static_target(&root, req.uri().path()).await {
        Ok(_) => next.run(req).await,
        Err(status) => {
            let body = match status {
                StatusCode::URI_TOO_LONG => "path too long\n",
                _ => "not found\n",
            };
            (status, [(header::CACHE_CONTROL, CACHE_REVALIDATE)], body).into_response()
        }
    }
}

/// The file a static request for `path` may be answered with, under the canonical
/// directory `root`: `/` is `index.html`; every other path must name, segment by segment
/// (percent-decoded), no empty segment (`//`, a trailing `/`), no segment that starts with
/// a dot (dotfiles, `..`) and no backslash or NUL, and resolve (symlinks followed) to a
/// regular file inside `root`. Otherwise `404`, or `414` past [`MAX_STATIC_PATH`].
pub async fn static_target(root: &Path, path: &str) -> Result<PathBuf, StatusCode> {
    if path.len() > MAX_STATIC_PATH {
        return Err(StatusCode::URI_TOO_LONG);
    }
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .map_err(|_| StatusCode::NOT_FOUND)?;
    let rel = decoded.strip_prefix('/').ok_or(StatusCode::NOT_FOUND)?;
    let mut target = root.to_path_buf();
    if rel.is_empty() {
        target.push("index.html");
    } else {
        for segment in rel.split('/') {
            if segment.is_empty() || segment.starts_with('.') || segment.contains(['\\', '\0']) {
                return Err(StatusCode::NOT_FOUND);
            }
            target.push(segment);
        }
    }
    let real = tokio::fs::canonicalize(&target)
        .await
        .map_err(|_| StatusCode::NOT_FOUND)?;
    let meta = tokio::fs::metadata(&real)
        .await
        .map_err(|_| StatusCode::NOT_FOUND)?;
    if !real.starts_with(root) || !meta.is_file() {
        return Err(StatusCode::NOT_FOUND);
    }
    Ok(real)
}

/// Sets `Cache-Control` on successful static responses by file name, `Vary`, and the
/// type of the files whose extension the MIME table does not know ([`extra_type`]).
/// The service worker (`sw.js`) and the page are not hashed, so they are revalidated
/// every time: a new build is seen at once. They are validated by their content
/// ([`validated_by_content`]), never by date: a file's time says nothing of a build
/// replaced within the same second, or rolled back to one older than what a browser holds.
async fn cache_control(mut req: Request, next: Next) -> Response {
    let immutable = is_hashed_asset(req.uri().path());
    let extra = extra_type(req.uri().path());
    let mut if_none_match = None;
    if !immutable {
        // None of these reaches ServeDir, which would answer `304` (or `412`, or a part)
        // by the file's time: these small files are sent whole or not at all.
        for name in [
            header::IF_MODIFIED_SINCE,
            header::IF_UNMODIFIED_SINCE,
            header::IF_RANGE,
            header::RANGE,
        ] {
            req.headers_mut().remove(name);
        }
        if_none_match = req.headers_mut().remove(header::IF_NONE_MATCH);
    }
    // A HEAD is answered as its GET would be, tag included, without the body.
    let is_head = req.method() == Method::HEAD;
    if is_head && !immutable {
        *req.method_mut() = Method::GET;
    }
    let is_get = req.method() == Method::GET;
    let mut res: Response<Body> = next.run(req).await;
    if !immutable {
        res.headers_mut().remove(header::LAST_MODIFIED);
        res.headers_mut().remove(header::ACCEPT_RANGES);
        if is_get && res.status() == StatusCode::OK {
            res = validated_by_content(res, if_none_match.as_ref()).await;
        }
        if is_head {
            let (parts, _) = res.into_parts();
            res = Response::from_parts(parts, Body::empty());
        }
    }
    if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
        if let Some(t) = extra {
            res.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(t));
        }
        let value = if immutable {
            CACHE_IMMUTABLE
        } else {
            CACHE_REVALIDATE
        };
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    // The body depends on Accept-Encoding (a precompressed sibling may be sent): caches
    // must keep the variants apart.
    res.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    res
}

/// A whole `200` response to a GET, given a strong `ETag` of its bytes (the encoding
/// sent, so each precompressed variant has its own), or turned into `304 Not Modified` when
/// the request's `If-None-Match` holds that tag. A body past [`MAX_VALIDATED_BYTES`], or of
/// no stated length, is passed on as it is.
async fn validated_by_content(res: Response, if_none_match: Option<&HeaderValue>) -> Response {
    let length = res
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if length.is_none_or(|n| n > MAX_VALIDATED_BYTES) {
        return res;
    }
    let (parts, body) = res.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_VALIDATED_BYTES).await else {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(header::CACHE_CONTROL, CACHE_REVALIDATE)],
            "could not read the file\n",
        )
            .into_response();
    };
    let tag = content_tag(&bytes);
    let mut res = if if_none_match.is_some_and(|v| tag_matches(v, &tag)) {
        let mut not_modified = Response::new(Body::empty());
        *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
        not_modified
    } else {
        Response::from_parts(parts, Body::from(bytes))
    };
    if let Ok(v) = HeaderValue::from_str(&tag) {
        res.headers_mut().insert(header::ETAG, v);
    }
    res
}

/// A strong entity tag of `bytes`: the first 128 bits of their SHA-256, quoted.
pub fn content_tag(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether an `If-None-Match` value holds `tag` (`*`, or a list of tags compared weakly,
/// as RFC 9110 asks for this header). A value that is not text matches nothing.
pub fn tag_matches(if_none_match: &HeaderValue, tag: &str) -> bool {
    let Ok(value) = if_none_match.to_str() else {
        return false;
    };
    value
        .split(',')
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// The `Content-Type` of a static file the MIME table does not know: the message
/// catalogs (Project Fluent's `.ftl`) are UTF-8 text.
pub fn extra_type(path: &str) -> Option<&'static str> {
    path.ends_with(".ftl")
        .then_some("text/plain; charset=utf-8")
}

/// Whether a path names a content-hashed asset: a file name with a part of 8 to 64 hex
/// digits (at least one of them a digit), separated by `-`, `_` or `.` — the names that
/// trunk and wasm-bindgen builds produce, such as `app-1a2b3c4d.wasm` or
/// `coup-5e6f7a8b9c0d1e2f_bg.wasm`.
pub fn is_hashed_asset(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    name.split(['-', '_', '.']).any(|part| {
        (8..=64).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_hexdigit())
            && part.bytes().any(|b| b.is_ascii_digit())
    })
}

/// The CSP, allowing the inline scripts of the client's `index.html` by their hashes (a
/// wasm-bindgen page usually boots from one inline module script).
pub fn content_security_policy(dir: &Path) -> String {
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
    let hashes: String = inline_scripts(&html)
        .map(|body| {
            format!(
                " 'sha256-{}'",
                STANDARD.encode(Sha256::digest(body.as_bytes()))
            )
        })
        .collect();
    CSP_BASE.replace("{HASHES}", &hashes)
}

/// The bodies of `<script>` elements without a `src` attribute.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    let mut rest = html;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find("<script")?;
            let after = &rest[start..];
            let tag_end = after.find('>')?;
            let tag = &after[..tag_end];
            let body_and_more = &after[tag_end + 1..];
            let close = body_and_more.find("</script>")?;
            let body = &body_and_more[..close];
            rest = &body_and_more[close + "</script>".len()..];
            if !tag.contains("src=") && !body.trim().is_empty() {
                return Some(body);
            }
        }
    })
}

/// Escapes text for HTML.
fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_tags_are_of_the_content_and_matched_weakly_in_lists() {
        let tag = content_tag(b"page");
        assert_eq!(tag, content_tag(b"page"));
        assert_ne!(tag, content_tag(b"page!"));
        assert_eq!(tag.len(), 34);
        let value = |s: &str| HeaderValue::from_str(s).expect("header");
        assert!(tag_matches(&value(&tag), &tag));
        assert!(tag_matches(&value(&format!("W/{tag}")), &tag));
        assert!(tag_matches(&value(&format!("\"a\",  {tag} ,\"b\"")), &tag));
        assert!(tag_matches(&value("*"), &tag));
        assert!(!tag_matches(&value("\"a\", \"b\""), &tag));
        assert!(!tag_matches(&value(""), &tag));
        // Not text: matches nothing rather than failing.
        let bytes = HeaderValue::from_bytes(b"\"\xff\"").expect("opaque bytes");
        assert!(!tag_matches(&bytes, &tag));
    }

    #[test]
    fn hashed_assets_are_recognized() {
        assert!(is_hashed_asset("/app-1a2b3c4d.wasm"));
        assert!(is_hashed_asset(
            "/assets/coup-client-5e6f7a8b9c0d1e2f_bg.wasm"
        ));
        assert!(is_hashed_asset("/style.0123abcd.css"));
        assert!(!is_hashed_asset("/index.html"));
        assert!(!is_hashed_asset("/"));
        assert!(!is_hashed_asset("/coup-client_bg.wasm"));
        assert!(
            !is_hashed_asset("/deadbeef.js"),
            "a hex word without digits"
        );
        assert!(!is_hashed_asset("/config.json"));
    }

    #[test]
    fn inline_scripts_are_found_and_external_ones_skipped() {
        let html = "<script src=\"a.js\"></script><script type=\"module\">import x;</script>\
                    <script>\n</script><p>";
        let found: Vec<&str> = inline_scripts(html).collect();
        assert_eq!(found, vec!["import x;"]);
        assert_eq!(inline_scripts("<script>unclosed").count(), 0);
    }

    #[test]
    fn the_csp_allows_wasm_and_websockets() {
        let csp = content_security_policy(Path::new("/nonexistent-dir"));
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval';"));
        assert!(csp.contains("connect-src 'self' ws: wss:"));
    }
}
