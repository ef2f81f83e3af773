# Odpowiedzi ccgate po polsku. Każdy komunikat ma te same zmienne
# ({ $name }) co katalog angielski. Polskie znaki spoza alfabetu GSM
# (ą, ę, ł, ś, ż…) wysyłają SMS jako UCS-2: 70 znaków, więc teksty SMS są
# zwięzłe. `P{ $game }` oznacza partię; gracze przepisują go tak samo.

## Liczby z ich słowem.

days = { $days ->
    [one] { $days } dzień
   *[other] { $days } dni
}
hours = { $hours ->
    [one] { $hours } godzina
    [few] { $hours } godziny
   *[many] { $hours } godzin
}
# Data zapisana cyframi, jak pisze się ją po polsku (26.01.2027).
date = { $day }.{ $month }.{ $year }

## Posunięcia.

confirm = P{ $game } { $number } { $move } przyjęte. Kod pozycji { $code }.
your-move = P{ $game } { $number } { $move }, przeciwnik { $opponent }. Kod pozycji { $code }.
refused = P{ $game } { $text }: odrzucone, { $reason }.
refused-brief = P{ $game } { $text }: odrzucone.
did-you-mean = { " " }Może { $moves }?
nothing-applied = { " " }Nic nie wykonano.
penalty = { " " }Kara: doliczono { $days ->
    [one] { $days } dzień
   *[other] { $days } dni
} do czasu.
    .sms = { " " }Kara: { days }.
one-move-per-line = jedno posunięcie w wierszu, ewentualnie po ostatnim posunięciu przeciwnika
not-your-turn = P{ $game } { $text }: odrzucone, w partii { $game } ruch ma { $opponent }.
wrong-number = P{ $game } { $text }: odrzucone, posunięcie { $number } jest następne.
desync = P{ $game } posunięcie { $text } nie zgadza się z partią: nic nie wykonano, także posunięcie z tej wiadomości nie zostało zagrane. Zapis: { $record }

## Dlaczego posunięcia nie można odczytać ani wykonać.

expected = { $what ->
    [move] posunięcie
    [move-not-result] posunięcie, nie wynik partii
    [file] linia (a-h)
    [rank] rząd (1-8)
    [square] pole
    [piece-or-square] litera bierki lub pole
    [destination] pole docelowe
    [square-or-promotion] pole lub figura promocji
    [promotion] figura promocji
    [promotion-piece] figura promocji (H, W, G lub S)
    [promotion-letter] litera promocji (q, r, b, n)
    [promotion-digit] cyfra promocji (1=H 2=W 3=G 4=S)
    [english-piece] bierka (K, Q, R, B, N, Kt, P) lub roszada
    [not-king] bierka inna niż król
    [captured] zbita bierka
    [dash-or-x] „-” lub „x”
    [close-paren] „)”
    [suffix] znak szacha, e.p., ! lub ?, albo koniec posunięcia
    [iccf-end] koniec posunięcia (4 lub 5 cyfr)
    [origin-file-digit] cyfra linii wyjściowej (1-8)
    [origin-rank-digit] cyfra rzędu wyjściowego (1-8)
    [destination-file-digit] cyfra linii docelowej (1-8)
    [destination-rank-digit] cyfra rzędu docelowego (1-8)
    [desc-square] pole w rodzaju K4 lub QB3
    [desc-origin] linia lub rząd bierki, np. (1) lub (QB3)
    [uedemann-code] kod Uedemanna
    [uedemann-origin] dwie litery pola wyjściowego
    [uedemann-destination] dwie litery pola docelowego
    [uedemann-suffix] litera przyrostka (q r b k promocja; c szach, m mat, p e.p., t bicie)
   *[end] koniec posunięcia
}
malformed = oczekiwano: { $expected }, znak { $at }
    .sms = nieczytelne przy znaku { $at }
malformed-found = oczekiwano: { $expected }, znak { $at }, jest „{ $found }”
    .sms = nieczytelne przy znaku { $at }
ambiguous = niejednoznaczne, możliwe { $moves }
conflict = w dwóch notacjach czyta się inaczej: { $readings }
illegal-no-such-piece-on = nie masz { $piece ->
    [pawn] piona
    [knight] skoczka
    [bishop] gońca
    [rook] wieży
    [queen] hetmana
    [king] króla
   *[piece] bierki
} na { $square }
illegal-no-such-piece = nie masz { $piece ->
    [pawn] piona
    [knight] skoczka
    [bishop] gońca
    [rook] wieży
    [queen] hetmana
    [king] króla
   *[piece] bierki
}, która mogłaby wykonać to posunięcie
illegal-empty-square = na { $square } nie ma bierki
illegal-not-your-piece = bierka na { $square } należy do przeciwnika
illegal-cannot-move = { $piece ->
    [pawn] pion
    [knight] skoczek
    [bishop] goniec
    [rook] wieża
    [queen] hetman
    [king] król
   *[piece] bierka
} z { $from } nie może pójść na { $to }
illegal-cannot-reach = { $piece ->
    [pawn] żaden twój pion nie może
    [knight] żaden twój skoczek nie może
    [bishop] żaden twój goniec nie może
    [rook] żadna twoja wieża nie może
    [queen] żaden twój hetman nie może
    [king] twój król nie może
   *[piece] żadna twoja bierka nie może
} dojść na { $to }
illegal-own-piece = na { $square } stoi twoja bierka
illegal-pinned = { $piece ->
    [pawn] pion na { $from } jest związany
    [knight] skoczek na { $from } jest związany
    [bishop] goniec na { $from } jest związany
    [rook] wieża na { $from } jest związana
    [queen] hetman na { $from } jest związany
    [king] król na { $from } jest związany
   *[piece] bierka na { $from } jest związana
}: ruch odsłoniłby twojego króla
illegal-in-check = twój król jest szachowany, a to posunięcie nie broni przed szachem
illegal-into-check = twój król byłby szachowany na { $square }
illegal-promotion-missing = pion na ostatnim rzędzie musi wskazać figurę promocji
illegal-not-promotion = podano figurę promocji, ale to nie jest promocja
illegal-pawn-capture-needs-file = bicie pionem podaje linię piona (exd5, nie d5)
illegal-castling-rights-gone = { $side ->
    [kingside] krótka roszada
   *[queenside] długa roszada
} nie jest już możliwa: król lub ta wieża już się ruszyły
illegal-castling-blocked = { $side ->
    [kingside] krótka roszada
   *[queenside] długa roszada
} jest niemożliwa: między królem a wieżą stoją bierki
illegal-castling-in-check = nie można roszować, będąc szachowanym
illegal-castling-through-check = { $side ->
    [kingside] krótka roszada
   *[queenside] długa roszada
} jest niemożliwa: król przeszedłby przez atakowane pole lub na nim stanął
    .sms = { $side ->
        [kingside] krótka roszada
       *[queenside] długa roszada
    } niemożliwa: atakowane pole
illegal-no-legal-moves = partia zakończona: nie ma prawidłowych posunięć

## Koniec partii.

game-over = P{ $game } zakończona: { $result }, { $reason }.
game-finished = P{ $game } jest zakończona ({ $result }).
end = { $why ->
    [checkmate] mat
    [stalemate] pat
    [insufficient-material] niewystarczający materiał
    [fivefold-repetition] pięciokrotne powtórzenie pozycji
    [seventy-five-moves] zasada 75 posunięć
   *[draw-agreed] remis za zgodą
}
end-claimed = remis na żądanie: { $claim ->
    [threefold] trzykrotne powtórzenie pozycji
   *[fifty] zasada 50 posunięć
}
end-resigned = poddanie partii ({ $player })
end-lost-on-time = przekroczenie czasu ({ $player })
end-adjudicated = decyzja sędziego: { $reason }
adjudicated = P{ $game } rozstrzygnięta przez sędziego: { $result }, { $reason }
taken-back = P{ $game } sędzia cofnął posunięcia po półruchu { $ply }: { $reason }
penalized = P{ $game } sędzia doliczył do zegara gracza { $player } { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    }: { $reason }

## Remis.

draw-offered = P{ $game } { $opponent } proponuje remis. Odpowiedz: P{ $game } remis przyjęty, albo graj dalej.
draw-offered-with-move = Propozycja remisu: odpowiedz P{ $game } remis przyjęty, albo graj dalej.
    .sms = Propozycja remisu.
draw-declined = P{ $game } { $opponent } odrzuca propozycję remisu.
opponent-message = P{ $game } { $opponent } pisze: { $text }
remote-refused = P{ $game } { $move }: odrzucone przez serwer { $server }: { $reason }. Posunięcie cofnięto; proszę wysłać inne.
remote-reason = { $code ->
    [NotYourTurn] tam nie masz ruchu
    [InvalidMoveNumber] tam numer posunięcia nie zgadza się z partią
    [InvalidMove] tam to posunięcie jest nieprawidłowe
    [MoveIsAmbigous] tam to posunięcie jest niejednoznaczne
    [LostOnTime] tam partia jest przegrana na czas
    [YouAreOnLeave] tam jesteś na urlopie
    [InvalidGameID] serwer nie zna tej partii
    [NotYourGame] tam to nie twoja partia
    [AuthenticationFailed] serwer odrzucił hasło konta
    [ServerError] błąd serwera
    [NoDrawWasOffered] nie było propozycji remisu
    [FeatureUnavailable] serwer tego nie oferuje
   *[other] { $code }
}
remote-only = P{ $game } toczy się na serwerze { $server }: remis, reklamację lub poddanie proszę zgłosić tam.
no-draw-offer = P{ $game } nie ma propozycji remisu.
claim-refused = P{ $game } żądanie remisu odrzucone: { $reason }.
claim-not = { $claim ->
    [threefold] pozycja nie powtórzyła się trzy razy
    [fifty] w ostatnich 50 posunięciach było bicie lub ruch pionem
   *[none] nie zachodzi ani trzykrotne powtórzenie, ani zasada 50 posunięć
}

## Partia i ustawienia.

color = { $color ->
    [white] białe
   *[black] czarne
}
board = P{ $game } { $fen } Ruch: { $turn }. Kod pozycji { $code }.
board-sheet = P{ $game } Ruch: { $turn }. Kod pozycji { $code }.
record = P{ $game } { $record }
record-attached = Plik PGN partii jest w załączniku: { $file }.
notation-set = ccgate: notacja ustawiona na { $value }.
lang-set = ccgate: język ustawiony na { $value }.
help = ccgate: wyślij PARTIA RUCH, np. 12 15. 5254 lub 12 15... Sf6. Też: remis? | remis przyjęty | remis odrzucony | poddaję się | żądam remisu | pozycja | zapis | urlop 10 | pomoc
    .sms = ccgate: PARTIA RUCH, np. 12 15... Sf6. Też: remis? | remis przyjęty | remis odrzucony | poddaję się | pozycja | pomoc
unknown-sender = ccgate: ten adres nie jest zarejestrowany. Zapytaj sędziego turnieju.
not-your-game = ccgate: nie masz partii { $game }.
which-game = ccgate: która partia? Twoje: { $games }. Zacznij wiersz od numeru partii.
    .sms = ccgate: która partia? Twoje: { $games }.
bad-pin = ccgate: brak PIN-u lub jest błędny. Nic nie wykonano.
foreign-letter = { $letter } nie jest polską literą bierki; { $piece ->
    [king] króla
    [queen] hetmana
    [rook] wieżę
    [bishop] gońca
   *[knight] skoczka
} oznacza się literą { $local }
line-refused = ccgate: { $text }: odrzucone, { $reason }.
unknown-language = żaden język nie ma kodu { $code }; kod ma dwie litery, np. de, fr lub ru
unknown-notation = dostępne notacje to { $names }
not-protocol = ccgate: „{ $line }” nie jest ani posunięciem, ani poleceniem.

## Urlop i zegar.

leave-granted = ccgate: urlop od { $from } do { $until } zapisany. W tym roku { $left ->
    [one] został { $left } dzień
    [few] zostały { $left } dni
   *[many] zostało { $left } dni
}.
leave-refused = ccgate: urlop odrzucony, { $reason }.
leave-zero-days = urlop trwa co najmniej jeden dzień
leave-exceeds = { $requested ->
    [one] { $requested } dzień
   *[other] { $requested } dni
} urlopu w roku { $year } to więcej niż pozostałe { $remaining }
leave-none-left = brak urlopu w roku { $year }: wykorzystano wszystkie { $allowance } dni
leave-overlaps = nakłada się na urlop od { $from } do { $until }
leave-overlaps-open = nakłada się na bezterminowy urlop od { $from }
leave-out-of-range = daty urlopu poza zakresem
reminder = P{ $game } przypomnienie: twój ruch, { $days ->
    [one] został { $days } dzień
    [few] zostały { $days } dni
   *[many] zostało { $days } dni
}.

## Posunięcia warunkowe.

conditional-pair = jeśli { $pair }
conditional-stored = P{ $game } posunięcia warunkowe zapisane: { $moves }
conditional-dropped = P{ $game } twoje posunięcia warunkowe anulowane: przeciwnik { $opponent } zagrał { $move }.
conditional-refused = P{ $game } posunięcia warunkowe odrzucone: { $reason }.
conditional-your-move = teraz twój ruch; posunięcia warunkowe wysyłaj po swoim ruchu
conditional-wrong-number = { $text }: tam posunięcie { $number } jest następne
conditional-unreadable = { $text }: { $reason }

## Wiadomości, których bramka nie przyjęła.

too-large = ccgate: wiadomość jest za duża (limit { $limit } KB) i nie została przeczytana. Wyślij posunięcie zwykłym tekstem.
several-authors = ccgate: wiadomość podaje w polu From więcej niż jednego autora i nie została przeczytana. Posunięcie pochodzi od jednego autora: wyślij je ponownie tylko z własnego adresu.
    .sms = ccgate: więcej niż jeden autor w From, nie przeczytano. Wyślij tylko ze swojego adresu.
held = ccgate: wiadomości w twoim imieniu nie dało się zweryfikować; jest wstrzymana, nie wykonana. Jeśli to twoja wiadomość, odpowiedz w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}: confirm { $code }
    .sms = ccgate: wiadomość w twoim imieniu wstrzymana (nadawca niesprawdzony). Jeśli twoja, odpowiedz w ciągu { $hours ->
        [one] { $hours } godziny
       *[other] { $hours } godzin
    }: confirm { $code }
hold-expired = ccgate: ten kod potwierdzenia jest nieznany, użyty lub wygasł. Nic nie wykonano.
disputed = ccgate: twój protest zapisano dla sędziego, który go rozstrzygnie i da ci znać.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = protest
unauthenticated = ccgate: wiadomości w twoim imieniu nie dało się zweryfikować i nie została wykonana. Poproś sędziego o PIN.
too-many-lines = ccgate: przeczytano tylko pierwsze { $limit } wierszy wiadomości, pozostałych { $skipped } nie. Wyślij je w nowej wiadomości.

## Turnieje.

event-start = ccgate: rozpoczyna się turniej { $event }, tempo { $time }. Twoje partie:
event-game-white = P{ $game } białymi, przeciwnik: { $opponent }
event-game-black = P{ $game } czarnymi, przeciwnik: { $opponent }
event-starts-on = ccgate: turniej { $event } zaczyna się { $date }, tempo { $time }; zegary ruszają od tego dnia. Twoje partie:
    .sms = ccgate: { $event } od { $date }, { $time }. Twoje partie:
ruling = ccgate: decyzja sędziego w sprawie incydentu { $incident }: { $ruling }
withdrawn = ccgate: { $player } wycofuje się z turnieju { $event }; zaliczone: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: załączony plik PGN nie został użyty: { $reason ->
    [unreadable] nie udało się odczytać z niego żadnej partii
    [no-game] jego posunięcia nie są posunięciami żadnej z twoich trwających partii
    [no-new-move] nie ma żadnego posunięcia poza obecnym stanem partii
    [too-many] ma { $moves } posunięć poza obecnym stanem partii; załącz partię tylko z twoim następnym posunięciem
   *[not-your-move] posunięcie, które dodaje, należy do przeciwnika; to nie twój ruch
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Twój ruch.
your-turn-by = Twój ruch, do { $date }.
their-turn = Ruch ma { $opponent }.
clocks = Zegar: ty – czas zużyty { $used }, pozostały { $left }; { $opponent } – czas zużyty { $their-used }, pozostały { $their-left }.
conditional-answer = Twoje posunięcie warunkowe { $number } { $move } zostało zagrane w odpowiedzi. Kod pozycji { $code }.
draw-offer-sent = P{ $game } propozycję remisu przekazano przeciwnikowi ({ $opponent }).
resignation-sent = P{ $game } poddanie partii przekazano przeciwnikowi ({ $opponent }).
claim-upheld = P{ $game } żądanie remisu uznane; przeciwnik { $opponent } powiadomiony.
no-game = ccgate: nie masz żadnej trwającej partii.
# The two players of a game, in a mail subject.
subject-players = { $white } – { $black }
subject-held = ccgate: wiadomość w Twoim imieniu została wstrzymana
subject-ruling = ccgate: decyzja w sprawie incydentu { $incident }
subject-event-start = ccgate: rozpoczyna się turniej { $event }
subject-answers = ccgate: odpowiedzi na Twoją wiadomość
subject-withdrawn = ccgate: wycofanie z turnieju { $event }: { $player }
which-game-item = P{ $game }, przeciwnik { $opponent }, { $whose ->
    [yours] twój ruch
   *[theirs] ruch ma { $opponent }
}
    .sms = P{ $game }
legend = Wielkie litery białe, małe czarne. { $pieces }
legend-pieces = { $king } król, { $queen } hetman, { $rook } wieża, { $bishop } goniec, { $knight } skoczek, { $pawn } pion
quote = > { $line }
prose-read = Wiersze odczytane jako tekst: { $count }.
help-mail =
    ccgate: gra korespondencyjna e-mailem

    Jeden wiersz na ruch lub polecenie, na początku numer partii (bez numeru, jeśli tylko jedna z twoich partii czeka na twój ruch):
    12 15... { $move } — twój ruch w partii 12
    12 15. { $echo } 15... { $move } — ostatni ruch przeciwnika, potem twój (kontrola przeciw pomyłkom)
    12 if 16. { $trigger } 16... { $answer } — posunięcia warunkowe: jeśli przeciwnik zagra pierwsze, drugie pada od razu
    12 remis? — zaproponować remis
    12 remis przyjęty — przyjąć propozycję remisu
    12 remis odrzucony — odrzucić ją
    12 żądam remisu — zażądać remisu z powodu trzykrotnego powtórzenia pozycji lub reguły 50 posunięć
    12 poddaję się — poddać partię
    12 pozycja — pozycja
    12 zapis — zapis partii
    notation iccf — w jakim zapisie otrzymujesz posunięcia
    lang pl — język tych odpowiedzi
    urlop 10 — dziesięć dni urlopu od dziś
    pomoc — ten tekst

    Jak zapisać posunięcie w twojej notacji ({ $notation }): { $move } to skoczek z g8 na f6; cyfry ICCF są zawsze rozumiane: { $iccf }.

    Kod pozycji: każda wiadomość o ruchu podaje czteroznakowy kod pozycji po ruchu (po 1. e4 jest to PCG2). Pochodzi z klucza Polyglot pozycji, który pokazuje wiele programów szachowych: jego pięć ostatnich cyfr szesnastkowych zapisuje się czterema znakami; jak, wyjaśnia poradnik dla graczy ccgate. Jeśli twoja szachownica daje inny kod, szachownica i partia się różnią: napisz, zanim zagrasz.

    Pozostałe wiersze wiadomości są czytane jako tekst i pozostają bez odpowiedzi.


## Signing in and playing on the web.

web-code = ccgate: twój kod do logowania w sieci to { $code }. Jest ważny { $minutes } min i tylko raz.
subject-web-code = ccgate: twój kod logowania
signin-title = Zaloguj się
signin-address = Twój adres poczty elektronicznej, numer telefonu lub znak wywoławczy, tak jak zna go ccgate
signin-send = Wyślij mi kod
signin-code-sent = Jeśli ccgate zna ten adres, kod logowania jest już do niego w drodze. Jest ważny { $minutes } min.
signin-code = Kod
signin-sign-in = Zaloguj się
signin-refused = Ten kod cię nie loguje: jest błędny, wygasł lub został użyty, albo zbyt wiele błędnych kodów zablokowało logowanie dla tego adresu na kwadrans.
signin-new-code = Poproś o nowy kod
signin-with-password = Albo hasłem, jeśli je ustawiłeś
signin-password = Hasło
signin-password-refused = To cię nie loguje: adres lub hasło są błędne, dla tego adresu nie ustawiono hasła albo zbyt wiele błędnych prób zablokowało na jakiś czas logowanie z tego adresu.
account-title = Twoje hasło
account-explain = Własne hasło loguje cię tutaj bez kodu, a twój program do gry korespondencyjnej loguje się nim przez Xfcc. Ma co najmniej 8 znaków.
account-has = Masz hasło.
account-none = Nie masz hasła: logujesz się kodem.
account-new = Nowe hasło
account-set = Ustaw hasło
account-remove = Usuń hasło
account-set-done = Twoje hasło jest ustawione.
account-removed = Twoje hasło zostało usunięte: logujesz się kodem.
account-weak = Hasło ma co najmniej 8 znaków: nic nie zmieniono.
play-title = Graj
play-sign-in = Zaloguj się, aby grać tu swoje partie.
play-line = Twój ruch lub polecenie, tak jak napisałbyś je w e-mailu do ccgate
play-offer-draw = Zaproponuj remis z tym ruchem
play-send = Wyślij
play-accept = Przyjmij remis
play-decline = Odrzuć remis
play-resign = Poddaj się
play-sign-out = Wyloguj się
play-not-yours = To nie jest twoja partia: nic nie zrobiono.
play-form-refused = Tego formularza nie dało się odczytać (za duży lub uszkodzony): nic nie zrobiono.

## The director's web console.

desk-console = Konsola sędziego
desk-title-login = Logowanie sędziego
desk-name = Nazwa
desk-password = Hasło
desk-sign-in = Zaloguj
desk-sign-out = Wyloguj
desk-signed-in-as = Zalogowano: { $name }
desk-login-refused = Błędna nazwa lub hasło.
desk-login-limited = Zbyt wiele nieudanych logowań: spróbuj ponownie za kwadrans.
desk-csrf-refused = Ten formularz wygasł lub nie pochodzi z tej strony: odśwież stronę i spróbuj ponownie.
desk-not-found = Nie znaleziono.
desk-refused = Odrzucono
desk-back = Wróć
desk-incidents = Incydenty
desk-players = Gracze
desk-players-edit = Zmień
desk-outbox = Skrzynka nadawcza
desk-audit = Dziennik zdarzeń
desk-health = Stan
desk-no-incidents = Brak otwartych incydentów.
desk-incident = Incydent { $id }
desk-recorded = Zapisano
desk-game = Partia
desk-player = Gracz
desk-detail = Szczegóły
desk-line = Wiersz
desk-position = Pozycja
desk-evidence = Wiadomość w otrzymanej postaci
desk-ruling = Orzeczenie
desk-tell = Powiadom
desk-tell-players = obu graczy
desk-tell-player = gracza
desk-tell-nobody = nikogo
desk-rule = Zapisz orzeczenie
desk-adjudicate = Rozstrzygnij
desk-result = Wynik
desk-reason = Powód
desk-overrule = zmień wynik zakończonej partii
desk-dismiss = Oddal
desk-takeback = Cofnij posunięcia
desk-to-ply = Zachowaj posunięcia do półruchu
desk-penalty = Kara
desk-days = Dni
desk-withdraw = Wycofaj z turnieju
desk-notation = Notacja
desk-language = Język
desk-time-zone = Strefa czasowa
desk-reset-pin = zresetuj PIN
desk-save = Zapisz
desk-remove = Usuń
desk-removed = usunięty
desk-addresses = Adresy
desk-no-stuck = Nic nie utknęło: każda odpowiedź wysłana lub czeka na pierwszą próbę.
desk-to = Do
desk-state = Stan
desk-attempts = Próby
desk-last-error = Ostatni błąd
desk-failed = porzucona
desk-waiting = następna próba
desk-retry = Wyślij ponownie
desk-when = Kiedy
desk-by = Kto
desk-action = Działanie
desk-command-line = wiersz poleceń
desk-channel = Kanał
desk-in = Odebrane
desk-out = Wysłane odpowiedzi
desk-send-failures = Nieudane wysyłki
desk-queued = W kolejce
desk-link = Połączenie
desk-link-state = Stan
desk-link-since = Od
desk-link-error = Ostatni błąd
desk-link-name = { $link ->
    [imap] Skrzynka IMAP
    [modem] Modem SMS
    [radio] Łącze radiowe
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] łączenie
    [up] działa
    [retrying] ponowna próba wkrótce
    [given-up] porzucone
   *[other] { $state }
}
desk-filter = Filtruj
desk-any = wszystkie
desk-kind = Rodzaj
desk-event = Turniej
desk-since = Od
desk-until = Do
desk-choose = Wybór
desk-summary = Skrót
desk-dismiss-chosen = Odrzuć wybrane
desk-rulings = Decyzje
desk-state-is = { $state ->
    [waiting] czeka
    [recorded] zapisany
    [ruled] rozstrzygnięty
   *[other] { $state }
}
desk-done-ruled = Incydent { $n } rozstrzygnięty.
desk-done-dismissed = { $n ->
    [1] Odrzucono jeden incydent.
   *[other] Odrzucono incydentów: { $n }.
}
desk-done-adjudicate = Partia { $n } rozstrzygnięta przez sędziego.
desk-done-takeback = Ruchy partii { $n } cofnięte.
desk-done-penalty = Kara w partii { $n } naliczona.
desk-done-withdraw = Gracz wycofany z turnieju.

## The director's games: the list, one game's page, the reminder.
desk-games = Partie
desk-white = Białe
desk-black = Czarne
desk-plies = Półruchy
desk-to-move = Na ruchu
desk-deadline = Termin
desk-game-state = { $state ->
    [active] w toku
    [finished] zakończona
    [overdue] termin przekroczony
    [near] termin w ciągu 3 dni
   *[other] { $state }
}
desk-no-games = Brak partii.
desk-remind = Wyślij przypomnienie
desk-remind-game = Wyślij przypomnienie dla partii { $id }
desk-done-reminded = Wysłano przypomnienie dla partii { $n }.
desk-journal = Wiadomości
desk-no-messages = Brak wiadomości.
desk-outcome = Wynik
desk-held = Wstrzymana poczta
desk-no-holds = Brak wstrzymanej poczty.
desk-held-open = otwarte
desk-no-audit = Nic w dzienniku audytu.
desk-health-state = Stan
desk-health-is = { $state ->
    [ok] działa
    [failing] awaria
   *[other] { $state }
}
desk-up-since = Działa od
desk-errors = Błędy
desk-clock = Zegar
desk-clock-held = przegrane na czas wstrzymane do potwierdzenia czasu (ccgate clock --confirm-time)
desk-version = Wersja

## The web pages.

page-events = Turnieje
page-notation = Notacja
page-language = Język
page-show = Pokaż
page-game = Partia
page-first = Początek
page-previous = Poprzedni
page-next = Następny
page-last = Koniec
page-to-move = na posunięciu
page-result = Wynik
page-draw-offered = proponuje remis
page-clocks = Zegary
page-days-used = zużyte dni
page-days-left = pozostałe dni
page-unlimited = bez limitu
page-deadline = termin
page-moves = Posunięcia
page-no-moves = Jeszcze nie ma posunięć.
page-round = runda
page-board = szachownica
page-start = Pozycja wyjściowa
page-rank = Miejsce
page-player = Gracz
page-score = Punkty
page-wins = Wygrane
page-sb = SB
page-withdrawn = wycofany
page-tie-breaks = Punktacja pomocnicza
page-crosstable = Tabela turniejowa: każdy wynik prowadzi do partii
page-games = Partie
page-opponent = Przeciwnik
page-colour = Kolor
page-event = Turniej
page-state = Stan
page-deadline-col = Termin
page-no-games = Brak partii do pokazania.
page-not-found = Nie znaleziono
page-board-white = Szachownica { $fen }, widok od strony białych
page-board-black = Szachownica { $fen }, widok od strony czarnych
page-after = Po { $move }
page-move-to-move = posunięcie { $number }, grają { $color }
page-flip = Obróć szachownicę
page-pgn = Pobierz partię (PGN)
page-steps = Przeglądanie posunięć
page-move-dates = Daty i dni na posunięcie
page-move = Posunięcie
page-date = Data
page-days = Dni
page-deadline-why = Termin dla { $player }: { $why ->
    [duplication] dni ponad { $days } na jedno posunięcie liczą się podwójnie (podwojenie ICCF), co go przybliża.
    [leave] dni urlopu się nie liczą, co go oddala.
   *[both] dni ponad { $days } na jedno posunięcie liczą się podwójnie (podwojenie ICCF), a dni urlopu się nie liczą.
}
page-conditions = Warunki
page-time-control = Tempo gry
page-tc = { $kind ->
    [moves] { $moves ->
        [one] { $moves } posunięcie
        [few] { $moves } posunięcia
       *[many] { $moves } posunięć
    } w { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    }
    [per-move] { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    } na posunięcie
    [fischer] { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    } na start i jeszcze { $increment ->
        [one] { $increment } dzień
       *[other] { $increment } dni
    } za każde wykonane posunięcie
   *[none] bez limitu czasu
}
page-format = System
page-round-robin = { $double ->
    [yes] każdy z każdym, dwukrotnie
   *[no] każdy z każdym
}
page-duplication = Podwojenie
page-duplication-rule = dni ponad { $days } na jedno posunięcie liczą się podwójnie
page-no-duplication = brak
page-penalty = Niemożliwe posunięcie
page-penalty-rule = { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    } doliczone do czasu nadawcy
page-leave = Urlop
page-leave-rule = { $days ->
        [one] { $days } dzień
       *[other] { $days } dni
    } na gracza w roku kalendarzowym
page-tie-break-order = { $rules ->
    [iccf] punkty, potem wygrane, potem Sonneborn-Berger, potem partie między remisującymi graczami
   *[plain] punkty, potem Sonneborn-Berger, potem wygrane
}
page-start-date = Początek
page-progress = Postęp
page-progress-of = zakończone partie: { $finished } z { $total }
page-pgn-all = Wszystkie partie (PGN)
page-your-turn = twoje posunięcie
page-player-to-move = gra { $player }
page-no-translation = Tych stron nie przetłumaczono jeszcze na { $name } ({ $native }), więc są po angielsku.
page-no-events = Brak turniejów.
page-status = Stan
page-in-progress = w toku
page-finished = zakończony
page-players = Gracze
