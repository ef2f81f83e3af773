# ccgates svar på svenska. Varje meddelande har samma variabler ({ $name })
# som den engelska katalogen. Svar per sms och radio ryms i ett meddelande:
# 160 tecken (70 utanför GSM-alfabetet).
# `P{ $game }` anger ett parti; spelarna skriver av det så.

## Tal med sitt ord.

days = { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
}
hours = { $hours ->
    [one] { $hours } timme
   *[other] { $hours } timmar
}
# Ett datum i siffror, som det skrivs på svenska (2027-01-26).
date = { $year }-{ $month }-{ $day }

## Drag.

confirm = P{ $game } { $number } { $move } godkänt. Ställningskod { $code }.
your-move = P{ $game } { $number } { $move } av { $opponent }. Ställningskod { $code }.
refused = P{ $game } { $text }: avvisat, { $reason }.
refused-brief = P{ $game } { $text }: avvisat.
did-you-mean = { " " }Menade du { $moves }?
nothing-applied = { " " }Inget utfördes.
penalty = { " " }Straff: { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
} läggs till din tid.
    .sms = { " " }Straff: { days }.
one-move-per-line = ett drag per rad, eventuellt efter motståndarens senaste drag
not-your-turn = P{ $game } { $text }: avvisat, i parti { $game } är { $opponent } vid draget.
wrong-number = P{ $game } { $text }: avvisat, drag { $number } står på tur.
desync = P{ $game } ditt { $text } stämmer inte med partiet: inget utfördes, inte heller ditt eget drag i meddelandet. Protokoll: { $record }

## Varför ett drag inte kan läsas eller spelas.

expected = { $what ->
    [move] ett drag
    [move-not-result] ett drag, inte ett resultat
    [file] en linje (a-h)
    [rank] en rad (1-8)
    [square] ett fält
    [piece-or-square] en pjäsbokstav eller ett fält
    [destination] ett målfält
    [square-or-promotion] ett fält eller en förvandlingspjäs
    [promotion] en förvandlingspjäs
    [promotion-piece] en förvandlingspjäs (D, T, L eller S)
    [promotion-letter] en förvandlingsbokstav (q, r, b, n)
    [promotion-digit] en förvandlingssiffra (1=D 2=T 3=L 4=S)
    [english-piece] en pjäs (K, Q, R, B, N, Kt, P) eller rockad
    [not-king] en annan pjäs än kungen
    [captured] den slagna pjäsen
    [dash-or-x] '-' eller 'x'
    [close-paren] ')'
    [suffix] ett schacktecken, e.p., ! eller ?, eller dragets slut
    [iccf-end] dragets slut (4 eller 5 siffror)
    [origin-file-digit] siffran för utgångslinjen (1-8)
    [origin-rank-digit] siffran för utgångsraden (1-8)
    [destination-file-digit] siffran för mållinjen (1-8)
    [destination-rank-digit] siffran för målraden (1-8)
    [desc-square] ett fält som K4 eller QB3
    [desc-origin] pjäsens linje eller rad, som (1) eller (QB3)
    [uedemann-code] en Uedemann-kod
    [uedemann-origin] två bokstäver för utgångsfältet
    [uedemann-destination] två bokstäver för målfältet
    [uedemann-suffix] en suffixbokstav (q r b k förvandling; c schack, m matt, p e.p., t slag)
   *[end] dragets slut
}
malformed = väntade { $expected } vid tecken { $at }
    .sms = oläsligt vid tecken { $at }
malformed-found = väntade { $expected } vid tecken { $at }, fann '{ $found }'
    .sms = oläsligt vid tecken { $at }
ambiguous = tvetydigt, det kan vara { $moves }
conflict = läses olika i två notationer: { $readings }
illegal-no-such-piece-on = du har { $piece ->
    [pawn] ingen bonde
    [knight] ingen springare
    [bishop] ingen löpare
    [rook] inget torn
    [queen] ingen dam
    [king] ingen kung
   *[piece] ingen pjäs
} på { $square }
illegal-no-such-piece = du har { $piece ->
    [pawn] ingen bonde
    [knight] ingen springare
    [bishop] ingen löpare
    [rook] inget torn
    [queen] ingen dam
    [king] ingen kung
   *[piece] ingen pjäs
} som kan göra detta drag
illegal-empty-square = det står ingen pjäs på { $square }
illegal-not-your-piece = pjäsen på { $square } är motståndarens
illegal-cannot-move = { $piece ->
    [pawn] bonden
    [knight] springaren
    [bishop] löparen
    [rook] tornet
    [queen] damen
    [king] kungen
   *[piece] pjäsen
} på { $from } kan inte gå till { $to }
illegal-cannot-reach = { $piece ->
    [pawn] ingen av dina bönder kan nå { $to }
    [knight] ingen av dina springare kan nå { $to }
    [bishop] ingen av dina löpare kan nå { $to }
    [rook] inget av dina torn kan nå { $to }
    [queen] ingen av dina damer kan nå { $to }
    [king] din kung kan inte nå { $to }
   *[piece] ingen av dina pjäser kan nå { $to }
}
illegal-own-piece = på { $square } står en av dina egna pjäser
illegal-pinned = { $piece ->
    [pawn] bonden på { $from } är bunden
    [knight] springaren på { $from } är bunden
    [bishop] löparen på { $from } är bunden
    [rook] tornet på { $from } är bundet
    [queen] damen på { $from } är bunden
    [king] kungen på { $from } är bunden
   *[piece] pjäsen på { $from } är bunden
}: draget skulle blotta din kung
illegal-in-check = din kung står i schack och draget parerar inte schacken
illegal-into-check = din kung skulle stå i schack på { $square }
illegal-promotion-missing = en bonde som når sista raden måste ange sin förvandlingspjäs
illegal-not-promotion = en förvandlingspjäs angavs, men draget är ingen förvandling
illegal-pawn-capture-needs-file = ett bondeslag anger bondens linje (exd5, inte d5)
illegal-castling-rights-gone = { $side ->
    [kingside] kort rockad
   *[queenside] lång rockad
} går inte längre: kungen eller det tornet har flyttat
illegal-castling-blocked = { $side ->
    [kingside] kort rockad
   *[queenside] lång rockad
} går inte: pjäser står mellan kung och torn
illegal-castling-in-check = man kan inte rockera ur schack
illegal-castling-through-check = { $side ->
    [kingside] kort rockad
   *[queenside] lång rockad
} går inte: kungen skulle passera eller hamna på ett anfallet fält
    .sms = { $side ->
        [kingside] kort rockad
       *[queenside] lång rockad
    } går inte: anfallet fält
illegal-no-legal-moves = partiet är slut: det finns inga giltiga drag

## Partiets slut.

game-over = P{ $game } slut: { $result }, { $reason }.
game-finished = P{ $game } är avslutat ({ $result }).
end = { $why ->
    [checkmate] schackmatt
    [stalemate] patt
    [insufficient-material] otillräckligt material
    [fivefold-repetition] femfaldig upprepning
    [seventy-five-moves] 75-dragsregeln
   *[draw-agreed] remi efter överenskommelse
}
end-claimed = remi begärd: { $claim ->
    [threefold] trefaldig upprepning
   *[fifty] 50-dragsregeln
}
end-resigned = { $player } har gett upp
end-lost-on-time = { $player } har överskridit tiden
end-adjudicated = domarens beslut: { $reason }
adjudicated = P{ $game } avgjort av domaren, { $result }: { $reason }
taken-back = P{ $game } domaren tog tillbaka dragen efter halvdrag { $ply }: { $reason }
penalized = P{ $game } domaren belastade klockan för { $player } med { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    }: { $reason }

## Remi.

draw-offered = P{ $game } { $opponent } erbjuder remi. Svara P{ $game } remi accepterad, eller spela vidare.
draw-offered-with-move = Remi erbjuden: svara P{ $game } remi accepterad, eller spela vidare.
    .sms = Remi erbjuden.
draw-declined = P{ $game } { $opponent } avböjer ditt remianbud.
opponent-message = P{ $game } { $opponent } skriver: { $text }
remote-refused = P{ $game } { $move }: avvisat av servern { $server }: { $reason }. Draget är återtaget; skicka ett annat.
remote-reason = { $code ->
    [NotYourTurn] där är du inte vid draget
    [InvalidMoveNumber] dragnumret stämmer inte med partiet där
    [InvalidMove] draget är inte tillåtet där
    [MoveIsAmbigous] draget är tvetydigt där
    [LostOnTime] partiet är förlorat på tid där
    [YouAreOnLeave] du är ledig där
    [InvalidGameID] servern känner inte till partiet
    [NotYourGame] partiet är inte ditt där
    [AuthenticationFailed] servern avvisade kontots lösenord
    [ServerError] fel på servern
    [NoDrawWasOffered] inget remianbud fanns
    [FeatureUnavailable] servern erbjuder inte detta
   *[other] { $code }
}
remote-only = P{ $game } spelas på servern { $server }: erbjud remi, reklamera eller ge upp där.
no-draw-offer = P{ $game } det finns inget remianbud.
claim-refused = P{ $game } remibegäran avslagen: { $reason }.
claim-not = { $claim ->
    [threefold] ställningen har inte uppstått tre gånger
    [fifty] under de senaste 50 dragen har det skett ett slag eller bondedrag
   *[none] varken trefaldig upprepning eller 50-dragsregeln gäller
}

## Partiet och inställningarna.

color = { $color ->
    [white] Vit
   *[black] Svart
}
board = P{ $game } { $fen } { $turn } vid draget. Ställningskod { $code }.
board-sheet = P{ $game } { $turn } vid draget. Ställningskod { $code }.
record = P{ $game } { $record }
record-attached = Partiets PGN-fil är bifogad: { $file }.
notation-set = ccgate: notation satt till { $value }.
lang-set = ccgate: språk satt till { $value }.
help = ccgate: skicka PARTI DRAG, t.ex. 12 15. 5254 eller 12 15... Sf6. Även: remi? | remi accepterad | remi avböjd | jag ger upp | kräver remi | ställning | parti | ledighet 10 | hjälp
    .sms = ccgate: PARTI DRAG, t.ex. 12 15... Sf6. Även: remi? | remi accepterad | remi avböjd | jag ger upp | ställning | hjälp
unknown-sender = ccgate: adressen är inte registrerad. Fråga din turneringsledare.
not-your-game = ccgate: du har inget parti { $game }.
which-game = ccgate: vilket parti? Dina: { $games }. Börja raden med partinumret.
    .sms = ccgate: vilket parti? Dina: { $games }.
bad-pin = ccgate: PIN saknas eller är fel. Inget utfördes.
foreign-letter = { $letter } är ingen svensk pjäsbokstav; { $piece ->
    [king] kungen
    [queen] damen
    [rook] tornet
    [bishop] löparen
   *[knight] springaren
} skrivs { $local }
line-refused = ccgate: { $text }: avvisat, { $reason }.
unknown-language = inget språk har koden { $code }; en kod har två bokstäver, till exempel de, fr eller ru
unknown-notation = notationerna är { $names }
not-protocol = ccgate: "{ $line }" är varken ett drag eller ett kommando.

## Ledighet och klocka.

leave-granted = ccgate: ledighet från { $from } till { $until } noterad. { $left ->
    [one] { $left } dag
   *[other] { $left } dagar
} kvar i år.
leave-refused = ccgate: ledighet avslagen, { $reason }.
leave-zero-days = en ledighet varar minst en dag
leave-exceeds = { $requested ->
    [one] { $requested } dag
   *[other] { $requested } dagar
} ledighet under { $year } är fler än de { $remaining } som återstår
leave-none-left = ingen ledighet kvar för { $year }: alla { $allowance } dagar är använda
leave-overlaps = överlappar ledigheten från { $from } till { $until }
leave-overlaps-open = överlappar den öppna ledigheten från { $from }
leave-out-of-range = ledighetsdatum utanför tillåtet intervall
reminder = P{ $game } påminnelse: du är vid draget, { $days ->
    [one] { $days } dag
   *[other] { $days } dagar
} kvar.

## Villkorsdrag.

conditional-pair = om { $pair }
conditional-stored = P{ $game } villkorsdrag sparade: { $moves }
conditional-dropped = P{ $game } dina villkorsdrag har strukits: { $opponent } spelade { $move }.
conditional-refused = P{ $game } villkorsdrag avvisade: { $reason }.
conditional-your-move = du är vid draget; skicka villkorsdrag efter ditt eget drag
conditional-wrong-number = { $text }: där står drag { $number } på tur
conditional-unreadable = { $text }: { $reason }

## Meddelanden som gatewayen inte tog emot.

too-large = ccgate: ditt meddelande är för stort (gräns { $limit } KB) och lästes inte. Skicka draget som vanlig text.
several-authors = ccgate: ditt meddelande anger mer än en författare i fältet From och lästes inte. Ett drag kommer från en författare: skicka det igen från enbart din egen adress.
    .sms = ccgate: mer än en författare i From, lästes inte. Skicka bara från din adress.
held = ccgate: ett meddelande i ditt namn kunde inte kontrolleras och hålls kvar, inte utfört. Om du skickade det, svara inom { $hours ->
    [one] { $hours } timme
   *[other] { $hours } timmar
} med: confirm { $code }
hold-expired = ccgate: den bekräftelsekoden är okänd, använd eller har gått ut. Inget utfördes.
disputed = ccgate: din protest är noterad för domaren, som avgör den och meddelar dig.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = protest
unauthenticated = ccgate: ett meddelande i ditt namn kunde inte kontrolleras och utfördes inte. Be din turneringsledare om en PIN.
too-many-lines = ccgate: bara de första { $limit } raderna i ditt meddelande lästes, { $skipped } till lästes inte. Skicka dem i ett nytt meddelande.

## Turneringar.

event-start = ccgate: { $event } börjar, betänketid { $time }. Dina partier:
event-game-white = P{ $game } med vit mot { $opponent }
event-game-black = P{ $game } med svart mot { $opponent }
event-starts-on = ccgate: { $event } börjar { $date }, betänketid { $time }; klockorna startar då. Dina partier:
    .sms = ccgate: { $event } från { $date }, { $time }. Dina partier:
ruling = ccgate: domarens beslut om incident { $incident }: { $ruling }
withdrawn = ccgate: { $player } har dragit sig ur turneringen { $event }; räknade partier: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: den bifogade PGN-filen användes inte: { $reason ->
    [unreadable] inget parti kunde läsas ur den
    [no-game] dess drag är inte dragen i något av dina pågående partier
    [no-new-move] den har inget drag utöver partiet som det står
    [too-many] den har { $moves } drag utöver partiet som det står; bifoga partiet med bara ditt nästa drag
   *[not-your-move] draget den lägger till är motståndarens; det är inte ditt drag
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Du är vid draget.
your-turn-by = Du är vid draget, senast { $date }.
their-turn = { $opponent } är vid draget.
clocks = Klocka: du har använt { $used } och har { $left } kvar; { $opponent } har använt { $their-used } och har { $their-left } kvar.
conditional-answer = Ditt villkorsdrag { $number } { $move } spelades som svar. Ställningskod { $code }.
draw-offer-sent = P{ $game } ditt remianbud har gått till { $opponent }.
resignation-sent = P{ $game } ditt uppgivande har gått till { $opponent }.
claim-upheld = P{ $game } din remibegäran godkänns; { $opponent } har underrättats.
no-game = ccgate: du har inget pågående parti.
# The two players of a game, in a mail subject.
subject-players = { $white } mot { $black }
subject-held = ccgate: ett meddelande i ditt namn hålls kvar
subject-ruling = ccgate: beslut om incident { $incident }
subject-event-start = ccgate: turneringen { $event } börjar
subject-answers = ccgate: svaren på ditt meddelande
subject-withdrawn = ccgate: { $player } har dragit sig ur turneringen { $event }
which-game-item = P{ $game } mot { $opponent }, { $whose ->
    [yours] du är vid draget
   *[theirs] { $opponent } är vid draget
}
    .sms = P{ $game }
legend = Versaler vit, gemener svart. { $pieces }
legend-pieces = { $king } kung, { $queen } dam, { $rook } torn, { $bishop } löpare, { $knight } springare, { $pawn } bonde
quote = > { $line }
prose-read = Rader lästa som text: { $count }.
help-mail =
    ccgate: korrespondensschack per e-post

    En rad per drag eller kommando, med partinumret först (utan nummer om bara ett av dina partier väntar på ditt drag):
    12 15... { $move } — ditt drag i parti 12
    12 15. { $echo } 15... { $move } — motståndarens senaste drag, sedan ditt (en kontroll mot misstag)
    12 if 16. { $trigger } 16... { $answer } — villkorsdrag: spelar motståndaren det första, spelas det andra genast
    12 remi? — erbjuda remi
    12 remi accepterad — anta remierbjudandet
    12 remi avböjd — avböja det
    12 kräver remi — kräva remi på grund av trefaldig upprepning eller 50-dragsregeln
    12 jag ger upp — ge upp partiet
    12 ställning — ställningen
    12 parti — partiets notation
    notation iccf — hur dragen skrivs till dig
    lang sv — språket i dessa svar
    ledighet 10 — tio dagars ledighet från i dag
    hjälp — denna text

    Så skriver du ett drag i din notation ({ $notation }): { $move } flyttar springaren från g8 till f6; ICCF-siffror förstås alltid: { $iccf }.

    Ställningskoden: varje dragmeddelande ger en kod på fyra tecken för ställningen efter draget (efter 1. e4 är den PCG2). Den kommer från ställningens Polyglot-nyckel, som många schackprogram visar: nyckelns fem sista hexadecimala siffror, skrivna med fyra tecken; ccgates spelarhandledning visar hur. Ger ditt eget bräde en annan kod skiljer sig bräde och parti åt: skriv innan du drar.

    Övriga rader i ditt meddelande läses som text och besvaras inte.


## Signing in and playing on the web.

web-code = ccgate: din kod för att logga in på webben är { $code }. Den gäller { $minutes } min och bara en gång.
subject-web-code = ccgate: din inloggningskod
signin-title = Logga in
signin-address = Din e-postadress, ditt telefonnummer eller din anropssignal, som ccgate känner den
signin-send = Skicka mig en kod
signin-code-sent = Om ccgate känner den här adressen är en inloggningskod på väg dit. Den gäller { $minutes } min.
signin-code = Kod
signin-sign-in = Logga in
signin-refused = Den här koden loggar inte in dig: den är fel, har gått ut eller är använd, eller så har för många felaktiga koder spärrat inloggning för den här adressen i en kvart.
signin-new-code = Be om en ny kod
signin-with-password = Eller med ditt lösenord, om du har valt ett
signin-password = Lösenord
signin-password-refused = Det loggar inte in dig: adressen eller lösenordet är fel, inget lösenord är valt för den, eller för många felaktiga försök har spärrat inloggningen från den här adressen en stund.
account-title = Ditt lösenord
account-explain = Med ett eget lösenord loggar du in här utan kod, och ditt korrespondensschackprogram loggar in med det via Xfcc. Det har minst 8 tecken.
account-has = Du har ett lösenord.
account-none = Du har inget lösenord: du loggar in med en kod.
account-new = Nytt lösenord
account-set = Välj lösenordet
account-remove = Ta bort lösenordet
account-set-done = Ditt lösenord är valt.
account-removed = Ditt lösenord är borttaget: du loggar in med en kod.
account-weak = Ett lösenord har minst 8 tecken: inget ändrades.
play-title = Spela
play-sign-in = Logga in för att spela dina partier här.
play-line = Ditt drag eller kommando, som du skulle skriva det i ett mejl till ccgate
play-offer-draw = Erbjud remi med det här draget
play-send = Skicka
play-accept = Anta remin
play-decline = Avböj remin
play-resign = Ge upp
play-sign-out = Logga ut
play-not-yours = Det här är inte ett av dina partier: inget gjordes.
play-form-refused = Formuläret kunde inte läsas (för stort eller skadat): inget gjordes.

## The director's web console.

desk-console = Tävlingsledarens konsol
desk-title-login = Inloggning för tävlingsledare
desk-name = Namn
desk-password = Lösenord
desk-sign-in = Logga in
desk-sign-out = Logga ut
desk-signed-in-as = Inloggad som { $name }
desk-login-refused = Fel namn eller lösenord.
desk-login-limited = För många misslyckade inloggningar: försök igen om en kvart.
desk-csrf-refused = Formuläret har gått ut eller kom inte från den här webbplatsen: ladda om sidan och försök igen.
desk-not-found = Hittades inte.
desk-refused = Avvisat
desk-back = Tillbaka
desk-incidents = Incidenter
desk-players = Spelare
desk-players-edit = Ändra
desk-outbox = Utkorg
desk-audit = Granskningslogg
desk-health = Hälsa
desk-no-incidents = Inga öppna incidenter.
desk-incident = Incident { $id }
desk-recorded = Registrerad
desk-game = Parti
desk-player = Spelare
desk-detail = Detaljer
desk-line = Rad
desk-position = Ställning
desk-evidence = Meddelandet som det togs emot
desk-ruling = Beslut
desk-tell = Meddela
desk-tell-players = båda spelarna
desk-tell-player = spelaren
desk-tell-nobody = ingen
desk-rule = Spara beslutet
desk-adjudicate = Avgör
desk-result = Resultat
desk-reason = Skäl
desk-overrule = ändra resultatet i ett avslutat parti
desk-dismiss = Avskriva
desk-takeback = Ta tillbaka
desk-to-ply = Behåll dragen till och med halvdrag
desk-penalty = Straff
desk-days = Dagar
desk-withdraw = Dra tillbaka från turneringen
desk-notation = Notation
desk-language = Språk
desk-time-zone = Tidszon
desk-reset-pin = återställ PIN-koden
desk-save = Spara
desk-remove = Ta bort
desk-removed = borttagen
desk-addresses = Adresser
desk-no-stuck = Inget har fastnat: varje svar är skickat eller väntar på sitt första försök.
desk-to = Till
desk-state = Läge
desk-attempts = Försök
desk-last-error = Senaste fel
desk-failed = uppgiven
desk-waiting = nästa försök
desk-retry = Skicka igen
desk-when = När
desk-by = Av
desk-action = Åtgärd
desk-command-line = kommandorad
desk-channel = Kanal
desk-in = Inkomna
desk-out = Skickade svar
desk-send-failures = Misslyckade sändningar
desk-queued = I kö
desk-link = Förbindelse
desk-link-state = Läge
desk-link-since = Sedan
desk-link-error = Senaste fel
desk-link-name = { $link ->
    [imap] IMAP-brevlådan
    [modem] SMS-modemet
    [radio] Radiolänken
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] ansluter
    [up] uppe
    [retrying] nytt försök kommer
    [given-up] uppgiven
   *[other] { $state }
}
desk-filter = Filtrera
desk-any = alla
desk-kind = Slag
desk-event = Turnering
desk-since = Från
desk-until = Till
desk-choose = Val
desk-summary = Sammanfattning
desk-dismiss-chosen = Avfärda de valda
desk-rulings = Beslut
desk-state-is = { $state ->
    [waiting] väntar
    [recorded] noterad
    [ruled] avgjord
   *[other] { $state }
}
desk-done-ruled = Incident { $n } avgjord.
desk-done-dismissed = { $n ->
    [1] En incident avfärdad.
   *[other] { $n } incidenter avfärdade.
}
desk-done-adjudicate = Parti { $n } avgjort av domaren.
desk-done-takeback = Dragen i parti { $n } tagna tillbaka.
desk-done-penalty = Straff i parti { $n } avräknat.
desk-done-withdraw = Spelaren drogs ur turneringen.

## The director's games: the list, one game's page, the reminder.
desk-games = Partier
desk-white = Vit
desk-black = Svart
desk-plies = Halvdrag
desk-to-move = Vid draget
desk-deadline = Tidsgräns
desk-game-state = { $state ->
    [active] pågår
    [finished] avslutat
    [overdue] tidsgränsen passerad
    [near] tidsgräns inom 3 dagar
   *[other] { $state }
}
desk-no-games = Inga partier.
desk-remind = Skicka en påminnelse
desk-remind-game = Skicka en påminnelse för parti { $id }
desk-done-reminded = Påminnelse skickad för parti { $n }.
desk-journal = Meddelanden
desk-no-messages = Inga meddelanden.
desk-outcome = Utfall
desk-held = Kvarhållen post
desk-no-holds = Ingen kvarhållen post.
desk-held-open = öppen
desk-no-audit = Inget i granskningsloggen.
desk-health-state = Tillstånd
desk-health-is = { $state ->
    [ok] i drift
    [failing] fel
   *[other] { $state }
}
desk-up-since = I drift sedan
desk-errors = Fel
desk-clock = Klocka
desk-clock-held = förluster på tid väntar tills tiden bekräftats (ccgate clock --confirm-time)
desk-version = Version

## The web pages.

page-events = Turneringar
page-notation = Notation
page-language = Språk
page-show = Visa
page-game = Parti
page-first = Första
page-previous = Föregående
page-next = Nästa
page-last = Sista
page-to-move = vid draget
page-result = Resultat
page-draw-offered = erbjuder remi
page-clocks = Klockor
page-days-used = dagar använda
page-days-left = dagar kvar
page-unlimited = ingen gräns
page-deadline = sista dag
page-moves = Drag
page-no-moves = Inga drag ännu.
page-round = rond
page-board = bord
page-start = Utgångsställning
page-rank = Plats
page-player = Spelare
page-score = Poäng
page-wins = Vinster
page-sb = SB
page-withdrawn = utgått
page-tie-breaks = Särskiljning
page-crosstable = Korstabell: varje resultat leder till sitt parti
page-games = Partier
page-opponent = Motståndare
page-colour = Färg
page-event = Turnering
page-state = Läge
page-deadline-col = Sista dag
page-no-games = Inga partier att visa.
page-not-found = Hittades inte
page-board-white = Schackbräde { $fen }, sett från vits sida
page-board-black = Schackbräde { $fen }, sett från svarts sida
page-after = Efter { $move }
page-move-to-move = drag { $number }, { $color } vid draget
page-flip = Vänd brädet
page-pgn = Ladda ner partiet (PGN)
page-steps = Bläddra genom dragen
page-move-dates = Datum och dagar per drag
page-move = Drag
page-date = Datum
page-days = Dagar
page-deadline-why = Sista dag för { $player }: { $why ->
    [duplication] dagar utöver { $days } på ett drag räknas dubbelt (ICCF:s dubblering), vilket flyttar den tidigare.
    [leave] ledighetsdagar räknas inte, vilket flyttar den senare.
   *[both] dagar utöver { $days } på ett drag räknas dubbelt (ICCF:s dubblering), och ledighetsdagar räknas inte.
}
page-conditions = Villkor
page-time-control = Betänketid
page-tc = { $kind ->
    [moves] { $moves } drag på { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    }
    [per-move] { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } per drag
    [fischer] { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } från början, plus { $increment ->
        [one] { $increment } dag
       *[other] { $increment } dagar
    } för varje gjort drag
   *[none] ingen tidsgräns
}
page-format = Spelform
page-round-robin = { $double ->
    [yes] dubbelrond, alla mot alla
   *[no] alla mot alla
}
page-duplication = Dubblering
page-duplication-rule = dagar utöver { $days } på ett drag räknas dubbelt
page-no-duplication = ingen
page-penalty = Otillåtet drag
page-penalty-rule = { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } läggs till avsändarens tid
page-leave = Ledighet
page-leave-rule = { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } per spelare och kalenderår
page-tie-break-order = { $rules ->
    [iccf] poäng, sedan vinster, sedan Sonneborn-Berger, sedan partierna mellan de som delar plats
   *[plain] poäng, sedan Sonneborn-Berger, sedan vinster
}
page-start-date = Start
page-progress = Förlopp
page-progress-of = { $finished } av { $total } partier avslutade
page-pgn-all = Alla partier (PGN)
page-your-turn = ditt drag
page-player-to-move = { $player } vid draget
page-no-translation = De här sidorna finns ännu inte på { $name } ({ $native }), så de visas på engelska.
page-no-events = Inga turneringar att visa.
page-status = Läge
page-in-progress = pågår
page-finished = avslutad
page-players = Spelare
