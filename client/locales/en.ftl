### Coup: the words a player reads, in English (the reference catalog, built into the page).
###
### Arguments: a seat is a name ($actor, $target, $seat, …) with a `-you` twin ("yes" when
### it is the reader's own seat, so the sentence is in the second person); $card is a card
### id (duke, assassin, captain, ambassador, contessa, inquisitor, hidden) where a message
### selects on it, or an already phrased card where it is only placed; numbers select
### their plural forms. Every other catalog has exactly these messages and arguments.

## Shared pieces

-one-coin-or-more = { $n ->
    [one] 1 coin
   *[other] { $n } coins
}
coins = { $n ->
            [one] 1 coin
           *[other] { $n } coins
        }
you = You
seat-open = Seat { $n }
list-and = { $a } and { $b }

## Cards and sides

card-name = { $card ->
    [duke] Duke
    [assassin] Assassin
    [captain] Captain
    [ambassador] Ambassador
    [contessa] Contessa
   *[inquisitor] Inquisitor
}
# "a Duke"; a card not shown is "a card".
card-a = { $card ->
    [duke] a Duke
    [assassin] an Assassin
    [captain] a Captain
    [ambassador] an Ambassador
    [contessa] a Contessa
    [inquisitor] an Inquisitor
   *[hidden] a card
}
# "the Duke"; a card not shown is "the card".
card-the = { $card ->
    [duke] the Duke
    [assassin] the Assassin
    [captain] the Captain
    [ambassador] the Ambassador
    [contessa] the Contessa
    [inquisitor] the Inquisitor
   *[hidden] the card
}
no-duke = no Duke
# The claim of Embezzle (R7): to have no Duke.
claim-no-duke = to have no Duke
side-name = { $side ->
    [loyalist] Loyalist
   *[reformist] Reformist
}
ability = { $card ->
    [duke] Tax: take 3. Blocks Foreign Aid.
    [assassin] Pay 3: a player loses a card.
    [captain] Steal 2. Blocks stealing.
    [ambassador] Exchange 2. Blocks stealing.
    [contessa] Blocks assassination.
   *[inquisitor] Exchange 1 or examine. Blocks stealing.
}

## Actions (R4, R7)

action-title = { $action ->
    [income] Income
    [foreign_aid] Foreign Aid
    [coup] Coup
    [tax] Tax
    [assassinate] Assassinate
    [steal] Steal
    [exchange] Exchange
    [examine] Examine
    [convert] Convert
   *[embezzle] Embezzle
}
action-effect = { $action ->
    [income] take 1 coin
    [foreign_aid] take 2 coins; any Duke may block
    [coup] pay 7: a player loses a card, no defence
    [tax] take 3 coins
    [assassinate] pay 3: a player loses a card; Contessa blocks
    [steal] take 2 coins from a player; Captain or Ambassador blocks
    [steal-inquisitor] take 2 coins from a player; Captain or Inquisitor blocks
    [exchange] draw 2 cards, keep what you like
    [exchange-one] draw 1 card, keep what you like
    [examine] see a player's card, maybe make them swap it
    [convert] pay 1 to change your side, 2 for another's
   *[embezzle] take every coin on the Reserve
}
# $card is a card's name.
action-claim = claim { $card }: { $effect }
action-claim-no-duke = claim no Duke: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Steal from { $target }
    [coup] Coup { $target }
    [assassinate] Assassinate { $target }
    [examine] Examine { $target }
   *[convert] Convert { $target }
}

## Decisions

input-pass = Pass
input-challenge = Challenge
input-block = Block with { $card }
input-lose = Lose { $card }
input-keep = Keep { $cards }
input-show = Show { $card }
input-give-back = Give it back
input-force-exchange = Make them swap it
input-draft = Pick { $card }
input-side = Be { $side }

hint-challenge = Say { $claimant } is bluffing. If so, they lose a card; if not, you do.
hint-challenge-embezzle = Say { $claimant } holds a Duke. If so, they lose a card; if not, you do.
# R6.4: losing the challenge and then the assassination.
hint-challenge-both = Lose it and the assassination may still take another: both your cards.
# $card is "the Contessa" and the like.
hint-block = Claim { $card } to stop it; anyone may challenge that.
# R6.4: a disproven Contessa loses one for the challenge, one for the hit.
hint-block-both = Caught bluffing, you lose both your cards.
hint-pass-block = Let the block stand.
hint-pass = Let it happen.
hint-lose = Turn your { $card } face up; it no longer counts.
hint-show = Only the examiner sees it.
hint-give-back = They keep the card.
hint-force-exchange = They draw a new card and return this one.
hint-draft = The other card is dealt at random.
hint-side = The others alternate from you.

## The claim record

# $card is a card's name, or "no Duke".
claim-for-action = { $card } for { $action }
claim-to-block = { $card } to block
claim-outcome = { $outcome ->
    [pending] being answered
    [shown] challenged: it was true
    [lost] challenged: a bluff, caught
    [true] nobody challenged: it was true
    [false] nobody challenged: a bluff that worked
   *[unchallenged] nobody challenged
}
refusal-stale = Too late: that decision has already passed.
refusal-fair = The fair deal refused that message.

## Notes about the table

note-joined = { $name } joined the table
note-left = { $name } left the table
note-returned = { $name } is back
note-kicked = The host removed { $name }
note-host-moved = The host’s page left the table; the table now runs on { $name }’s page
note-stand-in = { $seat-you ->
    [yes] A bot plays for you for now
   *[no] A bot plays for { $seat } for now
}
note-fair-refused = { $seat-you ->
    [yes] Your page sent a record that does not check: you forfeit the fair game
   *[no] { $seat }'s page sent a record that does not check: they forfeit the fair game
}
note-fair-stalled = { $seat-you ->
    [yes] Your page sent nothing it owed for too long: you forfeit the fair game
   *[no] { $seat }'s page sent nothing it owed for too long: they forfeit the fair game
}
note-fair-left = { $seat-you ->
    [yes] You left the fair game: your cards leave the game face down, seen by nobody, and the game goes on
   *[no] { $seat } left the fair game: their cards leave the game face down, seen by nobody, and the game goes on
}
note-fair-left-end = { $seat-you ->
    [yes] You left the fair game: with too few players left to rebuild your key, the game ends
   *[no] { $seat } left the fair game: with too few players left to rebuild their key, the game ends
}
note-fair-fault = The fair game stopped: { $seat-you ->
    [yes] your answer
   *[no] { $seat }'s answer
} did not hold up
note-fair-fault-stream = The fair game stopped: the record did not follow the rules
note-timed-out = { $seat-you ->
    [yes] Your time ran out
   *[no] { $seat }'s time ran out
}: { $kind ->
    [window] that counts as a pass
    [turn] a bot played the turn
   *[choice] a bot chose
}

## The log: one sentence per event

log-turn = { $seat-you ->
    [yes] — Your turn —
   *[no] — { $seat }'s turn —
}
# $card is "a Duke", or "a card" when not shown.
log-draft-picked = { $seat-you ->
    [yes] You pick { $card } in the draft
   *[no] { $seat } picks { $card } in the draft
}
log-draft-dealt = { $seat-you ->
    [yes] You are dealt { $card }
   *[no] { $seat } is dealt { $card }
}
log-side-chosen = { $seat-you ->
    [yes] You choose to be { $side }
   *[no] { $seat } chooses to be { $side }
}
log-income = { $actor-you ->
    [yes] You take Income: { -one-coin-or-more(n: 1) }
   *[no] { $actor } takes Income: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] You ask for Foreign Aid
   *[no] { $actor } asks for Foreign Aid
}
log-coup = { $actor-you ->
    [yes] You launch a coup against { $target }
   *[no] { $actor } launches a coup against { $target-you ->
        [yes] you
       *[no] { $target }
    }
}
# What a claimed action is for, after "claims the Duke to".
purpose = { $action ->
    [tax] take Tax
    [assassinate] assassinate { $target-you ->
        [yes] you
       *[no] { $target }
    }
    [steal] steal from { $target-you ->
        [yes] you
       *[no] { $target }
    }
    [exchange] exchange with the Court
    [examine] examine { $target-you ->
        [yes] you
       *[no] { $target }
    }
    [convert-self] convert to the other side
    [convert] convert { $target-you ->
        [yes] you
       *[no] { $target }
    }
   *[embezzle] embezzle the Reserve
}
# $claim is "the Duke", or "to have no Duke"; $purpose is a purpose above.
log-claims = { $actor-you ->
    [yes] You claim { $claim } to { $purpose }
   *[no] { $actor } claims { $claim } to { $purpose }
}
log-chooses = { $actor-you ->
    [yes] You choose to { $purpose }
   *[no] { $actor } chooses to { $purpose }
}
log-paying = { $line } (paying { $paid ->
            [one] 1 coin
           *[other] { $paid } coins
        })
# $card is "the Captain" and the like.
log-early-block = { $seat-you ->
    [yes] You block at once, claiming { $card }
   *[no] { $seat } blocks at once, claiming { $card }
}
log-block = { $seat-you ->
    [yes] You block, claiming { $card }
   *[no] { $seat } blocks, claiming { $card }
}
# $claim is a card's name, or "claim of no Duke".
log-challenge = { $challenger-you ->
    [yes] You challenge { $claimant }'s { $claim }
   *[no] { $challenger } challenges { $claimant-you ->
        [yes] your { $claim }
       *[no] { $claimant }'s { $claim }
    }
}
challenged-no-duke = claim of no Duke
log-proved = { $seat-you ->
    [yes] You show { $card } — the claim holds
   *[no] { $seat } shows { $card } — the claim holds
}
log-showed-hand = { $seat-you ->
    [yes] You show a hand of { $cards }
   *[no] { $seat } shows a hand of { $cards }
}
# $what is "no Duke" (no-card), or "a Duke after all".
log-disproved = { $seat-you ->
    [yes] You were bluffing — { $what }
   *[no] { $seat } was bluffing — { $what }
}
no-card = no { $card }
duke-after-all = a Duke after all
log-refunded = { $seat-you ->
    [yes] You get { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } back
   *[no] { $seat } gets { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } back
}
# $card may be two cards ("a Duke and a Captain").
log-drew = { $seat-you ->
    [yes] You draw { $card }
   *[no] { $seat } draws { $card }
}
# Cards drawn that the reader did not see: $count is how many.
log-drew-hidden = { $seat-you ->
    [yes] You draw { $count ->
        [one] 1 card
       *[other] { $count } cards
    }
   *[no] { $seat } draws { $count ->
        [one] 1 card
       *[other] { $count } cards
    }
}
log-court-shuffled = The Court deck is shuffled
log-lost-influence = { $seat-you ->
    [yes] You lose an influence: { $card }
   *[no] { $seat } loses an influence: { $card }
}
log-eliminated = { $seat-you ->
    [yes] You are out of the game
   *[no] { $seat } is out of the game
}
log-lost-face-down = { $seat-you ->
    [yes] You lose an influence face down
   *[no] { $seat } loses an influence face down
}
log-action-blocked = { $seat-you ->
    [yes] Your action is blocked
   *[no] { $seat }'s action is blocked
}
log-gained = { $seat-you ->
    [yes] You take { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        }
   *[no] { $seat } takes { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        }
}
log-stole = { $actor-you ->
    [yes] You steal { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } from { $target }
   *[no] { $actor } steals { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } from { $target-you ->
        [yes] you
       *[no] { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] You embezzle { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } from the Reserve
   *[no] { $seat } embezzles { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } from the Reserve
}
log-converted-self = { $seat-you ->
    [yes] You convert to { $side }
   *[no] { $seat } converts to { $side }
}
log-converted = { $actor-you ->
    [yes] You convert { $target } to { $side }
   *[no] { $actor } converts { $target-you ->
        [yes] you
       *[no] { $target }
    } to { $side }
}
log-exchanged = { $seat-you ->
    [yes] You exchange with the Court
   *[no] { $seat } exchanges with the Court
}
# $cards are "a Duke and a Captain" and the like.
log-exchanged-returning = { $seat-you ->
    [yes] You exchange with the Court, returning { $cards }
   *[no] { $seat } exchanges with the Court, returning { $cards }
}
log-shown = { $actor-you ->
    [yes] You show { $card } to { $target }
   *[no] { $actor } shows { $card } to { $target-you ->
        [yes] you
       *[no] { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] You give { $target }'s card back
   *[no] { $actor } gives { $target-you ->
        [yes] your
       *[no] { $target }'s
    } card back
}
# $card is "the Duke", or "the card" when not shown.
log-forced-exchange = { $actor-you ->
    [yes] You make { $target } exchange { $card }
   *[no] { $actor } makes { $target-you ->
        [yes] you
       *[no] { $target }
    } exchange { $card }
}
log-coins-returned = { $seat-you ->
    [yes] Your { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } { $coins ->
        [one] goes
       *[other] go
    } back to the Treasury
   *[no] { $seat }'s { $coins ->
            [one] 1 coin
           *[other] { $coins } coins
        } { $coins ->
        [one] goes
       *[other] go
    } back to the Treasury
}
log-game-over = { $seat-you ->
    [yes] You win the game!
   *[no] { $seat } wins the game!
}

## The rules reference (from docs/RULES.md), as HTML

rules-html =
    <h3>Your turn</h3><p>Everyone starts with 2 hidden cards (your influence) and 2 coins. On your turn take one action. Any action may be a bluff: you may claim a character you do not hold. With 10 coins you must Coup.</p>
    <h3>Actions anyone may take</h3><p>Income: take 1 coin; nobody can stop it. Foreign Aid: take 2 coins; a Duke may block it. Coup: pay 7 coins and choose a player, who loses a card; nobody can stop it. With 10 coins or more, your action must be a Coup.</p>
    <h3>Challenges</h3><p>When someone claims a character, anyone may challenge. If they hold it, they show it, swap it for a new card, and the challenger loses a card. If not, the bluffer loses a card and the action fails.</p>
    <h3>Blocks</h3><p>A Duke blocks Foreign Aid; a Contessa blocks an assassination; a Captain or Ambassador (Inquisitor, when in play) blocks stealing. A block is a claim too: it can be challenged.</p>
    <h3>Losing</h3><p>Losing influence, you choose a hidden card to turn face up. With no hidden card you are out. The last player with a hidden card wins. Careful: the target of an assassination who challenges and loses, or blocks with a Contessa that is caught, can lose both cards in one turn.</p>
    <h3>Reformation</h3><p>Loyalists and Reformists may not Coup, assassinate, steal from or examine their own side, nor block its Foreign Aid, until everyone is on one side. Convert pays 1 coin (2 for someone else) onto the Reserve to change a side; Embezzle claims no Duke and takes the Reserve.</p>

## The page as an app

language = Language
update-ready = A new version is ready.
update-reload = Reload
offline-note = You are offline. Games against bots work; rooms need the network.

## The page's frame

tagline = a game of bluffing, in your browser
credit = Coup and Coup: Reformation are games by Rikki Tahta, published by Indie Boards & Cards. This is an unofficial fan implementation, not affiliated with them.
contacting-relay = Contacting the relay…
restoring-place = Taking your place back…
loading-table = Loading the table…
loading-table-retry = The table could not be loaded yet; trying again…
cancel = Cancel
new-room = Create a new room
dismiss = Dismiss

## The first screen

rejoin-were-playing = You were playing in room { $code } as { $name }.
rejoin-room = Rejoin room { $code }
hero-title = Bluff. Challenge. Survive.
hero-line = A bluffing card game for 2–10 players. Play friends by a link, or bots right now.
your-name = Your name
optional = Optional
name-optional = Optional. Without one, the others see a name like “Player K7”.
name-seen = The others see you by this name.
play-with-friends = Play with friends
create-room = Create a room
join-friends = Join friends
join-invited = You were invited: press Join.
join-type-code = Type the room's code.
join = Join

## Settings

players = Players
bots = Bots
bot-level = Bot level
seats = Seats
turn-timer = Turn timer
more-options = More options
option-inquisitor = Inquisitor
option-reformation = Reformation
option-draft = Two-player draft
level-name = { $level ->
    [easy] Easy
    [hard] Hard
   *[normal] Normal
}
timer-none = no limit
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n } seats
settings-inquisitor = Inquisitor instead of Ambassador
settings-ambassador = Ambassador (no Inquisitor)
settings-reformation = Reformation: allegiances and the Treasury Reserve
settings-turn-timer = Turn timer: { $timer }
settings-bots = Bots: { $level }
settings-locked = Room locked: nobody new may join

## Chat

chat = Chat
chat-empty = No messages yet. Say hello!
chat-placeholder = Say something…
send = Send
ignored-from-host = Ignored a message from the host: { $error }

## A room

the-host = The host
a-player = A player
room-code = Room code
you-host = You host this room
you-joined = You joined
leave-room = Leave the room
who-is-here = Who is here
create-room-hint = Open a room, then send them the invitation.
rematch-by-host = The host may deal again.
connecting-to-host = Connecting to the host…
waiting-for-start = Waiting for the host to start the game…
watching-full = You are watching: all seats are taken. The host can give you a seat.
watcher-waiting = { $name } is watching: all seats are taken.
seat-watcher = Seat { $name }
waiting-for-players = Waiting for players… send them the invitation.
everyone-can-chat = Everyone here can chat.
link-you = you
link-open = connected
link-connecting = connecting…
link-away = away
seat-away = Away
seat-away-stand-in = Away · a bot plays in { $n } s
seat-away-leaves = Away · leaves the game in { $n } s
seat-stand-in = Away · a bot plays for now
seat-left-fair = Left the game
link-via-host = via the host
link-watching = { " " }· watching
badge-host = host
invite = Invite
invite-qr = QR code of the invitation
invite-hint = Send this link, or let them scan the code: it opens the game with the room filled in.
invite-link = Invitation link
copied = Copied
copy-link = Copy the link
share = Share…
share-title = Play Coup with me
add-bot = Add a bot
start-game = Start the game
open-seats-hint = Open seats are filled with bots of this level when the game starts.
lock-room = Lock the room: nobody new may join
level-bot = { $level } bot
seat-kind-open = open
seat-kind-player = player
remove-bot = Remove this bot
remove = Remove
remove-ask = Remove { $name } from the room?

## The table

leave = Leave
back-to-start = Back to the start
leave-ask = Leave?
leave-yes = Yes, leave
leave-pass-on = Leave — the table moves to another player’s page
stay = Stay
play-bots = Play against bots
play-bots-hint = Start now, on your own, against computer players.
dealing = Dealing…
table-log = Table log
claims = Claims
reserve = Reserve
court = Court
mode-draft = Draft
rules-cards = Rules & cards
how-to-play = How to play
close = Close
this-table = This table: { $inquisitor ->
    [yes] Inquisitor instead of Ambassador
   *[no] Ambassador
}{ $reformation ->
    [yes] , Reformation
   *[no] {""}
}. Turns { $turns }, answers { $answers }, choices { $choices }.
your-cards = Your cards
whose-claims = Whose claims
no-claims-yet = No one has claimed a character yet.
no-claims-player = No claims from this player yet.
everyone = Everyone
seconds-left = { $n ->
    [one] 1 second left
   *[other] { $n } seconds left
}
seconds-short = { $n }s
seat-out = out
card-lost = { $card }, lost
lost = lost
hidden-card = hidden card
card-lost-face-down = a card lost face down

## Decisions and the game's end

you-win = You win!
wins = { $name } wins
believe-it = Do you believe it?
block-it = Block it?
believe-block = Do you believe the block?
you-lose-influence = You lose an influence
choose-card-up = Choose the card to turn face up.
you-drew = You drew { $cards }. Choose the cards to keep.
you-are-examined = You are examined
choose-card-show = Choose the card to show { $name }.
# $card is "a Duke", or "a card".
examine-decide = { $name } shows you { $card }. Let them keep it, or make them swap it for a new card?
draft-hint = Pick a card secretly; the other is dealt at random.
choose-side = Choose your side
choose-side-hint = Loyalists and Reformists may not attack their own side until all are on one.
you-are-out = You are out.
watch-the-rest = Watch the rest: at the end every hand is shown.
you-are-watching = You are watching this game. You can play in the next one.
waiting-for = Waiting for { $names }…
your-turn = Your turn
must-coup = With 10 coins or more you must Coup.
whom = { $action }: whom?
back = Back
# $effect is an action's effect, from action-effect, with its first letter upper case.
aim-line = { $effect }. Tap a seat marked with a crosshair, or choose below.
aim-line-click = { $effect }. Click a seat marked with a crosshair, or choose below.
dealt = dealt { $a } and { $b }
bluffs = Bluffs
caught = Caught
challenges-won-lost = Challenges won–lost
truth-true = true
truth-bluff = bluff
rematch = Rematch
back-to-lobby = Back to the lobby
game-over = Game over
every-hand = Every hand
player = Player
cards = Cards
coins-over-game = Coins over the game
every-claim = Every claim, and whether it was true
no-claims-game = No one claimed a character this game.
chart-legend = Whose line is whose
title-your-move = ● Your move — Coup
sound = Sound
sound-name = Sound when a decision is yours while the page is in the background

## What assistive technology reads

keys-help = Keys: P pass, C challenge, B block, T time left
your-decision = Your decision: { $title }
time-left-mine = { $n ->
    [one] 1 second left to decide
   *[other] { $n } seconds left to decide
}
time-none-mine = Your decision has no time limit
time-left-theirs = Waiting for { $names }: { $n ->
    [one] 1 second left
   *[other] { $n } seconds left
}
seat-holding = holding { $cards }
seat-hidden = { $n ->
    [one] 1 hidden card
   *[other] { $n } hidden cards
}
seat-lost = lost { $cards }
seat-your-turn = your turn
seat-their-turn = their turn
seat-deciding = deciding
seat-answering = you are answering them
see-table = See the table
coins-chart = Each player's coins, turn by turn
rules-dialog = Rules and cards

## What was refused or went wrong

# The host refused something this page sent.
refusal-rate-limited = Too many messages: slow down.
refusal-not-joined = You have not joined the table yet.
refusal-already-joined = You have already joined this table.
refusal-table-full = The table is full.
refusal-not-host = Only the host may do that.
refusal-no-game = There is no game in progress.
refusal-not-seated = You are watching, not playing.
# $asked and $yours are seat numbers.
refusal-not-your-seat = Seat { $asked } is not yours (yours is seat { $yours }).
intent-not-legal = That is not one of your choices now.
# The rules refused a move.
illegal-game-over = The game is over.
illegal-no-such-seat = There is no such seat in this game.
illegal-not-your-turn = You owe no decision now.
illegal-already-answered = You have already answered.
illegal-wrong-decision = That does not answer the decision being asked.
illegal-not-available = That action is not in play in this game.
illegal-must-coup = With 10 or more coins you must Coup.
illegal-cannot-afford = You do not have enough coins for that.
illegal-empty-reserve = The Treasury Reserve is empty.
illegal-bad-target = That player cannot be the target.
illegal-nothing-to-steal = A Steal needs a target with at least one coin.
illegal-same-allegiance = That player is on your side.
illegal-cannot-block = You cannot block now, or not with that card.
illegal-cannot-challenge = There is no claim to challenge now.
illegal-no-such-card = You hold no such hidden card.
illegal-card-not-in-use = That card is not in use in this game.
illegal-bad-keep = Keep as many cards as you had hidden, from those you hold and drew.
illegal-other = The rules do not allow that.
# A host's command refused.
table-error-game-in-progress = Not while a game is being played.
table-error-no-game = Only while a game is being played.
table-error-not-finished = There is no finished game to replay.
table-error-seat-count = A table has 2 to 10 seats.
table-error-no-such-seat = There is no seat { $seat }.
table-error-no-such-member = That person is no longer at the table.
table-error-draft-needs-two = The two-player draft needs exactly two seats.
table-error-timers = A timer is out of bounds.
table-error-kick-host = The host cannot leave its own table.
table-error-seat-taken = During a game only a bot's seat can be taken, by a watcher.
table-error-held-another-seat = During a game you may take back only the seat you held.
table-error-only-bot = During a game a person can only be replaced by a bot.
table-error-fair-no-bots = A fair deal seats people only: no bots.
table-error-fair-needs-people = A fair deal needs a person in every seat, at least two.
table-error-fair-seat = Not during a fair game: every seat is needed to the end.
table-error-fair-unavailable = The fair deal's code could not be loaded yet: check your connection and try again.
# $detail is the rules engine's own words.
table-error-deal = The game could not be dealt: { $detail }
# The host ended the link.
fatal-version = This table runs protocol version { $host }; yours is { $yours }: reload the page.
fatal-kicked = The host removed you from the table.
fatal-replaced = Your seat was taken back from another tab or device.
fatal-locked = The table is closed to newcomers.
# Under the name field.
name-error-empty = Type a name.
name-error-too-long = A name has at most { $max } characters.
name-error-control = A name cannot hold line breaks or control characters.
name-error-invisible = A name cannot hold invisible or direction-changing characters.
name-error-impersonates = A name cannot read as “You”, a bot or a seat (“Bot 2”, “Seat 3”).
chat-error-empty = The message is empty.
chat-error-too-long = A message has at most { $max } characters.
chat-error-rate-limited = Too many messages: wait a moment.
# A message that could not be read; $detail is the parser's own words.
wire-too-large = The message is { $size } bytes; the limit is { $limit }.
wire-version = The message speaks protocol version { $theirs }; this page speaks { $ours }.
wire-malformed = The message is not valid: { $detail }
# What the host sent and was not used.
guest-error-not-welcomed = The host sent a game update before welcoming us.
guest-error-log-order = The host's log entries came out of order.
guest-error-wrong-seat = The host's update was for another seat.
guest-error-implausible = The host sent a log entry no honest host sends.
guest-error-reveal = The host's account of the game's end does not fit the game.
guest-error-fair = A fair-deal record from the host did not check out.
guest-error-fair-rules = The host’s page relayed a move the rules do not make. This page sends nothing for it.
guest-error-fair-two-games = The host’s page showed this page two different games. This page sends nothing more in this game.
guest-error-parts = The host’s account of the table came in parts that do not fit together.
guest-error-recovery = The host sent a copy of the table for safekeeping that this page cannot keep.
# The relay's answers.
relay-error-no-such-room = There is no room with that code.
relay-error-room-full = That room is full.
relay-error-rate-limited = Too many attempts; wait a minute and try again.
relay-error-server-full = The relay is full right now; try again later.
relay-error-already-in-room = You are already in a room.
relay-error-not-in-room = You are not in a room.
relay-error-unknown-peer = That player has left.
relay-error-bad-secret = The room could not be reclaimed.
relay-error-too-large = A message was too large for the relay.
relay-error-bad-message = The relay did not understand a message.
relay-error-not-host = Only the room's host may do that.
relay-error-banned = The host of that room removed you from it.
room-closed-host-left = The room was closed: the host left.
room-closed-host-late = The room was closed: the host did not come back in time.
# $reason is the relay's own words.
room-closed = The room was closed: { $reason }

## The connection, as the page's notices tell it

# A peer that has not named itself; $tag is four letters of its relay id.
player-tag = Player { $tag }
# A hosting page's player who chose no name.
player-default = Player
not-connected = Not connected to the host yet.
connection-host-away = The host's connection dropped; waiting for them to come back…
connection-reconnecting = Reconnecting…
connection-offline = You are offline. Your seat is kept; your decisions wait until the connection is back.
connection-host-silent = The host’s page stopped answering. Your seat is kept; your decisions wait until it answers again.
decisions-paused = Not connected: this decision waits until the link to the host is back.
connection-relay = Reconnecting to the relay…
ended-host-gone = The host did not come back, so this game is over.
# $why is the browser's own words.
notice-not-restored = Your table could not be taken back after the reload ({ $why }); it was set aside.
notice-table-stopped = The table stopped: { $why }
# $why is one of the relay's answers above.
notice-reclaim-failed = Could not take room { $code } back: { $why }
notice-handed-over = This page was away too long, so the table now runs on another player’s page. You rejoin it there as a player, in your seat.
notice-passed-on = You left the room; the table goes on without you on another player’s page.
notice-rejoin-failed = Could not rejoin room { $code }: { $why }
notice-room-gone = Room { $code } is gone: { $why } Create a new room to play again.
notice-room-moved = The relay restarted and lost this room, so it has a new code: { $code }. The players here were told; the game goes on.
notice-relay-garbage = Ignored a bad message from the relay: { $what }.
notice-bad-signal = Ignored a bad signal from { $name }: { $error }
notice-odd-signal = Ignored an unexpected signal from { $name }.
notice-link-failed = The connection to { $name } failed: { $why }
notice-link-closed = The connection to { $name } closed.
notice-seat-lost = Your seat in room { $code } is no longer yours: it was given away or the game moved on.
notice-no-relay = Could not reach the relay. Check your connection and try again.
notice-tab-copy = This tab is a copy of another that holds your place: it starts afresh.
# $error, $what and $reason are the browser's, the relay's or the referee's own words.
notice-relay-failed = Could not reach the relay: { $error }
notice-send-failed = Could not send: { $error }
notice-referee-failed = Could not reach the referee: { $error }
notice-referee-garbage = Ignored a bad message from the referee: { $what }
# $code is the WebSocket close code.
notice-relay-closed = The relay closed the connection ({ $code }): { $reason }
# The relay closed this page's connection, by its close code.
relay-closed-going-away = The relay is restarting. The table plays on without it meanwhile.
relay-closed-replaced = The room was opened again on another page, which took its place on the relay.
relay-closed-policy = The relay closed the connection: too many messages, or read too slowly.
relay-closed-too-big = The relay closed the connection: a message was too large.
relay-closed-protocol = The relay closed the connection: it could not read what this page sent.
relay-closed-try-later = The relay has too many connections from your network right now.
link-no-path = no network path between the two browsers
# A link whose heartbeat stopped; $seconds is how long nothing arrived.
link-silent = nothing arrived from them for { $seconds } seconds
link-gone = they left the room (their page closed, or lost its network)

## When two browsers cannot reach each other

# The joiner's panel: its title, why (one of link-why-*), the usual causes, what helps.
link-failure-title = Your browser and the host’s cannot reach each other
link-why-no-call = The host’s page never answered: it may be closed, asleep or out of date.
link-why-both-relayed = Both browsers reached this server’s TURN relay and still found no way through. This is rare.
link-why-turn-unreachable = This server has a TURN relay, but your browser could not reach it: your network seems to block it.
link-why-host-turn-unreachable = This server has a TURN relay, but the host’s browser could not reach it: their network seems to block it.
link-why-no-turn = This server has no TURN relay, and your network and the host’s need one to connect.
link-why-no-stun = This server hands out no STUN or TURN server, so browsers only find each other on the same network.
link-failure-cause = This usually comes from a mobile network or a strict firewall, which keep browsers from connecting directly.
link-failure-help = What helps: both players on the same Wi-Fi, or a server with a TURN relay.
link-failure-guide = How to run a server with TURN
link-failure-trying = This page keeps trying meanwhile.
link-failure-retry = Try again
# The host's notice, once per joiner and failure; $why is one of host-why-*.
notice-cannot-reach = Cannot reach { $name }: your browser and theirs cannot connect. { $why } Neither page can fix this; the same Wi-Fi for both, or a server with a TURN relay, would help.
host-why-no-call = { $name }’s page never answered.
host-why-both-relayed = Both browsers reached this server’s TURN relay and still found no way through (rare).
host-why-turn-unreachable = This server has a TURN relay, but your browser could not reach it.
host-why-guest-turn-unreachable = This server has a TURN relay, but { $name }’s browser could not reach it.
host-why-no-turn = This server has no TURN relay, and your network and { $name }’s need one.
host-why-no-stun = This server hands out no STUN or TURN server, so browsers only find each other on the same network.
referee-no-load = the referee's worker could not load
# Why the browser could not do something; $what names a part of the page, $url is an address.
net-relay-closed = the relay connection is closed
net-channel-closed = the data channel is not open
net-no-page = this page has no { $what }
net-bad-relay-url = the relay address “{ $url }” is not a ws:// or wss:// URL or a path

## Before the page's program runs (index.html, filled in by the build)

boot-failed = Coup could not start:
boot-noscript = Coup needs JavaScript and WebAssembly.

## Fair deal (docs/FAIR-DEAL.md)
option-fair = Fair deal
option-fair-hint = People only, no bots: every player shuffles the cards in turn and nobody, the host included, can see a card they may not.
settings-fair = Fair deal: every player shuffles, people only
fair-title = Fair deal
fair-shuffling = Shuffling: { $done } of { $all }
fair-fingerprint = Table key: { $print }
fair-fingerprint-hint = Every player sees the same key; compare it over a call.
fair-examined = Shown to you: { $cards }
fair-verdict-waiting = The record is checked once every player’s secret is in.
fair-verdict-fair = This game was fair.
fair-verdict-false-denial = This game was not fair: { $name } said they could not prove a claim while holding the card.
fair-verdict-false-concession = This game was not fair: { $name } conceded without holding a Duke.
fair-verdict-wrong-deck = This game was not fair: the cards were not the deck.
fair-verdict-referee = This game was not fair: the host's page did not apply the rules.
fair-verdict-equivocation = This game was not fair: the host's page sent { $name } a different game than this page.
fair-verdict-closed = This game could not be checked: a card stayed closed.
fair-verdict-cut-short = { $count ->
    [0] The game ended before its end: every move was checked as it came, and no answer is left unchecked.
    [one] The game ended before its end: every move was checked as it came; one “cannot prove” stays unchecked, since the cards it was about stay closed.
   *[other] The game ended before its end: every move was checked as it came; { $count } “cannot prove” answers stay unchecked, since the cards they were about stay closed.
}
fair-verdict-sealed = A player left holding cards, so no card opens at the end: every move was checked as it came; “cannot prove” answers left unchecked: { $count }.
fair-ask-prove = Your claim is challenged: answer with your cards.
fair-ask-show = Choose the card you show the Inquisitor.
fair-ask-keep = Choose the cards you keep.
fair-ask-pick = Choose the card you keep from your set.
fair-title-prove = You are challenged
fair-prove = Show { $card }
fair-cannot-prove = I cannot prove it
fair-concede = Concede (I hold a Duke)
fair-show-hand = Show my hand (no Duke)
fair-lose = Lose { $card }
fair-show = Show { $card }
fair-pick = Keep { $card }
fair-keep = Keep { $cards }
fair-answer-not-asked = Nothing is asked of you now.
fair-answer-refused = Your table refused that answer.

## The first screen's options, each with what it does.
option-inquisitor-hint = The Inquisitor replaces the Ambassador: swap one card, or look at a rival's.
option-reformation-hint = Loyalists and Reformists: you may not target your own side; switching sides costs coins.
option-draft-hint = Two players: each picks a card from a set of five; seven cards in play.

## Where you finished, at the end of a game.
place-won = You won: 1st of { $count }.
place-finished = You finished { NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} of { $count }.

## The guide to a first game against bots.
guide-label = First game guide
guide-step = { $n } of { $count }
guide-cards = These are your cards: your influence. Lose both and you are out.
guide-coins = Your coins, and your actions: on your turn, choose one.
guide-claims = An action may claim a character, even one you do not hold. Anyone may challenge a claim: whoever is wrong loses a card.
guide-log = The log tells what happened, and who claimed what.
guide-next = Next
guide-skip = Skip
guide-done = Got it

## Reactions to chat lines.
react-add = Add a reaction
react-with = React with { $emoji }
chat-error-no-such-line = That message is no longer in the log.
