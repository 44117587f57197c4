//! The HTTP side on real sockets: the static client, its headers, and the placeholder
//! page when no client is built.

mod common;

use clap::Parser as _;
use common::{relay, relay_with};
use coup_server::Config;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// A GET with extra header lines; returns the head (lower-cased names) and the raw body.
async fn get(addr: std::net::SocketAddr, path: &str, extra: &str) -> (String, Vec<u8>) {
    request(addr, "GET", path, extra).await
}

async fn request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
) -> (String, Vec<u8>) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req =
        format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    let split = out.windows(4).position(|w| w == b"\r\n\r\n").expect("head") + 4;
    let head = String::from_utf8_lossy(&out[..split]).to_lowercase();
    (head, out[split..].to_vec())
}

#[tokio::test]
async fn static_files_with_cache_csp_and_precompressed_siblings() {
    let dir = std::env::temp_dir().join(format!("coup-static-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let boot = "import init from './app-1a2b3c4d.js'; init();";
    std::fs::write(
        dir.join("index.html"),
        format!("<!doctype html><html><head><script type=\"module\">{boot}</script></head></html>"),
    )
    .expect("index");
    std::fs::write(
        dir.join("app-1a2b3c4d.js"),
        "export default function init() {}\n".repeat(200),
    )
    .expect("js");
    std::fs::write(dir.join("app-1a2b3c4d_bg.wasm"), vec![0u8; 4096]).expect("wasm");

    let config = Config::parse_from([
        "coup-relay",
        "--stun-bind",
        "off",
        "--static-dir",
        dir.to_str().expect("utf-8"),
    ]);
    let r = relay_with(config.normalized()).await;

    let (head, body) = get(r.addr, "/", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("cache-control: no-cache"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains(boot));
    let csp = head
        .lines()
        .find(|l| l.starts_with("content-security-policy:"))
        .expect("csp")
        .to_owned();
    assert!(csp.contains("'wasm-unsafe-eval'") && csp.contains("connect-src 'self' ws: wss:"));
    // The inline boot script is allowed by its hash.
    use base64::Engine as _;
    use sha2::Digest as _;
    let hash =
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(boot.as_bytes()));
    assert!(
        csp.contains(&format!("'sha256-{}'", hash.to_lowercase())),
        "{csp}"
    );
    for h in [
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
        "x-frame-options: deny",
    ] {
        assert!(head.contains(h), "{h} missing in {head}");
    }

    // The precompressed siblings the build writes are sent by what the browser accepts,
    // with the type of the original; nothing is compressed on the fly.
    std::fs::write(dir.join("app-1a2b3c4d.js.br"), b"brotli bytes").expect("br");
    std::fs::write(dir.join("app-1a2b3c4d.js.gz"), b"gzip bytes").expect("gz");
    let (head, body) = get(r.addr, "/app-1a2b3c4d.js", "Accept-Encoding: gzip, br\r\n").await;
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    assert!(head.contains("vary: accept-encoding"), "{head}");
    assert_eq!(body, b"brotli bytes");
    let (head, body) = get(r.addr, "/app-1a2b3c4d.js", "Accept-Encoding: gzip\r\n").await;
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert_eq!(body, b"gzip bytes");
    let (head, body) = get(r.addr, "/app-1a2b3c4d.js", "").await;
    assert!(!head.contains("content-encoding"), "{head}");
    assert!(body.starts_with(b"export default function init"));
    // A file with no precompressed sibling goes as it is, whatever the browser accepts.
    let (head, body) = get(
        r.addr,
        "/app-1a2b3c4d_bg.wasm",
        "Accept-Encoding: br, gzip\r\n",
    )
    .await;
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body.len(), 4096);
    let (head, body) = get(r.addr, "/app-1a2b3c4d_bg.wasm", "").await;
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains("immutable"), "{head}");
    assert_eq!(body.len(), 4096);
    let (head, _) = get(r.addr, "/missing.js", "").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    assert!(!head.contains("immutable"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the installable, offline page needs: the service worker and the manifest are
/// revalidated every time (a new build is seen at once) with their proper types, and a
/// hashed catalog is cached for good as UTF-8 text, compressed or not.
#[tokio::test]
async fn the_worker_the_manifest_and_the_catalogs_have_their_types_and_lifetimes() {
    let dir = std::env::temp_dir().join(format!("coup-offline-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("locales")).expect("dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><p>page").expect("index");
    std::fs::write(
        dir.join("sw.js"),
        "self.addEventListener('fetch', () => {});",
    )
    .expect("sw");
    std::fs::write(dir.join("manifest.webmanifest"), "{\"name\": \"Coup\"}").expect("manifest");
    let catalog = "hello = Bonjour, { $name } !\n";
    std::fs::write(dir.join("locales/fr-0123abcd4567ef89.ftl"), catalog).expect("ftl");
    std::fs::write(dir.join("locales/fr-0123abcd4567ef89.ftl.br"), b"brotli").expect("br");
    let config = Config::parse_from([
        "coup-relay",
        "--stun-bind",
        "off",
        "--static-dir",
        dir.to_str().expect("utf-8"),
    ]);
    let r = relay_with(config.normalized()).await;

    let (head, body) = get(r.addr, "/sw.js", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("cache-control: no-cache"), "{head}");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    assert!(body.starts_with(b"self.addEventListener"));
    let (head, _) = get(r.addr, "/manifest.webmanifest", "").await;
    assert!(
        head.contains("content-type: application/manifest+json"),
        "{head}"
    );
    assert!(head.contains("cache-control: no-cache"), "{head}");
    let (head, body) = get(r.addr, "/locales/fr-0123abcd4567ef89.ftl", "").await;
    assert!(
        head.contains("content-type: text/plain; charset=utf-8"),
        "{head}"
    );
    assert!(head.contains("immutable"), "{head}");
    assert_eq!(body, catalog.as_bytes());
    let (head, body) = get(
        r.addr,
        "/locales/fr-0123abcd4567ef89.ftl",
        "Accept-Encoding: br\r\n",
    )
    .await;
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(
        head.contains("content-type: text/plain; charset=utf-8"),
        "{head}"
    );
    assert_eq!(body, b"brotli");
    // A catalog that is not there is a 404 that is not cached.
    let (head, _) = get(r.addr, "/locales/xx-0123abcd4567ef89.ftl", "").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    assert!(!head.contains("immutable"), "{head}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The value of header `name` (lower case) in a head from [`get`].
fn header<'h>(head: &'h str, name: &str) -> Option<&'h str> {
    head.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

/// The page and the worker are validated by their content, never by a date: a new build
/// written in the same second as the old, or an older build put back (its files older than
/// what the browser holds), is sent whole; the same bytes are a `304`. Each precompressed
/// variant has its own tag. Hashed assets are not touched.
#[tokio::test]
async fn the_page_is_revalidated_by_its_content_not_its_date() {
    let dir = std::env::temp_dir().join(format!("coup-etag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let index = dir.join("index.html");
    std::fs::write(&index, "<!doctype html><p>build one").expect("index");
    std::fs::write(dir.join("app-1a2b3c4d.js"), "export {};").expect("js");
    let config = Config::parse_from([
        "coup-relay",
        "--stun-bind",
        "off",
        "--static-dir",
        dir.to_str().expect("utf-8"),
    ]);
    let r = relay_with(config.normalized()).await;

    let (head, body) = get(r.addr, "/", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"<!doctype html><p>build one");
    let tag = header(&head, "etag").expect("an etag").to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"') && tag.len() == 34,
        "{tag}"
    );
    assert_eq!(header(&head, "last-modified"), None, "{head}");
    assert_eq!(header(&head, "accept-ranges"), None, "{head}");
    // The same bytes: 304, with the tag and the page's headers, and no body. Also in a
    // list, and weakly compared.
    for inm in [tag.clone(), format!("\"x\", W/{tag}"), "*".to_owned()] {
        let (head, body) = get(r.addr, "/", &format!("If-None-Match: {inm}\r\n")).await;
        assert!(head.starts_with("http/1.1 304"), "{inm}: {head}");
        assert_eq!(header(&head, "etag"), Some(tag.as_str()), "{head}");
        assert!(head.contains("cache-control: no-cache"), "{head}");
        assert!(head.contains("vary: accept-encoding"), "{head}");
        assert!(body.is_empty());
    }
    let (head, _) = get(r.addr, "/index.html", &format!("If-None-Match: {tag}\r\n")).await;
    assert!(head.starts_with("http/1.1 304"), "{head}");
    // Another tag: the whole page.
    let (head, _) = get(r.addr, "/", "If-None-Match: \"0123\"\r\n").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    // A HEAD has the GET's headers, its tag and length included, and no body; with the
    // tag held, a 304.
    let (head, body) = request(r.addr, "HEAD", "/", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(header(&head, "etag"), Some(tag.as_str()), "{head}");
    assert_eq!(header(&head, "content-length"), Some("27"), "{head}");
    assert_eq!(header(&head, "last-modified"), None, "{head}");
    assert!(body.is_empty());
    let (head, _) = request(r.addr, "HEAD", "/", &format!("If-None-Match: {tag}\r\n")).await;
    assert!(head.starts_with("http/1.1 304"), "{head}");

    // A new build at once (the same second), then one put back a day older than the page
    // the browser holds: each is sent whole to a browser that asks with the old tag and a
    // time after both builds'.
    let old_time = "If-Modified-Since: Sun, 01 Jan 2090 00:00:00 GMT\r\n";
    std::fs::write(&index, "<!doctype html><p>build two").expect("index");
    let (head, body) = get(r.addr, "/", &format!("If-None-Match: {tag}\r\n{old_time}")).await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"<!doctype html><p>build two");
    let tag_two = header(&head, "etag").expect("an etag").to_owned();
    assert_ne!(tag_two, tag);
    std::fs::write(&index, "<!doctype html><p>build one").expect("index");
    let day_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
    std::fs::File::options()
        .write(true)
        .open(&index)
        .and_then(|f| f.set_modified(day_ago))
        .expect("mtime");
    let (head, body) = get(
        r.addr,
        "/",
        &format!("If-None-Match: {tag_two}\r\n{old_time}"),
    )
    .await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"<!doctype html><p>build one");
    assert_eq!(
        header(&head, "etag"),
        Some(tag.as_str()),
        "the same bytes, the same tag"
    );
    // A range of the page is not served: it is small, and sent whole.
    let (head, body) = get(r.addr, "/", "Range: bytes=0-3\r\n").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"<!doctype html><p>build one");

    // A precompressed variant is another representation, with its own tag.
    std::fs::write(dir.join("index.html.br"), b"brotli page").expect("br");
    let (head, body) = get(r.addr, "/", "Accept-Encoding: br\r\n").await;
    assert!(head.contains("content-encoding: br"), "{head}");
    assert_eq!(body, b"brotli page");
    let tag_br = header(&head, "etag").expect("an etag").to_owned();
    assert_ne!(tag_br, tag);
    // The identity tag is not the brotli one.
    for (held, status) in [(&tag, "200"), (&tag_br, "304")] {
        let inm = format!("Accept-Encoding: br\r\nIf-None-Match: {held}\r\n");
        let (head, _) = get(r.addr, "/", &inm).await;
        assert!(
            head.starts_with(&format!("http/1.1 {status}")),
            "{held}: {head}"
        );
    }

    // A hashed asset keeps its lifetime and needs no tag.
    let (head, body) = get(r.addr, "/app-1a2b3c4d.js", "").await;
    assert!(head.contains("immutable"), "{head}");
    assert_eq!(header(&head, "etag"), None, "{head}");
    assert_eq!(body, b"export {};");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn without_a_built_client_the_root_explains_how_to_build_it() {
    let r = relay(&[]).await;
    let (head, body) = get(r.addr, "/", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("bash .ci/build-client.sh"));
    let (head, _) = get(r.addr, "/app.wasm", "").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    let (head, body) = get(r.addr, "/healthz", "").await;
    assert!(head.starts_with("http/1.1 200"));
    assert_eq!(body, b"ok");
}

/// A client that never finishes its request head is cut off after `--header-timeout`
/// (slow loris: `axum::serve` alone installs no timer, so hyper's timeout never fired),
/// while a client that sends its head in time is served as usual, WebSockets included.
/// Reads `s` until the relay closes it, without a timer (the clock may be held), failing
/// after `common::FAILURE_BOUND` of real time.
async fn read_until_closed(s: &mut tokio::net::TcpStream) -> Vec<u8> {
    let deadline = std::time::Instant::now() + common::FAILURE_BOUND;
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.try_read(&mut buf) {
            Ok(0) => return out,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                assert!(std::time::Instant::now() < deadline, "still open");
                tokio::task::yield_now().await;
            }
            Err(_) => return out,
        }
    }
}

#[tokio::test]
async fn a_connection_that_never_finishes_its_request_head_is_closed() {
    let r = relay(&["--header-timeout", "1"]).await;
    // From here the clock moves only when the test moves it: the cut is checked against
    // the timeout itself, not against how fast a loaded machine runs.
    tokio::time::pause();
    let _clock = common::hold_clock();
    let mut slow = tokio::net::TcpStream::connect(r.addr)
        .await
        .expect("connect");
    slow.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        .await
        .expect("write");
    // A whole request on a later connection is answered only after the relay accepted
    // the slow one (it accepts in order) and began to read it.
    assert!(
        get(r.addr, "/healthz", "")
            .await
            .0
            .starts_with("http/1.1 200")
    );
    tokio::time::advance(std::time::Duration::from_millis(999)).await;
    // Everything due has run once another request went through: still open.
    assert!(
        get(r.addr, "/healthz", "")
            .await
            .0
            .starts_with("http/1.1 200")
    );
    let mut byte = [0u8; 1];
    assert!(
        matches!(slow.try_read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "closed before the header timeout"
    );
    tokio::time::advance(std::time::Duration::from_millis(2)).await;
    let out = read_until_closed(&mut slow).await;
    // Nothing was served to the half request.
    assert!(!String::from_utf8_lossy(&out).contains("200 OK"), "{out:?}");
    let (head, body) = get(r.addr, "/healthz", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"ok");
    let mut ws = common::Client::connect(r.addr).await;
    ws.send(serde_json::json!({"type": "create"})).await;
    let created = ws.recv().await;
    assert_eq!(created["type"], "created", "{created}");
}

#[tokio::test]
async fn only_regular_files_inside_the_directory_are_served() {
    let base = std::env::temp_dir().join(format!("coup-guard-{}", std::process::id()));
    let dir = base.join("dist");
    std::fs::create_dir_all(dir.join("assets")).expect("dir");
    std::fs::create_dir_all(dir.join(".git")).expect("dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><p>home").expect("index");
    std::fs::write(dir.join("assets/app.js"), "export {}").expect("js");
    std::fs::write(dir.join(".env"), "SECRET=dotfile").expect("dotfile");
    std::fs::write(dir.join(".git/config"), "SECRET=git").expect("git");
    std::fs::write(base.join("outside.txt"), "SECRET=outside").expect("outside");
    let _ = std::fs::remove_file(dir.join("leak.txt"));
    std::os::unix::fs::symlink(base.join("outside.txt"), dir.join("leak.txt")).expect("symlink");
    let _ = std::fs::remove_file(dir.join("up"));
    std::os::unix::fs::symlink(&base, dir.join("up")).expect("symlink");

    let config = Config::parse_from([
        "coup-relay",
        "--stun-bind",
        "off",
        "--static-dir",
        dir.to_str().expect("utf-8"),
    ]);
    let r = relay_with(config.normalized()).await;
    let (head, body) = get(r.addr, "/assets/app.js", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, b"export {}");
    let (head, _) = get(r.addr, "/", "").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    for path in [
        "/.env",
        "/%2eenv",
        "/.git/config",
        "/leak.txt",
        "/up/outside.txt",
        "/assets/../.env",
        "/assets%2f..%2f.env",
        "//assets",
        "/assets",
        "/assets/",
        "//assets/app.js",
    ] {
        let (head, body) = get(r.addr, path, "").await;
        assert!(head.starts_with("http/1.1 404"), "{path}: {head}");
        assert!(!head.contains("location:"), "{path} redirects: {head}");
        assert!(!String::from_utf8_lossy(&body).contains("SECRET"), "{path}");
    }
    let long = format!("/{}", "a".repeat(60_000));
    let (head, _) = get(r.addr, &long, "").await;
    assert!(
        head.starts_with("http/1.1 414") || head.starts_with("http/1.1 404"),
        "{head}"
    );
    let _ = std::fs::remove_dir_all(&base);
}
