//! The `ice_servers` list handed to peers: STUN and TURN URLs from the configuration and,
//! with a TURN shared secret, fresh TURN REST API credentials.
//!
//! The credential scheme is the one coturn implements with `use-auth-secret` and
//! `static-auth-secret`: the username is `<expiry unix time>:<name>` and the password is
//! `base64(HMAC-SHA1(secret, username))`. coturn recomputes the HMAC and refuses expired
//! usernames, so the relay and coturn share nothing but the secret.

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
        }
    }

    /// The list for one answer at wall-clock time `now_unix`, with credentials named
    /// after `name` (the receiving peer's id).
    pub fn servers(&self, now_unix: u64, name: &str) -> Vec<IceServer> {
        let mut out = Vec::with_capacity(2);
        if !self.stun_urls.is_empty() {
            out.push(IceServer {
                urls: self.stun_urls.clone(),
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
        let servers = ice.servers(1_700_000_000, "alice");
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
        let servers = ice.servers(0, "p");
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0].credential, None);
        assert!(
            Ice::new(vec![], vec![], None, 60)
                .servers(0, "p")
                .is_empty()
        );
        assert!(!format!("{ice:?}").contains("north"));
    }

    const KNOWN: &str = "wjwSXO2ch1B6VaLTLMy2Avn5O9o=";
}
