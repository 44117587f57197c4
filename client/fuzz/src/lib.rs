//! A fuzz harness for a page: its session state machine (`model::Session`) driven by what
//! reaches it from outside, the relay's messages (raw or bent), the peers' frames and
//! their links' events, among the player's own clicks and the clock; a hosting page's
//! referee answers in the same process, as its worker does. After every step the page
//! renders what it holds the way its table does: the log's sentences, the seats' names,
//! the labels and hints of what it may play, and at a game's end the figures and the
//! coins chart. Nothing may panic, and the referee must never refuse what the page sends
//! it.
//!
//! `cargo fuzz run --fuzz-dir client/fuzz page`; `cargo test -p coup-client-fuzz`
//! replays `seeds/` and a fixed sweep of recipes.

use coup_client::model::moment::{chart_points, chart_scale, coins_over_time, figures};
use coup_client::model::words::{input_hint, input_label, log_lines, reading_order, seat_names};
use coup_client::model::{Effect, Intent, RelayPeer, Session, SoloSetup};
use coup_fuzz::{Bytes, Harness, admin_cmd, bent, honest_stream};
use shared::engine::{Options, Seat};
use shared::relay::RelayMessage;
use shared::session::protocol::{BotLevel, MAX_TO_HOST_BYTES};
use shared::session::{FromReferee, Referee, ToReferee};

/// Relay messages a page may be sent, to bend. `p1` and `host1` are the peers the page
/// hears of; `me1` is the page itself.
const RELAY: [&str; 10] = [
    r#"{"type":"created","room":"ABC234","peer":"me1","host_secret":"s3cr3t","ice_servers":[{"urls":["stun:stun.example:3478"]}]}"#,
    r#"{"type":"joined","room":"ABC234","peer":"me1","host":"host1","peers":["host1","me1","p1"],"ice_servers":[]}"#,
    r#"{"type":"peer_joined","peer":"p1"}"#,
    r#"{"type":"peer_left","peer":"p1"}"#,
    r#"{"type":"peer_left","peer":"host1"}"#,
    r#"{"type":"signal","from":"p1","data":{"kind":"offer","sdp":"v=0\r\n"}}"#,
    r#"{"type":"signal","from":"host1","data":{"kind":"candidate","candidate":"candidate:1 1 udp 1 10.0.0.1 5000 typ host","mid":"0","index":0}}"#,
    r#"{"type":"room_closed","reason":"the host left"}"#,
    r#"{"type":"error","code":"no_such_room","message":"no such room"}"#,
    r#"{"type":"pong"}"#,
];

fn relay(text: &str) -> RelayMessage {
    serde_json::from_str(text).expect("a relay message")
}

/// The peers a page may hear from.
const PEERS: [&str; 3] = ["p1", "host1", "p2"];

/// One page, and its referee while it hosts.
struct Page {
    s: Session,
    referee: Option<Referee>,
    /// What the referee's worker keeps in storage: its last snapshot.
    saved: Option<String>,
    now: u64,
}

impl Page {
    fn new() -> Page {
        Page {
            s: Session::new(),
            referee: None,
            saved: None,
            now: 1_700_000_000_000,
        }
    }

    /// Carries out `effects` as the controller does; the referee answers at once.
    fn run(&mut self, effects: Vec<Effect>) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        let mut steps = 0;
        while let Some(e) = queue.pop_front() {
            steps += 1;
            assert!(steps < 100_000, "the page's effects never settle");
            match e {
                Effect::StartReferee { resume } => {
                    let mut referee = Referee::new([7; 32]);
                    referee.set_fair_maker(shared::session::fair_engine);
                    if resume {
                        let snapshot = self.saved.clone().unwrap_or_default();
                        match referee.restore(&snapshot, self.now) {
                            Ok(outs) => {
                                self.referee = Some(referee);
                                for out in outs {
                                    queue.extend(self.s.on_referee(out, self.now));
                                }
                            }
                            Err(e) => queue.extend(self.s.on_referee_not_restored(&e.to_string())),
                        }
                    } else {
                        self.referee = Some(referee);
                    }
                }
                Effect::Referee(msg) => {
                    // What the port carries is text: the page's messages must read back.
                    let msg = ToReferee::decode(&msg.encode()).expect("the port reads it");
                    if let ToReferee::Text { text, .. } = &msg {
                        assert!(
                            text.as_str().len() <= MAX_TO_HOST_BYTES,
                            "the page answers a frame too large for the host itself"
                        );
                    }
                    let Some(referee) = self.referee.as_mut() else {
                        continue;
                    };
                    match referee.call(msg, self.now) {
                        Ok(outs) => {
                            self.saved = referee.snapshot(self.now).or(self.saved.take());
                            for out in outs {
                                let port = FromReferee::from_outgoing(out).expect("JSON").encode();
                                let out = FromReferee::decode(&port)
                                    .expect("it reads back")
                                    .into_outgoing()
                                    .expect("an outgoing");
                                queue.extend(self.s.on_referee(out, self.now));
                            }
                        }
                        Err(e) => panic!("the referee refused the page: {e}"),
                    }
                }
                Effect::StopReferee => self.referee = None,
                // The fair deal's module arrives at once.
                Effect::LoadFair => queue.extend(self.s.fair_ready(|seed, keep| {
                    Box::new(shared::session::fair::seat::FairSeat::new(seed, keep))
                })),
                Effect::Relay(_)
                | Effect::CloseRelay
                | Effect::Dial { .. }
                | Effect::Signal { .. }
                | Effect::Hangup { .. }
                | Effect::RestartIce { .. }
                | Effect::Send { .. } => {}
            }
        }
    }

    /// Renders what the table shows, as its components do.
    fn render(&self) {
        let Some(table) = self.s.table() else {
            return;
        };
        let guest = table.guest();
        let Some(info) = guest.table() else {
            return;
        };
        let me = guest.seat();
        let names = seat_names(info, me);
        let _ = table.chat_lines();
        let (game_no, options) = guest
            .game()
            .map_or((0, Options::default()), |g| (g.game_no, g.view.options));
        let lines = log_lines(guest.log(), game_no, &names, me, options);
        let mut shown = reading_order(&lines);
        assert_eq!(shown.len(), lines.len(), "the table shows every line once");
        shown.sort_by_key(|l| l.n);
        let mut by_entry = lines.clone();
        by_entry.sort_by_key(|l| l.n);
        assert_eq!(shown, by_entry, "the table shows the log's own lines");
        let Some(game) = guest.game() else {
            return;
        };
        for seat in 0..game.view.players.len() {
            let _ = table.countdown(Seat::at(seat), self.now);
            let _ = table.other_person_in(Seat::at(seat));
        }
        for input in &game.legal {
            let _ = input_label(input, &names);
            for hidden in 0..=2 {
                let _ = input_hint(input, game.view.turn.as_ref(), &names, me, hidden);
            }
        }
        if let Some(reveal) = &game.reveal {
            let _ = figures(&game.view, &reveal.claims);
            let rows = coins_over_time(&game.view);
            let (top, step) = chart_scale(&rows);
            assert!(
                step > 0 && top % step == 0 && top / step <= 6,
                "{top} by {step}"
            );
            for seat in 0..game.view.players.len() + 1 {
                let _ = chart_points(&rows, seat, top, 3000, 900);
            }
        }
    }

    fn op(&mut self, b: &mut Bytes<'_>) {
        let peer = RelayPeer::from(PEERS[b.below(PEERS.len())]);
        let effects = match b.below(19) {
            // A whole join: the code, the relay's answer, the host's link and the first
            // of the host's texts in order.
            16 => {
                let mut effects = self.click_intent(Intent::JoinRoom("abc-234".into()));
                effects.extend(self.s.on_relay(relay(RELAY[1]), self.now));
                let host = RelayPeer::from("host1");
                effects.extend(self.s.on_link_open(&host, self.now));
                for text in honest_stream().iter().take(b.below(40)) {
                    effects.extend(self.s.on_peer_frame(&host, text, self.now));
                }
                effects
            }
            // A whole room opened: the relay's answer, a guest's link and its hello.
            17 => {
                let mut effects = self.click_intent(Intent::CreateRoom);
                self.run(std::mem::take(&mut effects));
                effects.extend(self.s.on_relay(relay(RELAY[0]), self.now));
                effects.extend(self.s.on_relay(relay(RELAY[2]), self.now));
                let guest = RelayPeer::from("p1");
                effects.extend(self.s.on_link_open(&guest, self.now));
                let hello = shared::session::Guest::new("Bob", None, false).hello();
                effects.extend(self.s.on_peer_frame(&guest, &hello, self.now));
                effects
            }
            // A game against bots.
            18 => self.click_intent(Intent::PlayBots(SoloSetup {
                players: 2 + b.u8() % 4,
                level: BotLevel::Easy,
                options: Options::default(),
            })),
            // The player's clicks.
            0 => self.click(b),
            1 => self.click(b),
            // The relay.
            2..=4 => {
                let text = match b.below(4) {
                    0 => b.text(),
                    _ => bent(RELAY[b.below(RELAY.len())], b),
                };
                // The socket drops what does not parse (with a notice).
                match serde_json::from_str::<RelayMessage>(&text) {
                    Ok(msg) => self.s.on_relay(msg, self.now),
                    Err(_) => Vec::new(),
                }
            }
            5 => self
                .s
                .on_relay(relay(RELAY[b.below(RELAY.len())]), self.now),
            6 => self.s.on_relay_lost(self.now),
            // The links.
            7 => self.s.on_link_open(&peer, self.now),
            8 => {
                let why = b.bool().then(|| b.text());
                self.s.on_link_closed(&peer, why.as_deref(), self.now)
            }
            9 => self.s.on_link_unstable(&peer, self.now),
            // The connection's state, a heartbeat, or a signal our own link made.
            10 => match b.below(3) {
                0 => {
                    self.s.on_link_stable(&peer);
                    Vec::new()
                }
                1 => self.s.on_peer_beat(&peer, self.now),
                _ => {
                    let candidate = b.text();
                    self.s.on_link_signal(
                        &peer,
                        coup_client::model::SignalData::Candidate {
                            candidate,
                            sdp_mid: None,
                            sdp_m_line_index: None,
                        },
                    )
                }
            },
            // A peer's frame: the honest host's stream (in order or not), bent, or raw.
            11 | 12 => {
                let stream = honest_stream();
                let text = match b.below(4) {
                    0 => b.text(),
                    1 => bent(&stream[b.below(stream.len())], b),
                    _ => stream[b.below(stream.len())].clone(),
                };
                self.s.on_peer_frame(&peer, &text, self.now)
            }
            // The clock.
            13 | 14 => {
                self.now += [0, 50, 1_000, 20_000, 120_000][b.below(5)];
                let jitter = f64::from(b.u8()) / 255.0;
                self.s.wake(self.now);
                self.s.tick(self.now, jitter)
            }
            // The worker failed.
            _ => {
                let why = b.text();
                self.s.on_referee_failed(&why)
            }
        };
        self.run(effects);
        // The referee's clock: its due decisions, as the worker's timer runs them.
        if let Some(referee) = self.referee.as_mut()
            && referee.next_deadline().is_some_and(|d| d <= self.now)
        {
            let outs = referee.tick(self.now);
            let effects: Vec<Effect> = outs
                .into_iter()
                .flat_map(|out| self.s.on_referee(out, self.now))
                .collect();
            self.run(effects);
        }
        self.render();
    }

    fn click(&mut self, b: &mut Bytes<'_>) -> Vec<Effect> {
        let intent = match b.below(14) {
            0 => Intent::SetName(b.bool().then(|| b.text())),
            1 => Intent::PlayBots(SoloSetup {
                players: b.u8() % 12,
                level: [BotLevel::Easy, BotLevel::Normal][b.below(2)],
                options: Options {
                    inquisitor: b.bool(),
                    allegiances: b.bool(),
                    two_player_draft: b.bool(),
                },
            }),
            2 => Intent::CreateRoom,
            3 => Intent::JoinRoom(if b.bool() { "abc-234".into() } else { b.text() }),
            4 => Intent::Rejoin,
            5 => Intent::DismissRejoin,
            6 | 7 => {
                let legal = self
                    .s
                    .table()
                    .and_then(|t| t.guest().game())
                    .map(|g| g.legal.clone())
                    .unwrap_or_default();
                if legal.is_empty() {
                    return Vec::new();
                }
                Intent::Play(legal[b.below(legal.len())])
            }
            8 => Intent::Admin(admin_cmd(b)),
            9 => Intent::RemoveBot(Seat(b.u8() % 11)),
            10 => Intent::Kick(Seat(b.u8() % 11)),
            11 => Intent::Chat(b.text()),
            12 => Intent::Leave,
            _ => Intent::NewRoom,
        };
        self.click_intent(intent)
    }

    fn click_intent(&mut self, intent: Intent) -> Vec<Effect> {
        // A refusal is a notice on the page, nothing more.
        self.s.handle(intent).unwrap_or_default()
    }
}

/// A page driven from outside; see the crate's documentation.
pub fn page(data: &[u8]) {
    drive(data);
}

/// [`page`], giving back the page as the recipe left it.
fn drive(data: &[u8]) -> Page {
    let mut b = Bytes::new(data);
    let mut page = Page::new();
    for _ in 0..200 {
        if b.is_empty() {
            break;
        }
        page.op(&mut b);
    }
    page
}

/// Every target, by name, for the seed replay.
pub const TARGETS: [(&str, Harness); 1] = [("page", page)];

#[cfg(test)]
mod tests {
    use super::*;

    coup_fuzz::seed_tests!(TARGETS, sweep: 21, 400, 400);

    #[test]
    fn the_sweep_hosts_and_joins() {
        // The recipes reach both sides of a page: a table it hosts (with its referee)
        // and one it joined (the host's stream read by its guest).
        let (mut hosted, mut joined) = (0, 0);
        for data in coup_fuzz::recipes(21, 400, 400) {
            let page = drive(&data);
            hosted += usize::from(page.s.hosting());
            joined += usize::from(!page.s.hosting() && page.s.table().is_some());
        }
        assert!(
            hosted > 20 && joined > 5,
            "{hosted} hosted, {joined} joined"
        );
    }
}
