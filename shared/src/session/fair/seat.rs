//! A seat's page in a fair room (docs/FAIR-DEAL.md): its secret for the game, its own
//! [`Tracker`] of the public stream, the records its own table asks of it, its signed
//! answers, and its own cards, which it alone reads.
//!
//! The [`Guest`](crate::session::Guest) holds one ([`Guest::set_fair`](crate::session::Guest::set_fair)) and
//! feeds it every log entry of the current game before it keeps an update: an update with
//! a record or an answer the tracker refuses (a forgery of a seat's answer, a record out of
//! turn, an event that does not follow the records) is refused whole, naming what was
//! wrong, and changes nothing.
//!
//! What a page must keep across a reload is [`FairKeep`]: the seat's secret for the game
//! (and, in the two-player draft, where its own shuffle put each card of its set). The page
//! stores it in its tab's storage after every call and hands it back with fresh random
//! bytes after a reload; it is never sent (the secret goes out only when the table asks for
//! it, once the game is over, R11.3). The randomness is new on every load: a stored RNG
//! replayed after a reload would reuse a proof's nonce, which gives the secret away.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::engine::read_decision;
use crate::engine::{Card, Claimed, Input, Options, Seat};
use crate::fair::game::fair_deck;
use crate::fair::{
    AuditFault, CardAnswer, Expect, FairError, Fault, Msg, Public, Record, Replica, Secret,
    SignedAnswer, Tracker,
};
use crate::session::base64url;
use crate::session::protocol::{FairAsk, LogEntry, LogItem, Note, TableId, ToHost, encode};

/// What a seat's page stores for a reload (its tab's storage): never sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairKeep {
    pub table_id: TableId,
    pub game_no: u32,
    pub seat: Seat,
    /// The seat's secret for this game (its share of the joint key).
    pub secret: [u8; 32],
    /// R2.5: where the seat's own shuffle of its set put each card: (position, kind).
    #[serde(default)]
    pub draft: Vec<(u8, u8)>,
    /// Where in the stream the page last disclosed something (a record or an answer): the
    /// stream's length and its hash chain there, base64url. After a reload or a resync, a
    /// stream that does not reach the same hash at the same place is refused: the host
    /// showed this page two different games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disclosed: Option<(u64, String)>,
}

impl FairKeep {
    /// The point of the last disclosure, if it reads.
    fn checkpoint(&self) -> Option<(usize, [u8; 64])> {
        let (n, hash) = self.disclosed.as_ref()?;
        let hash: [u8; 64] = base64url::decode(hash)?.try_into().ok()?;
        Some((usize::try_from(*n).ok()?, hash))
    }
}

/// Why the page did not take what the host relayed (the update is refused whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairFault {
    #[error("a fair entry is not readable: {0}")]
    Unreadable(&'static str),
    #[error("{0}")]
    Refused(FairError),
    /// A relayed record failed its check. The host's referee checks every record before
    /// it relays it, and a page cannot tell a seat's false record from one the host made
    /// up or altered: both are named (section 1).
    #[error("{} or the host's page relaying its record: {}", .0.seat, .0.kind)]
    Relayed(Fault),
}

/// Why an answer was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairAnswerError {
    #[error("nothing is asked of this seat now")]
    NotAsked,
    #[error("that answer does not fit the question")]
    DoesNotFit,
    #[error("this page's own table refuses that answer: {0}")]
    Refused(FairError),
}

/// One game as the seat's page follows it.
#[derive(Clone, Debug)]
struct SeatGame {
    game_no: u32,
    /// The page's seat, or `None` for a watcher (who checks the stream all the same).
    seat: Option<Seat>,
    secret: Option<Secret>,
    /// The page's replica of the referee, whose tracker says what the page owes.
    replica: Replica,
    /// Records sent, by round and what: each is sent once.
    sent: Vec<(u32, Expect)>,
    /// Cards shown to this seat as the Inquisitor (R7.2): (position, kind).
    examined: Vec<(u8, u8)>,
    /// Whether the game ended before the rules ended it (section 9).
    cut_short: bool,
}

/// A seat's page in a fair room.
#[derive(Clone)]
pub struct FairSeat {
    rng: ChaCha8Rng,
    keep: Option<FairKeep>,
    game: Option<SeatGame>,
}

/// Says nothing of the secret or of the RNG's state, which draws the next nonces.
impl std::fmt::Debug for FairSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FairSeat")
            .field("game_no", &self.game_no())
            .finish_non_exhaustive()
    }
}

impl FairSeat {
    /// A page's fair seat: `seed` is 32 fresh random bytes (`crypto.getRandomValues`) on
    /// every load, `keep` what the page stored of the game before a reload.
    pub fn new(seed: [u8; 32], keep: Option<FairKeep>) -> FairSeat {
        FairSeat {
            rng: ChaCha8Rng::from_seed(seed),
            keep,
            game: None,
        }
    }

    /// What the page stores (after every call that changed it).
    pub fn keep(&self) -> Option<&FairKeep> {
        self.keep.as_ref()
    }

    /// Starts following game `game_no` afresh (a whole-state update): a new tracker, and
    /// the seat's secret, from what the page kept or new.
    pub(super) fn start(
        &mut self,
        table_id: TableId,
        game_no: u32,
        players: usize,
        options: Options,
        seat: Option<Seat>,
    ) -> Result<(), FairFault> {
        let mut replica = Replica::new(table_id.0, game_no, players, options, None)
            .ok_or(FairFault::Unreadable("a table no fair game is dealt at"))?;
        let secret = match seat {
            None => None,
            Some(s) => {
                let kept = self
                    .keep
                    .as_ref()
                    .filter(|k| k.table_id == table_id && k.game_no == game_no && k.seat == s)
                    .and_then(|k| Secret::from_bytes(&k.secret).ok());
                Some(match kept {
                    Some(secret) => secret,
                    None => {
                        let secret = Secret::random(&mut self.rng);
                        self.keep = Some(FairKeep {
                            table_id,
                            game_no,
                            seat: s,
                            secret: secret.to_bytes(),
                            draft: Vec::new(),
                            disclosed: None,
                        });
                        secret
                    }
                })
            }
        };
        if let (Some(s), Some(k)) = (seat, &self.keep)
            && k.table_id == table_id
            && k.game_no == game_no
            && k.seat == s
        {
            replica.tracker_mut().set_checkpoint(k.checkpoint());
        }
        self.game = Some(SeatGame {
            game_no,
            seat,
            secret,
            replica,
            sent: Vec::new(),
            examined: Vec::new(),
            cut_short: false,
        });
        Ok(())
    }

    /// The game followed, if any.
    pub(super) fn game_no(&self) -> Option<u32> {
        self.game.as_ref().map(|g| g.game_no)
    }

    /// Takes the log entries of the followed game, in order.
    pub(super) fn take(&mut self, entries: &[LogEntry]) -> Result<(), (u64, FairFault)> {
        let Some(g) = self.game.as_mut() else {
            return Ok(());
        };
        // Read first, so that a stream that is not the one this page disclosed on is
        // refused before any item of it is taken (a resync to another game).
        let mut read = Vec::with_capacity(entries.len());
        for e in entries {
            let item = match &e.item {
                // R2.4: the starting seat, the host's word, before the game's first record.
                LogItem::Note {
                    note:
                        Note::GameStarted {
                            game_no,
                            first: Some(first),
                        },
                } if *game_no == g.game_no => {
                    read.push((e.n, Err(Some(*first))));
                    continue;
                }
                // The game ended: before the rules ended it, if the page's replica has
                // no game over (section 9: a departure, or the host putting it away).
                LogItem::Note {
                    note: Note::GameEnded { game_no, .. },
                } if *game_no == g.game_no => {
                    read.push((e.n, Err(None)));
                    continue;
                }
                LogItem::Event { game_no, event } if *game_no == g.game_no => Public::Event(*event),
                LogItem::Fair { game_no, record } if *game_no == g.game_no => {
                    let r = base64url::decode(record)
                        .and_then(|b| Record::decode(&b).ok())
                        .ok_or((e.n, FairFault::Unreadable("a record")))?;
                    Public::Record(Box::new(r))
                }
                LogItem::FairAnswer { game_no, answer } if *game_no == g.game_no => {
                    let a = base64url::decode(answer)
                        .and_then(|b| SignedAnswer::decode(&b).ok())
                        .ok_or((e.n, FairFault::Unreadable("an answer")))?;
                    Public::Answer(a)
                }
                LogItem::Note {
                    note:
                        Note::FairLeft {
                            game_no,
                            seat,
                            goes_on: true,
                        },
                } if *game_no == g.game_no => Public::Left(*seat),
                LogItem::FairDecision {
                    game_no,
                    seat,
                    input,
                    signature,
                } if *game_no == g.game_no => {
                    let d = read_decision(*seat, *input, signature.as_deref())
                        .ok_or((e.n, FairFault::Unreadable("a decision")))?;
                    Public::Decision(d)
                }
                _ => continue,
            };
            read.push((e.n, Ok(item)));
        }
        let ahead: Vec<&Public> = read.iter().filter_map(|(_, i)| i.as_ref().ok()).collect();
        if let Err((k, err)) = g.replica.tracker().check_ahead(&ahead) {
            let n = read
                .iter()
                .filter(|(_, i)| i.is_ok())
                .nth(k)
                .map_or(0, |(n, _)| *n);
            return Err((n, FairFault::Refused(err)));
        }
        for (n, item) in read {
            let item = match item {
                Ok(item) => item,
                Err(Some(first)) => {
                    g.replica
                        .set_first(first)
                        .map_err(|err| (n, FairFault::Refused(err)))?;
                    continue;
                }
                Err(None) => {
                    // A game that ended short of the point of this page's last disclosure
                    // never reaches it: the page disclosed on another game.
                    if let Some(at) = g.replica.tracker().unreached() {
                        return Err((n, FairFault::Refused(FairError::TwoGames(at))));
                    }
                    g.cut_short = !g.replica.referee().game().is_over();
                    continue;
                }
            };
            g.replica.take(&item).map_err(|err| {
                let fault = match err {
                    FairError::Record(f) => FairFault::Relayed(f),
                    other => FairFault::Refused(other),
                };
                (n, fault)
            })?;
            // R7.2: a seal for this seat opens to it alone.
            if let (Public::Record(r), Some(seat), Some(secret)) = (&item, g.seat, &g.secret)
                && let Msg::Seal {
                    position,
                    to,
                    sealed,
                } = &r.msg
                && *to == seat
                && let Some(k) = g
                    .replica
                    .tracker()
                    .table()
                    .ledger()
                    .open_sealed(*position, r.seat, sealed, seat, secret)
            {
                g.examined.push((*position, k));
            }
        }
        Ok(())
    }

    fn seat_game(&self) -> Option<(&SeatGame, Seat, &Secret)> {
        let g = self.game.as_ref()?;
        Some((g, g.seat?, g.secret.as_ref()?))
    }

    /// Whether the page's secret is the key its seat published: a page that lost its
    /// storage after sending its key cannot go on in this game.
    pub fn holds_key(&self) -> bool {
        self.seat_game().is_some_and(|(g, seat, secret)| {
            g.replica
                .tracker()
                .table()
                .ledger()
                .key(seat)
                .is_none_or(|k| k == secret.public())
        })
    }

    /// The records the page's own table asks of its seat now and that it has not sent,
    /// as `fair` messages.
    pub fn outbox(&mut self) -> Vec<String> {
        if !self.holds_key() {
            return Vec::new();
        }
        let Some(g) = self.game.as_mut() else {
            return Vec::new();
        };
        let (Some(seat), Some(secret)) = (g.seat, g.secret.as_ref()) else {
            return Vec::new();
        };
        // Nothing goes out while the host owes this page an event its own referee made,
        // nor before the stream is back where the page last disclosed.
        if !g.replica.in_step()
            || !g.replica.tracker().reached_checkpoint()
            || g.replica.fault().is_some()
        {
            return Vec::new();
        }
        let tracker = g.replica.tracker();
        let table = tracker.table();
        let round = table.round();
        let ledger = table.ledger();
        let mut out = Vec::new();
        for (s, expect) in table.due() {
            if *s != seat || g.sent.contains(&(round, expect.clone())) {
                continue;
            }
            let rng = &mut self.rng;
            let record = match expect {
                Expect::Key => Some(ledger.key_record(seat, round, secret, rng)),
                Expect::Escrow => ledger.escrow_record(seat, round, secret, rng),
                Expect::Shuffle(p) => {
                    ledger
                        .shuffle_record(seat, round, p, secret, rng)
                        .map(|(r, perm)| {
                            // R2.5: its own set, which it alone shuffles: it knows where
                            // each card went, and keeps it for its pick.
                            let own: Vec<u8> = (5 * seat.0..5 * seat.0 + 5).collect();
                            if let Some(k) = self.keep.as_mut()
                                && tracker.hand(seat).is_empty()
                                && *p == own
                            {
                                let deck = fair_deck(2, tracker.options());
                                k.draft = perm
                                    .iter()
                                    .enumerate()
                                    .map(|(i, &from)| (p[i], deck[usize::from(p[from])]))
                                    .collect();
                            }
                            r
                        })
                }
                Expect::Shares(p) => ledger.shares_record(seat, round, p, secret, rng),
                Expect::Reveal(p) => ledger
                    .open_private(*p, seat, secret)
                    .and_then(|kind| ledger.reveal_record(seat, round, *p, kind, secret, rng)),
                Expect::Seal(p, to) => ledger.seal_record(seat, round, *p, *to, secret, rng),
                Expect::Check => Some(ledger.check_record(seat, round, secret, rng)),
                Expect::View => tracker
                    .end_hash()
                    .map(|h| ledger.view_record(seat, round, h, secret, rng)),
                Expect::Secret => ledger.secret_record(seat, round, secret),
            };
            if let Some(r) = record {
                g.sent.push((round, expect.clone()));
                out.push(encode(&ToHost::Fair {
                    game_no: g.game_no,
                    record: base64url::encode(&r.encode()),
                }));
            }
        }
        if !out.is_empty() {
            mark_disclosed(&mut self.keep, tracker);
        }
        out
    }

    /// The seat's answer to what it is asked, signed, as a `fair_answer` message: only
    /// if it fits the question and the page's own tracker takes it (a host that asks for
    /// something the table does not owe is not answered).
    pub fn answer(
        &mut self,
        ask: Option<FairAsk>,
        answer: CardAnswer,
    ) -> Result<String, FairAnswerError> {
        let ask = ask.ok_or(FairAnswerError::NotAsked)?;
        if !answer_fits(ask, &answer) {
            return Err(FairAnswerError::DoesNotFit);
        }
        let FairSeat { rng, game, keep } = self;
        let g = game.as_ref().ok_or(FairAnswerError::NotAsked)?;
        let (Some(seat), Some(secret)) = (g.seat, g.secret.as_ref()) else {
            return Err(FairAnswerError::NotAsked);
        };
        let tracker = g.replica.tracker();
        if !g.replica.in_step() || !tracker.reached_checkpoint() {
            return Err(FairAnswerError::NotAsked);
        }
        let signed = tracker.sign_answer(seat, answer, secret, rng);
        tracker
            .clone()
            .take(&Public::Answer(signed.clone()))
            .map_err(FairAnswerError::Refused)?;
        mark_disclosed(keep, tracker);
        Ok(encode(&ToHost::FairAnswer {
            game_no: g.game_no,
            answer: base64url::encode(&signed.encode()),
        }))
    }

    /// The seat's signature of `input` for the decision its replica says is put to it
    /// now, base64url (docs/FAIR-DEAL.md, section 1). The nonce comes from the secret and
    /// the message, as deterministic signatures do, so signing needs no randomness and
    /// never uses one nonce for two messages.
    pub fn sign_decision(&self, input: Input) -> Option<String> {
        let (g, seat, secret) = self.seat_game()?;
        let referee = g.replica.referee();
        use sha2::{Digest, Sha512};
        let mut seed = Sha512::new();
        seed.update(b"coup-fair-deal/v1 decision nonce");
        seed.update(secret.to_bytes());
        seed.update(referee.opened());
        seed.update(serde_json::to_vec(&input).ok()?);
        let seed: [u8; 64] = seed.finalize().into();
        let mut rng = ChaCha8Rng::from_seed(seed[..32].try_into().ok()?);
        let d = referee.sign_decision(seat, input, secret, &mut rng);
        Some(base64url::encode(&d.signature_bytes()?))
    }

    /// The seat's hand in slot order: (position, card, face up); a hidden card as the
    /// page reads it with its secret.
    pub fn hand(&self) -> Vec<(u8, Option<Card>, bool)> {
        let Some((g, seat, secret)) = self.seat_game() else {
            return Vec::new();
        };
        let ledger = g.replica.tracker().table().ledger();
        g.replica
            .tracker()
            .hand(seat)
            .iter()
            .map(|&(p, up)| {
                let kind = if up {
                    ledger.open_public(p)
                } else {
                    ledger.open_private(p, seat, secret)
                };
                (p, kind.and_then(card_of), up)
            })
            .collect()
    }

    /// R4.2: the positions the seat chooses from in an Exchange, with their cards.
    pub fn exchange_pool(&self) -> Option<Vec<(u8, Card)>> {
        let (g, seat, secret) = self.seat_game()?;
        let ledger = g.replica.tracker().table().ledger();
        g.replica
            .tracker()
            .exchange_pool(seat)?
            .into_iter()
            .map(|p| Some((p, card_of(ledger.open_private(p, seat, secret)?)?)))
            .collect()
    }

    /// R2.5: the seat's own set, where its shuffle put each card.
    pub fn draft_set(&self) -> Vec<(u8, Card)> {
        self.keep
            .iter()
            .flat_map(|k| &k.draft)
            .filter_map(|&(p, k)| Some((p, card_of(k)?)))
            .collect()
    }

    /// R7.2: the cards shown to this seat as the Inquisitor, in order.
    pub fn examined(&self) -> Vec<(u8, Card)> {
        self.game
            .iter()
            .flat_map(|g| &g.examined)
            .filter_map(|&(p, k)| Some((p, card_of(k)?)))
            .collect()
    }

    /// The page's tracker of the followed game (its table, ledger and hands).
    pub fn tracker(&self) -> Option<&Tracker> {
        self.game.as_ref().map(|g| g.replica.tracker())
    }

    /// The page's replica of the referee of the followed game.
    pub fn replica(&self) -> Option<&Replica> {
        self.game.as_ref().map(|g| &g.replica)
    }

    /// Section 9, a game ended before the rules ended it (a departure the game could not
    /// go on from, or the host putting it away): how many "cannot prove" answers and
    /// concessions stay unchecked, since the cards they were about cannot open. Every
    /// event up to the end was checked as it came (the page's replica); `None` for a game
    /// not cut short, or one a seat's deviation stopped (the page names it).
    pub fn cut_short(&self) -> Option<usize> {
        let g = self.game.as_ref()?;
        (g.cut_short && g.replica.fault().is_none())
            .then(|| g.replica.tracker().unchecked_answers())
    }

    /// Section 9: the audit's faults (none: the game was fair), once every secret is in.
    /// `None` while there is nothing to audit yet: no game followed, a game not dealt or
    /// still being played, secrets still out. A verdict is never read from a game that
    /// has not ended.
    pub fn audit(&self) -> Option<Vec<AuditFault>> {
        let g = self.game.as_ref()?;
        let tracker = g.replica.tracker();
        self.audit_ready()
            .then(|| tracker.audit(tracker.table().ledger().seats()))
    }

    /// Section 9: in a game where a seat left for good holding hidden cards, no card
    /// opens at the end; once its audit is read, how many "cannot prove" answers and
    /// concessions stay unchecked for it. `None` for any other game.
    pub fn sealed(&self) -> Option<usize> {
        let tracker = self.game.as_ref()?.replica.tracker();
        (tracker.table().sealed() && self.audit_ready()).then(|| tracker.unchecked_answers())
    }

    /// Whether the followed game's audit can be read: the table settled at the end, and
    /// every card open (a sealed game opens none: its audit is read once the views are in,
    /// at the end the rules made).
    fn audit_ready(&self) -> bool {
        let Some(g) = self.game.as_ref() else {
            return false;
        };
        let table = g.replica.tracker().table();
        let ledger = table.ledger();
        let opened = if table.sealed() {
            g.replica.referee().game().is_over()
        } else {
            (0..ledger.deck().len() as u8).all(|p| ledger.open_public(p).is_some())
        };
        table.is_settled() && opened
    }
}

/// Keeps where the page disclosed last: the stream's point now.
fn mark_disclosed(keep: &mut Option<FairKeep>, tracker: &Tracker) {
    if let Some(k) = keep.as_mut() {
        let (n, hash) = tracker.point();
        k.disclosed = Some((n as u64, base64url::encode(&hash)));
    }
}

fn card_of(kind: u8) -> Option<Card> {
    Card::ALL.get(usize::from(kind)).copied()
}

/// Whether an answer is of the kind asked.
fn answer_fits(ask: FairAsk, answer: &CardAnswer) -> bool {
    matches!(
        (ask, answer),
        (
            FairAsk::Prove(Claimed::Card(_)),
            CardAnswer::Prove(_) | CardAnswer::CannotProve
        ) | (
            FairAsk::Prove(Claimed::NotDuke),
            CardAnswer::ShowHand | CardAnswer::Concede
        ) | (FairAsk::Lose, CardAnswer::Lose(_))
            | (FairAsk::Show, CardAnswer::Show(_))
            | (FairAsk::Keep, CardAnswer::Keep(_))
            | (FairAsk::Pick, CardAnswer::Pick(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 9: the verdict is read only once every secret is in. A page that follows
    /// no game, or whose game has only begun (its keys are due, nothing is dealt), has
    /// nothing to audit: no verdict at all, never "no faults".
    #[test]
    fn before_the_deal_there_is_nothing_to_audit() {
        let mut seat = FairSeat::new([1; 32], None);
        assert_eq!(seat.audit(), None, "no game followed");
        let draft = Options {
            two_player_draft: true,
            ..Options::default()
        };
        for (players, options, who) in [
            (2, Options::default(), Some(Seat(0))),
            (6, Options::default(), Some(Seat(3))),
            (2, draft, Some(Seat(1))),
            (3, Options::default(), None),
        ] {
            seat.start(TableId([2; 32]), 1, players, options, who)
                .expect("a fair table");
            assert_eq!(
                seat.audit(),
                None,
                "{players} players, {options:?}, {who:?}"
            );
        }
    }
}
