# Les réponses de ccgate en français. Chaque message garde les mêmes
# variables ({ $name }) que le catalogue anglais. Les réponses par SMS et radio
# tiennent en un message : 160 caractères (70 hors de l'alphabet GSM).
# `P{ $game }` désigne une partie ; les joueurs le recopient tel quel.

## Nombres et leur mot.

days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
hours = { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
# Une date en chiffres, telle qu'on l'écrit en français (26/01/2027).
date = { $day }/{ $month }/{ $year }

## Les coups.

confirm = P{ $game } { $number } { $move } accepté. Code de position { $code }.
your-move = P{ $game } { $number } { $move } joué par { $opponent }. Code de position { $code }.
refused = P{ $game } { $text } : refusé, { $reason }.
refused-brief = P{ $game } { $text } : refusé.
did-you-mean = { " " }Vouliez-vous dire { $moves } ?
nothing-applied = { " " }Rien n'a été joué.
penalty = { " " }Pénalité : { $days ->
    [one] { $days } jour ajouté
   *[other] { $days } jours ajoutés
} à votre temps.
    .sms = { " " }Pénalité : { days }.
one-move-per-line = un coup par ligne, éventuellement après le dernier coup de l'adversaire
not-your-turn = P{ $game } { $text } : refusé, dans la partie { $game } le trait est à { $opponent }.
wrong-number = P{ $game } { $text } : refusé, c'est le coup { $number } qui est attendu.
desync = P{ $game } votre { $text } ne correspond pas à la partie : rien n'a été appliqué, pas même votre propre coup de ce message. Notation : { $record }

## Pourquoi un coup ne peut être lu ou joué.

expected = { $what ->
    [move] un coup
    [move-not-result] un coup, pas un résultat de partie
    [file] une colonne (a-h)
    [rank] une rangée (1-8)
    [square] une case
    [piece-or-square] une lettre de pièce ou une case
    [destination] une case d'arrivée
    [square-or-promotion] une case ou une pièce de promotion
    [promotion] une pièce de promotion
    [promotion-piece] une pièce de promotion (D, T, F ou C)
    [promotion-letter] une lettre de promotion (q, r, b, n)
    [promotion-digit] un chiffre de promotion (1=D 2=T 3=F 4=C)
    [english-piece] une pièce (K, Q, R, B, N, Kt, P) ou un roque
    [not-king] une pièce autre que le roi
    [captured] la pièce prise
    [dash-or-x] « - » ou « x »
    [close-paren] « ) »
    [suffix] un signe d'échec, e.p., ! ou ?, ou la fin du coup
    [iccf-end] la fin du coup (4 ou 5 chiffres)
    [origin-file-digit] le chiffre de la colonne de départ (1-8)
    [origin-rank-digit] le chiffre de la rangée de départ (1-8)
    [destination-file-digit] le chiffre de la colonne d'arrivée (1-8)
    [destination-rank-digit] le chiffre de la rangée d'arrivée (1-8)
    [desc-square] une case comme K4 ou QB3
    [desc-origin] la colonne ou la rangée de la pièce, comme (1) ou (QB3)
    [uedemann-code] un code Uedemann
    [uedemann-origin] deux lettres pour la case de départ
    [uedemann-destination] deux lettres pour la case d'arrivée
    [uedemann-suffix] une lettre suffixe (q r b k promotion ; c échec, m mat, p e.p., t prise)
   *[end] la fin du coup
}
malformed = attendu : { $expected }, au caractère { $at }
    .sms = illisible au caractère { $at }
malformed-found = attendu : { $expected }, au caractère { $at }, trouvé « { $found } »
    .sms = illisible au caractère { $at }
ambiguous = ambigu, cela peut être { $moves }
conflict = se lit différemment dans deux notations : { $readings }
illegal-no-such-piece-on = vous n'avez { $piece ->
    [pawn] pas de pion
    [knight] pas de cavalier
    [bishop] pas de fou
    [rook] pas de tour
    [queen] pas de dame
    [king] pas de roi
   *[piece] aucune pièce
} en { $square }
illegal-no-such-piece = vous n'avez { $piece ->
    [pawn] aucun pion
    [knight] aucun cavalier
    [bishop] aucun fou
    [rook] aucune tour
    [queen] aucune dame
    [king] aucun roi
   *[piece] aucune pièce
} qui puisse jouer ce coup
illegal-empty-square = il n'y a pas de pièce en { $square }
illegal-not-your-piece = la pièce en { $square } est à votre adversaire
illegal-cannot-move = { $piece ->
    [pawn] le pion
    [knight] le cavalier
    [bishop] le fou
    [rook] la tour
    [queen] la dame
    [king] le roi
   *[piece] la pièce
} en { $from } ne peut pas aller en { $to }
illegal-cannot-reach = { $piece ->
    [pawn] aucun de vos pions
    [knight] aucun de vos cavaliers
    [bishop] aucun de vos fous
    [rook] aucune de vos tours
    [queen] aucune de vos dames
    [king] votre roi
   *[piece] aucune de vos pièces
} ne peut atteindre { $to }
illegal-own-piece = { $square } est occupée par une de vos pièces
illegal-pinned = { $piece ->
    [pawn] le pion en { $from } est cloué
    [knight] le cavalier en { $from } est cloué
    [bishop] le fou en { $from } est cloué
    [rook] la tour en { $from } est clouée
    [queen] la dame en { $from } est clouée
    [king] le roi en { $from } est cloué
   *[piece] la pièce en { $from } est clouée
} : ce coup exposerait votre roi
illegal-in-check = votre roi est en échec et ce coup ne le pare pas
illegal-into-check = votre roi serait en échec en { $square }
illegal-promotion-missing = un pion atteignant la dernière rangée doit nommer sa pièce de promotion
illegal-not-promotion = une pièce de promotion est donnée, mais le coup n'est pas une promotion
illegal-pawn-capture-needs-file = une prise de pion nomme la colonne du pion (exd5, pas d5)
illegal-castling-rights-gone = { $side ->
    [kingside] le petit roque
   *[queenside] le grand roque
} n'est plus possible : le roi ou cette tour a déjà joué
illegal-castling-blocked = { $side ->
    [kingside] le petit roque
   *[queenside] le grand roque
} est impossible : des pièces séparent le roi et la tour
illegal-castling-in-check = on ne peut pas roquer pour sortir d'un échec
illegal-castling-through-check = { $side ->
    [kingside] le petit roque
   *[queenside] le grand roque
} est impossible : le roi passerait par une case attaquée ou y arriverait
    .sms = { $side ->
        [kingside] petit roque
       *[queenside] grand roque
    } impossible : case attaquée
illegal-no-legal-moves = la partie est terminée : il n'y a plus de coup légal

## La fin de partie.

game-over = P{ $game } terminée : { $result }, { $reason }.
game-finished = P{ $game } est terminée ({ $result }).
end = { $why ->
    [checkmate] échec et mat
    [stalemate] pat
    [insufficient-material] matériel insuffisant
    [fivefold-repetition] quintuple répétition
    [seventy-five-moves] règle des 75 coups
   *[draw-agreed] nulle par accord mutuel
}
end-claimed = nulle réclamée : { $claim ->
    [threefold] triple répétition
   *[fifty] règle des 50 coups
}
end-resigned = { $player } a abandonné
end-lost-on-time = { $player } a dépassé le temps
end-adjudicated = décision de l'arbitre : { $reason }
adjudicated = P{ $game } résultat fixé par l'arbitre : { $result }, { $reason }
taken-back = P{ $game } l'arbitre a annulé les coups après le demi-coup { $ply } : { $reason }
penalized = P{ $game } l'arbitre a imputé { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } à la pendule de { $player } : { $reason }

## La nulle.

draw-offered = P{ $game } { $opponent } propose la nulle. Réponse : P{ $game } nulle acceptée, ou continuez.
draw-offered-with-move = Nulle proposée : réponse P{ $game } nulle acceptée, ou continuez.
    .sms = Nulle proposée.
draw-declined = P{ $game } { $opponent } refuse votre proposition de nulle.
opponent-message = P{ $game } { $opponent } écrit : { $text }
remote-refused = P{ $game } { $move } : refusé par le serveur { $server } : { $reason }. Le coup est annulé ; envoyez-en un autre.
remote-reason = { $code ->
    [NotYourTurn] ce n'est pas votre tour là-bas
    [InvalidMoveNumber] le numéro du coup ne correspond pas à la partie là-bas
    [InvalidMove] le coup n'y est pas légal
    [MoveIsAmbigous] le coup y est ambigu
    [LostOnTime] la partie y est perdue au temps
    [YouAreOnLeave] vous y êtes en congé
    [InvalidGameID] le serveur ne connaît pas cette partie
    [NotYourGame] cette partie n'est pas la vôtre là-bas
    [AuthenticationFailed] le serveur a refusé le mot de passe du compte
    [ServerError] erreur du serveur
    [NoDrawWasOffered] aucune nulle n'a été proposée
    [FeatureUnavailable] le serveur ne le permet pas
   *[other] { $code }
}
remote-only = P{ $game } se joue sur le serveur { $server } : proposez la nulle, réclamez ou abandonnez là-bas.
no-draw-offer = P{ $game } aucune proposition de nulle en cours.
claim-refused = P{ $game } réclamation de nulle refusée : { $reason }.
claim-not = { $claim ->
    [threefold] la position ne s'est pas répétée trois fois
    [fifty] il y a eu une prise ou un coup de pion dans les 50 derniers coups
   *[none] ni la triple répétition ni la règle des 50 coups ne s'applique
}

## La partie et les réglages.

color = { $color ->
    [white] Blancs
   *[black] Noirs
}
board = P{ $game } { $fen } Trait aux { $turn }. Code de position { $code }.
board-sheet = P{ $game } Trait aux { $turn }. Code de position { $code }.
record = P{ $game } { $record }
record-attached = Le fichier PGN de la partie est joint : { $file }.
notation-set = ccgate : notation réglée sur { $value }.
lang-set = ccgate : langue réglée sur { $value }.
help = ccgate : envoyez PARTIE COUP, p. ex. 12 15. 5254 ou 12 15... Cf6. Aussi : nulle ? | nulle acceptée | nulle refusée | abandon | je réclame la nulle | position | partie | congé 10 | aide
    .sms = ccgate : PARTIE COUP, p. ex. 12 15... Cf6. Aussi : nulle ? | nulle acceptée | nulle refusée | abandon | position | aide
unknown-sender = ccgate : cette adresse n'est pas inscrite. Adressez-vous à votre directeur de tournoi.
not-your-game = ccgate : vous n'avez pas de partie { $game }.
which-game = ccgate : quelle partie ? Les vôtres : { $games }. Commencez la ligne par le numéro de partie.
    .sms = ccgate : quelle partie ? Les vôtres : { $games }.
bad-pin = ccgate : PIN absent ou erroné. Rien n'a été joué.
foreign-letter = { $letter } n'est pas une lettre de pièce française ; { $piece ->
    [king] le roi
    [queen] la dame
    [rook] la tour
    [bishop] le fou
   *[knight] le cavalier
} s'écrit { $local }
line-refused = ccgate : { $text } : refusé, { $reason }.
unknown-language = aucune langue n'a le code { $code } ; un code a deux lettres, par exemple de, fr ou ru
unknown-notation = les notations sont { $names }
not-protocol = ccgate : « { $line } » n'est ni un coup ni une commande.

## Congés et pendule.

leave-granted = ccgate : congé du { $from } au { $until } noté. Il vous reste { $left ->
    [one] { $left } jour
   *[other] { $left } jours
} cette année.
leave-refused = ccgate : congé refusé, { $reason }.
leave-zero-days = un congé dure au moins un jour
leave-exceeds = { $requested ->
    [one] { $requested } jour
   *[other] { $requested } jours
} de congé en { $year }, c'est plus que les { $remaining } restants
leave-none-left = plus de congé en { $year } : les { $allowance } jours sont pris
leave-overlaps = chevauche le congé du { $from } au { $until }
leave-overlaps-open = chevauche le congé ouvert depuis le { $from }
leave-out-of-range = dates de congé hors limites
reminder = P{ $game } rappel : vous avez le trait, il reste { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}.

## Coups conditionnels.

conditional-pair = si { $pair }
conditional-stored = P{ $game } coups conditionnels enregistrés : { $moves }
conditional-dropped = P{ $game } vos coups conditionnels sont annulés : { $opponent } a joué { $move }.
conditional-refused = P{ $game } coups conditionnels refusés : { $reason }.
conditional-your-move = vous avez le trait ; envoyez les coups conditionnels après votre coup
conditional-wrong-number = { $text } : à ce stade, c'est le coup { $number } qui est attendu
conditional-unreadable = { $text } : { $reason }

## Messages que la passerelle n'a pas pris.

too-large = ccgate : votre message est trop gros (limite { $limit } Ko) et n'a pas été lu. Envoyez le coup en texte simple.
several-authors = ccgate : votre message indique plus d'un auteur dans le champ From et n'a pas été lu. Un coup vient d'un seul auteur : renvoyez-le depuis votre seule adresse.
held = ccgate : un message à votre nom n'a pas pu être vérifié et est retenu, pas joué. Si vous l'avez envoyé, répondez sous { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} avec : confirm { $code }
hold-expired = ccgate : ce code de confirmation est inconnu, déjà utilisé ou expiré. Rien n'a été joué.
disputed = ccgate : votre contestation est enregistrée pour l'arbitre, qui statuera et vous le dira.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = contestation
unauthenticated = ccgate : un message à votre nom n'a pas pu être vérifié et n'a pas été joué. Demandez un PIN à votre directeur de tournoi.
too-many-lines = ccgate : seules les { $limit } premières lignes de votre message ont été lues, { $skipped } autres non. Envoyez-les dans un autre message.

## Tournois.

event-start = ccgate : { $event } commence, cadence { $time }. Vos parties :
event-game-white = P{ $game } avec les Blancs contre { $opponent }
event-game-black = P{ $game } avec les Noirs contre { $opponent }
event-starts-on = ccgate : { $event } commence le { $date }, cadence { $time } ; les pendules partent ce jour-là. Vos parties :
    .sms = ccgate : { $event } dès le { $date }, { $time }. Vos parties :
ruling = ccgate : décision de l'arbitre sur l'incident { $incident } : { $ruling }
withdrawn = ccgate : { $player } se retire du tournoi { $event } ; parties comptabilisées : { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate : le fichier PGN joint n'a pas été utilisé : { $reason ->
    [unreadable] aucune partie n'a pu y être lue
    [no-game] ses coups ne sont ceux d'aucune de vos parties en cours
    [no-new-move] il n'a aucun coup au-delà de la partie telle qu'elle est
    [too-many] il a { $moves } coups au-delà de la partie telle qu'elle est ; joignez la partie avec votre prochain coup seulement
   *[not-your-move] le coup qu'il ajoute est celui de votre adversaire ; vous n'avez pas le trait
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Vous avez le trait.
your-turn-by = Vous avez le trait, jusqu'au { $date }.
their-turn = À { $opponent } de jouer.
clocks = Pendule : vous avez utilisé { $used }, il vous reste { $left } ; { $opponent } a utilisé { $their-used }, il lui reste { $their-left }.
conditional-answer = Votre coup conditionnel { $number } { $move } a été joué en réponse. Code de position { $code }.
draw-offer-sent = P{ $game } votre proposition de nulle a été transmise à { $opponent }.
resignation-sent = P{ $game } votre abandon a été transmis à { $opponent }.
claim-upheld = P{ $game } votre réclamation de nulle est admise ; nous avons prévenu { $opponent }.
no-game = ccgate : vous n'avez aucune partie en cours.
# The two players of a game, in a mail subject.
subject-players = { $white } contre { $black }
subject-held = ccgate : un message à votre nom est retenu
subject-ruling = ccgate : décision sur l'incident { $incident }
subject-event-start = ccgate : le tournoi { $event } commence
subject-answers = ccgate : les réponses à votre message
subject-withdrawn = ccgate : { $player } se retire du tournoi { $event }
which-game-item = P{ $game } contre { $opponent }, { $whose ->
    [yours] vous avez le trait
   *[theirs] à { $opponent } de jouer
}
    .sms = P{ $game }
legend = Majuscules Blancs, minuscules Noirs. { $pieces }
legend-pieces = { $king } roi, { $queen } dame, { $rook } tour, { $bishop } fou, { $knight } cavalier, { $pawn } pion
quote = > { $line }
prose-read = Lignes lues comme texte : { $count }.
help-mail =
    ccgate : jouer par courriel

    Une ligne par coup ou commande, commençant par le numéro de partie (sans numéro si une seule de vos parties attend votre coup) :
    12 15... { $move } — votre coup dans la partie 12
    12 15. { $echo } 15... { $move } — le dernier coup de l'adversaire, puis le vôtre (un contrôle contre les erreurs)
    12 if 16. { $trigger } 16... { $answer } — coups conditionnels : si l'adversaire joue le premier, le second est joué aussitôt
    12 nulle ? — proposer la nulle
    12 nulle acceptée — accepter la nulle proposée
    12 nulle refusée — la refuser
    12 je réclame la nulle — réclamer la nulle par triple répétition ou par la règle des 50 coups
    12 abandon — abandonner la partie
    12 position — la position
    12 partie — la notation de la partie
    notation iccf — comment les coups vous sont écrits
    lang fr — la langue de ces réponses
    congé 10 — dix jours de congé dès aujourd'hui
    aide — ce texte

    Écrire un coup dans votre notation ({ $notation }) : { $move } joue le cavalier de g8 en f6 ; les chiffres ICCF sont toujours compris : { $iccf }.

    Le code de position : chaque avis de coup donne un code de quatre caractères pour la position après le coup (après 1. e4, c'est PCG2). Il vient de la clé Polyglot de la position, que beaucoup de logiciels d'échecs affichent : ses cinq derniers chiffres hexadécimaux, écrits en quatre caractères ; le guide des joueurs de ccgate explique comment. Si votre propre échiquier donne un autre code, il diffère de la partie : écrivez avant de jouer.

    Les autres lignes de votre message sont lues comme du texte, sans réponse.

## Signing in and playing on the web.

web-code = ccgate : votre code pour vous connecter sur le web est { $code }. Il est valable { $minutes } min, une seule fois.
subject-web-code = ccgate : votre code de connexion
signin-title = Se connecter
signin-address = Votre adresse électronique, numéro de téléphone ou indicatif, tel que ccgate le connaît
signin-send = M'envoyer un code
signin-code-sent = Si ccgate connaît cette adresse, un code de connexion y est en route. Il est valable { $minutes } min.
signin-code = Code
signin-sign-in = Se connecter
signin-refused = Ce code ne vous connecte pas : il est faux, expiré ou déjà utilisé, ou trop de codes faux ont bloqué la connexion pour cette adresse pendant un quart d'heure.
signin-new-code = Demander un nouveau code
signin-with-password = Ou avec votre mot de passe, si vous en avez choisi un
signin-password = Mot de passe
signin-password-refused = Cela ne vous connecte pas : l'adresse ou le mot de passe est faux, aucun mot de passe n'est défini pour elle, ou trop d'essais erronés ont bloqué la connexion à cette adresse pour un moment.
account-title = Votre mot de passe
account-explain = Un mot de passe à vous vous connecte ici sans code, et connecte votre logiciel de correspondance par Xfcc. Il a au moins 8 caractères.
account-has = Vous avez un mot de passe.
account-none = Vous n'avez pas de mot de passe : vous vous connectez avec un code.
account-new = Nouveau mot de passe
account-set = Définir le mot de passe
account-remove = Supprimer le mot de passe
account-set-done = Votre mot de passe est défini.
account-removed = Votre mot de passe est supprimé : vous vous connectez avec un code.
account-weak = Un mot de passe a au moins 8 caractères : rien n'a été changé.
play-title = Jouer
play-sign-in = Connectez-vous pour jouer vos parties ici.
play-line = Votre coup ou commande, tel que vous l'écririez dans un courriel à ccgate
play-offer-draw = Proposer la nulle avec ce coup
play-send = Envoyer
play-accept = Accepter la nulle
play-decline = Refuser la nulle
play-resign = Abandonner
play-sign-out = Se déconnecter
play-not-yours = Ce n'est pas une de vos parties : rien n'a été fait.
play-form-refused = Ce formulaire n'a pas pu être lu (trop grand ou abîmé) : rien n'a été fait.

## The director's web console.

desk-console = Console de l'arbitre
desk-title-login = Connexion de l'arbitre
desk-name = Nom
desk-password = Mot de passe
desk-sign-in = Se connecter
desk-sign-out = Se déconnecter
desk-signed-in-as = Connecté : { $name }
desk-login-refused = Nom ou mot de passe erroné.
desk-login-limited = Trop d'échecs de connexion : réessayez dans un quart d'heure.
desk-csrf-refused = Ce formulaire a expiré ou ne vient pas de ce site : rechargez la page et réessayez.
desk-not-found = Introuvable.
desk-refused = Refusé
desk-back = Retour
desk-incidents = Incidents
desk-players = Joueurs
desk-players-edit = Modifier
desk-outbox = Boîte d'envoi
desk-audit = Journal d'audit
desk-health = État
desk-no-incidents = Aucun incident ouvert.
desk-incident = Incident { $id }
desk-recorded = Enregistré
desk-game = Partie
desk-player = Joueur
desk-detail = Détail
desk-line = Ligne
desk-position = Position
desk-evidence = Le message tel que reçu
desk-ruling = Décision
desk-tell = Informer
desk-tell-players = les deux joueurs
desk-tell-player = le joueur
desk-tell-nobody = personne
desk-rule = Enregistrer la décision
desk-adjudicate = Arbitrer
desk-result = Résultat
desk-reason = Motif
desk-overrule = changer le résultat d'une partie terminée
desk-dismiss = Classer sans suite
desk-takeback = Annuler des coups
desk-to-ply = Garder les coups jusqu'au demi-coup
desk-penalty = Pénalité
desk-days = Jours
desk-withdraw = Retirer du tournoi
desk-notation = Notation
desk-language = Langue
desk-time-zone = Fuseau horaire
desk-reset-pin = réinitialiser le PIN
desk-save = Enregistrer
desk-remove = Retirer
desk-removed = retiré
desk-addresses = Adresses
desk-no-stuck = Rien de bloqué : chaque réponse est envoyée ou attend son premier essai.
desk-to = À
desk-state = État
desk-attempts = Essais
desk-last-error = Dernière erreur
desk-failed = abandonnée
desk-waiting = prochain essai
desk-retry = Renvoyer
desk-when = Quand
desk-by = Par
desk-action = Action
desk-command-line = ligne de commande
desk-channel = Canal
desk-in = Messages reçus
desk-out = Réponses envoyées
desk-send-failures = Envois échoués
desk-queued = En attente
desk-link = Liaison
desk-link-state = État
desk-link-since = Depuis
desk-link-error = Dernière erreur
desk-link-name = { $link ->
    [imap] Boîte IMAP
    [modem] Modem SMS
    [radio] Liaison radio
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] connexion en cours
    [up] établie
    [retrying] nouvel essai à venir
    [given-up] abandonnée
   *[other] { $state }
}
desk-filter = Filtrer
desk-any = tous
desk-kind = Type
desk-event = Tournoi
desk-since = Du
desk-until = Au
desk-choose = Choix
desk-summary = Résumé
desk-dismiss-chosen = Classer la sélection
desk-rulings = Décisions
desk-state-is = { $state ->
    [waiting] en attente
    [recorded] enregistré
    [ruled] tranché
   *[other] { $state }
}
desk-done-ruled = Incident { $n } tranché.
desk-done-dismissed = { $n ->
    [1] Un incident classé.
   *[other] { $n } incidents classés.
}
desk-done-adjudicate = Partie { $n } arbitrée.
desk-done-takeback = Coups de la partie { $n } repris.
desk-done-penalty = Pénalité imputée dans la partie { $n }.
desk-done-withdraw = Joueur retiré du tournoi.

## The director's games: the list, one game's page, the reminder.
desk-games = Parties
desk-white = Blancs
desk-black = Noirs
desk-plies = Demi-coups
desk-to-move = Au trait
desk-deadline = Échéance
desk-game-state = { $state ->
    [active] en cours
    [finished] terminée
    [overdue] échéance dépassée
    [near] échéance dans 3 jours
   *[other] { $state }
}
desk-no-games = Aucune partie.
desk-remind = Envoyer un rappel
desk-remind-game = Envoyer un rappel pour la partie { $id }
desk-done-reminded = Rappel envoyé pour la partie { $n }.
desk-journal = Messages
desk-no-messages = Aucun message.
desk-outcome = Suite donnée
desk-held = Courrier retenu
desk-no-holds = Aucun courrier retenu.
desk-held-open = ouvert
desk-no-audit = Rien dans le journal d’audit.
desk-health-state = État
desk-health-is = { $state ->
    [ok] en marche
    [failing] en panne
   *[other] { $state }
}
desk-up-since = En marche depuis
desk-errors = Erreurs
desk-clock = Horloge
desk-clock-held = pertes au temps suspendues jusqu’à confirmation de l’heure (ccgate clock --confirm-time)
desk-version = Version

## The web pages.

page-events = Tournois
page-notation = Notation
page-language = Langue
page-show = Afficher
page-game = Partie
page-first = Début
page-previous = Précédent
page-next = Suivant
page-last = Fin
page-to-move = au trait
page-result = Résultat
page-draw-offered = propose la nulle
page-clocks = Pendules
page-days-used = jours utilisés
page-days-left = jours restants
page-unlimited = sans limite
page-deadline = échéance
page-moves = Coups
page-no-moves = Aucun coup pour l'instant.
page-round = ronde
page-board = échiquier
page-start = Position de départ
page-rank = Rang
page-player = Joueur
page-score = Points
page-wins = Victoires
page-sb = SB
page-withdrawn = retiré
page-tie-breaks = Départages
page-crosstable = Grille : chaque résultat mène à sa partie
page-games = Parties
page-opponent = Adversaire
page-colour = Couleur
page-event = Tournoi
page-state = État
page-deadline-col = Échéance
page-no-games = Aucune partie à afficher.
page-not-found = Introuvable
page-board-white = Échiquier { $fen }, vu du côté des Blancs
page-board-black = Échiquier { $fen }, vu du côté des Noirs
page-after = Après { $move }
page-move-to-move = coup { $number }, trait aux { $color }
page-flip = Retourner l'échiquier
page-pgn = Télécharger la partie (PGN)
page-steps = Parcourir les coups
page-move-dates = Dates et jours par coup
page-move = Coup
page-date = Date
page-days = Jours
page-deadline-why = Échéance de { $player } : { $why ->
    [duplication] les jours au-delà de { $days } pour un coup comptent double (doublement ICCF), ce qui l'avance.
    [leave] les jours de congé ne comptent pas, ce qui la repousse.
   *[both] les jours au-delà de { $days } pour un coup comptent double (doublement ICCF), et les jours de congé ne comptent pas.
}
page-conditions = Conditions
page-time-control = Cadence
page-tc = { $kind ->
    [moves] { $moves } coups en { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }
    [per-move] { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } par coup
    [fischer] { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } au départ, plus { $increment ->
        [one] { $increment } jour
       *[other] { $increment } jours
    } par coup joué
   *[none] sans limite de temps
}
page-format = Formule
page-round-robin = { $double ->
    [yes] toutes rondes, aller et retour
   *[no] toutes rondes
}
page-duplication = Doublement
page-duplication-rule = les jours au-delà de { $days } pour un coup comptent double
page-no-duplication = aucun
page-penalty = Coup illégal
page-penalty-rule = { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } ajoutés au temps de son auteur
page-leave = Congé
page-leave-rule = { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } par joueur et par année civile
page-tie-break-order = { $rules ->
    [iccf] points, puis victoires, puis Sonneborn-Berger, puis les parties entre les ex aequo
   *[plain] points, puis Sonneborn-Berger, puis victoires
}
page-start-date = Début
page-progress = Avancement
page-progress-of = { $finished } parties terminées sur { $total }
page-pgn-all = Toutes les parties (PGN)
page-your-turn = à vous de jouer
page-player-to-move = { $player } au trait
page-no-translation = Ces pages ne sont pas encore traduites en { $name } ({ $native }) : elles sont affichées en anglais.
page-no-events = Aucun tournoi à afficher.
page-status = État
page-in-progress = en cours
page-finished = terminé
page-players = Joueurs
