# ccgate's replies in English. Every other catalogue has the same messages
# with the same placeholders ({ $name }). SMS and radio replies must fit one
# message: 160 characters, or 70 when a text needs characters outside the GSM
# alphabet. `G{ $game }` is how replies name a game; players copy it back.

## Numbers with their words (plural rules pick the form).

days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
hours = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
# A date in the reader's customary numeric form; every date a reply names
# is written so. The values are zero-padded: day 07, month 01, year 2027.
date = { $year }-{ $month }-{ $day }

## Moves.

confirm = G{ $game } { $number } { $move } accepted. Position code { $code }.
your-move = G{ $game } { $number } { $move } by { $opponent }. Position code { $code }.
refused = G{ $game } { $text }: refused, { $reason }.
refused-brief = G{ $game } { $text }: refused.
did-you-mean = { " " }Did you mean { $moves }?
nothing-applied = { " " }Nothing was applied.
penalty = { " " }Penalty: { $days ->
    [one] { $days } day
   *[other] { $days } days
} added to your time.
    .sms = { " " }Penalty: { days }.
one-move-per-line = one move per line, optionally after the opponent's last move
not-your-turn = G{ $game } { $text }: refused, not your move in game { $game }, { $opponent } to move.
wrong-number = G{ $game } { $text }: refused, move { $number } is next.
desync = G{ $game } your { $text } does not match the game: nothing was applied, and your own move in this message was not played. Record: { $record }

## Why a move cannot be read or played. { $piece } is one of pawn, knight,
## bishop, rook, queen, king or piece (none named); { $side } is kingside or
## queenside.

expected = { $what ->
    [move] a move
    [move-not-result] a move, not a game result
    [file] a file (a-h)
    [rank] a rank (1-8)
    [square] a square
    [piece-or-square] a piece letter or a square
    [destination] a destination square
    [square-or-promotion] a square or a promotion piece
    [promotion] a promotion piece
    [promotion-piece] a promotion piece (Q, R, B or N)
    [promotion-letter] a promotion letter (q, r, b, n)
    [promotion-digit] a promotion digit (1=Q 2=R 3=B 4=N)
    [english-piece] a piece (K, Q, R, B, N, Kt, P) or castling
    [not-king] a piece other than the king
    [captured] the captured piece
    [dash-or-x] '-' or 'x'
    [close-paren] ')'
    [suffix] a check sign, e.p., ! or ?, or the end of the move
    [iccf-end] the end of the move (4 or 5 digits)
    [origin-file-digit] the origin file digit (1-8)
    [origin-rank-digit] the origin rank digit (1-8)
    [destination-file-digit] the destination file digit (1-8)
    [destination-rank-digit] the destination rank digit (1-8)
    [desc-square] a square such as K4 or QB3
    [desc-origin] the file or rank the piece stands on, such as (1) or (QB3)
    [uedemann-code] a Uedemann code
    [uedemann-origin] two letters naming the origin square
    [uedemann-destination] two letters naming the destination square
    [uedemann-suffix] a suffix letter (q r b k promote; c check, m mate, p e.p., t capture)
   *[end] the end of the move
}
malformed = expected { $expected } at character { $at }
    .sms = unreadable at character { $at }
malformed-found = expected { $expected } at character { $at }, found "{ $found }"
    .sms = unreadable at character { $at }
ambiguous = it could be { $moves }
conflict = it reads differently in two notations: { $readings }
illegal-no-such-piece-on = you have no { $piece } on { $square }
illegal-no-such-piece = you have no { $piece } that could make this move
illegal-empty-square = there is no piece on { $square }
illegal-not-your-piece = the piece on { $square } is your opponent's
illegal-cannot-move = the { $piece } on { $from } cannot move to { $to }
illegal-cannot-reach = no { $piece } of yours can reach { $to }
illegal-own-piece = { $square } holds one of your own pieces
illegal-pinned = the { $piece } on { $from } is pinned: moving it would expose your king
illegal-in-check = your king is in check and this move does not answer the check
illegal-into-check = your king would be in check on { $square }
illegal-promotion-missing = a pawn reaching the last rank must name its promotion piece
illegal-not-promotion = a promotion piece was given but the move is not a promotion
illegal-pawn-capture-needs-file = a pawn capture must name the pawn's file (write exd5, not d5)
illegal-castling-rights-gone = you can no longer castle { $side }: the king or that rook has moved
illegal-castling-blocked = you cannot castle { $side }: pieces stand between king and rook
illegal-castling-in-check = you cannot castle out of check
illegal-castling-through-check = you cannot castle { $side }: the king would pass through or land on an attacked square
    .sms = you cannot castle { $side }: the king would cross an attacked square
illegal-no-legal-moves = the game is over: there are no legal moves

## The end of a game. { $result } is 1-0, 0-1 or ½-½.

game-over = G{ $game } over: { $result }, { $reason }.
game-finished = G{ $game } is over ({ $result }).
end = { $why ->
    [checkmate] checkmate
    [stalemate] stalemate
    [insufficient-material] insufficient material
    [fivefold-repetition] fivefold repetition
    [seventy-five-moves] seventy-five-move rule
   *[draw-agreed] draw agreed
}
end-claimed = draw claimed: { $claim ->
    [threefold] threefold repetition
   *[fifty] fifty-move rule
}
end-resigned = { $player } resigned
end-lost-on-time = { $player } lost on time
end-adjudicated = adjudicated: { $reason }
adjudicated = G{ $game } adjudicated { $result }: { $reason }
taken-back = G{ $game } the director took back the moves after ply { $ply }: { $reason }
penalized = G{ $game } the director charged { $days ->
        [one] { $days } day
       *[other] { $days } days
    } to the clock of { $player }: { $reason }

## Draws.

draw-offered = G{ $game } { $opponent } offers a draw. Reply G{ $game } accept, or play on.
draw-offered-with-move = Draw offered: reply G{ $game } accept, or play on.
draw-declined = G{ $game } { $opponent } declines your draw offer.
opponent-message = G{ $game } { $opponent } writes: { $text }
remote-refused = G{ $game } { $move }: refused by the server { $server }: { $reason }. The move is taken back; send another.
remote-reason = { $code ->
    [NotYourTurn] it is not your turn there
    [InvalidMoveNumber] the move number does not match the game there
    [InvalidMove] the move is not legal there
    [MoveIsAmbigous] the move is ambiguous there
    [LostOnTime] the game is lost on time there
    [YouAreOnLeave] you are on leave there
    [InvalidGameID] the server does not know this game
    [NotYourGame] the game is not yours there
    [AuthenticationFailed] the server refused the account's password
    [ServerError] the server failed
    [NoDrawWasOffered] no draw was offered
    [FeatureUnavailable] the server does not offer this
   *[other] { $code }
}
remote-only = G{ $game } is played on the server { $server }: make draw offers, claims and resignations there.
no-draw-offer = G{ $game } there is no draw offer to answer.
claim-refused = G{ $game } draw claim refused: { $reason }.
claim-not = { $claim ->
    [threefold] the position has not occurred three times
    [fifty] fifty moves have not passed without a capture or pawn move
   *[none] neither threefold repetition nor the fifty-move rule applies
}

## The game and the player's settings.

color = { $color ->
    [white] White
   *[black] Black
}
board = G{ $game } { $fen } { $turn } to move. Position code { $code }.
board-sheet = G{ $game } { $turn } to move. Position code { $code }.
record = G{ $game } { $record }
record-attached = The game's PGN file is attached: { $file }.
notation-set = ccgate: notation set to { $value }.
lang-set = ccgate: language set to { $value }.
lang-unsupported = ccgate: there are no replies in { $name } ({ $native }) yet, so yours stay in English. Language set to { $code } for piece letters.
    .sms = ccgate: no { $name } ({ $native }) replies yet; English instead.
help = ccgate: send GAME MOVE, e.g. 12 15. 5254 or 12 15... Nf6. Also: draw? | accept | decline | resign | claim | board | pgn | notation iccf | lang de | leave 10 | help
    .sms = ccgate: send GAME MOVE, e.g. 12 15... Nf6. Also: draw? | accept | decline | resign | claim | board | pgn | leave 10 | help
unknown-sender = ccgate: this address is not registered. Ask your tournament director.
not-your-game = ccgate: you have no game { $game }.
which-game = ccgate: which game? Yours: { $games }. Start the line with the game number.
    .sms = ccgate: which game? Yours: { $games }.
bad-pin = ccgate: PIN missing or wrong. Nothing was applied.
foreign-letter = { $letter } is not an English piece letter; the { $piece ->
    [king] king
    [queen] queen
    [rook] rook
    [bishop] bishop
   *[knight] knight
} is { $local }
line-refused = ccgate: { $text }: refused, { $reason }.
unknown-language = there is no language with the code { $code }; a code has two letters, such as de, fr or ru
unknown-notation = the notations are { $names }
not-protocol = ccgate: "{ $line }" is neither a move nor a command.

## Leave and the clock.

leave-granted = ccgate: leave from { $from } to { $until } noted. { $left ->
    [one] { $left } day
   *[other] { $left } days
} left this year.
leave-refused = ccgate: leave refused, { $reason }.
leave-zero-days = a leave must be at least 1 day
leave-exceeds = leave of { $requested ->
    [one] { $requested } day
   *[other] { $requested } days
} in { $year } is more than the { $remaining } left
leave-none-left = no leave left in { $year }: all { $allowance } days are used
leave-overlaps = overlaps the leave from { $from } until { $until }
leave-overlaps-open = overlaps the leave from { $from } until further notice
leave-out-of-range = leave dates out of range
reminder = G{ $game } reminder: your move, { $days ->
    [one] { $days } day
   *[other] { $days } days
} left.

## Conditional moves.

conditional-pair = if { $pair }
conditional-stored = G{ $game } conditional moves stored: { $moves }
conditional-dropped = G{ $game } your conditional moves were dropped: { $opponent } played { $move }.
conditional-refused = G{ $game } conditional moves refused: { $reason }.
conditional-your-move = it is your move; send conditional moves after your move
conditional-wrong-number = { $text }: move { $number } is due there
conditional-unreadable = { $text }: { $reason }

## Messages the gateway could not take.

too-large = ccgate: your message is too large (limit { $limit } KB) and was not read. Send the move as plain text.
several-authors = ccgate: your message names more than one author in its From field and was not read. A move comes from one author: send it again from your own address alone.
held = ccgate: a message in your name could not be checked as yours and is held, not applied. If you sent it, answer within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} with: confirm { $code }
hold-expired = ccgate: that confirmation code is unknown, used or expired. Nothing was applied.
disputed = ccgate: your dispute is recorded for the director, who will rule on it and tell you.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = dispute
unauthenticated = ccgate: a message in your name could not be checked as yours and was not applied. Ask your tournament director for a PIN.
too-many-lines = ccgate: only the first { $limit } lines of your message were read; { $skipped } more were not. Send them in another message.

## Events.

event-start = ccgate: { $event } begins, time control { $time }. Your games:
event-game-white = G{ $game } White against { $opponent }
event-game-black = G{ $game } Black against { $opponent }
event-starts-on = ccgate: { $event } begins on { $date }, time control { $time }; clocks start then. Your games:
    .sms = ccgate: { $event } begins { $date }, { $time }. Your games:
ruling = ccgate: the director's ruling on incident { $incident }: { $ruling }
withdrawn = ccgate: { $player } withdrew from { $event }; scored: { $games }
withdrawn-game = G{ $game } { $result }

pgn-unused = ccgate: the attached PGN file was not used: { $reason ->
    [unreadable] no game could be read from it
    [no-game] its moves are not those of any of your games in play
    [no-new-move] it has no move beyond the game as it stands
    [too-many] it has { $moves } moves beyond the game as it stands; attach the game with your next move only
   *[not-your-move] the move it adds is your opponent's; it is not your turn
}.
## One notice per reader and event. A notice about a game
## in progress ends with whose move it is; email adds both clocks.

your-turn = Your move.
your-turn-by = Your move, by { $date }.
their-turn = { $opponent } to move.
clocks = Clock: you { $used } used, { $left } left; { $opponent } { $their-used } used, { $their-left } left.
conditional-answer = Your conditional move { $number } { $move } was played in reply. Position code { $code }.
draw-offer-sent = G{ $game } your draw offer went to { $opponent }.
resignation-sent = G{ $game } your resignation went to { $opponent }.
claim-upheld = G{ $game } your draw claim is upheld; { $opponent } was told.
no-game = ccgate: you have no game in progress.
# The two players of a game, in a mail subject.
subject-players = { $white } v { $black }
subject-held = ccgate: a message in your name is held
subject-ruling = ccgate: ruling on incident { $incident }
subject-event-start = ccgate: { $event } begins
subject-answers = ccgate: the answers to your message
subject-withdrawn = ccgate: { $player } withdrew from { $event }
which-game-item = G{ $game } against { $opponent }, { $whose ->
    [yours] your move
   *[theirs] { $opponent } to move
}
    .sms = G{ $game }
legend = Capitals White, small letters Black. { $pieces }
legend-pieces = { $king } king, { $queen } queen, { $rook } rook, { $bishop } bishop, { $knight } knight, { $pawn } pawn
quote = > { $line }
prose-read = Lines read as prose: { $count }.
help-mail =
    ccgate: how to play by email

    Write one line per move or command, starting with the game number (leave it out when only one of your games waits for your move):
    12 15... { $move } — your move in game 12
    12 15. { $echo } 15... { $move } — the opponent's last move, then yours (a check against slips)
    12 if 16. { $trigger } 16... { $answer } — conditional moves: if the opponent plays the first, the second is played at once
    12 draw? — offer a draw (or with a move: 12 15... { $move } draw?)
    12 accept — accept the opponent's draw offer
    12 decline — decline it
    12 claim — claim a draw by threefold repetition or the fifty-move rule
    12 resign — resign the game
    12 board — the position
    12 pgn — the game record
    notation iccf — how moves are written to you (san, iccf, uedemann, descriptive, ...)
    lang de — the language of these replies
    leave 10 — ten days of leave from today
    help — this text

    How to write a move in your notation ({ $notation }): { $move } moves the knight from g8 to f6; ICCF numbers are always understood: { $iccf }.

    The position code: every move notice gives a four-character code of the position after the move (after 1. e4 it is PCG2). It comes from the position's Polyglot key, which many chess programs show: the key's last five hexadecimal digits, written as four characters; the ccgate players' guide shows how. If your own board gives another code, your board and the game differ: write before you move.

    Other lines of your message are read as prose and not answered.

## Signing in and playing on the web.

web-code = ccgate: your code to sign in on the website is { $code }. It is valid for { $minutes } minutes, and once only.
subject-web-code = ccgate: your code to sign in
signin-title = Sign in
signin-address = Your email address, phone number or callsign, as ccgate knows it
signin-send = Send me a code
signin-code-sent = If ccgate knows this address, a code to sign in is on its way there. It is valid for { $minutes } minutes.
signin-code = Code
signin-sign-in = Sign in
signin-refused = This code does not sign you in: it is wrong, expired or used, or repeated wrong tries have locked signing in at this address for a quarter of an hour.
signin-new-code = Ask for a new code
signin-with-password = Or with your password, if you set one
signin-password = Password
signin-password-refused = This does not sign you in: the address or the password is wrong, no password is set for it, or repeated wrong tries have locked signing in at this address for a while.
account-title = Your password
account-explain = A password of your own signs you in here without a code, and signs your correspondence program in over Xfcc. It has at least 8 characters.
account-has = You have a password.
account-none = You have no password: you sign in with a code.
account-new = New password
account-set = Set the password
account-remove = Remove the password
account-set-done = Your password is set.
account-removed = Your password is removed: you sign in with a code.
account-weak = A password has at least 8 characters: nothing was changed.
play-title = Play
play-sign-in = Sign in to play your games here.
play-line = Your move or command, as you would write it in a message to ccgate
play-offer-draw = Offer a draw with this move
play-send = Send
play-accept = Accept the draw
play-decline = Decline the draw
play-resign = Resign
play-sign-out = Sign out
play-not-yours = This is not one of your games: nothing was done.
play-form-refused = This form could not be read (it is too large or damaged): nothing was done.

## The director's web console: its pages' words.

desk-console = Director's console
desk-title-login = Director's sign-in
desk-name = Name
desk-password = Password
desk-sign-in = Sign in
desk-sign-out = Sign out
desk-signed-in-as = Signed in as { $name }
desk-login-refused = Wrong name or password.
desk-login-limited = Too many failed sign-ins: try again in a quarter of an hour.
desk-csrf-refused = This form has expired or did not come from this site: reload the page and try again.
desk-not-found = Not found.
desk-refused = Refused
desk-back = Back
desk-incidents = Incidents
desk-players = Players
desk-players-edit = Change
desk-outbox = Outbox
desk-audit = Audit log
desk-health = Health
desk-no-incidents = No open incidents.
desk-incident = Incident { $id }
desk-recorded = Recorded
desk-game = Game
desk-player = Player
desk-detail = Detail
desk-line = Line
desk-position = Position
desk-evidence = The message as received
desk-ruling = Ruling
desk-tell = Tell
desk-tell-players = both players
desk-tell-player = the player
desk-tell-nobody = nobody
desk-rule = Record the ruling
desk-adjudicate = Adjudicate
desk-result = Result
desk-reason = Reason
desk-overrule = change a finished game's result
desk-dismiss = Dismiss
desk-takeback = Take back
desk-to-ply = Keep the moves up to ply
desk-penalty = Penalty
desk-days = Days
desk-withdraw = Withdraw from the event
desk-notation = Notation
desk-language = Language
desk-time-zone = Time zone
desk-reset-pin = reset the PIN
desk-save = Save
desk-remove = Remove
desk-removed = removed
desk-addresses = Addresses
desk-no-stuck = Nothing stuck: every reply was sent or waits for its first try.
desk-to = To
desk-state = State
desk-attempts = Attempts
desk-last-error = Last error
desk-failed = given up
desk-waiting = next try
desk-retry = Send again
desk-when = When
desk-by = By
desk-action = Action
desk-command-line = command line
desk-channel = Channel
desk-in = Messages in
desk-out = Replies sent
desk-send-failures = Failed sends
desk-queued = Queued
desk-link = Connection
desk-link-state = State
desk-link-since = Since
desk-link-error = Last error
desk-link-name = { $link ->
    [imap] IMAP mailbox
    [modem] SMS modem
    [radio] Radio line
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] connecting
    [up] up
    [retrying] retrying
    [given-up] given up
   *[other] { $state }
}
desk-filter = Filter
desk-any = any
desk-kind = Kind
desk-event = Event
desk-since = From
desk-until = Until
desk-choose = Choose
desk-summary = Summary
desk-dismiss-chosen = Dismiss the chosen
desk-rulings = Rulings
desk-state-is = { $state ->
    [waiting] waiting
    [recorded] recorded
    [ruled] ruled
   *[other] { $state }
}
desk-done-ruled = Incident { $n } ruled.
desk-done-dismissed = { $n ->
    [1] One incident dismissed.
   *[other] { $n } incidents dismissed.
}
desk-done-adjudicate = Game { $n } adjudicated.
desk-done-takeback = Moves of game { $n } taken back.
desk-done-penalty = Penalty charged in game { $n }.
desk-done-withdraw = Player withdrawn from the event.

## The director's games: the list, one game's page, the reminder.
desk-games = Games
desk-white = White
desk-black = Black
desk-plies = Plies
desk-to-move = To move
desk-deadline = Deadline
desk-game-state = { $state ->
    [active] in progress
    [finished] finished
    [overdue] past the deadline
    [near] deadline within 3 days
   *[other] { $state }
}
desk-no-games = No games.
desk-remind = Send a reminder
desk-remind-game = Send a reminder for game { $id }
desk-done-reminded = Reminder sent for game { $n }.
desk-journal = Messages
desk-no-messages = No messages.
desk-outcome = Outcome
desk-held = Held mail
desk-no-holds = No held mail.
desk-held-open = open
desk-no-audit = Nothing in the audit trail.
desk-health-state = State
desk-health-is = { $state ->
    [ok] running
    [failing] failing
   *[other] { $state }
}
desk-up-since = Up since
desk-errors = Errors
desk-clock = Clock
desk-clock-held = forfeits held until the time is confirmed (ccgate clock --confirm-time)
desk-version = Version

## The web pages' words.

page-events = Events
page-notation = Notation
page-language = Language
page-show = Show
page-game = Game
page-first = First
page-previous = Previous
page-next = Next
page-last = Last
page-to-move = to move
page-result = Result
page-draw-offered = offers a draw
page-clocks = Clocks
page-days-used = days used
page-days-left = days left
page-unlimited = no limit
page-deadline = deadline
page-moves = Moves
page-no-moves = No moves yet.
page-round = round
page-board = board
page-start = Start position
page-rank = Rank
page-player = Player
page-score = Score
page-wins = Wins
page-sb = SB
page-withdrawn = withdrawn
page-tie-breaks = Tie-breaks
page-crosstable = Crosstable: each result links to its game
page-games = Games
page-opponent = Opponent
page-colour = Colour
page-event = Event
page-state = Status
page-deadline-col = Deadline
page-no-games = No games to show.
page-not-found = Not found
page-board-white = Chess board { $fen }, seen from White's side
page-board-black = Chess board { $fen }, seen from Black's side
page-after = After { $move }
page-move-to-move = move { $number }, { $color } to move
page-flip = Turn the board
page-pgn = Download the game (PGN)
page-steps = Step through the moves
page-move-dates = Dates and days per move
page-move = Move
page-date = Date
page-days = Days
page-deadline-why = Deadline for { $player }: { $why ->
    [duplication] days beyond { $days } on one move count twice (ICCF duplication), which brings it forward.
    [leave] days of leave are not counted, which moves it later.
   *[both] days beyond { $days } on one move count twice (ICCF duplication), and days of leave are not counted.
}
page-conditions = Conditions
page-time-control = Time control
page-tc = { $kind ->
    [moves] { $moves } moves in { $days ->
        [one] { $days } day
       *[other] { $days } days
    }
    [per-move] { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per move
    [fischer] { $days ->
        [one] { $days } day
       *[other] { $days } days
    } to start, and { $increment ->
        [one] { $increment } day
       *[other] { $increment } days
    } more for each move made
   *[none] no time limit
}
page-format = Format
page-round-robin = { $double ->
    [yes] double round robin
   *[no] round robin
}
page-duplication = Duplication
page-duplication-rule = days beyond { $days } on one move count twice
page-no-duplication = none
page-penalty = Illegal move
page-penalty-rule = { $days ->
        [one] { $days } day
       *[other] { $days } days
    } added to the time of its sender
page-leave = Leave
page-leave-rule = { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per player and calendar year
page-tie-break-order = { $rules ->
    [iccf] points, then wins, then Sonneborn-Berger, then the games between the tied players
   *[plain] points, then Sonneborn-Berger, then wins
}
page-start-date = Start
page-progress = Progress
page-progress-of = { $finished } of { $total } games finished
page-pgn-all = All games (PGN)
page-your-turn = your move
page-player-to-move = { $player } to move
page-no-translation = There is no { $name } ({ $native }) translation of these pages yet, so they are shown in English.
page-no-events = No events to show.
page-status = Status
page-in-progress = in progress
page-finished = finished
page-players = Players
