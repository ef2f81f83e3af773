# Le risposte di ccgate in italiano. Ogni messaggio ha le stesse variabili
# ({ $name }) del catalogo inglese. Le risposte via SMS e radio stanno in un
# messaggio: 160 caratteri (70 fuori dall'alfabeto GSM).
# `P{ $game }` indica una partita; i giocatori lo ricopiano così.

## Numeri con la loro parola.

days = { $days ->
    [one] { $days } giorno
   *[other] { $days } giorni
}
hours = { $hours ->
    [one] { $hours } ora
   *[other] { $hours } ore
}
# Una data in cifre, come si scrive in italiano (26/01/2027).
date = { $day }/{ $month }/{ $year }

## Mosse.

confirm = P{ $game } { $number } { $move } accettata. Codice posizione { $code }.
your-move = P{ $game } { $number } { $move } di { $opponent }. Codice posizione { $code }.
refused = P{ $game } { $text }: rifiutata, { $reason }.
refused-brief = P{ $game } { $text }: rifiutata.
did-you-mean = { " " }Intendeva { $moves }?
nothing-applied = { " " }Non è stato eseguito nulla.
penalty = { " " }Penalità: { $days ->
    [one] { $days } giorno aggiunto
   *[other] { $days } giorni aggiunti
} al suo tempo.
    .sms = { " " }Penalità: { days }.
one-move-per-line = una mossa per riga, eventualmente dopo l'ultima mossa dell'avversario
not-your-turn = P{ $game } { $text }: rifiutata, nella partita { $game } muove { $opponent }.
wrong-number = P{ $game } { $text }: rifiutata, la mossa { $number } è la prossima.
desync = P{ $game } la sua { $text } non corrisponde alla partita: non è stato applicato nulla, nemmeno la sua mossa in questo messaggio. Formulario: { $record }

## Perché una mossa non si può leggere o giocare.

expected = { $what ->
    [move] una mossa
    [move-not-result] una mossa, non un risultato
    [file] una colonna (a-h)
    [rank] una traversa (1-8)
    [square] una casa
    [piece-or-square] la lettera di un pezzo o una casa
    [destination] una casa di arrivo
    [square-or-promotion] una casa o un pezzo di promozione
    [promotion] un pezzo di promozione
    [promotion-piece] un pezzo di promozione (D, T, A o C)
    [promotion-letter] una lettera di promozione (q, r, b, n)
    [promotion-digit] una cifra di promozione (1=D 2=T 3=A 4=C)
    [english-piece] un pezzo (K, Q, R, B, N, Kt, P) o un arrocco
    [not-king] un pezzo diverso dal re
    [captured] il pezzo catturato
    [dash-or-x] «-» o «x»
    [close-paren] «)»
    [suffix] un segno di scacco, e.p., ! o ?, o la fine della mossa
    [iccf-end] la fine della mossa (4 o 5 cifre)
    [origin-file-digit] la cifra della colonna di partenza (1-8)
    [origin-rank-digit] la cifra della traversa di partenza (1-8)
    [destination-file-digit] la cifra della colonna di arrivo (1-8)
    [destination-rank-digit] la cifra della traversa di arrivo (1-8)
    [desc-square] una casa come K4 o QB3
    [desc-origin] la colonna o traversa del pezzo, come (1) o (QB3)
    [uedemann-code] un codice Uedemann
    [uedemann-origin] due lettere per la casa di partenza
    [uedemann-destination] due lettere per la casa di arrivo
    [uedemann-suffix] una lettera suffisso (q r b k promozione; c scacco, m matto, p e.p., t cattura)
   *[end] la fine della mossa
}
malformed = atteso { $expected } al carattere { $at }
    .sms = illeggibile al carattere { $at }
malformed-found = atteso { $expected } al carattere { $at }, trovato «{ $found }»
    .sms = illeggibile al carattere { $at }
ambiguous = ambigua, può essere { $moves }
conflict = si legge diversamente in due notazioni: { $readings }
illegal-no-such-piece-on = non ha { $piece ->
    [pawn] nessun pedone
    [knight] nessun cavallo
    [bishop] nessun alfiere
    [rook] nessuna torre
    [queen] nessuna donna
    [king] nessun re
   *[piece] nessun pezzo
} in { $square }
illegal-no-such-piece = non ha { $piece ->
    [pawn] nessun pedone
    [knight] nessun cavallo
    [bishop] nessun alfiere
    [rook] nessuna torre
    [queen] nessuna donna
    [king] nessun re
   *[piece] nessun pezzo
} che possa fare questa mossa
illegal-empty-square = in { $square } non c'è nessun pezzo
illegal-not-your-piece = il pezzo in { $square } è dell'avversario
illegal-cannot-move = { $piece ->
    [pawn] il pedone
    [knight] il cavallo
    [bishop] l'alfiere
    [rook] la torre
    [queen] la donna
    [king] il re
   *[piece] il pezzo
} in { $from } non può andare in { $to }
illegal-cannot-reach = { $piece ->
    [pawn] nessun suo pedone
    [knight] nessun suo cavallo
    [bishop] nessun suo alfiere
    [rook] nessuna sua torre
    [queen] nessuna sua donna
    [king] il suo re non
   *[piece] nessun suo pezzo
} può raggiungere { $to }
illegal-own-piece = in { $square } c'è un suo pezzo
illegal-pinned = { $piece ->
    [pawn] il pedone in { $from } è inchiodato
    [knight] il cavallo in { $from } è inchiodato
    [bishop] l'alfiere in { $from } è inchiodato
    [rook] la torre in { $from } è inchiodata
    [queen] la donna in { $from } è inchiodata
    [king] il re in { $from } è inchiodato
   *[piece] il pezzo in { $from } è inchiodato
}: la mossa esporrebbe il suo re
illegal-in-check = il suo re è sotto scacco e questa mossa non para lo scacco
illegal-into-check = il suo re sarebbe sotto scacco in { $square }
illegal-promotion-missing = un pedone che arriva all'ultima traversa deve indicare il pezzo di promozione
illegal-not-promotion = è indicato un pezzo di promozione, ma la mossa non è una promozione
illegal-pawn-capture-needs-file = una cattura di pedone indica la colonna del pedone (exd5, non d5)
illegal-castling-rights-gone = non può più fare { $side ->
    [kingside] l'arrocco corto
   *[queenside] l'arrocco lungo
}: il re o quella torre hanno già mosso
illegal-castling-blocked = non può fare { $side ->
    [kingside] l'arrocco corto
   *[queenside] l'arrocco lungo
}: ci sono pezzi tra il re e la torre
illegal-castling-in-check = non si può arroccare sotto scacco
illegal-castling-through-check = non può fare { $side ->
    [kingside] l'arrocco corto
   *[queenside] l'arrocco lungo
}: il re attraverserebbe o raggiungerebbe una casa attaccata
    .sms = non può fare { $side ->
        [kingside] l'arrocco corto
       *[queenside] l'arrocco lungo
    }: casa attaccata
illegal-no-legal-moves = la partita è finita: non ci sono mosse legali

## La fine della partita.

game-over = P{ $game } finita: { $result }, { $reason }.
game-finished = P{ $game } è finita ({ $result }).
end = { $why ->
    [checkmate] scacco matto
    [stalemate] stallo
    [insufficient-material] materiale insufficiente
    [fivefold-repetition] quintupla ripetizione
    [seventy-five-moves] regola delle 75 mosse
   *[draw-agreed] patta d'accordo
}
end-claimed = patta reclamata: { $claim ->
    [threefold] triplice ripetizione
   *[fifty] regola delle 50 mosse
}
end-resigned = { $player } ha abbandonato
end-lost-on-time = { $player } ha perso per tempo
end-adjudicated = decisione dell'arbitro: { $reason }
adjudicated = P{ $game } aggiudicata { $result }: { $reason }
taken-back = P{ $game } l'arbitro ha annullato le mosse dopo la semimossa { $ply }: { $reason }
penalized = P{ $game } l'arbitro ha addebitato { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    } all'orologio di { $player }: { $reason }

## La patta.

draw-offered = P{ $game } { $opponent } propone la patta. Risponda P{ $game } patta accettata, o continui a giocare.
draw-offered-with-move = Patta proposta: risponda P{ $game } patta accettata, o continui a giocare.
    .sms = Patta proposta.
draw-declined = P{ $game } { $opponent } rifiuta la sua proposta di patta.
opponent-message = P{ $game } { $opponent } scrive: { $text }
remote-refused = P{ $game } { $move }: rifiutata dal server { $server }: { $reason }. La mossa è ritirata; ne invii un'altra.
remote-reason = { $code ->
    [NotYourTurn] lì non tocca a lei
    [InvalidMoveNumber] lì il numero della mossa non corrisponde alla partita
    [InvalidMove] lì la mossa non è legale
    [MoveIsAmbigous] lì la mossa è ambigua
    [LostOnTime] lì la partita è persa per tempo
    [YouAreOnLeave] lì lei è in ferie
    [InvalidGameID] il server non conosce questa partita
    [NotYourGame] lì la partita non è sua
    [AuthenticationFailed] il server ha rifiutato la password dell'account
    [ServerError] errore del server
    [NoDrawWasOffered] non c'era una proposta di patta
    [FeatureUnavailable] il server non lo consente
   *[other] { $code }
}
remote-only = P{ $game } si gioca sul server { $server }: proponga patta, reclami o abbandoni lì.
no-draw-offer = P{ $game } non c'è nessuna proposta di patta.
claim-refused = P{ $game } richiesta di patta respinta: { $reason }.
claim-not = { $claim ->
    [threefold] la posizione non si è ripetuta tre volte
    [fifty] nelle ultime 50 mosse c'è stata una cattura o una mossa di pedone
   *[none] non vale né la triplice ripetizione né la regola delle 50 mosse
}

## La partita e le impostazioni.

color = { $color ->
    [white] il Bianco
   *[black] il Nero
}
board = P{ $game } { $fen } Muove { $turn }. Codice posizione { $code }.
board-sheet = P{ $game } Muove { $turn }. Codice posizione { $code }.
record = P{ $game } { $record }
record-attached = Il file PGN della partita è allegato: { $file }.
notation-set = ccgate: notazione impostata su { $value }.
lang-set = ccgate: lingua impostata su { $value }.
help = ccgate: invii PARTITA MOSSA, per es. 12 15. 5254 o 12 15... Cf6. Inoltre: patta? | patta accettata | patta rifiutata | abbandono | reclamo la patta | posizione | partita | ferie 10 | aiuto
    .sms = ccgate: PARTITA MOSSA, per es. 12 15... Cf6. Inoltre: patta? | patta accettata | patta rifiutata | abbandono | posizione | aiuto
unknown-sender = ccgate: questo indirizzo non è registrato. Si rivolga al direttore del torneo.
not-your-game = ccgate: non ha nessuna partita { $game }.
which-game = ccgate: quale partita? Le sue: { $games }. Inizi la riga con il numero della partita.
    .sms = ccgate: quale partita? Le sue: { $games }.
bad-pin = ccgate: PIN mancante o errato. Non è stato eseguito nulla.
foreign-letter = { $letter } non è una lettera di pezzo in italiano; { $piece ->
    [king] il re
    [queen] la donna
    [rook] la torre
    [bishop] l'alfiere
   *[knight] il cavallo
} si scrive { $local }
line-refused = ccgate: { $text }: rifiutato, { $reason }.
unknown-language = nessuna lingua ha il codice { $code }; un codice ha due lettere, come de, fr o ru
unknown-notation = le notazioni sono { $names }
not-protocol = ccgate: «{ $line }» non è né una mossa né un comando.

## Ferie e orologio.

leave-granted = ccgate: ferie dal { $from } al { $until } annotate. { $left ->
    [one] Le resta { $left } giorno
   *[other] Le restano { $left } giorni
} quest'anno.
leave-refused = ccgate: ferie rifiutate, { $reason }.
leave-zero-days = le ferie durano almeno un giorno
leave-exceeds = { $requested ->
    [one] { $requested } giorno
   *[other] { $requested } giorni
} di ferie nel { $year }: più di quanto le resta ({ $remaining })
leave-none-left = nessun giorno di ferie rimasto nel { $year }: usati tutti i { $allowance }
leave-overlaps = si sovrappone alle ferie dal { $from } al { $until }
leave-overlaps-open = si sovrappone alle ferie aperte dal { $from }
leave-out-of-range = date delle ferie fuori intervallo
reminder = P{ $game } promemoria: tocca a lei, { $days ->
    [one] resta { $days } giorno
   *[other] restano { $days } giorni
}.

## Mosse condizionali.

conditional-pair = se { $pair }
conditional-stored = P{ $game } mosse condizionali salvate: { $moves }
conditional-dropped = P{ $game } le sue mosse condizionali sono annullate: { $opponent } ha giocato { $move }.
conditional-refused = P{ $game } mosse condizionali rifiutate: { $reason }.
conditional-your-move = tocca a lei; invii le condizionali dopo la sua mossa
conditional-wrong-number = { $text }: lì la mossa { $number } è quella attesa
conditional-unreadable = { $text }: { $reason }

## Messaggi che il gateway non ha accettato.

too-large = ccgate: il suo messaggio è troppo grande (limite { $limit } KB) e non è stato letto. Invii la mossa come testo semplice.
several-authors = ccgate: il suo messaggio indica più di un autore nel campo From e non è stato letto. Una mossa viene da un solo autore: la invii di nuovo soltanto dal suo indirizzo.
    .sms = ccgate: più di un autore in From, non letto. Invii solo dal suo indirizzo.
held = ccgate: un messaggio a suo nome non è stato verificato ed è trattenuto, non eseguito. Se l'ha inviato lei, risponda entro { $hours ->
    [one] { $hours } ora
   *[other] { $hours } ore
} con: confirm { $code }
hold-expired = ccgate: questo codice di conferma è sconosciuto, già usato o scaduto. Non è stato eseguito nulla.
disputed = ccgate: il suo reclamo è registrato per l'arbitro, che deciderà e glielo comunicherà.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = reclamo
unauthenticated = ccgate: un messaggio a suo nome non è stato verificato e non è stato eseguito. Chieda un PIN al direttore del torneo.
too-many-lines = ccgate: sono state lette solo le prime { $limit } righe del suo messaggio, altre { $skipped } no. Le invii in un altro messaggio.

## Tornei.

event-start = ccgate: inizia il torneo { $event }, cadenza { $time }. Le sue partite:
event-game-white = P{ $game } con il Bianco contro { $opponent }
event-game-black = P{ $game } con il Nero contro { $opponent }
event-starts-on = ccgate: { $event } inizia il { $date }, cadenza { $time }; gli orologi partono da quel giorno. Le sue partite:
    .sms = ccgate: { $event } dal { $date }, { $time }. Le sue partite:
ruling = ccgate: decisione dell'arbitro sull'incidente { $incident }: { $ruling }
withdrawn = ccgate: { $player } si ritira dal torneo { $event }; partite assegnate: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: il file PGN allegato non è stato usato: { $reason ->
    [unreadable] non vi si è potuta leggere alcuna partita
    [no-game] le sue mosse non sono quelle di nessuna delle sue partite in corso
    [no-new-move] non ha alcuna mossa oltre la partita com'è ora
    [too-many] ha { $moves } mosse oltre la partita com'è ora; alleghi la partita con la sola sua prossima mossa
   *[not-your-move] la mossa che aggiunge è dell'avversario; non tocca a lei
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Tocca a lei.
your-turn-by = Tocca a lei, entro il { $date }.
their-turn = Muove { $opponent }.
clocks = Orologio: lei ha usato { $used } e ne ha ancora { $left }; { $opponent } ha usato { $their-used } e ne ha ancora { $their-left }.
conditional-answer = La sua mossa condizionale { $number } { $move } è stata giocata in risposta. Codice posizione { $code }.
draw-offer-sent = P{ $game } la sua proposta di patta è andata a { $opponent }.
resignation-sent = P{ $game } il suo abbandono è stato comunicato a { $opponent }.
claim-upheld = P{ $game } la sua richiesta di patta è accolta; abbiamo avvisato { $opponent }.
no-game = ccgate: non ha nessuna partita in corso.
# The two players of a game, in a mail subject.
subject-players = { $white } contro { $black }
subject-held = ccgate: un messaggio a suo nome è trattenuto
subject-ruling = ccgate: decisione sull'incidente { $incident }
subject-event-start = ccgate: inizia il torneo { $event }
subject-answers = ccgate: le risposte al suo messaggio
subject-withdrawn = ccgate: { $player } si ritira dal torneo { $event }
which-game-item = P{ $game } contro { $opponent }, { $whose ->
    [yours] tocca a lei
   *[theirs] muove { $opponent }
}
    .sms = P{ $game }
legend = Maiuscole il Bianco, minuscole il Nero. { $pieces }
legend-pieces = { $king } re, { $queen } donna, { $rook } torre, { $bishop } alfiere, { $knight } cavallo, { $pawn } pedone
quote = > { $line }
prose-read = Righe lette come testo: { $count }.
help-mail =
    ccgate: giocare per posta elettronica

    Una riga per mossa o comando, con davanti il numero della partita (senza numero se una sola delle sue partite attende la sua mossa):
    12 15... { $move } — la sua mossa nella partita 12
    12 15. { $echo } 15... { $move } — l'ultima mossa dell'avversario, poi la sua (un controllo contro gli errori)
    12 if 16. { $trigger } 16... { $answer } — mosse condizionali: se l'avversario gioca la prima, la seconda è giocata subito
    12 patta? — offrire la patta
    12 patta accettata — accettare l'offerta di patta
    12 patta rifiutata — rifiutarla
    12 reclamo la patta — reclamare la patta per triplice ripetizione o per la regola delle 50 mosse
    12 abbandono — abbandonare la partita
    12 posizione — la posizione
    12 partita — la notazione della partita
    notation iccf — come le sono scritte le mosse
    lang it — la lingua di queste risposte
    ferie 10 — dieci giorni di ferie da oggi
    aiuto — questo testo

    Come scrivere una mossa nella sua notazione ({ $notation }): { $move } porta il cavallo da g8 a f6; le cifre ICCF sono sempre comprese: { $iccf }.

    Il codice posizione: ogni avviso di mossa dà un codice di quattro caratteri della posizione dopo la mossa (dopo 1. e4 è PCG2). Deriva dalla chiave Polyglot della posizione, che molti programmi di scacchi mostrano: le sue ultime cinque cifre esadecimali, scritte con quattro caratteri; la guida per i giocatori di ccgate spiega come. Se la sua scacchiera dà un altro codice, scacchiera e partita non coincidono: scriva prima di muovere.

    Le altre righe del messaggio sono lette come testo e non ricevono risposta.

## Signing in and playing on the web.

web-code = ccgate: il suo codice per accedere al web è { $code }. Vale { $minutes } min e una sola volta.
subject-web-code = ccgate: il suo codice di accesso
signin-title = Accedi
signin-address = Il suo indirizzo di posta elettronica, numero di telefono o nominativo, come lo conosce ccgate
signin-send = Inviatemi un codice
signin-code-sent = Se ccgate conosce questo indirizzo, un codice di accesso è in arrivo lì. Vale { $minutes } min.
signin-code = Codice
signin-sign-in = Accedi
signin-refused = Questo codice non le dà accesso: è errato, scaduto o già usato, oppure troppi codici errati hanno bloccato l'accesso per questo indirizzo per un quarto d'ora.
signin-new-code = Chiedere un nuovo codice
signin-with-password = Oppure con la sua password, se ne ha impostata una
signin-password = Password
signin-password-refused = Così non accede: l'indirizzo o la password sono errati, per esso non è impostata alcuna password, oppure troppi tentativi errati hanno bloccato l'accesso da questo indirizzo per un po'.
account-title = La sua password
account-explain = Con una password sua accede qui senza codice, e il suo programma per corrispondenza accede con essa via Xfcc. Ha almeno 8 caratteri.
account-has = Ha una password.
account-none = Non ha una password: accede con un codice.
account-new = Nuova password
account-set = Imposta la password
account-remove = Rimuovi la password
account-set-done = La sua password è impostata.
account-removed = La sua password è stata rimossa: accede con un codice.
account-weak = Una password ha almeno 8 caratteri: non è stato cambiato nulla.
play-title = Gioca
play-sign-in = Acceda per giocare qui le sue partite.
play-line = La sua mossa o il suo comando, come lo scriverebbe in un messaggio a ccgate
play-offer-draw = Offrire la patta con questa mossa
play-send = Invia
play-accept = Accettare la patta
play-decline = Rifiutare la patta
play-resign = Abbandonare
play-sign-out = Esci
play-not-yours = Questa non è una delle sue partite: non è stato fatto nulla.
play-form-refused = Questo modulo non si è potuto leggere (troppo grande o danneggiato): non è stato fatto nulla.

## The director's web console.

desk-console = Console del direttore
desk-title-login = Accesso del direttore
desk-name = Nome
desk-password = Password
desk-sign-in = Accedi
desk-sign-out = Esci
desk-signed-in-as = Accesso come { $name }
desk-login-refused = Nome o password errati.
desk-login-limited = Troppi accessi falliti: riprova tra un quarto d'ora.
desk-csrf-refused = Questo modulo è scaduto o non proviene da questo sito: ricarica la pagina e riprova.
desk-not-found = Non trovato.
desk-refused = Rifiutato
desk-back = Indietro
desk-incidents = Segnalazioni
desk-players = Giocatori
desk-players-edit = Modifica
desk-outbox = Posta in uscita
desk-audit = Registro delle azioni
desk-health = Stato
desk-no-incidents = Nessuna segnalazione aperta.
desk-incident = Segnalazione { $id }
desk-recorded = Registrato
desk-game = Partita
desk-player = Giocatore
desk-detail = Dettaglio
desk-line = Riga
desk-position = Posizione
desk-evidence = Il messaggio come è arrivato
desk-ruling = Decisione
desk-tell = Informa
desk-tell-players = entrambi i giocatori
desk-tell-player = il giocatore
desk-tell-nobody = nessuno
desk-rule = Registra la decisione
desk-adjudicate = Aggiudica
desk-result = Risultato
desk-reason = Motivo
desk-overrule = cambia il risultato di una partita finita
desk-dismiss = Archiviare
desk-takeback = Annullare mosse
desk-to-ply = Tenere le mosse fino alla semimossa
desk-penalty = Penalità
desk-days = Giorni
desk-withdraw = Ritirare dal torneo
desk-notation = Notazione
desk-language = Lingua
desk-time-zone = Fuso orario
desk-reset-pin = azzera il PIN
desk-save = Salva
desk-remove = Rimuovi
desk-removed = rimosso
desk-addresses = Indirizzi
desk-no-stuck = Niente di bloccato: ogni risposta è stata inviata o attende il primo tentativo.
desk-to = A
desk-state = Stato
desk-attempts = Tentativi
desk-last-error = Ultimo errore
desk-failed = abbandonata
desk-waiting = prossimo tentativo
desk-retry = Invia di nuovo
desk-when = Quando
desk-by = Da
desk-action = Azione
desk-command-line = riga di comando
desk-channel = Canale
desk-in = Messaggi ricevuti
desk-out = Risposte inviate
desk-send-failures = Invii falliti
desk-queued = In coda
desk-link = Collegamento
desk-link-state = Stato
desk-link-since = Da
desk-link-error = Ultimo errore
desk-link-name = { $link ->
    [imap] Casella IMAP
    [modem] Modem SMS
    [radio] Collegamento radio
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] in connessione
    [up] attivo
    [retrying] nuovo tentativo in arrivo
    [given-up] abbandonato
   *[other] { $state }
}
desk-filter = Filtra
desk-any = tutti
desk-kind = Tipo
desk-event = Torneo
desk-since = Dal
desk-until = Al
desk-choose = Scelta
desk-summary = Riepilogo
desk-dismiss-chosen = Archivia i scelti
desk-rulings = Decisioni
desk-state-is = { $state ->
    [waiting] in attesa
    [recorded] registrato
    [ruled] deciso
   *[other] { $state }
}
desk-done-ruled = Incidente { $n } deciso.
desk-done-dismissed = { $n ->
    [1] Un incidente archiviato.
   *[other] { $n } incidenti archiviati.
}
desk-done-adjudicate = Partita { $n } aggiudicata.
desk-done-takeback = Mosse della partita { $n } annullate.
desk-done-penalty = Penalità addebitata nella partita { $n }.
desk-done-withdraw = Giocatore ritirato dal torneo.

## The director's games: the list, one game's page, the reminder.
desk-games = Partite
desk-white = Bianco
desk-black = Nero
desk-plies = Semimosse
desk-to-move = Al tratto
desk-deadline = Scadenza
desk-game-state = { $state ->
    [active] in corso
    [finished] finita
    [overdue] scadenza superata
    [near] scadenza entro 3 giorni
   *[other] { $state }
}
desk-no-games = Nessuna partita.
desk-remind = Invia un promemoria
desk-remind-game = Invia un promemoria per la partita { $id }
desk-done-reminded = Promemoria inviato per la partita { $n }.
desk-journal = Messaggi
desk-no-messages = Nessun messaggio.
desk-outcome = Esito
desk-held = Posta trattenuta
desk-no-holds = Nessuna posta trattenuta.
desk-held-open = aperto
desk-no-audit = Niente nel registro di controllo.
desk-health-state = Stato
desk-health-is = { $state ->
    [ok] in funzione
    [failing] in errore
   *[other] { $state }
}
desk-up-since = In funzione dal
desk-errors = Errori
desk-clock = Orologio
desk-clock-held = sconfitte per tempo sospese finché l’ora non è confermata (ccgate clock --confirm-time)
desk-version = Versione

## The web pages.

page-events = Tornei
page-notation = Notazione
page-language = Lingua
page-show = Mostra
page-game = Partita
page-first = Inizio
page-previous = Precedente
page-next = Successiva
page-last = Fine
page-to-move = muove
page-result = Risultato
page-draw-offered = offre la patta
page-clocks = Orologi
page-days-used = giorni usati
page-days-left = giorni rimasti
page-unlimited = senza limite
page-deadline = scadenza
page-moves = Mosse
page-no-moves = Ancora nessuna mossa.
page-round = turno
page-board = scacchiera
page-start = Posizione iniziale
page-rank = Posto
page-player = Giocatore
page-score = Punti
page-wins = Vittorie
page-sb = SB
page-withdrawn = ritirato
page-tie-breaks = Spareggi
page-crosstable = Tabellone: ogni risultato porta alla sua partita
page-games = Partite
page-opponent = Avversario
page-colour = Colore
page-event = Torneo
page-state = Stato
page-deadline-col = Scadenza
page-no-games = Nessuna partita da mostrare.
page-not-found = Non trovato
page-board-white = Scacchiera { $fen }, vista dal lato del Bianco
page-board-black = Scacchiera { $fen }, vista dal lato del Nero
page-after = Dopo { $move }
page-move-to-move = mossa { $number }, muove il { $color }
page-flip = Gira la scacchiera
page-pgn = Scarica la partita (PGN)
page-steps = Scorri le mosse
page-move-dates = Date e giorni per mossa
page-move = Mossa
page-date = Data
page-days = Giorni
page-deadline-why = Scadenza di { $player }: { $why ->
    [duplication] i giorni oltre { $days } su una mossa contano doppio (raddoppio ICCF), il che la anticipa.
    [leave] i giorni di congedo non contano, il che la posticipa.
   *[both] i giorni oltre { $days } su una mossa contano doppio (raddoppio ICCF) e i giorni di congedo non contano.
}
page-conditions = Condizioni
page-time-control = Cadenza
page-tc = { $kind ->
    [moves] { $moves } mosse in { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    }
    [per-move] { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    } per mossa
    [fischer] { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    } all'inizio, più { $increment ->
        [one] { $increment } giorno
       *[other] { $increment } giorni
    } per ogni mossa fatta
   *[none] senza limite di tempo
}
page-format = Formula
page-round-robin = { $double ->
    [yes] girone all'italiana a doppio turno
   *[no] girone all'italiana
}
page-duplication = Raddoppio
page-duplication-rule = i giorni oltre { $days } su una mossa contano doppio
page-no-duplication = nessuno
page-penalty = Mossa illegale
page-penalty-rule = { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    } aggiunti al tempo di chi la invia
page-leave = Congedo
page-leave-rule = { $days ->
        [one] { $days } giorno
       *[other] { $days } giorni
    } per giocatore e anno solare
page-tie-break-order = { $rules ->
    [iccf] punti, poi vittorie, poi Sonneborn-Berger, poi le partite tra i giocatori a pari merito
   *[plain] punti, poi Sonneborn-Berger, poi vittorie
}
page-start-date = Inizio
page-progress = Avanzamento
page-progress-of = { $finished } partite finite su { $total }
page-pgn-all = Tutte le partite (PGN)
page-your-turn = tocca a te
page-player-to-move = muove { $player }
page-no-translation = Queste pagine non sono ancora tradotte in { $name } ({ $native }), perciò sono in inglese.
page-no-events = Nessun torneo da mostrare.
page-status = Stato
page-in-progress = in corso
page-finished = finito
page-players = Giocatori
