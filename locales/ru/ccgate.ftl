# Ответы ccgate по-русски. Плейсхолдеры ({ $name }) те же, что в английском
# каталоге. Кириллица идёт в SMS как UCS-2: 70 знаков на сообщение, поэтому
# тексты для SMS и радио здесь самые сжатые. `П{ $game }` — номер партии.

## Числа со словом (форма по правилам множественного числа).

days = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
}
hours = { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
   *[many] { $hours } часов
}
# Дата цифрами, как её пишут по-русски (26.01.2027).
date = { $day }.{ $month }.{ $year }

## Ходы.

confirm = П{ $game } { $number } { $move } принят. Код позиции { $code }.
    .sms = П{ $game } { $number } { $move } принят. Код { $code }.
your-move = П{ $game } { $number } { $move }, соперник { $opponent }. Код позиции { $code }.
    .sms = П{ $game } { $number } { $move }. Код { $code }.
refused = П{ $game } { $text }: отказ, { $reason }.
refused-brief = П{ $game } { $text }: отказ.
did-you-mean = { " " }Может быть, { $moves }?
    .sms = { " " }Может, { $moves }?
nothing-applied = { " " }Ничего не сделано.
    .sms = { "" }
penalty = { " " }Штраф: { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} к вашему времени.
    .sms = { " " }Штраф: { days }.
one-move-per-line = один ход в строке, можно после последнего хода соперника
not-your-turn = П{ $game } { $text }: отказ, в партии { $game } сейчас ход соперника ({ $opponent }).
    .sms = П{ $game } { $text }: отказ, не ваш ход.
wrong-number = П{ $game } { $text }: отказ, ход { $number } сейчас на очереди.
    .sms = П{ $game } { $text }: отказ, ход { $number } на очереди.
desync = П{ $game } ваш { $text } не совпадает с партией: ничего не применено, ваш собственный ход из этого сообщения тоже не сделан. Запись: { $record }

## Почему ход не прочитан или невозможен.

expected = { $what ->
    [move] ход
    [move-not-result] ход, а не результат партии
    [file] вертикаль (a-h)
    [rank] горизонталь (1-8)
    [square] поле
    [piece-or-square] буква фигуры или поле
    [destination] поле назначения
    [square-or-promotion] поле или фигура превращения
    [promotion] фигура превращения
    [promotion-piece] фигура превращения (Ф, Л, С или К)
    [promotion-letter] буква превращения (q, r, b, n)
    [promotion-digit] цифра превращения (1=Ф 2=Л 3=С 4=К)
    [english-piece] фигура (K, Q, R, B, N, Kt, P) или рокировка
    [not-king] фигура, но не король
    [captured] взятая фигура
    [dash-or-x] «-» или «x»
    [close-paren] «)»
    [suffix] знак шаха, e.p., ! или ?, или конец хода
    [iccf-end] конец хода (4 или 5 цифр)
    [origin-file-digit] цифра исходной вертикали (1-8)
    [origin-rank-digit] цифра исходной горизонтали (1-8)
    [destination-file-digit] цифра вертикали назначения (1-8)
    [destination-rank-digit] цифра горизонтали назначения (1-8)
    [desc-square] поле вида K4 или QB3
    [desc-origin] вертикаль или горизонталь фигуры, например (1) или (QB3)
    [uedemann-code] код Уэдеманна
    [uedemann-origin] две буквы исходного поля
    [uedemann-destination] две буквы поля назначения
    [uedemann-suffix] буква-суффикс (q r b k превращение; c шах, m мат, p e.p., t взятие)
   *[end] конец хода
}
malformed = ожидалось: { $expected }, знак { $at }
malformed-found = ожидалось: { $expected }, знак { $at }, а стоит «{ $found }»
ambiguous = неоднозначно, возможно { $moves }
conflict = в двух нотациях читается по-разному: { $readings }
illegal-no-such-piece-on = у вас нет { $piece ->
    [pawn] пешки
    [knight] коня
    [bishop] слона
    [rook] ладьи
    [queen] ферзя
    [king] короля
   *[piece] фигуры
} на { $square }
illegal-no-such-piece = у вас нет { $piece ->
    [pawn] пешки
    [knight] коня
    [bishop] слона
    [rook] ладьи
    [queen] ферзя
    [king] короля
   *[piece] фигуры
} для такого хода
illegal-empty-square = на { $square } нет фигуры
illegal-not-your-piece = фигура на { $square } принадлежит сопернику
illegal-cannot-move = { $piece ->
    [pawn] пешка
    [knight] конь
    [bishop] слон
    [rook] ладья
    [queen] ферзь
    [king] король
   *[piece] фигура
} с { $from } не может пойти на { $to }
illegal-cannot-reach = { $piece ->
    [pawn] ни одна ваша пешка не может
    [knight] ни один ваш конь не может
    [bishop] ни один ваш слон не может
    [rook] ни одна ваша ладья не может
    [queen] ни один ваш ферзь не может
    [king] ваш король не может
   *[piece] ни одна ваша фигура не может
} пойти на { $to }
illegal-own-piece = на { $square } стоит ваша фигура
illegal-pinned = { $piece ->
    [pawn] пешка на { $from } связана
    [knight] конь на { $from } связан
    [bishop] слон на { $from } связан
    [rook] ладья на { $from } связана
    [queen] ферзь на { $from } связан
    [king] король на { $from } связан
   *[piece] фигура на { $from } связана
}: ход открыл бы вашего короля
illegal-in-check = ваш король под шахом, а этот ход не защищает от шаха
illegal-into-check = ваш король был бы под шахом на { $square }
illegal-promotion-missing = пешка на последней горизонтали должна назвать фигуру превращения
illegal-not-promotion = указана фигура превращения, но это не превращение
illegal-pawn-capture-needs-file = взятие пешкой пишется с её вертикалью (exd5, а не d5)
illegal-castling-rights-gone = { $side ->
    [kingside] короткая рокировка
   *[queenside] длинная рокировка
} уже невозможна: король или ладья ходили
illegal-castling-blocked = { $side ->
    [kingside] короткая рокировка
   *[queenside] длинная рокировка
} невозможна: между королём и ладьёй стоят фигуры
illegal-castling-in-check = рокировка под шахом невозможна
illegal-castling-through-check = { $side ->
    [kingside] короткая рокировка
   *[queenside] длинная рокировка
} невозможна: король прошёл бы через битое поле или встал бы на него
illegal-no-legal-moves = партия окончена: ходов нет

## Конец партии.

game-over = П{ $game } окончена: { $result }, { $reason }.
    .sms = П{ $game } { $result }, { $reason }.
game-finished = П{ $game } окончена ({ $result }).
end = { $why ->
    [checkmate] мат
    [stalemate] пат
    [insufficient-material] недостаточно материала
    [fivefold-repetition] пятикратное повторение позиции
    [seventy-five-moves] правило 75 ходов
   *[draw-agreed] ничья по соглашению
}
end-claimed = ничья по требованию: { $claim ->
    [threefold] троекратное повторение позиции
   *[fifty] правило 50 ходов
}
    .sms = ничья: { $claim ->
        [threefold] троекратное повторение
       *[fifty] правило 50 ходов
    }
end-resigned = партия сдана ({ $player })
end-lost-on-time = просрочка времени ({ $player })
end-adjudicated = решение судьи: { $reason }
adjudicated = П{ $game } решение судьи { $result }: { $reason }
taken-back = П{ $game } судья отменил ходы после полухода { $ply }: { $reason }
penalized = П{ $game } судья списал с часов игрока { $player } { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }: { $reason }
    .sms = П{ $game } штраф { $player }: { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }: { $reason }

## Ничья.

draw-offered = П{ $game } { $opponent } предлагает ничью. Ответ: П{ $game } ничья принята.
    .sms = П{ $game } { $opponent } предлагает ничью.
draw-offered-with-move = Предложена ничья: П{ $game } ничья принята.
    .sms = Предложена ничья.
draw-declined = П{ $game } соперник { $opponent } отклонил ничью.
    .sms = П{ $game } ничья отклонена.
opponent-message = П{ $game } соперник { $opponent } пишет: { $text }
remote-refused = П{ $game } { $move }: отказ сервера { $server }: { $reason }. Ход отменён; пришлите другой.
    .sms = П{ $game } { $move }: отказ сервера: { $reason }. Ход отменён.
remote-reason = { $code ->
    [NotYourTurn] там сейчас не ваш ход
    [InvalidMoveNumber] там номер хода не совпадает с партией
    [InvalidMove] там этот ход не по правилам
    [MoveIsAmbigous] там ход неоднозначен
    [LostOnTime] там просрочка времени
    [YouAreOnLeave] там у вас отпуск
    [InvalidGameID] сервер не знает этой партии
    [NotYourGame] там это не ваша партия
    [AuthenticationFailed] сервер отклонил пароль учётной записи
    [ServerError] ошибка сервера
    [NoDrawWasOffered] ничья не предлагалась
    [FeatureUnavailable] сервер этого не поддерживает
   *[other] { $code }
}
remote-only = П{ $game } играется на сервере { $server }: ничью, претензию или сдачу заявляйте там.
    .sms = П{ $game }: ничья и сдача — только на сервере.
no-draw-offer = П{ $game } предложения ничьей нет.
claim-refused = П{ $game } ничья не признана: { $reason }.
claim-not = { $claim ->
    [threefold] позиция не повторилась трижды
    [fifty] за 50 ходов было взятие или ход пешкой
   *[none] нет ни троекратного повторения, ни правила 50 ходов
}
    .sms = { $claim ->
        [threefold] нет троекратного повторения
        [fifty] правило 50 ходов не выполнено
       *[none] нет оснований
    }

## Партия и настройки.

color = { $color ->
    [white] белые
   *[black] чёрные
}
board = П{ $game } { $fen } Ход: { $turn }. Код позиции { $code }.
board-sheet = П{ $game } Ход: { $turn }. Код позиции { $code }.
record = П{ $game } { $record }
record-attached = PGN-файл партии во вложении: { $file }.
notation-set = ccgate: нотация { $value }.
lang-set = ccgate: язык { $value }.
help = ccgate: пришлите ПАРТИЯ ХОД, напр. 12 15. 5254 или 12 15... Кf6. Ещё: ничья? | ничья принята | ничья отклонена | сдаюсь | требую ничью | позиция | запись | отпуск 10 | помощь
    .sms = ccgate: ПАРТИЯ ХОД, напр. 12 15... Кf6. Ещё: ничья? | сдаюсь | помощь
unknown-sender = ccgate: адрес не зарегистрирован. Обратитесь к судье турнира.
    .sms = ccgate: адрес не зарегистрирован.
not-your-game = ccgate: у вас нет партии { $game }.
which-game = ccgate: какая партия? Ваши: { $games }. Начните строку с номера партии.
    .sms = ccgate: какая партия? Ваши: { $games }.
bad-pin = ccgate: PIN не указан или неверен. Ничего не сделано.
foreign-letter = { $letter } — не русское обозначение фигуры; { $piece ->
    [king] король
    [queen] ферзь
    [rook] ладья
    [bishop] слон
   *[knight] конь
} обозначается { $local }
line-refused = ccgate: { $text }: отклонено, { $reason }.
unknown-language = нет языка с кодом { $code }; код состоит из двух букв, например de, fr или ru
    .sms = нет языка { $code }
unknown-notation = нотации: { $names }
    .sms = нет такой нотации
not-protocol = ccgate: «{ $line }» — не ход и не команда.

## Отпуск и время.

leave-granted = ccgate: отпуск { $from }–{ $until } учтён. В этом году { $left ->
    [one] остался { $left } день
    [few] осталось { $left } дня
   *[many] осталось { $left } дней
}.
    .sms = ccgate: отпуск { $from }–{ $until }, { $left ->
        [one] остался { $left } день
        [few] осталось { $left } дня
       *[many] осталось { $left } дней
    }.
leave-refused = ccgate: отпуск отклонён, { $reason }.
    .sms = ccgate: отпуск отклонён: { $reason }.
leave-zero-days = отпуск не короче одного дня
leave-exceeds = { $requested ->
    [one] { $requested } день
    [few] { $requested } дня
   *[many] { $requested } дней
} отпуска в { $year } году больше оставшихся { $remaining }
    .sms = больше остатка ({ $remaining })
leave-none-left = в { $year } году отпуска не осталось: все { $allowance } дней использованы
    .sms = в { $year } году не осталось
leave-overlaps = пересекается с отпуском { $from }–{ $until }
    .sms = пересекается с { $from }–{ $until }
leave-overlaps-open = пересекается с бессрочным отпуском с { $from }
    .sms = пересекается с отпуском с { $from }
leave-out-of-range = даты отпуска вне допустимого диапазона
reminder = П{ $game } напоминание: ваш ход, { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
   *[many] осталось { $days } дней
}.

## Условные ходы.

conditional-pair = если { $pair }
conditional-stored = П{ $game } условные ходы сохранены: { $moves }
    .sms = П{ $game } условные: { $moves }
conditional-dropped = П{ $game } условные ходы сняты: соперник { $opponent } сыграл { $move }.
    .sms = П{ $game } условные ходы сняты: ответ { $move }.
conditional-refused = П{ $game } условные ходы отклонены: { $reason }.
    .sms = П{ $game } условные ходы отклонены: { $reason }.
conditional-your-move = сейчас ваш ход; условные ходы присылайте после своего хода
    .sms = сейчас ваш ход
conditional-wrong-number = { $text }: там ход { $number } на очереди
conditional-unreadable = { $text }: { $reason }
    .sms = { $text } невозможен

## Сообщения, которые шлюз не принял.

too-large = ccgate: сообщение слишком большое (предел { $limit } КБ) и не прочитано. Пришлите ход простым текстом.
    .sms = ccgate: сообщение больше { $limit } КБ, не прочитано.
several-authors = ccgate: в поле From сообщения указано больше одного автора, и оно не прочитано. У хода один автор: пришлите его снова только со своего адреса.
    .sms = ccgate: в From несколько авторов, не прочитано.
held = ccgate: сообщение от вашего имени не прошло проверку отправителя и задержано, не применено. Если его отправили вы, ответьте в течение { $hours ->
    [one] { $hours } часа
   *[other] { $hours } часов
}: confirm { $code }
    .sms = ccgate: задержано. Если ваше, за { hours }: confirm { $code }
hold-expired = ccgate: код подтверждения неизвестен, использован или истёк. Ничего не сделано.
    .sms = ccgate: код неизвестен, использован или истёк.
disputed = ccgate: ваш протест записан для судьи; он примет решение и сообщит вам.
    .sms = ccgate: ваш протест передан судье.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = протест
unauthenticated = ccgate: сообщение от вашего имени не прошло проверку отправителя и не применено. Попросите у судьи PIN.
    .sms = ccgate: не проверено, не применено. Попросите у судьи PIN.
too-many-lines = ccgate: прочитаны только первые { $limit } строк сообщения, ещё { $skipped } нет. Пришлите их отдельным сообщением.
    .sms = ccgate: прочитаны первые { $limit } строк, ещё { $skipped } нет.

## Турниры.

event-start = ccgate: начался турнир { $event }, контроль времени { $time }. Ваши партии:
    .sms = ccgate: { $event }. Партии:
event-game-white = П{ $game } белыми, соперник: { $opponent }
    .sms = П{ $game } белыми
event-game-black = П{ $game } чёрными, соперник: { $opponent }
    .sms = П{ $game } чёрными
event-starts-on = ccgate: турнир { $event } начнётся { $date }, контроль времени { $time }; часы пойдут с этого дня. Ваши партии:
    .sms = ccgate: { $event } с { $date }:
ruling = ccgate: решение судьи по инциденту { $incident }: { $ruling }
    .sms = ccgate: инцидент { $incident }: { $ruling }
withdrawn = ccgate: { $player } выходит из турнира { $event }; засчитано: { $games }
    .sms = ccgate: { $player } выходит; засчитано: { $games }
withdrawn-game = П{ $game } { $result }

pgn-unused = ccgate: приложенный файл PGN не использован: { $reason ->
    [unreadable] в нём нет читаемой партии
    [no-game] его ходы не совпадают ни с одной из ваших текущих партий
    [no-new-move] в нём нет хода сверх текущего положения партии
    [too-many] в нём { $moves } ходов сверх текущего положения партии; приложите партию только с вашим следующим ходом
   *[not-your-move] добавленный ход — ход соперника; сейчас не ваш ход
}.

## Задача 16, часть B: одно сообщение каждому читателю на событие. Сообщение
## о текущей партии кончается тем, чей ход; в письме — оба времени.

your-turn = Ваш ход.
your-turn-by = Ваш ход до { $date }.
their-turn = Ходит { $opponent }.
clocks = Время: ваш расход { $used }, запас { $left }; соперник { $opponent }: расход { $their-used }, запас { $their-left }.
conditional-answer = Ваш условный ход { $number } { $move } сделан в ответ. Код позиции { $code }.
    .sms = Условный ход { $number } { $plain-move } сделан. Код { $code }.
draw-offer-sent = П{ $game } ваше предложение ничьей передано сопернику ({ $opponent }).
    .sms = П{ $game } ничья предложена.
resignation-sent = П{ $game } сопернику ({ $opponent }) сообщено, что вы сдались.
    .sms = П{ $game } сдача отправлена.
claim-upheld = П{ $game } ничья признана; сопернику { $opponent } сообщено.
    .sms = П{ $game } ничья признана.
no-game = ccgate: у вас нет текущих партий.
# The two players of a game, in a mail subject.
subject-players = { $white } — { $black }
subject-held = ccgate: сообщение от вашего имени задержано
subject-ruling = ccgate: решение по инциденту { $incident }
subject-event-start = ccgate: начинается турнир { $event }
subject-answers = ccgate: ответы на ваше сообщение
subject-withdrawn = ccgate: выход из турнира { $event }: { $player }
which-game-item = П{ $game }, соперник { $opponent }, { $whose ->
    [yours] ваш ход
   *[theirs] ходит { $opponent }
}
    .sms = П{ $game }
legend = Заглавные — белые, строчные — чёрные. { $pieces }
legend-pieces = { $king } король, { $queen } ферзь, { $rook } ладья, { $bishop } слон, { $knight } конь, { $pawn } пешка
quote = > { $line }
prose-read = Строк, прочитанных как текст: { $count }.
help-mail =
    ccgate: игра по почте

    По строке на ход или команду, в начале номер партии (без номера, если ваш ход только в одной партии):
    12 15... { $move } — ваш ход в партии 12
    12 15. { $echo } 15... { $move } — последний ход соперника, затем ваш (проверка от ошибок)
    12 if 16. { $trigger } 16... { $answer } — условные ходы: если соперник сыграет первый, второй делается сразу
    12 ничья? — предложить ничью (или вместе с ходом: 12 15... { $move } ничья?)
    12 ничья принята — принять предложение ничьей
    12 ничья отклонена — отклонить его
    12 требую ничью — потребовать ничью по троекратному повторению позиции или правилу 50 ходов
    12 сдаюсь — сдать партию
    12 позиция — позиция
    12 запись — запись партии
    notation iccf — как вам записываются ходы
    lang ru — язык ответов
    отпуск 10 — десять дней отпуска с сегодняшнего дня
    помощь — этот текст

    Как записать ход в вашей нотации ({ $notation }): { $move } — конь с g8 на f6; цифры ИКЧФ понимаются всегда: { $iccf }.

    Код позиции: каждое сообщение о ходе даёт четырёхзначный код позиции после хода (после 1. e4 это PCG2). Он берётся из ключа Polyglot позиции, который показывают многие шахматные программы: пять последних шестнадцатеричных цифр ключа записываются четырьмя знаками; как именно, объясняет руководство игрока ccgate. Если ваша доска даёт другой код, доска и партия расходятся: напишите, прежде чем ходить.

    Остальные строки сообщения читаются как текст и остаются без ответа.

## Signing in and playing on the web.

web-code = ccgate: ваш код для входа на сайт: { $code }. Действует { $minutes } мин, один раз.
subject-web-code = ccgate: ваш код для входа
signin-title = Вход
signin-address = Ваш адрес электронной почты, номер телефона или позывной, как его знает ccgate
signin-send = Прислать код
signin-code-sent = Если ccgate знает этот адрес, код для входа уже отправлен туда. Он действует { $minutes } мин.
signin-code = Код
signin-sign-in = Войти
signin-refused = Этот код не открывает вход: он неверен, истёк или уже использован, либо слишком много неверных кодов заблокировали вход для этого адреса на четверть часа.
signin-new-code = Запросить новый код
signin-with-password = Или по своему паролю, если вы его задали
signin-password = Пароль
signin-password-refused = Так войти нельзя: адрес или пароль неверны, пароль для него не задан, или слишком много неверных попыток на время закрыли вход с этого адреса.
account-title = Ваш пароль
account-explain = Собственный пароль позволяет входить здесь без кода, и с ним ваша программа для игры по переписке входит через Xfcc. В нём не меньше 8 символов.
account-has = У вас есть пароль.
account-none = У вас нет пароля: вы входите по коду.
account-new = Новый пароль
account-set = Задать пароль
account-remove = Удалить пароль
account-set-done = Ваш пароль задан.
account-removed = Ваш пароль удалён: вы входите по коду.
account-weak = В пароле не меньше 8 символов: ничего не изменено.
play-title = Игра
play-sign-in = Войдите, чтобы играть здесь свои партии.
play-line = Ваш ход или команда, как вы написали бы их в письме для ccgate
play-offer-draw = Предложить ничью этим ходом
play-send = Отправить
play-accept = Принять ничью
play-decline = Отклонить ничью
play-resign = Сдаться
play-sign-out = Выйти
play-not-yours = Это не ваша партия: ничего не сделано.
play-form-refused = Эту форму не удалось прочитать (слишком большая или повреждена): ничего не сделано.

## The director's web console.

desk-console = Консоль директора
desk-title-login = Вход директора
desk-name = Имя
desk-password = Пароль
desk-sign-in = Войти
desk-sign-out = Выйти
desk-signed-in-as = Вы вошли как { $name }
desk-login-refused = Неверное имя или пароль.
desk-login-limited = Слишком много неудачных входов: попробуйте через четверть часа.
desk-csrf-refused = Эта форма устарела или пришла не с этого сайта: обновите страницу и попробуйте снова.
desk-not-found = Не найдено.
desk-refused = Отклонено
desk-back = Назад
desk-incidents = Инциденты
desk-players = Игроки
desk-players-edit = Изменить
desk-outbox = Исходящие
desk-audit = Журнал действий
desk-health = Состояние
desk-no-incidents = Открытых инцидентов нет.
desk-incident = Инцидент { $id }
desk-recorded = Записан
desk-game = Партия
desk-player = Игрок
desk-detail = Подробности
desk-line = Строка
desk-position = Позиция
desk-evidence = Сообщение в полученном виде
desk-ruling = Решение
desk-tell = Сообщить
desk-tell-players = обоим игрокам
desk-tell-player = игроку
desk-tell-nobody = никому
desk-rule = Записать решение
desk-adjudicate = Присудить
desk-result = Результат
desk-reason = Причина
desk-overrule = изменить результат завершённой партии
desk-dismiss = Отклонить
desk-takeback = Отменить ходы
desk-to-ply = Оставить ходы до полухода
desk-penalty = Штраф
desk-days = Дни
desk-withdraw = Снять с турнира
desk-notation = Нотация
desk-language = Язык
desk-time-zone = Часовой пояс
desk-reset-pin = сбросить PIN
desk-save = Сохранить
desk-remove = Удалить
desk-removed = удалён
desk-addresses = Адреса
desk-no-stuck = Ничего не застряло: каждый ответ отправлен или ждёт первой попытки.
desk-to = Кому
desk-state = Состояние
desk-attempts = Попытки
desk-last-error = Последняя ошибка
desk-failed = оставлен
desk-waiting = следующая попытка
desk-retry = Отправить снова
desk-when = Когда
desk-by = Кем
desk-action = Действие
desk-command-line = командная строка
desk-channel = Канал
desk-in = Получено
desk-out = Ответов отправлено
desk-send-failures = Неудачные отправки
desk-queued = В очереди
desk-link = Связь
desk-link-state = Состояние
desk-link-since = С
desk-link-error = Последняя ошибка
desk-link-name = { $link ->
    [imap] Ящик IMAP
    [modem] SMS-модем
    [radio] Радиоканал
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] подключение
    [up] работает
    [retrying] скоро новая попытка
    [given-up] прекращено
   *[other] { $state }
}
desk-filter = Отобрать
desk-any = все
desk-kind = Вид
desk-event = Турнир
desk-since = С
desk-until = По
desk-choose = Выбор
desk-summary = Кратко
desk-dismiss-chosen = Отклонить выбранные
desk-rulings = Решения
desk-state-is = { $state ->
    [waiting] ждёт
    [recorded] записан
    [ruled] решён
   *[other] { $state }
}
desk-done-ruled = По инциденту { $n } принято решение.
desk-done-dismissed = { $n ->
    [1] Отклонён один инцидент.
   *[other] Отклонено инцидентов: { $n }.
}
desk-done-adjudicate = Партия { $n } присуждена.
desk-done-takeback = Ходы партии { $n } отменены.
desk-done-penalty = Штраф в партии { $n } начислен.
desk-done-withdraw = Игрок снят с турнира.

## The director's games: the list, one game's page, the reminder.
desk-games = Партии
desk-white = Белые
desk-black = Чёрные
desk-plies = Полуходы
desk-to-move = Ход за
desk-deadline = Срок
desk-game-state = { $state ->
    [active] идёт
    [finished] окончена
    [overdue] срок истёк
    [near] срок в течение 3 дней
   *[other] { $state }
}
desk-no-games = Партий нет.
desk-remind = Отправить напоминание
desk-remind-game = Отправить напоминание по партии { $id }
desk-done-reminded = Напоминание по партии { $n } отправлено.
desk-journal = Сообщения
desk-no-messages = Сообщений нет.
desk-outcome = Итог
desk-held = Задержанная почта
desk-no-holds = Задержанной почты нет.
desk-held-open = открыто
desk-no-audit = В журнале аудита ничего нет.
desk-health-state = Состояние
desk-health-is = { $state ->
    [ok] работает
    [failing] сбой
   *[other] { $state }
}
desk-up-since = Работает с
desk-errors = Ошибки
desk-clock = Часы
desk-clock-held = поражения по времени отложены до подтверждения времени (ccgate clock --confirm-time)
desk-version = Версия

## The web pages.

page-events = Турниры
page-notation = Нотация
page-language = Язык
page-show = Показать
page-game = Партия
page-first = В начало
page-previous = Назад
page-next = Вперёд
page-last = В конец
page-to-move = ход
page-result = Результат
page-draw-offered = предлагают ничью
page-clocks = Часы
page-days-used = дней использовано
page-days-left = дней осталось
page-unlimited = без ограничения
page-deadline = срок
page-moves = Ходы
page-no-moves = Ходов пока нет.
page-round = тур
page-board = доска
page-start = Начальная позиция
page-rank = Место
page-player = Игрок
page-score = Очки
page-wins = Победы
page-sb = SB
page-withdrawn = выбыл
page-tie-breaks = Дополнительные показатели
page-crosstable = Турнирная таблица: каждый результат ведёт к партии
page-games = Партии
page-opponent = Соперник
page-colour = Цвет
page-event = Турнир
page-state = Состояние
page-deadline-col = Срок
page-no-games = Партий нет.
page-not-found = Не найдено
page-board-white = Шахматная доска { $fen }, вид со стороны белых
page-board-black = Шахматная доска { $fen }, вид со стороны чёрных
page-after = После { $move }
page-move-to-move = ход { $number }, ходят { $color }
page-flip = Перевернуть доску
page-pgn = Скачать партию (PGN)
page-steps = Ходы по порядку
page-move-dates = Даты и дни по ходам
page-move = Ход
page-date = Дата
page-days = Дни
page-deadline-why = Срок для { $player }: { $why ->
    [duplication] дни сверх { $days } на один ход считаются вдвойне (удвоение ИКЧФ), поэтому он раньше.
    [leave] дни отпуска не считаются, поэтому он позже.
   *[both] дни сверх { $days } на один ход считаются вдвойне (удвоение ИКЧФ), а дни отпуска не считаются.
}
page-conditions = Условия
page-time-control = Контроль времени
page-tc = { $kind ->
    [moves] { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[many] { $moves } ходов
    } за { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }
    [per-move] { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } на ход
    [fischer] { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } в начале и ещё { $increment ->
        [one] { $increment } день
        [few] { $increment } дня
       *[many] { $increment } дней
    } за каждый сделанный ход
   *[none] без ограничения времени
}
page-format = Система
page-round-robin = { $double ->
    [yes] круговой турнир в два круга
   *[no] круговой турнир
}
page-duplication = Удвоение
page-duplication-rule = дни сверх { $days } на один ход считаются вдвойне
page-no-duplication = нет
page-penalty = Невозможный ход
page-penalty-rule = { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } добавляется ко времени отправителя
page-leave = Отпуск
page-leave-rule = { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } на игрока в календарный год
page-tie-break-order = { $rules ->
    [iccf] очки, затем победы, затем коэффициент Зоннеборна-Бергера, затем партии между игроками с равными очками
   *[plain] очки, затем коэффициент Зоннеборна-Бергера, затем победы
}
page-start-date = Начало
page-progress = Ход турнира
page-progress-of = завершено партий: { $finished } из { $total }
page-pgn-all = Все партии (PGN)
page-your-turn = ваш ход
page-player-to-move = ходит { $player }
page-no-translation = Перевода этих страниц на { $name } ({ $native }) пока нет, поэтому они показаны на английском.
page-no-events = Турниров нет.
page-status = Состояние
page-in-progress = идёт
page-finished = завершён
page-players = Игроки
