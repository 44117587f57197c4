//! Where the relay is: the page's own origin at `/ws` unless the page says otherwise.
//!
//! A deployment that serves the client from one place and runs the relay elsewhere puts
//! `<meta name="coup-relay" content="wss://relay.example.org/ws">` in `index.html`. The
//! content may also be a path on the page's own origin, such as `/relay/ws`.

/// Why the configured relay address was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRelayUrl(pub String);

impl std::fmt::Display for BadRelayUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the relay address {:?} is not a ws:// or wss:// URL or a path",
            self.0
        )
    }
}

impl std::error::Error for BadRelayUrl {}

/// The WebSocket URL of the relay for a page loaded over `protocol` (`"https:"`, `"http:"`)
/// from `host` (`"example.org:8080"`), given the `coup-relay` meta tag's content if any.
pub fn relay_url(protocol: &str, host: &str, meta: Option<&str>) -> Result<String, BadRelayUrl> {
    let scheme = if protocol.eq_ignore_ascii_case("https:") {
        "wss"
    } else {
        "ws"
    };
    let meta = meta.map(str::trim).filter(|m| !m.is_empty());
    match meta {
        None => Ok(format!("{scheme}://{host}/ws")),
        Some(m) if m.starts_with('/') && !m.starts_with("//") => {
            Ok(format!("{scheme}://{host}{m}"))
        }
        Some(m) => {
            let lower = m.to_ascii_lowercase();
            let rest = lower
                .strip_prefix("wss://")
                .or_else(|| lower.strip_prefix("ws://"));
            match rest {
                Some(r)
                    if !r.is_empty()
                        && !r.starts_with('/')
                        && !m.chars().any(char::is_whitespace) =>
                {
                    Ok(m.to_owned())
                }
                _ => Err(BadRelayUrl(m.to_owned())),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_the_same_origin() {
        assert_eq!(
            relay_url("http:", "localhost:8080", None),
            Ok("ws://localhost:8080/ws".into())
        );
        assert_eq!(
            relay_url("https:", "coup.example", None),
            Ok("wss://coup.example/ws".into())
        );
        assert_eq!(
            relay_url("https:", "coup.example", Some("  ")),
            Ok("wss://coup.example/ws".into())
        );
    }

    #[test]
    fn the_meta_tag_overrides() {
        assert_eq!(
            relay_url("https:", "a.example", Some("wss://relay.example/ws")),
            Ok("wss://relay.example/ws".into())
        );
        assert_eq!(
            relay_url("https:", "a.example", Some("/r/ws")),
            Ok("wss://a.example/r/ws".into())
        );
        for bad in [
            "http://x/ws",
            "wss://",
            "//x/ws",
            "relay",
            "wss:///ws",
            "ws://a b",
        ] {
            assert_eq!(
                relay_url("http:", "h", Some(bad)),
                Err(BadRelayUrl(bad.into())),
                "{bad}"
            );
        }
    }
}
