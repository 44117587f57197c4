### Coup: słowa, które czyta gracz, po polsku. Te same komunikaty i argumenty co en.ftl
### (zob. jego uwagi); do gracza mówimy na „ty”. Dziennik jest w czasie teraźniejszym,
### więc żadne zdanie nie zależy od płci gracza.

## Wspólne części

-one-coin-or-more = { $n ->
    [one] 1 moneta
    [few] { $n } monety
    [many] { $n } monet
   *[other] { $n } monety
}
coins = { $n ->
            [one] 1 moneta
            [few] { $n } monety
            [many] { $n } monet
           *[other] { $n } monety
        }
you = Ty
seat-open = Miejsce { $n }
list-and = { $a } i { $b }

## Karty i strony

card-name = { $card ->
    [duke] Książę
    [assassin] Zabójca
    [captain] Kapitan
    [ambassador] Ambasador
    [contessa] Kontesa
   *[inquisitor] Inkwizytor
}
# Biernik: „dobiera Księcia”; karta niepokazana to „kartę”.
card-a = { $card ->
    [duke] Księcia
    [assassin] Zabójcę
    [captain] Kapitana
    [ambassador] Ambasadora
    [contessa] Kontesę
    [inquisitor] Inkwizytora
   *[hidden] kartę
}
# Biernik z przydawką: „zgłasza Księcia”; karta niepokazana to „tę kartę”.
card-the = { $card ->
    [duke] Księcia
    [assassin] Zabójcę
    [captain] Kapitana
    [ambassador] Ambasadora
    [contessa] Kontesę
    [inquisitor] Inkwizytora
   *[hidden] tę kartę
}
no-duke = brak Księcia
# Deklaracja Defraudacji (R7): brak Księcia.
claim-no-duke = brak Księcia
side-name = { $side ->
    [loyalist] Lojalista
   *[reformist] Reformista
}
ability = { $card ->
    [duke] Podatek: weź 3. Blokuje Pomoc zagraniczną.
    [assassin] Zapłać 3: gracz traci kartę.
    [captain] Ukradnij 2. Blokuje kradzież.
    [ambassador] Wymień 2. Blokuje kradzież.
    [contessa] Blokuje zabójstwo.
   *[inquisitor] Wymień 1 albo przesłuchaj. Blokuje kradzież.
}

## Akcje (R4, R7)

action-title = { $action ->
    [income] Dochód
    [foreign_aid] Pomoc zagraniczna
    [coup] Zamach stanu
    [tax] Podatek
    [assassinate] Zabójstwo
    [steal] Kradzież
    [exchange] Wymiana
    [examine] Przesłuchanie
    [convert] Nawrócenie
   *[embezzle] Defraudacja
}
action-effect = { $action ->
    [income] weź 1 monetę
    [foreign_aid] weź 2 monety; każdy Książę może zablokować
    [coup] zapłać 7: gracz traci kartę, bez obrony
    [tax] weź 3 monety
    [assassinate] zapłać 3: gracz traci kartę; Kontesa blokuje
    [steal] zabierz graczowi 2 monety; Kapitan lub Ambasador blokuje
    [steal-inquisitor] zabierz graczowi 2 monety; Kapitan lub Inkwizytor blokuje
    [exchange] dobierz 2 karty, zatrzymaj te, które chcesz
    [exchange-one] dobierz 1 kartę, zatrzymaj tę, którą chcesz
    [examine] obejrzyj kartę gracza, może każ mu ją wymienić
    [convert] zapłać 1, by zmienić swoją stronę, 2 – cudzą
   *[embezzle] weź wszystkie monety z Rezerwy
}
# $card to nazwa karty.
action-claim = jako { $card }: { $effect }
action-claim-no-duke = bez Księcia: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Okradnij: { $target }
    [coup] Zamach stanu na: { $target }
    [assassinate] Zabij: { $target }
    [examine] Przesłuchaj: { $target }
   *[convert] Nawróć: { $target }
}

## Decyzje

input-pass = Pas
input-challenge = Sprawdzam
input-block = Blokuj: { $card }
input-lose = Poświęć: { $card }
input-keep = Zatrzymaj: { $cards }
input-show = Pokaż: { $card }
input-give-back = Oddaj kartę
input-force-exchange = Każ ją wymienić
input-draft = Wybierz: { $card }
input-side = Graj jako: { $side }

hint-challenge = Twierdzisz, że { $claimant } blefuje. Jeśli tak, traci kartę; jeśli nie, tracisz ty.
hint-challenge-embezzle = Twierdzisz, że { $claimant } ma Księcia. Jeśli tak, traci kartę; jeśli nie, tracisz ty.
# R6.4: przegrane sprawdzenie, a potem zabójstwo.
hint-challenge-both = Przegrasz – a zabójstwo może zabrać kolejną: obie twoje karty.
# $card to „Kontesę” i podobne (biernik).
hint-block = Zgłoś { $card }, by to powstrzymać; każdy może to sprawdzić.
# R6.4: zdemaskowana Kontesa traci jedną za sprawdzenie, jedną za zabójstwo.
hint-block-both = Jeśli blef wyjdzie na jaw, tracisz obie karty.
hint-pass-block = Niech blokada zostanie.
hint-pass = Niech się stanie.
hint-lose = Odwróć kartę ({ $card }) awersem do góry; przestaje się liczyć.
hint-show = Widzi ją tylko przesłuchujący.
hint-give-back = Zatrzymuje kartę.
hint-force-exchange = Dobiera nową kartę i oddaje tę.
hint-draft = Druga karta zostanie rozdana losowo.
hint-side = Pozostali wybierają na przemian, zaczynając od ciebie.

## Rejestr deklaracji

# $card to nazwa karty albo „brak Księcia”.
claim-for-action = { $card } – { $action }
claim-to-block = { $card } – blokada
claim-outcome = { $outcome ->
    [pending] czeka na odpowiedź
    [shown] sprawdzona: prawda
    [lost] sprawdzona: blef, przyłapany
    [true] nikt nie sprawdził: prawda
    [false] nikt nie sprawdził: udany blef
   *[unchallenged] nikt nie sprawdził
}
refusal-stale = Za późno: ta decyzja już minęła.
refusal-fair = Uczciwe rozdanie odrzuciło tę wiadomość.

## Notatki o stole

note-joined = { $name } dołącza do stołu
note-left = { $name } opuszcza stół
note-returned = { $name } wraca
note-kicked = Gospodarz usuwa gracza { $name }
note-host-moved = Strona gospodarza opuszcza stół; stół działa teraz na stronie gracza { $name }
note-stand-in = { $seat-you ->
    [yes] Na razie gra za ciebie bot
   *[no] Na razie za gracza { $seat } gra bot
}
note-fair-refused = { $seat-you ->
    [yes] Twoja strona wysłała zapis, który się nie zgadza: przegrywasz uczciwą grę
   *[no] Strona gracza { $seat } wysłała zapis, który się nie zgadza: przegrywa uczciwą grę
}
note-fair-stalled = { $seat-you ->
    [yes] Twoja strona zbyt długo nie wysyłała tego, co była winna: przegrywasz uczciwą grę
   *[no] Strona gracza { $seat } zbyt długo nie wysyłała tego, co była winna: przegrywa uczciwą grę
}
note-fair-left = { $seat-you ->
    [yes] Opuszczasz uczciwą grę: twoje karty odpadają z gry zakryte, niewidziane przez nikogo, a gra toczy się dalej
   *[no] { $seat } opuszcza uczciwą grę: karty odpadają z gry zakryte, niewidziane przez nikogo, a gra toczy się dalej
}
note-fair-left-end = { $seat-you ->
    [yes] Opuszczasz uczciwą grę: zostało za mało graczy, by odtworzyć twój klucz, więc gra się kończy
   *[no] { $seat } opuszcza uczciwą grę: zostało za mało graczy, by odtworzyć klucz, więc gra się kończy
}
note-fair-fault = Uczciwa gra stanęła: { $seat-you ->
    [yes] twoja odpowiedź
   *[no] odpowiedź gracza { $seat }
} nie przeszła weryfikacji
note-fair-fault-stream = Uczciwa gra stanęła: zapis nie był zgodny z zasadami
note-timed-out = { $seat-you ->
    [yes] Twój czas minął
   *[no] Czas gracza { $seat } minął
}: { $kind ->
    [window] to liczy się jak pas
    [turn] turę rozegrał bot
   *[choice] wybrał bot
}

## Dziennik: jedno zdanie na zdarzenie

log-turn = { $seat-you ->
    [yes] — Twoja tura —
   *[no] — Tura: { $seat } —
}
# $card to „Księcia” (biernik) albo „kartę”, gdy niepokazana.
log-draft-picked = { $seat-you ->
    [yes] Wybierasz { $card } w doborze
   *[no] { $seat } wybiera { $card } w doborze
}
log-draft-dealt = { $seat-you ->
    [yes] Dostajesz { $card }
   *[no] { $seat } dostaje { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Wybierasz stronę: { $side }
   *[no] { $seat } wybiera stronę: { $side }
}
log-income = { $actor-you ->
    [yes] Bierzesz Dochód: 1 monetę
   *[no] { $actor } bierze Dochód: 1 monetę
}
log-foreign-aid = { $actor-you ->
    [yes] Prosisz o Pomoc zagraniczną
   *[no] { $actor } prosi o Pomoc zagraniczną
}
log-coup = { $actor-you ->
    [yes] Przeprowadzasz zamach stanu na gracza { $target }
   *[no] { $actor } przeprowadza zamach stanu na { $target-you ->
        [yes] ciebie
       *[no] gracza { $target }
    }
}
# Cel deklarowanej akcji, po „zgłasza Księcia, by”.
purpose = { $action ->
    [tax] pobrać Podatek
    [assassinate] { $target-you ->
        [yes] cię zabić
       *[no] zabić gracza { $target }
    }
    [steal] { $target-you ->
        [yes] cię okraść
       *[no] okraść gracza { $target }
    }
    [exchange] wymienić karty z Dworem
    [examine] { $target-you ->
        [yes] cię przesłuchać
       *[no] przesłuchać gracza { $target }
    }
    [convert-self] przejść na drugą stronę
    [convert] { $target-you ->
        [yes] cię nawrócić
       *[no] nawrócić gracza { $target }
    }
   *[embezzle] zdefraudować Rezerwę
}
# $claim to „Księcia” albo „brak Księcia”; $purpose to jeden z celów powyżej.
log-claims = { $actor-you ->
    [yes] Zgłaszasz { $claim }, by { $purpose }
   *[no] { $actor } zgłasza { $claim }, by { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Postanawiasz { $purpose }
   *[no] { $actor } postanawia { $purpose }
}
log-paying = { $line } (płacąc { $paid ->
            [one] 1 monetę
            [few] { $paid } monety
            [many] { $paid } monet
           *[other] { $paid } monety
        })
# $card to „Kapitana” i podobne (biernik).
log-early-block = { $seat-you ->
    [yes] Od razu blokujesz, zgłaszając { $card }
   *[no] { $seat } od razu blokuje, zgłaszając { $card }
}
log-block = { $seat-you ->
    [yes] Blokujesz, zgłaszając { $card }
   *[no] { $seat } blokuje, zgłaszając { $card }
}
# $claim to nazwa karty albo „brak Księcia”.
log-challenge = { $challenger-you ->
    [yes] Sprawdzasz gracza { $claimant } ({ $claim })
   *[no] { $challenger } sprawdza { $claimant-you ->
        [yes] ciebie ({ $claim })
       *[no] gracza { $claimant } ({ $claim })
    }
}
challenged-no-duke = brak Księcia
log-proved = { $seat-you ->
    [yes] Pokazujesz { $card } — deklaracja się broni
   *[no] { $seat } pokazuje { $card } — deklaracja się broni
}
log-showed-hand = { $seat-you ->
    [yes] Pokazujesz rękę: { $cards }
   *[no] { $seat } pokazuje rękę: { $cards }
}
# $what to „brak karty Książę” (no-card) albo „jednak z Księciem”.
log-disproved = { $seat-you ->
    [yes] Blef — { $what }
   *[no] Blef gracza { $seat } — { $what }
}
no-card = brak karty { $card }
duke-after-all = jednak z Księciem
log-refunded = { $seat-you ->
    [yes] Odzyskujesz { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
   *[no] { $seat } odzyskuje { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
}
# $card może być dwiema kartami („Księcia i Kapitana”).
log-drew = { $seat-you ->
    [yes] Dobierasz { $card }
   *[no] { $seat } dobiera { $card }
}
# Karty dobrane, których czytelnik nie widział: $count mówi ile.
log-drew-hidden = { $seat-you ->
    [yes] Dobierasz { $count ->
        [one] 1 kartę
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }
   *[no] { $seat } dobiera { $count ->
        [one] 1 kartę
        [few] { $count } karty
        [many] { $count } kart
       *[other] { $count } karty
    }
}
log-court-shuffled = Talia Dworu zostaje potasowana
log-lost-influence = { $seat-you ->
    [yes] Tracisz wpływ, odkrywając { $card }
   *[no] { $seat } traci wpływ, odkrywając { $card }
}
log-eliminated = { $seat-you ->
    [yes] Odpadasz z gry
   *[no] { $seat } odpada z gry
}
log-lost-face-down = { $seat-you ->
    [yes] Tracisz wpływ zakryty
   *[no] { $seat } traci wpływ zakryty
}
log-action-blocked = { $seat-you ->
    [yes] Twoja akcja zostaje zablokowana
   *[no] Akcja gracza { $seat } zostaje zablokowana
}
log-gained = { $seat-you ->
    [yes] Bierzesz { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
   *[no] { $seat } bierze { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
}
log-stole = { $actor-you ->
    [yes] Zabierasz graczowi { $target } { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
   *[no] { $actor } zabiera { $target-you ->
        [yes] ci
       *[no] graczowi { $target }
    } { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        }
}
log-embezzled = { $seat-you ->
    [yes] Defraudujesz { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        } z Rezerwy
   *[no] { $seat } defrauduje { $coins ->
            [one] 1 monetę
            [few] { $coins } monety
            [many] { $coins } monet
           *[other] { $coins } monety
        } z Rezerwy
}
log-converted-self = { $seat-you ->
    [yes] Przechodzisz na stronę: { $side }
   *[no] { $seat } przechodzi na stronę: { $side }
}
log-converted = { $actor-you ->
    [yes] Przeciągasz gracza { $target } na stronę: { $side }
   *[no] { $actor } przeciąga { $target-you ->
        [yes] cię
       *[no] gracza { $target }
    } na stronę: { $side }
}
log-exchanged = { $seat-you ->
    [yes] Wymieniasz karty z Dworem
   *[no] { $seat } wymienia karty z Dworem
}
# $cards to „Księcia i Kapitana” i podobne.
log-exchanged-returning = { $seat-you ->
    [yes] Wymieniasz karty z Dworem, oddając: { $cards }
   *[no] { $seat } wymienia karty z Dworem, oddając: { $cards }
}
log-shown = { $actor-you ->
    [yes] Pokazujesz { $card } graczowi { $target }
   *[no] { $actor } pokazuje { $card } { $target-you ->
        [yes] tobie
       *[no] graczowi { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] Oddajesz kartę graczowi { $target }
   *[no] { $actor } oddaje kartę { $target-you ->
        [yes] tobie
       *[no] graczowi { $target }
    }
}
# $card to „Księcia” albo „tę kartę”, gdy niepokazana.
log-forced-exchange = { $actor-you ->
    [yes] Każesz graczowi { $target } wymienić { $card }
   *[no] { $actor } każe { $target-you ->
        [yes] ci
       *[no] graczowi { $target }
    } wymienić { $card }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] Twoja 1 moneta wraca
        [few] Twoje { $coins } monety wracają
        [many] Twoich { $coins } monet wraca
       *[other] Twoje { $coins } monety wracają
    } do Skarbca
   *[no] { $coins ->
        [one] 1 moneta gracza { $seat } wraca
        [few] { $coins } monety gracza { $seat } wracają
        [many] { $coins } monet gracza { $seat } wraca
       *[other] { $coins } monety gracza { $seat } wracają
    } do Skarbca
}
log-game-over = { $seat-you ->
    [yes] Wygrywasz grę!
   *[no] { $seat } wygrywa grę!
}

## Skrót zasad (z docs/RULES.md), w HTML

rules-html =
    <h3>Twoja tura</h3><p>Każdy zaczyna z 2 zakrytymi kartami (to jego wpływy) i 2 monetami. W swojej turze wykonujesz jedną akcję. Każda akcja może być blefem: możesz zgłosić postać, której nie masz. Mając 10 monet, musisz przeprowadzić Zamach stanu.</p>
    <h3>Akcje dostępne dla każdego</h3><p>Dochód: weź 1 monetę; nikt tego nie powstrzyma. Pomoc zagraniczna: weź 2 monety; Książę może ją zablokować. Zamach stanu: zapłać 7 monet i wskaż gracza, który traci kartę; nikt tego nie powstrzyma. Mając 10 lub więcej monet, musisz przeprowadzić Zamach stanu.</p>
    <h3>Sprawdzanie</h3><p>Gdy ktoś zgłasza postać, każdy może powiedzieć „sprawdzam”. Jeśli ją ma, pokazuje ją, wymienia na nową kartę, a sprawdzający traci kartę. Jeśli nie, blefujący traci kartę, a akcja przepada.</p>
    <h3>Blokady</h3><p>Książę blokuje Pomoc zagraniczną; Kontesa blokuje zabójstwo; Kapitan lub Ambasador (Inkwizytor, gdy jest w grze) blokuje kradzież. Blokada to też deklaracja: można ją sprawdzić.</p>
    <h3>Tracenie kart</h3><p>Tracąc wpływ, wybierasz zakrytą kartę do odkrycia. Bez zakrytych kart odpadasz. Wygrywa ostatni gracz z zakrytą kartą. Uwaga: cel zabójstwa, który sprawdza i przegrywa albo blokuje Kontesą i zostaje przyłapany, może stracić obie karty w jednej turze.</p>
    <h3>Reformacja</h3><p>Lojaliści i Reformiści nie mogą przeprowadzać Zamachu stanu, zabijać, okradać ani przesłuchiwać własnej strony ani blokować jej Pomocy zagranicznej, dopóki wszyscy nie są po jednej stronie. Nawrócenie kosztuje 1 monetę (2 za kogoś innego), płaconą do Rezerwy, i zmienia stronę; Defraudacja to deklaracja braku Księcia i zabiera Rezerwę.</p>

## Strona jako aplikacja

language = Język
update-ready = Nowa wersja jest gotowa.
update-reload = Odśwież
offline-note = Jesteś offline. Gry z botami działają; pokoje wymagają sieci.

## Rama strony

tagline = gra w blefowanie, w twojej przeglądarce
credit = Coup i Coup: Reformation to gry Rikkiego Tahty wydane przez Indie Boards & Cards. To nieoficjalna implementacja fanowska, niezwiązana z nimi.
contacting-relay = Łączenie z przekaźnikiem…
restoring-place = Odzyskiwanie twojego miejsca…
loading-table = Wczytywanie stołu…
loading-table-retry = Nie udało się jeszcze wczytać stołu; próbuję ponownie…
cancel = Anuluj
new-room = Utwórz nowy pokój
dismiss = Zamknij

## Pierwszy ekran

rejoin-were-playing = Grasz w pokoju { $code } jako { $name }.
rejoin-room = Wróć do pokoju { $code }
hero-title = Blefuj. Sprawdzaj. Przetrwaj.
hero-line = Karciana gra blefu dla 2–10 graczy. Graj ze znajomymi przez link albo od razu z botami.
your-name = Twoje imię
optional = Opcjonalne
name-optional = Opcjonalne. Bez niego inni zobaczą nazwę w rodzaju „Gracz K7”.
name-seen = Pod tym imieniem widzą cię inni.
play-with-friends = Graj ze znajomymi
create-room = Utwórz pokój
join-friends = Dołącz do znajomych
join-invited = Masz zaproszenie: naciśnij Dołącz.
join-type-code = Wpisz kod pokoju.
join = Dołącz

## Ustawienia

players = Gracze
bots = Boty
bot-level = Poziom botów
seats = Miejsca
turn-timer = Czas na turę
more-options = Więcej opcji
option-inquisitor = Inkwizytor
option-reformation = Reformacja
option-draft = Dobór dla dwojga
level-name = { $level ->
    [easy] Łatwy
    [hard] Trudny
   *[normal] Normalny
}
timer-none = bez limitu
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n ->
    [one] 1 miejsce
    [few] { $n } miejsca
    [many] { $n } miejsc
   *[other] { $n } miejsca
}
settings-inquisitor = Inkwizytor zamiast Ambasadora
settings-ambassador = Ambasador (bez Inkwizytora)
settings-reformation = Reformacja: strony i Rezerwa Skarbca
settings-turn-timer = Czas na turę: { $timer }
settings-bots = Boty: { $level }
settings-locked = Pokój zamknięty: nikt nowy nie dołączy

## Czat

chat = Czat
chat-empty = Jeszcze brak wiadomości. Przywitaj się!
chat-placeholder = Napisz coś…
send = Wyślij
ignored-from-host = Pominięto wiadomość od gospodarza: { $error }

## Pokój

the-host = Gospodarz
a-player = Gracz
room-code = Kod pokoju
you-host = Jesteś gospodarzem tego pokoju
you-joined = Jesteś w pokoju
leave-room = Opuść pokój
who-is-here = Kto tu jest
create-room-hint = Otwórz pokój, a potem wyślij im zaproszenie.
rematch-by-host = Gospodarz może rozdać ponownie.
connecting-to-host = Łączenie z gospodarzem…
waiting-for-start = Czekamy, aż gospodarz rozpocznie grę…
watching-full = Oglądasz: wszystkie miejsca są zajęte. Gospodarz może dać ci miejsce.
watcher-waiting = { $name } ogląda: wszystkie miejsca są zajęte.
seat-watcher = Posadź: { $name }
waiting-for-players = Czekamy na graczy… wyślij im zaproszenie.
everyone-can-chat = Każdy tutaj może pisać na czacie.
link-you = ty
link-open = połączono
link-connecting = łączenie…
link-away = nieobecny
seat-away = Nieobecny
seat-away-stand-in = Nieobecny · bot zagra za { $n } s
seat-away-leaves = Nieobecny · opuści grę za { $n } s
seat-stand-in = Nieobecny · na razie gra bot
seat-left-fair = Poza grą
link-via-host = przez gospodarza
link-watching = { " " }· ogląda
badge-host = gospodarz
invite = Zaproś
invite-qr = Kod QR zaproszenia
invite-hint = Wyślij ten link albo daj zeskanować kod: otwiera grę z wpisanym pokojem.
invite-link = Link z zaproszeniem
copied = Skopiowano
copy-link = Kopiuj link
share = Udostępnij…
share-title = Zagraj ze mną w Coup
add-bot = Dodaj bota
start-game = Rozpocznij grę
open-seats-hint = Wolne miejsca zajmą na starcie boty tego poziomu.
lock-room = Zamknij pokój: nikt nowy nie dołączy
level-bot = { $level } bot
seat-kind-open = wolne
seat-kind-player = gracz
remove-bot = Usuń tego bota
remove = Usuń
remove-ask = Usunąć gracza { $name } z pokoju?

## Stół

leave = Wyjdź
back-to-start = Wróć na początek
leave-ask = Wyjść?
leave-yes = Tak, wyjdź
leave-pass-on = Wyjdź — stół przejdzie na stronę innego gracza
stay = Zostań
play-bots = Graj z botami
play-bots-hint = Zacznij od razu, samodzielnie, przeciw graczom komputerowym.
dealing = Rozdawanie…
table-log = Dziennik stołu
claims = Deklaracje
reserve = Rezerwa
court = Dwór
mode-draft = Dobór
rules-cards = Zasady i karty
how-to-play = Jak grać
close = Zamknij
this-table = Ten stół: { $inquisitor ->
    [yes] Inkwizytor zamiast Ambasadora
   *[no] Ambasador
}{ $reformation ->
    [yes] , Reformacja
   *[no] {""}
}. Tury { $turns }, odpowiedzi { $answers }, wybory { $choices }.
your-cards = Twoje karty
whose-claims = Czyje deklaracje
no-claims-yet = Nikt jeszcze nie zgłosił postaci.
no-claims-player = Ten gracz nie ma jeszcze deklaracji.
everyone = Wszyscy
seconds-left = { $n ->
    [one] Została 1 sekunda
    [few] Zostały { $n } sekundy
    [many] Zostało { $n } sekund
   *[other] Zostało { $n } sekundy
}
seconds-short = { $n } s
seat-out = poza grą
card-lost = { $card }, stracona
lost = stracona
hidden-card = zakryta karta
card-lost-face-down = karta stracona zakryta

## Decyzje i koniec gry

you-win = Wygrywasz!
wins = { $name } wygrywa
believe-it = Wierzysz?
block-it = Blokujesz?
believe-block = Wierzysz w blokadę?
you-lose-influence = Tracisz wpływ
choose-card-up = Wybierz kartę do odkrycia.
you-drew = Dobrane karty: { $cards }. Wybierz, które zatrzymać.
you-are-examined = Przesłuchanie
choose-card-show = Wybierz kartę do pokazania: { $name }.
# $card to „Księcia” (biernik) albo „kartę”.
examine-decide = { $name } pokazuje ci { $card }. Zostawić tę kartę czy kazać ją wymienić na nową?
draft-hint = Wybierz kartę w tajemnicy; druga zostanie rozdana losowo.
choose-side = Wybierz stronę
choose-side-hint = Lojaliści i Reformiści nie mogą atakować własnej strony, dopóki wszyscy nie są po jednej.
you-are-out = Odpadasz.
watch-the-rest = Oglądaj dalej: na koniec wszystkie ręce zostaną pokazane.
you-are-watching = Oglądasz tę grę. W następnej możesz zagrać.
waiting-for = Czekamy na: { $names }…
your-turn = Twoja tura
must-coup = Mając 10 lub więcej monet, musisz przeprowadzić Zamach stanu.
whom = { $action }: na kogo?
back = Wstecz
# $effect to skutek akcji z action-effect, zaczynający się wielką literą.
aim-line = { $effect }. Dotknij miejsca oznaczonego celownikiem albo wybierz poniżej.
aim-line-click = { $effect }. Kliknij miejsce oznaczone celownikiem albo wybierz poniżej.
dealt = rozdano: { $a } i { $b }
bluffs = Blefy
caught = Przyłapane
challenges-won-lost = Sprawdzenia wygrane–przegrane
truth-true = prawda
truth-bluff = blef
rematch = Rewanż
back-to-lobby = Wróć do poczekalni
game-over = Koniec gry
every-hand = Wszystkie ręce
player = Gracz
cards = Karty
coins-over-game = Monety w trakcie gry
every-claim = Każda deklaracja i czy była prawdziwa
no-claims-game = W tej grze nikt nie zgłosił postaci.
chart-legend = Która linia jest czyja
title-your-move = ● Twój ruch — Coup
sound = Dźwięk
sound-name = Dźwięk, gdy decyzja należy do ciebie, a strona jest w tle

## Co czytają technologie wspomagające

keys-help = Klawisze: P pas, C sprawdzam, B blokada, T pozostały czas
your-decision = Twoja decyzja: { $title }
time-left-mine = { $n ->
    [one] Na decyzję została 1 sekunda
    [few] Na decyzję zostały { $n } sekundy
    [many] Na decyzję zostało { $n } sekund
   *[other] Na decyzję zostało { $n } sekundy
}
time-none-mine = Twoja decyzja nie ma limitu czasu
time-left-theirs = Czekamy na: { $names }; { $n ->
    [one] została 1 sekunda
    [few] zostały { $n } sekundy
    [many] zostało { $n } sekund
   *[other] zostało { $n } sekundy
}
seat-holding = trzyma: { $cards }
seat-hidden = { $n ->
    [one] 1 zakryta karta
    [few] { $n } zakryte karty
    [many] { $n } zakrytych kart
   *[other] { $n } zakrytej karty
}
seat-lost = stracone: { $cards }
seat-your-turn = twoja tura
seat-their-turn = tura tego gracza
seat-deciding = decyduje
seat-answering = odpowiadasz temu graczowi
see-table = Zobacz stół
coins-chart = Monety każdego gracza, tura po turze
rules-dialog = Zasady i karty

## Co zostało odrzucone lub poszło nie tak

# Gospodarz odrzucił coś, co wysłała ta strona.
refusal-rate-limited = Za dużo wiadomości: zwolnij.
refusal-not-joined = Nie jesteś jeszcze przy stole.
refusal-already-joined = Już jesteś przy tym stole.
refusal-table-full = Stół jest pełny.
refusal-not-host = Tylko gospodarz może to zrobić.
refusal-no-game = Żadna gra nie trwa.
refusal-not-seated = Oglądasz, nie grasz.
# $asked i $yours to numery miejsc.
refusal-not-your-seat = Miejsce { $asked } nie jest twoje (twoje to miejsce { $yours }).
intent-not-legal = To teraz nie jest jeden z twoich wyborów.
# Zasady odrzuciły ruch.
illegal-game-over = Gra się skończyła.
illegal-no-such-seat = W tej grze nie ma takiego miejsca.
illegal-not-your-turn = Teraz nie musisz nic decydować.
illegal-already-answered = Odpowiedź już została udzielona.
illegal-wrong-decision = To nie jest odpowiedź na zadaną decyzję.
illegal-not-available = Ta akcja nie występuje w tej grze.
illegal-must-coup = Mając 10 lub więcej monet, musisz przeprowadzić Zamach stanu.
illegal-cannot-afford = Masz na to za mało monet.
illegal-empty-reserve = Rezerwa Skarbca jest pusta.
illegal-bad-target = Ten gracz nie może być celem.
illegal-nothing-to-steal = Kradzież wymaga celu z co najmniej jedną monetą.
illegal-same-allegiance = Ten gracz jest po twojej stronie.
illegal-cannot-block = Nie możesz teraz blokować, albo nie tą kartą.
illegal-cannot-challenge = Nie ma teraz deklaracji do sprawdzenia.
illegal-no-such-card = Nie masz takiej zakrytej karty.
illegal-card-not-in-use = Ta karta nie występuje w tej grze.
illegal-bad-keep = Zatrzymaj tyle kart, ile było zakrytych, spośród trzymanych i dobranych.
illegal-other = Zasady na to nie pozwalają.
# Odrzucone polecenie gospodarza.
table-error-game-in-progress = Nie w trakcie gry.
table-error-no-game = Tylko w trakcie gry.
table-error-not-finished = Nie ma zakończonej gry do powtórzenia.
table-error-seat-count = Stół ma od 2 do 10 miejsc.
table-error-no-such-seat = Nie ma miejsca { $seat }.
table-error-no-such-member = Tej osoby nie ma już przy stole.
table-error-draft-needs-two = Dobór dla dwojga wymaga dokładnie dwóch miejsc.
table-error-timers = Czas jest poza dozwolonym zakresem.
table-error-kick-host = Gospodarz nie może opuścić własnego stołu.
table-error-seat-taken = W trakcie gry widz może zająć tylko miejsce bota.
table-error-held-another-seat = W trakcie gry możesz odzyskać tylko swoje dawne miejsce.
table-error-only-bot = W trakcie gry osobę może zastąpić tylko bot.
table-error-fair-no-bots = Uczciwe rozdanie sadza tylko ludzi: bez botów.
table-error-fair-needs-people = Uczciwe rozdanie wymaga człowieka na każdym miejscu, co najmniej dwóch.
table-error-fair-seat = Nie w trakcie uczciwej gry: każde miejsce jest potrzebne do końca.
table-error-fair-unavailable = Nie udało się jeszcze wczytać kodu uczciwego rozdania: sprawdź połączenie i spróbuj ponownie.
# $detail to słowa silnika zasad.
table-error-deal = Nie udało się rozdać gry: { $detail }
# Gospodarz zakończył połączenie.
fatal-version = Ten stół używa protokołu w wersji { $host }; twoja to { $yours }: odśwież stronę.
fatal-kicked = Gospodarz usunął cię ze stołu.
fatal-replaced = Twoje miejsce zostało odebrane z innej karty lub urządzenia.
fatal-locked = Stół jest zamknięty dla nowych osób.
# Pod polem imienia.
name-error-empty = Wpisz imię.
name-error-too-long = Imię ma najwyżej { $max ->
    [one] 1 znak
    [few] { $max } znaki
   *[other] { $max } znaków
}.
name-error-control = Imię nie może zawierać podziałów wiersza ani znaków sterujących.
name-error-invisible = Imię nie może zawierać znaków niewidocznych ani zmieniających kierunek tekstu.
name-error-impersonates = Imię nie może udawać „Ty”, bota ani miejsca („Bot 2”, „Miejsce 3”).
chat-error-empty = Wiadomość jest pusta.
chat-error-too-long = Wiadomość ma najwyżej { $max ->
    [one] 1 znak
    [few] { $max } znaki
   *[other] { $max } znaków
}.
chat-error-rate-limited = Za dużo wiadomości: poczekaj chwilę.
# Wiadomość, której nie dało się odczytać; $detail to słowa parsera.
wire-too-large = Wiadomość ma { $size } B; limit to { $limit }.
wire-version = Wiadomość używa protokołu w wersji { $theirs }; ta strona używa { $ours }.
wire-malformed = Wiadomość jest nieprawidłowa: { $detail }
# Co gospodarz wysłał i nie zostało użyte.
guest-error-not-welcomed = Gospodarz wysłał stan gry, zanim nas przywitał.
guest-error-log-order = Wpisy dziennika od gospodarza przyszły w złej kolejności.
guest-error-wrong-seat = Aktualizacja od gospodarza była dla innego miejsca.
guest-error-implausible = Gospodarz wysłał wpis dziennika, jakiego nie wysyła żaden uczciwy gospodarz.
guest-error-reveal = Opis końca gry od gospodarza nie pasuje do gry.
guest-error-fair = Zapis uczciwego rozdania od gospodarza nie przeszedł weryfikacji.
guest-error-fair-rules = Strona gospodarza przekazała ruch, którego zasady nie przewidują. Ta strona nic na niego nie wysyła.
guest-error-fair-two-games = Strona gospodarza pokazała tej stronie dwie różne gry. Ta strona nie wysyła już nic w tej grze.
guest-error-parts = Opis stołu od gospodarza przyszedł w częściach, które do siebie nie pasują.
guest-error-recovery = Gospodarz przysłał zapasową kopię stołu, której ta strona nie może przechować.
# Odpowiedzi przekaźnika.
relay-error-no-such-room = Nie ma pokoju z tym kodem.
relay-error-room-full = Ten pokój jest pełny.
relay-error-rate-limited = Za dużo prób; poczekaj minutę i spróbuj ponownie.
relay-error-server-full = Przekaźnik jest teraz pełny; spróbuj później.
relay-error-already-in-room = Już jesteś w pokoju.
relay-error-not-in-room = Nie jesteś w pokoju.
relay-error-unknown-peer = Ten gracz odszedł.
relay-error-bad-secret = Nie udało się odzyskać pokoju.
relay-error-too-large = Wiadomość była za duża dla przekaźnika.
relay-error-bad-message = Przekaźnik nie zrozumiał wiadomości.
relay-error-not-host = Tylko gospodarz pokoju może to zrobić.
relay-error-banned = Gospodarz tego pokoju usunął cię z niego.
room-closed-host-left = Pokój został zamknięty: gospodarz wyszedł.
room-closed-host-late = Pokój został zamknięty: gospodarz nie wrócił na czas.
# $reason to słowa przekaźnika.
room-closed = Pokój został zamknięty: { $reason }

## Połączenie, tak jak opisują je komunikaty strony

# Uczestnik, który się nie przedstawił; $tag to cztery litery jego identyfikatora.
player-tag = Gracz { $tag }
# Gracz strony-gospodarza, który nie wybrał imienia.
player-default = Gracz
not-connected = Jeszcze brak połączenia z gospodarzem.
connection-host-away = Połączenie gospodarza zerwane; czekamy, aż wróci…
connection-reconnecting = Ponowne łączenie…
connection-offline = Jesteś offline. Twoje miejsce czeka; twoje decyzje poczekają, aż połączenie wróci.
connection-host-silent = Strona gospodarza przestała odpowiadać. Twoje miejsce czeka; twoje decyzje poczekają, aż znów odpowie.
decisions-paused = Brak połączenia: ta decyzja poczeka, aż łącze z gospodarzem wróci.
connection-relay = Ponowne łączenie z przekaźnikiem…
ended-host-gone = Gospodarz nie wrócił, więc ta gra się skończyła.
# $why to słowa przeglądarki.
notice-not-restored = Nie udało się odzyskać stołu po odświeżeniu ({ $why }); został odłożony.
notice-table-stopped = Stół się zatrzymał: { $why }
# $why to jedna z odpowiedzi przekaźnika powyżej.
notice-reclaim-failed = Nie udało się odzyskać pokoju { $code }: { $why }
notice-handed-over = Ta strona była nieobecna zbyt długo, więc stół działa teraz na stronie innego gracza. Wracasz do niego jako gracz, na swoje miejsce.
notice-passed-on = Pokój opuszczony; stół działa dalej bez ciebie na stronie innego gracza.
notice-rejoin-failed = Nie udało się wrócić do pokoju { $code }: { $why }
notice-room-gone = Pokoju { $code } już nie ma: { $why } Utwórz nowy pokój, by zagrać ponownie.
notice-room-moved = Przekaźnik się zrestartował i zgubił ten pokój, więc pokój ma nowy kod: { $code }. Obecni gracze zostali powiadomieni; gra toczy się dalej.
notice-relay-garbage = Pominięto błędną wiadomość od przekaźnika: { $what }.
notice-bad-signal = Pominięto błędny sygnał od: { $name }: { $error }
notice-odd-signal = Pominięto nieoczekiwany sygnał od: { $name }.
notice-link-failed = Połączenie z: { $name } nie powiodło się: { $why }
notice-link-closed = Połączenie z: { $name } zostało zamknięte.
notice-seat-lost = Twoje miejsce w pokoju { $code } nie jest już twoje: zostało oddane albo gra poszła dalej.
notice-no-relay = Nie udało się połączyć z przekaźnikiem. Sprawdź połączenie i spróbuj ponownie.
notice-tab-copy = Ta karta jest kopią innej, która trzyma twoje miejsce: zaczyna od nowa.
# $error, $what i $reason to słowa przeglądarki, przekaźnika lub sędziego.
notice-relay-failed = Nie udało się połączyć z przekaźnikiem: { $error }
notice-send-failed = Nie udało się wysłać: { $error }
notice-referee-failed = Nie udało się połączyć z sędzią: { $error }
notice-referee-garbage = Pominięto błędną wiadomość od sędziego: { $what }
# $code to kod zamknięcia WebSocketu.
notice-relay-closed = Przekaźnik zamknął połączenie ({ $code }): { $reason }
# Przekaźnik zamknął połączenie tej strony, według kodu zamknięcia.
relay-closed-going-away = Przekaźnik się restartuje. Stół gra tymczasem bez niego.
relay-closed-replaced = Pokój otwarto ponownie na innej stronie, która zajęła jego miejsce na przekaźniku.
relay-closed-policy = Przekaźnik zamknął połączenie: za dużo wiadomości albo zbyt wolny odczyt.
relay-closed-too-big = Przekaźnik zamknął połączenie: wiadomość była za duża.
relay-closed-protocol = Przekaźnik zamknął połączenie: nie mógł odczytać tego, co wysłała ta strona.
relay-closed-try-later = Przekaźnik ma teraz za dużo połączeń z twojej sieci.
link-no-path = brak ścieżki sieciowej między dwiema przeglądarkami
# Łącze, którego puls ustał; $seconds mówi, jak długo nic nie przyszło.
link-silent = nic nie dotarło od { $seconds ->
    [one] 1 sekundy
   *[other] { $seconds } sekund
}
link-gone = wyjście z pokoju (strona zamknięta albo bez sieci)

## Gdy dwie przeglądarki nie mogą się połączyć

# Panel dołączającego: tytuł, przyczyna (jedna z link-why-*), zwykłe powody, co pomaga.
link-failure-title = Twoja przeglądarka i przeglądarka gospodarza nie mogą się połączyć
link-why-no-call = Strona gospodarza nigdy nie odpowiedziała: może być zamknięta, uśpiona albo nieaktualna.
link-why-both-relayed = Obie przeglądarki dotarły do przekaźnika TURN tego serwera i mimo to nie znalazły drogi. To rzadkie.
link-why-turn-unreachable = Ten serwer ma przekaźnik TURN, ale twoja przeglądarka nie mogła do niego dotrzeć: twoja sieć chyba go blokuje.
link-why-host-turn-unreachable = Ten serwer ma przekaźnik TURN, ale przeglądarka gospodarza nie mogła do niego dotrzeć: jego sieć chyba go blokuje.
link-why-no-turn = Ten serwer nie ma przekaźnika TURN, a twoja sieć i sieć gospodarza go potrzebują.
link-why-no-stun = Ten serwer nie podaje żadnego serwera STUN ani TURN, więc przeglądarki znajdą się tylko w tej samej sieci.
link-failure-cause = Zwykle powodem jest sieć komórkowa albo ścisła zapora, które nie pozwalają przeglądarkom łączyć się bezpośrednio.
link-failure-help = Co pomaga: obaj gracze w tej samej sieci Wi-Fi albo serwer z przekaźnikiem TURN.
link-failure-guide = Jak uruchomić serwer z TURN
link-failure-trying = Ta strona tymczasem próbuje dalej.
link-failure-retry = Spróbuj ponownie
# Komunikat gospodarza, raz na dołączającego i awarię; $why to jedno z host-why-*.
notice-cannot-reach = Nie można połączyć się z: { $name }: twoja przeglądarka i przeglądarka tego gracza nie mogą się połączyć. { $why } Żadna ze stron tego nie naprawi; pomogłaby wspólna sieć Wi-Fi albo serwer z przekaźnikiem TURN.
host-why-no-call = Strona gracza { $name } nigdy nie odpowiedziała.
host-why-both-relayed = Obie przeglądarki dotarły do przekaźnika TURN tego serwera i mimo to nie znalazły drogi (rzadkie).
host-why-turn-unreachable = Ten serwer ma przekaźnik TURN, ale twoja przeglądarka nie mogła do niego dotrzeć.
host-why-guest-turn-unreachable = Ten serwer ma przekaźnik TURN, ale przeglądarka gracza { $name } nie mogła do niego dotrzeć.
host-why-no-turn = Ten serwer nie ma przekaźnika TURN, a twoja sieć i sieć gracza { $name } go potrzebują.
host-why-no-stun = Ten serwer nie podaje żadnego serwera STUN ani TURN, więc przeglądarki znajdą się tylko w tej samej sieci.
referee-no-load = nie udało się wczytać workera sędziego
# Dlaczego przeglądarka czegoś nie zrobiła; $what nazywa część strony, $url to adres.
net-relay-closed = połączenie z przekaźnikiem jest zamknięte
net-channel-closed = kanał danych nie jest otwarty
net-no-page = ta strona nie ma: { $what }
net-bad-relay-url = adres przekaźnika „{ $url }” nie jest adresem ws:// ani wss:// ani ścieżką

## Zanim ruszy program strony (index.html, wypełniany przy budowaniu)

boot-failed = Nie udało się uruchomić Coup:
boot-noscript = Coup wymaga JavaScriptu i WebAssembly.

## Uczciwe rozdanie (docs/FAIR-DEAL.md)
option-fair = Uczciwe rozdanie
option-fair-hint = Tylko ludzie, bez botów: każdy gracz po kolei tasuje karty i nikt, łącznie z gospodarzem, nie widzi karty, której nie powinien.
settings-fair = Uczciwe rozdanie: każdy gracz tasuje, tylko ludzie
fair-title = Uczciwe rozdanie
fair-shuffling = Tasowanie: { $done } z { $all }
fair-fingerprint = Klucz stołu: { $print }
fair-fingerprint-hint = Każdy gracz widzi ten sam klucz; porównajcie go podczas rozmowy.
fair-examined = Pokazane tobie: { $cards }
fair-verdict-waiting = Zapis zostanie sprawdzony, gdy dotrą sekrety wszystkich graczy.
fair-verdict-fair = Ta gra była uczciwa.
fair-verdict-false-denial = Ta gra nie była uczciwa: { $name } twierdzi, że nie może udowodnić deklaracji, mając tę kartę.
fair-verdict-false-concession = Ta gra nie była uczciwa: { $name } ustępuje, nie mając Księcia.
fair-verdict-wrong-deck = Ta gra nie była uczciwa: karty nie były talią.
fair-verdict-referee = Ta gra nie była uczciwa: strona gospodarza nie stosowała zasad.
fair-verdict-equivocation = Ta gra nie była uczciwa: strona gospodarza wysłała graczowi { $name } inną grę niż tej stronie.
fair-verdict-closed = Tej gry nie dało się sprawdzić: jedna karta pozostała zamknięta.
fair-verdict-cut-short = { $count ->
    [0] Gra skończyła się przed czasem: każdy ruch sprawdzano na bieżąco i nie została żadna niesprawdzona odpowiedź.
    [one] Gra skończyła się przed czasem: każdy ruch sprawdzano na bieżąco; jedno „nie mogę udowodnić” pozostaje niesprawdzone, bo karty, których dotyczyło, pozostają zamknięte.
    [few] Gra skończyła się przed czasem: każdy ruch sprawdzano na bieżąco; { $count } odpowiedzi „nie mogę udowodnić” pozostają niesprawdzone, bo karty, których dotyczyły, pozostają zamknięte.
    [many] Gra skończyła się przed czasem: każdy ruch sprawdzano na bieżąco; { $count } odpowiedzi „nie mogę udowodnić” pozostaje niesprawdzonych, bo karty, których dotyczyły, pozostają zamknięte.
   *[other] Gra skończyła się przed czasem: każdy ruch sprawdzano na bieżąco; { $count } odpowiedzi „nie mogę udowodnić” pozostaje niesprawdzonych, bo karty, których dotyczyły, pozostają zamknięte.
}
fair-verdict-sealed = Ktoś wyszedł z kartami w ręce, więc na końcu żadna karta się nie otwiera: każdy ruch sprawdzano na bieżąco; niesprawdzone „nie mogę udowodnić”: { $count }.
fair-ask-prove = Twoja deklaracja jest sprawdzana: odpowiedz swoimi kartami.
fair-ask-show = Wybierz kartę do pokazania Inkwizytorowi.
fair-ask-keep = Wybierz karty do zatrzymania.
fair-ask-pick = Wybierz ze swojego zestawu kartę do zatrzymania.
fair-title-prove = Ktoś cię sprawdza
fair-prove = Pokaż: { $card }
fair-cannot-prove = Nie mogę udowodnić
fair-concede = Ustępuję (mam Księcia)
fair-show-hand = Pokaż rękę (bez Księcia)
fair-lose = Poświęć: { $card }
fair-show = Pokaż: { $card }
fair-pick = Zatrzymaj: { $card }
fair-keep = Zatrzymaj: { $cards }
fair-answer-not-asked = Teraz nikt cię o nic nie pyta.
fair-answer-refused = Twój stół odrzucił tę odpowiedź.

## The first screen's options, each with what it does.
option-inquisitor-hint = Inkwizytor zastępuje Ambasadora: wymień jedną kartę albo podejrzyj kartę rywala.
option-reformation-hint = Lojaliści i Reformiści: nie możesz celować we własną stronę; zmiana strony kosztuje monety.
option-draft-hint = Dwóch graczy: każdy wybiera kartę z zestawu pięciu; w grze jest siedem kart.

## Where you finished, at the end of a game.
place-won = Wygrywasz: 1. miejsce na { $count }.
place-finished = Zajmujesz { $place }. miejsce na { $count }.

## The guide to a first game against bots.
guide-label = Przewodnik po pierwszej grze
guide-step = { $n } z { $count }
guide-cards = To twoje karty: twoje wpływy. Gdy stracisz obie, odpadasz.
guide-coins = Twoje monety i twoje akcje: w swojej turze wybierz jedną.
guide-claims = Akcja może powoływać się na postać, nawet taką, której nie masz. Każdy może ją zakwestionować: kto się myli, traci kartę.
guide-log = Dziennik mówi, co się stało i kto na co się powołał.
guide-next = Dalej
guide-skip = Pomiń
guide-done = Rozumiem

## Reactions to chat lines.
react-add = Dodaj reakcję
react-with = Zareaguj: { $emoji }
chat-error-no-such-line = Tej wiadomości nie ma już w dzienniku.
