### Coup : les mots que lit un joueur, en français. Mêmes messages et mêmes arguments que
### en.ftl (voir ses notes) ; le joueur est vouvoyé.

## Pièces communes

-one-coin-or-more = { $n ->
    [one] { $n } pièce
   *[other] { $n } pièces
}
coins = { $n ->
            [one] { $n } pièce
           *[other] { $n } pièces
        }
you = Vous
seat-open = Place { $n }
list-and = { $a } et { $b }

## Cartes et camps

card-name = { $card ->
    [duke] Duc
    [assassin] Assassin
    [captain] Capitaine
    [ambassador] Ambassadeur
    [contessa] Comtesse
   *[inquisitor] Inquisiteur
}
card-a = { $card ->
    [duke] un Duc
    [assassin] un Assassin
    [captain] un Capitaine
    [ambassador] un Ambassadeur
    [contessa] une Comtesse
    [inquisitor] un Inquisiteur
   *[hidden] une carte
}
card-the = { $card ->
    [duke] le Duc
    [assassin] l’Assassin
    [captain] le Capitaine
    [ambassador] l’Ambassadeur
    [contessa] la Comtesse
    [inquisitor] l’Inquisiteur
   *[hidden] la carte
}
no-duke = aucun Duc
claim-no-duke = n’avoir aucun Duc
side-name = { $side ->
    [loyalist] Loyaliste
   *[reformist] Réformiste
}
ability = { $card ->
    [duke] Taxe : prenez 3. Bloque l’Aide étrangère.
    [assassin] Payez 3 : un joueur perd une carte.
    [captain] Volez 2. Bloque le vol.
    [ambassador] Échangez 2. Bloque le vol.
    [contessa] Bloque l’assassinat.
   *[inquisitor] Échangez 1 ou examinez. Bloque le vol.
}

## Actions (R4, R7)

action-title = { $action ->
    [income] Revenu
    [foreign_aid] Aide étrangère
    [coup] Coup d’État
    [tax] Taxe
    [assassinate] Assassiner
    [steal] Voler
    [exchange] Échanger
    [examine] Examiner
    [convert] Convertir
   *[embezzle] Détourner
}
action-effect = { $action ->
    [income] prenez 1 pièce
    [foreign_aid] prenez 2 pièces ; tout Duc peut bloquer
    [coup] payez 7 : un joueur perd une carte, sans défense
    [tax] prenez 3 pièces
    [assassinate] payez 3 : un joueur perd une carte ; la Comtesse bloque
    [steal] prenez 2 pièces à un joueur ; le Capitaine ou l’Ambassadeur bloquent
    [steal-inquisitor] prenez 2 pièces à un joueur ; le Capitaine ou l’Inquisiteur bloquent
    [exchange] piochez 2 cartes, gardez celles qui vous plaisent
    [exchange-one] piochez 1 carte, gardez celles qui vous plaisent
    [examine] regardez la carte d’un joueur, faites-la-lui peut-être changer
    [convert] payez 1 pour changer de camp, 2 pour en faire changer un autre
   *[embezzle] prenez toutes les pièces de la Réserve
}
action-claim = annoncez { $card } : { $effect }
action-claim-no-duke = annoncez n’avoir aucun Duc : { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] Voler { $target }
    [coup] Coup d’État contre { $target }
    [assassinate] Assassiner { $target }
    [examine] Examiner { $target }
   *[convert] Convertir { $target }
}

## Décisions

input-pass = Passer
input-challenge = Contester
input-block = Bloquer avec { $card }
input-lose = Perdre { $card }
input-keep = Garder { $cards }
input-show = Montrer { $card }
input-give-back = La lui rendre
input-force-exchange = La lui faire changer
input-draft = Prendre { $card }
input-side = Être { $side }

hint-challenge = Dites que { $claimant } bluffe. Si c’est vrai, il perd une carte ; sinon, c’est vous.
hint-challenge-embezzle = Dites que { $claimant } a un Duc. Si c’est vrai, il perd une carte ; sinon, c’est vous.
hint-challenge-both = Perdez la contestation et l’assassinat peut encore en prendre une autre : vos deux cartes.
hint-block = Annoncez { $card } pour l’arrêter ; chacun peut le contester.
hint-block-both = Pris à bluffer, vous perdez vos deux cartes.
hint-pass-block = Laisser le blocage.
hint-pass = Laisser faire.
hint-lose = Retournez votre { $card } ; elle ne compte plus.
hint-show = Seul l’examinateur la voit.
hint-give-back = Il garde la carte.
hint-force-exchange = Il pioche une nouvelle carte et rend celle-ci.
hint-draft = L’autre carte est distribuée au hasard.
hint-side = Les autres alternent à partir de vous.

## Le registre des annonces

claim-for-action = { $card } pour { $action }
claim-to-block = { $card } pour bloquer
claim-outcome = { $outcome ->
    [pending] en attente de réponse
    [shown] contesté : c’était vrai
    [lost] contesté : un bluff, découvert
    [true] personne n’a contesté : c’était vrai
    [false] personne n’a contesté : un bluff réussi
   *[unchallenged] personne n’a contesté
}
refusal-stale = Trop tard : cette décision est déjà passée.
refusal-fair = La donne équitable a refusé ce message.

## Notes sur la table

note-joined = { $name } a rejoint la table
note-left = { $name } a quitté la table
note-returned = { $name } est de retour
note-kicked = L’hôte a retiré { $name }
note-host-moved = La page de l’hôte a quitté la table ; la table continue maintenant sur la page de { $name }
note-stand-in = { $seat-you ->
    [yes] Un bot joue pour vous pour l’instant
   *[no] Un bot joue pour { $seat } pour l’instant
}
note-fair-refused = { $seat-you ->
    [yes] Votre page a envoyé un enregistrement qui ne passe pas la vérification : vous êtes exclu de la partie équitable
   *[no] La page de { $seat } a envoyé un enregistrement qui ne passe pas la vérification : { $seat } est exclu de la partie équitable
}
note-fair-stalled = { $seat-you ->
    [yes] Votre page n’a pas envoyé ce qu’elle devait pendant trop longtemps : vous êtes exclu de la partie équitable
   *[no] La page de { $seat } n’a pas envoyé ce qu’elle devait pendant trop longtemps : { $seat } est exclu de la partie équitable
}
note-fair-left = { $seat-you ->
    [yes] Vous avez quitté la partie équitable : vos cartes quittent la partie face cachée, vues de personne, et la partie continue
   *[no] { $seat } a quitté la partie équitable : ses cartes quittent la partie face cachée, vues de personne, et la partie continue
}
note-fair-left-end = { $seat-you ->
    [yes] Vous avez quitté la partie équitable : il reste trop peu de joueurs pour reconstruire votre clé, la partie se termine
   *[no] { $seat } a quitté la partie équitable : il reste trop peu de joueurs pour reconstruire sa clé, la partie se termine
}
note-fair-fault = La partie équitable s’est arrêtée : { $seat-you ->
    [yes] ta réponse
   *[no] la réponse de { $seat }
} ne tenait pas
note-fair-fault-stream = La partie équitable s’est arrêtée : le registre ne suivait pas les règles
note-timed-out = { $seat-you ->
    [yes] Votre temps est écoulé
   *[no] Le temps de { $seat } est écoulé
} : { $kind ->
    [window] cela compte comme un refus
    [turn] un bot a joué le tour
   *[choice] un bot a choisi
}

## Le journal : une phrase par événement

log-turn = { $seat-you ->
    [yes] — À vous de jouer —
   *[no] — Tour de { $seat } —
}
log-draft-picked = { $seat-you ->
    [yes] Vous prenez { $card } au draft
   *[no] { $seat } prend { $card } au draft
}
log-draft-dealt = { $seat-you ->
    [yes] Vous recevez { $card }
   *[no] { $seat } reçoit { $card }
}
log-side-chosen = { $seat-you ->
    [yes] Vous choisissez d’être { $side }
   *[no] { $seat } choisit d’être { $side }
}
log-income = { $actor-you ->
    [yes] Vous prenez le Revenu : { -one-coin-or-more(n: 1) }
   *[no] { $actor } prend le Revenu : { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] Vous demandez l’Aide étrangère
   *[no] { $actor } demande l’Aide étrangère
}
log-coup = { $actor-you ->
    [yes] Vous lancez un coup d’État contre { $target }
   *[no] { $actor } lance un coup d’État contre { $target-you ->
        [yes] vous
       *[no] { $target }
    }
}
purpose = { $action ->
    [tax] percevoir la Taxe
    [assassinate] { $target-you ->
        [yes] vous assassiner
       *[no] assassiner { $target }
    }
    [steal] { $target-you ->
        [yes] vous voler
       *[no] voler { $target }
    }
    [exchange] échanger avec la Cour
    [examine] { $target-you ->
        [yes] vous examiner
       *[no] examiner { $target }
    }
    [convert-self] passer dans l’autre camp
    [convert] { $target-you ->
        [yes] vous convertir
       *[no] convertir { $target }
    }
   *[embezzle] détourner la Réserve
}
log-claims = { $actor-you ->
    [yes] Vous annoncez { $claim } pour { $purpose }
   *[no] { $actor } annonce { $claim } pour { $purpose }
}
log-chooses = { $actor-you ->
    [yes] Vous choisissez de { $purpose }
   *[no] { $actor } choisit de { $purpose }
}
log-paying = { $line } (en payant { $paid ->
            [one] { $paid } pièce
           *[other] { $paid } pièces
        })
log-early-block = { $seat-you ->
    [yes] Vous bloquez d’emblée, en annonçant { $card }
   *[no] { $seat } bloque d’emblée, en annonçant { $card }
}
log-block = { $seat-you ->
    [yes] Vous bloquez, en annonçant { $card }
   *[no] { $seat } bloque, en annonçant { $card }
}
log-challenge = { $challenger-you ->
    [yes] Vous contestez { $claimant } ({ $claim })
   *[no] { $challenger } { $claimant-you ->
        [yes] vous conteste ({ $claim })
       *[no] conteste { $claimant } ({ $claim })
    }
}
challenged-no-duke = aucun Duc
log-proved = { $seat-you ->
    [yes] Vous montrez { $card } — l’annonce tient
   *[no] { $seat } montre { $card } — l’annonce tient
}
log-showed-hand = { $seat-you ->
    [yes] Vous montrez une main de { $cards }
   *[no] { $seat } montre une main de { $cards }
}
log-disproved = { $seat-you ->
    [yes] Vous bluffiez — { $what }
   *[no] { $seat } bluffait — { $what }
}
no-card = pas de { $card }
duke-after-all = un Duc, finalement
log-refunded = { $seat-you ->
    [yes] Vous récupérez { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        }
   *[no] { $seat } récupère { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        }
}
log-drew = { $seat-you ->
    [yes] Vous piochez { $card }
   *[no] { $seat } pioche { $card }
}
log-drew-hidden = { $seat-you ->
    [yes] Vous piochez { $count ->
        [one] 1 carte
       *[other] { $count } cartes
    }
   *[no] { $seat } pioche { $count ->
        [one] 1 carte
       *[other] { $count } cartes
    }
}
log-court-shuffled = Le paquet de la Cour est mélangé
log-lost-influence = { $seat-you ->
    [yes] Vous perdez une influence : { $card }
   *[no] { $seat } perd une influence : { $card }
}
log-eliminated = { $seat-you ->
    [yes] Vous êtes éliminé de la partie
   *[no] { $seat } est éliminé de la partie
}
log-lost-face-down = { $seat-you ->
    [yes] Vous perdez une influence face cachée
   *[no] { $seat } perd une influence face cachée
}
log-action-blocked = { $seat-you ->
    [yes] Votre action est bloquée
   *[no] L’action de { $seat } est bloquée
}
log-gained = { $seat-you ->
    [yes] Vous prenez { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        }
   *[no] { $seat } prend { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        }
}
log-stole = { $actor-you ->
    [yes] Vous volez { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } à { $target }
   *[no] { $actor } { $target-you ->
        [yes] vous vole { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        }
       *[no] vole { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } à { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] Vous détournez { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } de la Réserve
   *[no] { $seat } détourne { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } de la Réserve
}
log-converted-self = { $seat-you ->
    [yes] Vous devenez { $side }
   *[no] { $seat } devient { $side }
}
log-converted = { $actor-you ->
    [yes] Vous rendez { $target } { $side }
   *[no] { $actor } { $target-you ->
        [yes] vous rend { $side }
       *[no] rend { $target } { $side }
    }
}
log-exchanged = { $seat-you ->
    [yes] Vous échangez avec la Cour
   *[no] { $seat } échange avec la Cour
}
log-exchanged-returning = { $seat-you ->
    [yes] Vous échangez avec la Cour et rendez { $cards }
   *[no] { $seat } échange avec la Cour et rend { $cards }
}
log-shown = { $actor-you ->
    [yes] Vous montrez { $card } à { $target }
   *[no] { $actor } { $target-you ->
        [yes] vous montre { $card }
       *[no] montre { $card } à { $target }
    }
}
log-gave-back = { $actor-you ->
    [yes] Vous rendez sa carte à { $target }
   *[no] { $actor } { $target-you ->
        [yes] vous rend votre carte
       *[no] rend sa carte à { $target }
    }
}
log-forced-exchange = { $actor-you ->
    [yes] Vous faites échanger { $card } à { $target }
   *[no] { $actor } { $target-you ->
        [yes] vous fait échanger { $card }
       *[no] fait échanger { $card } à { $target }
    }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] Votre { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } retourne au Trésor
       *[other] Vos { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } retournent au Trésor
    }
   *[no] { $coins ->
        [one] La { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } de { $seat } retourne au Trésor
       *[other] Les { $coins ->
            [one] { $coins } pièce
           *[other] { $coins } pièces
        } de { $seat } retournent au Trésor
    }
}
log-game-over = { $seat-you ->
    [yes] Vous gagnez la partie !
   *[no] { $seat } gagne la partie !
}

## Les règles (d’après docs/RULES.md), en HTML

rules-html =
    <h3>Votre tour</h3><p>Chacun commence avec 2 cartes cachées (votre influence) et 2 pièces. À votre tour, faites une action. Toute action peut être un bluff : vous pouvez annoncer un personnage que vous n’avez pas. Avec 10 pièces, vous devez faire un Coup d’État.</p>
    <h3>Les actions de tous</h3><p>Revenu : prenez 1 pièce ; personne ne peut l’empêcher. Aide étrangère : prenez 2 pièces ; un Duc peut la bloquer. Coup d’État : payez 7 pièces et choisissez un joueur, qui perd une carte ; personne ne peut l’empêcher. Avec 10 pièces ou plus, votre action doit être un Coup d’État.</p>
    <h3>Contestations</h3><p>Quand quelqu’un annonce un personnage, chacun peut contester. S’il l’a, il le montre, l’échange contre une nouvelle carte, et celui qui a contesté perd une carte. Sinon, le bluffeur perd une carte et l’action échoue.</p>
    <h3>Blocages</h3><p>Un Duc bloque l’Aide étrangère ; une Comtesse bloque un assassinat ; un Capitaine ou un Ambassadeur (l’Inquisiteur, s’il est en jeu) bloque le vol. Un blocage est aussi une annonce : il peut être contesté.</p>
    <h3>Perdre</h3><p>Quand vous perdez une influence, vous choisissez une carte cachée à retourner. Sans carte cachée, vous êtes éliminé. Le dernier joueur qui a une carte cachée gagne. Attention : la cible d’un assassinat qui conteste et perd, ou qui bloque avec une Comtesse démasquée, peut perdre ses deux cartes en un seul tour.</p>
    <h3>Réforme</h3><p>Loyalistes et Réformistes ne peuvent pas faire de Coup d’État, assassiner, voler ou examiner leur propre camp, ni bloquer son Aide étrangère, tant que tout le monde n’est pas du même camp. Convertir coûte 1 pièce (2 pour un autre), versée à la Réserve, pour changer de camp ; Détourner annonce n’avoir aucun Duc et prend la Réserve.</p>

## La page comme application

language = Langue
update-ready = Une nouvelle version est prête.
update-reload = Recharger
offline-note = Vous êtes hors ligne. Les parties contre des bots fonctionnent ; les salles ont besoin du réseau.

## Le cadre de la page

tagline = un jeu de bluff, dans votre navigateur
credit = Coup et Coup : Réforme sont des jeux de Rikki Tahta, publiés par Indie Boards & Cards. Ceci est une adaptation non officielle, sans lien avec eux.
contacting-relay = Contact du relais…
restoring-place = Vous reprenez votre place…
loading-table = Chargement de la table…
loading-table-retry = La table n’a pas encore pu être chargée ; nouvel essai…
cancel = Annuler
new-room = Créer une nouvelle salle
dismiss = Fermer

## Le premier écran

rejoin-were-playing = Vous jouiez dans la salle { $code } sous le nom { $name }.
rejoin-room = Revenir dans la salle { $code }
hero-title = Bluffez. Contestez. Survivez.
hero-line = Cartes et bluff, de 2 à 10 joueurs. Entre amis par un lien, ou contre des bots aussitôt.
your-name = Votre nom
optional = Facultatif
name-optional = Facultatif. Sans nom, les autres voient un nom comme « Joueur K7 ».
name-seen = Les autres vous voient sous ce nom.
play-with-friends = Jouer entre amis
create-room = Créer une salle
join-friends = Rejoindre des amis
join-invited = Vous êtes invité : appuyez sur Rejoindre.
join-type-code = Tapez le code de la salle.
join = Rejoindre

## Réglages

players = Joueurs
bots = Bots
bot-level = Niveau des bots
seats = Places
turn-timer = Temps par tour
more-options = Plus d’options
option-inquisitor = Inquisiteur
option-reformation = Réforme
option-draft = Draft à deux joueurs
level-name = { $level ->
    [easy] Facile
    [hard] Difficile
   *[normal] Normal
}
timer-none = sans limite
timer-min = { $n } min
timer-s = { $n } s
settings-seats = { $n ->
    [one] { $n } place
   *[other] { $n } places
}
settings-inquisitor = Inquisiteur à la place de l’Ambassadeur
settings-ambassador = Ambassadeur (sans Inquisiteur)
settings-reformation = Réforme : camps et Réserve du Trésor
settings-turn-timer = Temps par tour : { $timer }
settings-bots = Bots : { $level }
settings-locked = Salle verrouillée : personne de nouveau ne peut entrer

## Discussion

chat = Discussion
chat-empty = Aucun message. Dites bonjour !
chat-placeholder = Écrivez quelque chose…
send = Envoyer
ignored-from-host = Message de l’hôte ignoré : { $error }

## Une salle

the-host = L’hôte
a-player = Un joueur
room-code = Code de la salle
you-host = Vous hébergez cette salle
you-joined = Vous avez rejoint
leave-room = Quitter la salle
who-is-here = Qui est là
create-room-hint = Ouvrez une salle, puis envoyez-leur l’invitation.
rematch-by-host = L’hôte peut redistribuer.
connecting-to-host = Connexion à l’hôte…
waiting-for-start = En attente du lancement de la partie par l’hôte…
watching-full = Vous regardez : toutes les places sont prises. L’hôte peut vous donner une place.
watcher-waiting = { $name } regarde : toutes les places sont prises.
seat-watcher = Asseoir { $name }
waiting-for-players = En attente de joueurs… envoyez-leur l’invitation.
everyone-can-chat = Tout le monde ici peut discuter.
link-you = vous
link-open = connecté
link-connecting = connexion…
link-away = absent
seat-away = Absent
seat-away-stand-in = Absent · un bot joue dans { $n } s
seat-away-leaves = Absent · quitte la partie dans { $n } s
seat-stand-in = Absent · un bot joue pour l’instant
seat-left-fair = A quitté la partie
link-via-host = via l’hôte
link-watching = { " " }· spectateur
badge-host = hôte
invite = Inviter
invite-qr = QR code de l’invitation
invite-hint = Envoyez ce lien, ou faites scanner le code : il ouvre le jeu avec la salle déjà remplie.
invite-link = Lien d’invitation
copied = Copié
copy-link = Copier le lien
share = Partager…
share-title = Joue à Coup avec moi
add-bot = Ajouter un bot
start-game = Lancer la partie
open-seats-hint = Les places libres sont prises par des bots de ce niveau au début de la partie.
lock-room = Verrouiller la salle : personne de nouveau ne peut entrer
level-bot = bot { $level }
seat-kind-open = libre
seat-kind-player = joueur
remove-bot = Retirer ce bot
remove = Retirer
remove-ask = Retirer { $name } de la salle ?

## La table

leave = Quitter
back-to-start = Retour à l’accueil
leave-ask = Quitter ?
leave-yes = Oui, quitter
leave-pass-on = Quitter — la table passe sur la page d’un autre joueur
stay = Rester
play-bots = Jouer contre des bots
play-bots-hint = Commencez tout de suite, seul, contre l’ordinateur.
dealing = Distribution…
table-log = Journal de la table
claims = Annonces
reserve = Réserve
court = Cour
mode-draft = Draft
rules-cards = Règles et cartes
how-to-play = Comment jouer
close = Fermer
this-table = Cette table : { $inquisitor ->
    [yes] Inquisiteur à la place de l’Ambassadeur
   *[no] Ambassadeur
}{ $reformation ->
    [yes] , Réforme
   *[no] {""}
}. Tours { $turns }, réponses { $answers }, choix { $choices }.
your-cards = Vos cartes
whose-claims = Annonces de qui
no-claims-yet = Personne n'a encore rien annoncé.
no-claims-player = Pas encore d'annonce de ce joueur.
everyone = Tout le monde
seconds-left = { $n ->
    [one] { $n } seconde restante
   *[other] { $n } secondes restantes
}
seconds-short = { $n } s
seat-out = éliminé
card-lost = { $card }, perdue
lost = perdue
hidden-card = carte cachée
card-lost-face-down = une carte perdue face cachée

## Décisions et fin de partie

you-win = Vous gagnez !
wins = { $name } gagne
believe-it = Vous y croyez ?
block-it = Bloquer ?
believe-block = Vous croyez au blocage ?
you-lose-influence = Vous perdez une influence
choose-card-up = Choisissez la carte à retourner.
you-drew = Vous avez pioché { $cards }. Choisissez les cartes à garder.
you-are-examined = On vous examine
choose-card-show = Choisissez la carte à montrer à { $name }.
examine-decide = { $name } vous montre { $card }. La lui laisser, ou la lui faire changer contre une nouvelle carte ?
draft-hint = Prenez une carte en secret ; l’autre est distribuée au hasard.
choose-side = Choisissez votre camp
choose-side-hint = Loyalistes et Réformistes ne peuvent pas attaquer leur propre camp tant que tous ne sont pas du même.
you-are-out = Vous êtes éliminé.
watch-the-rest = Regardez la suite : à la fin, toutes les mains sont montrées.
you-are-watching = Vous regardez cette partie. Vous pourrez jouer la suivante.
waiting-for = En attente de { $names }…
your-turn = À vous de jouer
must-coup = Avec 10 pièces ou plus, vous devez faire un Coup d’État.
whom = { $action } : qui ?
back = Retour
aim-line = { $effect }. Touchez une place marquée d’une cible, ou choisissez ci-dessous.
aim-line-click = { $effect }. Cliquez sur une place marquée d’une cible, ou choisissez ci-dessous.
dealt = reçu { $a } et { $b }
bluffs = Bluffs
caught = Démasqués
challenges-won-lost = Contestations gagnées–perdues
truth-true = vrai
truth-bluff = bluff
rematch = Revanche
back-to-lobby = Retour au salon
game-over = Fin de la partie
every-hand = Toutes les mains
player = Joueur
cards = Cartes
coins-over-game = Les pièces au fil de la partie
every-claim = Toutes les annonces, vraies ou non
no-claims-game = Personne n'a rien annoncé pendant cette partie.
chart-legend = La couleur de chaque joueur
title-your-move = ● À vous — Coup
sound = Son
sound-name = Un son quand une décision vous revient et que la page est en arrière-plan

## Ce que lisent les technologies d’assistance

keys-help = Touches : P passer, C contester, B bloquer, T temps restant
your-decision = À vous de décider : { $title }
time-left-mine = { $n ->
    [one] { $n } seconde pour décider
   *[other] { $n } secondes pour décider
}
time-none-mine = Votre décision n’a pas de limite de temps
time-left-theirs = En attente de { $names } : { $n ->
    [one] { $n } seconde restante
   *[other] { $n } secondes restantes
}
seat-holding = tient { $cards }
seat-hidden = { $n ->
    [one] { $n } carte cachée
   *[other] { $n } cartes cachées
}
seat-lost = a perdu { $cards }
seat-your-turn = votre tour
seat-their-turn = son tour
seat-deciding = décide
seat-answering = vous lui répondez
see-table = Voir la table
coins-chart = Les pièces de chaque joueur, tour par tour
rules-dialog = Règles et cartes

## Ce qui a été refusé ou s’est mal passé

refusal-rate-limited = Trop de messages : ralentissez.
refusal-not-joined = Vous n’avez pas encore rejoint la table.
refusal-already-joined = Vous avez déjà rejoint cette table.
refusal-table-full = La table est complète.
refusal-not-host = Seul l’hôte peut faire cela.
refusal-no-game = Aucune partie n’est en cours.
refusal-not-seated = Vous regardez, vous ne jouez pas.
refusal-not-your-seat = La place { $asked } n’est pas la vôtre (la vôtre est la place { $yours }).
intent-not-legal = Ce n’est pas l’un de vos choix pour le moment.
illegal-game-over = La partie est terminée.
illegal-no-such-seat = Cette place n’existe pas dans cette partie.
illegal-not-your-turn = Vous n’avez aucune décision à prendre maintenant.
illegal-already-answered = Vous avez déjà répondu.
illegal-wrong-decision = Cela ne répond pas à la décision demandée.
illegal-not-available = Cette action n’est pas en jeu dans cette partie.
illegal-must-coup = Avec 10 pièces ou plus, vous devez faire un Coup d’État.
illegal-cannot-afford = Vous n’avez pas assez de pièces pour cela.
illegal-empty-reserve = La Réserve du Trésor est vide.
illegal-bad-target = Ce joueur ne peut pas être la cible.
illegal-nothing-to-steal = Pour voler, il faut une cible qui a au moins une pièce.
illegal-same-allegiance = Ce joueur est de votre camp.
illegal-cannot-block = Vous ne pouvez pas bloquer maintenant, ou pas avec cette carte.
illegal-cannot-challenge = Il n’y a aucune revendication à contester maintenant.
illegal-no-such-card = Vous n’avez pas cette carte cachée.
illegal-card-not-in-use = Cette carte n’est pas utilisée dans cette partie.
illegal-bad-keep = Gardez autant de cartes que vous en aviez de cachées, parmi celles que vous avez et celles piochées.
illegal-other = Les règles ne le permettent pas.
table-error-game-in-progress = Pas pendant une partie.
table-error-no-game = Seulement pendant une partie.
table-error-not-finished = Il n’y a pas de partie terminée à rejouer.
table-error-seat-count = Une table a de 2 à 10 places.
table-error-no-such-seat = Il n’y a pas de place { $seat }.
table-error-no-such-member = Cette personne n’est plus à la table.
table-error-draft-needs-two = Le draft à deux joueurs demande exactement deux places.
table-error-timers = Un minuteur est hors limites.
table-error-kick-host = L’hôte ne peut pas quitter sa propre table.
table-error-seat-taken = Pendant une partie, seule la place d’un bot peut être prise, par un spectateur.
table-error-held-another-seat = Pendant une partie, vous ne pouvez reprendre que la place que vous occupiez.
table-error-only-bot = Pendant une partie, une personne ne peut être remplacée que par un bot.
table-error-fair-no-bots = La donne équitable n’accueille que des personnes : pas de bots.
table-error-fair-needs-people = La donne équitable demande une personne à chaque place, au moins deux.
table-error-fair-seat = Pas pendant une partie équitable : chaque place est nécessaire jusqu’à la fin.
table-error-fair-unavailable = Le code de la donne équitable n’a pas encore pu être chargé : vérifiez la connexion et réessayez.
table-error-deal = La partie n’a pas pu être distribuée : { $detail }
fatal-version = Cette table parle la version { $host } du protocole, la vôtre la version { $yours } : rechargez la page.
fatal-kicked = L’hôte vous a retiré de la table.
fatal-replaced = Votre place a été reprise depuis un autre onglet ou un autre appareil.
fatal-locked = La table est fermée aux nouveaux venus.
name-error-empty = Tapez un nom.
name-error-too-long = Un nom a au plus { $max } caractères.
name-error-control = Un nom ne peut pas contenir de retour à la ligne ni de caractère de contrôle.
name-error-invisible = Un nom ne peut pas contenir de caractère invisible ou qui change le sens du texte.
name-error-impersonates = Un nom ne peut pas se lire comme « Vous », un bot ou une place (« Bot 2 », « Place 3 »).
chat-error-empty = Le message est vide.
chat-error-too-long = Un message a au plus { $max } caractères.
chat-error-rate-limited = Trop de messages : attendez un instant.
wire-too-large = Le message fait { $size } octets ; la limite est de { $limit }.
wire-version = Le message parle la version { $theirs } du protocole ; cette page parle la version { $ours }.
wire-malformed = Le message n’est pas valide : { $detail }
guest-error-not-welcomed = L’hôte a envoyé la partie avant de nous accueillir.
guest-error-log-order = Les entrées du journal de l’hôte sont arrivées dans le désordre.
guest-error-wrong-seat = La mise à jour de l’hôte était pour une autre place.
guest-error-implausible = L’hôte a envoyé une entrée de journal qu’aucun hôte honnête n’envoie.
guest-error-reveal = Le récit de la fin de partie envoyé par l’hôte ne correspond pas à la partie.
guest-error-fair = Un enregistrement de la donne équitable envoyé par l’hôte n’a pas passé la vérification.
guest-error-fair-rules = La page de l’hôte a relayé un coup que les règles ne produisent pas. Cette page n’envoie rien pour lui.
guest-error-fair-two-games = La page de l’hôte a montré à cette page deux parties différentes. Cette page n’envoie plus rien dans cette partie.
guest-error-parts = L’état de la table est arrivé de l’hôte en parties qui ne s’accordent pas.
guest-error-recovery = L’hôte a envoyé une copie de secours de la table que cette page ne peut pas garder.
relay-error-no-such-room = Il n’y a pas de salle avec ce code.
relay-error-room-full = Cette salle est complète.
relay-error-rate-limited = Trop de tentatives ; attendez une minute et réessayez.
relay-error-server-full = Le relais est plein pour le moment ; réessayez plus tard.
relay-error-already-in-room = Vous êtes déjà dans une salle.
relay-error-not-in-room = Vous n’êtes dans aucune salle.
relay-error-unknown-peer = Ce joueur est parti.
relay-error-bad-secret = La salle n’a pas pu être reprise.
relay-error-too-large = Un message était trop gros pour le relais.
relay-error-bad-message = Le relais n’a pas compris un message.
relay-error-not-host = Seul l’hôte de la salle peut faire cela.
relay-error-banned = L’hôte de cette salle vous en a retiré.
room-closed-host-left = La salle a été fermée : l’hôte est parti.
room-closed-host-late = La salle a été fermée : l’hôte n’est pas revenu à temps.
room-closed = La salle a été fermée : { $reason }

## La connexion, telle que la disent les avis de la page

player-tag = Joueur { $tag }
player-default = Joueur
not-connected = Pas encore connecté à l’hôte.
connection-host-away = La connexion de l’hôte a été coupée ; on attend son retour…
connection-reconnecting = Reconnexion…
connection-offline = Vous êtes hors ligne. Votre place est gardée ; vos décisions attendent le retour de la connexion.
connection-host-silent = La page de l’hôte ne répond plus. Votre place est gardée ; vos décisions attendent qu’elle réponde à nouveau.
decisions-paused = Pas de connexion : cette décision attend le retour du lien avec l’hôte.
connection-relay = Reconnexion au relais…
ended-host-gone = L’hôte n’est pas revenu : cette partie est terminée.
notice-not-restored = Votre table n’a pas pu être reprise après le rechargement ({ $why }) ; elle a été mise de côté.
notice-table-stopped = La table s’est arrêtée : { $why }
notice-reclaim-failed = Impossible de reprendre la salle { $code } : { $why }
notice-handed-over = Cette page a été absente trop longtemps : la table tourne maintenant sur la page d’un autre joueur. Vous la rejoignez comme joueur, à votre place.
notice-passed-on = Vous avez quitté la salle ; la table continue sans vous sur la page d’un autre joueur.
notice-rejoin-failed = Impossible de rejoindre à nouveau la salle { $code } : { $why }
notice-room-gone = La salle { $code } n’existe plus : { $why } Créez une nouvelle salle pour rejouer.
notice-room-moved = Le relais a redémarré et a perdu cette salle ; elle a donc un nouveau code : { $code }. Les joueurs présents ont été prévenus ; la partie continue.
notice-relay-garbage = Message incorrect du relais ignoré : { $what }.
notice-bad-signal = Signal incorrect de { $name } ignoré : { $error }
notice-odd-signal = Signal inattendu de { $name } ignoré.
notice-link-failed = La connexion avec { $name } a échoué : { $why }
notice-link-closed = La connexion avec { $name } s’est fermée.
notice-seat-lost = Votre place dans la salle { $code } n’est plus la vôtre : elle a été donnée à un autre ou la partie a continué.
notice-no-relay = Impossible de joindre le relais. Vérifiez votre connexion et réessayez.
notice-tab-copy = Cet onglet est une copie d’un autre qui garde votre place : il repart de zéro.
notice-relay-failed = Impossible de joindre le relais : { $error }
notice-send-failed = Envoi impossible : { $error }
notice-referee-failed = Impossible de joindre l’arbitre : { $error }
notice-referee-garbage = Message incorrect de l’arbitre ignoré : { $what }
notice-relay-closed = Le relais a fermé la connexion ({ $code }) : { $reason }
relay-closed-going-away = Le relais redémarre. En attendant, la partie continue sans lui.
relay-closed-replaced = La salle a été rouverte sur une autre page, qui a pris sa place sur le relais.
relay-closed-policy = Le relais a fermé la connexion : trop de messages, ou lus trop lentement.
relay-closed-too-big = Le relais a fermé la connexion : un message était trop gros.
relay-closed-protocol = Le relais a fermé la connexion : il n’a pas pu lire ce que cette page a envoyé.
relay-closed-try-later = Le relais a trop de connexions depuis votre réseau en ce moment.
link-no-path = aucun chemin réseau entre les deux navigateurs
# A link whose heartbeat stopped; $seconds is how long nothing arrived.
link-silent = rien n’est arrivé depuis { $seconds } secondes
link-gone = la personne a quitté le salon (sa page s’est fermée ou a perdu le réseau)

## When two browsers cannot reach each other

link-failure-title = Votre navigateur et celui de l’hôte ne parviennent pas à se joindre
link-why-no-call = La page de l’hôte n’a jamais répondu : elle est peut-être fermée, en veille ou pas à jour.
link-why-both-relayed = Les deux navigateurs ont atteint le relais TURN de ce serveur sans trouver de chemin. C’est rare.
link-why-turn-unreachable = Ce serveur a un relais TURN, mais votre navigateur n’a pas pu l’atteindre : votre réseau semble le bloquer.
link-why-host-turn-unreachable = Ce serveur a un relais TURN, mais le navigateur de l’hôte n’a pas pu l’atteindre : son réseau semble le bloquer.
link-why-no-turn = Ce serveur n’a pas de relais TURN, et votre réseau et celui de l’hôte en ont besoin pour se connecter.
link-why-no-stun = Ce serveur ne fournit aucun serveur STUN ni TURN : les navigateurs ne se trouvent alors que sur le même réseau.
link-failure-cause = Cela vient souvent d’un réseau mobile ou d’un pare-feu strict, qui empêchent les navigateurs de se connecter directement.
link-failure-help = Ce qui aide : les deux joueurs sur le même Wi-Fi, ou un serveur avec un relais TURN.
link-failure-guide = Comment faire tourner un serveur avec TURN
link-failure-trying = Cette page continue d’essayer en attendant.
link-failure-retry = Réessayer
notice-cannot-reach = Impossible de joindre { $name } : votre navigateur et le sien ne parviennent pas à se connecter. { $why } Aucune des deux pages ne peut y remédier ; le même Wi-Fi pour les deux, ou un serveur avec un relais TURN, aiderait.
host-why-no-call = La page de { $name } n’a jamais répondu.
host-why-both-relayed = Les deux navigateurs ont atteint le relais TURN de ce serveur sans trouver de chemin (rare).
host-why-turn-unreachable = Ce serveur a un relais TURN, mais votre navigateur n’a pas pu l’atteindre.
host-why-guest-turn-unreachable = Ce serveur a un relais TURN, mais le navigateur de { $name } n’a pas pu l’atteindre.
host-why-no-turn = Ce serveur n’a pas de relais TURN, et votre réseau et celui de { $name } en ont besoin.
host-why-no-stun = Ce serveur ne fournit aucun serveur STUN ni TURN : les navigateurs ne se trouvent alors que sur le même réseau.
referee-no-load = le worker de l’arbitre n’a pas pu se charger
net-relay-closed = la connexion au relais est fermée
net-channel-closed = le canal de données n’est pas ouvert
net-no-page = cette page n’a pas de { $what }
net-bad-relay-url = l’adresse du relais « { $url } » n’est ni une URL ws:// ou wss:// ni un chemin

## Avant que le programme de la page ne démarre (index.html, rempli à la construction)

boot-failed = Coup n’a pas pu démarrer :
boot-noscript = Coup a besoin de JavaScript et de WebAssembly.

## Fair deal (docs/FAIR-DEAL.md)
option-fair = Donne équitable
option-fair-hint = Des personnes seulement, pas de bots : chacun mélange les cartes à son tour et personne, pas même l’hôte, ne peut voir une carte qui ne lui revient pas.
settings-fair = Donne équitable : tout le monde mélange, des personnes seulement
fair-title = Donne équitable
fair-shuffling = Mélange : { $done } sur { $all }
fair-fingerprint = Clé de la table : { $print }
fair-fingerprint-hint = Tout le monde voit la même clé ; comparez-la pendant un appel.
fair-examined = Montré à vous : { $cards }
fair-verdict-waiting = Le registre est vérifié dès que le secret de chaque joueur est arrivé.
fair-verdict-fair = Cette partie était équitable.
fair-verdict-false-denial = Cette partie n’était pas équitable : { $name } a dit ne pas pouvoir prouver une annonce en tenant la carte.
fair-verdict-false-concession = Cette partie n’était pas équitable : { $name } a cédé sans tenir de Duc.
fair-verdict-wrong-deck = Cette partie n’était pas équitable : les cartes n’étaient pas le paquet.
fair-verdict-referee = Cette partie n’était pas équitable : la page de l’hôte n’a pas appliqué les règles.
fair-verdict-equivocation = Cette partie n’était pas équitable : la page de l’hôte a envoyé à { $name } une autre partie qu’à cette page.
fair-verdict-closed = Cette partie n’a pas pu être vérifiée : une carte est restée fermée.
fair-verdict-cut-short = { $count ->
    [0] La partie s’est arrêtée avant sa fin : chaque coup a été vérifié à son arrivée, et aucune réponse ne reste à vérifier.
    [one] La partie s’est arrêtée avant sa fin : chaque coup a été vérifié à son arrivée ; un « je ne peux pas prouver » reste non vérifié, car les cartes concernées restent fermées.
   *[other] La partie s’est arrêtée avant sa fin : chaque coup a été vérifié à son arrivée ; { $count } « je ne peux pas prouver » restent non vérifiés, car les cartes concernées restent fermées.
}
fair-verdict-sealed = Quelqu’un est parti avec des cartes en main, donc aucune carte ne s’ouvre à la fin : chaque coup a été vérifié à son arrivée ; « je ne peux pas prouver » non vérifiés : { $count }.
fair-ask-prove = Votre annonce est contestée : répondez avec vos cartes.
fair-ask-show = Choisissez la carte que vous montrez à l’Inquisiteur.
fair-ask-keep = Choisissez les cartes que vous gardez.
fair-ask-pick = Choisissez la carte de votre jeu que vous gardez.
fair-title-prove = On vous conteste
fair-prove = Montrer : { $card }
fair-cannot-prove = Je ne peux pas le prouver
fair-concede = Céder (je tiens un Duc)
fair-show-hand = Montrer ma main (pas de Duc)
fair-lose = Perdre : { $card }
fair-show = Montrer : { $card }
fair-pick = Garder : { $card }
fair-keep = Garder : { $cards }
fair-answer-not-asked = Rien ne vous est demandé pour l’instant.
fair-answer-refused = Votre table a refusé cette réponse.

## The first screen's options, each with what it does.
option-inquisitor-hint = L’Inquisiteur remplace l’Ambassadeur : échangez une carte, ou regardez celle d’un rival.
option-reformation-hint = Loyalistes et Réformistes : on ne vise pas son propre camp ; changer de camp coûte des pièces.
option-draft-hint = À deux : chacun choisit une carte parmi cinq ; sept cartes en jeu.

## Where you finished, at the end of a game.
place-won = Vous avez gagné : 1er sur { $count }.
place-finished = Vous finissez { NUMBER($place, type: "ordinal") ->
    [one] { $place }er
   *[other] { $place }e
} sur { $count }.

## The guide to a first game against bots.
guide-label = Guide de la première partie
guide-step = { $n } sur { $count }
guide-cards = Voici vos cartes : votre influence. Perdez les deux et vous êtes éliminé.
guide-coins = Vos pièces et vos actions : à votre tour, choisissez-en une.
guide-claims = Une action peut revendiquer un personnage, même sans l’avoir. Chacun peut la contester : qui se trompe perd une carte.
guide-log = Le journal dit ce qui s’est passé, et qui a revendiqué quoi.
guide-next = Suivant
guide-skip = Passer
guide-done = Compris

## Reactions to chat lines.
react-add = Ajouter une réaction
react-with = Réagir avec { $emoji }
chat-error-no-such-line = Ce message n’est plus dans le journal.
