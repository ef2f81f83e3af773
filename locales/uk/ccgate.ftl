# Відповіді ccgate українською. Плейсхолдери ({ $name }) ті самі, що в
# англійському каталозі. Кирилиця йде в SMS як UCS-2: 70 знаків на
# повідомлення, тож тексти для SMS і радіо стислі. `П{ $game }` — номер партії.

## Числа зі словом.

days = { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
}
hours = { $hours ->
    [one] { $hours } година
    [few] { $hours } години
   *[many] { $hours } годин
}
# Дата цифрами, як її пишуть українською (26.01.2027).
date = { $day }.{ $month }.{ $year }

## Ходи.

confirm = П{ $game } { $number } { $move } прийнято. Код позиції { $code }.
    .sms = П{ $game } { $number } { $move } прийнято. Код { $code }.
your-move = П{ $game } { $number } { $move }, суперник { $opponent }. Код позиції { $code }.
    .sms = П{ $game } { $number } { $move }. Код { $code }.
refused = П{ $game } { $text }: відмова, { $reason }.
refused-brief = П{ $game } { $text }: відмова.
did-you-mean = { " " }Можливо, { $moves }?
    .sms = { " " }Можливо, { $moves }?
nothing-applied = { " " }Нічого не зроблено.
    .sms = { "" }
penalty = { " " }Штраф: { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
} до вашого часу.
    .sms = { " " }Штраф: { days }.
one-move-per-line = один хід у рядку, можна після останнього ходу суперника
not-your-turn = П{ $game } { $text }: відмова, у партії { $game } зараз хід суперника ({ $opponent }).
    .sms = П{ $game } { $text }: відмова, не ваш хід.
wrong-number = П{ $game } { $text }: відмова, хід { $number } зараз на черзі.
    .sms = П{ $game } { $text }: відмова, хід { $number } на черзі.
desync = П{ $game } ваш { $text } не збігається з партією: нічого не застосовано, ваш власний хід із цього повідомлення теж не зроблено. Запис: { $record }

## Чому хід не прочитано або він неможливий.

expected = { $what ->
    [move] хід
    [move-not-result] хід, а не результат партії
    [file] вертикаль (a-h)
    [rank] горизонталь (1-8)
    [square] поле
    [piece-or-square] літеру фігури або поле
    [destination] поле призначення
    [square-or-promotion] поле або фігуру перетворення
    [promotion] фігуру перетворення
    [promotion-piece] фігуру перетворення (Ф, Т, С або К)
    [promotion-letter] літеру перетворення (q, r, b, n)
    [promotion-digit] цифру перетворення (1=Ф 2=Т 3=С 4=К)
    [english-piece] фігуру (K, Q, R, B, N, Kt, P) або рокіровку
    [not-king] фігуру, але не короля
    [captured] взяту фігуру
    [dash-or-x] «-» або «x»
    [close-paren] «)»
    [suffix] знак шаху, e.p., ! або ?, або кінець ходу
    [iccf-end] кінець ходу (4 або 5 цифр)
    [origin-file-digit] цифру вихідної вертикалі (1-8)
    [origin-rank-digit] цифру вихідної горизонталі (1-8)
    [destination-file-digit] цифру вертикалі призначення (1-8)
    [destination-rank-digit] цифру горизонталі призначення (1-8)
    [desc-square] поле на зразок K4 або QB3
    [desc-origin] вертикаль чи горизонталь фігури, наприклад (1) або (QB3)
    [uedemann-code] код Уедеманна
    [uedemann-origin] дві літери вихідного поля
    [uedemann-destination] дві літери поля призначення
    [uedemann-suffix] літеру-суфікс (q r b k перетворення; c шах, m мат, p e.p., t взяття)
   *[end] кінець ходу
}
malformed = очікувалося: { $expected }, знак { $at }
malformed-found = очікувалося: { $expected }, знак { $at }, а стоїть «{ $found }»
ambiguous = неоднозначно, можливо { $moves }
conflict = у двох нотаціях читається по-різному: { $readings }
illegal-no-such-piece-on = у вас немає { $piece ->
    [pawn] пішака
    [knight] коня
    [bishop] слона
    [rook] тури
    [queen] ферзя
    [king] короля
   *[piece] фігури
} на { $square }
illegal-no-such-piece = у вас немає { $piece ->
    [pawn] пішака
    [knight] коня
    [bishop] слона
    [rook] тури
    [queen] ферзя
    [king] короля
   *[piece] фігури
} для такого ходу
illegal-empty-square = на { $square } немає фігури
illegal-not-your-piece = фігура на { $square } належить суперникові
illegal-cannot-move = { $piece ->
    [pawn] пішак
    [knight] кінь
    [bishop] слон
    [rook] тура
    [queen] ферзь
    [king] король
   *[piece] фігура
} з { $from } не може піти на { $to }
illegal-cannot-reach = { $piece ->
    [pawn] жоден ваш пішак не може
    [knight] жоден ваш кінь не може
    [bishop] жоден ваш слон не може
    [rook] жодна ваша тура не може
    [queen] жоден ваш ферзь не може
    [king] ваш король не може
   *[piece] жодна ваша фігура не може
} піти на { $to }
illegal-own-piece = на { $square } стоїть ваша фігура
illegal-pinned = { $piece ->
    [pawn] пішак на { $from } зв'язаний
    [knight] кінь на { $from } зв'язаний
    [bishop] слон на { $from } зв'язаний
    [rook] тура на { $from } зв'язана
    [queen] ферзь на { $from } зв'язаний
    [king] король на { $from } зв'язаний
   *[piece] фігура на { $from } зв'язана
}: хід відкрив би вашого короля
illegal-in-check = ваш король під шахом, а цей хід не захищає від шаху
illegal-into-check = ваш король був би під шахом на { $square }
illegal-promotion-missing = пішак на останній горизонталі має назвати фігуру перетворення
illegal-not-promotion = указано фігуру перетворення, але це не перетворення
illegal-pawn-capture-needs-file = взяття пішаком пишеться з його вертикаллю (exd5, а не d5)
illegal-castling-rights-gone = { $side ->
    [kingside] коротка рокіровка
   *[queenside] довга рокіровка
} вже неможлива: король або тура ходили
illegal-castling-blocked = { $side ->
    [kingside] коротка рокіровка
   *[queenside] довга рокіровка
} неможлива: між королем і турою стоять фігури
illegal-castling-in-check = рокіровка під шахом неможлива
illegal-castling-through-check = { $side ->
    [kingside] коротка рокіровка
   *[queenside] довга рокіровка
} неможлива: король пройшов би через бите поле або став би на нього
illegal-no-legal-moves = партію закінчено: ходів немає

## Кінець партії.

game-over = П{ $game } закінчено: { $result }, { $reason }.
    .sms = П{ $game } { $result }, { $reason }.
game-finished = П{ $game } закінчено ({ $result }).
end = { $why ->
    [checkmate] мат
    [stalemate] пат
    [insufficient-material] недостатньо матеріалу
    [fivefold-repetition] п'ятикратне повторення позиції
    [seventy-five-moves] правило 75 ходів
   *[draw-agreed] нічия за згодою
}
end-claimed = нічия на вимогу: { $claim ->
    [threefold] триразове повторення позиції
   *[fifty] правило 50 ходів
}
    .sms = нічия: { $claim ->
        [threefold] триразове повторення
       *[fifty] правило 50 ходів
    }
end-resigned = партію здано ({ $player })
end-lost-on-time = прострочення часу ({ $player })
end-adjudicated = рішення судді: { $reason }
adjudicated = П{ $game } рішення судді { $result }: { $reason }
taken-back = П{ $game } суддя скасував ходи після півходу { $ply }: { $reason }
penalized = П{ $game } суддя списав з годинника гравця { $player } { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    }: { $reason }
    .sms = П{ $game } штраф { $player }: { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    }: { $reason }

## Нічия.

draw-offered = П{ $game } { $opponent } пропонує нічию. Відповідь: П{ $game } нічию прийнято.
    .sms = П{ $game } { $opponent } пропонує нічию.
draw-offered-with-move = Запропоновано нічию: П{ $game } нічию прийнято.
    .sms = Пропозиція нічиєї.
draw-declined = П{ $game } суперник { $opponent } відхилив нічию.
    .sms = П{ $game } нічию відхилено.
opponent-message = П{ $game } суперник { $opponent } пише: { $text }
remote-refused = П{ $game } { $move }: відмова сервера { $server }: { $reason }. Хід скасовано; надішліть інший.
    .sms = П{ $game } { $move }: відмова сервера: { $reason }. Хід скасовано.
remote-reason = { $code ->
    [NotYourTurn] там зараз не ваш хід
    [InvalidMoveNumber] там номер ходу не збігається з партією
    [InvalidMove] там цей хід не за правилами
    [MoveIsAmbigous] там хід неоднозначний
    [LostOnTime] там час вичерпано
    [YouAreOnLeave] там у вас відпустка
    [InvalidGameID] сервер не знає цієї партії
    [NotYourGame] там це не ваша партія
    [AuthenticationFailed] сервер відхилив пароль облікового запису
    [ServerError] помилка сервера
    [NoDrawWasOffered] нічиєї не пропонували
    [FeatureUnavailable] сервер цього не підтримує
   *[other] { $code }
}
remote-only = П{ $game } грається на сервері { $server }: нічию, претензію чи здачу заявляйте там.
    .sms = П{ $game }: нічия і здача — лише на сервері.
no-draw-offer = П{ $game } пропозиції нічиєї немає.
claim-refused = П{ $game } нічию не визнано: { $reason }.
claim-not = { $claim ->
    [threefold] позиція не повторилася тричі
    [fifty] за 50 ходів було взяття або хід пішаком
   *[none] немає ні триразового повторення, ні правила 50 ходів
}
    .sms = { $claim ->
        [threefold] немає триразового повторення
        [fifty] правило 50 ходів не виконано
       *[none] немає підстав
    }

## Партія і налаштування.

color = { $color ->
    [white] білі
   *[black] чорні
}
board = П{ $game } { $fen } Хід: { $turn }. Код позиції { $code }.
board-sheet = П{ $game } Хід: { $turn }. Код позиції { $code }.
record = П{ $game } { $record }
record-attached = PGN-файл партії у вкладенні: { $file }.
notation-set = ccgate: нотація { $value }.
lang-set = ccgate: мова { $value }.
help = ccgate: надішліть ПАРТІЯ ХІД, напр. 12 15. 5254 або 12 15... Кf6. Ще: нічия? | нічию прийнято | нічию відхилено | здаюся | вимагаю нічию | позиція | запис | відпустка 10 | допомога
    .sms = ccgate: ПАРТІЯ ХІД, напр. 12 15... Кf6. Ще: нічия? | здаюся | допомога
unknown-sender = ccgate: адресу не зареєстровано. Зверніться до судді турніру.
    .sms = ccgate: адресу не зареєстровано.
not-your-game = ccgate: у вас немає партії { $game }.
which-game = ccgate: яка партія? Ваші: { $games }. Почніть рядок з номера партії.
    .sms = ccgate: яка партія? Ваші: { $games }.
bad-pin = ccgate: PIN не вказано або він неправильний. Нічого не зроблено.
foreign-letter = { $letter } — не українське позначення фігури; { $piece ->
    [king] король
    [queen] ферзь
    [rook] тура
    [bishop] слон
   *[knight] кінь
} позначається { $local }
line-refused = ccgate: { $text }: відхилено, { $reason }.
unknown-language = немає мови з кодом { $code }; код складається з двох літер, наприклад de, fr або ru
    .sms = немає мови { $code }
unknown-notation = нотації: { $names }
    .sms = немає такої нотації
not-protocol = ccgate: «{ $line }» — не хід і не команда.

## Відпустка і час.

leave-granted = ccgate: відпустку { $from }–{ $until } враховано. Цього року { $left ->
    [one] лишився { $left } день
    [few] лишилося { $left } дні
   *[many] лишилося { $left } днів
}.
    .sms = ccgate: відпустка { $from }–{ $until }, { $left ->
        [one] лишився { $left } день
        [few] лишилося { $left } дні
       *[many] лишилося { $left } днів
    }.
leave-refused = ccgate: відпустку відхилено, { $reason }.
    .sms = ccgate: відпустку відхилено: { $reason }.
leave-zero-days = відпустка не коротша за один день
leave-exceeds = { $requested ->
    [one] { $requested } день
    [few] { $requested } дні
   *[many] { $requested } днів
} відпустки у { $year } році більше, ніж залишок { $remaining }
    .sms = більше залишку ({ $remaining })
leave-none-left = у { $year } році відпустки не лишилося: усі { $allowance } днів використано
    .sms = у { $year } році не лишилося
leave-overlaps = перетинається з відпусткою { $from }–{ $until }
    .sms = перетинається з { $from }–{ $until }
leave-overlaps-open = перетинається з безстроковою відпусткою з { $from }
    .sms = перетинається з відпусткою з { $from }
leave-out-of-range = дати відпустки поза допустимим діапазоном
    .sms = дати поза діапазоном
reminder = П{ $game } нагадування: ваш хід, { $days ->
    [one] лишився { $days } день
    [few] лишилося { $days } дні
   *[many] лишилося { $days } днів
}.

## Умовні ходи.

conditional-pair = якщо { $pair }
conditional-stored = П{ $game } умовні ходи збережено: { $moves }
    .sms = П{ $game } умовні: { $moves }
conditional-dropped = П{ $game } умовні ходи знято: суперник { $opponent } зіграв { $move }.
    .sms = П{ $game } умовні ходи знято: відповідь { $move }.
conditional-refused = П{ $game } умовні ходи відхилено: { $reason }.
    .sms = П{ $game } умовні ходи відхилено: { $reason }.
conditional-your-move = зараз ваш хід; умовні ходи надсилайте після свого ходу
    .sms = зараз ваш хід
conditional-wrong-number = { $text }: там хід { $number } на черзі
conditional-unreadable = { $text }: { $reason }
    .sms = { $text } неможливий

## Повідомлення, яких шлюз не прийняв.

too-large = ccgate: повідомлення завелике (межа { $limit } КБ) і не прочитане. Надішліть хід простим текстом.
    .sms = ccgate: повідомлення понад { $limit } КБ, не прочитане.
several-authors = ccgate: у полі From повідомлення вказано більше одного автора, і його не прочитано. Хід має одного автора: надішліть його знову лише зі своєї адреси.
    .sms = ccgate: у From кілька авторів, не прочитане.
held = ccgate: повідомлення від вашого імені не пройшло перевірку відправника і затримане, не застосоване. Якщо його надіслали ви, дайте відповідь протягом { $hours ->
    [one] { $hours } години
   *[other] { $hours } годин
}: confirm { $code }
    .sms = ccgate: затримано. Якщо ваше, за { $hours ->
        [one] { $hours } годину
        [few] { $hours } години
       *[many] { $hours } годин
    }: confirm { $code }
hold-expired = ccgate: код підтвердження невідомий, використаний або прострочений. Нічого не зроблено.
    .sms = ccgate: код невідомий, використаний або прострочений.
disputed = ccgate: ваш протест записано для судді; він ухвалить рішення й повідомить вас.
    .sms = ccgate: ваш протест передано судді.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = протест
unauthenticated = ccgate: повідомлення від вашого імені не пройшло перевірку відправника і не застосоване. Попросіть у судді PIN.
    .sms = ccgate: не перевірено, не застосовано. Попросіть у судді PIN.
too-many-lines = ccgate: прочитано лише перші { $limit } рядків повідомлення, ще { $skipped } ні. Надішліть їх окремим повідомленням.
    .sms = ccgate: прочитано перші { $limit } рядків, ще { $skipped } ні.

## Турніри.

event-start = ccgate: почався турнір { $event }, контроль часу { $time }. Ваші партії:
    .sms = ccgate: { $event }. Партії:
event-game-white = П{ $game } білими, суперник: { $opponent }
    .sms = П{ $game } білими
event-game-black = П{ $game } чорними, суперник: { $opponent }
    .sms = П{ $game } чорними
event-starts-on = ccgate: турнір { $event } почнеться { $date }, контроль часу { $time }; годинники підуть із цього дня. Ваші партії:
    .sms = ccgate: { $event } з { $date }:
ruling = ccgate: рішення судді щодо інциденту { $incident }: { $ruling }
    .sms = ccgate: інцидент { $incident }: { $ruling }
withdrawn = ccgate: { $player } виходить з турніру { $event }; зараховано: { $games }
    .sms = ccgate: { $player } виходить: { $games }
withdrawn-game = П{ $game } { $result }

pgn-unused = ccgate: доданий файл PGN не використано: { $reason ->
    [unreadable] у ньому немає партії, яку можна прочитати
    [no-game] його ходи не збігаються з жодною з ваших поточних партій
    [no-new-move] у ньому немає ходу понад поточне положення партії
    [too-many] у ньому { $moves } ходів понад поточне положення партії; додайте партію лише з вашим наступним ходом
   *[not-your-move] доданий хід — хід суперника; зараз не ваш хід
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Ваш хід.
your-turn-by = Ваш хід до { $date }.
their-turn = Ходить { $opponent }.
clocks = Час: ваша витрата { $used }, запас { $left }; суперник { $opponent }: витрата { $their-used }, запас { $their-left }.
conditional-answer = Ваш умовний хід { $number } { $move } зроблено у відповідь. Код позиції { $code }.
    .sms = Умовний хід { $number } { $plain-move } зроблено. Код { $code }.
draw-offer-sent = П{ $game } вашу пропозицію нічиєї надіслано суперникові ({ $opponent }).
    .sms = П{ $game } пропозицію нічиєї надіслано.
resignation-sent = П{ $game } суперникові ({ $opponent }) повідомлено, що ви здалися.
    .sms = П{ $game } здачу надіслано.
claim-upheld = П{ $game } нічию визнано; суперника { $opponent } сповіщено.
    .sms = П{ $game } нічию визнано.
no-game = ccgate: у вас немає поточних партій.
# The two players of a game, in a mail subject.
subject-players = { $white } — { $black }
subject-held = ccgate: повідомлення від вашого імені затримано
subject-ruling = ccgate: рішення щодо інциденту { $incident }
subject-event-start = ccgate: починається турнір { $event }
subject-answers = ccgate: відповіді на ваше повідомлення
subject-withdrawn = ccgate: вихід із турніру { $event }: { $player }
which-game-item = П{ $game }, суперник { $opponent }, { $whose ->
    [yours] ваш хід
   *[theirs] ходить { $opponent }
}
    .sms = П{ $game }
legend = Великі літери білі, малі чорні. { $pieces }
legend-pieces = { $king } король, { $queen } ферзь, { $rook } тура, { $bishop } слон, { $knight } кінь, { $pawn } пішак
quote = > { $line }
prose-read = Рядків, прочитаних як текст: { $count }.
help-mail =
    ccgate: гра поштою

    По рядку на хід або команду, на початку номер партії (без номера, якщо ваш хід лише в одній партії):
    12 15... { $move } — ваш хід у партії 12
    12 15. { $echo } 15... { $move } — останній хід суперника, потім ваш (перевірка від помилок)
    12 if 16. { $trigger } 16... { $answer } — умовні ходи: якщо суперник зіграє перший, другий робиться одразу
    12 нічия? — запропонувати нічию
    12 нічию прийнято — прийняти пропозицію нічиєї
    12 нічию відхилено — відхилити її
    12 вимагаю нічию — вимагати нічию за триразовим повторенням позиції або правилом 50 ходів
    12 здаюся — здати партію
    12 позиція — позиція
    12 запис — запис партії
    notation iccf — як вам записуються ходи
    lang uk — мова відповідей
    відпустка 10 — десять днів відпустки від сьогодні
    допомога — цей текст

    Як записати хід у вашій нотації ({ $notation }): { $move } — кінь з g8 на f6; цифри ІКЧФ розуміються завжди: { $iccf }.

    Код позиції: кожне повідомлення про хід дає чотиризначний код позиції після ходу (після 1. e4 це PCG2). Він береться з ключа Polyglot позиції, який показують багато шахових програм: п'ять останніх шістнадцяткових цифр ключа записуються чотирма знаками; як саме, пояснює посібник гравця ccgate. Якщо ваша дошка дає інший код, дошка й партія розходяться: напишіть, перш ніж ходити.

    Інші рядки повідомлення читаються як текст і лишаються без відповіді.

## Signing in and playing on the web.

web-code = ccgate: ваш код для входу на сайт: { $code }. Діє { $minutes } хв, один раз.
subject-web-code = ccgate: ваш код для входу
signin-title = Вхід
signin-address = Ваша адреса електронної пошти, номер телефону або позивний, як його знає ccgate
signin-send = Надіслати код
signin-code-sent = Якщо ccgate знає цю адресу, код для входу вже надіслано туди. Він діє { $minutes } хв.
signin-code = Код
signin-sign-in = Увійти
signin-refused = Цей код не відкриває вхід: він хибний, сплив або вже використаний, або забагато хибних кодів заблокували вхід для цієї адреси на чверть години.
signin-new-code = Запросити новий код
signin-with-password = Або за своїм паролем, якщо ви його задали
signin-password = Пароль
signin-password-refused = Так увійти не можна: адреса або пароль неправильні, пароль для неї не задано, або забагато хибних спроб на деякий час закрили вхід із цієї адреси.
account-title = Ваш пароль
account-explain = Власний пароль дає змогу входити тут без коду, і з ним ваша програма для гри листуванням входить через Xfcc. У ньому щонайменше 8 символів.
account-has = У вас є пароль.
account-none = У вас немає пароля: ви входите за кодом.
account-new = Новий пароль
account-set = Задати пароль
account-remove = Видалити пароль
account-set-done = Ваш пароль задано.
account-removed = Ваш пароль видалено: ви входите за кодом.
account-weak = У паролі щонайменше 8 символів: нічого не змінено.
play-title = Гра
play-sign-in = Увійдіть, щоб грати тут свої партії.
play-line = Ваш хід або команда, як ви написали б їх у листі для ccgate
play-offer-draw = Запропонувати нічию цим ходом
play-send = Надіслати
play-accept = Прийняти нічию
play-decline = Відхилити нічию
play-resign = Здатися
play-sign-out = Вийти
play-not-yours = Це не ваша партія: нічого не зроблено.
play-form-refused = Цю форму не вдалося прочитати (завелика або пошкоджена): нічого не зроблено.

## The director's web console.

desk-console = Консоль директора
desk-title-login = Вхід директора
desk-name = Ім'я
desk-password = Пароль
desk-sign-in = Увійти
desk-sign-out = Вийти
desk-signed-in-as = Ви увійшли як { $name }
desk-login-refused = Неправильне ім'я або пароль.
desk-login-limited = Забагато невдалих входів: спробуйте через чверть години.
desk-csrf-refused = Ця форма застаріла або надійшла не з цього сайту: оновіть сторінку і спробуйте знову.
desk-not-found = Не знайдено.
desk-refused = Відхилено
desk-back = Назад
desk-incidents = Інциденти
desk-players = Гравці
desk-players-edit = Змінити
desk-outbox = Вихідні
desk-audit = Журнал дій
desk-health = Стан
desk-no-incidents = Відкритих інцидентів немає.
desk-incident = Інцидент { $id }
desk-recorded = Записано
desk-game = Партія
desk-player = Гравець
desk-detail = Подробиці
desk-line = Рядок
desk-position = Позиція
desk-evidence = Повідомлення в отриманому вигляді
desk-ruling = Рішення
desk-tell = Повідомити
desk-tell-players = обом гравцям
desk-tell-player = гравцеві
desk-tell-nobody = нікому
desk-rule = Записати рішення
desk-adjudicate = Присудити
desk-result = Результат
desk-reason = Причина
desk-overrule = змінити результат завершеної партії
desk-dismiss = Відхилити
desk-takeback = Скасувати ходи
desk-to-ply = Залишити ходи до півходу
desk-penalty = Штраф
desk-days = Дні
desk-withdraw = Зняти з турніру
desk-notation = Нотація
desk-language = Мова
desk-time-zone = Часовий пояс
desk-reset-pin = скинути PIN
desk-save = Зберегти
desk-remove = Видалити
desk-removed = видалений
desk-addresses = Адреси
desk-no-stuck = Нічого не застрягло: кожну відповідь надіслано або вона чекає першої спроби.
desk-to = Кому
desk-state = Стан
desk-attempts = Спроби
desk-last-error = Остання помилка
desk-failed = облишено
desk-waiting = наступна спроба
desk-retry = Надіслати знову
desk-when = Коли
desk-by = Ким
desk-action = Дія
desk-command-line = командний рядок
desk-channel = Канал
desk-in = Отримано
desk-out = Відповідей надіслано
desk-send-failures = Невдалі надсилання
desk-queued = У черзі
desk-link = Зв'язок
desk-link-state = Стан
desk-link-since = З
desk-link-error = Остання помилка
desk-link-name = { $link ->
    [imap] Скринька IMAP
    [modem] SMS-модем
    [radio] Радіоканал
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] підключення
    [up] працює
    [retrying] незабаром нова спроба
    [given-up] припинено
   *[other] { $state }
}
desk-filter = Відібрати
desk-any = усі
desk-kind = Вид
desk-event = Турнір
desk-since = З
desk-until = По
desk-choose = Вибір
desk-summary = Коротко
desk-dismiss-chosen = Відхилити вибрані
desk-rulings = Рішення
desk-state-is = { $state ->
    [waiting] чекає
    [recorded] записано
    [ruled] вирішено
   *[other] { $state }
}
desk-done-ruled = Щодо інциденту { $n } ухвалено рішення.
desk-done-dismissed = { $n ->
    [1] Відхилено один інцидент.
   *[other] Відхилено інцидентів: { $n }.
}
desk-done-adjudicate = Партію { $n } присуджено.
desk-done-takeback = Ходи партії { $n } скасовано.
desk-done-penalty = Штраф у партії { $n } нараховано.
desk-done-withdraw = Гравця знято з турніру.

## The director's games: the list, one game's page, the reminder.
desk-games = Партії
desk-white = Білі
desk-black = Чорні
desk-plies = Півходи
desk-to-move = Хід за
desk-deadline = Термін
desk-game-state = { $state ->
    [active] триває
    [finished] завершена
    [overdue] термін минув
    [near] термін протягом 3 днів
   *[other] { $state }
}
desk-no-games = Партій немає.
desk-remind = Надіслати нагадування
desk-remind-game = Надіслати нагадування щодо партії { $id }
desk-done-reminded = Нагадування щодо партії { $n } надіслано.
desk-journal = Повідомлення
desk-no-messages = Повідомлень немає.
desk-outcome = Підсумок
desk-held = Затримана пошта
desk-no-holds = Затриманої пошти немає.
desk-held-open = відкрито
desk-no-audit = У журналі аудиту нічого немає.
desk-health-state = Стан
desk-health-is = { $state ->
    [ok] працює
    [failing] збій
   *[other] { $state }
}
desk-up-since = Працює з
desk-errors = Помилки
desk-clock = Годинник
desk-clock-held = поразки за часом відкладено до підтвердження часу (ccgate clock --confirm-time)
desk-version = Версія

## The web pages.

page-events = Турніри
page-notation = Нотація
page-language = Мова
page-show = Показати
page-game = Партія
page-first = На початок
page-previous = Назад
page-next = Вперед
page-last = В кінець
page-to-move = хід
page-result = Результат
page-draw-offered = пропонують нічию
page-clocks = Годинники
page-days-used = днів використано
page-days-left = днів залишилося
page-unlimited = без обмеження
page-deadline = термін
page-moves = Ходи
page-no-moves = Ходів поки немає.
page-round = тур
page-board = дошка
page-start = Початкова позиція
page-rank = Місце
page-player = Гравець
page-score = Очки
page-wins = Перемоги
page-sb = SB
page-withdrawn = вибув
page-tie-breaks = Додаткові показники
page-crosstable = Турнірна таблиця: кожен результат веде до партії
page-games = Партії
page-opponent = Суперник
page-colour = Колір
page-event = Турнір
page-state = Стан
page-deadline-col = Термін
page-no-games = Партій немає.
page-not-found = Не знайдено
page-board-white = Шахова дошка { $fen }, вигляд з боку білих
page-board-black = Шахова дошка { $fen }, вигляд з боку чорних
page-after = Після { $move }
page-move-to-move = хід { $number }, ходять { $color }
page-flip = Перевернути дошку
page-pgn = Завантажити партію (PGN)
page-steps = Ходи по черзі
page-move-dates = Дати й дні за ходами
page-move = Хід
page-date = Дата
page-days = Дні
page-deadline-why = Термін для { $player }: { $why ->
    [duplication] дні понад { $days } на один хід рахуються подвійно (подвоєння ІКЧФ), тому він раніше.
    [leave] дні відпустки не рахуються, тому він пізніше.
   *[both] дні понад { $days } на один хід рахуються подвійно (подвоєння ІКЧФ), а дні відпустки не рахуються.
}
page-conditions = Умови
page-time-control = Контроль часу
page-tc = { $kind ->
    [moves] { $moves ->
        [one] { $moves } хід
        [few] { $moves } ходи
       *[many] { $moves } ходів
    } за { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    }
    [per-move] { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    } на хід
    [fischer] { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    } на початку і ще { $increment ->
        [one] { $increment } день
        [few] { $increment } дні
       *[many] { $increment } днів
    } за кожен зроблений хід
   *[none] без обмеження часу
}
page-format = Система
page-round-robin = { $double ->
    [yes] коловий турнір у два кола
   *[no] коловий турнір
}
page-duplication = Подвоєння
page-duplication-rule = дні понад { $days } на один хід рахуються подвійно
page-no-duplication = немає
page-penalty = Неможливий хід
page-penalty-rule = { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    } додається до часу відправника
page-leave = Відпустка
page-leave-rule = { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[many] { $days } днів
    } на гравця за календарний рік
page-tie-break-order = { $rules ->
    [iccf] очки, потім перемоги, потім коефіцієнт Зоннеборна-Бергера, потім партії між гравцями з рівними очками
   *[plain] очки, потім коефіцієнт Зоннеборна-Бергера, потім перемоги
}
page-start-date = Початок
page-progress = Перебіг
page-progress-of = завершено партій: { $finished } з { $total }
page-pgn-all = Усі партії (PGN)
page-your-turn = ваш хід
page-player-to-move = ходить { $player }
page-no-translation = Перекладу цих сторінок мовою { $name } ({ $native }) ще немає, тому вони англійською.
page-no-events = Турнірів немає.
page-status = Стан
page-in-progress = триває
page-finished = завершено
page-players = Гравці
