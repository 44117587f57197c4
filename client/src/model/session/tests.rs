//! The session's tests. Pages are wired to each other and to their referees as the
//! controller wires them in the browser: a hosting page's referee is a
//! [`Referee`](shared::session::Referee) in the same process, answering each message in
//! order as the worker does; texts for other pages travel as data channel frames.

use super::*;
use crate::model::intent::SoloSetup;
/// What a guest that had been playing reads while its host's page does not answer.
const HOST_SILENT: &str = "The host’s page stopped answering. Your seat is kept; your decisions wait until it answers again.";

use crate::model::link::{DEAD_MS, Diagnosis, FIRST_LINK_MS, LOST_LINK_MS, SILENCE_MS, WELCOME_MS};
use crate::model::table::{SeatKind, lobby_seats};
use serde_json::json;
use shared::engine::{Action, Input, Pending, Seat};
use shared::relay::{ErrorCode, RelayMessage};
use shared::session::protocol::{BotLevel, MAX_TO_HOST_BYTES, Refusal, ToGuest, WireError};
use shared::session::{FromReferee, Referee};

fn ice() -> Vec<IceServer> {
    vec![IceServer {
        urls: vec!["stun:stun.example:3478".into()],
        username: None,
        credential: None,
    }]
}

/// The relay's error `code`, with no words.
fn relay_error(code: ErrorCode) -> RelayMessage {
    RelayMessage::Error {
        code,
        message: String::new(),
    }
}

fn code() -> RoomCode {
    RoomCode::parse("ABC234").expect("a code")
}

/// One page: its session, its referee while it hosts, its relay id.
struct Page {
    id: RelayPeer,
    s: Session,
    referee: Option<Referee>,
    /// Every effect the page asked for, in order (relay messages, dials, hangups...).
    seen: Vec<Effect>,
    /// Data channel texts for other pages: (to, text).
    outbox: Vec<(RelayPeer, String)>,
    /// What the referee's worker keeps in storage: its snapshot after every change.
    saved: Option<String>,
    /// The referee's notes to the page (a restore that failed).
    not_restored: Vec<String>,
    /// Whether the fair deal's module is held back when asked for (as on a slow network):
    /// it then comes when the test calls `fair_arrives`.
    hold_fair: bool,
}

/// The fair deal's seat maker, as the page's `fair` module gives it.
fn make_fair_seat(
    seed: [u8; 32],
    keep: Option<shared::session::fair::seat::FairKeep>,
) -> Box<dyn shared::session::fair::follow::FairFollow> {
    Box::new(shared::session::fair::seat::FairSeat::new(seed, keep))
}

impl Page {
    fn new(id: &str) -> Page {
        Page {
            id: id.into(),
            s: Session::new(),
            referee: None,
            seen: Vec::new(),
            outbox: Vec::new(),
            saved: None,
            not_restored: Vec::new(),
            hold_fair: false,
        }
    }

    /// The fair deal's module, held back until now, arrives.
    fn fair_arrives(&mut self, now: u64) {
        let effects = self.s.fair_ready(make_fair_seat);
        self.run(effects, now);
    }

    /// Saves the referee's table, as the worker does after each change.
    fn save(&mut self, now: u64) {
        if let Some(snapshot) = self.referee.as_ref().and_then(|r| r.snapshot(now)) {
            self.saved = Some(snapshot);
        }
    }

    /// Carries out `effects` as the controller does; the referee answers at once.
    fn run(&mut self, effects: Vec<Effect>, now: u64) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        while let Some(e) = queue.pop_front() {
            self.seen.push(e.clone());
            match e {
                Effect::StartReferee { resume } => {
                    let seed = [self.id.0.len() as u8 + 1; 32];
                    let mut referee = Referee::new(seed);
                    referee.set_handover_seed([self.id.0.len() as u8 + 2; 32]);
                    // The worker's fair deal's code, here at once.
                    referee.set_fair_maker(shared::session::fair_engine);
                    // The worker restores what it saved, or says why it could not.
                    if resume {
                        let snapshot = self.saved.clone().unwrap_or_default();
                        match referee.restore(&snapshot, now) {
                            Ok(outs) => {
                                self.referee = Some(referee);
                                for out in outs {
                                    queue.extend(self.s.on_referee(out, now));
                                }
                            }
                            Err(e) => {
                                self.not_restored.push(e.to_string());
                                queue.extend(self.s.on_referee_not_restored(&e.to_string()));
                            }
                        }
                    } else {
                        self.referee = Some(referee);
                    }
                }
                Effect::StopReferee => self.referee = None,
                Effect::Referee(msg) => {
                    // What the page sends crosses the worker's port as text.
                    let msg = ToReferee::decode(&msg.encode()).expect("the port carries it");
                    let referee = self.referee.as_mut().expect("a referee was started");
                    let outs = match referee.call(msg, now) {
                        Ok(outs) => outs,
                        // A takeover the copy does not open: the worker tells the page.
                        Err(e @ shared::session::PortError::TakeOver(_)) => {
                            queue.extend(self.s.on_referee_not_restored(&e.to_string()));
                            continue;
                        }
                        Err(e) => panic!("the referee takes it: {e}"),
                    };
                    for out in outs {
                        // And what it answers crosses back as text.
                        let port = FromReferee::from_outgoing(out).expect("JSON").encode();
                        let out = FromReferee::decode(&port).expect("the port carries it");
                        let out = out.into_outgoing().expect("an outgoing");
                        queue.extend(self.s.on_referee(out, now));
                    }
                    self.save(now);
                }
                Effect::Send { peer, text } => self.outbox.push((peer, text)),
                Effect::LoadFair if !self.hold_fair => {
                    queue.extend(self.s.fair_ready(make_fair_seat));
                }
                _ => {}
            }
        }
    }

    fn intent(&mut self, intent: Intent, now: u64) {
        let effects = self.s.handle(intent).expect("accepted");
        self.run(effects, now);
    }

    fn relay(&mut self, msg: RelayMessage, now: u64) {
        let effects = self.s.on_relay(msg, now);
        self.run(effects, now);
    }

    fn link_open(&mut self, peer: &str, now: u64) {
        let effects = self.s.on_link_open(&peer.into(), now);
        self.run(effects, now);
    }

    /// Lets the referee play what is due at `now`.
    fn tick(&mut self, now: u64) {
        let outs = self
            .referee
            .as_mut()
            .map(|r| r.tick(now))
            .unwrap_or_default();
        for out in outs {
            let effects = self.s.on_referee(out, now);
            self.run(effects, now);
        }
        self.save(now);
    }

    fn guest(&self) -> &shared::session::Guest {
        self.s.table().expect("a table").guest()
    }

    fn notices(&self) -> Vec<String> {
        self.s.notices().iter().map(|n| n.text.clone()).collect()
    }
}

/// A heartbeat from every peer `p` has an open link with, at `now`.
fn beats(p: &mut Page, now: u64) {
    let open: Vec<RelayPeer> =
        p.s.room()
            .map(|r| {
                r.peers
                    .iter()
                    .filter(|q| q.link == Some(LinkState::Open))
                    .map(|q| q.id.clone())
                    .collect()
            })
            .unwrap_or_default();
    for peer in open {
        let effects = p.s.on_peer_beat(&peer, now);
        assert!(effects.is_empty(), "a heartbeat asks for nothing");
        p.run(effects, now);
    }
}

/// Delivers the pages' data channel texts to each other until nothing moves.
fn pump(pages: &mut [&mut Page], now: u64) {
    for _ in 0..1_000 {
        let mut moved = false;
        for i in 0..pages.len() {
            let out = std::mem::take(&mut pages[i].outbox);
            let from = pages[i].id.clone();
            for (to, text) in out {
                moved = true;
                if let Some(p) = pages.iter_mut().find(|p| p.id == to) {
                    let effects = p.s.on_peer_frame(&from, &text, now);
                    p.run(effects, now);
                }
            }
        }
        if !moved {
            return;
        }
    }
    panic!("the texts settle");
}

/// A page that created room ABC234 as "h", whose player turned handover off (the room
/// ends with its host's page, as every room did before handover).
fn hosting(name: Option<&str>) -> Page {
    hosting_with(name, false)
}

/// A page that created room ABC234 as "h", asking the relay for handover if `handover`
/// (and the relay granting it).
fn hosting_with(name: Option<&str>, handover: bool) -> Page {
    let mut h = Page::new("h");
    h.s.handover = handover;
    h.intent(Intent::SetName(name.map(str::to_owned)), 0);
    h.intent(Intent::CreateRoom, 0);
    assert!(matches!(h.s.phase, Phase::Opening(Opening::Create)));
    assert_eq!(
        h.seen,
        vec![Effect::Relay(ClientMessage::Create { handover })]
    );
    h.relay(
        RelayMessage::Created {
            room: "ABC234".into(),
            peer: "h".into(),
            host_secret: "secret".into(),
            ice_servers: ice(),
            handover,
        },
        0,
    );
    assert!(h.referee.is_some(), "the host page starts its referee");
    h
}

/// A page that joined room ABC234 as `id` (host "h").
fn joining(id: &str, name: Option<&str>) -> Page {
    let mut g = Page::new(id);
    g.intent(Intent::SetName(name.map(str::to_owned)), 0);
    g.intent(Intent::JoinRoom("abc-234".into()), 0);
    assert_eq!(
        g.seen,
        vec![Effect::Relay(ClientMessage::Join {
            room: "ABC234".into()
        })]
    );
    joined(&mut g, 0);
    g
}

/// The relay's answer to `g`'s join.
fn joined(g: &mut Page, now: u64) {
    let peer = g.id.0.clone();
    g.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: peer.clone(),
            host: "h".into(),
            peers: vec!["h".into(), peer],
            ice_servers: ice(),
        },
        now,
    );
}

/// `g` arrives in `h`'s room and their data channel opens: hello, welcome, table.
fn connect(h: &mut Page, g: &mut Page, now: u64) {
    h.relay(
        RelayMessage::PeerJoined {
            peer: g.id.0.clone(),
        },
        now,
    );
    h.link_open(&g.id.0, now);
    g.link_open("h", now);
    pump(&mut [h, g], now);
}

/// Plays a dealt table to its end: each page with a decision plays the first of Income,
/// Pass or its first legal input; otherwise the referee plays what is due.
fn play_to_the_end(host: &mut Page, guests: &mut [&mut Page], now: u64) -> u64 {
    play_to_the_end_checking(host, guests, now, |_| {})
}

/// [`play_to_the_end`], calling `check` on every page after each exchange of messages.
fn play_to_the_end_checking(
    host: &mut Page,
    guests: &mut [&mut Page],
    mut now: u64,
    mut check: impl FnMut(&Page),
) -> u64 {
    for _ in 0..50_000 {
        check(host);
        guests.iter().for_each(|g| check(g));
        let over = |p: &Page| {
            p.s.table()
                .and_then(|t| t.guest().game())
                .is_some_and(|g| matches!(g.view.pending, Pending::GameOver { .. }))
        };
        if over(host) {
            return now;
        }
        let mut played = false;
        for p in std::iter::once(&mut *host).chain(guests.iter_mut().map(|g| &mut **g)) {
            let Some(game) = p.s.table().and_then(|t| t.guest().game()) else {
                continue;
            };
            let pick = game
                .legal
                .iter()
                .copied()
                .find(|i| matches!(i, Input::Act(Action::Income) | Input::Pass))
                .or_else(|| game.legal.first().copied());
            if let Some(input) = pick {
                p.intent(Intent::Play(input), now);
                played = true;
            }
        }
        let mut all: Vec<&mut Page> = std::iter::once(&mut *host)
            .chain(guests.iter_mut().map(|g| &mut **g))
            .collect();
        pump(&mut all, now);
        if !played {
            now = host
                .referee
                .as_ref()
                .and_then(Referee::next_deadline)
                .expect("something is due")
                .max(now);
            host.tick(now);
            let mut all: Vec<&mut Page> = std::iter::once(&mut *host)
                .chain(guests.iter_mut().map(|g| &mut **g))
                .collect();
            pump(&mut all, now);
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_game_against_bots_is_a_hosted_table_without_a_relay() {
    let mut p = Page::new("solo");
    let setup = SoloSetup {
        players: 4,
        level: BotLevel::Easy,
        options: shared::engine::Options {
            // R1.4: asked for at four seats, the host leaves the draft off.
            two_player_draft: true,
            ..Default::default()
        },
    };
    p.intent(Intent::PlayBots(setup), 1_000);
    assert!(p.s.hosting());
    assert!(p.s.room().is_none(), "no room");
    assert!(
        !p.seen
            .iter()
            .any(|e| matches!(e, Effect::Relay(_) | Effect::Dial { .. })),
        "nothing goes to the relay: {:?}",
        p.seen
    );
    let table = p.guest().table().expect("the table");
    assert_eq!(table.seats.len(), 4);
    assert!(!table.options.two_player_draft);
    assert!(table.seats[1..].iter().all(|s| matches!(
        s,
        shared::session::protocol::SeatInfo::Bot {
            level: BotLevel::Easy,
            ..
        }
    )));
    assert_eq!(p.guest().seat(), Some(Seat(0)));
    play_to_the_end(&mut p, &mut [], 1_000);
    // A rematch deals again with the same seats; leaving stops the referee.
    p.intent(Intent::Admin(AdminCmd::Rematch), 900_000);
    assert!(
        p.guest()
            .game()
            .is_some_and(|g| !matches!(g.view.pending, Pending::GameOver { .. }))
    );
    p.intent(Intent::Leave, 900_001);
    assert!(matches!(p.s.phase, Phase::Start { .. }));
    assert!(p.referee.is_none());
    assert_eq!(p.seen.last(), Some(&Effect::StopReferee));
}

#[test]
fn the_host_dials_each_guest_that_joins() {
    let mut h = hosting(None);
    let room = h.s.room().expect("a room");
    assert_eq!(room.code, code());
    assert!(h.s.hosting());
    h.seen.clear();
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    assert_eq!(
        h.seen,
        vec![
            Effect::Hangup { peer: "g1".into() },
            Effect::Dial {
                peer: "g1".into(),
                ice_servers: ice()
            }
        ]
    );
    h.seen.clear();
    h.link_open("g1", 0);
    assert_eq!(
        h.seen,
        vec![Effect::Referee(ToReferee::Connect { peer: PeerId(1) })],
        "the referee hears of the link; nothing is sent until its hello"
    );
    assert_eq!(
        h.s.room().map(|r| r.peers[0].link),
        Some(Some(LinkState::Open))
    );
    h.seen.clear();
    // Its relay socket going says nothing of the data channel, which plays on; the
    // channel's own end ends the link, and its page, off the relay too, is gone.
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, 0);
    assert_eq!(h.seen, vec![]);
    let fx = h.s.on_link_closed(&"g1".into(), None, 0);
    h.run(fx, 0);
    assert_eq!(
        h.seen,
        vec![
            Effect::Referee(ToReferee::Gone { peer: PeerId(1) }),
            Effect::Hangup { peer: "g1".into() }
        ]
    );
    assert_eq!(h.s.room().map(|r| r.peers.len()), Some(0));
}

#[test]
fn a_guest_links_only_with_the_host_and_answers_its_offer() {
    let mut s = Session::new();
    s.handle(Intent::JoinRoom("ABC234".into())).expect("joins");
    s.on_relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "g1".into(),
            host: "h".into(),
            peers: vec!["h".into(), "g0".into(), "g1".into()],
            ice_servers: ice(),
        },
        0,
    );
    let peers = s.room().map(|r| r.peers.clone()).unwrap_or_default();
    assert_eq!(
        peers,
        vec![
            Peer {
                id: "h".into(),
                is_host: true,
                link: Some(LinkState::Connecting)
            },
            Peer {
                id: "g0".into(),
                is_host: false,
                link: None
            },
        ]
    );
    assert!(
        s.on_relay(RelayMessage::PeerJoined { peer: "g2".into() }, 0)
            .is_empty()
    );
    let offer = json!({"kind":"offer","sdp":"v=0"});
    assert_eq!(
        s.on_relay(
            RelayMessage::Signal {
                from: "h".into(),
                data: offer.clone()
            },
            0
        ),
        vec![Effect::Signal {
            peer: "h".into(),
            data: SignalData::Offer { sdp: "v=0".into() },
            ice_servers: ice()
        }]
    );
    // Another guest has no business signalling us.
    assert!(
        s.on_relay(
            RelayMessage::Signal {
                from: "g0".into(),
                data: offer
            },
            0
        )
        .is_empty()
    );
    // The relay cannot make us host a room we joined, nor give us a code it cannot make.
    let mut s = Session::new();
    s.handle(Intent::JoinRoom("ABC234".into())).expect("joins");
    let fx = s.on_relay(
        RelayMessage::Joined {
            room: "nope".into(),
            peer: "g1".into(),
            host: "h".into(),
            peers: vec![],
            ice_servers: vec![],
        },
        0,
    );
    assert!(fx.is_empty());
    assert!(
        s.notices()[0]
            .text
            .starts_with("Ignored a bad message from the relay")
    );
}

#[test]
fn misplaced_or_malformed_signals_are_dropped_with_a_notice() {
    let mut g = joining("g1", None);
    let fx = g.s.on_relay(
        RelayMessage::Signal {
            from: "h".into(),
            data: json!({"kind":"answer","sdp":"x"}),
        },
        0,
    );
    assert!(fx.is_empty());
    let fx = g.s.on_relay(
        RelayMessage::Signal {
            from: "h".into(),
            data: json!([1, 2]),
        },
        0,
    );
    assert!(fx.is_empty());
    assert_eq!(g.s.notices().len(), 2);
    let mut h = hosting(None);
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    let fx = h.s.on_relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: json!({"kind":"offer","sdp":"x"}),
        },
        0,
    );
    assert!(fx.is_empty());
    let fx = h.s.on_relay(
        RelayMessage::Signal {
            from: "stranger".into(),
            data: json!({"kind":"answer","sdp":"x"}),
        },
        0,
    );
    assert!(fx.is_empty());
}

#[test]
fn chosen_names_travel_in_the_hello_and_fill_the_seat_list() {
    let mut h = hosting(Some("  Ana  "));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    for p in [&h, &g] {
        let guest = p.guest();
        let names: Vec<String> = lobby_seats(guest.table().expect("seats"), guest.member())
            .into_iter()
            .map(|seat| seat.name)
            .collect();
        assert_eq!(names, ["Ana", "Bo"]);
    }
    // A name the host would refuse is dropped: the page goes by its relay id.
    let mut g = joining("k7m3x", Some("a\nb"));
    assert_eq!(g.guest().name(), "Player K7M3");
    g.intent(Intent::Leave, 0);
    g.intent(Intent::SetName(Some("Cy".into())), 0);
    g.intent(Intent::JoinRoom("ABC234".into()), 0);
    joined(&mut g, 0);
    assert_eq!(g.guest().name(), "Cy");
}

#[test]
fn a_room_game_runs_over_the_links_with_the_same_winner_and_no_hidden_card_shown() {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    assert_eq!(h.guest().seat(), Some(Seat(0)));
    assert_eq!(g.guest().seat(), Some(Seat(1)));
    assert_eq!(h.guest().table(), g.guest().table());
    // Only the host runs the table: a joiner's command goes nowhere.
    let fx =
        g.s.handle(Intent::Admin(AdminCmd::Start { first: None }))
            .expect("ok");
    assert!(fx.is_empty());
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Easy,
        }),
        0,
    );
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    let game = g.guest().game().expect("a game");
    assert_eq!(game.view.players.len(), 3);
    // R11.2: a page sees its own hidden cards and no other seat's, from the deal to the
    // end (R11.3 reveals the hands only once the game is over).
    let mut checked = 0;
    let mut own_hand_only = |p: &Page| {
        let Some(game) = p.guest().game() else {
            return;
        };
        if matches!(game.view.pending, Pending::GameOver { .. }) {
            return;
        }
        let mine = usize::from(p.guest().seat().expect("a seated page").0);
        for (i, player) in game.view.players.iter().enumerate() {
            let hidden = player.hand.up.iter().take(usize::from(player.hand.len));
            let shown = player
                .hand
                .cards
                .iter()
                .zip(hidden)
                .filter(|(c, up)| c.is_some() && !**up)
                .count();
            let face_down = player.hand.up[..usize::from(player.hand.len)]
                .iter()
                .filter(|up| !**up)
                .count();
            if i == mine {
                assert_eq!(shown, face_down, "a page sees its own hidden cards");
            } else {
                assert_eq!(shown, 0, "seat {i}'s hidden cards on {:?}'s page", p.id);
            }
        }
        checked += 1;
    };
    own_hand_only(&h);
    own_hand_only(&g);
    play_to_the_end_checking(&mut h, &mut [&mut g], 0, &mut own_hand_only);
    assert!(checked > 20, "the pages were checked only {checked} times");
    let winner = |p: &Page| match p.guest().game().map(|g| g.view.pending) {
        Some(Pending::GameOver { winner }) => Some(winner),
        _ => None,
    };
    assert!(winner(&h).is_some());
    assert_eq!(winner(&h), winner(&g), "both pages show the same winner");
}

#[test]
fn chat_goes_through_the_referee_which_stamps_the_sender() {
    let mut h = hosting(None);
    let mut g = joining("g1", None);
    connect(&mut h, &mut g, 0);
    h.intent(Intent::Chat("hi all".into()), 0);
    pump(&mut [&mut h, &mut g], 0);
    g.intent(Intent::Chat("  hello  ".into()), 0);
    pump(&mut [&mut h, &mut g], 0);
    let lines = |p: &Page| {
        p.s.chat_lines()
            .into_iter()
            .map(|l| (l.from, l.text, l.mine))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&g),
        vec![
            ("Player H".to_owned(), "hi all".to_owned(), false),
            ("Player G1".to_owned(), "hello".to_owned(), true),
        ]
    );
    assert_eq!(lines(&h).len(), 2);
    assert!(
        h.s.handle(Intent::Chat("   ".into())).is_err(),
        "a blank line is refused"
    );
    // A joiner's frame that is not the protocol is refused to it, and changes nothing.
    let fx =
        h.s.on_peer_frame(&"g1".into(), r#"{"type":"said","from":"g2","text":"x"}"#, 0);
    h.run(fx, 0);
    assert_eq!(h.outbox.len(), 1, "a refusal for g1");
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!(lines(&h).len(), 2);
    // Only the host speaks to a guest; garbage from it is dropped with a notice.
    assert!(g.s.on_peer_frame(&"g0".into(), "{}", 0).is_empty());
    let before = g.s.notices().len();
    let fx = g.s.on_peer_frame(&"h".into(), "not json", 0);
    assert!(fx.is_empty());
    assert_eq!(g.s.notices().len(), before + 1);
    assert_eq!(lines(&g).len(), 2);
}

#[test]
fn a_frame_too_large_for_the_referee_is_refused_by_the_page_and_never_crosses_the_port() {
    let mut h = hosting(None);
    let mut g = joining("g1", None);
    connect(&mut h, &mut g, 0);
    let chat = |p: &Page| p.s.chat_lines().len();
    for frame in ["x".repeat(12_000), "\u{7}".repeat(MAX_TO_HOST_BYTES + 1)] {
        let fx = h.s.on_peer_frame(&"g1".into(), &frame, 0);
        assert!(
            !fx.iter().any(|e| matches!(e, Effect::Referee(_))),
            "nothing for the referee"
        );
        h.run(fx, 0);
        let (to, text) = h.outbox.pop().expect("an answer for g1");
        assert_eq!(to, "g1".into());
        let refused = shared::session::protocol::decode::<ToGuest>(&text, usize::MAX);
        assert!(
            matches!(
                refused,
                Ok(ToGuest::Refused {
                    refusal: Refusal::Wire(WireError::TooLarge {
                        limit: MAX_TO_HOST_BYTES,
                        ..
                    })
                })
            ),
            "{refused:?}"
        );
    }
    // A frame at the limit, of the JSON a second encoding would grow the most, reaches the
    // referee as it is (which refuses it as no message), and the room goes on.
    let widest = format!("\"{}\"", "\\\"".repeat((MAX_TO_HOST_BYTES - 2) / 2));
    let fx = h.s.on_peer_frame(&"g1".into(), &widest, 0);
    assert!(fx.iter().any(|e| matches!(e, Effect::Referee(_))));
    h.run(fx, 0);
    pump(&mut [&mut h, &mut g], 0);
    // A frame that is not JSON never crosses the port: the page answers it as the host
    // would, as malformed.
    let fx = h.s.on_peer_frame(&"g1".into(), "\u{7}", 0);
    assert!(!fx.iter().any(|e| matches!(e, Effect::Referee(_))));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Send { text, .. } if text.contains("malformed")))
    );
    h.run(fx, 0);
    pump(&mut [&mut h, &mut g], 0);
    g.intent(Intent::Chat("still here".into()), 0);
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!((chat(&h), chat(&g)), (1, 1));
}

#[test]
fn a_guest_cannot_chat_or_play_before_the_host_welcomes_it() {
    let mut g = joining("g1", None);
    assert_eq!(
        g.s.handle(Intent::Chat("too early".into())),
        Err("Not connected to the host yet.".to_owned())
    );
    assert!(g.s.chat_lines().is_empty());
    g.intent(Intent::Leave, 0);
    assert!(g.s.table().is_none());
    assert_eq!(g.s.handle(Intent::Chat("hello".into())), Ok(vec![]));
}

#[test]
fn the_hosts_table_commands_are_single_intents() {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    let seats = |p: &Page| {
        let guest = p.guest();
        lobby_seats(guest.table().expect("seats"), guest.member())
            .into_iter()
            .map(|s| s.kind.tag())
            .collect::<Vec<_>>()
    };
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Hard,
        }),
        0,
    );
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Hard,
        }),
        0,
    );
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!(seats(&g), ["person", "person", "bot", "bot"]);
    // Removing a bot leaves its seat open, the last seat's too: the table keeps its size.
    h.intent(Intent::RemoveBot(Seat(2)), 0);
    h.intent(Intent::RemoveBot(Seat(3)), 0);
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!(seats(&g), ["person", "person", "open", "open"]);
    // Removing a person: they are told, their page leaves, the seat opens.
    h.intent(Intent::Kick(Seat(0)), 0);
    assert_eq!(h.guest().seat(), Some(Seat(0)), "never ourselves");
    h.intent(Intent::Kick(Seat(1)), 0);
    assert!(h.seen.contains(&Effect::Hangup { peer: "g1".into() }));
    assert!(
        h.seen
            .contains(&Effect::Relay(ClientMessage::Kick { peer: "g1".into() })),
        "the relay is asked to keep the joiner out"
    );
    pump(&mut [&mut h, &mut g], 0);
    assert!(matches!(g.s.phase, Phase::Start { .. }));
    assert!(g.seen.contains(&Effect::Relay(ClientMessage::Leave)));
    assert!(
        g.notices()
            .iter()
            .any(|n| n == "The host removed you from the table."),
        "{:?}",
        g.notices()
    );
    let t = h.guest().table().expect("seats");
    assert_eq!(lobby_seats(t, None)[1].kind, SeatKind::Open);
}

#[test]
fn a_person_removed_while_their_link_is_down_is_kept_out_by_the_relay() {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    let fx = h.s.on_link_closed(&"g1".into(), None, 1);
    h.run(fx, 1);
    h.seen.clear();
    h.intent(Intent::Kick(Seat(1)), 2);
    assert!(
        h.seen
            .contains(&Effect::Relay(ClientMessage::Kick { peer: "g1".into() })),
        "the relay is asked to keep the last link's peer out: {:?}",
        h.seen
    );
    let t = h.guest().table().expect("seats");
    assert_eq!(lobby_seats(t, None)[1].kind, SeatKind::Open);
}

#[test]
fn after_a_game_the_host_goes_back_to_the_lobby_and_deals_again() {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    let now = play_to_the_end(&mut h, &mut [&mut g], 0);
    assert!(matches!(
        h.guest().table().map(|t| t.phase),
        Some(shared::session::protocol::Phase::Finished { .. })
    ));
    h.intent(Intent::Admin(AdminCmd::EndGame), now);
    pump(&mut [&mut h, &mut g], now);
    assert!(g.guest().game().is_none(), "the finished game is put away");
    let options = shared::engine::Options {
        allegiances: true,
        ..Default::default()
    };
    h.intent(Intent::Admin(AdminCmd::SetOptions { options }), now);
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), now);
    pump(&mut [&mut h, &mut g], now);
    assert!(
        g.guest()
            .game()
            .is_some_and(|game| game.view.options.allegiances)
    );
}

/// A page reloaded in the same tab: what storage held, offered, then taken.
fn reloaded_and_rejoining(record: RejoinRecord) -> Page {
    reloaded_and_rejoining_in(record, "g1", "h")
}

/// [`reloaded_and_rejoining`], the relay giving the page the id `id` in a room hosted by
/// `host`.
fn reloaded_and_rejoining_in(record: RejoinRecord, id: &str, host: &str) -> Page {
    let mut g = Page::new(id);
    g.s.offer_rejoin(record.clone());
    assert_eq!(g.s.rejoin_offer(), Some(&record));
    assert_eq!(
        g.s.seat_record(),
        Some(record.clone()),
        "kept while offered"
    );
    g.intent(Intent::Rejoin, 0);
    assert_eq!(
        g.seen,
        vec![Effect::Relay(ClientMessage::Join {
            room: record.code.as_str().to_owned()
        })]
    );
    assert_eq!(
        g.s.seat_record(),
        Some(record.clone()),
        "kept while rejoining"
    );
    g.relay(
        RelayMessage::Joined {
            room: record.code.as_str().to_owned(),
            peer: id.into(),
            host: host.into(),
            peers: vec![host.into()],
            ice_servers: ice(),
        },
        0,
    );
    g
}

#[test]
fn a_joiner_that_reloads_takes_its_seat_back_with_its_token() {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    assert_eq!(g.s.seat_record(), None, "no token before the welcome");
    connect(&mut h, &mut g, 0);
    assert_eq!(h.s.seat_record(), None, "the host keeps no seat record");
    let record = g.s.seat_record().expect("a seated joiner keeps a record");
    assert_eq!((record.code.clone(), record.name.as_str()), (code(), "Bo"));
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Easy,
        }),
        0,
    );
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    assert!(g.guest().game().is_some());

    // The page reloads: the old page is gone from the relay, the host keeps the seat.
    drop(g);
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, 10);
    let mut g = reloaded_and_rejoining(record.clone());
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 20);
    h.link_open("g1", 20);
    g.link_open("h", 20);
    assert!(
        g.outbox[0].1.contains(&record.token),
        "the hello carries the token"
    );
    pump(&mut [&mut h, &mut g], 20);
    let guest = g.guest();
    assert_eq!(guest.seat(), Some(Seat(1)), "the same seat");
    assert_eq!(guest.name(), "Bo");
    assert_eq!(
        guest.game().expect("the game goes on").view.players.len(),
        3
    );
    assert_eq!(g.s.seat_record(), Some(record), "the same record");
    assert!(matches!(g.s.phase, Phase::Joined(_)));
    // Leaving on purpose forgets it.
    g.intent(Intent::Leave, 30);
    assert_eq!(g.s.seat_record(), None);
}

#[test]
fn a_stale_seat_record_is_dropped_with_a_notice() {
    // The host does not know the token: it would seat a newcomer; the page leaves.
    let mut h = hosting(Some("Ana"));
    let stale = RejoinRecord::new(&code(), "deadbeef", "Bo").expect("valid");
    let mut g = reloaded_and_rejoining(stale.clone());
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    h.link_open("g1", 0);
    g.link_open("h", 0);
    pump(&mut [&mut h, &mut g], 0);
    assert!(matches!(g.s.phase, Phase::Start { .. }));
    assert_eq!(g.s.seat_record(), None);
    assert!(
        g.notices()
            .iter()
            .any(|n| n.contains("room ABC-234 is no longer yours")),
        "{:?}",
        g.notices()
    );

    // The room is gone.
    let mut g = Page::new("g1");
    g.s.offer_rejoin(stale.clone());
    g.intent(Intent::Rejoin, 0);
    g.relay(relay_error(ErrorCode::NoSuchRoom), 0);
    assert!(matches!(g.s.phase, Phase::Start { .. }));
    assert_eq!(g.s.seat_record(), None);
    assert_eq!(
        g.notices().last().map(String::as_str),
        Some("Could not rejoin room ABC-234: There is no room with that code.")
    );

    // Declined, or a room of its own instead: forgotten.
    let mut g = Page::new("g1");
    g.s.offer_rejoin(stale.clone());
    g.intent(Intent::DismissRejoin, 0);
    assert_eq!(g.s.seat_record(), None);
    g.s.offer_rejoin(stale);
    g.intent(Intent::JoinRoom("XYZ789".into()), 0);
    assert_eq!(g.s.seat_record(), None);
    assert_eq!(g.s.handle(Intent::Rejoin), Ok(vec![]));
}

#[test]
fn a_joined_for_another_room_is_refused_and_its_socket_closed() {
    let other = |g: &Page| RelayMessage::Joined {
        room: "XYZ789".into(),
        peer: g.id.0.clone(),
        host: "h".into(),
        peers: vec!["h".into()],
        ice_servers: ice(),
    };
    let mut g = Page::new("g1");
    g.intent(Intent::JoinRoom("abc-234".into()), 0);
    g.seen.clear();
    let msg = other(&g);
    g.relay(msg, 0);
    assert_eq!(g.seen, vec![Effect::CloseRelay]);
    assert!(matches!(g.s.phase, Phase::Start { offer: None }));
    assert!(g.s.room().is_none());
    assert_eq!(g.notices().len(), 1, "the page says what the relay did");
    // The room asked for, in any spelling the relay may send, is taken.
    let mut g = Page::new("g2");
    g.intent(Intent::JoinRoom("abc-234".into()), 0);
    let mut msg = other(&g);
    if let RelayMessage::Joined { room, .. } = &mut msg {
        *room = "abc-234".into();
    }
    g.relay(msg, 0);
    assert_eq!(g.s.room().map(|r| &r.code), Some(&code()));
    // A seat being taken back stays on offer.
    let record = RejoinRecord::new(&code(), "9f00aa11", "Bo").expect("valid");
    let mut g = Page::new("g3");
    g.s.offer_rejoin(record.clone());
    g.intent(Intent::Rejoin, 0);
    let msg = other(&g);
    g.relay(msg, 0);
    assert!(g.s.room().is_none());
    assert_eq!(g.s.rejoin_offer(), Some(&record));
}

#[test]
fn a_seat_being_taken_back_stays_on_offer_when_the_relay_is_lost_or_busy() {
    let record = RejoinRecord::new(&code(), "9f00aa11", "Bo").expect("valid");
    let rejoining = |g: &mut Page| {
        g.s.offer_rejoin(record.clone());
        g.intent(Intent::Rejoin, 0);
        assert!(matches!(g.s.phase, Phase::Opening(_)));
    };
    let join = || {
        vec![Effect::Relay(ClientMessage::Join {
            room: record.code.as_str().to_owned(),
        })]
    };
    // The relay's socket fails before it answers: the offer stays, and a click tries again.
    let mut g = Page::new("g1");
    rejoining(&mut g);
    assert!(g.s.on_relay_lost(0).is_empty());
    assert_eq!(g.s.rejoin_offer(), Some(&record));
    assert_eq!(
        g.s.seat_record(),
        Some(record.clone()),
        "kept for the next load too"
    );
    assert_eq!(
        g.notices().len(),
        1,
        "the page says the relay is out of reach"
    );
    g.seen.clear();
    g.intent(Intent::Rejoin, 0);
    assert_eq!(g.seen, join());
    // So does the page itself, on a backoff: 2 s, then 4 s (no jitter), each failure said
    // once; the page waking (the network back) asks at once.
    let mut g = Page::new("g1");
    rejoining(&mut g);
    g.s.on_relay_lost(1_000);
    assert!(g.s.tick_due(1_000), "the first tick sets the backoff");
    assert!(g.s.tick(1_000, 0.0).is_empty());
    assert!(!g.s.tick_due(2_999));
    assert!(g.s.tick_due(3_000));
    assert_eq!(g.s.tick(3_000, 0.0), join());
    g.s.on_relay_lost(3_100);
    assert!(g.s.tick(3_100, 0.0).is_empty());
    assert!(
        !g.s.tick_due(7_099),
        "twice as long after the second failure"
    );
    assert_eq!(g.s.tick(7_100, 0.0), join());
    g.s.on_relay_lost(7_200);
    assert_eq!(g.notices().len(), 1, "{:?}", g.notices());
    g.s.wake(7_300);
    assert_eq!(g.s.tick(7_300, 0.0), join(), "at once when the page wakes");
    // Back in the room: nothing more to retry.
    g.relay(
        RelayMessage::Joined {
            room: record.code.as_str().to_owned(),
            peer: "g1".into(),
            host: "h".into(),
            peers: vec!["h".into()],
            ice_servers: ice(),
        },
        7_400,
    );
    assert!(matches!(g.s.phase, Phase::Joined(_)));
    assert_eq!(g.s.rejoin_retry, None);
    // Declined while it waits: no more attempts.
    let mut g = Page::new("g1");
    rejoining(&mut g);
    g.s.on_relay_lost(0);
    g.intent(Intent::DismissRejoin, 0);
    assert!(g.s.tick(0, 0.0).is_empty());
    assert!(!g.s.tick_due(1_000_000));
    assert!(g.s.tick(1_000_000, 0.0).is_empty());
    // A busy relay: the same.
    for busy in [
        ErrorCode::RateLimited,
        ErrorCode::RoomFull,
        ErrorCode::ServerFull,
    ] {
        let mut g = Page::new("g1");
        rejoining(&mut g);
        g.relay(relay_error(busy), 0);
        assert_eq!(g.s.rejoin_offer(), Some(&record), "{busy:?}");
        g.s.tick(0, 0.0);
        assert_eq!(g.s.tick(2_000, 0.0), join(), "{busy:?}: asked again");
        assert!(
            g.notices()
                .last()
                .is_some_and(|n| n.starts_with("Could not rejoin room ABC-234")),
            "{:?}",
            g.notices()
        );
    }
    // A room that is gone, or one that keeps us out: forgotten.
    for gone in [ErrorCode::NoSuchRoom, ErrorCode::Banned] {
        let mut g = Page::new("g1");
        rejoining(&mut g);
        g.relay(relay_error(gone), 0);
        assert_eq!(g.s.rejoin_offer(), None, "{gone:?}");
        assert_eq!(g.s.seat_record(), None, "{gone:?}");
    }
}

#[test]
fn errors_and_bad_codes_return_to_the_first_screen_with_a_notice() {
    let mut s = Session::new();
    assert_eq!(
        s.handle(Intent::JoinRoom("nope".into())),
        Err("A room code is 6 letters and digits, like K7M-3QX.".to_owned())
    );
    assert!(matches!(s.phase, Phase::Start { .. }));
    s.handle(Intent::JoinRoom("ABC234".into())).expect("joins");
    s.on_relay(relay_error(ErrorCode::NoSuchRoom), 0);
    assert!(matches!(s.phase, Phase::Start { .. }));
    assert_eq!(
        s.notices().last().map(|n| n.text.as_str()),
        Some("There is no room with that code.")
    );
    assert_eq!(s.typed_code(), Some("ABC234"), "what was typed comes back");
    // Trying again does not pile the same notice up, and a new room leaves it behind.
    s.handle(Intent::JoinRoom("ABC234".into())).expect("joins");
    s.on_relay(relay_error(ErrorCode::NoSuchRoom), 0);
    assert_eq!(s.notices().len(), 1);
    s.handle(Intent::CreateRoom).expect("creates");
    assert!(s.notices().is_empty(), "{:?}", s.notices());
    s.handle(Intent::Leave).expect("leaves");
    s.handle(Intent::JoinRoom("ABC234".into())).expect("joins");
    s.on_relay(relay_error(ErrorCode::NoSuchRoom), 0);
    let id = s.notices()[0].id;
    s.handle(Intent::Dismiss(id)).expect("dismissed");
    assert!(s.notices().is_empty());
    for i in 0..10 {
        s.notify(format!("x{i}"));
    }
    assert_eq!(s.notices().len(), MAX_NOTICES);
    // The same words again are not news.
    s.notify("x9");
    assert_eq!(s.notices().len(), MAX_NOTICES);
    assert_eq!(s.notices()[0].text, "x6");
}

#[test]
fn a_closed_room_hangs_up_everyone_and_stops_the_referee() {
    let mut h = hosting(None);
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    h.seen.clear();
    h.relay(
        RelayMessage::RoomClosed {
            reason: "expired".into(),
        },
        0,
    );
    assert_eq!(
        h.seen,
        vec![
            Effect::StopReferee,
            Effect::Hangup { peer: "g1".into() },
            Effect::Relay(ClientMessage::Leave)
        ]
    );
    assert!(matches!(h.s.phase, Phase::Start { .. }));
    let mut g = joining("g1", None);
    assert_eq!(
        g.s.handle(Intent::Leave),
        Ok(vec![
            Effect::Hangup { peer: "h".into() },
            Effect::Relay(ClientMessage::Leave)
        ])
    );
    // A referee that fails ends a hosted table with a notice.
    let mut p = Page::new("solo");
    p.intent(Intent::PlayBots(SoloSetup::default()), 0);
    let fx = p.s.on_referee_failed("the worker could not load");
    assert_eq!(fx, vec![Effect::StopReferee]);
    assert_eq!(
        p.notices(),
        ["The table stopped: the worker could not load"]
    );
}

#[test]
fn a_failed_link_is_reported_once() {
    let mut h = hosting(None);
    let mut g = joining("g1", None);
    connect(&mut h, &mut g, 0);
    assert_eq!(
        h.s.on_link_closed(&"g1".into(), Some("ICE failed"), 0),
        vec![
            Effect::Referee(ToReferee::Disconnect { peer: PeerId(1) }),
            Effect::Hangup { peer: "g1".into() }
        ]
    );
    assert!(h.s.on_link_closed(&"g1".into(), None, 0).is_empty());
    assert!(
        h.s.on_link_closed(&"g0".into(), None, 0).is_empty(),
        "no link with a stranger"
    );
    assert_eq!(h.notices().len(), 1);
}

#[test]
fn stray_answers_outside_opening_are_ignored() {
    let mut s = Session::new();
    let created = RelayMessage::Created {
        room: "ABC234".into(),
        peer: "h".into(),
        host_secret: "s".into(),
        ice_servers: vec![],
        handover: false,
    };
    assert!(s.on_relay(created, 0).is_empty());
    assert!(matches!(s.phase, Phase::Start { .. }));
    assert!(s.on_relay_lost(0).is_empty());
    s.handle(Intent::CreateRoom).expect("creates");
    s.on_relay_lost(0);
    assert!(matches!(s.phase, Phase::Start { .. }));
    // A game against bots has no relay to lose.
    let mut p = Page::new("solo");
    p.intent(Intent::PlayBots(SoloSetup::default()), 0);
    p.s.on_relay_lost(0);
    assert!(p.notices().is_empty());
    assert_eq!(p.s.connection_line(true).as_deref(), None);
    assert!(p.s.tick(1_000_000, 0.5).is_empty(), "no relay to reclaim");
}

#[test]
fn short_names_are_readable() {
    assert_eq!(RelayPeer::from("a_b-c9xyz").short_name(), "Player ABC9");
    assert_eq!(RelayPeer::from("").short_name(), "Player ");
}

/// The host's page as a new page in the same tab: what the old one kept (its host record,
/// its worker's snapshot), resumed.
fn host_reloaded(old: Page, now: u64) -> Page {
    let record = old.s.host_record().expect("a hosting page keeps a record");
    let mut h = Page::new(&old.id.0);
    h.saved = old.saved.clone();
    let effects = h.s.resume(record.clone());
    h.run(effects, now);
    h
}

#[test]
fn a_host_that_reloads_takes_its_room_and_table_back_and_every_guest_its_seat() {
    let (mut h, mut g) = dealt_room();
    // A few decisions, then the host's page reloads.
    let mut now = 0;
    for _ in 0..3 {
        for p in [&mut h, &mut g] {
            if let Some(&input) = p.guest().game().and_then(|g| g.legal.first()) {
                p.intent(Intent::Play(input), now);
            }
        }
        pump(&mut [&mut h, &mut g], now);
        now += 1;
    }
    let record = h.s.host_record().expect("kept");
    assert_eq!(
        record
            .room
            .as_ref()
            .map(|r| (r.code.clone(), r.secret.as_str(), r.me.as_str())),
        Some((code(), "secret", "h"))
    );
    assert_eq!(record.name, "Ana");
    assert_eq!(g.s.host_record(), None, "a joiner hosts nothing");
    let host_view = |p: &Page| format!("{:?}", p.guest().game().expect("a game").view);
    let before = host_view(&h);
    let guest_before = host_view(&g);

    // The old page is gone: the guest's link closes and the relay says the host left.
    let fx = g.s.on_link_closed(&"h".into(), None, now);
    g.run(fx, now);
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, now);
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        Some("The host's connection dropped; waiting for them to come back…")
    );
    g.seen.clear();
    g.s.tick(now + 60_000, 0.0);
    assert!(
        !g.seen.iter().any(|e| matches!(e, Effect::Relay(_))),
        "nobody to ask while the host is away: it calls us"
    );
    assert_eq!(
        g.guest().seat(),
        Some(Seat(1)),
        "while the host is away, the guest's own seat is still its own on screen"
    );
    let mut h = host_reloaded(h, now + 100);
    assert!(matches!(h.seen[0], Effect::StartReferee { resume: true }));
    assert_eq!(
        h.seen[1],
        Effect::Relay(ClientMessage::Reclaim {
            room: "ABC234".into(),
            host_secret: "secret".into(),
        })
    );
    assert_eq!(host_view(&h), before, "the host's table is as it was");
    // The relay gives the room back: the host dials the guest, which waits for the call.
    h.seen.clear();
    h.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "h".into(),
            host: "h".into(),
            peers: vec!["g1".into()],
            ice_servers: ice(),
        },
        now + 200,
    );
    assert_eq!(
        h.seen,
        vec![
            Effect::Hangup { peer: "g1".into() },
            Effect::Dial {
                peer: "g1".into(),
                ice_servers: ice()
            }
        ]
    );
    g.relay(RelayMessage::PeerJoined { peer: "h".into() }, now + 200);
    h.link_open("g1", now + 300);
    g.link_open("h", now + 300);
    pump(&mut [&mut h, &mut g], now + 300);
    assert_eq!(
        g.guest().seat(),
        Some(Seat(1)),
        "the guest's seat is its own again"
    );
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        None,
        "and the line is gone"
    );
    assert_eq!(host_view(&g), guest_before, "the guest sees the same table");
    assert!(g.guest().member().is_some());
    // And the game plays on to its end on both pages.
    play_to_the_end(&mut h, &mut [&mut g], now + 400);
    assert_eq!(winner(&h), winner(&g));
    assert!(winner(&h).is_some());
}

/// The winner the page shows, once its game is over.
fn winner(p: &Page) -> Option<Seat> {
    match p.guest().game().map(|g| &g.view.pending) {
        Some(Pending::GameOver { winner }) => Some(*winner),
        _ => None,
    }
}

#[test]
fn a_guided_first_game_against_bots_has_no_clock_and_a_plain_one_has() {
    let timers = |intent: Intent| {
        let mut p = Page::new("solo");
        p.intent(intent, 0);
        p.guest().table().expect("the table").timers
    };
    let guided = timers(Intent::PlayBotsGuided(SoloSetup::default()));
    assert_eq!(
        (guided.turn_ms, guided.window_ms, guided.choice_ms),
        (None, None, None)
    );
    let plain = timers(Intent::PlayBots(SoloSetup::default()));
    assert!(plain.turn_ms.is_some() && plain.window_ms.is_some() && plain.choice_ms.is_some());
    assert_eq!(guided.bot_delay_ms, plain.bot_delay_ms);
}

#[test]
fn a_game_against_bots_resumes_after_a_reload_without_a_relay() {
    let mut p = Page::new("solo");
    p.intent(Intent::SetName(Some("Ana".into())), 0);
    p.intent(
        Intent::PlayBots(SoloSetup {
            players: 3,
            level: BotLevel::Easy,
            options: Default::default(),
        }),
        0,
    );
    let before = format!("{:?}", p.guest().game().expect("dealt").view);
    let p = host_reloaded(p, 50);
    assert_eq!(p.seen, vec![Effect::StartReferee { resume: true }]);
    assert_eq!(
        format!("{:?}", p.guest().game().expect("back").view),
        before
    );
    assert!(p.s.host_record().is_some_and(|r| r.room.is_none()));
}

#[test]
fn a_saved_table_that_does_not_restore_is_set_aside_with_a_notice() {
    let mut h = hosting(Some("Ana"));
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    for bad in [
        None,
        Some("{\"format\":99}".to_owned()),
        Some("garbage".to_owned()),
    ] {
        let mut old = hosting(Some("Ana"));
        old.saved = bad;
        let p = host_reloaded(old, 10);
        assert_eq!(p.not_restored.len(), 1, "the worker said why");
        assert!(
            matches!(p.s.phase, Phase::Start { .. }),
            "nothing half-loaded"
        );
        assert!(p.referee.is_none());
        assert!(
            p.notices().iter().any(|n| n.contains("set aside")),
            "{:?}",
            p.notices()
        );
        assert!(
            p.seen.contains(&Effect::Relay(ClientMessage::Leave)),
            "the room goes"
        );
        assert_eq!(p.s.host_record(), None, "nothing left to resume");
    }
}

#[test]
fn a_reclaim_the_relay_refuses_ends_the_table_with_a_notice() {
    let h = hosting(Some("Ana"));
    let mut h = host_reloaded(h, 10);
    h.relay(relay_error(ErrorCode::NoSuchRoom), 20);
    assert!(matches!(h.s.phase, Phase::Start { .. }));
    assert_eq!(h.seen.last(), Some(&Effect::Relay(ClientMessage::Leave)));
    assert!(
        h.notices()
            .iter()
            .any(|n| n.starts_with("Could not take room ABC-234 back"))
    );
}

/// A dealt room: host "h" (Ana), guest "g1" (Bo) on an open link, and an Easy bot.
fn dealt_room() -> (Page, Page) {
    let mut h = hosting(Some("Ana"));
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Easy,
        }),
        0,
    );
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!(g.guest().seat(), Some(Seat(1)));
    (h, g)
}

/// The relay signals a page sent: (to, data).
fn signals(p: &Page) -> Vec<(String, SignalData)> {
    p.seen
        .iter()
        .filter_map(|e| match e {
            Effect::Relay(ClientMessage::Signal { to, data }) => {
                Some((to.clone(), SignalData::parse(data.clone()).expect("ours")))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn backoff_doubles_to_a_ceiling_with_at_most_half_again_of_jitter() {
    let plain: Vec<u64> = (0..6).map(|a| backoff_ms(a, 0.0)).collect();
    assert_eq!(plain, [2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    assert_eq!(backoff_ms(0, 0.999_999), 2_999);
    assert_eq!(backoff_ms(30, 1.0), 22_500);
    assert_eq!(backoff_ms(1, f64::NAN), 4_000);
    assert_eq!(backoff_ms(1, -3.0), 4_000);
}

#[test]
fn a_guest_whose_link_drops_asks_the_host_to_call_again_and_is_back_in_its_seat() {
    let (mut h, mut g) = dealt_room();
    let token = g.guest().token().expect("a token").to_owned();
    g.seen.clear();
    // Both ends see the channel close.
    let fx = g.s.on_link_closed(&"h".into(), Some("ICE failed"), 1_000);
    g.run(fx, 1_000);
    let fx = h.s.on_link_closed(&"g1".into(), None, 1_000);
    h.run(fx, 1_000);
    assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    assert!(g.notices().is_empty(), "one calm line, no notices");
    assert_eq!(g.seen[0], Effect::Hangup { peer: "h".into() });
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Redial)]);
    // Nothing more before the backoff, then the next attempt.
    assert!(!g.s.tick_due(2_999));
    let fx = g.s.tick(2_999, 0.0);
    g.run(fx, 2_999);
    assert_eq!(signals(&g).len(), 1);
    assert!(g.s.tick_due(3_000));
    let fx = g.s.tick(3_000, 0.0);
    g.run(fx, 3_000);
    assert_eq!(signals(&g).len(), 2, "a second request after 2 s");
    // The host takes the request: a fresh connection.
    h.seen.clear();
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: SignalData::Redial.to_value(),
        },
        3_100,
    );
    assert_eq!(
        h.seen,
        vec![
            Effect::Hangup { peer: "g1".into() },
            Effect::Dial {
                peer: "g1".into(),
                ice_servers: ice()
            }
        ]
    );
    // Its offer reaches the guest: the attempt then waits a full backoff more.
    g.relay(
        RelayMessage::Signal {
            from: "h".into(),
            data: SignalData::Offer { sdp: "v=0".into() }.to_value(),
        },
        3_200,
    );
    let fx = g.s.tick(7_000, 0.0);
    g.run(fx, 7_000);
    assert_eq!(signals(&g).len(), 2, "a connection being made is not cut");
    h.link_open("g1", 7_100);
    g.link_open("h", 7_100);
    assert!(
        g.outbox[0].1.contains(&token),
        "the hello carries the token"
    );
    pump(&mut [&mut h, &mut g], 7_100);
    assert_eq!(g.guest().seat(), Some(Seat(1)), "the same seat");
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    beats(&mut g, 7_100);
    assert!(
        !g.s.tick_due(7_100 + SILENCE_MS - 1),
        "nothing more to do while the heartbeat comes"
    );
    play_to_the_end(&mut h, &mut [&mut g], 8_000);
}

#[test]
fn a_dropped_link_is_told_as_one_and_never_as_a_network_that_cannot_connect() {
    let (_h, mut g) = dealt_room();
    assert!(!g.s.decisions_paused());
    // The link goes quiet, is given up on, and stays down past the time a first link has
    // to open: the page says the host stopped answering, never that the two browsers
    // cannot reach each other, and our decisions wait.
    beats(&mut g, 1_000);
    let mut now = 1_000;
    while now < 1_000 + DEAD_MS + LOST_LINK_MS + 5_000 {
        now += 250;
        let fx = g.s.tick(now, 0.0);
        g.run(fx, now);
    }
    assert!(g.s.decisions_paused(), "our decisions wait for the link");
    assert_eq!(g.s.link_failure(), None, "no panel meant for a first link");
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        Some(
            "The host’s page stopped answering. Your seat is kept; your decisions wait until it answers again."
        )
    );
    // Our own network gone too: we are the ones offline.
    g.s.on_relay_lost(now);
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        Some(
            "You are offline. Your seat is kept; your decisions wait until the connection is back."
        )
    );
    assert!(g.guest().game().is_some(), "the table stays on screen");
    assert!(g.notices().is_empty(), "one line, no notices");
}

#[test]
fn a_hello_that_arrives_before_the_hosts_open_event_is_taken() {
    let mut h = hosting(None);
    let mut g = joining("g1", Some("Ada"));
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    // The joiner's channel opened and its hello left; the host's open event comes later.
    g.link_open("h", 100);
    h.seen.clear();
    pump(&mut [&mut h, &mut g], 100);
    assert!(
        matches!(
            h.seen[..],
            [
                Effect::Referee(ToReferee::Connect { peer: PeerId(1) }),
                Effect::Referee(ToReferee::Text {
                    peer: PeerId(1),
                    ..
                }),
                ..
            ]
        ),
        "the link is open from its first text on: {:?}",
        h.seen
    );
    assert!(g.guest().member().is_some(), "welcomed");
    h.seen.clear();
    h.link_open("g1", 150);
    assert!(h.seen.is_empty(), "the late open event changes nothing");
    let host = h.guest();
    let people = lobby_seats(host.table().expect("seats"), host.member())
        .into_iter()
        .filter(|seat| matches!(seat.kind, SeatKind::Person { .. }))
        .count();
    assert_eq!(people, 2);
    // A text from a peer the host never dialled still counts for nothing.
    h.seen.clear();
    let fx =
        h.s.on_peer_frame(&"stranger".into(), &g.guest().hello(), 200);
    h.run(fx, 200);
    assert!(h.seen.is_empty());
}

#[test]
fn a_joiner_whose_hello_is_lost_on_an_open_link_makes_the_link_again_and_is_seated() {
    let mut h = hosting(None);
    let mut g = joining("g1", Some("Ada"));
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    h.link_open("g1", 100);
    g.link_open("h", 100);
    // The hello is lost on the way: the link is open and alive, and nobody speaks on it.
    assert_eq!(g.outbox.len(), 1, "one hello");
    g.outbox.clear();
    g.seen.clear();
    let mut now = 100;
    while now < 100 + WELCOME_MS - 1_000 {
        now += 1_000;
        beats(&mut g, now);
        beats(&mut h, now);
        let fx = g.s.tick(now, 0.0);
        g.run(fx, now);
    }
    assert!(g.seen.is_empty(), "it waits for the welcome: {:?}", g.seen);
    // Past the time for a welcome, the link is made again: the host is asked to call.
    let late = 100 + WELCOME_MS;
    assert!(g.s.tick_due(late));
    beats(&mut g, late);
    let fx = g.s.tick(late, 0.0);
    g.run(fx, late);
    assert_eq!(g.seen[0], Effect::Hangup { peer: "h".into() });
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Redial)]);
    h.seen.clear();
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: SignalData::Redial.to_value(),
        },
        late + 100,
    );
    assert_eq!(
        h.seen[..2],
        [
            Effect::Referee(ToReferee::Disconnect { peer: PeerId(1) }),
            Effect::Hangup { peer: "g1".into() },
        ]
    );
    h.link_open("g1", late + 200);
    g.link_open("h", late + 200);
    pump(&mut [&mut h, &mut g], late + 200);
    assert!(g.guest().member().is_some(), "welcomed on the new link");
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    let host = h.guest();
    let people = lobby_seats(host.table().expect("seats"), host.member())
        .into_iter()
        .filter(|seat| matches!(seat.kind, SeatKind::Person { .. }))
        .count();
    assert_eq!(people, 2, "the host's lobby shows the joiner once");
    // Welcomed, nothing more falls due but the heartbeat.
    beats(&mut g, late + 200);
    assert!(!g.s.tick_due(late + 200 + SILENCE_MS - 1));
}

#[test]
fn a_struggling_link_asks_the_host_for_an_ice_restart() {
    let (mut h, mut g) = dealt_room();
    g.seen.clear();
    let fx = g.s.on_link_unstable(&"h".into(), 500);
    g.run(fx, 500);
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Restart)]);
    assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    assert!(
        g.s.on_link_unstable(&"h".into(), 600).is_empty(),
        "asked once"
    );
    // Still struggling after the backoff (the request may have been lost): asked again,
    // and at once when the page wakes (the network came back).
    let fx = g.s.tick(2_499, 0.0);
    g.run(fx, 2_499);
    assert_eq!(signals(&g).len(), 1);
    let fx = g.s.tick(2_500, 0.0);
    g.run(fx, 2_500);
    assert_eq!(signals(&g).len(), 2);
    assert!(!g.s.tick_due(2_600));
    g.s.wake(2_600);
    let fx = g.s.tick(2_600, 0.0);
    g.run(fx, 2_600);
    assert_eq!(
        signals(&g),
        vec![("h".to_owned(), SignalData::Restart); 3],
        "no redial while the channel is open and its silence short of the dead limit"
    );
    h.seen.clear();
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: SignalData::Restart.to_value(),
        },
        600,
    );
    assert_eq!(h.seen, vec![Effect::RestartIce { peer: "g1".into() }]);
    // A guest is never asked for what only a host gives.
    g.relay(
        RelayMessage::Signal {
            from: "h".into(),
            data: SignalData::Redial.to_value(),
        },
        700,
    );
    assert!(g.notices().iter().any(|n| n.contains("unexpected signal")));
    // The connection comes back on the same channel: the line goes.
    g.s.on_link_stable(&"h".into());
    assert_eq!(g.s.connection_line(true).as_deref(), None);
}

#[test]
fn a_guest_whose_relay_socket_dropped_plays_on_and_joins_again_only_to_reconnect() {
    let (mut h, mut g) = dealt_room();
    let fx = g.s.on_relay_lost(100);
    g.run(fx, 100);
    assert!(g.notices().is_empty());
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        None,
        "the channel is open: nothing to say"
    );
    // The host hears the guest left the relay, and keeps its open link.
    h.seen.clear();
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, 100);
    assert!(h.seen.is_empty(), "no hangup of an open link");
    // Then the link goes too: the guest joins the room again on a new socket.
    g.seen.clear();
    let fx = g.s.on_link_closed(&"h".into(), None, 200);
    g.run(fx, 200);
    let fx = h.s.on_link_closed(&"g1".into(), None, 200);
    h.run(fx, 200);
    let join = Effect::Relay(ClientMessage::Join {
        room: "ABC234".into(),
    });
    assert!(g.seen.contains(&join));
    assert!(signals(&g).is_empty());
    let fx = g.s.tick(2_200, 0.0);
    g.run(fx, 2_200);
    assert_eq!(
        g.seen.iter().filter(|e| **e == join).count(),
        1,
        "one join until it is answered"
    );
    // Back in with a new relay id; the host calls it, and the seat is its own again.
    g.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "g2".into(),
            host: "h".into(),
            peers: vec!["h".into()],
            ice_servers: ice(),
        },
        300,
    );
    g.id = "g2".into();
    h.relay(RelayMessage::PeerJoined { peer: "g2".into() }, 300);
    h.link_open("g2", 400);
    g.link_open("h", 400);
    pump(&mut [&mut h, &mut g], 400);
    assert_eq!(g.guest().seat(), Some(Seat(1)));
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    assert!(g.s.seat_record().is_some_and(|r| r.code == code()));
}

#[test]
fn a_guest_whose_room_is_gone_is_told_and_offered_the_first_screen() {
    let (_h, mut g) = dealt_room();
    g.s.on_relay_lost(0);
    let fx = g.s.on_link_closed(&"h".into(), None, 0);
    g.run(fx, 0);
    g.relay(relay_error(ErrorCode::NoSuchRoom), 10);
    assert!(matches!(g.s.phase, Phase::Start { .. }));
    assert_eq!(
        g.notices(),
        ["Room ABC-234 is gone: There is no room with that code. Create a new room to play again."]
    );
}

#[test]
fn a_host_whose_relay_socket_drops_reclaims_the_room_with_backoff_and_keeps_its_links() {
    let (mut h, mut g) = dealt_room();
    h.seen.clear();
    let fx = h.s.on_relay_lost(1_000);
    h.run(fx, 1_000);
    assert_eq!(
        h.s.connection_line(true).as_deref(),
        Some("Reconnecting to the relay…")
    );
    let reclaim = Effect::Relay(ClientMessage::Reclaim {
        room: "ABC234".into(),
        host_secret: "secret".into(),
    });
    let count = |p: &Page| p.seen.iter().filter(|e| **e == reclaim).count();
    assert!(h.s.tick_due(1_000));
    let fx = h.s.tick(1_000, 0.0);
    h.run(fx, 1_000);
    assert_eq!(count(&h), 1);
    // The new socket fails too: the next reclaim waits its backoff.
    h.s.on_relay_lost(1_100);
    let fx = h.s.tick(2_999, 0.0);
    h.run(fx, 2_999);
    assert_eq!(count(&h), 1);
    let fx = h.s.tick(3_000, 0.0);
    h.run(fx, 3_000);
    assert_eq!(count(&h), 2);
    // The relay is back: the room is ours, and the open link to the guest is kept.
    h.seen.clear();
    h.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "h".into(),
            host: "h".into(),
            peers: vec!["g1".into()],
            ice_servers: ice(),
        },
        3_100,
    );
    assert!(h.seen.is_empty(), "no redial of an open link");
    assert_eq!(h.s.connection_line(true).as_deref(), None);
    beats(&mut h, 3_100);
    assert!(!h.s.tick_due(3_100 + SILENCE_MS - 1));
    play_to_the_end(&mut h, &mut [&mut g], 4_000);
}

/// A relay that restarted has forgotten every room: `h`'s socket goes, its reclaim is
/// refused, and it opens room XYZ789 (secret "secret2", relay id "h2"), telling `g`.
fn relay_restarts_and_the_room_moves(h: &mut Page, g: &mut Page, now: u64) {
    let fx = h.s.on_relay_lost(now);
    h.run(fx, now);
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, now);
    let fx = g.s.on_relay_lost(now);
    g.run(fx, now);
    h.seen.clear();
    let fx = h.s.tick(now, 0.0);
    h.run(fx, now);
    h.relay(relay_error(ErrorCode::NoSuchRoom), now + 10);
    assert_eq!(
        h.seen.last(),
        Some(&Effect::Relay(ClientMessage::Create { handover: false })),
        "a new room, since the relay lost the old one"
    );
    assert!(h.s.hosting(), "the table plays on");
    assert_eq!(
        h.s.connection_line(true).as_deref(),
        Some("Reconnecting to the relay…")
    );
    h.seen.clear();
    h.relay(
        RelayMessage::Created {
            room: "XYZ789".into(),
            peer: "h2".into(),
            host_secret: "secret2".into(),
            ice_servers: ice(),
            handover: false,
        },
        now + 20,
    );
    assert!(
        !h.seen.iter().any(|e| matches!(
            e,
            Effect::Hangup { .. } | Effect::Dial { .. } | Effect::StartReferee { .. }
        )),
        "the same referee and links: {:?}",
        h.seen
    );
    assert_eq!(h.s.connection_line(true).as_deref(), None);
    beats(h, now + 20);
    assert!(
        !h.s.tick_due(now + 20 + SILENCE_MS - 1),
        "nothing more to ask the relay"
    );
    pump(&mut [h, g], now + 20);
    // The guest's channel to the host stays as it was; what reaches the host through the
    // new room comes from its new relay id.
    h.id = "h2".into();
}

#[test]
fn a_restarted_relay_that_lost_the_room_moves_the_table_to_a_new_code_its_guests_are_told() {
    let (mut h, mut g) = dealt_room();
    let token = g.guest().token().expect("a token").to_owned();
    let moved = RoomCode::parse("XYZ789").expect("a code");
    relay_restarts_and_the_room_moves(&mut h, &mut g, 100);
    // Both pages show the new code, and keep it where a reload looks.
    assert_eq!(h.s.room().map(|r| r.code.clone()), Some(moved.clone()));
    assert_eq!(g.s.room().map(|r| r.code.clone()), Some(moved.clone()));
    let record = h.s.host_record().and_then(|r| r.room).expect("a room");
    assert_eq!(
        (
            record.code.clone(),
            record.secret.as_str(),
            record.me.as_str()
        ),
        (moved.clone(), "secret2", "h2")
    );
    let seat = g.s.seat_record().expect("a seat record");
    assert_eq!(
        (seat.code.clone(), seat.token.as_str()),
        (moved, token.as_str())
    );
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        None,
        "the channel never went"
    );
    assert!(
        h.notices().iter().any(|n| n.contains("XYZ-789")),
        "{:?}",
        h.notices()
    );
    assert!(g.notices().is_empty(), "{:?}", g.notices());
    // The guest's page reloads: it joins the new room with its token and is seated again.
    let fx = h.s.on_link_closed(&"g1".into(), None, 200);
    h.run(fx, 200);
    let mut g = reloaded_and_rejoining_in(seat.clone(), "g2", "h2");
    assert_eq!(
        g.seen[0],
        Effect::Relay(ClientMessage::Join {
            room: "XYZ789".into()
        })
    );
    h.seen.clear();
    h.relay(RelayMessage::PeerJoined { peer: "g2".into() }, 300);
    assert!(h.seen.contains(&Effect::Dial {
        peer: "g2".into(),
        ice_servers: ice()
    }));
    h.link_open("g2", 300);
    g.link_open("h2", 300);
    assert!(
        g.outbox[0].1.contains(&token),
        "the hello carries the token"
    );
    pump(&mut [&mut h, &mut g], 300);
    assert_eq!(g.guest().seat(), Some(Seat(1)), "the same seat");
    assert_eq!(g.s.seat_record(), Some(seat), "the same record");
    for _ in 0..3 {
        for p in [&mut h, &mut g] {
            if let Some(&input) = p.guest().game().and_then(|x| x.legal.first()) {
                p.intent(Intent::Play(input), 400);
            }
        }
        pump(&mut [&mut h, &mut g], 400);
    }
    // Then the host's page reloads: it reclaims the new room, and the guest, whose channel
    // went, joins it again and is called.
    let fx = g.s.on_link_closed(&"h2".into(), None, 500);
    g.run(fx, 500);
    let join = Effect::Relay(ClientMessage::Join {
        room: "XYZ789".into(),
    });
    assert!(g.seen.contains(&join), "{:?}", g.seen);
    let mut h = host_reloaded(h, 600);
    assert_eq!(
        h.seen[1],
        Effect::Relay(ClientMessage::Reclaim {
            room: "XYZ789".into(),
            host_secret: "secret2".into(),
        })
    );
    h.relay(
        RelayMessage::Joined {
            room: "XYZ789".into(),
            peer: "h2".into(),
            host: "h2".into(),
            peers: Vec::new(),
            ice_servers: ice(),
        },
        700,
    );
    g.relay(
        RelayMessage::Joined {
            room: "XYZ789".into(),
            peer: "g3".into(),
            host: "h2".into(),
            peers: vec!["h2".into()],
            ice_servers: ice(),
        },
        800,
    );
    g.id = "g3".into();
    h.seen.clear();
    h.relay(RelayMessage::PeerJoined { peer: "g3".into() }, 800);
    assert!(h.seen.contains(&Effect::Dial {
        peer: "g3".into(),
        ice_servers: ice()
    }));
    h.link_open("g3", 900);
    g.link_open("h2", 900);
    pump(&mut [&mut h, &mut g], 900);
    assert_eq!(g.guest().seat(), Some(Seat(1)));
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    play_to_the_end(&mut h, &mut [&mut g], 1_000);
    assert_eq!(winner(&h), winner(&g));
    assert!(winner(&h).is_some());
}

#[test]
fn a_new_room_the_relay_will_not_open_yet_is_asked_for_again_with_backoff() {
    let (mut h, mut g) = dealt_room();
    h.s.on_relay_lost(0);
    let fx = h.s.tick(0, 0.0);
    h.run(fx, 0);
    h.seen.clear();
    h.relay(relay_error(ErrorCode::NoSuchRoom), 10);
    h.relay(relay_error(ErrorCode::RateLimited), 20);
    assert!(h.s.hosting(), "the table plays on");
    assert_eq!(
        h.s.connection_line(true).as_deref(),
        Some("Reconnecting to the relay…")
    );
    let creates = |p: &Page| {
        p.seen
            .iter()
            .filter(|e| **e == Effect::Relay(ClientMessage::Create { handover: false }))
            .count()
    };
    assert_eq!(creates(&h), 1);
    let fx = h.s.tick(1_999, 0.0);
    h.run(fx, 1_999);
    assert_eq!(creates(&h), 1, "not before the backoff");
    let fx = h.s.tick(2_000, 0.0);
    h.run(fx, 2_000);
    assert_eq!(creates(&h), 2, "then again");
    assert!(
        !h.seen.iter().any(
            |e| matches!(e, Effect::Relay(ClientMessage::Reclaim { .. }))
                || *e == Effect::Relay(ClientMessage::Leave)
        ),
        "a lost room is not reclaimed again, nor left"
    );
    // A bad answer changes nothing: the table keeps its old code until a good one.
    h.relay(
        RelayMessage::Created {
            room: "nope".into(),
            peer: "h2".into(),
            host_secret: "s".into(),
            ice_servers: ice(),
            handover: false,
        },
        2_100,
    );
    assert_eq!(h.s.room().map(|r| r.code.clone()), Some(code()));
    assert!(h.outbox.iter().all(|(_, t)| !t.contains("moved")));
    play_to_the_end(&mut h, &mut [&mut g], 3_000);
}

#[test]
fn a_host_gone_for_good_leaves_the_final_table_on_screen_and_a_new_room_one_click_away() {
    let (_h, mut g) = dealt_room();
    let before = format!("{:?}", g.guest().game().expect("a game").view);
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, 10);
    g.seen.clear();
    g.relay(
        RelayMessage::RoomClosed {
            reason: "the host did not return".into(),
        },
        20,
    );
    assert_eq!(g.seen, vec![Effect::Hangup { peer: "h".into() }]);
    assert_eq!(
        g.s.ended(),
        Some("The host did not come back, so this game is over.")
    );
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        None,
        "nothing is coming back"
    );
    assert_eq!(
        format!("{:?}", g.guest().game().expect("still shown").view),
        before,
        "the final state stays on screen"
    );
    assert_eq!(g.s.seat_record(), None, "nothing to rejoin");
    assert!(!g.s.tick_due(u64::MAX));
    g.seen.clear();
    g.intent(Intent::NewRoom, 30);
    assert_eq!(
        g.seen,
        vec![
            Effect::Hangup { peer: "h".into() },
            // The new room hands over, as every room does.
            Effect::Relay(ClientMessage::Create { handover: true })
        ],
        "no leave for a room the relay already closed"
    );
    assert!(matches!(g.s.phase, Phase::Opening(Opening::Create)));
    // Only an ended room offers it.
    let (_h, mut g) = dealt_room();
    assert_eq!(g.s.handle(Intent::NewRoom), Ok(Vec::new()));
}

#[test]
fn a_host_that_leaves_the_relay_with_its_channel_open_plays_on() {
    // A relay shutting down closes its sockets one by one: the guest may hear the host
    // left before its own socket goes.
    let (mut h, mut g) = dealt_room();
    g.seen.clear();
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, 10);
    assert!(g.seen.is_empty(), "no hangup of an open channel");
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    assert!(g.guest().member().is_some(), "still welcomed");
    // Struggling then (the host's page went): the line says the host is away.
    let fx = g.s.on_link_unstable(&"h".into(), 15);
    g.run(fx, 15);
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        Some("The host's connection dropped; waiting for them to come back…")
    );
    g.s.on_link_stable(&"h".into());
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    g.intent(
        Intent::Play(
            g.guest()
                .game()
                .and_then(|x| x.legal.first().copied())
                .unwrap_or(Input::Pass),
        ),
        20,
    );
    pump(&mut [&mut h, &mut g], 20);
    // If the channel then goes too, the host is away: wait for its call, ask nothing.
    let fx = g.s.on_link_closed(&"h".into(), None, 30);
    g.run(fx, 30);
    assert_eq!(
        g.s.connection_line(true).as_deref(),
        Some("The host's connection dropped; waiting for them to come back…")
    );
    assert!(signals(&g).is_empty());
}

#[test]
fn a_late_frame_on_a_channel_given_up_while_the_host_was_away_is_not_taken() {
    // The host left the relay; then its channel went silent for good and the guest gave
    // it up. A frame that still arrives on it is dropped: no "before welcoming us".
    let (mut h, mut g) = dealt_room();
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, 10);
    g.seen.clear();
    let fx = g.s.on_link_closed(&"h".into(), None, 30);
    g.run(fx, 30);
    assert!(
        g.seen
            .iter()
            .any(|e| matches!(e, Effect::Hangup { peer } if peer.0 == "h")),
        "the channel given up on is hung up: {:?}",
        g.seen
    );
    // The host plays on meanwhile; what it sends reaches the guest late.
    h.tick(40_000);
    h.intent(Intent::Chat("still here?".into()), 40_000);
    let late: Vec<String> = h
        .outbox
        .drain(..)
        .filter(|(to, _)| to.0 == "g1")
        .map(|(_, text)| text)
        .collect();
    assert!(!late.is_empty(), "the host sent the guest something");
    let before = g.notices();
    for text in &late {
        let fx = g.s.on_peer_frame(&"h".into(), text, 40_001);
        g.run(fx, 40_001);
    }
    assert_eq!(g.notices(), before, "no notice about the host's messages");
    assert!(
        !g.s.chat_lines().iter().any(|l| l.text == "still here?"),
        "nothing from a closed channel is taken"
    );
}

/// The host's and the guest's pages of a dealt room, each having just heard the other at
/// `now` (the heartbeat, both ways).
fn dealt_room_heard(now: u64) -> (Page, Page) {
    let (mut h, mut g) = dealt_room();
    // The guest's answer, as its link made it, told the host its name.
    let fx = g.s.on_link_signal(
        &"h".into(),
        SignalData::Answer {
            sdp: "v=0".into(),
            name: None,
        },
    );
    for e in fx {
        if let Effect::Relay(ClientMessage::Signal { data, .. }) = e {
            h.relay(
                RelayMessage::Signal {
                    from: "g1".into(),
                    data,
                },
                now,
            );
        }
    }
    beats(&mut h, now);
    beats(&mut g, now);
    h.seen.clear();
    g.seen.clear();
    (h, g)
}

/// Ticks `p` at `now` when its clock would (only when something is due).
fn clock(p: &mut Page, now: u64) {
    if p.s.tick_due(now) {
        let fx = p.s.tick(now, 0.0);
        p.run(fx, now);
    }
}

#[test]
fn a_guest_that_left_the_relay_and_went_quiet_is_gone_without_the_whole_wait() {
    let (mut h, _g) = dealt_room_heard(1_000);
    // Its tab closed: the relay says it left, and its channel carries nothing more.
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, 1_200);
    assert!(!h.s.tick_due(1_000 + SILENCE_MS - 1));
    clock(&mut h, 1_000 + SILENCE_MS - 1);
    assert!(h.notices().is_empty());
    assert!(
        h.s.tick_due(1_000 + SILENCE_MS),
        "its silence is due at once"
    );
    clock(&mut h, 1_000 + SILENCE_MS);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Gone { peer: PeerId(1) })),
        "the referee is told it is gone, so its stand-in answers at once"
    );
    assert_eq!(h.notices().len(), 1, "{:?}", h.notices());
    assert!(
        h.notices()[0].contains("they left the room"),
        "{:?}",
        h.notices()
    );
    // The other order: the channel closes first, then the relay says it left.
    let (mut h, _g) = dealt_room_heard(1_000);
    let fx = h.s.on_link_closed(&"g1".into(), None, 1_100);
    h.run(fx, 1_100);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Disconnect { peer: PeerId(1) }))
    );
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, 1_200);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Gone { peer: PeerId(1) })),
        "then it is gone"
    );
}

/// Whether the host's page shows seat 1's person answered for by their stand-in.
fn seat_one_stood_in(h: &Page) -> bool {
    h.guest().table().is_some_and(|t| {
        matches!(
            t.seats.get(1),
            Some(shared::session::protocol::SeatInfo::Person { stand_in: true, .. })
        )
    })
}

#[test]
fn a_guest_that_left_the_relay_and_then_whose_channel_closed_is_gone_at_once() {
    // Its tab closed: the relay's word that it left comes first, while its channel is
    // still open (the relay was quicker than the channel's close), and then the channel
    // closes, before the host's page noticed any silence. (Late enough on the clock that
    // a seat's grace could have run since it began.)
    let t = 100_000;
    let (mut h, _g) = dealt_room_heard(t);
    h.relay(RelayMessage::PeerLeft { peer: "g1".into() }, t + 200);
    assert!(
        !h.seen.iter().any(|e| matches!(e, Effect::Referee(_))),
        "its channel is open: nothing yet"
    );
    let fx = h.s.on_link_closed(&"g1".into(), None, t + 300);
    h.run(fx, t + 300);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Gone { peer: PeerId(1) })),
        "the referee is told it is gone: {:?}",
        h.seen
    );
    h.tick(t + 400);
    assert!(seat_one_stood_in(&h), "its stand-in answers at once");
    // Nothing is left to notice it later: no silence is watched on a link that ended.
    assert!(!h.s.tick_due(t + DEAD_MS));

    // A channel that closes while its page is still on the relay is a dropped link: the
    // seat waits through its grace.
    let (mut h, _g) = dealt_room_heard(t);
    let fx = h.s.on_link_closed(&"g1".into(), None, t + 300);
    h.run(fx, t + 300);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Disconnect { peer: PeerId(1) }))
    );
    assert!(
        !h.seen
            .contains(&Effect::Referee(ToReferee::Gone { peer: PeerId(1) }))
    );
    h.tick(t + 400);
    assert!(!seat_one_stood_in(&h), "it is only away");
}

#[test]
fn a_silent_link_asks_for_an_ice_restart_and_heartbeats_make_it_stable_again() {
    let (mut h, mut g) = dealt_room_heard(1_000);
    // Quiet for less than the limit: nothing.
    assert!(!g.s.tick_due(1_000 + SILENCE_MS - 1));
    clock(&mut g, 1_000 + SILENCE_MS - 1);
    assert!(signals(&g).is_empty());
    // Past it: the guest asks the host for an ICE restart and says it is reconnecting.
    clock(&mut g, 1_000 + SILENCE_MS);
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Restart)]);
    assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    // The heartbeat comes again: the link is stable, nothing more is asked.
    assert!(
        g.s.beat_is_news(&"h".into()),
        "the interface must look again"
    );
    beats(&mut g, 6_500);
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    assert!(!g.s.beat_is_news(&"h".into()));
    assert!(!g.s.tick_due(6_500 + SILENCE_MS - 1));
    assert_eq!(g.s.link_failure(), None);
    // A host whose guest went quiet marks the link struggling, once, leaving the ICE
    // restart to the guest's request, and is calm again when it hears from it.
    assert!(h.s.tick_due(1_000 + SILENCE_MS));
    clock(&mut h, 1_000 + SILENCE_MS);
    assert!(h.seen.is_empty(), "{:?}", h.seen);
    assert!(h.s.beat_is_news(&"g1".into()));
    assert!(
        !h.s.tick_due(1_000 + SILENCE_MS + 2_000),
        "once per silence"
    );
    assert!(h.notices().is_empty());
    beats(&mut h, 6_500);
    assert!(!h.s.beat_is_news(&"g1".into()));
    assert!(!h.s.tick_due(6_500 + SILENCE_MS - 1));
    play_to_the_end(&mut h, &mut [&mut g], 7_000);
}

#[test]
fn a_link_silent_past_the_dead_limit_is_made_again_and_the_guest_keeps_its_seat() {
    let (mut h, mut g) = dealt_room_heard(1_000);
    let token = g.guest().token().expect("a token").to_owned();
    // The guest's clock runs four times a second; nothing arrives from the host.
    let mut now = 1_000;
    while now < 1_000 + DEAD_MS - 250 {
        now += 250;
        clock(&mut g, now);
    }
    assert!(
        signals(&g).iter().all(|(_, s)| *s == SignalData::Restart),
        "only ICE restarts while the channel may come back: {:?}",
        signals(&g)
    );
    assert!(!signals(&g).is_empty());
    now += 250;
    clock(&mut g, now);
    assert_eq!(now, 1_000 + DEAD_MS);
    assert_eq!(
        signals(&g).last(),
        Some(&("h".to_owned(), SignalData::Redial))
    );
    assert!(g.seen.contains(&Effect::Hangup { peer: "h".into() }));
    assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    // The host, hearing nothing either, ends the link: the referee keeps the seat through
    // its grace, and the host's page says so once.
    clock(&mut h, 1_000 + DEAD_MS);
    assert!(
        h.seen
            .contains(&Effect::Referee(ToReferee::Disconnect { peer: PeerId(1) }))
    );
    assert!(h.seen.contains(&Effect::Hangup { peer: "g1".into() }));
    assert_eq!(h.notices().len(), 1);
    assert!(
        h.notices()[0].contains("Bo") && h.notices()[0].contains("30 seconds"),
        "{:?}",
        h.notices()
    );
    // The guest's redial reaches the host: a new connection, and the token's hello.
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: SignalData::Redial.to_value(),
        },
        now + 100,
    );
    h.link_open("g1", now + 200);
    g.link_open("h", now + 200);
    assert!(g.outbox[0].1.contains(&token));
    pump(&mut [&mut h, &mut g], now + 200);
    assert_eq!(g.guest().seat(), Some(Seat(1)), "the same seat");
    assert_eq!(g.s.connection_line(true).as_deref(), None);
    assert!(
        h.notices().is_empty(),
        "the notice about Bo went once Bo was back: {:?}",
        h.notices()
    );
}

#[test]
fn a_heartbeat_never_reaches_the_referee_or_the_table_and_a_flood_costs_nothing() {
    let (mut h, mut g) = dealt_room_heard(1_000);
    let log = g.guest().log().len();
    let view = format!("{:?}", g.guest().game());
    for i in 0..10_000 {
        assert!(g.s.on_peer_beat(&"h".into(), 1_000 + i).is_empty());
        assert!(h.s.on_peer_beat(&"g1".into(), 1_000 + i).is_empty());
    }
    assert_eq!(g.guest().log().len(), log, "the table never sees one");
    assert_eq!(format!("{:?}", g.guest().game()), view);
    assert!(g.notices().is_empty() && h.notices().is_empty());
    // The referee's rate limit was not spent on them: a line of chat still goes through.
    g.intent(Intent::Chat("still here".into()), 12_000);
    pump(&mut [&mut h, &mut g], 12_000);
    assert!(
        g.s.chat_lines().iter().any(|l| l.text == "still here"),
        "{:?}",
        g.notices()
    );
    // A stranger's heartbeat changes nothing either.
    assert!(h.s.on_peer_beat(&"nobody".into(), 12_000).is_empty());
}

/// A joiner "g1" named `name` in room ABC234, and its host, with `servers` handed out; the
/// host dialled it at 0 and nothing opens.
fn unreachable_joiner(name: &str, servers: Vec<IceServer>) -> (Page, Page) {
    let mut h = hosting(Some("Ana"));
    let mut g = Page::new("g1");
    g.intent(Intent::SetName(Some(name.to_owned())), 0);
    g.intent(Intent::JoinRoom("ABC234".into()), 0);
    g.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "g1".into(),
            host: "h".into(),
            peers: vec!["h".into(), "g1".into()],
            ice_servers: servers.clone(),
        },
        0,
    );
    if let Phase::Hosting(hh) = &mut h.s.phase
        && let Some(r) = hh.room.as_mut()
    {
        r.ice_servers = servers;
    }
    h.relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
    h.seen.clear();
    g.seen.clear();
    (h, g)
}

/// The host's offer reaches `g` at `now`; its answer goes back with the candidates each
/// side gathered (`host_typ`, `guest_typ`: candidate types).
fn offer_and_answer(h: &mut Page, g: &mut Page, now: u64, host_typ: &[&str], guest_typ: &[&str]) {
    let cand = |t: &str| SignalData::Candidate {
        candidate: format!("candidate:1 1 udp 1 10.0.0.1 5000 typ {t}"),
        sdp_mid: Some("0".into()),
        sdp_m_line_index: Some(0),
    };
    let fx =
        h.s.on_link_signal(&"g1".into(), SignalData::Offer { sdp: "v=0".into() });
    let mut to_guest = vec![fx];
    for t in host_typ {
        to_guest.push(h.s.on_link_signal(&"g1".into(), cand(t)));
    }
    for fx in to_guest {
        for e in fx {
            let Effect::Relay(ClientMessage::Signal { data, .. }) = e else {
                panic!("a signal for the relay: {e:?}");
            };
            g.relay(
                RelayMessage::Signal {
                    from: "h".into(),
                    data,
                },
                now,
            );
        }
    }
    let mut to_host = vec![g.s.on_link_signal(
        &"h".into(),
        SignalData::Answer {
            sdp: "v=0".into(),
            name: None,
        },
    )];
    for t in guest_typ {
        to_host.push(g.s.on_link_signal(&"h".into(), cand(t)));
    }
    for fx in to_host {
        for e in fx {
            let Effect::Relay(ClientMessage::Signal { data, .. }) = e else {
                panic!("a signal for the relay: {e:?}");
            };
            h.relay(
                RelayMessage::Signal {
                    from: "g1".into(),
                    data,
                },
                now,
            );
        }
    }
}

#[test]
fn a_guests_answer_carries_the_name_it_typed() {
    let (_h, mut g) = unreachable_joiner("Bo", ice());
    let fx = g.s.on_link_signal(
        &"h".into(),
        SignalData::Answer {
            sdp: "v=0".into(),
            name: None,
        },
    );
    assert_eq!(
        fx,
        vec![Effect::Relay(ClientMessage::Signal {
            to: "h".into(),
            data: json!({"kind": "answer", "sdp": "v=0", "name": "Bo"}),
        })]
    );
}

#[test]
fn a_joiner_that_cannot_reach_the_host_is_told_why_in_time_and_keeps_trying() {
    let (mut h, mut g) = unreachable_joiner("Bo", ice());
    offer_and_answer(&mut h, &mut g, 300, &["host"], &[]);
    // No panel, no line, before its time.
    for now in (0..FIRST_LINK_MS).step_by(250) {
        clock(&mut g, now);
    }
    assert_eq!(g.s.link_failure(), None);
    assert!(signals(&g).is_empty(), "the first call is not cut short");
    clock(&mut g, FIRST_LINK_MS);
    // The server hands out STUN but no TURN, and nobody gathered a relay candidate.
    assert_eq!(g.s.link_failure(), Some(Diagnosis::NoTurn));
    assert_eq!(
        g.s.connection_line(true),
        None,
        "the panel, not \"Reconnecting…\""
    );
    // From now on it tries again quietly, with backoff: a new connection each time.
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Redial)]);
    for now in (FIRST_LINK_MS..FIRST_LINK_MS + 30_000).step_by(250) {
        clock(&mut g, now);
    }
    assert!(signals(&g).len() >= 3, "{:?}", signals(&g));
    assert!(signals(&g).iter().all(|(_, s)| *s == SignalData::Redial));
    assert_eq!(g.s.link_failure(), Some(Diagnosis::NoTurn), "still shown");
    // The link opens at last: the panel goes by itself.
    let now = FIRST_LINK_MS + 30_000;
    h.link_open("g1", now);
    g.link_open("h", now);
    pump(&mut [&mut h, &mut g], now);
    assert_eq!(g.s.link_failure(), None);
    assert_eq!(g.s.connection_line(true), None);
    assert_eq!(g.guest().name(), "Bo");
}

#[test]
fn a_joiner_that_got_no_call_at_all_is_told_the_host_never_answered() {
    let (_h, mut g) = unreachable_joiner("Bo", ice());
    clock(&mut g, FIRST_LINK_MS);
    assert_eq!(g.s.link_failure(), Some(Diagnosis::NoCall));
}

#[test]
fn the_diagnosis_reads_what_both_pages_gathered_and_what_the_relay_handed_out() {
    let turn = vec![IceServer {
        urls: vec!["stun:s.example".into(), "turn:t.example".into()],
        username: Some("u".into()),
        credential: Some("c".into()),
    }];
    // (servers handed out, the host's candidate types, the joiner's, the joiner's diagnosis)
    type Case = (
        Vec<IceServer>,
        &'static [&'static str],
        &'static [&'static str],
        Diagnosis,
    );
    let cases: [Case; 5] = [
        (vec![], &["host"], &["host"], Diagnosis::NoStun),
        (
            ice(),
            &["host", "srflx"],
            &["host", "srflx"],
            Diagnosis::NoTurn,
        ),
        (
            turn.clone(),
            &["host", "relay"],
            &["host"],
            Diagnosis::LocalTurnUnreachable,
        ),
        (turn.clone(), &["relay"], &["relay"], Diagnosis::BothRelayed),
        (
            turn,
            &["host"],
            &["relay"],
            Diagnosis::RemoteTurnUnreachable,
        ),
    ];
    for (servers, host_typ, guest_typ, want) in cases {
        let (mut h, mut g) = unreachable_joiner("Bo", servers);
        offer_and_answer(&mut h, &mut g, 300, host_typ, guest_typ);
        clock(&mut g, FIRST_LINK_MS);
        assert_eq!(
            g.s.link_failure(),
            Some(want),
            "{host_typ:?} / {guest_typ:?}"
        );
        // The host reads the same facts from its side: "local" is its own browser.
        clock(&mut h, FIRST_LINK_MS);
        let mirrored = match want {
            Diagnosis::LocalTurnUnreachable => "but Bo’s browser could not reach it",
            Diagnosis::RemoteTurnUnreachable => "but your browser could not reach it",
            Diagnosis::BothRelayed => "still found no way through",
            Diagnosis::NoTurn => "and your network and Bo’s need one",
            Diagnosis::NoStun => "no STUN or TURN server",
            Diagnosis::NoCall => unreachable!(),
        };
        assert_eq!(h.notices().len(), 1);
        assert!(h.notices()[0].contains(mirrored), "{:?}", h.notices());
    }
}

#[test]
fn the_host_names_an_unreachable_joiner_by_its_typed_name_once_per_failure() {
    let (mut h, mut g) = unreachable_joiner("Bo", ice());
    offer_and_answer(&mut h, &mut g, 300, &["host"], &[]);
    // The attempt fails in the browser: no notice for a link that never opened.
    let fx = h.s.on_link_closed(&"g1".into(), Some("ICE failed"), 9_000);
    h.run(fx, 9_000);
    assert!(h.notices().is_empty());
    // In time, once, by the name the joiner typed, in words that match the joiner's.
    let mut now = 0;
    while now < FIRST_LINK_MS + 60_000 {
        // The host's clock ticks even when its own check says nothing is due (something
        // else may be): a told failure is still told once.
        let fx = h.s.tick(now, 0.0);
        h.run(fx, now);
        clock(&mut g, now);
        // Each of the joiner's redials reaches the host: a new call, which fails too.
        for e in std::mem::take(&mut g.seen) {
            if let Effect::Relay(ClientMessage::Signal { data, .. }) = e {
                h.relay(
                    RelayMessage::Signal {
                        from: "g1".into(),
                        data,
                    },
                    now,
                );
                let fx =
                    h.s.on_link_closed(&"g1".into(), Some("ICE failed"), now + 1);
                h.run(fx, now + 1);
            }
        }
        now += 250;
    }
    let dials = h
        .seen
        .iter()
        .filter(|e| matches!(e, Effect::Dial { .. }))
        .count();
    assert!(dials >= 3, "the joiner kept trying: {dials} dials");
    assert_eq!(h.notices().len(), 1, "{:?}", h.notices());
    let notice = &h.notices()[0];
    assert!(notice.starts_with("Cannot reach Bo:"), "{notice}");
    assert!(notice.contains("no TURN relay"), "{notice}");
    assert!(!notice.contains("Player G1"), "{notice}");
    // The link opens, then fails for good: that is a new failure, told again.
    h.link_open("g1", now);
    g.link_open("h", now);
    pump(&mut [&mut h, &mut g], now);
    let fx =
        h.s.on_link_closed(&"g1".into(), Some("ICE failed"), now + 1);
    h.run(fx, now + 1);
    // One notice about Bo at a time, the newest: the one from before went when Bo was
    // back.
    assert_eq!(h.notices().len(), 1, "{:?}", h.notices());
    assert!(
        h.notices()[0].starts_with("The connection to Bo failed"),
        "{:?}",
        h.notices()
    );
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: SignalData::Redial.to_value(),
        },
        now + 2,
    );
    clock(&mut h, now + 2 + FIRST_LINK_MS);
    assert_eq!(h.notices().len(), 1, "{:?}", h.notices());
    assert!(h.notices()[0].starts_with("Cannot reach Bo:"));
}

#[test]
fn a_name_in_an_answer_that_is_not_a_valid_name_is_not_shown() {
    let (mut h, _g) = unreachable_joiner("Bo", ice());
    h.relay(
        RelayMessage::Signal {
            from: "g1".into(),
            data: json!({"kind": "answer", "sdp": "v=0", "name": "Bot 3"}),
        },
        100,
    );
    clock(&mut h, FIRST_LINK_MS);
    assert_eq!(h.notices().len(), 1);
    assert!(
        h.notices()[0].starts_with("Cannot reach Player G1:"),
        "{:?}",
        h.notices()
    );
}

#[test]
fn try_again_makes_a_new_connection_at_once_and_gives_it_its_own_time() {
    let (mut h, mut g) = unreachable_joiner("Bo", ice());
    offer_and_answer(&mut h, &mut g, 300, &["host"], &[]);
    clock(&mut g, FIRST_LINK_MS);
    assert!(g.s.link_failure().is_some());
    g.seen.clear();
    g.intent(Intent::RetryLink, 20_000);
    assert_eq!(g.s.link_failure(), None, "the panel goes while it tries");
    assert_eq!(g.s.connection_line(true).as_deref(), Some("Reconnecting…"));
    assert!(g.s.tick_due(20_000), "the attempt is due at once");
    clock(&mut g, 20_000);
    assert_eq!(g.seen[0], Effect::Hangup { peer: "h".into() });
    assert_eq!(signals(&g), [("h".to_owned(), SignalData::Redial)]);
    // The new attempt has the first attempt's time before the panel comes back.
    clock(&mut g, 20_000 + FIRST_LINK_MS - 1);
    assert_eq!(g.s.link_failure(), None);
    clock(&mut g, 20_000 + FIRST_LINK_MS);
    assert_eq!(g.s.link_failure(), Some(Diagnosis::NoTurn));
}

#[test]
fn a_guest_that_lost_its_link_is_told_it_dropped_however_long_it_stays_down() {
    let (_h, mut g) = dealt_room_heard(1_000);
    let fx = g.s.on_link_closed(&"h".into(), Some("ICE failed"), 2_000);
    g.run(fx, 2_000);
    let mut now = 2_000;
    while now < 2_000 + LOST_LINK_MS - 250 {
        now += 250;
        clock(&mut g, now);
        assert_eq!(g.s.link_failure(), None, "at {now}");
        assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    }
    // Past the time a first link has: still the words of a dropped link, never the
    // panel that blames the network's setup.
    clock(&mut g, 2_000 + LOST_LINK_MS);
    assert_eq!(g.s.link_failure(), None);
    assert_eq!(g.s.connection_line(true).as_deref(), Some(HOST_SILENT));
    // A host that left the relay is not a link failure: the line says where it is.
    let (_h, mut g) = dealt_room_heard(1_000);
    g.relay(RelayMessage::PeerLeft { peer: "h".into() }, 1_500);
    let fx = g.s.on_link_closed(&"h".into(), None, 1_600);
    g.run(fx, 1_600);
    for now in (1_600..1_600 + 2 * LOST_LINK_MS).step_by(250) {
        clock(&mut g, now);
    }
    assert_eq!(g.s.link_failure(), None);
    assert!(
        !g.s.tick_due(1_600 + 2 * LOST_LINK_MS),
        "nothing due while the host is away"
    );
}

mod fair;

#[test]
fn candidates_the_pages_script_gathered_before_the_program_ran_count_in_the_diagnosis() {
    let turn = vec![IceServer {
        urls: vec!["turn:turn.example:3478".into()],
        username: Some("u".into()),
        credential: Some("c".into()),
    }];
    // The joiner's own relay candidate went to the host from the page's script: the
    // program only notes it. Without the note, its side would seem to have found none.
    let (mut h, mut g) = unreachable_joiner("Bo", turn.clone());
    offer_and_answer(&mut h, &mut g, 300, &["relay"], &[]);
    g.s.note_gathered(
        &"h".into(),
        "candidate:1 1 udp 1 10.0.0.1 5000 typ relay raddr 0.0.0.0 rport 0",
    );
    clock(&mut g, FIRST_LINK_MS);
    assert_eq!(g.s.link_failure(), Some(Diagnosis::BothRelayed));
    // The same joiner with nothing noted reads as one whose TURN server was out of reach.
    let (mut h, mut g) = unreachable_joiner("Bo", turn);
    offer_and_answer(&mut h, &mut g, 300, &["relay"], &[]);
    clock(&mut g, FIRST_LINK_MS);
    assert_eq!(g.s.link_failure(), Some(Diagnosis::LocalTurnUnreachable));
}
mod handover;
