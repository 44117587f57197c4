//! [`InputError`] and [`SetupError`].

use thiserror::Error;

/// Why an input was rejected. The game is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    #[error("the game is over")]
    GameOver,
    #[error("no such seat in this game")]
    NoSuchSeat,
    #[error("this seat owes no decision now")]
    NotYourTurn,
    #[error("this seat has already answered the window")]
    AlreadyAnswered,
    #[error("that kind of input is not the decision pending")]
    WrongDecision,
    #[error("that action is not in play with these options (R4.1)")]
    NotAvailable,
    #[error("with 10 or more coins a player must Coup (R3.2)")]
    MustCoup,
    #[error("not enough coins for that action (R3.3)")]
    CannotAfford,
    #[error("the Treasury Reserve is empty (R8.4)")]
    EmptyReserve,
    #[error("not a valid target (R3.4)")]
    BadTarget,
    #[error("a Steal needs a target with at least one coin (R3.4)")]
    NothingToSteal,
    #[error("that target has the actor's allegiance (R8.1)")]
    SameAllegiance,
    #[error("this seat may not block now, or not with that card (R5)")]
    CannotBlock,
    #[error("there is no claim to challenge in this window")]
    CannotChallenge,
    #[error("this seat holds no such hidden card")]
    NoSuchCard,
    #[error("that card is not in use with these options (R1.2)")]
    CardNotInUse,
    #[error("keep exactly as many cards as hidden before, from those held and drawn (R4.2)")]
    BadKeep,
}

impl InputError {
    /// A stable snake_case code (SCRIPT.md `rejected.code`).
    pub const fn code(self) -> &'static str {
        match self {
            InputError::GameOver => "game_over",
            InputError::NoSuchSeat => "no_such_seat",
            InputError::NotYourTurn => "not_your_turn",
            InputError::AlreadyAnswered => "already_answered",
            InputError::WrongDecision => "wrong_decision",
            InputError::NotAvailable => "not_available",
            InputError::MustCoup => "must_coup",
            InputError::CannotAfford => "cannot_afford",
            InputError::EmptyReserve => "empty_reserve",
            InputError::BadTarget => "bad_target",
            InputError::NothingToSteal => "nothing_to_steal",
            InputError::SameAllegiance => "same_allegiance",
            InputError::CannotBlock => "cannot_block",
            InputError::CannotChallenge => "cannot_challenge",
            InputError::NoSuchCard => "no_such_card",
            InputError::CardNotInUse => "card_not_in_use",
            InputError::BadKeep => "bad_keep",
        }
    }
}

/// Why a [`Setup`](super::Setup) (or a determinization) is not a valid game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game has 2 to 10 players (R1.1), not {0}")]
    PlayerCount(usize),
    #[error("the two-player draft needs exactly 2 players (R1.4)")]
    DraftNeedsTwo,
    #[error("{0} hands for {1} players")]
    HandCount(usize, usize),
    #[error("hands and court are not the deck for these players and options (R1.5): {0}")]
    WrongDeck(String),
    #[error("`{0}` needs one entry per player")]
    WrongLength(&'static str),
    #[error("allegiances are required with the allegiances option (R2.6)")]
    MissingAllegiances,
    #[error("face-up cards of seat {0} are not in its hand")]
    BadFaceUp(usize),
    #[error("fewer than two players are still in the game")]
    TooFewInGame,
    #[error("`first` must name a player still in the game")]
    BadFirst,
    #[error("the view is not consistent with the assignment: {0}")]
    BadAssignment(String),
}

impl SetupError {
    /// A stable snake_case code.
    pub const fn code(&self) -> &'static str {
        match self {
            SetupError::PlayerCount(_) => "player_count",
            SetupError::DraftNeedsTwo => "draft_needs_two",
            SetupError::HandCount(..) => "hand_count",
            SetupError::WrongDeck(_) => "wrong_deck",
            SetupError::WrongLength(_) => "wrong_length",
            SetupError::MissingAllegiances => "missing_allegiances",
            SetupError::BadFaceUp(_) => "bad_face_up",
            SetupError::TooFewInGame => "too_few_in_game",
            SetupError::BadFirst => "bad_first",
            SetupError::BadAssignment(_) => "bad_assignment",
        }
    }
}
