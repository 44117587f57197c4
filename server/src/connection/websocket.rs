//! The relay's side of a WebSocket (RFC 6455): the opening handshake's answer, reading
//! client frames, and the frames the relay writes. No extensions, no subprotocols.
//!
//! The relay's own code rather than a general WebSocket library because of what an idle
//! connection holds: a general library keeps a read buffer per connection for its whole
//! life (and grows it for good on the first large frame, such as an SDP offer), while a
//! [`Reader`] holds bytes only while a frame is arriving and gives them back when every
//! frame it read has been handled. Frames out are written straight to the socket by
//! whichever task has them (see [`Outbox`](super::Outbox)), one system call a frame, with no
//! write buffer.

use std::future::Future as _;
use std::io::{self, IoSlice};

use base64::Engine as _;
use bytes::Bytes;
use sha1::{Digest as _, Sha1};
use tokio::io::AsyncReadExt as _;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

/// Opcode of a continuation frame.
const CONTINUATION: u8 = 0x0;
/// Opcode of a text frame.
pub const TEXT: u8 = 0x1;
/// Opcode of a binary frame.
const BINARY: u8 = 0x2;
/// Opcode of a close frame.
pub const CLOSE: u8 = 0x8;
/// Opcode of a ping.
pub const PING: u8 = 0x9;
/// Opcode of a pong.
pub const PONG: u8 = 0xA;

pub use shared::relay::{CLOSE_INVALID, CLOSE_PROTOCOL, CLOSE_TOO_BIG};

/// What a connection takes for a read: every signalling frame but an SDP offer or answer
/// in one read (a larger frame's header tells how much the next read needs), and small
/// enough to be served by the allocator's per-thread cache (glibc's takes blocks up to
/// 1,032 bytes; larger ones go through its shared bins on every read).
const READ_CHUNK: usize = 1000;

/// A larger frame's buffer grows by at most this much more than it has received.
const GROW: usize = 64 * 1024;

/// How many bytes the next read may take, with `held` bytes held of which the frame they
/// start needs `want` in all (0 while its header is incomplete): [`READ_CHUNK`], or the
/// rest of a larger frame, but never more than the frame has sent so far or [`GROW`],
/// whichever is more: a client that announces a large frame and trickles it holds memory
/// in proportion to what it sent, not to what it announced.
fn room(held: usize, want: usize) -> usize {
    let rest = want.saturating_sub(held);
    rest.min(held.max(GROW)).max(READ_CHUNK)
}

/// The `Sec-WebSocket-Accept` value for a client's `Sec-WebSocket-Key`.
pub fn accept_key(key: &[u8]) -> String {
    let mut sha = Sha1::new();
    sha.update(key);
    sha.update(b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11");
    base64::engine::general_purpose::STANDARD.encode(sha.finalize())
}

/// Why the client's frames end the connection: the close code sent, and its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fail(pub u16, pub &'static str);

const PROTOCOL: Fail = Fail(CLOSE_PROTOCOL, "protocol error");
const TOO_BIG: Fail = Fail(CLOSE_TOO_BIG, "message too big");
const NOT_UTF8: Fail = Fail(CLOSE_INVALID, "invalid UTF-8");

/// A message from the client.
#[derive(Debug, PartialEq, Eq)]
pub enum Message<'a> {
    /// A text message.
    Text(&'a str),
    /// A binary message of this many bytes.
    Binary(usize),
    /// A ping with its payload.
    Ping(&'a [u8]),
    /// A pong of this many bytes.
    Pong(usize),
    /// A close frame with its code, if it had one.
    Close(Option<u16>),
}

/// A frame header read off the wire.
#[derive(Debug)]
struct Header {
    fin: bool,
    opcode: u8,
    mask: [u8; 4],
    /// The header's own length.
    size: usize,
    /// The payload's length.
    len: usize,
}

/// Reads a client frame's header at the start of `buf`: `None` until all of it is there.
fn header(buf: &[u8], max: usize) -> Result<Option<Header>, Fail> {
    let [b0, b1, ..] = *buf else {
        return Ok(None);
    };
    // Reserved bits stay zero: no extension was agreed.
    if b0 & 0x70 != 0 {
        return Err(PROTOCOL);
    }
    // Every client frame is masked (RFC 6455 5.1).
    if b1 & 0x80 == 0 {
        return Err(PROTOCOL);
    }
    let (len, at) = match b1 & 0x7F {
        126 => match buf.get(2..4) {
            Some(b) => (u64::from(u16::from_be_bytes([b[0], b[1]])), 4),
            None => return Ok(None),
        },
        127 => match buf.get(2..10) {
            Some(b) => {
                let len = u64::from_be_bytes(b.try_into().expect("8 bytes"));
                if len >> 63 != 0 {
                    return Err(PROTOCOL);
                }
                (len, 10)
            }
            None => return Ok(None),
        },
        n => (u64::from(n), 2),
    };
    let Some(mask) = buf.get(at..at + 4) else {
        return Ok(None);
    };
    let len = usize::try_from(len).unwrap_or(usize::MAX);
    if len > max {
        return Err(TOO_BIG);
    }
    Ok(Some(Header {
        fin: b0 & 0x80 != 0,
        opcode: b0 & 0x0F,
        mask: mask.try_into().expect("4 bytes"),
        size: at + 4,
        len,
    }))
}

/// Removes the client's mask from a payload.
fn unmask(payload: &mut [u8], mask: [u8; 4]) {
    let word = u32::from_ne_bytes(mask);
    let mut chunks = payload.chunks_exact_mut(4);
    for c in &mut chunks {
        let v = u32::from_ne_bytes([c[0], c[1], c[2], c[3]]) ^ word;
        c.copy_from_slice(&v.to_ne_bytes());
    }
    for (b, m) in chunks.into_remainder().iter_mut().zip(mask) {
        *b ^= m;
    }
}

/// Whether a close code may be sent by an endpoint (RFC 6455 7.4).
fn close_code_allowed(code: u16) -> bool {
    matches!(code, 1000..=1003 | 1007..=1014 | 3000..=4999)
}

/// What a message read by [`Reader::message`] is, and where its payload lies.
enum Found {
    /// A frame whose payload is `buf[start..end]`.
    Frame(u8, usize, usize),
    /// A fragmented message, whole in `assembled`.
    Assembled(u8),
}

/// Reads a client's frames off its socket.
///
/// Holds the bytes read and not yet handled; [`Reader::release`] gives the buffer back
/// once they are all handled, so an idle connection holds none.
#[derive(Debug, Default)]
pub struct Reader {
    /// Bytes read; `buf[pos..]` are not yet handled.
    buf: Vec<u8>,
    pos: usize,
    /// How many bytes the frame that starts at `pos` needs, once its header is known.
    want: usize,
    /// A fragmented message's opcode and bytes so far.
    fragments: Option<(u8, Vec<u8>)>,
    /// The last fragmented message put together.
    assembled: Vec<u8>,
    /// The largest frame and message taken.
    max: usize,
}

impl Reader {
    /// A reader taking frames and messages up to `max` bytes, starting with bytes read
    /// before the upgrade.
    pub fn new(read: Bytes, max: usize) -> Self {
        Reader {
            buf: read.to_vec(),
            max,
            ..Reader::default()
        }
    }

    /// Reads once from the socket; `Ok(0)` when the client has closed its side. The
    /// buffer is taken only once the socket has bytes: a connection waiting for its
    /// client's next frame holds none.
    pub async fn fill(&mut self, socket: &mut OwnedReadHalf) -> io::Result<usize> {
        if self.pos > 0 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        std::future::poll_fn(|cx| {
            std::task::ready!(socket.as_ref().poll_read_ready(cx))?;
            let target = self.buf.len() + room(self.buf.len(), self.want);
            if self.buf.capacity() < target {
                self.buf.reserve_exact(target - self.buf.len());
            }
            let read = std::pin::pin!(socket.read_buf(&mut self.buf)).poll(cx);
            if read.is_pending() && self.buf.is_empty() {
                // Readiness that was stale: wait without the buffer.
                self.buf = Vec::new();
            }
            read
        })
        .await
    }

    /// Whether bytes wait to be handled (those read with the request, at first).
    pub fn has_bytes(&self) -> bool {
        self.pos < self.buf.len()
    }

    /// Gives the read buffer back if every byte read has been handled.
    pub fn release(&mut self) {
        if self.pos == self.buf.len() {
            self.buf = Vec::new();
            self.pos = 0;
            self.want = 0;
        }
        if !self.assembled.is_empty() {
            self.assembled = Vec::new();
        }
    }

    /// Bytes held by this reader (for tests).
    pub fn held(&self) -> usize {
        self.buf.capacity()
            + self.assembled.capacity()
            + self.fragments.as_ref().map_or(0, |(_, f)| f.capacity())
    }

    /// Appends bytes as if read (for tests).
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole message among the bytes read, `None` until more are read.
    pub fn message(&mut self) -> Result<Option<Message<'_>>, Fail> {
        let found = loop {
            let Some(h) = header(&self.buf[self.pos..], self.max)? else {
                return Ok(None);
            };
            let start = self.pos + h.size;
            let end = start + h.len;
            if end > self.buf.len() {
                self.want = end - self.pos;
                return Ok(None);
            }
            self.pos = end;
            self.want = 0;
            unmask(&mut self.buf[start..end], h.mask);
            match h.opcode {
                CLOSE | PING | PONG => {
                    // Control frames are short and whole (RFC 6455 5.5).
                    if !h.fin || h.len > 125 {
                        return Err(PROTOCOL);
                    }
                    break Found::Frame(h.opcode, start, end);
                }
                TEXT | BINARY => {
                    if self.fragments.is_some() {
                        return Err(PROTOCOL);
                    }
                    if h.fin {
                        break Found::Frame(h.opcode, start, end);
                    }
                    self.fragments = Some((h.opcode, self.buf[start..end].to_vec()));
                }
                CONTINUATION => {
                    let Some((opcode, mut bytes)) = self.fragments.take() else {
                        return Err(PROTOCOL);
                    };
                    if bytes.len() + h.len > self.max {
                        return Err(TOO_BIG);
                    }
                    bytes.extend_from_slice(&self.buf[start..end]);
                    if h.fin {
                        self.assembled = bytes;
                        break Found::Assembled(opcode);
                    }
                    self.fragments = Some((opcode, bytes));
                }
                _ => return Err(PROTOCOL),
            }
        };
        let (opcode, payload) = match found {
            Found::Frame(opcode, start, end) => (opcode, &self.buf[start..end]),
            Found::Assembled(opcode) => (opcode, &self.assembled[..]),
        };
        Ok(Some(match opcode {
            TEXT => Message::Text(std::str::from_utf8(payload).map_err(|_| NOT_UTF8)?),
            BINARY => Message::Binary(payload.len()),
            PING => Message::Ping(payload),
            PONG => Message::Pong(payload.len()),
            _ => match *payload {
                [] => Message::Close(None),
                [_] => return Err(PROTOCOL),
                [a, b, ref reason @ ..] => {
                    let code = u16::from_be_bytes([a, b]);
                    if !close_code_allowed(code) {
                        return Err(PROTOCOL);
                    }
                    std::str::from_utf8(reason).map_err(|_| NOT_UTF8)?;
                    Message::Close(Some(code))
                }
            },
        }))
    }
}

/// The payload of a close frame.
pub fn close_payload(code: u16, reason: &str) -> Bytes {
    let mut p = Vec::with_capacity(2 + reason.len());
    p.extend_from_slice(&code.to_be_bytes());
    p.extend_from_slice(reason.as_bytes());
    Bytes::from(p)
}

/// The header of a frame the relay sends (whole, unmasked).
fn server_header(opcode: u8, len: usize) -> ([u8; 10], usize) {
    let mut h = [0u8; 10];
    h[0] = 0x80 | opcode;
    if len < 126 {
        h[1] = len as u8;
        (h, 2)
    } else if let Ok(short) = u16::try_from(len) {
        h[1] = 126;
        h[2..4].copy_from_slice(&short.to_be_bytes());
        (h, 4)
    } else {
        h[1] = 127;
        h[2..10].copy_from_slice(&(len as u64).to_be_bytes());
        (h, 10)
    }
}

/// The length of a frame with this payload, its header included.
pub fn frame_len(payload: usize) -> usize {
    server_header(0, payload).1 + payload
}

/// Writes as much of a frame as the socket takes now, from byte `sent` of it (its header
/// included): the bytes of it written in all, [`frame_len`] when whole. Never waits.
pub fn write_frame(
    socket: &OwnedWriteHalf,
    opcode: u8,
    payload: &[u8],
    mut sent: usize,
) -> io::Result<usize> {
    let (h, hl) = server_header(opcode, payload.len());
    let total = hl + payload.len();
    while sent < total {
        let written = if sent < hl {
            socket.try_write_vectored(&[IoSlice::new(&h[sent..hl]), IoSlice::new(payload)])
        } else {
            socket.try_write(&payload[sent - hl..])
        };
        match written {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => sent += n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
            Err(e) => return Err(e),
        }
    }
    Ok(sent)
}

/// A frame as a client must send it (RFC 6455 5.3: masked with `mask`), in the shortest
/// length form: what the relay's tests write to a raw socket.
pub fn client_frame(fin: bool, opcode: u8, payload: &[u8], mask: [u8; 4]) -> Vec<u8> {
    let mut f = vec![if fin { 0x80 } else { 0 } | opcode];
    match payload.len() {
        n if n < 126 => f.push(0x80 | n as u8),
        n if n <= 0xFFFF => {
            f.push(0x80 | 126);
            f.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            f.push(0x80 | 127);
            f.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    f.extend_from_slice(&mask);
    f.extend(payload.iter().zip(mask.iter().cycle()).map(|(b, m)| b ^ m));
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client frame: masked, as browsers send them.
    fn client_frame(fin: bool, opcode: u8, payload: &[u8]) -> Vec<u8> {
        super::client_frame(fin, opcode, payload, [0x37, 0xfa, 0x21, 0x3d])
    }

    fn reader(max: usize) -> Reader {
        Reader::new(Bytes::new(), max)
    }

    #[test]
    fn a_read_takes_a_chunk_or_the_rest_of_a_frame_but_not_more_than_it_has_sent() {
        assert_eq!(room(0, 0), READ_CHUNK, "nothing known: a chunk");
        assert_eq!(room(10, 0), READ_CHUNK, "a header not yet whole");
        assert_eq!(room(1_000, 5_000), 4_000, "an offer's rest in one read");
        assert_eq!(
            room(1_000, 1_010),
            READ_CHUNK,
            "a little left: still a chunk"
        );
        assert_eq!(
            room(1_000, 1 << 20),
            GROW,
            "announced 1 MiB: 64 KiB more first"
        );
        assert_eq!(
            room(200_000, 1 << 20),
            200_000,
            "then doubling what it sent"
        );
        assert_eq!(room(900_000, 1 << 20), (1 << 20) - 900_000);
    }

    #[test]
    fn the_accept_key_is_the_rfc_example() {
        // RFC 6455 1.3.
        assert_eq!(
            accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn frames_of_every_length_form_are_read_byte_by_byte() {
        for len in [0, 1, 5, 125, 126, 127, 300, 65_535, 65_536, 70_000] {
            let text = "é".repeat(len / 2) + &"a".repeat(len % 2);
            let wire = client_frame(true, TEXT, text.as_bytes());
            let mut r = reader(1 << 20);
            for (i, b) in wire.iter().enumerate() {
                assert_eq!(r.message(), Ok(None), "len {len}: whole after {i} bytes?");
                r.push(&[*b]);
            }
            assert_eq!(r.message(), Ok(Some(Message::Text(&text))), "len {len}");
            assert_eq!(r.message(), Ok(None));
            r.release();
            assert_eq!(r.held(), 0, "an idle reader holds nothing");
        }
    }

    #[test]
    fn several_frames_in_one_read_come_out_in_order_and_a_partial_one_is_kept() {
        let mut r = reader(1024);
        let mut wire = client_frame(true, TEXT, b"one");
        wire.extend(client_frame(true, PING, b"p"));
        wire.extend(client_frame(true, BINARY, &[0, 1, 2]));
        wire.extend(client_frame(true, PONG, b""));
        let two = client_frame(true, TEXT, b"two");
        wire.extend(&two[..4]);
        r.push(&wire);
        assert_eq!(r.message(), Ok(Some(Message::Text("one"))));
        assert_eq!(r.message(), Ok(Some(Message::Ping(b"p"))));
        assert_eq!(r.message(), Ok(Some(Message::Binary(3))));
        assert_eq!(r.message(), Ok(Some(Message::Pong(0))));
        assert_eq!(r.message(), Ok(None));
        r.release();
        assert!(r.held() > 0, "the partial frame is kept");
        r.push(&two[4..]);
        assert_eq!(r.message(), Ok(Some(Message::Text("two"))));
        r.release();
        assert_eq!(r.held(), 0);
    }

    #[test]
    fn fragments_are_put_together_with_control_frames_between() {
        let mut r = reader(1024);
        let mut wire = client_frame(false, TEXT, b"hel");
        wire.extend(client_frame(true, PING, b"x"));
        wire.extend(client_frame(false, CONTINUATION, b"lo "));
        wire.extend(client_frame(true, CONTINUATION, "wörld".as_bytes()));
        r.push(&wire);
        assert_eq!(r.message(), Ok(Some(Message::Ping(b"x"))));
        assert_eq!(r.message(), Ok(Some(Message::Text("hello wörld"))));
        assert_eq!(r.message(), Ok(None));
        r.release();
        assert_eq!(r.held(), 0);
    }

    #[test]
    fn broken_frames_fail_with_their_close_code() {
        let cases: Vec<(&str, Vec<u8>, Fail)> = vec![
            ("unmasked", vec![0x81, 0x01, b'a'], PROTOCOL),
            (
                "reserved bit",
                {
                    let mut f = client_frame(true, TEXT, b"a");
                    f[0] |= 0x40;
                    f
                },
                PROTOCOL,
            ),
            ("unknown opcode", client_frame(true, 0x3, b""), PROTOCOL),
            (
                "unknown control opcode",
                client_frame(true, 0xB, b""),
                PROTOCOL,
            ),
            ("fragmented ping", client_frame(false, PING, b""), PROTOCOL),
            ("long ping", client_frame(true, PING, &[0; 126]), PROTOCOL),
            (
                "continuation first",
                client_frame(true, CONTINUATION, b"a"),
                PROTOCOL,
            ),
            (
                "new message inside a fragmented one",
                {
                    let mut f = client_frame(false, TEXT, b"a");
                    f.extend(client_frame(true, TEXT, b"b"));
                    f
                },
                PROTOCOL,
            ),
            (
                "frame too big",
                client_frame(true, TEXT, &[b'a'; 201]),
                TOO_BIG,
            ),
            (
                "message too big",
                {
                    let mut f = client_frame(false, TEXT, &[b'a'; 120]);
                    f.extend(client_frame(true, CONTINUATION, &[b'a'; 120]));
                    f
                },
                TOO_BIG,
            ),
            (
                "not UTF-8",
                client_frame(true, TEXT, &[0xC3, 0x28]),
                NOT_UTF8,
            ),
            (
                "fragments not UTF-8 together",
                {
                    let mut f = client_frame(false, TEXT, &[0xC3]);
                    f.extend(client_frame(true, CONTINUATION, &[0x28]));
                    f
                },
                NOT_UTF8,
            ),
            ("one-byte close", client_frame(true, CLOSE, &[3]), PROTOCOL),
            (
                "close code 1005",
                client_frame(true, CLOSE, &1005u16.to_be_bytes()),
                PROTOCOL,
            ),
            (
                "close code 999",
                client_frame(true, CLOSE, &999u16.to_be_bytes()),
                PROTOCOL,
            ),
            (
                "close reason not UTF-8",
                client_frame(true, CLOSE, &[0x03, 0xE8, 0xFF]),
                NOT_UTF8,
            ),
            (
                "length with the top bit",
                {
                    let mut f = vec![0x81, 0xFF];
                    f.extend_from_slice(&(1u64 << 63).to_be_bytes());
                    f.extend_from_slice(&[0; 4]);
                    f
                },
                PROTOCOL,
            ),
        ];
        for (what, wire, fail) in cases {
            let mut r = reader(200);
            r.push(&wire);
            let got = loop {
                match r.message() {
                    Ok(Some(_)) => continue,
                    other => break other,
                }
            };
            assert_eq!(got, Err(fail), "{what}");
        }
    }

    #[test]
    fn a_huge_length_fails_before_anything_is_buffered() {
        let mut r = reader(1 << 20);
        let mut f = vec![0x81, 0xFF];
        f.extend_from_slice(&(u64::MAX >> 1).to_be_bytes());
        f.extend_from_slice(&[0; 4]);
        r.push(&f);
        assert_eq!(r.message(), Err(TOO_BIG));
    }

    #[test]
    fn close_frames_give_their_code() {
        let mut r = reader(64);
        r.push(&client_frame(true, CLOSE, b""));
        r.push(&client_frame(true, CLOSE, &close_payload(4000, "bye")));
        assert_eq!(r.message(), Ok(Some(Message::Close(None))));
        assert_eq!(r.message(), Ok(Some(Message::Close(Some(4000)))));
    }

    #[test]
    fn server_headers_use_the_shortest_length_form() {
        assert_eq!(&server_header(TEXT, 5).0[..2], &[0x81, 5]);
        assert_eq!(&server_header(TEXT, 126).0[..4], &[0x81, 126, 0, 126]);
        assert_eq!(
            &server_header(CLOSE, 65_535).0[..4],
            &[0x88, 126, 0xFF, 0xFF]
        );
        let (h, n) = server_header(TEXT, 65_536);
        assert_eq!((&h[..n], n), (&[0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0][..], 10));
        assert_eq!(frame_len(5), 7);
        assert_eq!(frame_len(65_536), 65_546);
    }
}
