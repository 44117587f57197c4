### Coup: as palavras que um jogador lê, em português do Brasil. As mesmas mensagens e
### argumentos de en.ftl (veja as notas de lá); o jogador é tratado por "você".

## Peças comuns

-one-coin-or-more = { $n ->
    [one] { $n } moeda
   *[other] { $n } moedas
}
coins = { $n ->
            [one] { $n } moeda
           *[other] { $n } moedas
        }
you = Você
seat-open = Lugar { $n }
list-and = { $a } e { $b }

## Cartas e lados

card-name = { $card ->
    [duke] Duque
    [assassin] Assassino
    [captain] Capitão
    [ambassador] Embaixador
    [contessa] Condessa
   *[inquisitor] Inquisidor
}
card-a = { $card ->
    [duke] um Duque
    [assassin] um Assassino
    [captain] um Capitão
    [ambassador] um Embaixador
    [contessa] uma Condessa
    [inquisitor] um Inquisidor
   *[hidden] uma carta
}
card-the = { $card ->
    [duke] o Duque
    [assassin] o Assassino
    [captain] o Capitão
    [ambassador] o Embaixador
    [contessa] a Condessa
    [inquisitor] o Inquisidor
   *[hidden] a carta
}
no-duke = nenhum Duque
claim-no-duke = não ter Duque
side-name = { $side ->
    [loyalist] Legalista
   *[reformist] Reformista
}
ability = { $card ->
    [duke] Imposto: pegue 3. Bloqueia a Ajuda Externa.
    [assassin] Pague 3: um jogador perde uma carta.
    [captain] Extorque 2. Bloqueia a extorsão.
    [ambassador] Troca 2. Bloqueia a extorsão.
    [contessa] Bloqueia o assassinato.
   *[inquisitor] Troca 1 ou investiga. Bloqueia a extorsão.
}

## Ações (R4, R7)

action-title = { $action ->
    [income] Renda
    [foreign_aid] Ajuda Externa
    [coup] Golpe de Estado
    [tax] Imposto
    [assassinate] Assassinar
    [steal] Extorquir
    [exchange] Trocar
    [examine] Investigar
    [convert] Converter
   *[embezzle] Desviar
}
action-effect = { $action ->
    [income] pegue 1 moeda
    [foreign_aid] pegue 2 moedas; qualquer Duque pode bloquear
    [coup] pague 7: um jogador perde uma carta, sem defesa
    [tax] pegue 3 moedas
    [assassinate] pague 3: um jogador perde uma carta; a Condessa bloqueia
    [steal] pegue 2 moedas de um jogador; o Capitão ou o Embaixador bloqueiam
    [steal-inquisitor] pegue 2 moedas de um jogador; o Capitão ou o Inquisidor bloqueiam
    [exchange] compre 2 cartas, fique com as que quiser
    [exchange-one] compre 1 carta, fique com as que quiser
    [examine] veja uma carta de um jogador, talvez o faça trocá-la
    [convert] pague 1 para mudar de lado, 2 para mudar o de outro
   *[embezzle] pegue todas as moedas da Reserva
}
action-claim = declare { $card }: { $effect }
action-claim-no-duke = declare não ter Duque: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Extorquir { $target }
    [coup] Golpe contra { $target }
    [assassinate] Assassinar { $target }
    [examine] Investigar { $target }
   *[convert] Converter { $target }
}

## Decisões

input-pass = Passar
input-challenge = Contestar
input-block = Bloquear com { $card }
input-lose = Perder { $card }
input-keep = Ficar com { $cards }
input-show = Mostrar { $card }
input-give-back = Devolver
input-force-exchange = Fazer trocar
input-draft = Escolher { $card }
input-side = Ser { $side }

hint-challenge = Diga que { $claimant } está blefando. Se estiver, perde uma carta; se não, você perde.
hint-challenge-embezzle = Diga que { $claimant } tem um Duque. Se tiver, perde uma carta; se não, você perde.
hint-challenge-both = Se perder, o assassinato ainda pode levar outra: suas duas cartas.
hint-block = Declare { $card } para impedir; qualquer um pode contestar.
hint-block-both = Pego blefando, você perde suas duas cartas.
hint-pass-block = Deixar o bloqueio valer.
hint-pass = Deixar acontecer.
hint-lose = Vire seu { $card } para cima; ele não conta mais.
hint-show = Só quem investiga a vê.
hint-give-back = Ele fica com a carta.
hint-force-exchange = Ele compra uma carta nova e devolve esta.
hint-draft = A outra carta é dada ao acaso.
hint-side = Os outros alternam a partir de você.

## O registro de declarações

claim-for-action = { $card } para { $action }
claim-to-block = { $card } para bloquear
claim-outcome = { $outcome ->
    [pending] aguardando resposta
    [shown] contestado: era verdade
    [lost] contestado: um blefe, descoberto
    [true] ninguém contestou: era verdade
    [false] ninguém contestou: um blefe que deu certo
   *[unchallenged] ninguém contestou
}
refusal-stale = Tarde demais: essa decisão já passou.
refusal-fair = A distribuição justa recusou essa mensagem.

## Avisos sobre a mesa

note-joined = { $name } entrou na mesa
note-left = { $name } saiu da mesa
note-returned = { $name } voltou
note-kicked = O anfitrião removeu { $name }
note-host-moved = A página do anfitrião saiu da mesa; a mesa agora continua na página de { $name }
note-stand-in = { $seat-you ->
    [yes] Um bot joga por você por enquanto
   *[no] Um bot joga por { $seat } por enquanto
}
note-fair-refused = { $seat-you ->
    [yes] Sua página enviou um registro que não passa na verificação: você perde o jogo justo
   *[no] A página de { $seat } enviou um registro que não passa na verificação: { $seat } perde o jogo justo
}
note-fair-stalled = { $seat-you ->
    [yes] Sua página não enviou o que devia por tempo demais: você perde o jogo justo
   *[no] A página de { $seat } não enviou o que devia por tempo demais: { $seat } perde o jogo justo
}
note-fair-left = { $seat-you ->
    [yes] Você saiu do jogo justo: suas cartas saem do jogo viradas para baixo, sem que ninguém as veja, e o jogo continua
   *[no] { $seat } saiu do jogo justo: as cartas saem do jogo viradas para baixo, sem que ninguém as veja, e o jogo continua
}
note-fair-left-end = { $seat-you ->
    [yes] Você saiu do jogo justo: restam poucos jogadores para reconstruir sua chave, o jogo termina
   *[no] { $seat } saiu do jogo justo: restam poucos jogadores para reconstruir a chave, o jogo termina
}
note-fair-fault = O jogo justo parou: { $seat-you ->
    [yes] sua resposta
   *[no] a resposta de { $seat }
} não se sustentou
note-fair-fault-stream = O jogo justo parou: o registro não seguiu as regras
note-timed-out = { $seat-you ->
    [yes] Seu tempo acabou
   *[no] O tempo de { $seat } acabou
}: { $kind ->
    [window] isso conta como passar
    [turn] um bot jogou o turno
   *[choice] um bot escolheu
}

## O histórico: uma frase por acontecimento

log-turn = { $seat-you ->
    [yes] — Sua vez —
   *[no] — Vez de { $seat } —
}
log-draft-picked = { $seat-you ->
    [yes] Você escolhe { $card } no draft
   *[no] { $seat } escolhe { $card } no draft
}
log-draft-dealt = { $seat-you ->
    [yes] Você recebe { $card }
   *[no] { $seat } recebe { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Você escolhe ser { $side }
   *[no] { $seat } escolhe ser { $side }
}
log-income = { $actor-you ->
    [yes] Você pega Renda: { -one-coin-or-more(n: 1) }
   *[no] { $actor } pega Renda: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] Você pede Ajuda Externa
   *[no] { $actor } pede Ajuda Externa
}
log-coup = { $actor-you ->
    [yes] Você dá um golpe de Estado contra { $target }
   *[no] { $actor } dá um golpe de Estado contra { $target-you ->
        [yes] você
       *[no] { $target }
    }
}
purpose = { $action ->
    [tax] cobrar Imposto
    [assassinate] { $target-you ->
        [yes] assassinar você
       *[no] assassinar { $target }
    }
    [steal] { $target-you ->
        [yes] extorquir você
       *[no] extorquir { $target }
    }
    [exchange] trocar com a Corte
    [examine] { $target-you ->
        [yes] investigar você
       *[no] investigar { $target }
    }
    [convert-self] mudar para o outro lado
    [convert] { $target-you ->
        [yes] converter você
       *[no] converter { $target }
    }
   *[embezzle] desviar a Reserva
}
log-claims = { $actor-you ->
    [yes] Você declara { $claim } para { $purpose }
   *[no] { $actor } declara { $claim } para { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Você escolhe { $purpose }
   *[no] { $actor } escolhe { $purpose }
}
log-paying = { $line } (pagando { $paid ->
            [one] { $paid } moeda
           *[other] { $paid } moedas
        })
log-early-block = { $seat-you ->
    [yes] Você bloqueia de imediato, declarando { $card }
   *[no] { $seat } bloqueia de imediato, declarando { $card }
}
log-block = { $seat-you ->
    [yes] Você bloqueia, declarando { $card }
   *[no] { $seat } bloqueia, declarando { $card }
}
log-challenge = { $challenger-you ->
    [yes] Você contesta { $claimant } ({ $claim })
   *[no] { $challenger } contesta { $claimant-you ->
        [yes] você
       *[no] { $claimant }
    } ({ $claim })
}
challenged-no-duke = nenhum Duque
log-proved = { $seat-you ->
    [yes] Você mostra { $card } — a declaração vale
   *[no] { $seat } mostra { $card } — a declaração vale
}
log-showed-hand = { $seat-you ->
    [yes] Você mostra uma mão de { $cards }
   *[no] { $seat } mostra uma mão de { $cards }
}
log-disproved = { $seat-you ->
    [yes] Você estava blefando — { $what }
   *[no] { $seat } estava blefando — { $what }
}
no-card = nenhum { $card }
duke-after-all = tinha um Duque, afinal
log-refunded = { $seat-you ->
    [yes] Você recebe { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de volta
   *[no] { $seat } recebe { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de volta
}
log-drew = { $seat-you ->
    [yes] Você compra { $card }
   *[no] { $seat } compra { $card }
}
log-drew-hidden = { $seat-you ->
    [yes] Você compra { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }
   *[no] { $seat } compra { $count ->
        [one] 1 carta
       *[other] { $count } cartas
    }
}
log-court-shuffled = O baralho da Corte é embaralhado
log-lost-influence = { $seat-you ->
    [yes] Você perde uma influência: { $card }
   *[no] { $seat } perde uma influência: { $card }
}
log-eliminated = { $seat-you ->
    [yes] Você está fora do jogo
   *[no] { $seat } está fora do jogo
}
log-lost-face-down = { $seat-you ->
    [yes] Você perde uma influência virada para baixo
   *[no] { $seat } perde uma influência virada para baixo
}
log-action-blocked = { $seat-you ->
    [yes] Sua ação é bloqueada
   *[no] A ação de { $seat } é bloqueada
}
log-gained = { $seat-you ->
    [yes] Você pega { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        }
   *[no] { $seat } pega { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        }
}
log-stole = { $actor-you ->
    [yes] Você extorque { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de { $target }
   *[no] { $actor } extorque { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de { $target-you ->
        [yes] você
       *[no] { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] Você desvia { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } da Reserva
   *[no] { $seat } desvia { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } da Reserva
}
log-converted-self = { $seat-you ->
    [yes] Você vira { $side }
   *[no] { $seat } vira { $side }
}
log-converted = { $actor-you ->
    [yes] Você converte { $target } em { $side }
   *[no] { $actor } converte { $target-you ->
        [yes] você
       *[no] { $target }
    } em { $side }
}
log-exchanged = { $seat-you ->
    [yes] Você troca com a Corte
   *[no] { $seat } troca com a Corte
}
log-exchanged-returning = { $seat-you ->
    [yes] Você troca com a Corte e devolve { $cards }
   *[no] { $seat } troca com a Corte e devolve { $cards }
}
log-shown = { $actor-you ->
    [yes] Você mostra { $card } a { $target }
   *[no] { $actor } mostra { $card } a { $target-you ->
        [yes] você
       *[no] { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] Você devolve a carta de { $target }
   *[no] { $actor } devolve { $target-you ->
        [yes] sua carta
       *[no] a carta de { $target }
    }
}
log-forced-exchange = { $actor-you ->
    [yes] Você faz { $target } trocar { $card }
   *[no] { $actor } faz { $target-you ->
        [yes] você
       *[no] { $target }
    } trocar { $card }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] Sua { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } volta ao Tesouro
       *[other] Suas { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } voltam ao Tesouro
    }
   *[no] { $coins ->
        [one] A { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de { $seat } volta ao Tesouro
       *[other] As { $coins ->
            [one] { $coins } moeda
           *[other] { $coins } moedas
        } de { $seat } voltam ao Tesouro
    }
}
log-game-over = { $seat-you ->
    [yes] Você venceu o jogo!
   *[no] { $seat } venceu o jogo!
}

## As regras (conforme docs/RULES.md), em HTML

rules-html =
    <h3>Sua vez</h3><p>Todos começam com 2 cartas escondidas (sua influência) e 2 moedas. Na sua vez, faça uma ação. Qualquer ação pode ser um blefe: você pode declarar um personagem que não tem. Com 10 moedas, você deve dar um Golpe de Estado.</p>
    <h3>Ações que qualquer um pode fazer</h3><p>Renda: pegue 1 moeda; ninguém pode impedir. Ajuda Externa: pegue 2 moedas; um Duque pode bloquear. Golpe de Estado: pague 7 moedas e escolha um jogador, que perde uma carta; ninguém pode impedir. Com 10 moedas ou mais, sua ação tem de ser um Golpe de Estado.</p>
    <h3>Contestações</h3><p>Quando alguém declara um personagem, qualquer um pode contestar. Se tiver, mostra, troca por uma carta nova e quem contestou perde uma carta. Se não, quem blefou perde uma carta e a ação falha.</p>
    <h3>Bloqueios</h3><p>Um Duque bloqueia a Ajuda Externa; uma Condessa bloqueia um assassinato; um Capitão ou Embaixador (o Inquisidor, quando em jogo) bloqueia a extorsão. Um bloqueio também é uma declaração: pode ser contestado.</p>
    <h3>Perder</h3><p>Ao perder influência, você escolhe uma carta escondida para virar. Sem cartas escondidas, você está fora. Vence o último jogador com uma carta escondida. Cuidado: o alvo de um assassinato que contesta e perde, ou que bloqueia com uma Condessa descoberta, pode perder as duas cartas num só turno.</p>
    <h3>Reforma</h3><p>Legalistas e Reformistas não podem dar Golpe, assassinar, extorquir nem investigar o próprio lado, nem bloquear sua Ajuda Externa, até que todos estejam do mesmo lado. Converter paga 1 moeda (2 por outra pessoa) à Reserva para mudar um lado; Desviar declara não ter Duque e pega a Reserva.</p>

## A página como aplicativo

language = Idioma
update-ready = Uma nova versão está pronta.
update-reload = Recarregar
offline-note = Você está offline. Partidas contra bots funcionam; as salas precisam da rede.

## A moldura da página

tagline = um jogo de blefe, no seu navegador
credit = Coup e Coup: Reforma são jogos de Rikki Tahta, publicados pela Indie Boards & Cards. Esta é uma adaptação não oficial, sem ligação com eles.
contacting-relay = Contatando o relay…
restoring-place = Recuperando seu lugar…
loading-table = Carregando a mesa…
loading-table-retry = Ainda não foi possível carregar a mesa; tentando de novo…
cancel = Cancelar
new-room = Criar uma nova sala
dismiss = Fechar

## A primeira tela

rejoin-were-playing = Você estava jogando na sala { $code } como { $name }.
rejoin-room = Voltar à sala { $code }
hero-title = Blefe. Conteste. Sobreviva.
hero-line = Jogo de cartas e blefe para 2 a 10 jogadores. Com amigos por um link, ou contra bots já.
your-name = Seu nome
optional = Opcional
name-optional = Opcional. Sem ele, os outros veem um nome como “Jogador K7”.
name-seen = Os outros veem você com este nome.
play-with-friends = Jogar com amigos
create-room = Criar uma sala
join-friends = Entrar com amigos
join-invited = Você foi convidado: toque em Entrar.
join-type-code = Digite o código da sala.
join = Entrar

## Configurações

players = Jogadores
bots = Bots
bot-level = Nível dos bots
seats = Lugares
turn-timer = Tempo por turno
more-options = Mais opções
option-inquisitor = Inquisidor
option-reformation = Reforma
option-draft = Draft para dois
level-name = { $level ->
    [easy] Fácil
    [hard] Difícil
   *[normal] Normal
}
timer-none = sem limite
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n ->
    [one] { $n } lugar
   *[other] { $n } lugares
}
settings-inquisitor = Inquisidor no lugar do Embaixador
settings-ambassador = Embaixador (sem Inquisidor)
settings-reformation = Reforma: lados e a Reserva do Tesouro
settings-turn-timer = Tempo por turno: { $timer }
settings-bots = Bots: { $level }
settings-locked = Sala trancada: ninguém novo pode entrar

## Chat

chat = Chat
chat-empty = Nenhuma mensagem ainda. Diga oi!
chat-placeholder = Diga alguma coisa…
send = Enviar
ignored-from-host = Mensagem do anfitrião ignorada: { $error }

## Uma sala

the-host = O anfitrião
a-player = Um jogador
room-code = Código da sala
you-host = Você é o anfitrião desta sala
you-joined = Você entrou
leave-room = Sair da sala
who-is-here = Quem está aqui
create-room-hint = Abra uma sala e depois mande o convite para eles.
rematch-by-host = O anfitrião pode distribuir de novo.
connecting-to-host = Conectando ao anfitrião…
waiting-for-start = Esperando o anfitrião começar o jogo…
watching-full = Você está assistindo: todos os lugares estão ocupados. O anfitrião pode te dar um lugar.
watcher-waiting = { $name } está assistindo: todos os lugares estão ocupados.
seat-watcher = Dar um lugar a { $name }
waiting-for-players = Esperando jogadores… mande o convite para eles.
everyone-can-chat = Todos aqui podem conversar.
link-you = você
link-open = conectado
link-connecting = conectando…
link-away = ausente
seat-away = Ausente
seat-away-stand-in = Ausente · um bot joga em { $n } s
seat-away-leaves = Ausente · sai do jogo em { $n } s
seat-stand-in = Ausente · um bot joga por enquanto
seat-left-fair = Saiu da partida
link-via-host = pelo anfitrião
link-watching = { " " }· assistindo
badge-host = anfitrião
invite = Convidar
invite-qr = QR code do convite
invite-hint = Mande este link ou deixe escanearem o código: ele abre o jogo com a sala já preenchida.
invite-link = Link do convite
copied = Copiado
copy-link = Copiar o link
share = Compartilhar…
share-title = Jogue Coup comigo
add-bot = Adicionar um bot
start-game = Começar o jogo
open-seats-hint = Lugares vagos são preenchidos com bots deste nível quando o jogo começa.
lock-room = Trancar a sala: ninguém novo pode entrar
level-bot = bot { $level }
seat-kind-open = vago
seat-kind-player = jogador
remove-bot = Remover este bot
remove = Remover
remove-ask = Remover { $name } da sala?

## A mesa

leave = Sair
back-to-start = Voltar ao início
leave-ask = Sair?
leave-yes = Sim, sair
leave-pass-on = Sair — a mesa passa para a página de outro jogador
stay = Ficar
play-bots = Jogar contra bots
play-bots-hint = Comece já, sozinho, contra jogadores do computador.
dealing = Distribuindo…
table-log = Histórico da mesa
claims = Declarações
reserve = Reserva
court = Corte
mode-draft = Draft
rules-cards = Regras e cartas
how-to-play = Como jogar
close = Fechar
this-table = Esta mesa: { $inquisitor ->
    [yes] Inquisidor no lugar do Embaixador
   *[no] Embaixador
}{ $reformation ->
    [yes] , Reforma
   *[no] {""}
}. Turnos { $turns }, respostas { $answers }, escolhas { $choices }.
your-cards = Suas cartas
whose-claims = Declarações de quem
no-claims-yet = Ninguém fez uma declaração ainda.
no-claims-player = Este jogador ainda não fez declarações.
everyone = Todos
seconds-left = { $n ->
    [one] falta { $n } segundo
   *[other] faltam { $n } segundos
}
seconds-short = { $n } s
seat-out = fora
card-lost = { $card }, perdida
lost = perdida
hidden-card = carta escondida
card-lost-face-down = uma carta perdida virada para baixo

## Decisões e o fim do jogo

you-win = Você venceu!
wins = { $name } venceu
believe-it = Você acredita?
block-it = Bloquear?
believe-block = Você acredita no bloqueio?
you-lose-influence = Você perde uma influência
choose-card-up = Escolha a carta para virar.
you-drew = Você comprou { $cards }. Escolha as cartas que fica.
you-are-examined = Você está sendo investigado
choose-card-show = Escolha a carta para mostrar a { $name }.
examine-decide = { $name } mostra { $card } para você. Deixar que fique com ela, ou fazer trocar por uma nova?
draft-hint = Escolha uma carta em segredo; a outra é dada ao acaso.
choose-side = Escolha seu lado
choose-side-hint = Legalistas e Reformistas não podem atacar o próprio lado até que todos estejam em um só.
you-are-out = Você está fora.
watch-the-rest = Assista ao resto: no fim, todas as mãos são mostradas.
you-are-watching = Você está assistindo a este jogo. Poderá jogar o próximo.
waiting-for = Esperando { $names }…
your-turn = Sua vez
must-coup = Com 10 moedas ou mais, você deve dar um Golpe de Estado.
whom = { $action }: quem?
back = Voltar
aim-line = { $effect }. Toque num lugar marcado com uma mira, ou escolha abaixo.
aim-line-click = { $effect }. Clique num lugar marcado com uma mira, ou escolha abaixo.
dealt = recebeu { $a } e { $b }
bluffs = Blefes
caught = Pegos
challenges-won-lost = Contestações ganhas–perdidas
truth-true = verdade
truth-bluff = blefe
rematch = Revanche
back-to-lobby = Voltar à sala
game-over = Fim de jogo
every-hand = Todas as mãos
player = Jogador
cards = Cartas
coins-over-game = As moedas ao longo do jogo
every-claim = Todas as declarações, e se eram verdade
no-claims-game = Ninguém fez uma declaração nesta partida.
chart-legend = A cor de cada jogador
title-your-move = ● Sua vez — Coup
sound = Som
sound-name = Som quando uma decisão é sua e a página está em segundo plano

## O que as tecnologias assistivas leem

keys-help = Teclas: P passar, C contestar, B bloquear, T tempo restante
your-decision = Sua decisão: { $title }
time-left-mine = { $n ->
    [one] falta { $n } segundo para decidir
   *[other] faltam { $n } segundos para decidir
}
time-none-mine = Sua decisão não tem limite de tempo
time-left-theirs = Esperando { $names }: { $n ->
    [one] falta { $n } segundo
   *[other] faltam { $n } segundos
}
seat-holding = tem { $cards }
seat-hidden = { $n ->
    [one] { $n } carta escondida
   *[other] { $n } cartas escondidas
}
seat-lost = perdeu { $cards }
seat-your-turn = sua vez
seat-their-turn = vez dele
seat-deciding = decidindo
seat-answering = você está respondendo a ele
see-table = Ver a mesa
coins-chart = As moedas de cada jogador, turno a turno
rules-dialog = Regras e cartas

## O que foi recusado ou deu errado

refusal-rate-limited = Mensagens demais: vá mais devagar.
refusal-not-joined = Você ainda não entrou na mesa.
refusal-already-joined = Você já entrou nesta mesa.
refusal-table-full = A mesa está cheia.
refusal-not-host = Só o anfitrião pode fazer isso.
refusal-no-game = Não há nenhum jogo em andamento.
refusal-not-seated = Você está assistindo, não jogando.
refusal-not-your-seat = O lugar { $asked } não é seu (o seu é o lugar { $yours }).
intent-not-legal = Essa não é uma das suas opções agora.
illegal-game-over = O jogo acabou.
illegal-no-such-seat = Esse lugar não existe neste jogo.
illegal-not-your-turn = Você não tem nenhuma decisão a tomar agora.
illegal-already-answered = Você já respondeu.
illegal-wrong-decision = Isso não responde à decisão pedida.
illegal-not-available = Essa ação não está em jogo nesta partida.
illegal-must-coup = Com 10 moedas ou mais você precisa dar um Golpe de Estado.
illegal-cannot-afford = Você não tem moedas suficientes para isso.
illegal-empty-reserve = A Reserva do Tesouro está vazia.
illegal-bad-target = Esse jogador não pode ser o alvo.
illegal-nothing-to-steal = Para extorquir, o alvo precisa ter pelo menos uma moeda.
illegal-same-allegiance = Esse jogador é do seu lado.
illegal-cannot-block = Você não pode bloquear agora, ou não com essa carta.
illegal-cannot-challenge = Não há nenhuma alegação para contestar agora.
illegal-no-such-card = Você não tem essa carta escondida.
illegal-card-not-in-use = Essa carta não é usada nesta partida.
illegal-bad-keep = Fique com tantas cartas quantas tinha escondidas, entre as que tem e as que comprou.
illegal-other = As regras não permitem isso.
table-error-game-in-progress = Não durante um jogo.
table-error-no-game = Só durante um jogo.
table-error-not-finished = Não há nenhum jogo terminado para repetir.
table-error-seat-count = Uma mesa tem de 2 a 10 lugares.
table-error-no-such-seat = Não existe o lugar { $seat }.
table-error-no-such-member = Essa pessoa não está mais na mesa.
table-error-draft-needs-two = O draft para dois precisa de exatamente dois lugares.
table-error-timers = Um cronômetro está fora dos limites.
table-error-kick-host = O anfitrião não pode sair da própria mesa.
table-error-seat-taken = Durante um jogo só o lugar de um bot pode ser ocupado, e por um espectador.
table-error-held-another-seat = Durante um jogo você só pode retomar o lugar que ocupava.
table-error-only-bot = Durante um jogo uma pessoa só pode ser substituída por um bot.
table-error-fair-no-bots = A distribuição justa só aceita pessoas: sem bots.
table-error-fair-needs-people = A distribuição justa precisa de uma pessoa em cada lugar, pelo menos duas.
table-error-fair-seat = Não durante um jogo justo: cada lugar é necessário até o fim.
table-error-fair-unavailable = O código da distribuição justa ainda não pôde ser carregado: confira a conexão e tente de novo.
table-error-deal = Não foi possível distribuir o jogo: { $detail }
fatal-version = Esta mesa usa a versão { $host } do protocolo, e a sua a { $yours }: recarregue a página.
fatal-kicked = O anfitrião tirou você da mesa.
fatal-replaced = Seu lugar foi retomado de outra aba ou outro aparelho.
fatal-locked = A mesa está fechada para quem chega.
name-error-empty = Digite um nome.
name-error-too-long = Um nome tem no máximo { $max } caracteres.
name-error-control = Um nome não pode ter quebras de linha nem caracteres de controle.
name-error-invisible = Um nome não pode ter caracteres invisíveis ou que mudam a direção do texto.
name-error-impersonates = Um nome não pode ser lido como “Você”, um bot ou um lugar (“Bot 2”, “Lugar 3”).
chat-error-empty = A mensagem está vazia.
chat-error-too-long = Uma mensagem tem no máximo { $max } caracteres.
chat-error-rate-limited = Mensagens demais: espere um pouco.
wire-too-large = A mensagem tem { $size } bytes; o limite é { $limit }.
wire-version = A mensagem usa a versão { $theirs } do protocolo; esta página usa a { $ours }.
wire-malformed = A mensagem não é válida: { $detail }
guest-error-not-welcomed = O anfitrião mandou o jogo antes de nos dar as boas-vindas.
guest-error-log-order = As entradas do histórico do anfitrião chegaram fora de ordem.
guest-error-wrong-seat = A atualização do anfitrião era para outro lugar.
guest-error-implausible = O anfitrião mandou uma entrada de histórico que nenhum anfitrião honesto manda.
guest-error-reveal = O relato do fim do jogo mandado pelo anfitrião não bate com o jogo.
guest-error-fair = Um registro da distribuição justa mandado pelo anfitrião não passou na verificação.
guest-error-fair-rules = A página do anfitrião repassou uma jogada que as regras não produzem. Esta página não envia nada por ela.
guest-error-fair-two-games = A página do anfitrião mostrou a esta página duas partidas diferentes. Esta página não envia mais nada nesta partida.
guest-error-parts = O estado da mesa chegou do anfitrião em partes que não se encaixam.
guest-error-recovery = O anfitrião enviou uma cópia de segurança da mesa que esta página não consegue guardar.
relay-error-no-such-room = Não há nenhuma sala com esse código.
relay-error-room-full = Essa sala está cheia.
relay-error-rate-limited = Tentativas demais; espere um minuto e tente de novo.
relay-error-server-full = O relay está cheio agora; tente mais tarde.
relay-error-already-in-room = Você já está em uma sala.
relay-error-not-in-room = Você não está em nenhuma sala.
relay-error-unknown-peer = Esse jogador saiu.
relay-error-bad-secret = Não foi possível retomar a sala.
relay-error-too-large = Uma mensagem era grande demais para o relay.
relay-error-bad-message = O relay não entendeu uma mensagem.
relay-error-not-host = Só o anfitrião da sala pode fazer isso.
relay-error-banned = O anfitrião dessa sala tirou você dela.
room-closed-host-left = A sala foi fechada: o anfitrião saiu.
room-closed-host-late = A sala foi fechada: o anfitrião não voltou a tempo.
room-closed = A sala foi fechada: { $reason }

## A conexão, como os avisos da página contam

player-tag = Jogador { $tag }
player-default = Jogador
not-connected = Ainda não conectado ao anfitrião.
connection-host-away = A conexão do anfitrião caiu; esperando que ele volte…
connection-reconnecting = Reconectando…
connection-offline = Você está offline. Seu lugar está guardado; suas decisões esperam a conexão voltar.
connection-host-silent = A página do anfitrião parou de responder. Seu lugar está guardado; suas decisões esperam até ela responder de novo.
decisions-paused = Sem conexão: esta decisão espera o link com o anfitrião voltar.
connection-relay = Reconectando ao relay…
ended-host-gone = O anfitrião não voltou, então este jogo acabou.
notice-not-restored = Não foi possível retomar sua mesa depois de recarregar ({ $why }); ela foi deixada de lado.
notice-table-stopped = A mesa parou: { $why }
notice-reclaim-failed = Não foi possível retomar a sala { $code }: { $why }
notice-handed-over = Esta página ficou ausente por tempo demais, então a mesa agora roda na página de outro jogador. Você volta a ela como jogador, no seu lugar.
notice-passed-on = Você saiu da sala; a mesa continua sem você na página de outro jogador.
notice-rejoin-failed = Não foi possível voltar à sala { $code }: { $why }
notice-room-gone = A sala { $code } não existe mais: { $why } Crie uma nova sala para jogar de novo.
notice-room-moved = O relay reiniciou e perdeu esta sala, então ela tem um novo código: { $code }. Os jogadores daqui foram avisados; o jogo continua.
notice-relay-garbage = Uma mensagem errada do relay foi ignorada: { $what }.
notice-bad-signal = Um sinal errado de { $name } foi ignorado: { $error }
notice-odd-signal = Um sinal inesperado de { $name } foi ignorado.
notice-link-failed = A conexão com { $name } falhou: { $why }
notice-link-closed = A conexão com { $name } foi fechada.
notice-seat-lost = Seu lugar na sala { $code } não é mais seu: ele foi dado a outra pessoa ou o jogo seguiu.
notice-no-relay = Não foi possível falar com o relay. Verifique sua conexão e tente de novo.
notice-tab-copy = Esta aba é uma cópia de outra que guarda o seu lugar: ela começa do zero.
notice-relay-failed = Não foi possível falar com o relay: { $error }
notice-send-failed = Não foi possível enviar: { $error }
notice-referee-failed = Não foi possível falar com o árbitro: { $error }
notice-referee-garbage = Uma mensagem errada do árbitro foi ignorada: { $what }
notice-relay-closed = O relay fechou a conexão ({ $code }): { $reason }
relay-closed-going-away = O relay está reiniciando. Enquanto isso, a mesa continua sem ele.
relay-closed-replaced = A sala foi aberta de novo em outra página, que tomou o lugar dela no relay.
relay-closed-policy = O relay fechou a conexão: mensagens demais, ou lidas devagar demais.
relay-closed-too-big = O relay fechou a conexão: uma mensagem era grande demais.
relay-closed-protocol = O relay fechou a conexão: não conseguiu ler o que esta página enviou.
relay-closed-try-later = O relay tem conexões demais da sua rede agora.
link-no-path = nenhum caminho de rede entre os dois navegadores
# A link whose heartbeat stopped; $seconds is how long nothing arrived.
link-silent = nada chegou em { $seconds } segundos
link-gone = saiu da sala (a página foi fechada ou perdeu a rede)

## When two browsers cannot reach each other

link-failure-title = Seu navegador e o do anfitrião não conseguem se conectar
link-why-no-call = A página do anfitrião nunca respondeu: pode estar fechada, suspensa ou desatualizada.
link-why-both-relayed = Os dois navegadores alcançaram o relay TURN deste servidor e mesmo assim não acharam caminho. Isso é raro.
link-why-turn-unreachable = Este servidor tem um relay TURN, mas seu navegador não conseguiu alcançá-lo: sua rede parece bloqueá-lo.
link-why-host-turn-unreachable = Este servidor tem um relay TURN, mas o navegador do anfitrião não conseguiu alcançá-lo: a rede dele parece bloqueá-lo.
link-why-no-turn = Este servidor não tem relay TURN, e a sua rede e a do anfitrião precisam de um para se conectar.
link-why-no-stun = Este servidor não oferece servidor STUN nem TURN, então os navegadores só se encontram na mesma rede.
link-failure-cause = Isso costuma vir de uma rede móvel ou de um firewall rígido, que impedem os navegadores de se conectarem diretamente.
link-failure-help = O que ajuda: os dois na mesma Wi-Fi, ou um servidor com relay TURN.
link-failure-guide = Como rodar um servidor com TURN
link-failure-trying = Enquanto isso, esta página continua tentando.
link-failure-retry = Tentar de novo
notice-cannot-reach = Não é possível alcançar { $name }: seu navegador e o dele não conseguem se conectar. { $why } Nenhuma das duas páginas pode resolver isso; a mesma Wi-Fi para os dois, ou um servidor com relay TURN, ajudaria.
host-why-no-call = A página de { $name } nunca respondeu.
host-why-both-relayed = Os dois navegadores alcançaram o relay TURN deste servidor e mesmo assim não acharam caminho (raro).
host-why-turn-unreachable = Este servidor tem um relay TURN, mas seu navegador não conseguiu alcançá-lo.
host-why-guest-turn-unreachable = Este servidor tem um relay TURN, mas o navegador de { $name } não conseguiu alcançá-lo.
host-why-no-turn = Este servidor não tem relay TURN, e a sua rede e a de { $name } precisam de um.
host-why-no-stun = Este servidor não oferece servidor STUN nem TURN, então os navegadores só se encontram na mesma rede.
referee-no-load = o worker do árbitro não pôde ser carregado
net-relay-closed = a conexão com o relay está fechada
net-channel-closed = o canal de dados não está aberto
net-no-page = esta página não tem { $what }
net-bad-relay-url = o endereço do relay “{ $url }” não é uma URL ws:// ou wss:// nem um caminho

## Antes de o programa da página começar (index.html, preenchido na compilação)

boot-failed = O Coup não conseguiu iniciar:
boot-noscript = O Coup precisa de JavaScript e WebAssembly.

## Fair deal (docs/FAIR-DEAL.md)
option-fair = Distribuição justa
option-fair-hint = Só pessoas, sem bots: cada jogador embaralha as cartas na sua vez e ninguém, nem o anfitrião, vê uma carta que não pode ver.
settings-fair = Distribuição justa: todos embaralham, só pessoas
fair-title = Distribuição justa
fair-shuffling = Embaralhando: { $done } de { $all }
fair-fingerprint = Chave da mesa: { $print }
fair-fingerprint-hint = Todos veem a mesma chave; comparem numa chamada.
fair-examined = Mostrada a você: { $cards }
fair-verdict-waiting = O registro é verificado assim que o segredo de cada jogador chegar.
fair-verdict-fair = Esta partida foi justa.
fair-verdict-false-denial = Esta partida não foi justa: { $name } disse que não podia provar uma alegação tendo a carta.
fair-verdict-false-concession = Esta partida não foi justa: { $name } cedeu sem ter um Duque.
fair-verdict-wrong-deck = Esta partida não foi justa: as cartas não eram o baralho.
fair-verdict-referee = Esta partida não foi justa: a página do anfitrião não aplicou as regras.
fair-verdict-equivocation = Esta partida não foi justa: a página do anfitrião enviou a { $name } uma partida diferente da desta página.
fair-verdict-closed = Não foi possível verificar esta partida: uma carta ficou fechada.
fair-verdict-cut-short = { $count ->
    [0] A partida terminou antes do fim: cada jogada foi verificada ao chegar, e nenhuma resposta ficou sem verificar.
    [one] A partida terminou antes do fim: cada jogada foi verificada ao chegar; um “não posso provar” fica sem verificar, pois as cartas em questão continuam fechadas.
   *[other] A partida terminou antes do fim: cada jogada foi verificada ao chegar; { $count } “não posso provar” ficam sem verificar, pois as cartas em questão continuam fechadas.
}
fair-verdict-sealed = Alguém saiu com cartas na mão, então nenhuma carta se abre no fim: cada jogada foi verificada ao chegar; “não posso provar” sem verificar: { $count }.
fair-ask-prove = Sua alegação foi contestada: responda com suas cartas.
fair-ask-show = Escolha a carta que você mostra ao Inquisidor.
fair-ask-keep = Escolha as cartas que você fica.
fair-ask-pick = Escolha a carta do seu conjunto que você fica.
fair-title-prove = Você foi contestado
fair-prove = Mostrar: { $card }
fair-cannot-prove = Não posso provar
fair-concede = Ceder (tenho um Duque)
fair-show-hand = Mostrar minha mão (sem Duque)
fair-lose = Perder: { $card }
fair-show = Mostrar: { $card }
fair-pick = Ficar com: { $card }
fair-keep = Ficar com: { $cards }
fair-answer-not-asked = Nada é pedido a você agora.
fair-answer-refused = Sua mesa recusou essa resposta.

## The first screen's options, each with what it does.
option-inquisitor-hint = O Inquisidor substitui o Embaixador: troque uma carta ou veja a de um rival.
option-reformation-hint = Legalistas e Reformistas: você não pode atacar o próprio lado; mudar de lado custa moedas.
option-draft-hint = Dois jogadores: cada um escolhe uma carta entre cinco; sete cartas em jogo.

## Where you finished, at the end of a game.
place-won = Você venceu: 1º de { $count }.
place-finished = Você terminou em { $place }º de { $count }.

## The guide to a first game against bots.
guide-label = Guia da primeira partida
guide-step = { $n } de { $count }
guide-cards = Estas são suas cartas: sua influência. Perca as duas e você está fora.
guide-coins = Suas moedas e suas ações: na sua vez, escolha uma.
guide-claims = Uma ação pode declarar um personagem, mesmo que você não o tenha. Qualquer um pode contestar: quem erra perde uma carta.
guide-log = O registro conta o que aconteceu e quem declarou o quê.
guide-next = Próximo
guide-skip = Pular
guide-done = Entendi

## Reactions to chat lines.
react-add = Adicionar uma reação
react-with = Reagir com { $emoji }
chat-error-no-such-line = Essa mensagem não está mais no registro.
