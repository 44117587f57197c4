### Coup: le parole che legge un giocatore, in italiano. Stessi messaggi e stessi argomenti
### di en.ftl (vedi le sue note); al giocatore si dà del tu.

## Parti comuni

-one-coin-or-more = { $n ->
    [one] 1 moneta
   *[other] { $n } monete
}
coins = { $n ->
            [one] 1 moneta
           *[other] { $n } monete
        }
you = Tu
seat-open = Posto { $n }
list-and = { $a } e { $b }

## Carte e fazioni

card-name = { $card ->
    [duke] Duca
    [assassin] Assassino
    [captain] Capitano
    [ambassador] Ambasciatore
    [contessa] Contessa
   *[inquisitor] Inquisitore
}
# "un Duca"; una carta non mostrata è "una carta".
card-a = { $card ->
    [duke] un Duca
    [assassin] un Assassino
    [captain] un Capitano
    [ambassador] un Ambasciatore
    [contessa] una Contessa
    [inquisitor] un Inquisitore
   *[hidden] una carta
}
# "il Duca"; una carta non mostrata è "la carta".
card-the = { $card ->
    [duke] il Duca
    [assassin] l’Assassino
    [captain] il Capitano
    [ambassador] l’Ambasciatore
    [contessa] la Contessa
    [inquisitor] l’Inquisitore
   *[hidden] la carta
}
no-duke = nessun Duca
# La dichiarazione dell’Appropriazione (R7): non avere il Duca.
claim-no-duke = di non avere il Duca
side-name = { $side ->
    [loyalist] Lealista
   *[reformist] Riformista
}
ability = { $card ->
    [duke] Tassa: prendi 3. Blocca gli Aiuti esteri.
    [assassin] Paga 3: un giocatore perde una carta.
    [captain] Ruba 2. Blocca il furto.
    [ambassador] Scambia 2. Blocca il furto.
    [contessa] Blocca l’assassinio.
   *[inquisitor] Scambia 1 o esamina. Blocca il furto.
}

## Azioni (R4, R7)

action-title = { $action ->
    [income] Reddito
    [foreign_aid] Aiuti esteri
    [coup] Colpo di Stato
    [tax] Tassa
    [assassinate] Assassinio
    [steal] Furto
    [exchange] Scambio
    [examine] Esame
    [convert] Conversione
   *[embezzle] Appropriazione
}
action-effect = { $action ->
    [income] prendi 1 moneta
    [foreign_aid] prendi 2 monete; qualsiasi Duca può bloccare
    [coup] paga 7: un giocatore perde una carta, senza difesa
    [tax] prendi 3 monete
    [assassinate] paga 3: un giocatore perde una carta; la Contessa blocca
    [steal] prendi 2 monete a un giocatore; il Capitano o l’Ambasciatore bloccano
    [steal-inquisitor] prendi 2 monete a un giocatore; il Capitano o l’Inquisitore bloccano
    [exchange] pesca 2 carte, tieni quelle che vuoi
    [exchange-one] pesca 1 carta, tieni quella che vuoi
    [examine] guarda una carta di un giocatore, e magari fagliela cambiare
    [convert] paga 1 per cambiare la tua fazione, 2 per quella di un altro
   *[embezzle] prendi tutte le monete della Riserva
}
# $card è il nome di una carta.
action-claim = dichiara { $card }: { $effect }
action-claim-no-duke = dichiara di non avere il Duca: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Ruba a { $target }
    [coup] Colpo di Stato contro { $target }
    [assassinate] Assassina { $target }
    [examine] Esamina { $target }
   *[convert] Converti { $target }
}

## Decisioni

input-pass = Passa
input-challenge = Sfida
input-block = Blocca con { $card }
input-lose = Perdi { $card }
input-keep = Tieni { $cards }
input-show = Mostra { $card }
input-give-back = Restituiscila
input-force-exchange = Fagliela cambiare
input-draft = Scegli { $card }
input-side = Diventa { $side }

hint-challenge = Di’ che { $claimant } sta bluffando. Se è così, perde una carta; se no, la perdi tu.
hint-challenge-embezzle = Di’ che { $claimant } ha un Duca. Se è così, perde una carta; se no, la perdi tu.
# R6.4: perdere la sfida e poi l’assassinio.
hint-challenge-both = Se perdi, l’assassinio può prenderti anche l’altra: tutte e due le tue carte.
# $card è "la Contessa" e simili.
hint-block = Dichiara { $card } per fermarlo; chiunque può sfidarti.
# R6.4: una Contessa smascherata ne perde una per la sfida, una per il colpo.
hint-block-both = Se ti scoprono a bluffare, perdi tutte e due le carte.
hint-pass-block = Lascia valere il blocco.
hint-pass = Lascia fare.
hint-lose = Scopri la carta { $card }; non conta più.
hint-show = La vede solo chi esamina.
hint-give-back = Si tiene la carta.
hint-force-exchange = Pesca una carta nuova e rimette questa nel mazzo.
hint-draft = L’altra carta viene data a caso.
hint-side = Gli altri si alternano a partire da te.

## Il registro delle dichiarazioni

# $card è il nome di una carta, o "nessun Duca".
claim-for-action = { $card } per { $action }
claim-to-block = { $card } per bloccare
claim-outcome = { $outcome ->
    [pending] in attesa di risposta
    [shown] sfidata: era vera
    [lost] sfidata: un bluff, scoperto
    [true] nessuno ha sfidato: era vera
    [false] nessuno ha sfidato: un bluff riuscito
   *[unchallenged] nessuno ha sfidato
}
refusal-stale = Troppo tardi: quella decisione è già passata.
refusal-fair = La distribuzione equa ha rifiutato quel messaggio.

## Note sul tavolo

note-joined = { $name } si è unito al tavolo
note-left = { $name } ha lasciato il tavolo
note-returned = { $name } è tornato
note-kicked = L’host ha rimosso { $name }
note-host-moved = La pagina dell’host ha lasciato il tavolo; ora il tavolo continua sulla pagina di { $name }
note-stand-in = { $seat-you ->
    [yes] Per ora un bot gioca al posto tuo
   *[no] Per ora un bot gioca al posto di { $seat }
}
note-fair-refused = { $seat-you ->
    [yes] La tua pagina ha inviato un dato che non torna: perdi la partita equa
   *[no] La pagina di { $seat } ha inviato un dato che non torna: perde la partita equa
}
note-fair-stalled = { $seat-you ->
    [yes] La tua pagina non ha inviato per troppo tempo ciò che doveva: perdi la partita equa
   *[no] La pagina di { $seat } non ha inviato per troppo tempo ciò che doveva: perde la partita equa
}
note-fair-left = { $seat-you ->
    [yes] Hai lasciato la partita equa: le tue carte escono dalla partita coperte, senza che nessuno le veda, e la partita continua
   *[no] { $seat } ha lasciato la partita equa: le sue carte escono dalla partita coperte, senza che nessuno le veda, e la partita continua
}
note-fair-left-end = { $seat-you ->
    [yes] Hai lasciato la partita equa: restano troppo pochi giocatori per ricostruire la tua chiave, e la partita finisce
   *[no] { $seat } ha lasciato la partita equa: restano troppo pochi giocatori per ricostruire la sua chiave, e la partita finisce
}
note-fair-fault = La partita equa si è fermata: { $seat-you ->
    [yes] la tua risposta
   *[no] la risposta di { $seat }
} non ha retto alla verifica
note-fair-fault-stream = La partita equa si è fermata: il registro non ha seguito le regole
note-timed-out = { $seat-you ->
    [yes] Il tuo tempo è scaduto
   *[no] Il tempo di { $seat } è scaduto
}: { $kind ->
    [window] vale come un passo
    [turn] un bot ha giocato il turno
   *[choice] ha scelto un bot
}

## Il diario: una frase per evento

log-turn = { $seat-you ->
    [yes] — Tocca a te —
   *[no] — Tocca a { $seat } —
}
# $card è "un Duca", o "una carta" se non mostrata.
log-draft-picked = { $seat-you ->
    [yes] Scegli { $card } nella selezione
   *[no] { $seat } sceglie { $card } nella selezione
}
log-draft-dealt = { $seat-you ->
    [yes] Ricevi { $card }
   *[no] { $seat } riceve { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Scegli di essere { $side }
   *[no] { $seat } sceglie di essere { $side }
}
log-income = { $actor-you ->
    [yes] Prendi il Reddito: { -one-coin-or-more(n: 1) }
   *[no] { $actor } prende il Reddito: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] Chiedi gli Aiuti esteri
   *[no] { $actor } chiede gli Aiuti esteri
}
log-coup = { $actor-you ->
    [yes] Lanci un colpo di Stato contro { $target }
   *[no] { $actor } lancia un colpo di Stato contro { $target-you ->
        [yes] di te
       *[no] { $target }
    }
}
# Lo scopo di un’azione dichiarata, dopo "dichiara il Duca per".
purpose = { $action ->
    [tax] riscuotere la Tassa
    [assassinate] { $target-you ->
        [yes] assassinarti
       *[no] assassinare { $target }
    }
    [steal] { $target-you ->
        [yes] derubarti
       *[no] derubare { $target }
    }
    [exchange] fare uno scambio con la Corte
    [examine] { $target-you ->
        [yes] esaminarti
       *[no] esaminare { $target }
    }
    [convert-self] passare all’altra fazione
    [convert] { $target-you ->
        [yes] convertirti
       *[no] convertire { $target }
    }
   *[embezzle] intascare la Riserva
}
# $claim è "il Duca", o "di non avere il Duca"; $purpose è uno scopo qui sopra.
log-claims = { $actor-you ->
    [yes] Dichiari { $claim } per { $purpose }
   *[no] { $actor } dichiara { $claim } per { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Scegli di { $purpose }
   *[no] { $actor } sceglie di { $purpose }
}
log-paying = { $line } (pagando { $paid ->
            [one] 1 moneta
           *[other] { $paid } monete
        })
# $card è "il Capitano" e simili.
log-early-block = { $seat-you ->
    [yes] Blocchi subito, dichiarando { $card }
   *[no] { $seat } blocca subito, dichiarando { $card }
}
log-block = { $seat-you ->
    [yes] Blocchi, dichiarando { $card }
   *[no] { $seat } blocca, dichiarando { $card }
}
# $claim è il nome di una carta, o "la dichiarazione di non avere il Duca".
log-challenge = { $challenger-you ->
    [yes] Sfidi { $claimant } ({ $claim })
   *[no] { $challenger } { $claimant-you ->
        [yes] ti sfida ({ $claim })
       *[no] sfida { $claimant } ({ $claim })
    }
}
challenged-no-duke = nessun Duca
log-proved = { $seat-you ->
    [yes] Mostri { $card }: la dichiarazione regge
   *[no] { $seat } mostra { $card }: la dichiarazione regge
}
log-showed-hand = { $seat-you ->
    [yes] Mostri una mano con { $cards }
   *[no] { $seat } mostra una mano con { $cards }
}
# $what è "niente Duca" (no-card), o "un Duca, invece".
log-disproved = { $seat-you ->
    [yes] Stavi bluffando: { $what }
   *[no] { $seat } stava bluffando: { $what }
}
no-card = niente { $card }
duke-after-all = un Duca, invece
log-refunded = { $seat-you ->
    [yes] Riprendi { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        }
   *[no] { $seat } riprende { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        }
}
# $card può essere due carte ("un Duca e un Capitano").
log-drew = { $seat-you ->
    [yes] Peschi { $card }
   *[no] { $seat } pesca { $card }
}
# Carte pescate che il lettore non ha visto: $count dice quante.
log-drew-hidden = { $seat-you ->
    [yes] Peschi { $count ->
        [one] 1 carta
       *[other] { $count } carte
    }
   *[no] { $seat } pesca { $count ->
        [one] 1 carta
       *[other] { $count } carte
    }
}
log-court-shuffled = Il mazzo di Corte viene mescolato
log-lost-influence = { $seat-you ->
    [yes] Perdi un’influenza: { $card }
   *[no] { $seat } perde un’influenza: { $card }
}
log-eliminated = { $seat-you ->
    [yes] Sei fuori dal gioco
   *[no] { $seat } è fuori dal gioco
}
log-lost-face-down = { $seat-you ->
    [yes] Perdi un’influenza coperta
   *[no] { $seat } perde un’influenza coperta
}
log-action-blocked = { $seat-you ->
    [yes] La tua azione è bloccata
   *[no] L’azione di { $seat } è bloccata
}
log-gained = { $seat-you ->
    [yes] Prendi { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        }
   *[no] { $seat } prende { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        }
}
log-stole = { $actor-you ->
    [yes] Rubi { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        } a { $target }
   *[no] { $actor } { $target-you ->
        [yes] ti ruba { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        }
       *[no] ruba { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        } a { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] Ti appropri di { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        } della Riserva
   *[no] { $seat } si appropria di { $coins ->
            [one] 1 moneta
           *[other] { $coins } monete
        } della Riserva
}
log-converted-self = { $seat-you ->
    [yes] Passi ai { $side ->
        [loyalist] Lealisti
       *[reformist] Riformisti
    }
   *[no] { $seat } passa ai { $side ->
        [loyalist] Lealisti
       *[reformist] Riformisti
    }
}
log-converted = { $actor-you ->
    [yes] Fai passare { $target } ai { $side ->
        [loyalist] Lealisti
       *[reformist] Riformisti
    }
   *[no] { $actor } { $target-you ->
        [yes] ti fa passare
       *[no] fa passare { $target }
    } ai { $side ->
        [loyalist] Lealisti
       *[reformist] Riformisti
    }
}
log-exchanged = { $seat-you ->
    [yes] Fai uno scambio con la Corte
   *[no] { $seat } fa uno scambio con la Corte
}
# $cards sono "un Duca e un Capitano" e simili.
log-exchanged-returning = { $seat-you ->
    [yes] Fai uno scambio con la Corte e restituisci { $cards }
   *[no] { $seat } fa uno scambio con la Corte e restituisce { $cards }
}
log-shown = { $actor-you ->
    [yes] Mostri { $card } a { $target }
   *[no] { $actor } { $target-you ->
        [yes] ti mostra { $card }
       *[no] mostra { $card } a { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] Restituisci la carta a { $target }
   *[no] { $actor } { $target-you ->
        [yes] ti restituisce la carta
       *[no] restituisce la carta a { $target }
    }
}
# $card è "il Duca", o "la carta" se non mostrata.
log-forced-exchange = { $actor-you ->
    [yes] Fai cambiare { $card } a { $target }
   *[no] { $actor } { $target-you ->
        [yes] ti fa cambiare { $card }
       *[no] fa cambiare { $card } a { $target }
    }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] La tua moneta torna
       *[other] Le tue { $coins } monete tornano
    } al Tesoro
   *[no] { $coins ->
        [one] La moneta di { $seat } torna
       *[other] Le { $coins } monete di { $seat } tornano
    } al Tesoro
}
log-game-over = { $seat-you ->
    [yes] Hai vinto la partita!
   *[no] { $seat } vince la partita!
}

## Il riassunto delle regole (da docs/RULES.md), in HTML

rules-html =
    <h3>Il tuo turno</h3><p>Ognuno comincia con 2 carte coperte (la sua influenza) e 2 monete. Nel tuo turno fai un’azione. Qualsiasi azione può essere un bluff: puoi dichiarare un personaggio che non hai. Con 10 monete devi fare un Colpo di Stato.</p>
    <h3>Azioni per tutti</h3><p>Reddito: prendi 1 moneta; nessuno può impedirlo. Aiuti esteri: prendi 2 monete; un Duca può bloccarli. Colpo di Stato: paga 7 monete e scegli un giocatore, che perde una carta; nessuno può impedirlo. Con 10 monete o più, la tua azione deve essere un Colpo di Stato.</p>
    <h3>Sfide</h3><p>Quando qualcuno dichiara un personaggio, chiunque può sfidarlo. Se ce l’ha, lo mostra, lo cambia con una carta nuova e chi ha sfidato perde una carta. Se no, chi bluffava perde una carta e l’azione fallisce.</p>
    <h3>Blocchi</h3><p>Un Duca blocca gli Aiuti esteri; una Contessa blocca un assassinio; un Capitano o un Ambasciatore (l’Inquisitore, se in gioco) blocca il furto. Anche un blocco è una dichiarazione: si può sfidare.</p>
    <h3>Perdere</h3><p>Quando perdi un’influenza, scegli una carta coperta da scoprire. Senza carte coperte sei fuori. L’ultimo giocatore con una carta coperta vince. Attenzione: il bersaglio di un assassinio che sfida e perde, o che blocca con una Contessa e viene scoperto, può perdere tutte e due le carte in un turno.</p>
    <h3>Riforma</h3><p>Lealisti e Riformisti non possono fare un Colpo di Stato, assassinare, derubare o esaminare chi è della loro fazione, né bloccarne gli Aiuti esteri, finché tutti non sono nella stessa fazione. La Conversione paga 1 moneta (2 per un altro) alla Riserva per cambiare fazione; l’Appropriazione dichiara di non avere il Duca e prende la Riserva.</p>

## La pagina come app

language = Lingua
update-ready = È pronta una nuova versione.
update-reload = Ricarica
offline-note = Sei offline. Le partite contro i bot funzionano; le stanze hanno bisogno della rete.

## La cornice della pagina

tagline = un gioco di bluff, nel tuo browser
credit = Coup e Coup: Reformation sono giochi di Rikki Tahta, pubblicati da Indie Boards & Cards. Questa è una realizzazione non ufficiale di appassionati, senza legami con loro.
contacting-relay = Contatto con il relay…
restoring-place = Recupero del tuo posto…
loading-table = Caricamento del tavolo…
loading-table-retry = Il tavolo non si è ancora caricato; nuovo tentativo…
cancel = Annulla
new-room = Crea una nuova stanza
dismiss = Chiudi

## La prima schermata

rejoin-were-playing = Stavi giocando nella stanza { $code } come { $name }.
rejoin-room = Rientra nella stanza { $code }
hero-title = Bluffa. Sfida. Sopravvivi.
hero-line = Un gioco di carte e bluff da 2 a 10 giocatori. Gioca con gli amici tramite un link, o subito contro i bot.
your-name = Il tuo nome
optional = Facoltativo
name-optional = Facoltativo. Senza, gli altri vedono un nome come “Giocatore K7”.
name-seen = Gli altri ti vedono con questo nome.
play-with-friends = Gioca con gli amici
create-room = Crea una stanza
join-friends = Raggiungi gli amici
join-invited = Sei stato invitato: premi Entra.
join-type-code = Scrivi il codice della stanza.
join = Entra

## Impostazioni

players = Giocatori
bots = Bot
bot-level = Livello dei bot
seats = Posti
turn-timer = Tempo per turno
more-options = Altre opzioni
option-inquisitor = Inquisitore
option-reformation = Riforma
option-draft = Selezione a due
level-name = { $level ->
    [easy] Facile
    [hard] Difficile
   *[normal] Normale
}
timer-none = senza limite
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n ->
    [one] 1 posto
   *[other] { $n } posti
}
settings-inquisitor = Inquisitore al posto dell’Ambasciatore
settings-ambassador = Ambasciatore (niente Inquisitore)
settings-reformation = Riforma: fazioni e Riserva del Tesoro
settings-turn-timer = Tempo per turno: { $timer }
settings-bots = Bot: { $level }
settings-locked = Stanza chiusa: nessun nuovo ingresso

## Chat

chat = Chat
chat-empty = Ancora nessun messaggio. Saluta!
chat-placeholder = Scrivi qualcosa…
send = Invia
ignored-from-host = Ignorato un messaggio dell’host: { $error }

## Una stanza

the-host = L’host
a-player = Un giocatore
room-code = Codice della stanza
you-host = Ospiti tu questa stanza
you-joined = Sei entrato
leave-room = Esci dalla stanza
who-is-here = Chi c’è
create-room-hint = Apri una stanza, poi manda loro l’invito.
rematch-by-host = L’host può distribuire di nuovo.
connecting-to-host = Connessione all’host…
waiting-for-start = In attesa che l’host avvii la partita…
watching-full = Stai guardando: tutti i posti sono occupati. L’host può darti un posto.
watcher-waiting = { $name } sta guardando: tutti i posti sono occupati.
seat-watcher = Fai sedere { $name }
waiting-for-players = In attesa di giocatori… manda loro l’invito.
everyone-can-chat = Tutti qui possono scrivere in chat.
link-you = tu
link-open = connesso
link-connecting = connessione…
link-away = assente
seat-away = Assente
seat-away-stand-in = Assente · un bot gioca tra { $n } s
seat-away-leaves = Assente · lascia la partita tra { $n } s
seat-stand-in = Assente · per ora gioca un bot
seat-left-fair = Ha lasciato la partita
link-via-host = tramite l’host
link-watching = { " " }· guarda
badge-host = host
invite = Invita
invite-qr = Codice QR dell’invito
invite-hint = Manda questo link, o fagli inquadrare il codice: apre il gioco con la stanza già inserita.
invite-link = Link d’invito
copied = Copiato
copy-link = Copia il link
share = Condividi…
share-title = Gioca a Coup con me
add-bot = Aggiungi un bot
start-game = Inizia la partita
open-seats-hint = All’inizio della partita, i posti liberi vengono occupati da bot di questo livello.
lock-room = Chiudi la stanza: nessun nuovo ingresso
level-bot = bot { $level }
seat-kind-open = libero
seat-kind-player = giocatore
remove-bot = Rimuovi questo bot
remove = Rimuovi
remove-ask = Rimuovere { $name } dalla stanza?

## Il tavolo

leave = Esci
back-to-start = Torna all’inizio
leave-ask = Uscire?
leave-yes = Sì, esci
leave-pass-on = Esci — il tavolo passa alla pagina di un altro giocatore
stay = Resta
play-bots = Gioca contro i bot
play-bots-hint = Inizia subito, da solo, contro giocatori del computer.
dealing = Distribuzione…
table-log = Diario del tavolo
claims = Dichiarazioni
reserve = Riserva
court = Corte
mode-draft = Selezione
rules-cards = Regole e carte
how-to-play = Come si gioca
close = Chiudi
this-table = Questo tavolo: { $inquisitor ->
    [yes] Inquisitore al posto dell’Ambasciatore
   *[no] Ambasciatore
}{ $reformation ->
    [yes] , Riforma
   *[no] {""}
}. Turni { $turns }, risposte { $answers }, scelte { $choices }.
your-cards = Le tue carte
whose-claims = Dichiarazioni di chi
no-claims-yet = Nessuno ha ancora dichiarato un personaggio.
no-claims-player = Ancora nessuna dichiarazione da questo giocatore.
everyone = Tutti
seconds-left = { $n ->
    [one] 1 secondo rimasto
   *[other] { $n } secondi rimasti
}
seconds-short = { $n } s
seat-out = fuori
card-lost = { $card }, persa
lost = persa
hidden-card = carta coperta
card-lost-face-down = una carta persa coperta

## Decisioni e fine della partita

you-win = Hai vinto!
wins = { $name } vince
believe-it = Ci credi?
block-it = Lo blocchi?
believe-block = Credi al blocco?
you-lose-influence = Perdi un’influenza
choose-card-up = Scegli la carta da scoprire.
you-drew = Hai pescato { $cards }. Scegli le carte da tenere.
you-are-examined = Vieni esaminato
choose-card-show = Scegli la carta da mostrare a { $name }.
# $card è "un Duca", o "una carta".
examine-decide = { $name } ti mostra { $card }. Gliela lasci, o gliela fai cambiare con una carta nuova?
draft-hint = Scegli una carta in segreto; l’altra viene data a caso.
choose-side = Scegli la tua fazione
choose-side-hint = Lealisti e Riformisti non possono attaccare la propria fazione finché non sono tutti nella stessa.
you-are-out = Sei fuori.
watch-the-rest = Guarda il resto: alla fine vengono mostrate tutte le mani.
you-are-watching = Stai guardando questa partita. Puoi giocare alla prossima.
waiting-for = In attesa di { $names }…
your-turn = Tocca a te
must-coup = Con 10 monete o più devi fare un Colpo di Stato.
whom = { $action }: contro chi?
back = Indietro
# $effect è l’effetto di un’azione, da action-effect, con l’iniziale maiuscola.
aim-line = { $effect }. Tocca un posto segnato con il mirino, o scegli qui sotto.
aim-line-click = { $effect }. Fai clic su un posto segnato con il mirino, o scegli qui sotto.
dealt = ricevute: { $a } e { $b }
bluffs = Bluff
caught = Scoperti
challenges-won-lost = Sfide vinte–perse
truth-true = vera
truth-bluff = bluff
rematch = Rivincita
back-to-lobby = Torna alla sala
game-over = Partita finita
every-hand = Tutte le mani
player = Giocatore
cards = Carte
coins-over-game = Monete durante la partita
every-claim = Ogni dichiarazione, e se era vera
no-claims-game = Nessuno ha dichiarato un personaggio in questa partita.
chart-legend = Quale linea è di chi
title-your-move = ● Tocca a te — Coup
sound = Suono
sound-name = Suono quando tocca a te decidere mentre la pagina è in secondo piano

## Ciò che leggono le tecnologie assistive

keys-help = Tasti: P passa, C sfida, B blocca, T tempo rimasto
your-decision = La tua decisione: { $title }
time-left-mine = { $n ->
    [one] 1 secondo per decidere
   *[other] { $n } secondi per decidere
}
time-none-mine = La tua decisione non ha limite di tempo
time-left-theirs = In attesa di { $names }: { $n ->
    [one] 1 secondo rimasto
   *[other] { $n } secondi rimasti
}
seat-holding = ha { $cards }
seat-hidden = { $n ->
    [one] 1 carta coperta
   *[other] { $n } carte coperte
}
seat-lost = ha perso { $cards }
seat-your-turn = tocca a te
seat-their-turn = è il suo turno
seat-deciding = sta decidendo
seat-answering = stai rispondendo a questo giocatore
see-table = Guarda il tavolo
coins-chart = Le monete di ogni giocatore, turno per turno
rules-dialog = Regole e carte

## Ciò che è stato rifiutato o è andato storto

# L’host ha rifiutato qualcosa che questa pagina ha inviato.
refusal-rate-limited = Troppi messaggi: rallenta.
refusal-not-joined = Non sei ancora entrato al tavolo.
refusal-already-joined = Sei già entrato a questo tavolo.
refusal-table-full = Il tavolo è pieno.
refusal-not-host = Solo l’host può farlo.
refusal-no-game = Non c’è nessuna partita in corso.
refusal-not-seated = Stai guardando, non giocando.
# $asked e $yours sono numeri di posto.
refusal-not-your-seat = Il posto { $asked } non è tuo (il tuo è il posto { $yours }).
intent-not-legal = Ora non è una delle tue scelte.
# Le regole hanno rifiutato una mossa.
illegal-game-over = La partita è finita.
illegal-no-such-seat = Non c’è un posto così in questa partita.
illegal-not-your-turn = Ora non devi decidere nulla.
illegal-already-answered = Hai già risposto.
illegal-wrong-decision = Questa non risponde alla decisione richiesta.
illegal-not-available = Questa azione non è in gioco in questa partita.
illegal-must-coup = Con 10 monete o più devi fare un Colpo di Stato.
illegal-cannot-afford = Non hai abbastanza monete per farlo.
illegal-empty-reserve = La Riserva del Tesoro è vuota.
illegal-bad-target = Quel giocatore non può essere il bersaglio.
illegal-nothing-to-steal = Per rubare serve un bersaglio con almeno una moneta.
illegal-same-allegiance = Quel giocatore è della tua fazione.
illegal-cannot-block = Non puoi bloccare ora, o non con quella carta.
illegal-cannot-challenge = Ora non c’è nessuna dichiarazione da sfidare.
illegal-no-such-card = Non hai una carta coperta così.
illegal-card-not-in-use = Quella carta non è usata in questa partita.
illegal-bad-keep = Tieni tante carte quante ne avevi coperte, fra quelle che hai e quelle pescate.
illegal-other = Le regole non lo permettono.
# Un comando dell’host rifiutato.
table-error-game-in-progress = Non mentre si gioca una partita.
table-error-no-game = Solo mentre si gioca una partita.
table-error-not-finished = Non c’è nessuna partita finita da rigiocare.
table-error-seat-count = Un tavolo ha da 2 a 10 posti.
table-error-no-such-seat = Non c’è il posto { $seat }.
table-error-no-such-member = Quella persona non è più al tavolo.
table-error-draft-needs-two = La selezione a due richiede esattamente due posti.
table-error-timers = Un tempo è fuori dai limiti.
table-error-kick-host = L’host non può lasciare il proprio tavolo.
table-error-seat-taken = Durante una partita si può prendere solo il posto di un bot, da spettatore.
table-error-held-another-seat = Durante una partita puoi riprendere solo il posto che avevi.
table-error-only-bot = Durante una partita una persona può essere sostituita solo da un bot.
table-error-fair-no-bots = Una distribuzione equa fa sedere solo persone: niente bot.
table-error-fair-needs-people = Una distribuzione equa richiede una persona in ogni posto, almeno due.
table-error-fair-seat = Non durante una partita equa: ogni posto serve fino alla fine.
table-error-fair-unavailable = Il codice della distribuzione equa non si è ancora caricato: controlla la connessione e riprova.
# $detail sono le parole del motore delle regole.
table-error-deal = Non è stato possibile distribuire la partita: { $detail }
# L’host ha chiuso il collegamento.
fatal-version = Questo tavolo usa la versione { $host } del protocollo; la tua è la { $yours }: ricarica la pagina.
fatal-kicked = L’host ti ha rimosso dal tavolo.
fatal-replaced = Il tuo posto è stato ripreso da un’altra scheda o un altro dispositivo.
fatal-locked = Il tavolo è chiuso ai nuovi arrivati.
# Sotto il campo del nome.
name-error-empty = Scrivi un nome.
name-error-too-long = Un nome ha al massimo { $max } caratteri.
name-error-control = Un nome non può contenere a capo o caratteri di controllo.
name-error-invisible = Un nome non può contenere caratteri invisibili o che cambiano direzione.
name-error-impersonates = Un nome non può sembrare “Tu”, un bot o un posto (“Bot 2”, “Posto 3”).
chat-error-empty = Il messaggio è vuoto.
chat-error-too-long = Un messaggio ha al massimo { $max } caratteri.
chat-error-rate-limited = Troppi messaggi: aspetta un momento.
# Un messaggio illeggibile; $detail sono le parole del parser.
wire-too-large = Il messaggio è di { $size } byte; il limite è { $limit }.
wire-version = Il messaggio usa la versione { $theirs } del protocollo; questa pagina usa la { $ours }.
wire-malformed = Il messaggio non è valido: { $detail }
# Ciò che l’host ha inviato e non è stato usato.
guest-error-not-welcomed = L’host ha inviato un aggiornamento della partita prima di accoglierci.
guest-error-log-order = Le voci del diario dell’host sono arrivate in disordine.
guest-error-wrong-seat = L’aggiornamento dell’host era per un altro posto.
guest-error-implausible = L’host ha inviato una voce del diario che nessun host onesto invia.
guest-error-reveal = Il resoconto dell’host sulla fine della partita non corrisponde alla partita.
guest-error-fair = Un dato della distribuzione equa arrivato dall’host non ha superato la verifica.
guest-error-fair-rules = La pagina dell’host ha inoltrato una mossa che le regole non fanno. Questa pagina non invia nulla in risposta.
guest-error-fair-two-games = La pagina dell’host ha mostrato a questa pagina due partite diverse. Questa pagina non invia più nulla in questa partita.
guest-error-parts = Il resoconto del tavolo da parte dell’host è arrivato in parti che non combaciano.
guest-error-recovery = L’host ha inviato una copia di sicurezza del tavolo che questa pagina non può conservare.
# Le risposte del relay.
relay-error-no-such-room = Non esiste una stanza con quel codice.
relay-error-room-full = Quella stanza è piena.
relay-error-rate-limited = Troppi tentativi; aspetta un minuto e riprova.
relay-error-server-full = Il relay è pieno in questo momento; riprova più tardi.
relay-error-already-in-room = Sei già in una stanza.
relay-error-not-in-room = Non sei in una stanza.
relay-error-unknown-peer = Quel giocatore se n’è andato.
relay-error-bad-secret = Non è stato possibile riprendere la stanza.
relay-error-too-large = Un messaggio era troppo grande per il relay.
relay-error-bad-message = Il relay non ha capito un messaggio.
relay-error-not-host = Solo l’host della stanza può farlo.
relay-error-banned = L’host di quella stanza ti ha rimosso.
room-closed-host-left = La stanza è stata chiusa: l’host se n’è andato.
room-closed-host-late = La stanza è stata chiusa: l’host non è tornato in tempo.
# $reason sono le parole del relay.
room-closed = La stanza è stata chiusa: { $reason }

## La connessione, come la raccontano gli avvisi della pagina

# Un peer che non si è dato un nome; $tag sono quattro lettere del suo id sul relay.
player-tag = Giocatore { $tag }
# Il giocatore di una pagina host che non ha scelto un nome.
player-default = Giocatore
not-connected = Non ancora connesso all’host.
connection-host-away = La connessione dell’host è caduta; in attesa che torni…
connection-reconnecting = Riconnessione…
connection-offline = Sei offline. Il tuo posto resta tuo; le tue decisioni aspettano che la connessione torni.
connection-host-silent = La pagina dell’host ha smesso di rispondere. Il tuo posto resta tuo; le tue decisioni aspettano che risponda di nuovo.
decisions-paused = Non connesso: questa decisione aspetta che il collegamento con l’host torni.
connection-relay = Riconnessione al relay…
ended-host-gone = L’host non è tornato, quindi questa partita è finita.
# $why sono le parole del browser.
notice-not-restored = Non è stato possibile riprendere il tuo tavolo dopo il ricaricamento ({ $why }); è stato messo da parte.
notice-table-stopped = Il tavolo si è fermato: { $why }
# $why è una delle risposte del relay qui sopra.
notice-reclaim-failed = Impossibile riprendere la stanza { $code }: { $why }
notice-handed-over = Questa pagina è rimasta assente troppo a lungo, quindi il tavolo ora gira sulla pagina di un altro giocatore. Ci rientri come giocatore, al tuo posto.
notice-passed-on = Hai lasciato la stanza; il tavolo continua senza di te sulla pagina di un altro giocatore.
notice-rejoin-failed = Impossibile rientrare nella stanza { $code }: { $why }
notice-room-gone = La stanza { $code } non c’è più: { $why } Crea una nuova stanza per giocare ancora.
notice-room-moved = Il relay è ripartito e ha perso questa stanza, che ora ha un nuovo codice: { $code }. I giocatori presenti sono stati avvisati; la partita continua.
notice-relay-garbage = Ignorato un messaggio non valido dal relay: { $what }.
notice-bad-signal = Ignorato un segnale non valido da { $name }: { $error }
notice-odd-signal = Ignorato un segnale inatteso da { $name }.
notice-link-failed = La connessione con { $name } non è riuscita: { $why }
notice-link-closed = La connessione con { $name } si è chiusa.
notice-seat-lost = Il tuo posto nella stanza { $code } non è più tuo: è stato ceduto o la partita è andata avanti.
notice-no-relay = Impossibile raggiungere il relay. Controlla la connessione e riprova.
notice-tab-copy = Questa scheda è una copia di un’altra che tiene il tuo posto: ricomincia da zero.
# $error, $what e $reason sono parole del browser, del relay o dell’arbitro.
notice-relay-failed = Impossibile raggiungere il relay: { $error }
notice-send-failed = Impossibile inviare: { $error }
notice-referee-failed = Impossibile raggiungere l’arbitro: { $error }
notice-referee-garbage = Ignorato un messaggio non valido dall’arbitro: { $what }
# $code è il codice di chiusura del WebSocket.
notice-relay-closed = Il relay ha chiuso la connessione ({ $code }): { $reason }
# Il relay ha chiuso la connessione di questa pagina, per codice di chiusura.
relay-closed-going-away = Il relay si sta riavviando. Nel frattempo il tavolo continua a giocare senza.
relay-closed-replaced = La stanza è stata riaperta in un’altra pagina, che ha preso il suo posto sul relay.
relay-closed-policy = Il relay ha chiuso la connessione: troppi messaggi, o letti troppo lentamente.
relay-closed-too-big = Il relay ha chiuso la connessione: un messaggio era troppo grande.
relay-closed-protocol = Il relay ha chiuso la connessione: non ha potuto leggere ciò che questa pagina ha inviato.
relay-closed-try-later = Il relay ha troppe connessioni dalla tua rete in questo momento.
link-no-path = nessun percorso di rete tra i due browser
# Un collegamento il cui battito si è fermato; $seconds dice da quanto non arriva nulla.
link-silent = non arriva nulla da { $seconds ->
    [one] 1 secondo
   *[other] { $seconds } secondi
}
link-gone = ha lasciato la stanza (la sua pagina si è chiusa, o ha perso la rete)

## Quando due browser non riescono a raggiungersi

# Il pannello di chi entra: titolo, perché (uno dei link-why-*), le cause solite, cosa aiuta.
link-failure-title = Il tuo browser e quello dell’host non riescono a raggiungersi
link-why-no-call = La pagina dell’host non ha mai risposto: potrebbe essere chiusa, sospesa o non aggiornata.
link-why-both-relayed = Entrambi i browser hanno raggiunto il relay TURN di questo server e comunque non hanno trovato una via. È raro.
link-why-turn-unreachable = Questo server ha un relay TURN, ma il tuo browser non è riuscito a raggiungerlo: la tua rete sembra bloccarlo.
link-why-host-turn-unreachable = Questo server ha un relay TURN, ma il browser dell’host non è riuscito a raggiungerlo: la sua rete sembra bloccarlo.
link-why-no-turn = Questo server non ha un relay TURN, e la tua rete e quella dell’host ne hanno bisogno per connettersi.
link-why-no-stun = Questo server non fornisce alcun server STUN o TURN, quindi i browser si trovano solo sulla stessa rete.
link-failure-cause = Di solito dipende da una rete mobile o da un firewall rigido, che impediscono ai browser di connettersi direttamente.
link-failure-help = Cosa aiuta: entrambi i giocatori sullo stesso Wi-Fi, o un server con un relay TURN.
link-failure-guide = Come gestire un server con TURN
link-failure-trying = Nel frattempo questa pagina continua a provare.
link-failure-retry = Riprova
# L’avviso dell’host, uno per chi entra e per fallimento; $why è uno degli host-why-*.
notice-cannot-reach = Impossibile raggiungere { $name }: il tuo browser e il suo non riescono a connettersi. { $why } Nessuna delle due pagine può risolverlo; lo stesso Wi-Fi per entrambi, o un server con un relay TURN, aiuterebbe.
host-why-no-call = La pagina di { $name } non ha mai risposto.
host-why-both-relayed = Entrambi i browser hanno raggiunto il relay TURN di questo server e comunque non hanno trovato una via (raro).
host-why-turn-unreachable = Questo server ha un relay TURN, ma il tuo browser non è riuscito a raggiungerlo.
host-why-guest-turn-unreachable = Questo server ha un relay TURN, ma il browser di { $name } non è riuscito a raggiungerlo.
host-why-no-turn = Questo server non ha un relay TURN, e la tua rete e quella di { $name } ne hanno bisogno.
host-why-no-stun = Questo server non fornisce alcun server STUN o TURN, quindi i browser si trovano solo sulla stessa rete.
referee-no-load = non è stato possibile caricare il worker dell’arbitro
# Perché il browser non ha potuto fare qualcosa; $what nomina una parte della pagina, $url è un indirizzo.
net-relay-closed = la connessione al relay è chiusa
net-channel-closed = il canale dati non è aperto
net-no-page = questa pagina non ha { $what }
net-bad-relay-url = l’indirizzo del relay “{ $url }” non è un URL ws:// o wss:// né un percorso

## Prima che il programma della pagina parta (index.html, compilato dalla build)

boot-failed = Coup non è riuscito ad avviarsi:
boot-noscript = Coup ha bisogno di JavaScript e WebAssembly.

## Distribuzione equa (docs/FAIR-DEAL.md)
option-fair = Distribuzione equa
option-fair-hint = Solo persone, niente bot: ogni giocatore mescola le carte a turno e nessuno, host compreso, può vedere una carta che non deve vedere.
settings-fair = Distribuzione equa: ogni giocatore mescola, solo persone
fair-title = Distribuzione equa
fair-shuffling = Mescolata: { $done } di { $all }
fair-fingerprint = Chiave del tavolo: { $print }
fair-fingerprint-hint = Ogni giocatore vede la stessa chiave; confrontatela durante una chiamata.
fair-examined = Mostrate a te: { $cards }
fair-verdict-waiting = Il registro viene verificato quando è arrivato il segreto di ogni giocatore.
fair-verdict-fair = Questa partita è stata equa.
fair-verdict-false-denial = Questa partita non è stata equa: { $name } ha detto di non poter provare una dichiarazione pur avendo la carta.
fair-verdict-false-concession = Questa partita non è stata equa: { $name } ha ceduto senza avere un Duca.
fair-verdict-wrong-deck = Questa partita non è stata equa: le carte non erano il mazzo.
fair-verdict-referee = Questa partita non è stata equa: la pagina dell’host non ha applicato le regole.
fair-verdict-equivocation = Questa partita non è stata equa: la pagina dell’host ha inviato a { $name } una partita diversa da quella di questa pagina.
fair-verdict-closed = Questa partita non ha potuto essere verificata: una carta è rimasta chiusa.
fair-verdict-cut-short = { $count ->
    [0] La partita si è interrotta prima della fine: ogni mossa è stata verificata man mano, e nessuna risposta resta da verificare.
    [one] La partita si è interrotta prima della fine: ogni mossa è stata verificata man mano; un “non posso provarlo” resta da verificare, perché le carte a cui si riferiva restano chiuse.
   *[other] La partita si è interrotta prima della fine: ogni mossa è stata verificata man mano; { $count } risposte “non posso provarlo” restano da verificare, perché le carte a cui si riferivano restano chiuse.
}
fair-verdict-sealed = Qualcuno è uscito con carte in mano, quindi alla fine non si apre nessuna carta: ogni mossa è stata verificata man mano; risposte “non posso provarlo” non verificate: { $count }.
fair-ask-prove = La tua dichiarazione è sfidata: rispondi con le tue carte.
fair-ask-show = Scegli la carta da mostrare all’Inquisitore.
fair-ask-keep = Scegli le carte da tenere.
fair-ask-pick = Scegli la carta da tenere dal tuo gruppo.
fair-title-prove = Sei sfidato
fair-prove = Mostra { $card }
fair-cannot-prove = Non posso provarlo
fair-concede = Cedo (ho un Duca)
fair-show-hand = Mostra la mia mano (nessun Duca)
fair-lose = Perdi { $card }
fair-show = Mostra { $card }
fair-pick = Tieni { $card }
fair-keep = Tieni { $cards }
fair-answer-not-asked = Ora non ti viene chiesto nulla.
fair-answer-refused = Il tuo tavolo ha rifiutato quella risposta.

## The first screen's options, each with what it does.
option-inquisitor-hint = L’Inquisitore sostituisce l’Ambasciatore: scambia una carta o guarda quella di un avversario.
option-reformation-hint = Lealisti e Riformisti: non puoi colpire la tua fazione; cambiare fazione costa monete.
option-draft-hint = Due giocatori: ognuno sceglie una carta da un gruppo di cinque; sette carte in gioco.

## Where you finished, at the end of a game.
place-won = Hai vinto: 1º su { $count }.
place-finished = Hai finito { $place }º su { $count }.

## The guide to a first game against bots.
guide-label = Guida alla prima partita
guide-step = { $n } di { $count }
guide-cards = Queste sono le tue carte: la tua influenza. Se le perdi entrambe, sei fuori.
guide-coins = Le tue monete e le tue azioni: nel tuo turno scegline una.
guide-claims = Un’azione può dichiarare un personaggio, anche uno che non hai. Chiunque può dubitare di una dichiarazione: chi ha torto perde una carta.
guide-log = Il registro racconta cosa è successo e chi ha dichiarato cosa.
guide-next = Avanti
guide-skip = Salta
guide-done = Ho capito

## Reactions to chat lines.
react-add = Aggiungi una reazione
react-with = Reagisci con { $emoji }
chat-error-no-such-line = Quel messaggio non è più nel registro.
