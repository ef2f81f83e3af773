# Odpovědi ccgate česky. Každá zpráva má tytéž proměnné ({ $name }) jako
# anglický katalog. Česká písmena mimo abecedu GSM (č, ř, š, ž…) posílají SMS
# jako UCS-2: 70 znaků, proto jsou texty pro SMS stručné.
# `P{ $game }` označuje partii; hráči jej opisují stejně.

## Čísla s jejich slovem.

days = { $days ->
    [one] { $days } den
    [few] { $days } dny
   *[other] { $days } dní
}
hours = { $hours ->
    [one] { $hours } hodina
    [few] { $hours } hodiny
   *[other] { $hours } hodin
}
# Datum v číslicích, jak se píše česky (26.01.2027).
date = { $day }.{ $month }.{ $year }

## Tahy.

confirm = P{ $game } { $number } { $move } přijat. Kód pozice { $code }.
your-move = P{ $game } { $number } { $move }, soupeř { $opponent }. Kód pozice { $code }.
refused = P{ $game } { $text }: odmítnuto, { $reason }.
refused-brief = P{ $game } { $text }: odmítnuto.
did-you-mean = { " " }Mysleli jste { $moves }?
nothing-applied = { " " }Nic nebylo provedeno.
penalty = { " " }Trest: { $days ->
    [one] { $days } den připočten
    [few] { $days } dny připočteny
   *[other] { $days } dní připočteno
} k vašemu času.
    .sms = { " " }Trest: { days }.
one-move-per-line = jeden tah na řádek, případně po posledním tahu soupeře
not-your-turn = P{ $game } { $text }: odmítnuto, v partii { $game } je na tahu { $opponent }.
wrong-number = P{ $game } { $text }: odmítnuto, tah { $number } je na řadě.
desync = P{ $game } váš { $text } neodpovídá partii: nic nebylo provedeno, ani váš vlastní tah v této zprávě. Zápis: { $record }

## Proč tah nejde přečíst ani zahrát.

expected = { $what ->
    [move] tah
    [move-not-result] tah, ne výsledek partie
    [file] sloupec (a-h)
    [rank] řada (1-8)
    [square] pole
    [piece-or-square] písmeno kamene nebo pole
    [destination] cílové pole
    [square-or-promotion] pole nebo kámen proměny
    [promotion] kámen proměny
    [promotion-piece] kámen proměny (D, V, S nebo J)
    [promotion-letter] písmeno proměny (q, r, b, n)
    [promotion-digit] číslice proměny (1=D 2=V 3=S 4=J)
    [english-piece] kámen (K, Q, R, B, N, Kt, P) nebo rošáda
    [not-king] jiný kámen než král
    [captured] braný kámen
    [dash-or-x] „-“ nebo „x“
    [close-paren] „)“
    [suffix] znak šachu, e.p., ! nebo ?, nebo konec tahu
    [iccf-end] konec tahu (4 nebo 5 číslic)
    [origin-file-digit] číslice výchozího sloupce (1-8)
    [origin-rank-digit] číslice výchozí řady (1-8)
    [destination-file-digit] číslice cílového sloupce (1-8)
    [destination-rank-digit] číslice cílové řady (1-8)
    [desc-square] pole jako K4 nebo QB3
    [desc-origin] sloupec nebo řada kamene, např. (1) nebo (QB3)
    [uedemann-code] Uedemannův kód
    [uedemann-origin] dvě písmena výchozího pole
    [uedemann-destination] dvě písmena cílového pole
    [uedemann-suffix] písmeno přípony (q r b k proměna; c šach, m mat, p e.p., t braní)
   *[end] konec tahu
}
malformed = očekáváno: { $expected }, znak { $at }
    .sms = nečitelné u znaku { $at }
malformed-found = očekáváno: { $expected }, znak { $at }, je tam „{ $found }“
    .sms = nečitelné u znaku { $at }
ambiguous = nejednoznačné, může to být { $moves }
conflict = ve dvou notacích se čte jinak: { $readings }
illegal-no-such-piece-on = nemáte { $piece ->
    [pawn] pěšce
    [knight] jezdce
    [bishop] střelce
    [rook] věž
    [queen] dámu
    [king] krále
   *[piece] kámen
} na { $square }
illegal-no-such-piece = nemáte { $piece ->
    [pawn] pěšce, který by mohl
    [knight] jezdce, který by mohl
    [bishop] střelce, který by mohl
    [rook] věž, která by mohla
    [queen] dámu, která by mohla
    [king] krále, který by mohl
   *[piece] kámen, který by mohl
} zahrát tento tah
illegal-empty-square = na { $square } nestojí žádný kámen
illegal-not-your-piece = kámen na { $square } patří soupeři
illegal-cannot-move = { $piece ->
    [pawn] pěšec
    [knight] jezdec
    [bishop] střelec
    [rook] věž
    [queen] dáma
    [king] král
   *[piece] kámen
} z { $from } nemůže táhnout na { $to }
illegal-cannot-reach = { $piece ->
    [pawn] žádný váš pěšec nemůže
    [knight] žádný váš jezdec nemůže
    [bishop] žádný váš střelec nemůže
    [rook] žádná vaše věž nemůže
    [queen] žádná vaše dáma nemůže
    [king] váš král nemůže
   *[piece] žádný váš kámen nemůže
} dosáhnout pole { $to }
illegal-own-piece = na { $square } stojí váš vlastní kámen
illegal-pinned = { $piece ->
    [pawn] pěšec na { $from } je ve vazbě
    [knight] jezdec na { $from } je ve vazbě
    [bishop] střelec na { $from } je ve vazbě
    [rook] věž na { $from } je ve vazbě
    [queen] dáma na { $from } je ve vazbě
    [king] král na { $from } je ve vazbě
   *[piece] kámen na { $from } je ve vazbě
}: tah by odkryl vašeho krále
illegal-in-check = váš král je v šachu a tento tah šach neodvrací
illegal-into-check = váš král by byl na { $square } v šachu
illegal-promotion-missing = pěšec na poslední řadě musí uvést kámen proměny
illegal-not-promotion = je uveden kámen proměny, ale tah není proměna
illegal-pawn-capture-needs-file = braní pěšcem uvádí sloupec pěšce (exd5, ne d5)
illegal-castling-rights-gone = { $side ->
    [kingside] malá rošáda
   *[queenside] velká rošáda
} už není možná: král nebo tato věž už táhli
illegal-castling-blocked = { $side ->
    [kingside] malá rošáda
   *[queenside] velká rošáda
} není možná: mezi králem a věží stojí kameny
illegal-castling-in-check = z šachu nelze rošovat
illegal-castling-through-check = { $side ->
    [kingside] malá rošáda
   *[queenside] velká rošáda
} není možná: král by prošel napadeným polem nebo na něm stanul
    .sms = { $side ->
        [kingside] malá rošáda
       *[queenside] velká rošáda
    } není možná: napadené pole
illegal-no-legal-moves = partie skončila: není žádný platný tah

## Konec partie.

game-over = P{ $game } skončila: { $result }, { $reason }.
game-finished = P{ $game } už skončila ({ $result }).
end = { $why ->
    [checkmate] mat
    [stalemate] pat
    [insufficient-material] nedostatečný materiál
    [fivefold-repetition] pětinásobné opakování pozice
    [seventy-five-moves] pravidlo 75 tahů
   *[draw-agreed] remíza dohodou
}
end-claimed = remíza reklamována: { $claim ->
    [threefold] trojí opakování pozice
   *[fifty] pravidlo 50 tahů
}
end-resigned = partie vzdána ({ $player })
end-lost-on-time = překročení času ({ $player })
end-adjudicated = rozhodnutí rozhodčího: { $reason }
adjudicated = P{ $game } rozhodl rozhodčí: { $result }, { $reason }
taken-back = P{ $game } rozhodčí vzal zpět tahy po půltahu { $ply }: { $reason }
penalized = P{ $game } rozhodčí připočetl na hodiny hráče { $player } { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    }: { $reason }

## Remíza.

draw-offered = P{ $game } { $opponent } nabízí remízu. Odpověď: P{ $game } remíza přijata, nebo hrajte dál.
draw-offered-with-move = Nabídnuta remíza: odpověď P{ $game } remíza přijata, nebo hrajte dál.
    .sms = Nabídnuta remíza.
draw-declined = P{ $game } { $opponent } odmítá vaši nabídku remízy.
opponent-message = P{ $game } { $opponent } píše: { $text }
remote-refused = P{ $game } { $move }: odmítnuto serverem { $server }: { $reason }. Tah je vzat zpět; pošlete jiný.
remote-reason = { $code ->
    [NotYourTurn] tam nejste na tahu
    [InvalidMoveNumber] tam číslo tahu neodpovídá partii
    [InvalidMove] tam tah není podle pravidel
    [MoveIsAmbigous] tam je tah nejednoznačný
    [LostOnTime] tam je partie prohraná na čas
    [YouAreOnLeave] tam máte dovolenou
    [InvalidGameID] server tuto partii nezná
    [NotYourGame] tam partie není vaše
    [AuthenticationFailed] server odmítl heslo účtu
    [ServerError] chyba serveru
    [NoDrawWasOffered] žádná remíza nebyla nabídnuta
    [FeatureUnavailable] server to nenabízí
   *[other] { $code }
}
remote-only = P{ $game } se hraje na serveru { $server }: remízu, reklamaci či vzdání podejte tam.
no-draw-offer = P{ $game } žádná nabídka remízy není.
claim-refused = P{ $game } reklamace remízy zamítnuta: { $reason }.
claim-not = { $claim ->
    [threefold] pozice se neopakovala třikrát
    [fifty] během posledních 50 tahů bylo braní nebo tah pěšcem
   *[none] neplatí trojí opakování ani pravidlo 50 tahů
}

## Partie a nastavení.

color = { $color ->
    [white] bílý
   *[black] černý
}
board = P{ $game } { $fen } Na tahu je { $turn }. Kód pozice { $code }.
board-sheet = P{ $game } Na tahu je { $turn }. Kód pozice { $code }.
record = P{ $game } { $record }
record-attached = Soubor PGN partie je v příloze: { $file }.
notation-set = ccgate: notace nastavena na { $value }.
lang-set = ccgate: jazyk nastaven na { $value }.
help = ccgate: pošlete PARTIE TAH, např. 12 15. 5254 nebo 12 15... Jf6. Také: remíza? | remíza přijata | remíza odmítnuta | vzdávám | reklamuji remízu | pozice | zápis | dovolená 10 | nápověda
    .sms = ccgate: PARTIE TAH, např. 12 15... Jf6. Také: remíza? | remíza přijata | remíza odmítnuta | vzdávám | pozice | nápověda
unknown-sender = ccgate: tato adresa není registrována. Obraťte se na ředitele turnaje.
not-your-game = ccgate: nemáte partii { $game }.
which-game = ccgate: která partie? Vaše: { $games }. Začněte řádek číslem partie.
    .sms = ccgate: která partie? Vaše: { $games }.
bad-pin = ccgate: PIN chybí nebo je špatný. Nic nebylo provedeno.
foreign-letter = { $letter } není české písmeno kamene; { $piece ->
    [king] krále
    [queen] dámu
    [rook] věž
    [bishop] střelce
   *[knight] jezdce
} značí { $local }
line-refused = ccgate: { $text }: odmítnuto, { $reason }.
unknown-language = žádný jazyk nemá kód { $code }; kód má dvě písmena, např. de, fr nebo ru
unknown-notation = notace jsou { $names }
not-protocol = ccgate: „{ $line }“ není tah ani příkaz.

## Dovolená a hodiny.

leave-granted = ccgate: dovolená od { $from } do { $until } zapsána. Letos { $left ->
    [one] zbývá { $left } den
    [few] zbývají { $left } dny
   *[other] zbývá { $left } dní
}.
leave-refused = ccgate: dovolená zamítnuta, { $reason }.
leave-zero-days = dovolená trvá nejméně jeden den
leave-exceeds = { $requested ->
    [one] { $requested } den
    [few] { $requested } dny
   *[other] { $requested } dní
} dovolené v roce { $year } je víc než zbývajících { $remaining }
leave-none-left = v roce { $year } už dovolená nezbývá: všech { $allowance } dní je vyčerpáno
leave-overlaps = překrývá se s dovolenou od { $from } do { $until }
leave-overlaps-open = překrývá se s otevřenou dovolenou od { $from }
leave-out-of-range = data dovolené mimo rozsah
reminder = P{ $game } připomínka: jste na tahu, { $days ->
    [one] zbývá { $days } den
    [few] zbývají { $days } dny
   *[other] zbývá { $days } dní
}.

## Podmíněné tahy.

conditional-pair = když { $pair }
conditional-stored = P{ $game } podmíněné tahy uloženy: { $moves }
conditional-dropped = P{ $game } vaše podmíněné tahy zrušeny: soupeř { $opponent } zahrál { $move }.
conditional-refused = P{ $game } podmíněné tahy odmítnuty: { $reason }.
conditional-your-move = jste na tahu; podmíněné tahy posílejte po svém tahu
conditional-wrong-number = { $text }: tam je tah { $number } na řadě
conditional-unreadable = { $text }: { $reason }

## Zprávy, které brána nepřijala.

too-large = ccgate: vaše zpráva je příliš velká (limit { $limit } KB) a nebyla přečtena. Pošlete tah jako prostý text.
several-authors = ccgate: vaše zpráva uvádí v poli From více než jednoho autora a nebyla přečtena. Tah pochází od jednoho autora: pošlete jej znovu jen ze své vlastní adresy.
held = ccgate: zprávu vaším jménem nešlo ověřit, je zadržena, neprovedena. Pokud jste ji poslali vy, odpovězte do { $hours ->
    [one] { $hours } hodiny
   *[other] { $hours } hodin
} zprávou: confirm { $code }
hold-expired = ccgate: tento potvrzovací kód je neznámý, použitý nebo prošlý. Nic nebylo provedeno.
disputed = ccgate: váš protest je zaznamenán pro rozhodčího, který o něm rozhodne a dá vám vědět.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = protest
unauthenticated = ccgate: zprávu vaším jménem nešlo ověřit a nebyla provedena. Požádejte ředitele turnaje o PIN.
too-many-lines = ccgate: přečteno jen prvních { $limit } řádků zprávy, dalších { $skipped } ne. Pošlete je v nové zprávě.

## Turnaje.

event-start = ccgate: začíná turnaj { $event }, tempo { $time }. Vaše partie:
event-game-white = P{ $game } bílými, soupeř: { $opponent }
event-game-black = P{ $game } černými, soupeř: { $opponent }
event-starts-on = ccgate: turnaj { $event } začíná { $date }, tempo { $time }; hodiny běží od toho dne. Vaše partie:
    .sms = ccgate: { $event } od { $date }, { $time }. Vaše partie:
ruling = ccgate: rozhodnutí rozhodčího k incidentu { $incident }: { $ruling }
withdrawn = ccgate: { $player } odstupuje z turnaje { $event }; započteno: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: přiložený soubor PGN nebyl použit: { $reason ->
    [unreadable] nelze z něj přečíst žádnou partii
    [no-game] jeho tahy neodpovídají žádné z vašich rozehraných partií
    [no-new-move] nemá žádný tah nad rámec současného stavu partie
    [too-many] má { $moves } tahů nad rámec současného stavu partie; přiložte partii jen s vaším dalším tahem
   *[not-your-move] tah, který přidává, je tah soupeře; nejste na tahu
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Jste na tahu.
your-turn-by = Jste na tahu, do { $date }.
their-turn = Na tahu je { $opponent }.
clocks = Hodiny: vaše spotřeba { $used }, zbytek { $left }; soupeř { $opponent }: spotřeba { $their-used }, zbytek { $their-left }.
conditional-answer = Váš podmíněný tah { $number } { $move } byl zahrán jako odpověď. Kód pozice { $code }.
draw-offer-sent = P{ $game } vaše nabídka remízy byla předána soupeři ({ $opponent }).
resignation-sent = P{ $game } vzdání partie bylo předáno soupeři ({ $opponent }).
claim-upheld = P{ $game } vaše reklamace remízy je uznána; soupeř { $opponent } byl vyrozuměn.
no-game = ccgate: nemáte žádnou rozehranou partii.
# The two players of a game, in a mail subject.
subject-players = { $white } – { $black }
subject-held = ccgate: zpráva pod vaším jménem je zadržena
subject-ruling = ccgate: rozhodnutí k incidentu { $incident }
subject-event-start = ccgate: začíná turnaj { $event }
subject-answers = ccgate: odpovědi na vaši zprávu
subject-withdrawn = ccgate: odstoupení z turnaje { $event }: { $player }
which-game-item = P{ $game }, soupeř { $opponent }, { $whose ->
    [yours] jste na tahu
   *[theirs] na tahu je { $opponent }
}
    .sms = P{ $game }
legend = Velká písmena bílý, malá černý. { $pieces }
legend-pieces = { $king } král, { $queen } dáma, { $rook } věž, { $bishop } střelec, { $knight } jezdec, { $pawn } pěšec
quote = > { $line }
prose-read = Řádky přečtené jako text: { $count }.
help-mail =
    ccgate: korespondenční šachy e-mailem

    Jeden řádek na tah nebo příkaz, na začátku číslo partie (bez čísla, pokud na váš tah čeká jen jedna vaše partie):
    12 15... { $move } — váš tah v partii 12
    12 15. { $echo } 15... { $move } — poslední tah soupeře, pak váš (kontrola proti omylům)
    12 if 16. { $trigger } 16... { $answer } — podmíněné tahy: zahraje-li soupeř první, druhý se zahraje hned
    12 remíza? — nabídnout remízu
    12 remíza přijata — přijmout nabídku remízy
    12 remíza odmítnuta — odmítnout ji
    12 reklamuji remízu — reklamovat remízu kvůli trojímu opakování pozice nebo pravidlu 50 tahů
    12 vzdávám — vzdát partii
    12 pozice — pozice
    12 zápis — zápis partie
    notation iccf — jak se vám tahy píší
    lang cs — jazyk těchto odpovědí
    dovolená 10 — deset dní dovolené ode dneška
    nápověda — tento text

    Jak zapsat tah ve vaší notaci ({ $notation }): { $move } táhne jezdcem z g8 na f6; číslice ICCF jsou vždy srozumitelné: { $iccf }.

    Kód pozice: každá zpráva o tahu uvádí čtyřznakový kód pozice po tahu (po 1. e4 je to PCG2). Vychází z klíče Polyglot dané pozice, který ukazuje mnoho šachových programů: jeho posledních pět šestnáctkových číslic se zapíše čtyřmi znaky; jak, vysvětluje příručka pro hráče ccgate. Dává-li vaše šachovnice jiný kód, šachovnice a partie se liší: napište, než zahrajete.

    Ostatní řádky zprávy se čtou jako text a zůstávají bez odpovědi.

## Signing in and playing on the web.

web-code = ccgate: váš kód pro přihlášení na webu je { $code }. Platí { $minutes } min a jen jednou.
subject-web-code = ccgate: váš přihlašovací kód
signin-title = Přihlásit se
signin-address = Vaše e-mailová adresa, telefonní číslo nebo volací znak, jak je ccgate zná
signin-send = Poslat mi kód
signin-code-sent = Pokud ccgate tuto adresu zná, je na ni přihlašovací kód na cestě. Platí { $minutes } min.
signin-code = Kód
signin-sign-in = Přihlásit se
signin-refused = Tento kód vás nepřihlásí: je chybný, prošlý nebo použitý, nebo příliš mnoho chybných kódů zablokovalo přihlášení pro tuto adresu na čtvrt hodiny.
signin-new-code = Požádat o nový kód
signin-with-password = Nebo svým heslem, pokud jste si je nastavili
signin-password = Heslo
signin-password-refused = Tím se nepřihlásíte: adresa nebo heslo je chybné, heslo pro ni není nastaveno, nebo příliš mnoho chybných pokusů na čas zablokovalo přihlášení z této adresy.
account-title = Vaše heslo
account-explain = Vlastním heslem se zde přihlásíte bez kódu a váš program pro korespondenční šach se jím přihlásí přes Xfcc. Má nejméně 8 znaků.
account-has = Máte heslo.
account-none = Nemáte heslo: přihlašujete se kódem.
account-new = Nové heslo
account-set = Nastavit heslo
account-remove = Odstranit heslo
account-set-done = Vaše heslo je nastaveno.
account-removed = Vaše heslo je odstraněno: přihlašujete se kódem.
account-weak = Heslo má nejméně 8 znaků: nic nebylo změněno.
play-title = Hrát
play-sign-in = Přihlaste se a hrajte zde své partie.
play-line = Váš tah nebo příkaz, jak byste jej napsali v e-mailu pro ccgate
play-offer-draw = Nabídnout tímto tahem remízu
play-send = Odeslat
play-accept = Přijmout remízu
play-decline = Odmítnout remízu
play-resign = Vzdát se
play-sign-out = Odhlásit se
play-not-yours = Toto není vaše partie: nic nebylo provedeno.
play-form-refused = Tento formulář nešlo přečíst (je příliš velký nebo poškozený): nic nebylo provedeno.

## The director's web console.

desk-console = Konzole ředitele
desk-title-login = Přihlášení ředitele
desk-name = Jméno
desk-password = Heslo
desk-sign-in = Přihlásit
desk-sign-out = Odhlásit
desk-signed-in-as = Přihlášen: { $name }
desk-login-refused = Chybné jméno nebo heslo.
desk-login-limited = Příliš mnoho neúspěšných přihlášení: zkuste to znovu za čtvrt hodiny.
desk-csrf-refused = Tento formulář vypršel nebo nepochází z tohoto webu: načtěte stránku znovu a zkuste to ještě jednou.
desk-not-found = Nenalezeno.
desk-refused = Odmítnuto
desk-back = Zpět
desk-incidents = Incidenty
desk-players = Hráči
desk-players-edit = Změnit
desk-outbox = Odchozí pošta
desk-audit = Protokol zásahů
desk-health = Stav
desk-no-incidents = Žádné otevřené incidenty.
desk-incident = Incident { $id }
desk-recorded = Zaznamenáno
desk-game = Partie
desk-player = Hráč
desk-detail = Podrobnosti
desk-line = Řádek
desk-position = Pozice
desk-evidence = Zpráva, jak přišla
desk-ruling = Rozhodnutí
desk-tell = Oznámit
desk-tell-players = oba hráče
desk-tell-player = hráče
desk-tell-nobody = nikomu
desk-rule = Zapsat rozhodnutí
desk-adjudicate = Rozhodnout
desk-result = Výsledek
desk-reason = Důvod
desk-overrule = změnit výsledek skončené partie
desk-dismiss = Zamítnout
desk-takeback = Vzít zpět
desk-to-ply = Ponechat tahy do půltahu
desk-penalty = Trest
desk-days = Dny
desk-withdraw = Odhlásit z turnaje
desk-notation = Notace
desk-language = Jazyk
desk-time-zone = Časové pásmo
desk-reset-pin = zrušit PIN
desk-save = Uložit
desk-remove = Odebrat
desk-removed = odebrán
desk-addresses = Adresy
desk-no-stuck = Nic neuvázlo: každá odpověď je odeslaná nebo čeká na první pokus.
desk-to = Komu
desk-state = Stav
desk-attempts = Pokusy
desk-last-error = Poslední chyba
desk-failed = vzdáno
desk-waiting = další pokus
desk-retry = Odeslat znovu
desk-when = Kdy
desk-by = Kdo
desk-action = Úkon
desk-command-line = příkazový řádek
desk-channel = Kanál
desk-in = Přijaté
desk-out = Odeslané odpovědi
desk-send-failures = Neúspěšná odeslání
desk-queued = Ve frontě
desk-link = Spojení
desk-link-state = Stav
desk-link-since = Od
desk-link-error = Poslední chyba
desk-link-name = { $link ->
    [imap] Schránka IMAP
    [modem] Modem SMS
    [radio] Rádiové spojení
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] připojuje se
    [up] funguje
    [retrying] další pokus brzy
    [given-up] vzdáno
   *[other] { $state }
}
desk-filter = Filtrovat
desk-any = vše
desk-kind = Druh
desk-event = Turnaj
desk-since = Od
desk-until = Do
desk-choose = Výběr
desk-summary = Shrnutí
desk-dismiss-chosen = Zamítnout vybrané
desk-rulings = Rozhodnutí
desk-state-is = { $state ->
    [waiting] čeká
    [recorded] zaznamenán
    [ruled] rozhodnut
   *[other] { $state }
}
desk-done-ruled = Incident { $n } rozhodnut.
desk-done-dismissed = { $n ->
    [1] Zamítnut jeden incident.
   *[other] Zamítnuto incidentů: { $n }.
}
desk-done-adjudicate = Partie { $n } kontumována rozhodčím.
desk-done-takeback = Tahy partie { $n } vzaty zpět.
desk-done-penalty = Trest v partii { $n } započten.
desk-done-withdraw = Hráč odstoupil z turnaje.

## The director's games: the list, one game's page, the reminder.
desk-games = Partie
desk-white = Bílý
desk-black = Černý
desk-plies = Půltahy
desk-to-move = Na tahu
desk-deadline = Lhůta
desk-game-state = { $state ->
    [active] probíhá
    [finished] skončená
    [overdue] lhůta překročena
    [near] lhůta do 3 dnů
   *[other] { $state }
}
desk-no-games = Žádné partie.
desk-remind = Poslat upomínku
desk-remind-game = Poslat upomínku k partii { $id }
desk-done-reminded = Upomínka k partii { $n } odeslána.
desk-journal = Zprávy
desk-no-messages = Žádné zprávy.
desk-outcome = Výsledek
desk-held = Zadržená pošta
desk-no-holds = Žádná zadržená pošta.
desk-held-open = otevřeno
desk-no-audit = V auditním záznamu nic není.
desk-health-state = Stav
desk-health-is = { $state ->
    [ok] běží
    [failing] porucha
   *[other] { $state }
}
desk-up-since = Běží od
desk-errors = Chyby
desk-clock = Hodiny
desk-clock-held = prohry na čas pozastaveny do potvrzení času (ccgate clock --confirm-time)
desk-version = Verze

## The web pages.

page-events = Turnaje
page-notation = Notace
page-language = Jazyk
page-show = Zobrazit
page-game = Partie
page-first = Začátek
page-previous = Předchozí
page-next = Další
page-last = Konec
page-to-move = na tahu
page-result = Výsledek
page-draw-offered = nabízí remízu
page-clocks = Hodiny
page-days-used = dní spotřebováno
page-days-left = dní zbývá
page-unlimited = bez limitu
page-deadline = lhůta
page-moves = Tahy
page-no-moves = Zatím žádné tahy.
page-round = kolo
page-board = šachovnice
page-start = Výchozí pozice
page-rank = Pořadí
page-player = Hráč
page-score = Body
page-wins = Výhry
page-sb = SB
page-withdrawn = odstoupil
page-tie-breaks = Pomocné hodnocení
page-crosstable = Turnajová tabulka: každý výsledek vede k partii
page-games = Partie
page-opponent = Soupeř
page-colour = Barva
page-event = Turnaj
page-state = Stav
page-deadline-col = Lhůta
page-no-games = Žádné partie k zobrazení.
page-not-found = Nenalezeno
page-board-white = Šachovnice { $fen }, pohled ze strany bílého
page-board-black = Šachovnice { $fen }, pohled ze strany černého
page-after = Po { $move }
page-move-to-move = tah { $number }, na tahu { $color }
page-flip = Otočit šachovnici
page-pgn = Stáhnout partii (PGN)
page-steps = Procházení tahů
page-move-dates = Data a dny po tazích
page-move = Tah
page-date = Datum
page-days = Dny
page-deadline-why = Lhůta pro { $player }: { $why ->
    [duplication] dny nad { $days } na jeden tah se počítají dvakrát (zdvojení ICCF), což ji posouvá dřív.
    [leave] dny dovolené se nepočítají, což ji posouvá později.
   *[both] dny nad { $days } na jeden tah se počítají dvakrát (zdvojení ICCF) a dny dovolené se nepočítají.
}
page-conditions = Podmínky
page-time-control = Tempo hry
page-tc = { $kind ->
    [moves] { $moves ->
        [one] { $moves } tah
        [few] { $moves } tahy
       *[other] { $moves } tahů
    } za { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    }
    [per-move] { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    } na tah
    [fischer] { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    } na začátek a ještě { $increment ->
        [one] { $increment } den
        [few] { $increment } dny
       *[other] { $increment } dní
    } za každý provedený tah
   *[none] bez časového limitu
}
page-format = Systém
page-round-robin = { $double ->
    [yes] každý s každým dvoukolově
   *[no] každý s každým
}
page-duplication = Zdvojení
page-duplication-rule = dny nad { $days } na jeden tah se počítají dvakrát
page-no-duplication = žádné
page-penalty = Nemožný tah
page-penalty-rule = { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    } k času odesílatele
page-leave = Dovolená
page-leave-rule = { $days ->
        [one] { $days } den
        [few] { $days } dny
       *[other] { $days } dní
    } na hráče a kalendářní rok
page-tie-break-order = { $rules ->
    [iccf] body, pak výhry, pak Sonneborn-Berger, pak partie mezi hráči se stejným počtem bodů
   *[plain] body, pak Sonneborn-Berger, pak výhry
}
page-start-date = Začátek
page-progress = Průběh
page-progress-of = dohráno partií: { $finished } z { $total }
page-pgn-all = Všechny partie (PGN)
page-your-turn = jste na tahu
page-player-to-move = na tahu { $player }
page-no-translation = Tyto stránky zatím nejsou přeložené do jazyka { $name } ({ $native }), proto jsou anglicky.
page-no-events = Žádné turnaje.
page-status = Stav
page-in-progress = probíhá
page-finished = skončil
page-players = Hráči
