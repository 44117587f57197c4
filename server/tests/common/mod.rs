//! Helpers for the relay's integration tests: a relay on `127.0.0.1:0` and a small
//! WebSocket client speaking the protocol as JSON.

#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use clap::Parser as _;
use coup_server::{Config, Hub};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::{Duration, timeout};
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Bytes, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A relay running in this test's runtime.
pub struct Relay {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state, for checks on bookkeeping.
    pub hub: Arc<Hub>,
    /// Completing this starts a graceful shutdown.
    pub stop: Option<oneshot::Sender<()>>,
    /// The server task.
    pub task: JoinHandle<std::io::Result<()>>,
}

/// A relay started with these flags (after `coup-relay`).
pub async fn relay(flags: &[&str]) -> Relay {
    let mut args = vec!["coup-relay", "--static-dir", "/nonexistent-coup-dist"];
    args.extend_from_slice(flags);
    let config = Config::parse_from(args).normalized();
    relay_with(config).await
}

/// A relay started with this configuration.
pub async fn relay_with(config: Config) -> Relay {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let hub = Hub::new(config);
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(coup_server::serve_hub(listener, hub.clone(), async move {
        let _ = stopped.await;
    }));
    Relay {
        addr,
        hub,
        stop: Some(stop),
        task,
    }
}

/// One protocol client.
pub struct Client {
    /// The socket.
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// How long `recv` waits before failing the test.
    pub patience: Duration,
}

impl Client {
    /// Connects to the relay at `addr`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        Client {
            ws,
            patience: Duration::from_secs(10),
        }
    }

    /// Connects with an `Origin` header; `Err` carries the HTTP status of a refusal.
    pub async fn connect_with_origin(addr: SocketAddr, origin: &str) -> Result<Client, u16> {
        let mut req = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("request");
        req.headers_mut()
            .insert("origin", origin.parse().expect("header"));
        match tokio_tungstenite::connect_async(req).await {
            Ok((ws, _)) => Ok(Client {
                ws,
                patience: Duration::from_secs(10),
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
            Err(e) => panic!("unexpected error {e}"),
        }
    }

    /// Connects from another loopback address (e.g. `127.0.0.2`), as another client.
    pub async fn connect_from(addr: SocketAddr, local: IpAddr) -> Client {
        let socket = TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(local, 0)).expect("bind local");
        let stream = socket.connect(addr).await.expect("tcp connect");
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/ws"),
            MaybeTlsStream::Plain(stream),
        )
        .await
        .expect("ws handshake");
        Client {
            ws,
            patience: Duration::from_secs(10),
        }
    }

    /// Waits (nearly) forever in `recv`: for tests under paused time, where a timeout
    /// would be a timer that auto-advance could fire.
    pub fn patient(mut self) -> Self {
        self.patience = Duration::from_secs(100_000);
        self
    }

    /// Sends one JSON message.
    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .expect("send");
    }

    /// Sends one raw text frame.
    pub async fn send_text(&mut self, s: &str) {
        self.ws
            .send(Message::text(s.to_owned()))
            .await
            .expect("send");
    }

    /// Sends one binary frame.
    pub async fn send_binary(&mut self, b: &[u8]) {
        self.ws
            .send(Message::Binary(Bytes::copy_from_slice(b)))
            .await
            .expect("send");
    }

    /// The next message, as JSON; fails on close or silence.
    pub async fn recv(&mut self) -> Value {
        loop {
            let msg = timeout(self.patience, self.ws.next())
                .await
                .expect("timed out waiting for a message")
                .expect("stream ended")
                .expect("socket error");
            match msg {
                Message::Text(t) => return serde_json::from_str(t.as_str()).expect("json"),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("expected a text frame, got {other:?}"),
            }
        }
    }

    /// The next message, which must be of this `type`.
    pub async fn expect(&mut self, ty: &str) -> Value {
        let v = self.recv().await;
        assert_eq!(v["type"], ty, "got {v}");
        v
    }

    /// The next message, which must be an error with this code.
    pub async fn expect_error(&mut self, code: &str) {
        let v = self.expect("error").await;
        assert_eq!(v["code"], code, "got {v}");
        assert!(v["message"].is_string());
    }

    /// Sends a ping and checks that the very next message is its pong: nothing else was
    /// queued for this client.
    pub async fn expect_nothing_else(&mut self) {
        self.send(json!({"type":"ping"})).await;
        self.expect("pong").await;
    }

    /// Reads until the relay closes, returning the close frame (skipping messages).
    pub async fn closed(&mut self) -> Option<CloseFrame> {
        loop {
            match timeout(self.patience, self.ws.next())
                .await
                .expect("timed out waiting for close")
            {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// Creates a room: (code, peer id, host secret, the whole answer).
    pub async fn create(&mut self) -> (String, String, String, Value) {
        self.send(json!({"type":"create"})).await;
        let v = self.expect("created").await;
        let s = |k: &str| v[k].as_str().expect("string field").to_owned();
        (s("room"), s("peer"), s("host_secret"), v.clone())
    }

    /// Joins a room; returns the `joined` answer.
    pub async fn join(&mut self, room: &str) -> Value {
        self.send(json!({"type":"join","room":room})).await;
        self.expect("joined").await
    }
}

/// Keeps the paused clock from auto-advancing. Under `start_paused`, tokio advances the
/// clock to the next timer whenever the runtime would park — which, with real sockets,
/// happens while a frame is in flight, so timers would fire early. A task that always
/// yields keeps the runtime from parking (I/O is still polled, with a zero timeout), and
/// the test moves time itself with `tokio::time::advance`.
pub fn hold_clock() -> JoinHandle<()> {
    tokio::spawn(async {
        loop {
            tokio::task::yield_now().await;
        }
    })
}
