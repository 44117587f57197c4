//! The connection trace's lines (`window.coupTrace`, written by the controller): what a
//! player may paste into a bug report, so the secrets in them are masked first.

/// Where a secret's text starts, in the forms the trace writes: a message's JSON (and the
/// same JSON inside a debug-printed string, its quotes escaped), a relay message or an
/// ICE server as debug-printed, and an SDP's ICE password.
const SECRET_STARTS: [&str; 7] = [
    "\"token\":\"",
    "\\\"token\\\":\\\"",
    "host_secret: \"",
    "credential: Some(\"",
    "\"credential\":\"",
    "a=ice-pwd:",
    "token: Some(\"",
];

/// `line` with every secret's text replaced by `…`: a seat's token, a host's secret, a TURN
/// credential, an ICE password. A secret runs to the next quote, backslash or line end.
pub fn redact(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    loop {
        let next = SECRET_STARTS
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, m.len())))
            .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        let end = rest.find(['"', '\\', '\r', '\n']).unwrap_or(rest.len());
        if end > 0 {
            out.push('…');
        }
        rest = &rest[end..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_line_keeps_no_token_secret_credential_or_ice_password() {
        let lines = [
            (
                r#"link p1 frame {"v":3,"msg":{"type":"welcome","member":1,"name":"Bo","token":"f00de87a2b9e","table_id":"d8c9"}}"#,
                r#"link p1 frame {"v":3,"msg":{"type":"welcome","member":1,"name":"Bo","token":"…","table_id":"d8c9"}}"#,
            ),
            (
                r#"effect Send { peer: RelayPeer("x"), text: "{\"v\":3,\"msg\":{\"type\":\"hello\",\"name\":\"Bo\",\"token\":\"abc123\",\"watch\":false}}" }"#,
                r#"effect Send { peer: RelayPeer("x"), text: "{\"v\":3,\"msg\":{\"type\":\"hello\",\"name\":\"Bo\",\"token\":\"…\",\"watch\":false}}" }"#,
            ),
            (
                r#"relay says Created { room: "PHRE93", peer: "pB", host_secret: "4wdIFH", ice_servers: [IceServer { urls: ["turn:a"], username: Some("1700:u"), credential: Some("c2VjcmV0") }] }"#,
                r#"relay says Created { room: "PHRE93", peer: "pB", host_secret: "…", ice_servers: [IceServer { urls: ["turn:a"], username: Some("1700:u"), credential: Some("…") }] }"#,
            ),
            (
                "effect Signal { data: Offer { sdp: \"v=0\\r\\na=ice-ufrag:sGq7\\r\\na=ice-pwd:zd0Xn2QUbo6W/+sle\\r\\n\" } }",
                "effect Signal { data: Offer { sdp: \"v=0\\r\\na=ice-ufrag:sGq7\\r\\na=ice-pwd:…\\r\\n\" } }",
            ),
            ("link p1 open", "link p1 open"),
            (r#""token":""#, r#""token":""#),
        ];
        for (line, want) in lines {
            assert_eq!(redact(line), want, "{line}");
        }
    }
}
