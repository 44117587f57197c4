//! The `ice_servers` list handed to peers: STUN and TURN URLs from the configuration and,
//! with a TURN shared secret, fresh TURN REST API credentials. Without STUN URLs
//! configured, the relay's own STUN server ([`crate::stun`]) is handed out as
//! `stun:HOST:PORT`, HOST being the name the page reached the relay by ([`page_host`]).
//!
//! The credential scheme is the one coturn implements with `use-auth-secret` and
//! `static-auth-secret`: the username is `<expiry unix time>:<name>` and the password is
//! `base64(HMAC-SHA1(secret, username))`. coturn recomputes the HMAC and refuses expired
//! usernames, so the relay and coturn share nothing but the secret.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::OnceLock;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha1::Sha1;
use shared::relay::IceServer;

/// The ICE configuration, built once from the flags.
#[derive(Clone)]
pub struct Ice {
    /// STUN URLs, handed out as one entry without credentials.
    stun_urls: Vec<String>,
    /// TURN URLs, handed out as one entry with credentials when a secret is set.
    turn_urls: Vec<String>,
    /// The TURN shared secret; never logged.
    turn_secret: Option<String>,
    /// Lifetime of generated credentials, in seconds.
    turn_ttl: u64,
    /// The port of the relay's own STUN server, once it is bound.
    stun_port: OnceLock<u16>,
}

impl std::fmt::Debug for Ice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ice")
            .field("stun_urls", &self.stun_urls)
            .field("turn_urls", &self.turn_urls)
            .field(
                "turn_secret",
                &self.turn_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("turn_ttl", &self.turn_ttl)
            .field("stun_port", &self.stun_port.get())
            .finish()
    }
}

impl Ice {
    /// The configuration from flags.
    pub fn new(
        stun_urls: Vec<String>,
        turn_urls: Vec<String>,
        turn_secret: Option<String>,
        turn_ttl: u64,
    ) -> Self {
        let turn_secret = turn_secret.filter(|s| !s.is_empty());
        Ice {
            stun_urls,
            turn_urls,
            turn_secret,
            turn_ttl,
            stun_port: OnceLock::new(),
        }
    }

    /// Records the port the relay's own STUN server listens on (once).
    pub fn set_stun_port(&self, port: u16) {
        let _ = self.stun_port.set(port);
    }

    /// The list for one answer at wall-clock time `now_unix`, with credentials named
    /// after `name` (the receiving peer's id), for a page that reached the relay by
    /// `host` (from [`page_host`]; `None` when its `Host` header was missing or odd).
    pub fn servers(&self, now_unix: u64, name: &str, host: Option<&str>) -> Vec<IceServer> {
        let mut out = Vec::with_capacity(2);
        let stun_urls = if self.stun_urls.is_empty() {
            match (host, self.stun_port.get()) {
                (Some(host), Some(port)) => vec![format!("stun:{host}:{port}")],
                _ => Vec::new(),
            }
        } else {
            self.stun_urls.clone()
        };
        if !stun_urls.is_empty() {
            out.push(IceServer {
                urls: stun_urls,
                username: None,
                credential: None,
            });
        }
        if !self.turn_urls.is_empty() {
            let (username, credential) = match &self.turn_secret {
                Some(secret) => {
                    let username = format!("{}:{name}", now_unix.saturating_add(self.turn_ttl));
                    let credential = turn_credential(secret, &username);
                    (Some(username), Some(credential))
                }
                None => (None, None),
            };
            out.push(IceServer {
                urls: self.turn_urls.clone(),
                username,
                credential,
            });
        }
        out
    }
}

/// The host of a `Host` header as it may stand in a `stun:` URL, without the port: a
/// host name (letters, digits and hyphens in labels of 1 to 63, at most 253 in all, a
/// final dot dropped, lowercased, not ending in an all-digit label, which a URL parser
/// would read as a broken IPv4 address), an IPv4 literal, or an IPv6 literal in brackets
/// (printed anew, so `[2001:DB8::0:1]` becomes `[2001:db8::1]`). Anything else (a user
/// part, a path, a zone id, spaces, an unspecified or multicast address, a port that is
/// not a number up to 65535) is `None`: the page then gets no STUN URL rather than junk
/// of the client's choosing.
pub fn page_host(header: &str) -> Option<String> {
    let port_ok = |p: &str| {
        !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()) && {
            p.parse::<u32>().is_ok_and(|n| n <= 65_535)
        }
    };
    if let Some(rest) = header.strip_prefix('[') {
        let (inner, after) = rest.split_once(']')?;
        if !(after.is_empty() || after.strip_prefix(':').is_some_and(port_ok)) {
            return None;
        }
        let ip: Ipv6Addr = inner.parse().ok()?;
        let usable = !ip.is_unspecified() && !ip.is_multicast();
        return usable.then(|| format!("[{ip}]"));
    }
    let host = match header.rsplit_once(':') {
        Some((host, port)) if port_ok(port) => host,
        Some(_) => return None,
        None => header,
    };
    if let Ok(ip) = host.parse::<Ipv4Addr>() {
        let usable = !ip.is_unspecified() && !ip.is_multicast() && !ip.is_broadcast();
        return usable.then(|| IpAddr::V4(ip).to_string());
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    let label_ok = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let last_numeric = name
        .rsplit('.')
        .next()
        .is_some_and(|l| l.bytes().all(|b| b.is_ascii_digit()));
    (name.len() <= 253 && name.split('.').all(label_ok) && !last_numeric)
        .then(|| name.to_ascii_lowercase())
}

/// `base64(HMAC-SHA1(secret, username))`, the TURN REST API password.
pub fn turn_credential(secret: &str, username: &str) -> String {
    // HMAC accepts keys of any length, so this cannot fail; fall back to an empty
    // credential rather than panic if it ever did.
    match Hmac::<Sha1>::new_from_slice(secret.as_bytes()) {
        Ok(mut mac) => {
            mac.update(username.as_bytes());
            STANDARD.encode(mac.finalize().into_bytes())
        }
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_follow_the_turn_rest_scheme() {
        // Known answer, computed with:
        // printf '%s' '1700003600:alice' | openssl dgst -sha1 -hmac 'north' -binary | base64
        assert_eq!(turn_credential("north", "1700003600:alice"), KNOWN);
        let ice = Ice::new(
            vec!["stun:t.example:3478".into()],
            vec!["turn:t.example:3478".into()],
            Some("north".into()),
            3600,
        );
        let servers = ice.servers(1_700_000_000, "alice", None);
        assert_eq!(servers.len(), 2);
        assert_eq!(servers[0].username, None);
        assert_eq!(servers[1].username.as_deref(), Some("1700003600:alice"));
        assert_eq!(servers[1].credential.as_deref(), Some(KNOWN));
    }

    #[test]
    fn without_a_secret_turn_urls_carry_no_credentials() {
        let ice = Ice::new(
            vec![],
            vec!["turn:t.example".into()],
            Some(String::new()),
            60,
        );
        let servers = ice.servers(0, "p", None);
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0].credential, None);
        assert!(
            Ice::new(vec![], vec![], None, 60)
                .servers(0, "p", None)
                .is_empty()
        );
    }

    #[test]
    fn debug_output_never_shows_the_turn_secret() {
        let ice = Ice::new(
            vec![],
            vec!["turn:t.example".into()],
            Some("north-wind-secret".into()),
            60,
        );
        // The secret is in use: the credentials are made with it.
        assert!(ice.servers(0, "p", None)[0].credential.is_some());
        let shown = format!("{ice:?}");
        assert!(!shown.contains("north"), "{shown}");
        assert!(shown.contains("<redacted>"), "{shown}");
    }

    #[test]
    fn the_own_stun_server_is_handed_out_by_the_pages_host() {
        let ice = Ice::new(vec![], vec![], None, 60);
        assert!(
            ice.servers(0, "p", Some("coup.example")).is_empty(),
            "not bound yet: no STUN server"
        );
        ice.set_stun_port(3478);
        let urls = |ice: &Ice, host| {
            ice.servers(0, "p", host)
                .into_iter()
                .flat_map(|s| s.urls)
                .collect::<Vec<_>>()
        };
        assert_eq!(urls(&ice, Some("coup.example")), ["stun:coup.example:3478"]);
        assert_eq!(
            urls(&ice, Some("[2001:db8::1]")),
            ["stun:[2001:db8::1]:3478"]
        );
        assert!(urls(&ice, None).is_empty(), "an odd Host: no STUN URL");
        // Configured STUN URLs win.
        let configured = Ice::new(vec!["stun:s.example:19302".into()], vec![], None, 60);
        configured.set_stun_port(3478);
        assert_eq!(
            urls(&configured, Some("coup.example")),
            ["stun:s.example:19302"]
        );
    }

    #[test]
    fn only_a_plain_host_name_or_address_is_taken_from_the_host_header() {
        let good = [
            ("coup.example.org", "coup.example.org"),
            ("Coup.Example.ORG:443", "coup.example.org"),
            ("coup.example.org.:8080", "coup.example.org"),
            ("localhost", "localhost"),
            ("xn--bcher-kva.example", "xn--bcher-kva.example"),
            ("192.0.2.7", "192.0.2.7"),
            ("192.0.2.7:8080", "192.0.2.7"),
            ("[2001:db8::1]", "[2001:db8::1]"),
            ("[2001:DB8:0::1]:8443", "[2001:db8::1]"),
            ("[::1]:80", "[::1]"),
            ("[::ffff:192.0.2.7]", "[::ffff:192.0.2.7]"),
        ];
        for (header, want) in good {
            assert_eq!(page_host(header).as_deref(), Some(want), "{header}");
        }
        let bad = [
            "",
            ":8080",
            "coup.example:",
            "coup.example:http",
            "coup.example:65536",
            "coup.example:123456",
            "coup.example:-1",
            "coup.example:+80",
            "user@coup.example",
            "coup.example/path",
            "coup example",
            "coup_example.org",
            "-coup.example",
            "coup-.example",
            "coup..example",
            ".coup.example",
            "coup.example..",
            "\"><script>",
            "évil.example",
            "2001:db8::1",
            "[2001:db8::1",
            "[2001:db8::1]x",
            "[2001:db8::1]:",
            "[fe80::1%eth0]",
            "[coup.example]",
            "[::]",
            "[ff02::1]",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "1.2.3",
            "999.1.1.1",
            "coup.123",
        ];
        for header in bad {
            assert_eq!(page_host(header), None, "{header:?}");
        }
        let long = format!("{}.example", "a".repeat(64));
        assert_eq!(page_host(&long), None, "a label over 63");
        let longest = [
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61),
        ]
        .join(".");
        assert_eq!(longest.len(), 253);
        assert!(page_host(&longest).is_some());
        assert_eq!(page_host(&format!("{longest}e")), None, "over 253");
    }

    const KNOWN: &str = "wjwSXO2ch1B6VaLTLMy2Avn5O9o=";
}
