//! A table outlives its host's page: the host's page disappears at every kind of moment,
//! the page the relay picks opens the table's recovery copy with the other guests' shares
//! and the relay's part, and the game goes on to one winner (docs/RELAY-PROTOCOL.md,
//! "Handover"; R11 in docs/RULES.md).
//!
//! The network is modelled in order and at once: what a page sends arrives before anything
//! sent after it. The relay is the test: it keeps the host's deposit and picks the guest
//! that joined first.

mod common;

use common::T;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::{Game, Pending, Seat};
use shared::session::protocol::{
    AdminCmd, MAX_TO_GUEST_BYTES, Phase, SeatInfo, Timers, ToGuest, ToHost, decode, encode,
};
use shared::session::recovery::{self, Copy};
use shared::session::{Guest, Host, Outgoing, PeerId, Takeover};

/// A person's page: its guest, and its link's id at the host that runs the table (the
/// host's own page is on [`PeerId::LOCAL`]).
struct Page {
    guest: Guest,
    peer: PeerId,
    gone: bool,
}

struct Table {
    host: Host,
    pages: Vec<Page>,
    /// The page whose host runs the table.
    hosting: usize,
    /// What the relay holds: the host's last deposit.
    deposit: Option<String>,
    now: u64,
    rng: ChaCha8Rng,
    /// Every recovery copy and share sent, with its recipient: for the coalition check.
    copies: Vec<(usize, Copy)>,
    /// Bytes of recovery copies sent, and of everything sent.
    copy_bytes: u64,
    all_bytes: u64,
    updates: u64,
    /// Views checked against the engine's view for the recipient's seat.
    checked: u64,
}

impl Table {
    /// A table of `seats` with `people` persons (the host among them), the rest bots, its
    /// room opened with handover.
    fn new(seed: u64, seats: u8, people: usize) -> Table {
        let (mut host, outs) = Host::new(seed, "Page0", T).expect("a name");
        host.set_handover(Some([seed as u8; 32]));
        let mut t = Table {
            host,
            pages: vec![Page {
                guest: Guest::new("Page0", None, false),
                peer: PeerId::LOCAL,
                gone: false,
            }],
            hosting: 0,
            deposit: None,
            now: T,
            rng: ChaCha8Rng::seed_from_u64(seed),
            copies: Vec::new(),
            copy_bytes: 0,
            all_bytes: 0,
            updates: 0,
            checked: 0,
        };
        t.route(outs);
        t.admin(AdminCmd::SetSeatCount { count: seats });
        t.admin(AdminCmd::SetTimers {
            timers: Timers {
                bot_delay_ms: 10,
                ..Timers::default()
            },
        });
        for i in 1..people {
            let peer = PeerId(i as u64);
            t.pages.push(Page {
                guest: Guest::new(&format!("Page{i}"), None, false),
                peer,
                gone: false,
            });
            let outs = t.host.connect(peer, t.now);
            t.route(outs);
            let hello = t.pages[i].guest.hello();
            t.send(i, hello);
        }
        t
    }

    fn admin(&mut self, cmd: AdminCmd) {
        let text = encode(&ToHost::Admin { cmd });
        self.send(self.hosting, text);
    }

    /// `who`'s page sends `text` to the table's host.
    fn send(&mut self, who: usize, text: String) {
        let peer = self.pages[who].peer;
        let outs = self.host.handle(peer, &text, self.now);
        self.route(outs);
    }

    /// Delivers what the host sent, checking each message as it leaves.
    fn route(&mut self, outs: Vec<Outgoing>) {
        for o in outs {
            match o {
                Outgoing::Send { to, text } => {
                    assert!(text.len() <= MAX_TO_GUEST_BYTES);
                    let Some(who) = self.pages.iter().position(|p| p.peer == to && !p.gone) else {
                        continue;
                    };
                    self.check(who, &text);
                    self.pages[who]
                        .guest
                        .receive(&text, self.now)
                        .expect("an honest host's message is taken");
                }
                Outgoing::Deposit { part } => self.deposit = Some(part),
                Outgoing::Close { .. } | Outgoing::Ban { .. } => {}
            }
        }
    }

    /// R11: a member's view is the engine's view for its own seat; a recovery copy is
    /// sealed (no plain state in it).
    fn check(&mut self, who: usize, text: &str) {
        self.all_bytes += text.len() as u64;
        let msg: ToGuest = decode(text, MAX_TO_GUEST_BYTES).expect("valid");
        match msg {
            ToGuest::RecoveryCopy { epoch, seq, sealed } => {
                self.copy_bytes += text.len() as u64;
                assert!(!text.contains("\"hand"), "a copy travels sealed");
                self.copies.push((who, Copy { epoch, seq, sealed }));
            }
            ToGuest::Update(u) => {
                self.updates += 1;
                let (Some(g), Some(game)) = (&u.game, self.host.game()) else {
                    return;
                };
                let member = self.pages[who].guest.member();
                let seat = self.host.table().seats.iter().position(
                    |s| matches!(s, SeatInfo::Person { member: m, .. } if Some(m.id) == member),
                );
                let mut view = match seat {
                    Some(s) => game.view(Seat::at(s)),
                    None => game.spectator_view(),
                };
                view.events.clear();
                assert_eq!(g.view, view, "page {who} sees its own seat's view");
                self.checked += 1;
            }
            _ => {}
        }
    }

    /// Plays what is due: each person's page answers its legal inputs at random, the
    /// host's bots their seats. Returns whether anything happened.
    fn step(&mut self) -> bool {
        for who in 0..self.pages.len() {
            if self.pages[who].gone {
                continue;
            }
            let legal = self.pages[who]
                .guest
                .game()
                .map(|g| g.legal.clone())
                .unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let input = legal[self.rng.random_range(0..legal.len())];
            if let Ok(text) = self.pages[who].guest.intent(input) {
                self.send(who, text);
                return true;
            }
        }
        match self.host.next_deadline() {
            Some(at) => {
                self.now = self.now.max(at);
                let outs = self.host.tick(self.now);
                self.route(outs);
                true
            }
            None => false,
        }
    }

    fn game(&self) -> Option<&Game> {
        self.host.game()
    }

    /// The host's page is gone for good: the relay makes the guest that joined first the
    /// host and hands it its deposit; every other page connects to it, gives its shares
    /// and says hello again. With `lost`, the host's last messages (those of its last
    /// call) never left it.
    fn hand_over(&mut self) {
        let old = self.hosting;
        self.pages[old].gone = true;
        let next = (0..self.pages.len())
            .find(|&i| !self.pages[i].gone)
            .expect("a guest is left");
        let deposit = self.deposit.clone().expect("the relay holds a deposit");
        let mut takeover = Takeover::new(&self.pages[next].guest, &deposit).expect("starts");
        // Nobody else's page can open the copy alone, nor with the relay's part and
        // fewer shares than it takes.
        self.coalitions_short_of_the_threshold_open_nothing(&deposit);
        let others: Vec<usize> = (0..self.pages.len())
            .filter(|&i| i != next && !self.pages[i].gone)
            .collect();
        for (k, &i) in others.iter().enumerate() {
            let peer = PeerId(100 + k as u64 + 10 * self.now % 7);
            self.pages[i].peer = peer;
            takeover.connect(peer);
            for text in self.pages[i].guest.recovery_shares() {
                takeover.handle(peer, &text);
            }
            takeover.handle(peer, &self.pages[i].guest.hello());
        }
        self.pages[next].peer = PeerId::LOCAL;
        let seed = [self.rng.random::<u8>(); 32];
        let (host, outs) = takeover
            .open(self.now, seed, None)
            .expect("the copy opens")
            .expect("enough shares came");
        self.host = host;
        self.hosting = next;
        self.route(outs);
    }

    /// Every guest's copies, with the relay's part and fewer shares than the copy's key
    /// needs, or with every guest's share and no relay part, open nothing.
    fn coalitions_short_of_the_threshold_open_nothing(&self, deposit: &str) {
        let (epoch, relay) = recovery::decode_deposit(deposit).expect("epoch.part");
        let guests: Vec<&Page> = self.pages.iter().filter(|p| !p.gone).collect();
        let Some((copy, _, need)) = guests[0].guest.held().for_epoch(epoch) else {
            panic!("the successor holds the copy of the relay's epoch");
        };
        let shares: Vec<_> = guests
            .iter()
            .filter_map(|p| p.guest.held().for_epoch(epoch).map(|(_, s, _)| s.clone()))
            .collect();
        assert_eq!(
            recovery::open(copy, &self.host.table_id().0, &[0; 32], &shares, need),
            Err(recovery::OpenError::NoSetOpens),
            "every guest together, without the relay, opens nothing"
        );
        if need > 1 {
            assert!(
                recovery::open(
                    copy,
                    &self.host.table_id().0,
                    &relay,
                    &shares[..need - 1],
                    need
                )
                .is_err(),
                "the relay and fewer shares than it takes open nothing"
            );
        }
    }
}

/// The moments a host's page may leave at.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// Before the first decision.
    Deal,
    /// A window for challenges or blocks is open.
    Window,
    /// An Exchange is half done: the cards drawn, the choice not made.
    Exchange,
    /// A seat is choosing which influence to lose.
    Lose,
    /// Only two are left and one has one card: the game's last decisions.
    End,
}

fn at(moment: Moment, game: &Game) -> bool {
    let p = game.pending();
    match moment {
        Moment::Deal => true,
        Moment::Window => matches!(p, Pending::Respond { .. }),
        Moment::Exchange => matches!(p, Pending::Exchange { .. }),
        Moment::Lose => matches!(p, Pending::LoseInfluence { .. }),
        Moment::End => {
            let alive: Vec<Seat> = (0..game.players())
                .map(Seat::at)
                .filter(|&s| game.alive(s))
                .collect();
            alive.len() == 2
                && alive.iter().any(|&s| game.player(s).hand.len == 1)
                && matches!(p, Pending::Action { .. })
        }
    }
}

/// Plays a game at `seats` with `people` persons; the host's page leaves at `moment` (the
/// first time it comes), and the game is played to its end on the pages left.
fn survive(seed: u64, seats: u8, people: usize, moment: Moment) -> Table {
    let mut t = Table::new(seed, seats, people);
    t.admin(AdminCmd::Start { first: None });
    let mut handed = false;
    for _ in 0..20_000 {
        if matches!(t.host.phase(), Phase::Finished { .. }) {
            break;
        }
        if !handed && t.game().is_some_and(|g| at(moment, g)) {
            t.hand_over();
            handed = true;
            continue;
        }
        assert!(
            t.step(),
            "seed {seed}, {seats} seats, {moment:?}: the table is stuck at {:?}",
            t.game().map(|g| *g.pending())
        );
    }
    let Phase::Finished { winner } = t.host.phase() else {
        panic!("seed {seed}, {seats} seats, {moment:?}: the game did not end");
    };
    assert!(
        t.game().is_some_and(|g| g.alive(winner)),
        "one winner, alive"
    );
    t
}

#[test]
fn the_game_survives_its_hosts_page_at_every_moment_and_table_size() {
    let moments = [
        Moment::Deal,
        Moment::Window,
        Moment::Exchange,
        Moment::Lose,
        Moment::End,
    ];
    let mut handed = 0;
    for seats in 2..=10u8 {
        for (k, &moment) in moments.iter().enumerate() {
            // Two people and the bots at two seats (one person left after the host's
            // page goes), three at three or more.
            let people = if seats == 2 { 2 } else { 3 };
            let seed = u64::from(seats) * 100 + k as u64 * 10;
            let t = survive(seed, seats, people, moment);
            assert!(t.checked > 0);
            // The host's page left if the moment came; then the page that left keeps its
            // seat (its stand-in played it) and the first guest's page hosts.
            if t.pages[0].gone {
                handed += 1;
                assert_eq!(t.hosting, 1);
            }
        }
    }
    // Most games reach every moment (an Exchange or a loss may not come in a game).
    assert!(handed >= 9 * 5 / 2, "only {handed} handovers happened");
}

#[test]
fn the_table_goes_on_with_its_seats_cards_and_chat() {
    let mut t = Table::new(7, 4, 3);
    t.send(1, encode(&ToHost::Chat { text: "hi".into() }));
    t.admin(AdminCmd::Start { first: None });
    for _ in 0..10 {
        t.step();
    }
    let before = serde_json::to_string(&t.game()).expect("json");
    let occupants = |t: &Table| -> Vec<String> {
        t.host
            .table()
            .seats
            .iter()
            .map(|s| match s {
                SeatInfo::Person { member, .. } => format!("{:?}", member.id),
                other => format!("{other:?}"),
            })
            .collect()
    };
    let seats = occupants(&t);
    t.hand_over();
    // The same game to the card, the same seats; the chat line and a note saying who
    // hosts now are in the log every page is sent.
    assert_eq!(serde_json::to_string(&t.game()).expect("json"), before);
    assert_eq!(occupants(&t), seats);
    let log = t.pages[2].guest.log();
    let texts = serde_json::to_string(log).expect("json");
    assert!(texts.contains("\"hi\""), "the chat went with the table");
    assert!(texts.contains("host_moved"), "{texts}");
    // The person whose page left keeps the seat; its stand-in plays.
    let survived = survive(8, 4, 3, Moment::Window);
    assert!(matches!(survived.host.phase(), Phase::Finished { .. }));
}

#[test]
fn one_person_left_plays_on_against_the_bots() {
    for seed in 0..5 {
        let t = survive(seed, 3, 2, Moment::Window);
        assert_eq!(t.pages.iter().filter(|p| !p.gone).count(), 1);
    }
}

#[test]
fn a_takeover_takes_no_false_share_and_no_copy_of_another_epoch() {
    let mut t = Table::new(11, 6, 6);
    t.admin(AdminCmd::Start { first: None });
    for _ in 0..5 {
        t.step();
    }
    let deposit = t.deposit.clone().expect("a deposit");
    t.pages[0].gone = true;
    let mut takeover = Takeover::new(&t.pages[1].guest, &deposit).expect("starts");
    let (_, need) = takeover.shares();
    assert_eq!(need, recovery::threshold(5));
    // Liars first: a share of another epoch and garbled ones are not taken or do not open.
    let (epoch, _) = recovery::decode_deposit(&deposit).expect("epoch.part");
    let liar = encode(&ToHost::RecoveryShare {
        share: format!("{}.4.{}", epoch, "A".repeat(43)),
    });
    takeover.handle(PeerId(50), &liar);
    takeover.handle(PeerId(50), "not json");
    let stale = encode(&ToHost::RecoveryShare {
        share: format!("{}.5.{}", epoch + 7, "A".repeat(43)),
    });
    takeover.handle(PeerId(51), &stale);
    assert!(
        takeover
            .open(t.now, [1; 32], None)
            .expect("no error")
            .is_none(),
        "not open on the successor's share and a liar's"
    );
    // The honest guests' shares open it, the liar's notwithstanding.
    for i in 2..6 {
        for text in t.pages[i].guest.recovery_shares() {
            takeover.handle(PeerId(i as u64), &text);
        }
    }
    let opened = takeover.open(t.now, [1; 32], None).expect("no error");
    assert!(opened.is_some());
    // A deposit that is not one is refused at once.
    for bad in ["", "x.y", "1.AAAA", "99999999999.AAAA"] {
        assert!(Takeover::new(&t.pages[1].guest, bad).is_err(), "{bad}");
    }
}

#[test]
fn a_decision_the_old_host_took_but_never_copied_is_asked_again_not_lost_or_doubled() {
    // The host takes a guest's decision and dies before anything of it leaves: the copy
    // the successor opens is from before it, and the guest is asked again.
    for seed in 0..20 {
        let mut t = Table::new(200 + seed, 3, 3);
        t.admin(AdminCmd::Start { first: None });
        for _ in 0..200 {
            if matches!(t.host.phase(), Phase::Finished { .. }) {
                break;
            }
            let legal = t.pages[1]
                .guest
                .game()
                .map(|g| g.legal.clone())
                .unwrap_or_default();
            if !legal.is_empty() && t.pages[1].guest.game().is_some_and(|g| g.step > 0) {
                let step = t.host.step();
                let text = t.pages[1].guest.intent(legal[0]).expect("an intent");
                // The old host applies it; what it sends is lost with its page.
                let peer = t.pages[1].peer;
                let _lost = t.host.handle(peer, &text, t.now);
                assert_eq!(t.host.step(), step + 1, "the old host applied it");
                t.hand_over();
                assert_eq!(
                    t.host.step(),
                    step,
                    "the successor's copy is from before it"
                );
                let asked = t.pages[1]
                    .guest
                    .game()
                    .map(|g| g.legal.clone())
                    .unwrap_or_default();
                assert_eq!(asked, legal, "the decision is asked again");
                break;
            }
            t.step();
        }
    }
}

#[test]
fn the_recovery_copy_costs_are_measured() {
    // Printed for BENCHMARKS.md: the bytes of recovery copies against everything sent.
    for seats in [2u8, 6, 10] {
        let t = survive(31, seats, 3.min(seats as usize), Moment::End);
        let per_update = t.copy_bytes / t.updates.max(1);
        println!(
            "recovery copies at {seats} seats: {} B of {} B sent ({:.0}%), {per_update} B a copy on average",
            t.copy_bytes,
            t.all_bytes,
            100.0 * t.copy_bytes as f64 / t.all_bytes.max(1) as f64
        );
        assert!(t.copy_bytes > 0);
    }
}
