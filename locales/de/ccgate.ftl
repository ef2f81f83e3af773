# Die Antworten von ccgate auf Deutsch. Jede Nachricht hat dieselben
# Platzhalter ({ $name }) wie im englischen Katalog. SMS- und Funkantworten
# müssen in eine Nachricht passen: 160 Zeichen (70 außerhalb des GSM-Alphabets).
# `P{ $game }` benennt eine Partie; Spieler schreiben es so zurück.

## Zahlen mit ihrem Wort.

days = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}
hours = { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
}
# Ein Datum in Ziffern, wie es im Deutschen geschrieben wird (26.01.2027).
date = { $day }.{ $month }.{ $year }

## Züge.

confirm = P{ $game } { $number } { $move } angenommen. Stellungscode { $code }.
your-move = P{ $game } { $number } { $move } von { $opponent }. Stellungscode { $code }.
refused = P{ $game } { $text }: abgelehnt, { $reason }.
refused-brief = P{ $game } { $text }: abgelehnt.
did-you-mean = { " " }Gemeint: { $moves }?
nothing-applied = { " " }Nichts wurde ausgeführt.
penalty = { " " }Strafe: { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} Bedenkzeit abgezogen.
    .sms = { " " }Strafe: { days }.
one-move-per-line = ein Zug pro Zeile, wahlweise nach dem letzten Zug des Gegners
not-your-turn = P{ $game } { $text }: abgelehnt, in Partie { $game } ist { $opponent } am Zug, nicht Sie.
wrong-number = P{ $game } { $text }: abgelehnt, Zug { $number } ist an der Reihe.
desync = P{ $game } Ihr { $text } passt nicht zur Partie: nichts wurde ausgeführt, auch Ihr eigener Zug in dieser Nachricht nicht. Notation: { $record }

## Warum ein Zug nicht gelesen oder gespielt werden kann.

expected = { $what ->
    [move] ein Zug
    [move-not-result] ein Zug, kein Partieergebnis
    [file] eine Linie (a-h)
    [rank] eine Reihe (1-8)
    [square] ein Feld
    [piece-or-square] ein Figurenbuchstabe oder ein Feld
    [destination] ein Zielfeld
    [square-or-promotion] ein Feld oder eine Umwandlungsfigur
    [promotion] eine Umwandlungsfigur
    [promotion-piece] eine Umwandlungsfigur (D, T, L oder S)
    [promotion-letter] ein Umwandlungsbuchstabe (q, r, b, n)
    [promotion-digit] eine Umwandlungsziffer (1=D 2=T 3=L 4=S)
    [english-piece] eine Figur (K, Q, R, B, N, Kt, P) oder Rochade
    [not-king] eine andere Figur als der König
    [captured] die geschlagene Figur
    [dash-or-x] „-“ oder „x“
    [close-paren] „)“
    [suffix] ein Schachzeichen, e.p., ! oder ?, oder das Zugende
    [iccf-end] das Zugende (4 oder 5 Ziffern)
    [origin-file-digit] die Ziffer der Ausgangslinie (1-8)
    [origin-rank-digit] die Ziffer der Ausgangsreihe (1-8)
    [destination-file-digit] die Ziffer der Ziellinie (1-8)
    [destination-rank-digit] die Ziffer der Zielreihe (1-8)
    [desc-square] ein Feld wie K4 oder QB3
    [desc-origin] die Linie oder Reihe der Figur, etwa (1) oder (QB3)
    [uedemann-code] ein Uedemann-Code
    [uedemann-origin] zwei Buchstaben für das Ausgangsfeld
    [uedemann-destination] zwei Buchstaben für das Zielfeld
    [uedemann-suffix] ein Zusatzbuchstabe (q r b k Umwandlung; c Schach, m matt, p e.p., t schlägt)
   *[end] das Zugende
}
malformed = erwartet: { $expected }, bei Zeichen { $at }
    .sms = unlesbar bei Zeichen { $at }
malformed-found = erwartet: { $expected }, bei Zeichen { $at } steht „{ $found }“
    .sms = unlesbar bei Zeichen { $at }
ambiguous = mehrdeutig, möglich sind { $moves }
conflict = in zwei Notationen verschieden lesbar: { $readings }
illegal-no-such-piece-on = Sie haben { $piece ->
    [pawn] keinen Bauern
    [knight] keinen Springer
    [bishop] keinen Läufer
    [rook] keinen Turm
    [queen] keine Dame
    [king] keinen König
   *[piece] keine Figur
} auf { $square }
illegal-no-such-piece = Sie haben { $piece ->
    [pawn] keinen Bauern
    [knight] keinen Springer
    [bishop] keinen Läufer
    [rook] keinen Turm
    [queen] keine Dame
    [king] keinen König
   *[piece] keine Figur
}, der diesen Zug ausführen kann
illegal-empty-square = auf { $square } steht keine Figur
illegal-not-your-piece = die Figur auf { $square } gehört dem Gegner
illegal-cannot-move = { $piece ->
    [pawn] der Bauer
    [knight] der Springer
    [bishop] der Läufer
    [rook] der Turm
    [queen] die Dame
    [king] der König
   *[piece] die Figur
} auf { $from } kann nicht nach { $to } ziehen
illegal-cannot-reach = { $piece ->
    [pawn] kein Bauer von Ihnen erreicht { $to }
    [knight] kein Springer von Ihnen erreicht { $to }
    [bishop] kein Läufer von Ihnen erreicht { $to }
    [rook] kein Turm von Ihnen erreicht { $to }
    [queen] keine Dame von Ihnen erreicht { $to }
    [king] Ihr König erreicht { $to } nicht
   *[piece] keine Figur von Ihnen erreicht { $to }
}
illegal-own-piece = auf { $square } steht eine eigene Figur
illegal-pinned = { $piece ->
    [pawn] der Bauer
    [knight] der Springer
    [bishop] der Läufer
    [rook] der Turm
    [queen] die Dame
    [king] der König
   *[piece] die Figur
} auf { $from } ist gefesselt: der Zug würde Ihren König preisgeben
illegal-in-check = Ihr König steht im Schach, und dieser Zug pariert es nicht
illegal-into-check = Ihr König stünde auf { $square } im Schach
illegal-promotion-missing = ein Bauer auf der letzten Reihe muss die Umwandlungsfigur nennen
illegal-not-promotion = eine Umwandlungsfigur wurde genannt, aber der Zug ist keine Umwandlung
illegal-pawn-capture-needs-file = ein Schlagzug des Bauern nennt seine Linie (exd5, nicht d5)
illegal-castling-rights-gone = { $side ->
    [kingside] kurze Rochade
   *[queenside] lange Rochade
} nicht mehr möglich: König oder Turm hat schon gezogen
illegal-castling-blocked = { $side ->
    [kingside] kurze Rochade
   *[queenside] lange Rochade
} nicht möglich: Figuren stehen zwischen König und Turm
illegal-castling-in-check = aus dem Schach kann nicht rochiert werden
illegal-castling-through-check = { $side ->
    [kingside] kurze Rochade
   *[queenside] lange Rochade
} nicht möglich: der König zöge über ein angegriffenes Feld oder auf eines
    .sms = { $side ->
        [kingside] kurze Rochade
       *[queenside] lange Rochade
    } nicht möglich: angegriffenes Feld
illegal-no-legal-moves = die Partie ist beendet: es gibt keinen legalen Zug

## Das Partieende.

game-over = P{ $game } beendet: { $result }, { $reason }.
game-finished = P{ $game } ist beendet ({ $result }).
end = { $why ->
    [checkmate] Schachmatt
    [stalemate] Patt
    [insufficient-material] ungenügendes Material
    [fivefold-repetition] fünffache Stellungswiederholung
    [seventy-five-moves] 75-Züge-Regel
   *[draw-agreed] Remis vereinbart
}
end-claimed = Remis reklamiert: { $claim ->
    [threefold] dreifache Stellungswiederholung
   *[fifty] 50-Züge-Regel
}
end-resigned = { $player } hat aufgegeben
end-lost-on-time = { $player } hat die Bedenkzeit überschritten
end-adjudicated = vom Turnierleiter entschieden: { $reason }
adjudicated = P{ $game } vom Turnierleiter mit { $result } entschieden: { $reason }
taken-back = P{ $game } der Turnierleiter nahm die Züge nach Halbzug { $ply } zurück: { $reason }
penalized = P{ $game } der Turnierleiter belastete die Uhr von { $player } mit { $days ->
        [one] { $days } Tag
       *[other] { $days } Tagen
    }: { $reason }

## Remis.

draw-offered = P{ $game } { $opponent } bietet Remis an. Antwort: P{ $game } Remis angenommen, oder weiterspielen.
draw-offered-with-move = Remis angeboten: Antwort P{ $game } Remis angenommen – oder weiterspielen.
    .sms = Remis angeboten.
draw-declined = P{ $game } { $opponent } lehnt Ihr Remisangebot ab.
opponent-message = P{ $game } { $opponent } schreibt: { $text }
remote-refused = P{ $game } { $move }: vom Server { $server } abgelehnt: { $reason }. Der Zug ist zurückgenommen; senden Sie einen anderen.
remote-reason = { $code ->
    [NotYourTurn] dort sind Sie nicht am Zug
    [InvalidMoveNumber] die Zugnummer passt dort nicht zur Partie
    [InvalidMove] der Zug ist dort nicht regelgemäß
    [MoveIsAmbigous] der Zug ist dort mehrdeutig
    [LostOnTime] dort auf Zeit verloren
    [YouAreOnLeave] Sie sind dort im Urlaub
    [InvalidGameID] der Server kennt diese Partie nicht
    [NotYourGame] die Partie gehört dort nicht Ihnen
    [AuthenticationFailed] der Server hat das Passwort des Kontos abgelehnt
    [ServerError] Fehler des Servers
    [NoDrawWasOffered] es lag kein Remisangebot vor
    [FeatureUnavailable] der Server bietet das nicht an
   *[other] { $code }
}
remote-only = P{ $game } wird auf dem Server { $server } gespielt: Remisangebote, Reklamationen und Aufgaben bitte dort.
no-draw-offer = P{ $game } es liegt kein Remisangebot vor.
claim-refused = P{ $game } Remisreklamation abgelehnt: { $reason }.
claim-not = { $claim ->
    [threefold] die Stellung ist nicht dreimal aufgetreten
    [fifty] es gab in den letzten 50 Zügen einen Schlag- oder Bauernzug
   *[none] weder dreifache Stellungswiederholung noch die 50-Züge-Regel liegt vor
}

## Partie und Einstellungen.

color = { $color ->
    [white] Weiß
   *[black] Schwarz
}
board = P{ $game } { $fen } { $turn } am Zug. Stellungscode { $code }.
board-sheet = P{ $game } { $turn } am Zug. Stellungscode { $code }.
record = P{ $game } { $record }
record-attached = Die PGN-Datei der Partie ist angehängt: { $file }.
notation-set = ccgate: Notation ist jetzt { $value }.
lang-set = ccgate: Sprache ist jetzt { $value }.
help = ccgate: PARTIE ZUG senden, z. B. 12 15. 5254 oder 12 15... Sf6. Auch: Remis? | Remis angenommen | Remis abgelehnt | aufgeben | Remis reklamieren | Stellung | Partieverlauf | Urlaub 10 | Hilfe
    .sms = ccgate: PARTIE ZUG, z. B. 12 15... Sf6. Auch: Remis? | Remis angenommen | Remis abgelehnt | aufgeben | Remis reklamieren | Stellung | Hilfe
unknown-sender = ccgate: diese Adresse ist nicht angemeldet. Bitte den Turnierleiter fragen.
not-your-game = ccgate: Sie haben keine Partie { $game }.
which-game = ccgate: welche Partie? Ihre: { $games }. Beginnen Sie die Zeile mit der Partienummer.
    .sms = ccgate: welche Partie? Ihre: { $games }.
bad-pin = ccgate: PIN fehlt oder falsch. Nichts wurde ausgeführt.
foreign-letter = { $letter } ist kein deutscher Figurenbuchstabe; { $piece ->
    [king] der König
    [queen] die Dame
    [rook] der Turm
    [bishop] der Läufer
   *[knight] der Springer
} heißt { $local }
line-refused = ccgate: { $text }: abgelehnt, { $reason }.
unknown-language = keine Sprache hat das Kürzel { $code }; ein Kürzel hat zwei Buchstaben, etwa de, fr oder ru
unknown-notation = die Notationen heißen { $names }
not-protocol = ccgate: „{ $line }“ ist weder ein Zug noch ein Befehl.

## Urlaub und Bedenkzeit.

leave-granted = ccgate: Urlaub vom { $from } bis { $until } notiert. Noch { $left ->
    [one] { $left } Tag
   *[other] { $left } Tage
} in diesem Jahr.
leave-refused = ccgate: Urlaub abgelehnt, { $reason }.
leave-zero-days = ein Urlaub dauert mindestens einen Tag
leave-exceeds = { $requested ->
    [one] { $requested } Tag
   *[other] { $requested } Tage
} Urlaub { $year } sind mehr als die verbleibenden { $remaining }
leave-none-left = für { $year } kein Urlaub mehr: alle { $allowance } Tage sind verbraucht
leave-overlaps = überschneidet sich mit dem Urlaub vom { $from } bis { $until }
leave-overlaps-open = überschneidet sich mit dem Urlaub ab { $from } bis auf Weiteres
leave-out-of-range = Urlaubsdaten außerhalb des gültigen Bereichs
reminder = P{ $game } Erinnerung: Sie sind am Zug, noch { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}.

## Bedingte Züge.

conditional-pair = wenn { $pair }
conditional-stored = P{ $game } bedingte Züge gespeichert: { $moves }
conditional-dropped = P{ $game } Ihre bedingten Züge verfallen: { $opponent } spielte { $move }.
conditional-refused = P{ $game } bedingte Züge abgelehnt: { $reason }.
conditional-your-move = Sie sind am Zug; bedingte Züge nach dem eigenen Zug senden
conditional-wrong-number = { $text }: dort ist Zug { $number } an der Reihe
conditional-unreadable = { $text }: { $reason }

## Nachrichten, die das Gateway nicht annehmen konnte.

too-large = ccgate: Ihre Nachricht ist zu groß (Grenze { $limit } KB) und wurde nicht gelesen. Senden Sie den Zug als einfachen Text.
several-authors = ccgate: Ihre Nachricht nennt im Feld From mehr als einen Verfasser und wurde nicht gelesen. Ein Zug kommt von einem Verfasser: Senden Sie ihn noch einmal allein von Ihrer eigenen Adresse.
    .sms = ccgate: mehr als ein Verfasser in From, nicht gelesen. Senden Sie nur von Ihrer Adresse.
held = ccgate: Eine Nachricht unter Ihrem Namen bestand die Absenderprüfung nicht und wird zurückgehalten, nicht ausgeführt. Falls sie von Ihnen war, antworten Sie binnen { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} mit: confirm { $code }
    .sms = ccgate: Nachricht in Ihrem Namen zurückgehalten (Absender nicht geprüft). Falls von Ihnen, binnen { hours } antworten: confirm { $code }
hold-expired = ccgate: Dieser Bestätigungscode ist unbekannt, verbraucht oder abgelaufen. Nichts wurde ausgeführt.
disputed = ccgate: Ihr Einspruch ist für die Turnierleitung festgehalten; sie entscheidet und teilt es Ihnen mit.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = Einspruch
unauthenticated = ccgate: Eine Nachricht unter Ihrem Namen bestand die Absenderprüfung nicht und wurde nicht ausgeführt. Bitten Sie den Turnierleiter um eine PIN.
too-many-lines = ccgate: Nur die ersten { $limit } Zeilen Ihrer Nachricht wurden gelesen, { $skipped } weitere nicht. Senden Sie diese in einer neuen Nachricht.

## Turniere.

event-start = ccgate: { $event } beginnt, Bedenkzeit { $time }. Ihre Partien:
event-game-white = P{ $game } Weiß gegen { $opponent }
event-game-black = P{ $game } Schwarz gegen { $opponent }
event-starts-on = ccgate: { $event } beginnt am { $date }, Bedenkzeit { $time }; die Uhren laufen ab dann. Ihre Partien:
    .sms = ccgate: { $event } ab { $date }, { $time }. Ihre Partien:
ruling = ccgate: Entscheidung der Turnierleitung zum Vorfall { $incident }: { $ruling }
withdrawn = ccgate: { $player } ist aus dem Turnier { $event } ausgeschieden; gewertet: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: die angehängte PGN-Datei wurde nicht verwendet: { $reason ->
    [unreadable] sie enthält keine lesbare Partie
    [no-game] ihre Züge sind die keiner Ihrer laufenden Partien
    [no-new-move] sie hat keinen Zug über den Stand der Partie hinaus
    [too-many] sie hat { $moves } Züge über den Stand der Partie hinaus; hängen Sie die Partie nur mit Ihrem nächsten Zug an
   *[not-your-move] der hinzugefügte Zug ist der Ihres Gegners; Sie sind nicht am Zug
}.
## Eine Mitteilung je Leser und Ereignis. Eine Mitteilung
## über eine laufende Partie endet mit dem, der am Zug ist; E-Mails nennen
## beide Uhren.

your-turn = Sie sind am Zug.
your-turn-by = Sie sind am Zug, bis { $date }.
their-turn = { $opponent } ist am Zug.
clocks = Bedenkzeit: Sie { $used } verbraucht, { $left } übrig; { $opponent } { $their-used } verbraucht, { $their-left } übrig.
conditional-answer = Ihr bedingter Zug { $number } { $move } wurde als Antwort gespielt. Stellungscode { $code }.
draw-offer-sent = P{ $game } Ihr Remisangebot wurde { $opponent } übermittelt.
resignation-sent = P{ $game } Sie haben aufgegeben; { $opponent } ist informiert.
claim-upheld = P{ $game } Ihre Remisreklamation ist anerkannt; { $opponent } wurde benachrichtigt.
no-game = ccgate: Sie haben keine laufende Partie.
# The two players of a game, in a mail subject.
subject-players = { $white } gegen { $black }
subject-held = ccgate: eine Nachricht unter Ihrem Namen wird zurückgehalten
subject-ruling = ccgate: Entscheidung zum Vorfall { $incident }
subject-event-start = ccgate: das Turnier { $event } beginnt
subject-answers = ccgate: die Antworten auf Ihre Nachricht
subject-withdrawn = ccgate: { $player } ist aus dem Turnier { $event } ausgeschieden
which-game-item = P{ $game } gegen { $opponent }, { $whose ->
    [yours] Sie sind am Zug
   *[theirs] { $opponent } am Zug
}
    .sms = P{ $game }
legend = Großbuchstaben Weiß, Kleinbuchstaben Schwarz. { $pieces }
legend-pieces = { $king } König, { $queen } Dame, { $rook } Turm, { $bishop } Läufer, { $knight } Springer, { $pawn } Bauer
quote = > { $line }
prose-read = Als Text gelesene Zeilen: { $count }.
help-mail =
    ccgate: Fernschach per E-Mail

    Eine Zeile je Zug oder Befehl, vorn die Partienummer (ohne Nummer, wenn nur eine Ihrer Partien auf Ihren Zug wartet):
    12 15... { $move } — Ihr Zug in Partie 12
    12 15. { $echo } 15... { $move } — der letzte Zug des Gegners, dann Ihrer (eine Kontrolle gegen Irrtümer)
    12 if 16. { $trigger } 16... { $answer } — bedingte Züge: spielt der Gegner den ersten, wird der zweite sofort ausgeführt
    12 Remis? — Remis anbieten (auch mit einem Zug: 12 15... { $move } Remis?)
    12 Remis angenommen — das Remisangebot des Gegners annehmen
    12 Remis abgelehnt — es ablehnen
    12 Remis reklamieren — Remis wegen dreimaliger Stellungswiederholung oder nach der 50-Züge-Regel reklamieren
    12 aufgeben — die Partie aufgeben
    12 Stellung — die Stellung
    12 Partieverlauf — die Partienotation
    notation iccf — wie Ihnen Züge geschrieben werden
    lang de — die Sprache dieser Antworten
    Urlaub 10 — zehn Tage Urlaub ab heute
    Hilfe — dieser Text

    So schreiben Sie einen Zug in Ihrer Notation ({ $notation }): { $move } zieht den Springer von g8 nach f6; ICCF-Ziffern werden immer verstanden: { $iccf }.

    Der Stellungscode: Jede Zugmitteilung nennt einen vierstelligen Code der Stellung nach dem Zug (nach 1. e4 lautet er PCG2). Er stammt aus dem Polyglot-Schlüssel der Stellung, den viele Schachprogramme anzeigen: Seine letzten fünf Hexadezimalziffern werden in vier Zeichen geschrieben; wie, zeigt die Spieleranleitung von ccgate. Ergibt Ihr eigenes Brett einen anderen Code, weichen Brett und Partie voneinander ab: Melden Sie sich, bevor Sie ziehen.

    Andere Zeilen Ihrer Nachricht werden als Text gelesen und nicht beantwortet.

## Signing in and playing on the web.

web-code = ccgate: Ihr Code zur Anmeldung im Web lautet { $code }. Er gilt { $minutes } Min. und nur einmal.
subject-web-code = ccgate: Ihr Anmeldecode
signin-title = Anmelden
signin-address = Ihre E-Mail-Adresse, Telefonnummer oder Ihr Rufzeichen, wie ccgate es kennt
signin-send = Code zusenden
signin-code-sent = Wenn ccgate diese Adresse kennt, ist ein Anmeldecode dorthin unterwegs. Er gilt { $minutes } Min.
signin-code = Code
signin-sign-in = Anmelden
signin-refused = Dieser Code meldet Sie nicht an: Er ist falsch, abgelaufen oder verbraucht, oder zu viele falsche Codes haben die Anmeldung für diese Adresse für eine Viertelstunde gesperrt.
signin-new-code = Neuen Code anfordern
signin-with-password = Oder mit Ihrem Passwort, falls Sie eines festgelegt haben
signin-password = Passwort
signin-password-refused = Damit werden Sie nicht angemeldet: Die Adresse oder das Passwort ist falsch, für sie ist kein Passwort festgelegt, oder zu viele falsche Versuche haben die Anmeldung für diese Adresse eine Weile gesperrt.
account-title = Ihr Passwort
account-explain = Mit einem eigenen Passwort melden Sie sich hier ohne Code an, und Ihr Fernschachprogramm meldet sich damit über Xfcc an. Es hat mindestens 8 Zeichen.
account-has = Sie haben ein Passwort.
account-none = Sie haben kein Passwort: Sie melden sich mit einem Code an.
account-new = Neues Passwort
account-set = Passwort festlegen
account-remove = Passwort entfernen
account-set-done = Ihr Passwort ist festgelegt.
account-removed = Ihr Passwort ist entfernt: Sie melden sich mit einem Code an.
account-weak = Ein Passwort hat mindestens 8 Zeichen: Es wurde nichts geändert.
play-title = Spielen
play-sign-in = Melden Sie sich an, um Ihre Partien hier zu spielen.
play-line = Ihr Zug oder Befehl, so wie Sie ihn in einer E-Mail an ccgate schreiben würden
play-offer-draw = Mit diesem Zug Remis anbieten
play-send = Senden
play-accept = Remis annehmen
play-decline = Remis ablehnen
play-resign = Aufgeben
play-sign-out = Abmelden
play-not-yours = Das ist keine Ihrer Partien: Nichts wurde ausgeführt.
play-form-refused = Dieses Formular ließ sich nicht lesen (zu groß oder beschädigt): Nichts wurde ausgeführt.

## The director's web console.

desk-console = Turnierleitung
desk-title-login = Anmeldung der Turnierleitung
desk-name = Name
desk-password = Passwort
desk-sign-in = Anmelden
desk-sign-out = Abmelden
desk-signed-in-as = Angemeldet als { $name }
desk-login-refused = Name oder Passwort falsch.
desk-login-limited = Zu viele fehlgeschlagene Anmeldungen: in einer Viertelstunde erneut versuchen.
desk-csrf-refused = Dieses Formular ist abgelaufen oder stammt nicht von dieser Seite: Seite neu laden und erneut versuchen.
desk-not-found = Nicht gefunden.
desk-refused = Abgelehnt
desk-back = Zurück
desk-incidents = Vorfälle
desk-players = Spieler
desk-players-edit = Ändern
desk-outbox = Postausgang
desk-audit = Protokoll
desk-health = Zustand
desk-no-incidents = Keine offenen Vorfälle.
desk-incident = Vorfall { $id }
desk-recorded = Erfasst
desk-game = Partie
desk-player = Spieler
desk-detail = Einzelheiten
desk-line = Zeile
desk-position = Stellung
desk-evidence = Die Nachricht, wie sie einging
desk-ruling = Entscheidung
desk-tell = Mitteilen an
desk-tell-players = beide Spieler
desk-tell-player = den Spieler
desk-tell-nobody = niemanden
desk-rule = Entscheidung festhalten
desk-adjudicate = Werten
desk-result = Ergebnis
desk-reason = Grund
desk-overrule = Ergebnis einer beendeten Partie ändern
desk-dismiss = Verwerfen
desk-takeback = Zurücknehmen
desk-to-ply = Züge behalten bis Halbzug
desk-penalty = Strafe
desk-days = Tage
desk-withdraw = Aus dem Turnier zurückziehen
desk-notation = Notation
desk-language = Sprache
desk-time-zone = Zeitzone
desk-reset-pin = PIN zurücksetzen
desk-save = Speichern
desk-remove = Entfernen
desk-removed = entfernt
desk-addresses = Adressen
desk-no-stuck = Nichts hängt: jede Antwort ist versandt oder wartet auf den ersten Versuch.
desk-to = An
desk-state = Stand
desk-attempts = Versuche
desk-last-error = Letzter Fehler
desk-failed = aufgegeben
desk-waiting = nächster Versuch
desk-retry = Erneut senden
desk-when = Wann
desk-by = Durch
desk-action = Aktion
desk-command-line = Kommandozeile
desk-channel = Kanal
desk-in = Eingegangen
desk-out = Antworten versandt
desk-send-failures = Fehlgeschlagene Sendungen
desk-queued = In der Warteschlange
desk-link = Verbindung
desk-link-state = Zustand
desk-link-since = Seit
desk-link-error = Letzter Fehler
desk-link-name = { $link ->
    [imap] IMAP-Postfach
    [modem] SMS-Modem
    [radio] Funkstrecke
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] wird aufgebaut
    [up] steht
    [retrying] neuer Versuch folgt
    [given-up] aufgegeben
   *[other] { $state }
}
desk-filter = Filtern
desk-any = alle
desk-kind = Art
desk-event = Turnier
desk-since = Von
desk-until = Bis
desk-choose = Auswahl
desk-summary = Zusammenfassung
desk-dismiss-chosen = Ausgewählte verwerfen
desk-rulings = Entscheidungen
desk-state-is = { $state ->
    [waiting] wartet
    [recorded] festgehalten
    [ruled] entschieden
   *[other] { $state }
}
desk-done-ruled = Vorfall { $n } entschieden.
desk-done-dismissed = { $n ->
    [1] Ein Vorfall verworfen.
   *[other] { $n } Vorfälle verworfen.
}
desk-done-adjudicate = Partie { $n } abgeschätzt.
desk-done-takeback = Züge der Partie { $n } zurückgenommen.
desk-done-penalty = Strafe in Partie { $n } angerechnet.
desk-done-withdraw = Spieler aus dem Turnier zurückgezogen.

## The director's games: the list, one game's page, the reminder.
desk-games = Partien
desk-white = Weiß
desk-black = Schwarz
desk-plies = Halbzüge
desk-to-move = Am Zug
desk-deadline = Frist
desk-game-state = { $state ->
    [active] laufend
    [finished] beendet
    [overdue] Frist überschritten
    [near] Frist in 3 Tagen
   *[other] { $state }
}
desk-no-games = Keine Partien.
desk-remind = Erinnerung senden
desk-remind-game = Erinnerung für Partie { $id } senden
desk-done-reminded = Erinnerung für Partie { $n } gesendet.
desk-journal = Nachrichten
desk-no-messages = Keine Nachrichten.
desk-outcome = Ergebnis
desk-held = Zurückgehaltene Post
desk-no-holds = Keine zurückgehaltene Post.
desk-held-open = offen
desk-no-audit = Nichts im Prüfprotokoll.
desk-health-state = Zustand
desk-health-is = { $state ->
    [ok] läuft
    [failing] gestört
   *[other] { $state }
}
desk-up-since = Läuft seit
desk-errors = Fehler
desk-clock = Uhr
desk-clock-held = Zeitverluste ausgesetzt, bis die Zeit bestätigt ist (ccgate clock --confirm-time)
desk-version = Version

## The web pages.

page-events = Turniere
page-notation = Notation
page-language = Sprache
page-show = Anzeigen
page-game = Partie
page-first = Anfang
page-previous = Zurück
page-next = Weiter
page-last = Ende
page-to-move = am Zug
page-result = Ergebnis
page-draw-offered = bietet Remis an
page-clocks = Bedenkzeit
page-days-used = Tage verbraucht
page-days-left = Tage übrig
page-unlimited = ohne Limit
page-deadline = Frist
page-moves = Züge
page-no-moves = Noch keine Züge.
page-round = Runde
page-board = Brett
page-start = Ausgangsstellung
page-rank = Platz
page-player = Spieler
page-score = Punkte
page-wins = Siege
page-sb = SB
page-withdrawn = zurückgezogen
page-tie-breaks = Wertung
page-crosstable = Kreuztabelle: jedes Ergebnis führt zu seiner Partie
page-games = Partien
page-opponent = Gegner
page-colour = Farbe
page-event = Turnier
page-state = Stand
page-deadline-col = Frist
page-no-games = Keine Partien.
page-not-found = Nicht gefunden
page-board-white = Schachbrett { $fen }, von der Seite von Weiß gesehen
page-board-black = Schachbrett { $fen }, von der Seite von Schwarz gesehen
page-after = Nach { $move }
page-move-to-move = Zug { $number }, { $color } am Zug
page-flip = Brett drehen
page-pgn = Partie herunterladen (PGN)
page-steps = Durch die Züge gehen
page-move-dates = Daten und Tage je Zug
page-move = Zug
page-date = Datum
page-days = Tage
page-deadline-why = Frist für { $player }: { $why ->
    [duplication] Tage über { $days } für einen Zug zählen doppelt (ICCF-Verdopplung), das bringt sie nach vorn.
    [leave] Urlaubstage zählen nicht, das schiebt sie nach hinten.
   *[both] Tage über { $days } für einen Zug zählen doppelt (ICCF-Verdopplung), und Urlaubstage zählen nicht.
}
page-conditions = Bedingungen
page-time-control = Bedenkzeit
page-tc = { $kind ->
    [moves] { $moves } Züge in { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    }
    [per-move] { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } je Zug
    [fischer] { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } zu Beginn, dazu { $increment ->
        [one] { $increment } Tag
       *[other] { $increment } Tage
    } für jeden gemachten Zug
   *[none] keine Zeitbegrenzung
}
page-format = Modus
page-round-robin = { $double ->
    [yes] doppelrundig, jeder gegen jeden
   *[no] jeder gegen jeden
}
page-duplication = Verdopplung
page-duplication-rule = Tage über { $days } für einen Zug zählen doppelt
page-no-duplication = keine
page-penalty = Unmöglicher Zug
page-penalty-rule = { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } auf die Zeit des Absenders
page-leave = Urlaub
page-leave-rule = { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } je Spieler und Kalenderjahr
page-tie-break-order = { $rules ->
    [iccf] Punkte, dann Siege, dann Sonneborn-Berger, dann die Partien unter den Punktgleichen
   *[plain] Punkte, dann Sonneborn-Berger, dann Siege
}
page-start-date = Beginn
page-progress = Fortschritt
page-progress-of = { $finished } von { $total } Partien beendet
page-pgn-all = Alle Partien (PGN)
page-your-turn = du bist am Zug
page-player-to-move = { $player } am Zug
page-no-translation = Diese Seiten gibt es noch nicht auf { $name } ({ $native }), darum sind sie englisch.
page-no-events = Keine Turniere.
page-status = Stand
page-in-progress = läuft
page-finished = beendet
page-players = Spieler
