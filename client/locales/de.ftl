### Coup: die Wörter, die ein Spieler liest, auf Deutsch. Dieselben Nachrichten und
### Argumente wie en.ftl (siehe dort); der Spieler wird geduzt.

## Gemeinsames

-one-coin-or-more = { $n ->
    [one] { $n } Münze
   *[other] { $n } Münzen
}
coins = { $n ->
            [one] { $n } Münze
           *[other] { $n } Münzen
        }
you = Du
seat-open = Platz { $n }
list-and = { $a } und { $b }

## Karten und Seiten

card-name = { $card ->
    [duke] Herzog
    [assassin] Attentäter
    [captain] Kapitän
    [ambassador] Botschafter
    [contessa] Gräfin
   *[inquisitor] Inquisitor
}
# Im Akkusativ: „zeigt einen Herzog“.
card-a = { $card ->
    [duke] einen Herzog
    [assassin] einen Attentäter
    [captain] einen Kapitän
    [ambassador] einen Botschafter
    [contessa] eine Gräfin
    [inquisitor] einen Inquisitor
   *[hidden] eine Karte
}
# Im Akkusativ: „beansprucht den Herzog“.
card-the = { $card ->
    [duke] den Herzog
    [assassin] den Attentäter
    [captain] den Kapitän
    [ambassador] den Botschafter
    [contessa] die Gräfin
    [inquisitor] den Inquisitor
   *[hidden] die Karte
}
no-duke = kein Herzog
claim-no-duke = keinen Herzog
side-name = { $side ->
    [loyalist] Loyalist
   *[reformist] Reformist
}
ability = { $card ->
    [duke] Steuern: nimm 3. Blockt Auslandshilfe.
    [assassin] Zahle 3: ein Spieler verliert eine Karte.
    [captain] Stiehl 2. Blockt Stehlen.
    [ambassador] Tausche 2. Blockt Stehlen.
    [contessa] Blockt Attentate.
   *[inquisitor] Tausche 1 oder untersuche. Blockt Stehlen.
}

## Aktionen (R4, R7)

action-title = { $action ->
    [income] Einkommen
    [foreign_aid] Auslandshilfe
    [coup] Putsch
    [tax] Steuern
    [assassinate] Attentat
    [steal] Stehlen
    [exchange] Tauschen
    [examine] Untersuchen
    [convert] Bekehren
   *[embezzle] Unterschlagen
}
action-effect = { $action ->
    [income] nimm 1 Münze
    [foreign_aid] nimm 2 Münzen; jeder Herzog kann blocken
    [coup] zahle 7: ein Spieler verliert eine Karte, ohne Abwehr
    [tax] nimm 3 Münzen
    [assassinate] zahle 3: ein Spieler verliert eine Karte; die Gräfin blockt
    [steal] nimm einem Spieler 2 Münzen; Kapitän oder Botschafter blocken
    [steal-inquisitor] nimm einem Spieler 2 Münzen; Kapitän oder Inquisitor blocken
    [exchange] zieh 2 Karten, behalte, was du willst
    [exchange-one] zieh 1 Karte, behalte, was du willst
    [examine] sieh eine Karte eines Spielers an, lass sie vielleicht tauschen
    [convert] zahle 1, um die Seite zu wechseln, 2 für einen anderen
   *[embezzle] nimm alle Münzen der Reserve
}
action-claim = beanspruche { $card }: { $effect }
action-claim-no-duke = beanspruche, keinen Herzog zu haben: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] { $target } bestehlen
    [coup] Putsch gegen { $target }
    [assassinate] Attentat auf { $target }
    [examine] { $target } untersuchen
   *[convert] { $target } bekehren
}

## Entscheidungen

input-pass = Passen
input-challenge = Anzweifeln
input-block = Blocken mit { $card }
input-lose = { $card } verlieren
input-keep = { $cards } behalten
input-show = { $card } zeigen
input-give-back = Zurückgeben
input-force-exchange = Tauschen lassen
input-draft = { $card } nehmen
input-side = { $side } sein

hint-challenge = Sag, dass { $claimant } blufft. Stimmt es, verliert er eine Karte; sonst du.
hint-challenge-embezzle = Sag, dass { $claimant } einen Herzog hat. Stimmt es, verliert er eine Karte; sonst du.
hint-challenge-both = Verlierst du, kann das Attentat noch eine weitere nehmen: beide deine Karten.
hint-block = Beanspruche { $card }, um es zu stoppen; jeder kann das anzweifeln.
hint-block-both = Beim Bluffen erwischt, verlierst du beide Karten.
hint-pass-block = Den Block stehen lassen.
hint-pass = Geschehen lassen.
hint-lose = Deck deinen { $card } auf; er zählt nicht mehr.
hint-show = Nur der Untersuchende sieht sie.
hint-give-back = Er behält die Karte.
hint-force-exchange = Er zieht eine neue Karte und gibt diese zurück.
hint-draft = Die andere Karte wird zufällig ausgeteilt.
hint-side = Die anderen wechseln sich ab dir ab.

## Die Liste der Ansagen

claim-for-action = { $card } für { $action }
claim-to-block = { $card } zum Blocken
claim-outcome = { $outcome ->
    [pending] wird beantwortet
    [shown] angezweifelt: es stimmte
    [lost] angezweifelt: ein Bluff, erwischt
    [true] niemand zweifelte: es stimmte
    [false] niemand zweifelte: ein Bluff, der klappte
   *[unchallenged] niemand zweifelte
}
refusal-stale = Zu spät: diese Entscheidung ist schon vorbei.
refusal-fair = Das faire Austeilen hat diese Nachricht abgelehnt.

## Hinweise zum Tisch

note-joined = { $name } ist an den Tisch gekommen
note-left = { $name } hat den Tisch verlassen
note-returned = { $name } ist zurück
note-kicked = Der Gastgeber hat { $name } entfernt
note-host-moved = Die Seite des Gastgebers hat den Tisch verlassen; der Tisch läuft jetzt auf der Seite von { $name }
note-stand-in = { $seat-you ->
    [yes] Ein Bot spielt vorerst für dich
   *[no] Ein Bot spielt vorerst für { $seat }
}
note-fair-refused = { $seat-you ->
    [yes] Deine Seite hat einen Eintrag geschickt, der die Prüfung nicht besteht: du scheidest aus dem fairen Spiel aus
   *[no] Die Seite von { $seat } hat einen Eintrag geschickt, der die Prüfung nicht besteht: { $seat } scheidet aus dem fairen Spiel aus
}
note-fair-stalled = { $seat-you ->
    [yes] Deine Seite hat zu lange nichts von dem geschickt, was sie schuldete: du scheidest aus dem fairen Spiel aus
   *[no] Die Seite von { $seat } hat zu lange nichts von dem geschickt, was sie schuldete: { $seat } scheidet aus dem fairen Spiel aus
}
note-fair-left = { $seat-you ->
    [yes] Du hast das faire Spiel verlassen: deine Karten verlassen das Spiel verdeckt, von niemandem gesehen, das Spiel geht weiter
   *[no] { $seat } hat das faire Spiel verlassen: die Karten verlassen das Spiel verdeckt, von niemandem gesehen, das Spiel geht weiter
}
note-fair-left-end = { $seat-you ->
    [yes] Du hast das faire Spiel verlassen: zu wenige Spieler bleiben, um deinen Schlüssel wiederherzustellen, das Spiel endet
   *[no] { $seat } hat das faire Spiel verlassen: zu wenige Spieler bleiben, um den Schlüssel wiederherzustellen, das Spiel endet
}
note-fair-fault = Das faire Spiel wurde abgebrochen: { $seat-you ->
    [yes] deine Antwort
   *[no] die Antwort von { $seat }
} hielt nicht stand
note-fair-fault-stream = Das faire Spiel wurde abgebrochen: die Aufzeichnung folgte nicht den Regeln
note-timed-out = { $seat-you ->
    [yes] Deine Zeit ist abgelaufen
   *[no] Die Zeit von { $seat } ist abgelaufen
}: { $kind ->
    [window] das zählt als Passen
    [turn] ein Bot hat den Zug gespielt
   *[choice] ein Bot hat gewählt
}

## Das Protokoll: ein Satz pro Ereignis

log-turn = { $seat-you ->
    [yes] — Du bist dran —
   *[no] — { $seat } ist dran —
}
log-draft-picked = { $seat-you ->
    [yes] Du wählst { $card } im Draft
   *[no] { $seat } wählt { $card } im Draft
}
log-draft-dealt = { $seat-you ->
    [yes] Du bekommst { $card }
   *[no] { $seat } bekommt { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Du wirst { $side }
   *[no] { $seat } wird { $side }
}
log-income = { $actor-you ->
    [yes] Du nimmst Einkommen: { -one-coin-or-more(n: 1) }
   *[no] { $actor } nimmt Einkommen: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] Du bittest um Auslandshilfe
   *[no] { $actor } bittet um Auslandshilfe
}
log-coup = { $actor-you ->
    [yes] Du putschst gegen { $target }
   *[no] { $actor } putscht gegen { $target-you ->
        [yes] dich
       *[no] { $target }
    }
}
purpose = { $action ->
    [tax] um Steuern zu erheben
    [assassinate] { $target-you ->
        [yes] um dich zu ermorden
       *[no] um { $target } zu ermorden
    }
    [steal] { $target-you ->
        [yes] um dich zu bestehlen
       *[no] um { $target } zu bestehlen
    }
    [exchange] um mit dem Hof zu tauschen
    [examine] { $target-you ->
        [yes] um dich zu untersuchen
       *[no] um { $target } zu untersuchen
    }
    [convert-self] um die Seite zu wechseln
    [convert] { $target-you ->
        [yes] um dich zu bekehren
       *[no] um { $target } zu bekehren
    }
   *[embezzle] um die Reserve zu unterschlagen
}
log-claims = { $actor-you ->
    [yes] Du behauptest, { $claim } zu haben, { $purpose }
   *[no] { $actor } behauptet, { $claim } zu haben, { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Du handelst, { $purpose }
   *[no] { $actor } handelt, { $purpose }
}
log-paying = { $line } (zahlt { $paid ->
            [one] { $paid } Münze
           *[other] { $paid } Münzen
        })
log-early-block = { $seat-you ->
    [yes] Du blockst sofort und beanspruchst { $card }
   *[no] { $seat } blockt sofort und beansprucht { $card }
}
log-block = { $seat-you ->
    [yes] Du blockst und beanspruchst { $card }
   *[no] { $seat } blockt und beansprucht { $card }
}
log-challenge = { $challenger-you ->
    [yes] Du zweifelst { $claimant } an ({ $claim })
   *[no] { $challenger } zweifelt { $claimant-you ->
        [yes] dich
       *[no] { $claimant }
    } an ({ $claim })
}
challenged-no-duke = kein Herzog
log-proved = { $seat-you ->
    [yes] Du zeigst { $card } — die Ansage hält
   *[no] { $seat } zeigt { $card } — die Ansage hält
}
log-showed-hand = { $seat-you ->
    [yes] Du zeigst eine Hand aus { $cards }
   *[no] { $seat } zeigt eine Hand aus { $cards }
}
log-disproved = { $seat-you ->
    [yes] Du hast geblufft — { $what }
   *[no] { $seat } hat geblufft — { $what }
}
no-card = kein { $card }
duke-after-all = doch ein Herzog
log-refunded = { $seat-you ->
    [yes] Du bekommst { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } zurück
   *[no] { $seat } bekommt { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } zurück
}
log-drew = { $seat-you ->
    [yes] Du ziehst { $card }
   *[no] { $seat } zieht { $card }
}
log-drew-hidden = { $seat-you ->
    [yes] Du ziehst { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    }
   *[no] { $seat } zieht { $count ->
        [one] 1 Karte
       *[other] { $count } Karten
    }
}
log-court-shuffled = Der Hofstapel wird gemischt
log-lost-influence = { $seat-you ->
    [yes] Du verlierst einen Einfluss: { $card }
   *[no] { $seat } verliert einen Einfluss: { $card }
}
log-eliminated = { $seat-you ->
    [yes] Du bist aus dem Spiel
   *[no] { $seat } ist aus dem Spiel
}
log-lost-face-down = { $seat-you ->
    [yes] Du verlierst einen Einfluss verdeckt
   *[no] { $seat } verliert einen Einfluss verdeckt
}
log-action-blocked = { $seat-you ->
    [yes] Deine Aktion ist geblockt
   *[no] Die Aktion von { $seat } ist geblockt
}
log-gained = { $seat-you ->
    [yes] Du nimmst { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        }
   *[no] { $seat } nimmt { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        }
}
log-stole = { $actor-you ->
    [yes] Du stiehlst { $target } { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        }
   *[no] { $actor } stiehlt { $target-you ->
        [yes] dir
       *[no] { $target }
    } { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        }
}
log-embezzled = { $seat-you ->
    [yes] Du unterschlägst { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } aus der Reserve
   *[no] { $seat } unterschlägt { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } aus der Reserve
}
log-converted-self = { $seat-you ->
    [yes] Du wirst { $side }
   *[no] { $seat } wird { $side }
}
log-converted = { $actor-you ->
    [yes] Du bekehrst { $target } — jetzt { $side }
   *[no] { $actor } bekehrt { $target-you ->
        [yes] dich
       *[no] { $target }
    } — jetzt { $side }
}
log-exchanged = { $seat-you ->
    [yes] Du tauschst mit dem Hof
   *[no] { $seat } tauscht mit dem Hof
}
log-exchanged-returning = { $seat-you ->
    [yes] Du tauschst mit dem Hof und gibst { $cards } zurück
   *[no] { $seat } tauscht mit dem Hof und gibt { $cards } zurück
}
log-shown = { $actor-you ->
    [yes] Du zeigst { $target } { $card }
   *[no] { $actor } zeigt { $target-you ->
        [yes] dir
       *[no] { $target }
    } { $card }
}
log-gave-back = { $actor-you ->
    [yes] Du gibst { $target } die Karte zurück
   *[no] { $actor } gibt { $target-you ->
        [yes] dir deine
       *[no] { $target } die
    } Karte zurück
}
log-forced-exchange = { $actor-you ->
    [yes] Du lässt { $target } { $card } tauschen
   *[no] { $actor } lässt { $target-you ->
        [yes] dich
       *[no] { $target }
    } { $card } tauschen
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] Deine { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } geht zurück in die Staatskasse
       *[other] Deine { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } gehen zurück in die Staatskasse
    }
   *[no] { $coins ->
        [one] Die { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } von { $seat } geht zurück in die Staatskasse
       *[other] Die { $coins ->
            [one] { $coins } Münze
           *[other] { $coins } Münzen
        } von { $seat } gehen zurück in die Staatskasse
    }
}
log-game-over = { $seat-you ->
    [yes] Du gewinnst das Spiel!
   *[no] { $seat } gewinnt das Spiel!
}

## Die Regeln (nach docs/RULES.md), als HTML

rules-html =
    <h3>Dein Zug</h3><p>Jeder beginnt mit 2 verdeckten Karten (deinem Einfluss) und 2 Münzen. In deinem Zug machst du eine Aktion. Jede Aktion kann ein Bluff sein: du darfst einen Charakter beanspruchen, den du nicht hast. Mit 10 Münzen musst du putschen.</p>
    <h3>Aktionen für alle</h3><p>Einkommen: nimm 1 Münze; niemand kann es verhindern. Auslandshilfe: nimm 2 Münzen; ein Herzog kann sie blockieren. Putsch: zahle 7 Münzen und wähle einen Spieler, der eine Karte verliert; niemand kann es verhindern. Mit 10 Münzen oder mehr muss deine Aktion ein Putsch sein.</p>
    <h3>Anzweifeln</h3><p>Beansprucht jemand einen Charakter, darf jeder anzweifeln. Hat er ihn, zeigt er ihn, tauscht ihn gegen eine neue Karte, und wer gezweifelt hat, verliert eine Karte. Sonst verliert der Bluffer eine Karte und die Aktion scheitert.</p>
    <h3>Blocken</h3><p>Ein Herzog blockt Auslandshilfe; eine Gräfin blockt ein Attentat; ein Kapitän oder Botschafter (der Inquisitor, wenn er im Spiel ist) blockt Stehlen. Ein Block ist auch eine Ansage: er kann angezweifelt werden.</p>
    <h3>Verlieren</h3><p>Verlierst du Einfluss, wählst du eine verdeckte Karte und deckst sie auf. Ohne verdeckte Karte bist du raus. Wer als Letzter eine verdeckte Karte hat, gewinnt. Vorsicht: das Ziel eines Attentats, das anzweifelt und verliert oder mit einer ertappten Gräfin blockt, kann in einem Zug beide Karten verlieren.</p>
    <h3>Reformation</h3><p>Loyalisten und Reformisten dürfen ihre eigene Seite nicht putschen, ermorden, bestehlen oder untersuchen und ihre Auslandshilfe nicht blocken, bis alle auf einer Seite sind. Bekehren zahlt 1 Münze (2 für jemand anderen) in die Reserve, um eine Seite zu wechseln; Unterschlagen beansprucht, keinen Herzog zu haben, und nimmt die Reserve.</p>

## Die Seite als App

language = Sprache
update-ready = Eine neue Version ist bereit.
update-reload = Neu laden
offline-note = Du bist offline. Spiele gegen Bots gehen; Räume brauchen das Netz.

## Der Rahmen der Seite

tagline = ein Bluffspiel in deinem Browser
credit = Coup und Coup: Reformation sind Spiele von Rikki Tahta, verlegt von Indie Boards & Cards. Dies ist eine inoffizielle Fan-Umsetzung, nicht mit ihnen verbunden.
contacting-relay = Verbinde mit dem Relay…
restoring-place = Dein Platz wird zurückgeholt…
loading-table = Der Tisch wird geladen…
loading-table-retry = Der Tisch ließ sich noch nicht laden; neuer Versuch…
cancel = Abbrechen
new-room = Neuen Raum erstellen
dismiss = Schließen

## Der erste Bildschirm

rejoin-were-playing = Du hast in Raum { $code } als { $name } gespielt.
rejoin-room = Zurück in Raum { $code }
hero-title = Bluffen. Anzweifeln. Überleben.
hero-line = Ein Bluff-Kartenspiel für 2–10 Spieler. Spiel mit Freunden per Link oder sofort gegen Bots.
your-name = Dein Name
optional = Freiwillig
name-optional = Freiwillig. Ohne Namen sehen die anderen einen wie „Spieler K7“.
name-seen = Unter diesem Namen sehen dich die anderen.
play-with-friends = Mit Freunden spielen
create-room = Raum erstellen
join-friends = Freunden beitreten
join-invited = Du wurdest eingeladen: tippe auf Beitreten.
join-type-code = Gib den Code des Raums ein.
join = Beitreten

## Einstellungen

players = Spieler
bots = Bots
bot-level = Stufe der Bots
seats = Plätze
turn-timer = Zeit pro Zug
more-options = Weitere Optionen
option-inquisitor = Inquisitor
option-reformation = Reformation
option-draft = Draft zu zweit
level-name = { $level ->
    [easy] Leicht
    [hard] Schwer
   *[normal] Normal
}
timer-none = ohne Limit
timer-min = { $n } Min.
timer-s = { $n } s
settings-seats = { $n ->
    [one] { $n } Platz
   *[other] { $n } Plätze
}
settings-inquisitor = Inquisitor statt Botschafter
settings-ambassador = Botschafter (kein Inquisitor)
settings-reformation = Reformation: Seiten und die Reserve der Staatskasse
settings-turn-timer = Zeit pro Zug: { $timer }
settings-bots = Bots: { $level }
settings-locked = Raum gesperrt: niemand Neues darf beitreten

## Chat

chat = Chat
chat-empty = Noch keine Nachrichten. Sag hallo!
chat-placeholder = Schreib etwas…
send = Senden
ignored-from-host = Nachricht des Gastgebers ignoriert: { $error }

## Ein Raum

the-host = Der Gastgeber
a-player = Ein Spieler
room-code = Raumcode
you-host = Du bist Gastgeber dieses Raums
you-joined = Du bist beigetreten
leave-room = Raum verlassen
who-is-here = Wer ist da
create-room-hint = Öffne einen Raum und schick ihnen dann die Einladung.
rematch-by-host = Der Gastgeber kann neu austeilen.
connecting-to-host = Verbindung zum Gastgeber…
waiting-for-start = Warten, bis der Gastgeber das Spiel startet…
watching-full = Du schaust zu: Alle Plätze sind besetzt. Der Gastgeber kann dir einen Platz geben.
watcher-waiting = { $name } schaut zu: Alle Plätze sind besetzt.
seat-watcher = { $name } einen Platz geben
waiting-for-players = Warte auf Spieler… schick ihnen die Einladung.
everyone-can-chat = Alle hier können chatten.
link-you = du
link-open = verbunden
link-connecting = verbinde…
link-away = weg
seat-away = Abwesend
seat-away-stand-in = Abwesend · ein Bot spielt in { $n } s
seat-away-leaves = Abwesend · verlässt das Spiel in { $n } s
seat-stand-in = Abwesend · ein Bot spielt vorerst
seat-left-fair = Hat das Spiel verlassen
link-via-host = über den Gastgeber
link-watching = { " " }· schaut zu
badge-host = Gastgeber
invite = Einladen
invite-qr = QR-Code der Einladung
invite-hint = Schick diesen Link oder lass den Code scannen: er öffnet das Spiel mit dem Raum schon eingetragen.
invite-link = Einladungslink
copied = Kopiert
copy-link = Link kopieren
share = Teilen…
share-title = Spiel Coup mit mir
add-bot = Bot hinzufügen
start-game = Spiel starten
open-seats-hint = Freie Plätze werden beim Start mit Bots dieser Stufe besetzt.
lock-room = Raum sperren: niemand Neues darf beitreten
level-bot = Bot ({ $level })
seat-kind-open = frei
seat-kind-player = Spieler
remove-bot = Diesen Bot entfernen
remove = Entfernen
remove-ask = { $name } aus dem Raum entfernen?

## Der Tisch

leave = Verlassen
back-to-start = Zurück zum Start
leave-ask = Verlassen?
leave-yes = Ja, verlassen
leave-pass-on = Verlassen — der Tisch zieht auf die Seite eines anderen Spielers um
stay = Bleiben
play-bots = Gegen Bots spielen
play-bots-hint = Fang gleich an, allein, gegen Computerspieler.
dealing = Teile aus…
table-log = Protokoll
claims = Ansagen
reserve = Reserve
court = Hof
mode-draft = Draft
rules-cards = Regeln & Karten
how-to-play = Spielregeln
close = Schließen
this-table = Dieser Tisch: { $inquisitor ->
    [yes] Inquisitor statt Botschafter
   *[no] Botschafter
}{ $reformation ->
    [yes] , Reformation
   *[no] {""}
}. Züge { $turns }, Antworten { $answers }, Entscheidungen { $choices }.
your-cards = Deine Karten
whose-claims = Wessen Ansagen
no-claims-yet = Noch hat niemand etwas angesagt.
no-claims-player = Von diesem Spieler noch keine Ansage.
everyone = Alle
seconds-left = { $n ->
    [one] noch { $n } Sekunde
   *[other] noch { $n } Sekunden
}
seconds-short = { $n } s
seat-out = raus
card-lost = { $card }, verloren
lost = verloren
hidden-card = verdeckte Karte
card-lost-face-down = eine verdeckt verlorene Karte

## Entscheidungen und das Spielende

you-win = Du gewinnst!
wins = { $name } gewinnt
believe-it = Glaubst du es?
block-it = Blocken?
believe-block = Glaubst du den Block?
you-lose-influence = Du verlierst einen Einfluss
choose-card-up = Wähle die Karte, die du aufdeckst.
you-drew = Du hast { $cards } gezogen. Wähle die Karten, die du behältst.
you-are-examined = Du wirst untersucht
choose-card-show = Wähle die Karte, die du { $name } zeigst.
examine-decide = { $name } zeigt dir { $card }. Behalten lassen oder gegen eine neue Karte tauschen lassen?
draft-hint = Nimm geheim eine Karte; die andere wird zufällig ausgeteilt.
choose-side = Wähle deine Seite
choose-side-hint = Loyalisten und Reformisten dürfen ihre eigene Seite nicht angreifen, bis alle auf einer sind.
you-are-out = Du bist raus.
watch-the-rest = Schau weiter zu: am Ende wird jede Hand gezeigt.
you-are-watching = Du schaust diesem Spiel zu. Im nächsten kannst du mitspielen.
waiting-for = Warte auf { $names }…
your-turn = Du bist dran
must-coup = Mit 10 Münzen oder mehr musst du putschen.
whom = { $action }: wen?
back = Zurück
aim-line = { $effect }. Tippe auf einen mit Fadenkreuz markierten Platz oder wähle unten.
aim-line-click = { $effect }. Klicke auf einen mit Fadenkreuz markierten Platz oder wähle unten.
dealt = bekam { $a } und { $b }
bluffs = Bluffs
caught = Erwischt
challenges-won-lost = Zweifel gewonnen–verloren
truth-true = wahr
truth-bluff = Bluff
rematch = Revanche
back-to-lobby = Zurück zur Lobby
game-over = Spielende
every-hand = Alle Hände
player = Spieler
cards = Karten
coins-over-game = Münzen im Spielverlauf
every-claim = Alle Ansagen, und ob sie stimmten
no-claims-game = In dieser Partie hat niemand etwas angesagt.
chart-legend = Die Farbe jedes Spielers
title-your-move = ● Du bist dran — Coup
sound = Ton
sound-name = Ton, wenn du entscheiden musst und die Seite im Hintergrund ist

## Was Hilfstechnologien vorlesen

keys-help = Tasten: P passen, C anzweifeln, B blocken, T verbleibende Zeit
your-decision = Deine Entscheidung: { $title }
time-left-mine = { $n ->
    [one] noch { $n } Sekunde zum Entscheiden
   *[other] noch { $n } Sekunden zum Entscheiden
}
time-none-mine = Deine Entscheidung hat kein Zeitlimit
time-left-theirs = Warte auf { $names }: { $n ->
    [one] noch { $n } Sekunde
   *[other] noch { $n } Sekunden
}
seat-holding = hält { $cards }
seat-hidden = { $n ->
    [one] { $n } verdeckte Karte
   *[other] { $n } verdeckte Karten
}
seat-lost = verlor { $cards }
seat-your-turn = du bist dran
seat-their-turn = ist dran
seat-deciding = entscheidet
seat-answering = du antwortest ihm
see-table = Tisch ansehen
coins-chart = Die Münzen jedes Spielers, Zug um Zug
rules-dialog = Regeln und Karten

## Was abgelehnt wurde oder schiefging

refusal-rate-limited = Zu viele Nachrichten: langsamer, bitte.
refusal-not-joined = Du bist dem Tisch noch nicht beigetreten.
refusal-already-joined = Du bist diesem Tisch schon beigetreten.
refusal-table-full = Der Tisch ist voll.
refusal-not-host = Das darf nur der Gastgeber.
refusal-no-game = Es läuft gerade kein Spiel.
refusal-not-seated = Du schaust zu und spielst nicht mit.
refusal-not-your-seat = Platz { $asked } ist nicht deiner (deiner ist Platz { $yours }).
intent-not-legal = Das ist gerade keine deiner Möglichkeiten.
illegal-game-over = Das Spiel ist vorbei.
illegal-no-such-seat = Diesen Platz gibt es in diesem Spiel nicht.
illegal-not-your-turn = Du musst gerade nichts entscheiden.
illegal-already-answered = Du hast schon geantwortet.
illegal-wrong-decision = Das beantwortet nicht die Entscheidung, um die es geht.
illegal-not-available = Diese Aktion gibt es in diesem Spiel nicht.
illegal-must-coup = Mit 10 oder mehr Münzen musst du putschen.
illegal-cannot-afford = Dafür hast du nicht genug Münzen.
illegal-empty-reserve = Die Reserve der Staatskasse ist leer.
illegal-bad-target = Dieser Spieler kann nicht das Ziel sein.
illegal-nothing-to-steal = Zum Stehlen braucht es ein Ziel mit mindestens einer Münze.
illegal-same-allegiance = Dieser Spieler ist auf deiner Seite.
illegal-cannot-block = Du kannst jetzt nicht blocken, oder nicht mit dieser Karte.
illegal-cannot-challenge = Gerade gibt es keine Behauptung anzuzweifeln.
illegal-no-such-card = Eine solche verdeckte Karte hast du nicht.
illegal-card-not-in-use = Diese Karte ist in diesem Spiel nicht dabei.
illegal-bad-keep = Behalte so viele Karten, wie du verdeckt hattest, aus denen, die du hältst und gezogen hast.
illegal-other = Die Regeln erlauben das nicht.
table-error-game-in-progress = Nicht während eines Spiels.
table-error-no-game = Nur während eines Spiels.
table-error-not-finished = Es gibt kein beendetes Spiel zum Wiederholen.
table-error-seat-count = Ein Tisch hat 2 bis 10 Plätze.
table-error-no-such-seat = Es gibt keinen Platz { $seat }.
table-error-no-such-member = Diese Person ist nicht mehr am Tisch.
table-error-draft-needs-two = Der Draft zu zweit braucht genau zwei Plätze.
table-error-timers = Ein Timer liegt außerhalb der Grenzen.
table-error-kick-host = Der Gastgeber kann seinen eigenen Tisch nicht verlassen.
table-error-seat-taken = Während eines Spiels kann nur der Platz eines Bots übernommen werden, von einem Zuschauer.
table-error-held-another-seat = Während eines Spiels kannst du nur den Platz zurücknehmen, den du hattest.
table-error-only-bot = Während eines Spiels kann eine Person nur durch einen Bot ersetzt werden.
table-error-fair-no-bots = Faires Austeilen nur unter Menschen: keine Bots.
table-error-fair-needs-people = Faires Austeilen braucht auf jedem Platz eine Person, mindestens zwei.
table-error-fair-seat = Nicht während eines fairen Spiels: jeder Platz wird bis zum Ende gebraucht.
table-error-fair-unavailable = Der Code für faires Austeilen ließ sich noch nicht laden; prüf die Verbindung und versuch es noch einmal.
table-error-deal = Das Spiel konnte nicht ausgeteilt werden: { $detail }
fatal-version = Dieser Tisch spricht Protokollversion { $host }, deiner { $yours }: lade die Seite neu.
fatal-kicked = Der Gastgeber hat dich vom Tisch entfernt.
fatal-replaced = Dein Platz wurde von einem anderen Tab oder Gerät zurückgenommen.
fatal-locked = Der Tisch ist für Neue geschlossen.
name-error-empty = Gib einen Namen ein.
name-error-too-long = Ein Name hat höchstens { $max } Zeichen.
name-error-control = Ein Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.
name-error-invisible = Ein Name darf keine unsichtbaren oder die Schreibrichtung ändernden Zeichen enthalten.
name-error-impersonates = Ein Name darf sich nicht wie „Du“, ein Bot oder ein Platz lesen („Bot 2“, „Platz 3“).
chat-error-empty = Die Nachricht ist leer.
chat-error-too-long = Eine Nachricht hat höchstens { $max } Zeichen.
chat-error-rate-limited = Zu viele Nachrichten: warte einen Moment.
wire-too-large = Die Nachricht hat { $size } Bytes; die Grenze ist { $limit }.
wire-version = Die Nachricht spricht Protokollversion { $theirs }; diese Seite spricht { $ours }.
wire-malformed = Die Nachricht ist ungültig: { $detail }
guest-error-not-welcomed = Der Gastgeber hat das Spiel geschickt, bevor er uns begrüßt hat.
guest-error-log-order = Die Protokolleinträge des Gastgebers kamen in falscher Reihenfolge.
guest-error-wrong-seat = Die Nachricht des Gastgebers war für einen anderen Platz.
guest-error-implausible = Der Gastgeber hat einen Protokolleintrag geschickt, den kein ehrlicher Gastgeber schickt.
guest-error-reveal = Der Bericht des Gastgebers über das Spielende passt nicht zum Spiel.
guest-error-fair = Eine Aufzeichnung des fairen Austeilens vom Gastgeber hielt der Prüfung nicht stand.
guest-error-fair-rules = Die Seite des Gastgebers hat einen Zug weitergegeben, den die Regeln nicht ergeben. Diese Seite sendet dafür nichts.
guest-error-fair-two-games = Die Seite des Gastgebers hat dieser Seite zwei verschiedene Partien gezeigt. Diese Seite sendet in dieser Partie nichts mehr.
guest-error-parts = Der Stand des Tischs kam vom Gastgeber in Teilen, die nicht zusammenpassen.
guest-error-recovery = Der Gastgeber schickte eine Sicherungskopie des Tischs, die diese Seite nicht aufbewahren kann.
relay-error-no-such-room = Es gibt keinen Raum mit diesem Code.
relay-error-room-full = Dieser Raum ist voll.
relay-error-rate-limited = Zu viele Versuche; warte eine Minute und versuch es noch einmal.
relay-error-server-full = Das Relais ist gerade voll; versuch es später noch einmal.
relay-error-already-in-room = Du bist schon in einem Raum.
relay-error-not-in-room = Du bist in keinem Raum.
relay-error-unknown-peer = Dieser Spieler ist gegangen.
relay-error-bad-secret = Der Raum konnte nicht zurückgeholt werden.
relay-error-too-large = Eine Nachricht war zu groß für das Relais.
relay-error-bad-message = Das Relais hat eine Nachricht nicht verstanden.
relay-error-not-host = Das darf nur der Gastgeber des Raums.
relay-error-banned = Der Gastgeber dieses Raums hat dich daraus entfernt.
room-closed-host-left = Der Raum wurde geschlossen: Der Gastgeber ist gegangen.
room-closed-host-late = Der Raum wurde geschlossen: Der Gastgeber kam nicht rechtzeitig zurück.
room-closed = Der Raum wurde geschlossen: { $reason }

## Die Verbindung, wie die Hinweise der Seite sie melden

player-tag = Spieler { $tag }
player-default = Spieler
not-connected = Noch nicht mit dem Gastgeber verbunden.
connection-host-away = Die Verbindung des Gastgebers ist abgebrochen; wir warten auf seine Rückkehr…
connection-reconnecting = Verbindung wird wiederhergestellt…
connection-offline = Du bist offline. Dein Platz bleibt dir; deine Entscheidungen warten, bis die Verbindung zurück ist.
connection-host-silent = Die Seite des Gastgebers antwortet nicht mehr. Dein Platz bleibt dir; deine Entscheidungen warten, bis sie wieder antwortet.
decisions-paused = Nicht verbunden: Diese Entscheidung wartet, bis die Verbindung zum Gastgeber zurück ist.
connection-relay = Verbindung zum Relais wird wiederhergestellt…
ended-host-gone = Der Gastgeber kam nicht zurück, also ist dieses Spiel vorbei.
notice-not-restored = Dein Tisch konnte nach dem Neuladen nicht zurückgeholt werden ({ $why }); er wurde beiseitegelegt.
notice-table-stopped = Der Tisch wurde angehalten: { $why }
notice-reclaim-failed = Raum { $code } konnte nicht zurückgeholt werden: { $why }
notice-handed-over = Diese Seite war zu lange weg, daher läuft der Tisch jetzt auf der Seite eines anderen Spielers. Du kehrst dort als Spieler auf deinen Platz zurück.
notice-passed-on = Du hast den Raum verlassen; der Tisch läuft ohne dich auf der Seite eines anderen Spielers weiter.
notice-rejoin-failed = Raum { $code } konnte nicht wieder betreten werden: { $why }
notice-room-gone = Raum { $code } gibt es nicht mehr: { $why } Erstelle einen neuen Raum, um wieder zu spielen.
notice-room-moved = Das Relais wurde neu gestartet und hat diesen Raum verloren, deshalb hat er einen neuen Code: { $code }. Die Spieler hier wissen Bescheid; das Spiel geht weiter.
notice-relay-garbage = Fehlerhafte Nachricht des Relais ignoriert: { $what }.
notice-bad-signal = Fehlerhaftes Signal von { $name } ignoriert: { $error }
notice-odd-signal = Unerwartetes Signal von { $name } ignoriert.
notice-link-failed = Die Verbindung zu { $name } ist fehlgeschlagen: { $why }
notice-link-closed = Die Verbindung zu { $name } wurde geschlossen.
notice-seat-lost = Dein Platz in Raum { $code } gehört dir nicht mehr: Er wurde vergeben oder das Spiel ging weiter.
notice-no-relay = Das Relais ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.
notice-tab-copy = Dieser Tab ist eine Kopie eines anderen, der deinen Platz hält: Er fängt neu an.
notice-relay-failed = Das Relais ist nicht erreichbar: { $error }
notice-send-failed = Senden nicht möglich: { $error }
notice-referee-failed = Der Schiedsrichter ist nicht erreichbar: { $error }
notice-referee-garbage = Fehlerhafte Nachricht des Schiedsrichters ignoriert: { $what }
notice-relay-closed = Das Relais hat die Verbindung geschlossen ({ $code }): { $reason }
relay-closed-going-away = Das Relais startet neu. Der Tisch spielt so lange ohne es weiter.
relay-closed-replaced = Der Raum wurde auf einer anderen Seite erneut geöffnet; sie hat seinen Platz beim Relais übernommen.
relay-closed-policy = Das Relais hat die Verbindung geschlossen: zu viele Nachrichten, oder zu langsam gelesen.
relay-closed-too-big = Das Relais hat die Verbindung geschlossen: eine Nachricht war zu groß.
relay-closed-protocol = Das Relais hat die Verbindung geschlossen: Es konnte nicht lesen, was diese Seite gesendet hat.
relay-closed-try-later = Das Relais hat gerade zu viele Verbindungen aus deinem Netz.
link-no-path = kein Netzwerkweg zwischen den beiden Browsern
# A link whose heartbeat stopped; $seconds is how long nothing arrived.
link-silent = seit { $seconds } Sekunden kam nichts mehr an
link-gone = sie haben den Raum verlassen (ihre Seite wurde geschlossen oder hat kein Netz mehr)

## When two browsers cannot reach each other

link-failure-title = Dein Browser und der des Hosts erreichen einander nicht
link-why-no-call = Die Seite des Hosts hat nie geantwortet: Sie ist vielleicht geschlossen, im Ruhezustand oder veraltet.
link-why-both-relayed = Beide Browser haben das TURN-Relais dieses Servers erreicht und trotzdem keinen Weg gefunden. Das ist selten.
link-why-turn-unreachable = Dieser Server hat ein TURN-Relais, aber dein Browser konnte es nicht erreichen: Dein Netzwerk scheint es zu blockieren.
link-why-host-turn-unreachable = Dieser Server hat ein TURN-Relais, aber der Browser des Hosts konnte es nicht erreichen: Sein Netzwerk scheint es zu blockieren.
link-why-no-turn = Dieser Server hat kein TURN-Relais, und dein Netzwerk und das des Hosts brauchen eines, um sich zu verbinden.
link-why-no-stun = Dieser Server gibt weder STUN- noch TURN-Server aus, daher finden Browser einander nur im selben Netzwerk.
link-failure-cause = Meist liegt das an einem Mobilfunknetz oder einer strengen Firewall, die Browser nicht direkt verbinden lässt.
link-failure-help = Was hilft: beide im selben WLAN, oder ein Server mit TURN-Relais.
link-failure-guide = So betreibst du einen Server mit TURN
link-failure-trying = Diese Seite versucht es währenddessen weiter.
link-failure-retry = Noch einmal versuchen
notice-cannot-reach = { $name } ist nicht erreichbar: Dein Browser und der von { $name } können sich nicht verbinden. { $why } Keine der beiden Seiten kann das beheben; dasselbe WLAN für beide oder ein Server mit TURN-Relais würde helfen.
host-why-no-call = Die Seite von { $name } hat nie geantwortet.
host-why-both-relayed = Beide Browser haben das TURN-Relais dieses Servers erreicht und trotzdem keinen Weg gefunden (selten).
host-why-turn-unreachable = Dieser Server hat ein TURN-Relais, aber dein Browser konnte es nicht erreichen.
host-why-guest-turn-unreachable = Dieser Server hat ein TURN-Relais, aber der Browser von { $name } konnte es nicht erreichen.
host-why-no-turn = Dieser Server hat kein TURN-Relais, und dein Netzwerk und das von { $name } brauchen eines.
host-why-no-stun = Dieser Server gibt weder STUN- noch TURN-Server aus, daher finden Browser einander nur im selben Netzwerk.
referee-no-load = der Worker des Schiedsrichters konnte nicht geladen werden
net-relay-closed = die Verbindung zum Relais ist geschlossen
net-channel-closed = der Datenkanal ist nicht offen
net-no-page = diese Seite hat kein { $what }
net-bad-relay-url = die Relais-Adresse „{ $url }“ ist weder eine ws://- oder wss://-URL noch ein Pfad

## Bevor das Programm der Seite läuft (index.html, beim Bauen eingesetzt)

boot-failed = Coup konnte nicht starten:
boot-noscript = Coup braucht JavaScript und WebAssembly.

## Fair deal (docs/FAIR-DEAL.md)
option-fair = Faires Geben
option-fair-hint = Nur Menschen, keine Bots: Alle mischen die Karten der Reihe nach, und niemand, auch nicht der Gastgeber, sieht eine Karte, die er nicht sehen darf.
settings-fair = Faires Geben: Alle mischen, nur Menschen
fair-title = Faires Geben
fair-shuffling = Mischen: { $done } von { $all }
fair-fingerprint = Tischschlüssel: { $print }
fair-fingerprint-hint = Alle sehen denselben Schlüssel; vergleicht ihn im Gespräch.
fair-examined = Dir gezeigt: { $cards }
fair-verdict-waiting = Der Verlauf wird geprüft, sobald das Geheimnis jedes Spielers da ist.
fair-verdict-fair = Dieses Spiel war fair.
fair-verdict-false-denial = Dieses Spiel war nicht fair: { $name } sagte, den Anspruch nicht beweisen zu können, hielt aber die Karte.
fair-verdict-false-concession = Dieses Spiel war nicht fair: { $name } gab auf, ohne einen Herzog zu halten.
fair-verdict-wrong-deck = Dieses Spiel war nicht fair: Die Karten waren nicht das Deck.
fair-verdict-referee = Dieses Spiel war nicht fair: Die Seite des Gastgebers hat die Regeln nicht befolgt.
fair-verdict-equivocation = Dieses Spiel war nicht fair: Die Seite des Gastgebers hat { $name } ein anderes Spiel geschickt als dieser Seite.
fair-verdict-closed = Dieses Spiel ließ sich nicht prüfen: Eine Karte blieb verdeckt.
fair-verdict-cut-short = { $count ->
    [0] Das Spiel endete vor seinem Ende: Jeder Zug wurde beim Eintreffen geprüft, keine Antwort bleibt ungeprüft.
    [one] Das Spiel endete vor seinem Ende: Jeder Zug wurde beim Eintreffen geprüft; ein „kann ich nicht beweisen“ bleibt ungeprüft, weil die betroffenen Karten verdeckt bleiben.
   *[other] Das Spiel endete vor seinem Ende: Jeder Zug wurde beim Eintreffen geprüft; { $count } „kann ich nicht beweisen“ bleiben ungeprüft, weil die betroffenen Karten verdeckt bleiben.
}
fair-verdict-sealed = Jemand hat mit Karten auf der Hand das Spiel verlassen, daher wird am Ende keine Karte aufgedeckt: Jeder Zug wurde beim Eintreffen geprüft; ungeprüfte „kann ich nicht beweisen“: { $count }.
fair-ask-prove = Dein Anspruch wird angezweifelt: Antworte mit deinen Karten.
fair-ask-show = Wähle die Karte, die du dem Inquisitor zeigst.
fair-ask-keep = Wähle die Karten, die du behältst.
fair-ask-pick = Wähle die Karte aus deinem Satz, die du behältst.
fair-title-prove = Du wirst angezweifelt
fair-prove = Zeigen: { $card }
fair-cannot-prove = Ich kann es nicht beweisen
fair-concede = Aufgeben (ich halte einen Herzog)
fair-show-hand = Meine Hand zeigen (kein Herzog)
fair-lose = Verlieren: { $card }
fair-show = Zeigen: { $card }
fair-pick = Behalten: { $card }
fair-keep = Behalten: { $cards }
fair-answer-not-asked = Gerade wird nichts von dir gefragt.
fair-answer-refused = Dein Tisch hat diese Antwort abgelehnt.

## The first screen's options, each with what it does.
option-inquisitor-hint = Der Inquisitor ersetzt den Botschafter: eine Karte tauschen oder die eines Gegners ansehen.
option-reformation-hint = Loyalisten und Reformisten: die eigene Seite darf man nicht angreifen; die Seite zu wechseln kostet Münzen.
option-draft-hint = Zu zweit: jeder wählt eine Karte aus fünf; sieben Karten im Spiel.

## Where you finished, at the end of a game.
place-won = Du hast gewonnen: Platz 1 von { $count }.
place-finished = Du bist { $place }. von { $count } geworden.

## The guide to a first game against bots.
guide-label = Anleitung zum ersten Spiel
guide-step = { $n } von { $count }
guide-cards = Das sind deine Karten, dein Einfluss. Verlierst du beide, bist du raus.
guide-coins = Deine Münzen und deine Aktionen: wähle in deinem Zug eine.
guide-claims = Eine Aktion kann einen Charakter behaupten, auch einen, den du nicht hast. Jeder darf anzweifeln: Wer falsch liegt, verliert eine Karte.
guide-log = Das Protokoll zeigt, was geschah und wer was behauptet hat.
guide-next = Weiter
guide-skip = Überspringen
guide-done = Verstanden

## Reactions to chat lines.
react-add = Reaktion hinzufügen
react-with = Mit { $emoji } reagieren
chat-error-no-such-line = Diese Nachricht steht nicht mehr im Protokoll.
