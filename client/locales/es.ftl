### Coup: las palabras que lee un jugador, en español. Los mismos mensajes y argumentos
### que en.ftl (ver sus notas); al jugador se le tutea.

## Piezas comunes

-one-coin-or-more = { $n ->
    [one] { $n } moneda
   *[other] { $n } monedas
}
coins = { $n ->
            [one] { $n } moneda
           *[other] { $n } monedas
        }
you = Tú
seat-open = Asiento { $n }
list-and = { $a } y { $b }

## Cartas y bandos

card-name = { $card ->
    [duke] Duque
    [assassin] Asesino
    [captain] Capitán
    [ambassador] Embajador
    [contessa] Condesa
   *[inquisitor] Inquisidor
}
card-a = { $card ->
    [duke] un Duque
    [assassin] un Asesino
    [captain] un Capitán
    [ambassador] un Embajador
    [contessa] una Condesa
    [inquisitor] un Inquisidor
   *[hidden] una carta
}
card-the = { $card ->
    [duke] el Duque
    [assassin] el Asesino
    [captain] el Capitán
    [ambassador] el Embajador
    [contessa] la Condesa
    [inquisitor] el Inquisidor
   *[hidden] la carta
}
no-duke = ningún Duque
claim-no-duke = no tener ningún Duque
side-name = { $side ->
    [loyalist] Leal
   *[reformist] Reformista
}
ability = { $card ->
    [duke] Impuestos: toma 3. Bloquea la Ayuda exterior.
    [assassin] Paga 3: un jugador pierde una carta.
    [captain] Roba 2. Bloquea el robo.
    [ambassador] Intercambia 2. Bloquea el robo.
    [contessa] Bloquea el asesinato.
   *[inquisitor] Intercambia 1 o examina. Bloquea el robo.
}

## Acciones (R4, R7)

action-title = { $action ->
    [income] Ingresos
    [foreign_aid] Ayuda exterior
    [coup] Golpe de Estado
    [tax] Impuestos
    [assassinate] Asesinar
    [steal] Robar
    [exchange] Intercambiar
    [examine] Examinar
    [convert] Convertir
   *[embezzle] Malversar
}
action-effect = { $action ->
    [income] toma 1 moneda
    [foreign_aid] toma 2 monedas; cualquier Duque puede bloquear
    [coup] paga 7: un jugador pierde una carta, sin defensa
    [tax] toma 3 monedas
    [assassinate] paga 3: un jugador pierde una carta; la Condesa bloquea
    [steal] toma 2 monedas de un jugador; el Capitán o el Embajador bloquean
    [steal-inquisitor] toma 2 monedas de un jugador; el Capitán o el Inquisidor bloquean
    [exchange] roba 2 cartas, quédate con las que quieras
    [exchange-one] roba 1 carta, quédate con las que quieras
    [examine] mira una carta de un jugador, quizá haz que la cambie
    [convert] paga 1 para cambiar de bando, 2 para cambiar el de otro
   *[embezzle] toma todas las monedas de la Reserva
}
action-claim = declara { $card }: { $effect }
action-claim-no-duke = declara no tener Duque: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Robar a { $target }
    [coup] Golpe contra { $target }
    [assassinate] Asesinar a { $target }
    [examine] Examinar a { $target }
   *[convert] Convertir a { $target }
}

## Decisiones

input-pass = Pasar
input-challenge = Desafiar
input-block = Bloquear con { $card }
input-lose = Perder { $card }
input-keep = Quedarse { $cards }
input-show = Mostrar { $card }
input-give-back = Devolvérsela
input-force-exchange = Hacer que la cambie
input-draft = Elegir { $card }
input-side = Ser { $side }

hint-challenge = Di que { $claimant } miente. Si es así, pierde una carta; si no, la pierdes tú.
hint-challenge-embezzle = Di que { $claimant } tiene un Duque. Si es así, pierde una carta; si no, la pierdes tú.
hint-challenge-both = Si pierdes, el asesinato aún puede llevarse otra: tus dos cartas.
hint-block = Declara { $card } para detenerlo; cualquiera puede desafiarlo.
hint-block-both = Si te pillan mintiendo, pierdes tus dos cartas.
hint-pass-block = Dejar el bloqueo.
hint-pass = Dejar que ocurra.
hint-lose = Pon tu { $card } boca arriba; ya no cuenta.
hint-show = Solo quien examina la ve.
hint-give-back = Se queda la carta.
hint-force-exchange = Roba una carta nueva y devuelve esta.
hint-draft = La otra carta se reparte al azar.
hint-side = Los demás alternan a partir de ti.

## El registro de declaraciones

claim-for-action = { $card } para { $action }
claim-to-block = { $card } para bloquear
claim-outcome = { $outcome ->
    [pending] esperando respuesta
    [shown] desafiado: era verdad
    [lost] desafiado: un farol, descubierto
    [true] nadie desafió: era verdad
    [false] nadie desafió: un farol que funcionó
   *[unchallenged] nadie desafió
}
refusal-stale = Demasiado tarde: esa decisión ya pasó.
refusal-fair = El reparto justo rechazó ese mensaje.

## Notas sobre la mesa

note-joined = { $name } se ha unido a la mesa
note-left = { $name } ha dejado la mesa
note-returned = { $name } ha vuelto
note-kicked = El anfitrión ha quitado a { $name }
note-host-moved = La página del anfitrión dejó la mesa; la mesa sigue ahora en la página de { $name }
note-stand-in = { $seat-you ->
    [yes] Un bot juega por ti por ahora
   *[no] Un bot juega por { $seat } por ahora
}
note-fair-refused = { $seat-you ->
    [yes] Tu página envió un registro que no supera la comprobación: pierdes la partida justa
   *[no] La página de { $seat } envió un registro que no supera la comprobación: pierde la partida justa
}
note-fair-stalled = { $seat-you ->
    [yes] Tu página no envió lo que debía durante demasiado tiempo: pierdes la partida justa
   *[no] La página de { $seat } no envió lo que debía durante demasiado tiempo: pierde la partida justa
}
note-fair-left = { $seat-you ->
    [yes] Dejaste la partida justa: tus cartas salen de la partida boca abajo, sin que nadie las vea, y la partida sigue
   *[no] { $seat } dejó la partida justa: sus cartas salen de la partida boca abajo, sin que nadie las vea, y la partida sigue
}
note-fair-left-end = { $seat-you ->
    [yes] Dejaste la partida justa: quedan muy pocos jugadores para reconstruir tu clave, la partida termina
   *[no] { $seat } dejó la partida justa: quedan muy pocos jugadores para reconstruir su clave, la partida termina
}
note-fair-fault = La partida justa se detuvo: { $seat-you ->
    [yes] tu respuesta
   *[no] la respuesta de { $seat }
} no se sostuvo
note-fair-fault-stream = La partida justa se detuvo: el registro no siguió las reglas
note-timed-out = { $seat-you ->
    [yes] Se te acabó el tiempo
   *[no] A { $seat } se le acabó el tiempo
}: { $kind ->
    [window] cuenta como pasar
    [turn] un bot jugó el turno
   *[choice] un bot eligió
}

## El registro: una frase por suceso

log-turn = { $seat-you ->
    [yes] — Tu turno —
   *[no] — Turno de { $seat } —
}
log-draft-picked = { $seat-you ->
    [yes] Eliges { $card } en el draft
   *[no] { $seat } elige { $card } en el draft
}
log-draft-dealt = { $seat-you ->
    [yes] Recibes { $card }
   *[no] { $seat } recibe { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Eliges ser { $side }
   *[no] { $seat } elige ser { $side }
}
log-income = { $actor-you ->
    [yes] Tomas Ingresos: { -one-coin-or-more(n: 1) }
   *[no] { $actor } toma Ingresos: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] Pides Ayuda exterior
   *[no] { $actor } pide Ayuda exterior
}
log-coup = { $actor-you ->
    [yes] Das un golpe de Estado contra { $target }
   *[no] { $actor } da un golpe de Estado contra { $target-you ->
        [yes] ti
       *[no] { $target }
    }
}
purpose = { $action ->
    [tax] cobrar Impuestos
    [assassinate] { $target-you ->
        [yes] asesinarte
       *[no] asesinar a { $target }
    }
    [steal] { $target-you ->
        [yes] robarte
       *[no] robar a { $target }
    }
    [exchange] intercambiar con la Corte
    [examine] { $target-you ->
        [yes] examinarte
       *[no] examinar a { $target }
    }
    [convert-self] pasarse al otro bando
    [convert] { $target-you ->
        [yes] convertirte
       *[no] convertir a { $target }
    }
   *[embezzle] malversar la Reserva
}
log-claims = { $actor-you ->
    [yes] Declaras { $claim } para { $purpose }
   *[no] { $actor } declara { $claim } para { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Eliges { $purpose }
   *[no] { $actor } elige { $purpose }
}
log-paying = { $line } (pagando { $paid ->
            [one] { $paid } moneda
           *[other] { $paid } monedas
        })
log-early-block = { $seat-you ->
    [yes] Bloqueas de inmediato, declarando { $card }
   *[no] { $seat } bloquea de inmediato, declarando { $card }
}
log-block = { $seat-you ->
    [yes] Bloqueas, declarando { $card }
   *[no] { $seat } bloquea, declarando { $card }
}
log-challenge = { $challenger-you ->
    [yes] Desafías a { $claimant } ({ $claim })
   *[no] { $challenger } { $claimant-you ->
        [yes] te desafía ({ $claim })
       *[no] desafía a { $claimant } ({ $claim })
    }
}
challenged-no-duke = ningún Duque
log-proved = { $seat-you ->
    [yes] Muestras { $card } — la declaración se mantiene
   *[no] { $seat } muestra { $card } — la declaración se mantiene
}
log-showed-hand = { $seat-you ->
    [yes] Muestras una mano de { $cards }
   *[no] { $seat } muestra una mano de { $cards }
}
log-disproved = { $seat-you ->
    [yes] Ibas de farol — { $what }
   *[no] { $seat } iba de farol — { $what }
}
no-card = ningún { $card }
duke-after-all = sí tenía un Duque
log-refunded = { $seat-you ->
    [yes] Recuperas { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        }
   *[no] { $seat } recupera { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        }
}
log-drew = { $seat-you ->
    [yes] Robas { $card }
   *[no] { $seat } roba { $card }
}
log-drew-hidden = { $seat-you ->
    [yes] Robas { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }
   *[no] { $seat } roba { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }
}
log-court-shuffled = Se baraja el mazo de la Corte
log-lost-influence = { $seat-you ->
    [yes] Pierdes una influencia: { $card }
   *[no] { $seat } pierde una influencia: { $card }
}
log-eliminated = { $seat-you ->
    [yes] Quedas fuera de la partida
   *[no] { $seat } queda fuera de la partida
}
log-lost-face-down = { $seat-you ->
    [yes] Pierdes una influencia boca abajo
   *[no] { $seat } pierde una influencia boca abajo
}
log-action-blocked = { $seat-you ->
    [yes] Tu acción queda bloqueada
   *[no] La acción de { $seat } queda bloqueada
}
log-gained = { $seat-you ->
    [yes] Tomas { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        }
   *[no] { $seat } toma { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        }
}
log-stole = { $actor-you ->
    [yes] Robas { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } a { $target }
   *[no] { $actor } { $target-you ->
        [yes] te roba { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        }
       *[no] roba { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } a { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] Malversas { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } de la Reserva
   *[no] { $seat } malversa { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } de la Reserva
}
log-converted-self = { $seat-you ->
    [yes] Te vuelves { $side }
   *[no] { $seat } se vuelve { $side }
}
log-converted = { $actor-you ->
    [yes] Conviertes a { $target } en { $side }
   *[no] { $actor } { $target-you ->
        [yes] te convierte en { $side }
       *[no] convierte a { $target } en { $side }
    }
}
log-exchanged = { $seat-you ->
    [yes] Intercambias con la Corte
   *[no] { $seat } intercambia con la Corte
}
log-exchanged-returning = { $seat-you ->
    [yes] Intercambias con la Corte y devuelves { $cards }
   *[no] { $seat } intercambia con la Corte y devuelve { $cards }
}
log-shown = { $actor-you ->
    [yes] Le muestras { $card } a { $target }
   *[no] { $actor } { $target-you ->
        [yes] te muestra { $card }
       *[no] le muestra { $card } a { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] Le devuelves la carta a { $target }
   *[no] { $actor } { $target-you ->
        [yes] te devuelve tu carta
       *[no] le devuelve la carta a { $target }
    }
}
log-forced-exchange = { $actor-you ->
    [yes] Haces que { $target } cambie { $card }
   *[no] { $actor } hace que { $target-you ->
        [yes] cambies
       *[no] { $target } cambie
    } { $card }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] Tu { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } vuelve al Tesoro
       *[other] Tus { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } vuelven al Tesoro
    }
   *[no] { $coins ->
        [one] La { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } de { $seat } vuelve al Tesoro
       *[other] Las { $coins ->
            [one] { $coins } moneda
           *[other] { $coins } monedas
        } de { $seat } vuelven al Tesoro
    }
}
log-game-over = { $seat-you ->
    [yes] ¡Ganas la partida!
   *[no] ¡{ $seat } gana la partida!
}

## Las reglas (según docs/RULES.md), en HTML

rules-html =
    <h3>Tu turno</h3><p>Todos empiezan con 2 cartas ocultas (tu influencia) y 2 monedas. En tu turno haz una acción. Cualquier acción puede ser un farol: puedes declarar un personaje que no tienes. Con 10 monedas debes dar un Golpe de Estado.</p>
    <h3>Acciones que cualquiera puede hacer</h3><p>Ingresos: toma 1 moneda; nadie puede impedirlo. Ayuda exterior: toma 2 monedas; un Duque puede bloquearla. Golpe de Estado: paga 7 monedas y elige a un jugador, que pierde una carta; nadie puede impedirlo. Con 10 monedas o más, tu acción debe ser un Golpe de Estado.</p>
    <h3>Desafíos</h3><p>Cuando alguien declara un personaje, cualquiera puede desafiarlo. Si lo tiene, lo muestra, lo cambia por una carta nueva y quien desafió pierde una carta. Si no, el mentiroso pierde una carta y la acción falla.</p>
    <h3>Bloqueos</h3><p>Un Duque bloquea la Ayuda exterior; una Condesa bloquea un asesinato; un Capitán o un Embajador (el Inquisidor, si está en juego) bloquea el robo. Un bloqueo también es una declaración: puede desafiarse.</p>
    <h3>Perder</h3><p>Al perder influencia eliges una carta oculta y la pones boca arriba. Sin cartas ocultas quedas fuera. Gana el último jugador con una carta oculta. Cuidado: el objetivo de un asesinato que desafía y pierde, o que bloquea con una Condesa descubierta, puede perder sus dos cartas en un turno.</p>
    <h3>Reforma</h3><p>Leales y Reformistas no pueden dar un Golpe, asesinar, robar ni examinar a su propio bando, ni bloquear su Ayuda exterior, hasta que todos estén en un bando. Convertir paga 1 moneda (2 por otro) a la Reserva para cambiar un bando; Malversar declara no tener Duque y toma la Reserva.</p>

## La página como aplicación

language = Idioma
update-ready = Hay una nueva versión lista.
update-reload = Recargar
offline-note = Estás sin conexión. Las partidas contra bots funcionan; las salas necesitan la red.

## El marco de la página

tagline = un juego de faroles, en tu navegador
credit = Coup y Coup: Reforma son juegos de Rikki Tahta, publicados por Indie Boards & Cards. Esta es una adaptación no oficial, sin relación con ellos.
contacting-relay = Contactando con el relé…
restoring-place = Recuperando tu sitio…
loading-table = Cargando la mesa…
loading-table-retry = La mesa aún no se pudo cargar; reintentando…
cancel = Cancelar
new-room = Crear una sala nueva
dismiss = Cerrar

## La primera pantalla

rejoin-were-playing = Estabas jugando en la sala { $code } como { $name }.
rejoin-room = Volver a la sala { $code }
hero-title = Miente. Desafía. Sobrevive.
hero-line = Juego de cartas y faroles para 2–10 jugadores. Con amigos por un enlace, o contra bots ya.
your-name = Tu nombre
optional = Opcional
name-optional = Opcional. Sin él, los demás ven un nombre como «Jugador K7».
name-seen = Los demás te ven con este nombre.
play-with-friends = Jugar con amigos
create-room = Crear una sala
join-friends = Unirse a amigos
join-invited = Te han invitado: pulsa Unirse.
join-type-code = Escribe el código de la sala.
join = Unirse

## Ajustes

players = Jugadores
bots = Bots
bot-level = Nivel de los bots
seats = Asientos
turn-timer = Tiempo por turno
more-options = Más opciones
option-inquisitor = Inquisidor
option-reformation = Reforma
option-draft = Draft a dos jugadores
level-name = { $level ->
    [easy] Fácil
    [hard] Difícil
   *[normal] Normal
}
timer-none = sin límite
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n ->
    [one] { $n } asiento
   *[other] { $n } asientos
}
settings-inquisitor = Inquisidor en lugar de Embajador
settings-ambassador = Embajador (sin Inquisidor)
settings-reformation = Reforma: bandos y la Reserva del Tesoro
settings-turn-timer = Tiempo por turno: { $timer }
settings-bots = Bots: { $level }
settings-locked = Sala cerrada: nadie nuevo puede entrar

## Chat

chat = Chat
chat-empty = Aún no hay mensajes. ¡Saluda!
chat-placeholder = Escribe algo…
send = Enviar
ignored-from-host = Se ignoró un mensaje del anfitrión: { $error }

## Una sala

the-host = El anfitrión
a-player = Un jugador
room-code = Código de la sala
you-host = Eres el anfitrión de esta sala
you-joined = Te has unido
leave-room = Salir de la sala
who-is-here = Quién está aquí
create-room-hint = Abre una sala y después mándales la invitación.
rematch-by-host = El anfitrión puede volver a repartir.
connecting-to-host = Conectando con el anfitrión…
waiting-for-start = Esperando a que el anfitrión empiece la partida…
watching-full = Estás mirando: todos los asientos están ocupados. El anfitrión puede darte un asiento.
watcher-waiting = { $name } está mirando: todos los asientos están ocupados.
seat-watcher = Dar asiento a { $name }
waiting-for-players = Esperando jugadores… envíales la invitación.
everyone-can-chat = Todos aquí pueden chatear.
link-you = tú
link-open = conectado
link-connecting = conectando…
link-away = ausente
seat-away = Ausente
seat-away-stand-in = Ausente · un bot juega en { $n } s
seat-away-leaves = Ausente · deja la partida en { $n } s
seat-stand-in = Ausente · un bot juega por ahora
seat-left-fair = Ha dejado la partida
link-via-host = a través del anfitrión
link-watching = { " " }· mirando
badge-host = anfitrión
invite = Invitar
invite-qr = Código QR de la invitación
invite-hint = Envía este enlace o deja que escaneen el código: abre el juego con la sala ya puesta.
invite-link = Enlace de invitación
copied = Copiado
copy-link = Copiar el enlace
share = Compartir…
share-title = Juega a Coup conmigo
add-bot = Añadir un bot
start-game = Empezar la partida
open-seats-hint = Los asientos libres se llenan con bots de este nivel al empezar la partida.
lock-room = Cerrar la sala: nadie nuevo puede entrar
level-bot = bot { $level }
seat-kind-open = libre
seat-kind-player = jugador
remove-bot = Quitar este bot
remove = Quitar
remove-ask = ¿Quitar a { $name } de la sala?

## La mesa

leave = Salir
back-to-start = Volver al inicio
leave-ask = ¿Salir?
leave-yes = Sí, salir
leave-pass-on = Salir — la mesa pasa a la página de otro jugador
stay = Quedarse
play-bots = Jugar contra bots
play-bots-hint = Empieza ya, tú solo, contra jugadores del ordenador.
dealing = Repartiendo…
table-log = Registro de la mesa
claims = Declaraciones
reserve = Reserva
court = Corte
mode-draft = Draft
rules-cards = Reglas y cartas
how-to-play = Cómo se juega
close = Cerrar
this-table = Esta mesa: { $inquisitor ->
    [yes] Inquisidor en lugar de Embajador
   *[no] Embajador
}{ $reformation ->
    [yes] , Reforma
   *[no] {""}
}. Turnos { $turns }, respuestas { $answers }, elecciones { $choices }.
your-cards = Tus cartas
whose-claims = Declaraciones de quién
no-claims-yet = Nadie ha hecho una declaración todavía.
no-claims-player = Este jugador aún no ha hecho declaraciones.
everyone = Todos
seconds-left = { $n ->
    [one] queda { $n } segundo
   *[other] quedan { $n } segundos
}
seconds-short = { $n } s
seat-out = fuera
card-lost = { $card }, perdida
lost = perdida
hidden-card = carta oculta
card-lost-face-down = una carta perdida boca abajo

## Decisiones y el final de la partida

you-win = ¡Ganas!
wins = Gana { $name }
believe-it = ¿Te lo crees?
block-it = ¿Bloquear?
believe-block = ¿Te crees el bloqueo?
you-lose-influence = Pierdes una influencia
choose-card-up = Elige la carta que pones boca arriba.
you-drew = Has robado { $cards }. Elige las cartas que te quedas.
you-are-examined = Te examinan
choose-card-show = Elige la carta que le muestras a { $name }.
examine-decide = { $name } te muestra { $card }. ¿Dejar que se la quede, o hacer que la cambie por una nueva?
draft-hint = Elige una carta en secreto; la otra se reparte al azar.
choose-side = Elige tu bando
choose-side-hint = Leales y Reformistas no pueden atacar a su propio bando hasta que todos estén en uno.
you-are-out = Estás fuera.
watch-the-rest = Mira el resto: al final se muestran todas las manos.
you-are-watching = Estás mirando esta partida. Podrás jugar la siguiente.
waiting-for = Esperando a { $names }…
your-turn = Tu turno
must-coup = Con 10 monedas o más debes dar un Golpe de Estado.
whom = { $action }: ¿a quién?
back = Atrás
aim-line = { $effect }. Toca un asiento marcado con una mira, o elige abajo.
aim-line-click = { $effect }. Haz clic en un asiento marcado con una mira, o elige abajo.
dealt = recibió { $a } y { $b }
bluffs = Faroles
caught = Pillados
challenges-won-lost = Desafíos ganados–perdidos
truth-true = verdad
truth-bluff = farol
rematch = Revancha
back-to-lobby = Volver a la sala
game-over = Fin de la partida
every-hand = Todas las manos
player = Jugador
cards = Cartas
coins-over-game = Las monedas durante la partida
every-claim = Todas las declaraciones, y si eran verdad
no-claims-game = Nadie hizo una declaración en esta partida.
chart-legend = El color de cada jugador
title-your-move = ● Te toca — Coup
sound = Sonido
sound-name = Sonido cuando te toca decidir y la página está en segundo plano

## Lo que leen las tecnologías de apoyo

keys-help = Teclas: P pasar, C desafiar, B bloquear, T tiempo restante
your-decision = Tu decisión: { $title }
time-left-mine = { $n ->
    [one] queda { $n } segundo para decidir
   *[other] quedan { $n } segundos para decidir
}
time-none-mine = Tu decisión no tiene límite de tiempo
time-left-theirs = Esperando a { $names }: { $n ->
    [one] queda { $n } segundo
   *[other] quedan { $n } segundos
}
seat-holding = tiene { $cards }
seat-hidden = { $n ->
    [one] { $n } carta oculta
   *[other] { $n } cartas ocultas
}
seat-lost = perdió { $cards }
seat-your-turn = tu turno
seat-their-turn = su turno
seat-deciding = decidiendo
seat-answering = le estás respondiendo
see-table = Ver la mesa
coins-chart = Las monedas de cada jugador, turno a turno
rules-dialog = Reglas y cartas

## Lo que se rechazó o salió mal

refusal-rate-limited = Demasiados mensajes: más despacio.
refusal-not-joined = Todavía no te has unido a la mesa.
refusal-already-joined = Ya te uniste a esta mesa.
refusal-table-full = La mesa está llena.
refusal-not-host = Solo el anfitrión puede hacer eso.
refusal-no-game = No hay ninguna partida en curso.
refusal-not-seated = Estás mirando, no jugando.
refusal-not-your-seat = El asiento { $asked } no es tuyo (el tuyo es el asiento { $yours }).
intent-not-legal = Esa no es una de tus opciones ahora.
illegal-game-over = La partida ha terminado.
illegal-no-such-seat = Ese asiento no existe en esta partida.
illegal-not-your-turn = Ahora no tienes ninguna decisión pendiente.
illegal-already-answered = Ya has respondido.
illegal-wrong-decision = Eso no responde a la decisión que se pide.
illegal-not-available = Esa acción no está en juego en esta partida.
illegal-must-coup = Con 10 monedas o más debes dar un Golpe de Estado.
illegal-cannot-afford = No tienes suficientes monedas para eso.
illegal-empty-reserve = La Reserva del Tesoro está vacía.
illegal-bad-target = Ese jugador no puede ser el objetivo.
illegal-nothing-to-steal = Para robar hace falta un objetivo con al menos una moneda.
illegal-same-allegiance = Ese jugador es de tu bando.
illegal-cannot-block = No puedes bloquear ahora, o no con esa carta.
illegal-cannot-challenge = Ahora no hay ninguna afirmación que desafiar.
illegal-no-such-card = No tienes esa carta oculta.
illegal-card-not-in-use = Esa carta no se usa en esta partida.
illegal-bad-keep = Quédate con tantas cartas como tenías ocultas, de entre las que tienes y las que robaste.
illegal-other = Las reglas no lo permiten.
table-error-game-in-progress = No mientras se juega una partida.
table-error-no-game = Solo mientras se juega una partida.
table-error-not-finished = No hay ninguna partida terminada que repetir.
table-error-seat-count = Una mesa tiene de 2 a 10 asientos.
table-error-no-such-seat = No hay asiento { $seat }.
table-error-no-such-member = Esa persona ya no está en la mesa.
table-error-draft-needs-two = El draft a dos jugadores necesita exactamente dos asientos.
table-error-timers = Un temporizador está fuera de los límites.
table-error-kick-host = El anfitrión no puede dejar su propia mesa.
table-error-seat-taken = Durante una partida solo se puede ocupar el asiento de un bot, y solo un espectador.
table-error-held-another-seat = Durante una partida solo puedes recuperar el asiento que tenías.
table-error-only-bot = Durante una partida una persona solo puede ser sustituida por un bot.
table-error-fair-no-bots = El reparto justo solo sienta a personas: sin bots.
table-error-fair-needs-people = El reparto justo necesita una persona en cada asiento, al menos dos.
table-error-fair-seat = No durante una partida justa: cada asiento hace falta hasta el final.
table-error-fair-unavailable = El código del reparto justo aún no se ha podido cargar: revisa la conexión e inténtalo de nuevo.
table-error-deal = No se pudo repartir la partida: { $detail }
fatal-version = Esta mesa usa la versión { $host } del protocolo y la tuya la { $yours }: recarga la página.
fatal-kicked = El anfitrión te sacó de la mesa.
fatal-replaced = Tu asiento se recuperó desde otra pestaña u otro dispositivo.
fatal-locked = La mesa está cerrada a los recién llegados.
name-error-empty = Escribe un nombre.
name-error-too-long = Un nombre tiene como máximo { $max } caracteres.
name-error-control = Un nombre no puede contener saltos de línea ni caracteres de control.
name-error-invisible = Un nombre no puede contener caracteres invisibles o que cambien la dirección del texto.
name-error-impersonates = Un nombre no puede leerse como «Tú», un bot o un asiento («Bot 2», «Asiento 3»).
chat-error-empty = El mensaje está vacío.
chat-error-too-long = Un mensaje tiene como máximo { $max } caracteres.
chat-error-rate-limited = Demasiados mensajes: espera un momento.
wire-too-large = El mensaje tiene { $size } bytes; el límite es { $limit }.
wire-version = El mensaje usa la versión { $theirs } del protocolo; esta página usa la { $ours }.
wire-malformed = El mensaje no es válido: { $detail }
guest-error-not-welcomed = El anfitrión envió la partida antes de darnos la bienvenida.
guest-error-log-order = Las entradas del registro del anfitrión llegaron desordenadas.
guest-error-wrong-seat = La actualización del anfitrión era para otro asiento.
guest-error-implausible = El anfitrión envió una entrada del registro que ningún anfitrión honesto envía.
guest-error-reveal = El relato del final de la partida que dio el anfitrión no encaja con la partida.
guest-error-fair = Un registro del reparto justo enviado por el anfitrión no superó la comprobación.
guest-error-fair-rules = La página del anfitrión transmitió una jugada que las reglas no producen. Esta página no envía nada por ella.
guest-error-fair-two-games = La página del anfitrión mostró a esta página dos partidas distintas. Esta página no envía nada más en esta partida.
guest-error-parts = El estado de la mesa llegó del anfitrión en partes que no encajan.
guest-error-recovery = El anfitrión envió una copia de respaldo de la mesa que esta página no puede guardar.
relay-error-no-such-room = No hay ninguna sala con ese código.
relay-error-room-full = Esa sala está llena.
relay-error-rate-limited = Demasiados intentos; espera un minuto y vuelve a intentarlo.
relay-error-server-full = El relé está lleno ahora mismo; inténtalo más tarde.
relay-error-already-in-room = Ya estás en una sala.
relay-error-not-in-room = No estás en ninguna sala.
relay-error-unknown-peer = Ese jugador se ha ido.
relay-error-bad-secret = No se pudo recuperar la sala.
relay-error-too-large = Un mensaje era demasiado grande para el relé.
relay-error-bad-message = El relé no entendió un mensaje.
relay-error-not-host = Solo el anfitrión de la sala puede hacer eso.
relay-error-banned = El anfitrión de esa sala te sacó de ella.
room-closed-host-left = Se cerró la sala: el anfitrión se fue.
room-closed-host-late = Se cerró la sala: el anfitrión no volvió a tiempo.
room-closed = Se cerró la sala: { $reason }

## La conexión, tal como la cuentan los avisos de la página

player-tag = Jugador { $tag }
player-default = Jugador
not-connected = Todavía no hay conexión con el anfitrión.
connection-host-away = Se cortó la conexión del anfitrión; esperando a que vuelva…
connection-reconnecting = Reconectando…
connection-offline = Estás sin conexión. Tu asiento se conserva; tus decisiones esperan a que vuelva la conexión.
connection-host-silent = La página del anfitrión dejó de responder. Tu asiento se conserva; tus decisiones esperan a que vuelva a responder.
decisions-paused = Sin conexión: esta decisión espera a que vuelva el enlace con el anfitrión.
connection-relay = Reconectando con el relé…
ended-host-gone = El anfitrión no volvió, así que esta partida ha terminado.
notice-not-restored = Tu mesa no se pudo recuperar después de recargar ({ $why }); se dejó a un lado.
notice-table-stopped = La mesa se detuvo: { $why }
notice-reclaim-failed = No se pudo recuperar la sala { $code }: { $why }
notice-handed-over = Esta página estuvo ausente demasiado tiempo, así que la mesa sigue ahora en la página de otro jugador. Vuelves a ella como jugador, en tu asiento.
notice-passed-on = Saliste de la sala; la mesa sigue sin ti en la página de otro jugador.
notice-rejoin-failed = No se pudo volver a la sala { $code }: { $why }
notice-room-gone = La sala { $code } ya no existe: { $why } Crea una sala nueva para volver a jugar.
notice-room-moved = El relé se reinició y perdió esta sala, así que tiene un código nuevo: { $code }. Los jugadores de aquí ya lo saben; la partida sigue.
notice-relay-garbage = Se ignoró un mensaje erróneo del relé: { $what }.
notice-bad-signal = Se ignoró una señal errónea de { $name }: { $error }
notice-odd-signal = Se ignoró una señal inesperada de { $name }.
notice-link-failed = Falló la conexión con { $name }: { $why }
notice-link-closed = Se cerró la conexión con { $name }.
notice-seat-lost = Tu asiento en la sala { $code } ya no es tuyo: se le dio a otro o la partida siguió.
notice-no-relay = No se pudo contactar con el relé. Revisa tu conexión y vuelve a intentarlo.
notice-tab-copy = Esta pestaña es una copia de otra que guarda tu sitio: empieza de cero.
notice-relay-failed = No se pudo contactar con el relé: { $error }
notice-send-failed = No se pudo enviar: { $error }
notice-referee-failed = No se pudo contactar con el árbitro: { $error }
notice-referee-garbage = Se ignoró un mensaje erróneo del árbitro: { $what }
notice-relay-closed = El relé cerró la conexión ({ $code }): { $reason }
relay-closed-going-away = El relé se está reiniciando. Mientras tanto, la mesa sigue jugando sin él.
relay-closed-replaced = La sala se abrió de nuevo en otra página, que ocupó su lugar en el relé.
relay-closed-policy = El relé cerró la conexión: demasiados mensajes, o leídos demasiado despacio.
relay-closed-too-big = El relé cerró la conexión: un mensaje era demasiado grande.
relay-closed-protocol = El relé cerró la conexión: no pudo leer lo que envió esta página.
relay-closed-try-later = El relé tiene ahora demasiadas conexiones desde tu red.
link-no-path = no hay ruta de red entre los dos navegadores
# A link whose heartbeat stopped; $seconds is how long nothing arrived.
link-silent = no llegó nada en { $seconds } segundos
link-gone = salió de la sala (su página se cerró o perdió la red)

## When two browsers cannot reach each other

link-failure-title = Tu navegador y el del anfitrión no logran conectarse
link-why-no-call = La página del anfitrión nunca respondió: puede estar cerrada, suspendida o desactualizada.
link-why-both-relayed = Ambos navegadores llegaron al relé TURN de este servidor y aun así no encontraron camino. Es poco común.
link-why-turn-unreachable = Este servidor tiene un relé TURN, pero tu navegador no pudo llegar a él: tu red parece bloquearlo.
link-why-host-turn-unreachable = Este servidor tiene un relé TURN, pero el navegador del anfitrión no pudo llegar a él: su red parece bloquearlo.
link-why-no-turn = Este servidor no tiene relé TURN, y tu red y la del anfitrión necesitan uno para conectarse.
link-why-no-stun = Este servidor no ofrece servidores STUN ni TURN, así que los navegadores solo se encuentran en la misma red.
link-failure-cause = Esto suele deberse a una red móvil o a un cortafuegos estricto, que impiden que los navegadores se conecten directamente.
link-failure-help = Lo que ayuda: ambos en la misma Wi-Fi, o un servidor con relé TURN.
link-failure-guide = Cómo montar un servidor con TURN
link-failure-trying = Mientras tanto, esta página sigue intentándolo.
link-failure-retry = Reintentar
notice-cannot-reach = No se puede conectar con { $name }: tu navegador y el suyo no logran conectarse. { $why } Ninguna de las dos páginas puede arreglarlo; la misma Wi-Fi para ambos, o un servidor con relé TURN, ayudaría.
host-why-no-call = La página de { $name } nunca respondió.
host-why-both-relayed = Ambos navegadores llegaron al relé TURN de este servidor y aun así no encontraron camino (poco común).
host-why-turn-unreachable = Este servidor tiene un relé TURN, pero tu navegador no pudo llegar a él.
host-why-guest-turn-unreachable = Este servidor tiene un relé TURN, pero el navegador de { $name } no pudo llegar a él.
host-why-no-turn = Este servidor no tiene relé TURN, y tu red y la de { $name } necesitan uno.
host-why-no-stun = Este servidor no ofrece servidores STUN ni TURN, así que los navegadores solo se encuentran en la misma red.
referee-no-load = el worker del árbitro no pudo cargarse
net-relay-closed = la conexión con el relé está cerrada
net-channel-closed = el canal de datos no está abierto
net-no-page = esta página no tiene { $what }
net-bad-relay-url = la dirección del relé «{ $url }» no es una URL ws:// o wss:// ni una ruta

## Antes de que arranque el programa de la página (index.html, rellenado al compilar)

boot-failed = Coup no pudo arrancar:
boot-noscript = Coup necesita JavaScript y WebAssembly.

## Fair deal (docs/FAIR-DEAL.md)
option-fair = Reparto justo
option-fair-hint = Solo personas, sin bots: cada jugador baraja las cartas por turno y nadie, ni siquiera el anfitrión, puede ver una carta que no le toca.
settings-fair = Reparto justo: todos barajan, solo personas
fair-title = Reparto justo
fair-shuffling = Barajando: { $done } de { $all }
fair-fingerprint = Clave de la mesa: { $print }
fair-fingerprint-hint = Todos ven la misma clave; comparadla en una llamada.
fair-examined = Te mostraron: { $cards }
fair-verdict-waiting = El registro se comprueba en cuanto llega el secreto de cada jugador.
fair-verdict-fair = Esta partida fue justa.
fair-verdict-false-denial = Esta partida no fue justa: { $name } dijo que no podía demostrar una afirmación teniendo la carta.
fair-verdict-false-concession = Esta partida no fue justa: { $name } cedió sin tener un Duque.
fair-verdict-wrong-deck = Esta partida no fue justa: las cartas no eran la baraja.
fair-verdict-referee = Esta partida no fue justa: la página del anfitrión no aplicó las reglas.
fair-verdict-equivocation = Esta partida no fue justa: la página del anfitrión envió a { $name } una partida distinta de la de esta página.
fair-verdict-closed = No se pudo comprobar esta partida: una carta quedó cerrada.
fair-verdict-cut-short = { $count ->
    [0] La partida terminó antes de su final: cada jugada se comprobó al llegar y no queda ninguna respuesta sin comprobar.
    [one] La partida terminó antes de su final: cada jugada se comprobó al llegar; un «no puedo probarlo» queda sin comprobar, porque las cartas en cuestión siguen cerradas.
   *[other] La partida terminó antes de su final: cada jugada se comprobó al llegar; { $count } «no puedo probarlo» quedan sin comprobar, porque las cartas en cuestión siguen cerradas.
}
fair-verdict-sealed = Alguien se fue con cartas en la mano, así que al final no se abre ninguna carta: cada jugada se comprobó al llegar; «no puedo probarlo» sin comprobar: { $count }.
fair-ask-prove = Han desafiado tu afirmación: responde con tus cartas.
fair-ask-show = Elige la carta que muestras al Inquisidor.
fair-ask-keep = Elige las cartas que te quedas.
fair-ask-pick = Elige la carta de tu juego que te quedas.
fair-title-prove = Te desafían
fair-prove = Mostrar: { $card }
fair-cannot-prove = No puedo demostrarlo
fair-concede = Ceder (tengo un Duque)
fair-show-hand = Mostrar mi mano (sin Duque)
fair-lose = Perder: { $card }
fair-show = Mostrar: { $card }
fair-pick = Quedarme: { $card }
fair-keep = Quedarme: { $cards }
fair-answer-not-asked = Ahora no se te pide nada.
fair-answer-refused = Tu mesa rechazó esa respuesta.

## The first screen's options, each with what it does.
option-inquisitor-hint = El Inquisidor sustituye al Embajador: cambia una carta o mira la de un rival.
option-reformation-hint = Leales y reformistas: no puedes atacar a tu propio bando; cambiar de bando cuesta monedas.
option-draft-hint = Dos jugadores: cada uno elige una carta entre cinco; siete cartas en juego.

## Where you finished, at the end of a game.
place-won = Ganaste: 1.º de { $count }.
place-finished = Terminaste en el puesto { $place }.º de { $count }.

## The guide to a first game against bots.
guide-label = Guía de la primera partida
guide-step = { $n } de { $count }
guide-cards = Estas son tus cartas: tu influencia. Si pierdes las dos, quedas fuera.
guide-coins = Tus monedas y tus acciones: en tu turno, elige una.
guide-claims = Una acción puede declarar un personaje, aunque no lo tengas. Cualquiera puede desafiar: quien se equivoca pierde una carta.
guide-log = El registro cuenta lo que pasó y quién declaró qué.
guide-next = Siguiente
guide-skip = Saltar
guide-done = Entendido

## Reactions to chat lines.
react-add = Añadir una reacción
react-with = Reaccionar con { $emoji }
chat-error-no-such-line = Ese mensaje ya no está en el registro.
