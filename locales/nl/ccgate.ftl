# De antwoorden van ccgate in het Nederlands. Elk bericht heeft dezelfde
# variabelen ({ $name }) als de Engelse catalogus. Antwoorden per sms en radio
# passen in één bericht: 160 tekens (70 buiten het GSM-alfabet).
# `P{ $game }` noemt een partij; spelers nemen het zo over.

## Getallen met hun woord.

days = { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
}
hours = { $hours ->
    [one] { $hours } uur
   *[other] { $hours } uur
}
# Een datum in cijfers, zoals die in het Nederlands geschreven wordt (26-01-2027).
date = { $day }-{ $month }-{ $year }

## Zetten.

confirm = P{ $game } { $number } { $move } aanvaard. Stellingcode { $code }.
your-move = P{ $game } { $number } { $move } van { $opponent }. Stellingcode { $code }.
refused = P{ $game } { $text }: geweigerd, { $reason }.
refused-brief = P{ $game } { $text }: geweigerd.
did-you-mean = { " " }Bedoelde u { $moves }?
nothing-applied = { " " }Er is niets uitgevoerd.
penalty = { " " }Straf: { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} bij uw bedenktijd opgeteld.
    .sms = { " " }Straf: { days }.
one-move-per-line = één zet per regel, eventueel na de laatste zet van de tegenstander
not-your-turn = P{ $game } { $text }: geweigerd, in partij { $game } is { $opponent } aan zet.
wrong-number = P{ $game } { $text }: geweigerd, zet { $number } is aan de beurt.
desync = P{ $game } uw { $text } klopt niet met de partij: er is niets uitgevoerd, ook uw eigen zet in dit bericht niet. Notatie: { $record }

## Waarom een zet niet gelezen of gespeeld kan worden.

expected = { $what ->
    [move] een zet
    [move-not-result] een zet, geen uitslag
    [file] een lijn (a-h)
    [rank] een rij (1-8)
    [square] een veld
    [piece-or-square] een stukletter of een veld
    [destination] een doelveld
    [square-or-promotion] een veld of een promotiestuk
    [promotion] een promotiestuk
    [promotion-piece] een promotiestuk (D, T, L of P)
    [promotion-letter] een promotieletter (q, r, b, n)
    [promotion-digit] een promotiecijfer (1=D 2=T 3=L 4=P)
    [english-piece] een stuk (K, Q, R, B, N, Kt, P) of rokade
    [not-king] een ander stuk dan de koning
    [captured] het geslagen stuk
    [dash-or-x] '-' of 'x'
    [close-paren] ')'
    [suffix] een schaakteken, e.p., ! of ?, of het einde van de zet
    [iccf-end] het einde van de zet (4 of 5 cijfers)
    [origin-file-digit] het cijfer van de beginlijn (1-8)
    [origin-rank-digit] het cijfer van de beginrij (1-8)
    [destination-file-digit] het cijfer van de doellijn (1-8)
    [destination-rank-digit] het cijfer van de doelrij (1-8)
    [desc-square] een veld zoals K4 of QB3
    [desc-origin] de lijn of rij van het stuk, zoals (1) of (QB3)
    [uedemann-code] een Uedemann-code
    [uedemann-origin] twee letters voor het beginveld
    [uedemann-destination] twee letters voor het doelveld
    [uedemann-suffix] een achtervoegsel (q r b k promotie; c schaak, m mat, p e.p., t slaat)
   *[end] het einde van de zet
}
malformed = verwacht: { $expected }, bij teken { $at }
    .sms = onleesbaar bij teken { $at }
malformed-found = verwacht: { $expected }, bij teken { $at } staat '{ $found }'
    .sms = onleesbaar bij teken { $at }
ambiguous = dubbelzinnig, het kan { $moves } zijn
conflict = leest in twee notaties verschillend: { $readings }
illegal-no-such-piece-on = u hebt { $piece ->
    [pawn] geen pion
    [knight] geen paard
    [bishop] geen loper
    [rook] geen toren
    [queen] geen dame
    [king] geen koning
   *[piece] geen stuk
} op { $square }
illegal-no-such-piece = u hebt { $piece ->
    [pawn] geen pion
    [knight] geen paard
    [bishop] geen loper
    [rook] geen toren
    [queen] geen dame
    [king] geen koning
   *[piece] geen stuk
} dat deze zet kan doen
illegal-empty-square = op { $square } staat geen stuk
illegal-not-your-piece = het stuk op { $square } is van uw tegenstander
illegal-cannot-move = { $piece ->
    [pawn] de pion
    [knight] het paard
    [bishop] de loper
    [rook] de toren
    [queen] de dame
    [king] de koning
   *[piece] het stuk
} op { $from } kan niet naar { $to }
illegal-cannot-reach = { $piece ->
    [pawn] geen van uw pionnen kan { $to } bereiken
    [knight] geen van uw paarden kan { $to } bereiken
    [bishop] geen van uw lopers kan { $to } bereiken
    [rook] geen van uw torens kan { $to } bereiken
    [queen] geen van uw dames kan { $to } bereiken
    [king] uw koning kan { $to } niet bereiken
   *[piece] geen van uw stukken kan { $to } bereiken
}
illegal-own-piece = op { $square } staat een eigen stuk
illegal-pinned = { $piece ->
    [pawn] de pion
    [knight] het paard
    [bishop] de loper
    [rook] de toren
    [queen] de dame
    [king] de koning
   *[piece] het stuk
} op { $from } is gepend: de zet zou uw koning blootstellen
illegal-in-check = uw koning staat schaak en deze zet heft het schaak niet op
illegal-into-check = uw koning zou op { $square } schaak staan
illegal-promotion-missing = een pion op de laatste rij moet zijn promotiestuk noemen
illegal-not-promotion = er is een promotiestuk genoemd, maar de zet is geen promotie
illegal-pawn-capture-needs-file = een slagzet van een pion noemt de lijn van de pion (exd5, niet d5)
illegal-castling-rights-gone = { $side ->
    [kingside] korte rokade
   *[queenside] lange rokade
} kan niet meer: de koning of die toren heeft al gezet
illegal-castling-blocked = { $side ->
    [kingside] korte rokade
   *[queenside] lange rokade
} kan niet: er staan stukken tussen koning en toren
illegal-castling-in-check = rokeren terwijl u schaak staat kan niet
illegal-castling-through-check = { $side ->
    [kingside] korte rokade
   *[queenside] lange rokade
} kan niet: de koning zou over of op een aangevallen veld komen
    .sms = { $side ->
        [kingside] korte rokade
       *[queenside] lange rokade
    } kan niet: aangevallen veld
illegal-no-legal-moves = de partij is afgelopen: er zijn geen reglementaire zetten

## Het einde van de partij.

game-over = P{ $game } afgelopen: { $result }, { $reason }.
game-finished = P{ $game } is afgelopen ({ $result }).
end = { $why ->
    [checkmate] schaakmat
    [stalemate] pat
    [insufficient-material] onvoldoende materiaal
    [fivefold-repetition] vijfvoudige herhaling
    [seventy-five-moves] 75-zettenregel
   *[draw-agreed] remise overeengekomen
}
end-claimed = remise geclaimd: { $claim ->
    [threefold] drievoudige herhaling
   *[fifty] 50-zettenregel
}
end-resigned = { $player } heeft opgegeven
end-lost-on-time = { $player } heeft de bedenktijd overschreden
end-adjudicated = beslissing van de wedstrijdleider: { $reason }
adjudicated = P{ $game } door de wedstrijdleider beslist met { $result }: { $reason }
taken-back = P{ $game } de wedstrijdleider nam de zetten na halve zet { $ply } terug: { $reason }
penalized = P{ $game } de wedstrijdleider rekende { $player } { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } aan op de klok: { $reason }

## Remise.

draw-offered = P{ $game } { $opponent } biedt remise aan. Antwoord: P{ $game } remise aangenomen, of speel door.
draw-offered-with-move = Remise aangeboden: antwoord P{ $game } remise aangenomen, of speel door.
    .sms = Remise aangeboden.
draw-declined = P{ $game } { $opponent } wijst uw remiseaanbod af.
opponent-message = P{ $game } { $opponent } schrijft: { $text }
remote-refused = P{ $game } { $move }: geweigerd door de server { $server }: { $reason }. De zet is teruggenomen; stuur een andere.
remote-reason = { $code ->
    [NotYourTurn] daar bent u niet aan zet
    [InvalidMoveNumber] het zetnummer klopt daar niet met de partij
    [InvalidMove] de zet is daar niet reglementair
    [MoveIsAmbigous] de zet is daar dubbelzinnig
    [LostOnTime] de partij is daar op tijd verloren
    [YouAreOnLeave] u hebt daar verlof
    [InvalidGameID] de server kent deze partij niet
    [NotYourGame] de partij is daar niet van u
    [AuthenticationFailed] de server weigerde het wachtwoord van het account
    [ServerError] fout van de server
    [NoDrawWasOffered] er was geen remiseaanbod
    [FeatureUnavailable] de server biedt dit niet aan
   *[other] { $code }
}
remote-only = P{ $game } wordt gespeeld op de server { $server }: bied daar remise aan, claim of geef op.
no-draw-offer = P{ $game } er ligt geen remiseaanbod.
claim-refused = P{ $game } remiseclaim afgewezen: { $reason }.
claim-not = { $claim ->
    [threefold] de stelling is niet drie keer voorgekomen
    [fifty] in de laatste 50 zetten was er een slagzet of pionzet
   *[none] drievoudige herhaling noch de 50-zettenregel is van toepassing
}

## De partij en de instellingen.

color = { $color ->
    [white] Wit
   *[black] Zwart
}
board = P{ $game } { $fen } { $turn } is aan zet. Stellingcode { $code }.
board-sheet = P{ $game } { $turn } is aan zet. Stellingcode { $code }.
record = P{ $game } { $record }
record-attached = Het PGN-bestand van de partij is bijgevoegd: { $file }.
notation-set = ccgate: notatie ingesteld op { $value }.
lang-set = ccgate: taal ingesteld op { $value }.
help = ccgate: stuur PARTIJ ZET, bv. 12 15. 5254 of 12 15... Pf6. Ook: remise? | remise aangenomen | remise afgewezen | opgeven | remise claimen | stelling | partij | verlof 10 | hulp
    .sms = ccgate: PARTIJ ZET, bv. 12 15... Pf6. Ook: remise? | remise aangenomen | remise afgewezen | opgeven | stelling | hulp
unknown-sender = ccgate: dit adres is niet aangemeld. Vraag het uw wedstrijdleider.
not-your-game = ccgate: u hebt geen partij { $game }.
which-game = ccgate: welke partij? De uwe: { $games }. Begin de regel met het partijnummer.
    .sms = ccgate: welke partij? De uwe: { $games }.
bad-pin = ccgate: PIN ontbreekt of is fout. Er is niets uitgevoerd.
foreign-letter = { $letter } is geen Nederlandse stukletter; { $piece ->
    [king] de koning
    [queen] de dame
    [rook] de toren
    [bishop] de loper
   *[knight] het paard
} is { $local }
line-refused = ccgate: { $text }: geweigerd, { $reason }.
unknown-language = geen taal heeft de code { $code }; een code heeft twee letters, zoals de, fr of ru
unknown-notation = de notaties zijn { $names }
not-protocol = ccgate: "{ $line }" is geen zet en geen opdracht.

## Verlof en klok.

leave-granted = ccgate: verlof van { $from } tot { $until } genoteerd. Nog { $left ->
    [one] { $left } dag
   *[other] { $left } dagen
} over dit jaar.
leave-refused = ccgate: verlof geweigerd, { $reason }.
leave-zero-days = een verlof duurt minstens één dag
leave-exceeds = { $requested ->
    [one] { $requested } dag
   *[other] { $requested } dagen
} verlof in { $year } is meer dan de { $remaining } die over zijn
leave-none-left = geen verlof meer in { $year }: alle { $allowance } dagen zijn op
leave-overlaps = overlapt met het verlof van { $from } tot { $until }
leave-overlaps-open = overlapt met het open verlof vanaf { $from }
leave-out-of-range = verlofdata buiten bereik
reminder = P{ $game } herinnering: u bent aan zet, nog { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
}.

## Voorwaardelijke zetten.

conditional-pair = als { $pair }
conditional-stored = P{ $game } voorwaardelijke zetten opgeslagen: { $moves }
conditional-dropped = P{ $game } uw voorwaardelijke zetten vervallen: { $opponent } speelde { $move }.
conditional-refused = P{ $game } voorwaardelijke zetten geweigerd: { $reason }.
conditional-your-move = u bent aan zet; stuur voorwaardelijke zetten na uw eigen zet
conditional-wrong-number = { $text }: daar is zet { $number } aan de beurt
conditional-unreadable = { $text }: { $reason }

## Berichten die de gateway niet aannam.

too-large = ccgate: uw bericht is te groot (grens { $limit } KB) en is niet gelezen. Stuur de zet als platte tekst.
several-authors = ccgate: uw bericht noemt in het veld From meer dan één afzender en is niet gelezen. Een zet komt van één auteur: stuur hem opnieuw, alleen vanaf uw eigen adres.
held = ccgate: een bericht op uw naam kon niet als het uwe worden gecontroleerd en wordt vastgehouden, niet uitgevoerd. Als u het stuurde, antwoord binnen { $hours ->
    [one] { $hours } uur
   *[other] { $hours } uur
} met: confirm { $code }
    .sms = ccgate: bericht op uw naam vastgehouden (afzender niet gecontroleerd). Was het van u, antwoord binnen { hours }: confirm { $code }
hold-expired = ccgate: deze bevestigingscode is onbekend, gebruikt of verlopen. Er is niets uitgevoerd.
disputed = ccgate: uw bezwaar is vastgelegd voor de wedstrijdleider, die erover beslist en het u laat weten.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = bezwaar
unauthenticated = ccgate: een bericht op uw naam kon niet als het uwe worden gecontroleerd en is niet uitgevoerd. Vraag uw wedstrijdleider om een PIN.
too-many-lines = ccgate: alleen de eerste { $limit } regels van uw bericht zijn gelezen, nog { $skipped } niet. Stuur die in een nieuw bericht.

## Toernooien.

event-start = ccgate: { $event } begint, bedenktijd { $time }. Uw partijen:
event-game-white = P{ $game } met Wit tegen { $opponent }
event-game-black = P{ $game } met Zwart tegen { $opponent }
event-starts-on = ccgate: { $event } begint op { $date }, bedenktijd { $time }; de klokken lopen vanaf dan. Uw partijen:
    .sms = ccgate: { $event } vanaf { $date }, { $time }. Uw partijen:
ruling = ccgate: beslissing van de wedstrijdleider over incident { $incident }: { $ruling }
withdrawn = ccgate: { $player } heeft zich teruggetrokken uit het toernooi { $event }; verrekend: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: het bijgevoegde PGN-bestand is niet gebruikt: { $reason ->
    [unreadable] er kon geen partij uit gelezen worden
    [no-game] de zetten zijn die van geen van uw lopende partijen
    [no-new-move] het heeft geen zet voorbij de partij zoals die nu staat
    [too-many] het heeft { $moves } zetten voorbij de partij zoals die nu staat; voeg de partij alleen met uw volgende zet bij
   *[not-your-move] de zet die het toevoegt is van uw tegenstander; u bent niet aan zet
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = U bent aan zet.
your-turn-by = U bent aan zet, tot { $date }.
their-turn = { $opponent } is aan zet.
clocks = Klok: u { $used } gebruikt, { $left } over; { $opponent } { $their-used } gebruikt, { $their-left } over.
conditional-answer = Uw voorwaardelijke zet { $number } { $move } is als antwoord gespeeld. Stellingcode { $code }.
draw-offer-sent = P{ $game } uw remiseaanbod is naar { $opponent } gegaan.
resignation-sent = P{ $game } uw opgave is aan { $opponent } doorgegeven.
claim-upheld = P{ $game } uw remiseclaim is toegewezen; we hebben { $opponent } ingelicht.
no-game = ccgate: u hebt geen lopende partij.
# The two players of a game, in a mail subject.
subject-players = { $white } tegen { $black }
subject-held = ccgate: een bericht op uw naam wordt vastgehouden
subject-ruling = ccgate: beslissing over incident { $incident }
subject-event-start = ccgate: het toernooi { $event } begint
subject-answers = ccgate: de antwoorden op uw bericht
subject-withdrawn = ccgate: { $player } trekt zich terug uit het toernooi { $event }
which-game-item = P{ $game } tegen { $opponent }, { $whose ->
    [yours] u bent aan zet
   *[theirs] { $opponent } is aan zet
}
    .sms = P{ $game }
legend = Hoofdletters Wit, kleine letters Zwart. { $pieces }
legend-pieces = { $king } koning, { $queen } dame, { $rook } toren, { $bishop } loper, { $knight } paard, { $pawn } pion
quote = > { $line }
prose-read = Regels als tekst gelezen: { $count }.
help-mail =
    ccgate: correspondentieschaak per e-mail

    Eén regel per zet of opdracht, met vooraan het partijnummer (zonder nummer als maar één van uw partijen op uw zet wacht):
    12 15... { $move } — uw zet in partij 12
    12 15. { $echo } 15... { $move } — de laatste zet van de tegenstander, dan de uwe (een controle tegen vergissingen)
    12 if 16. { $trigger } 16... { $answer } — voorwaardelijke zetten: speelt de tegenstander de eerste, dan volgt de tweede meteen
    12 remise? — remise aanbieden
    12 remise aangenomen — het remiseaanbod aannemen
    12 remise afgewezen — het afwijzen
    12 remise claimen — remise claimen wegens drievoudige herhaling of de 50-zettenregel
    12 opgeven — de partij opgeven
    12 stelling — de stelling
    12 partij — de partijnotatie
    notation iccf — hoe zetten u geschreven worden
    lang nl — de taal van deze antwoorden
    verlof 10 — tien dagen verlof vanaf vandaag
    hulp — deze tekst

    Zo schrijft u een zet in uw notatie ({ $notation }): { $move } speelt het paard van g8 naar f6; ICCF-cijfers worden altijd begrepen: { $iccf }.

    De stellingcode: elk zetbericht geeft een code van vier tekens voor de stelling na de zet (na 1. e4 is dat PCG2). Hij komt uit de Polyglot-sleutel van de stelling, die veel schaakprogramma's tonen: de laatste vijf hexadecimale cijfers daarvan, in vier tekens geschreven; de spelershandleiding van ccgate legt uit hoe. Geeft uw eigen bord een andere code, dan wijken bord en partij af: schrijf voordat u zet.

    Andere regels van uw bericht worden als tekst gelezen en niet beantwoord.


## Signing in and playing on the web.

web-code = ccgate: uw code om op het web in te loggen is { $code }. Hij is { $minutes } min geldig, één keer.
subject-web-code = ccgate: uw inlogcode
signin-title = Inloggen
signin-address = Uw e-mailadres, telefoonnummer of roepnaam, zoals ccgate het kent
signin-send = Stuur mij een code
signin-code-sent = Als ccgate dit adres kent, is er een inlogcode naar onderweg. Hij is { $minutes } min geldig.
signin-code = Code
signin-sign-in = Inloggen
signin-refused = Met deze code logt u niet in: hij is fout, verlopen of al gebruikt, of te veel foute codes hebben het inloggen voor dit adres een kwartier geblokkeerd.
signin-new-code = Een nieuwe code vragen
signin-with-password = Of met uw wachtwoord, als u er een hebt ingesteld
signin-password = Wachtwoord
signin-password-refused = Hiermee wordt u niet aangemeld: het adres of het wachtwoord klopt niet, er is geen wachtwoord voor ingesteld, of te veel verkeerde pogingen hebben het aanmelden op dit adres een tijd geblokkeerd.
account-title = Uw wachtwoord
account-explain = Met een eigen wachtwoord meldt u zich hier aan zonder code, en meldt uw correspondentieprogramma zich aan via Xfcc. Het heeft minstens 8 tekens.
account-has = U hebt een wachtwoord.
account-none = U hebt geen wachtwoord: u meldt zich aan met een code.
account-new = Nieuw wachtwoord
account-set = Wachtwoord instellen
account-remove = Wachtwoord verwijderen
account-set-done = Uw wachtwoord is ingesteld.
account-removed = Uw wachtwoord is verwijderd: u meldt zich aan met een code.
account-weak = Een wachtwoord heeft minstens 8 tekens: er is niets veranderd.
play-title = Spelen
play-sign-in = Meld u aan om hier uw partijen te spelen.
play-line = Uw zet of opdracht, zoals u die in een e-mail aan ccgate zou schrijven
play-offer-draw = Remise aanbieden met deze zet
play-send = Versturen
play-accept = Remise aannemen
play-decline = Remise afwijzen
play-resign = Opgeven
play-sign-out = Uitloggen
play-not-yours = Dit is geen partij van u: er is niets gedaan.
play-form-refused = Dit formulier kon niet worden gelezen (te groot of beschadigd): er is niets gedaan.

## The director's web console.

desk-console = Wedstrijdleiding
desk-title-login = Aanmelden wedstrijdleiding
desk-name = Naam
desk-password = Wachtwoord
desk-sign-in = Aanmelden
desk-sign-out = Afmelden
desk-signed-in-as = Aangemeld als { $name }
desk-login-refused = Naam of wachtwoord onjuist.
desk-login-limited = Te veel mislukte aanmeldingen: probeer het over een kwartier opnieuw.
desk-csrf-refused = Dit formulier is verlopen of komt niet van deze site: laad de pagina opnieuw en probeer het nog eens.
desk-not-found = Niet gevonden.
desk-refused = Geweigerd
desk-back = Terug
desk-incidents = Incidenten
desk-players = Spelers
desk-players-edit = Wijzigen
desk-outbox = Postvak uit
desk-audit = Auditlogboek
desk-health = Status
desk-no-incidents = Geen open incidenten.
desk-incident = Incident { $id }
desk-recorded = Vastgelegd
desk-game = Partij
desk-player = Speler
desk-detail = Details
desk-line = Regel
desk-position = Stelling
desk-evidence = Het bericht zoals ontvangen
desk-ruling = Beslissing
desk-tell = Melden aan
desk-tell-players = beide spelers
desk-tell-player = de speler
desk-tell-nobody = niemand
desk-rule = Beslissing vastleggen
desk-adjudicate = Beslissen
desk-result = Uitslag
desk-reason = Reden
desk-overrule = uitslag van een beëindigde partij wijzigen
desk-dismiss = Seponeren
desk-takeback = Terugnemen
desk-to-ply = Zetten houden tot halve zet
desk-penalty = Straf
desk-days = Dagen
desk-withdraw = Uit het toernooi terugtrekken
desk-notation = Notatie
desk-language = Taal
desk-time-zone = Tijdzone
desk-reset-pin = PIN wissen
desk-save = Opslaan
desk-remove = Verwijderen
desk-removed = verwijderd
desk-addresses = Adressen
desk-no-stuck = Niets blijft hangen: elk antwoord is verstuurd of wacht op de eerste poging.
desk-to = Aan
desk-state = Toestand
desk-attempts = Pogingen
desk-last-error = Laatste fout
desk-failed = opgegeven
desk-waiting = volgende poging
desk-retry = Opnieuw versturen
desk-when = Wanneer
desk-by = Door
desk-action = Handeling
desk-command-line = opdrachtregel
desk-channel = Kanaal
desk-in = Berichten in
desk-out = Antwoorden verstuurd
desk-send-failures = Mislukte verzendingen
desk-queued = In de wachtrij
desk-link = Verbinding
desk-link-state = Toestand
desk-link-since = Sinds
desk-link-error = Laatste fout
desk-link-name = { $link ->
    [imap] IMAP-postbus
    [modem] Sms-modem
    [radio] Radioverbinding
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] wordt opgebouwd
    [up] actief
    [retrying] nieuwe poging volgt
    [given-up] opgegeven
   *[other] { $state }
}
desk-filter = Filteren
desk-any = alle
desk-kind = Soort
desk-event = Toernooi
desk-since = Van
desk-until = Tot en met
desk-choose = Keuze
desk-summary = Samenvatting
desk-dismiss-chosen = Gekozen afwijzen
desk-rulings = Beslissingen
desk-state-is = { $state ->
    [waiting] wacht
    [recorded] vastgelegd
    [ruled] beslist
   *[other] { $state }
}
desk-done-ruled = Over incident { $n } is beslist.
desk-done-dismissed = { $n ->
    [1] Eén incident afgewezen.
   *[other] { $n } incidenten afgewezen.
}
desk-done-adjudicate = Partij { $n } beslist door de leiding.
desk-done-takeback = Zetten van partij { $n } teruggenomen.
desk-done-penalty = Straf in partij { $n } aangerekend.
desk-done-withdraw = Speler uit het toernooi teruggetrokken.

## The director's games: the list, one game's page, the reminder.
desk-games = Partijen
desk-white = Wit
desk-black = Zwart
desk-plies = Halve zetten
desk-to-move = Aan zet
desk-deadline = Termijn
desk-game-state = { $state ->
    [active] bezig
    [finished] beëindigd
    [overdue] termijn verstreken
    [near] termijn binnen 3 dagen
   *[other] { $state }
}
desk-no-games = Geen partijen.
desk-remind = Herinnering sturen
desk-remind-game = Herinnering sturen voor partij { $id }
desk-done-reminded = Herinnering gestuurd voor partij { $n }.
desk-journal = Berichten
desk-no-messages = Geen berichten.
desk-outcome = Afhandeling
desk-held = Vastgehouden post
desk-no-holds = Geen vastgehouden post.
desk-held-open = open
desk-no-audit = Niets in het auditlogboek.
desk-health-state = Toestand
desk-health-is = { $state ->
    [ok] draait
    [failing] storing
   *[other] { $state }
}
desk-up-since = Draait sinds
desk-errors = Fouten
desk-clock = Klok
desk-clock-held = tijdverlies opgeschort tot de tijd is bevestigd (ccgate clock --confirm-time)
desk-version = Versie

## The web pages.

page-events = Toernooien
page-notation = Notatie
page-language = Taal
page-show = Tonen
page-game = Partij
page-first = Begin
page-previous = Vorige
page-next = Volgende
page-last = Einde
page-to-move = aan zet
page-result = Uitslag
page-draw-offered = biedt remise aan
page-clocks = Klokken
page-days-used = dagen gebruikt
page-days-left = dagen over
page-unlimited = geen limiet
page-deadline = termijn
page-moves = Zetten
page-no-moves = Nog geen zetten.
page-round = ronde
page-board = bord
page-start = Beginstelling
page-rank = Plaats
page-player = Speler
page-score = Punten
page-wins = Winst
page-sb = SB
page-withdrawn = teruggetrokken
page-tie-breaks = Tiebreaks
page-crosstable = Kruistabel: elke uitslag leidt naar de partij
page-games = Partijen
page-opponent = Tegenstander
page-colour = Kleur
page-event = Toernooi
page-state = Stand
page-deadline-col = Termijn
page-no-games = Geen partijen om te tonen.
page-not-found = Niet gevonden
page-board-white = Schaakbord { $fen }, gezien van de kant van wit
page-board-black = Schaakbord { $fen }, gezien van de kant van zwart
page-after = Na { $move }
page-move-to-move = zet { $number }, { $color } aan zet
page-flip = Bord draaien
page-pgn = Partij downloaden (PGN)
page-steps = Door de zetten bladeren
page-move-dates = Data en dagen per zet
page-move = Zet
page-date = Datum
page-days = Dagen
page-deadline-why = Termijn van { $player }: { $why ->
    [duplication] dagen boven { $days } voor één zet tellen dubbel (ICCF-verdubbeling), dat brengt hem naar voren.
    [leave] verlofdagen tellen niet, dat schuift hem op.
   *[both] dagen boven { $days } voor één zet tellen dubbel (ICCF-verdubbeling), en verlofdagen tellen niet.
}
page-conditions = Voorwaarden
page-time-control = Bedenktijd
page-tc = { $kind ->
    [moves] { $moves } zetten in { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    }
    [per-move] { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } per zet
    [fischer] { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } bij het begin, plus { $increment ->
        [one] { $increment } dag
       *[other] { $increment } dagen
    } voor elke gedane zet
   *[none] geen tijdslimiet
}
page-format = Opzet
page-round-robin = { $double ->
    [yes] dubbele halve competitie
   *[no] halve competitie
}
page-duplication = Verdubbeling
page-duplication-rule = dagen boven { $days } voor één zet tellen dubbel
page-no-duplication = geen
page-penalty = Onreglementaire zet
page-penalty-rule = { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } bij de tijd van de afzender
page-leave = Verlof
page-leave-rule = { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } per speler en kalenderjaar
page-tie-break-order = { $rules ->
    [iccf] punten, dan winstpartijen, dan Sonneborn-Berger, dan de partijen tussen de gelijk geëindigden
   *[plain] punten, dan Sonneborn-Berger, dan winstpartijen
}
page-start-date = Begin
page-progress = Voortgang
page-progress-of = { $finished } van { $total } partijen beëindigd
page-pgn-all = Alle partijen (PGN)
page-your-turn = jij bent aan zet
page-player-to-move = { $player } aan zet
page-no-translation = Deze pagina's zijn nog niet in het { $name } ({ $native }) vertaald en staan daarom in het Engels.
page-no-events = Geen toernooien.
page-status = Stand
page-in-progress = bezig
page-finished = afgelopen
page-players = Spelers
