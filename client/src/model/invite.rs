//! A room's invitation: a link that opens the first screen with the code filled in, and
//! its QR code as one SVG path. Plain logic, unit-tested natively.

use qrcodegen::{QrCode, QrCodeEcc};
use shared::relay::RoomCode;

/// Where in a page's address the invitation puts the code: `…/#join=K7M3QX`. A fragment,
/// so the code never reaches the relay's logs in a request line.
const JOIN: &str = "#join=";

/// The invitation to `code` from a page at `page` (its address; any fragment is dropped).
pub fn invite_link(page: &str, code: &RoomCode) -> String {
    let base = page.split('#').next().unwrap_or(page);
    format!("{base}{JOIN}{}", code.as_str())
}

/// The code an invitation's fragment carries, checked as a typed code is; `None` for any
/// other fragment.
pub fn code_from_fragment(fragment: &str) -> Option<RoomCode> {
    RoomCode::parse(fragment.strip_prefix(JOIN)?)
}

/// `text` as a QR code: its width in modules and an SVG path drawing the dark ones (one
/// square per module, in a box of that width plus a 4-module quiet zone each side).
pub fn qr_path(text: &str) -> Option<(i32, String)> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium).ok()?;
    let n = qr.size();
    let mut d = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Some((n + 8, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_carries_the_code_and_gives_it_back() {
        let code = RoomCode::parse("k7m-3qx").unwrap();
        let link = invite_link("https://coup.example/play?x=1#old", &code);
        assert_eq!(link, "https://coup.example/play?x=1#join=K7M3QX");
        let back = code_from_fragment(&link[link.find('#').unwrap()..]).unwrap();
        assert_eq!(back, code);
        // Anything else is no invitation, and a bad code is refused as a typed one is.
        assert_eq!(code_from_fragment("#other=K7M3QX"), None);
        assert_eq!(code_from_fragment("#join=<script>"), None);
        assert_eq!(code_from_fragment(""), None);
    }

    #[test]
    fn the_qr_code_draws_its_modules_inside_the_quiet_zone() {
        let (size, d) = qr_path("https://coup.example/#join=K7M3QX").unwrap();
        // Version 3 at medium correction holds this link: 29 modules, plus 8 of margin.
        assert_eq!(size, 29 + 8);
        let squares = d.matches('M').count();
        assert!(squares > 200 && squares < 29 * 29, "{squares} dark modules");
        // The top-left finder pattern: its corner module is dark, at the quiet zone's edge.
        assert!(d.starts_with("M4 4h1v1h-1z"));
    }
}
