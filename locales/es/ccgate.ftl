# Las respuestas de ccgate en español. Cada mensaje lleva las mismas
# variables ({ $name }) que el catálogo inglés. Las respuestas por SMS y radio
# caben en un mensaje: 160 caracteres (70 fuera del alfabeto GSM).
# `P{ $game }` nombra una partida; los jugadores lo copian tal cual.

## Números con su palabra.

days = { $days ->
    [one] { $days } día
   *[other] { $days } días
}
hours = { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}
# Una fecha en cifras, como se escribe en español (26/01/2027).
date = { $day }/{ $month }/{ $year }

## Jugadas.

confirm = P{ $game } { $number } { $move } aceptada. Código de posición { $code }.
your-move = P{ $game } { $number } { $move } de { $opponent }. Código de posición { $code }.
refused = P{ $game } { $text }: rechazada, { $reason }.
refused-brief = P{ $game } { $text }: rechazada.
did-you-mean = { " " }¿Quería decir { $moves }?
nothing-applied = { " " }No se ha aplicado nada.
penalty = { " " }Penalización: { $days ->
    [one] { $days } día sumado
   *[other] { $days } días sumados
} a su tiempo.
    .sms = { " " }Penalización: { days }.
one-move-per-line = una jugada por línea, si acaso tras la última jugada del rival
not-your-turn = P{ $game } { $text }: rechazada, en la partida { $game } juega { $opponent }.
wrong-number = P{ $game } { $text }: rechazada, la jugada { $number } es la que toca.
desync = P{ $game } su { $text } no coincide con la partida: no se aplicó nada, tampoco su propia jugada de este mensaje. Planilla: { $record }

## Por qué una jugada no se puede leer o jugar.

expected = { $what ->
    [move] una jugada
    [move-not-result] una jugada, no un resultado
    [file] una columna (a-h)
    [rank] una fila (1-8)
    [square] una casilla
    [piece-or-square] una letra de pieza o una casilla
    [destination] una casilla de destino
    [square-or-promotion] una casilla o una pieza de coronación
    [promotion] una pieza de coronación
    [promotion-piece] una pieza de coronación (D, T, A o C)
    [promotion-letter] una letra de coronación (q, r, b, n)
    [promotion-digit] una cifra de coronación (1=D 2=T 3=A 4=C)
    [english-piece] una pieza (K, Q, R, B, N, Kt, P) o un enroque
    [not-king] una pieza que no sea el rey
    [captured] la pieza capturada
    [dash-or-x] «-» o «x»
    [close-paren] «)»
    [suffix] un signo de jaque, e.p., ! o ?, o el final de la jugada
    [iccf-end] el final de la jugada (4 o 5 cifras)
    [origin-file-digit] la cifra de la columna de salida (1-8)
    [origin-rank-digit] la cifra de la fila de salida (1-8)
    [destination-file-digit] la cifra de la columna de llegada (1-8)
    [destination-rank-digit] la cifra de la fila de llegada (1-8)
    [desc-square] una casilla como K4 o QB3
    [desc-origin] la columna o fila de la pieza, como (1) o (QB3)
    [uedemann-code] un código Uedemann
    [uedemann-origin] dos letras para la casilla de salida
    [uedemann-destination] dos letras para la casilla de llegada
    [uedemann-suffix] una letra sufijo (q r b k coronación; c jaque, m mate, p e.p., t captura)
   *[end] el final de la jugada
}
malformed = se esperaba { $expected } en el carácter { $at }
    .sms = ilegible en el carácter { $at }
malformed-found = se esperaba { $expected } en el carácter { $at }, hay «{ $found }»
    .sms = ilegible en el carácter { $at }
ambiguous = ambigua, puede ser { $moves }
conflict = se lee distinto en dos notaciones: { $readings }
illegal-no-such-piece-on = no tiene { $piece ->
    [pawn] ningún peón
    [knight] ningún caballo
    [bishop] ningún alfil
    [rook] ninguna torre
    [queen] ninguna dama
    [king] ningún rey
   *[piece] ninguna pieza
} en { $square }
illegal-no-such-piece = no tiene { $piece ->
    [pawn] ningún peón
    [knight] ningún caballo
    [bishop] ningún alfil
    [rook] ninguna torre
    [queen] ninguna dama
    [king] ningún rey
   *[piece] ninguna pieza
} que pueda hacer esta jugada
illegal-empty-square = no hay ninguna pieza en { $square }
illegal-not-your-piece = la pieza de { $square } es de su rival
illegal-cannot-move = { $piece ->
    [pawn] el peón
    [knight] el caballo
    [bishop] el alfil
    [rook] la torre
    [queen] la dama
    [king] el rey
   *[piece] la pieza
} de { $from } no puede ir a { $to }
illegal-cannot-reach = { $piece ->
    [pawn] ningún peón suyo
    [knight] ningún caballo suyo
    [bishop] ningún alfil suyo
    [rook] ninguna torre suya
    [queen] ninguna dama suya
    [king] su rey no
   *[piece] ninguna pieza suya
} puede llegar a { $to }
illegal-own-piece = en { $square } hay una pieza suya
illegal-pinned = { $piece ->
    [pawn] el peón de { $from } está clavado
    [knight] el caballo de { $from } está clavado
    [bishop] el alfil de { $from } está clavado
    [rook] la torre de { $from } está clavada
    [queen] la dama de { $from } está clavada
    [king] el rey de { $from } está clavado
   *[piece] la pieza de { $from } está clavada
}: la jugada dejaría a su rey en jaque
illegal-in-check = su rey está en jaque y esta jugada no lo evita
illegal-into-check = su rey quedaría en jaque en { $square }
illegal-promotion-missing = un peón que llega a la última fila debe indicar la pieza de coronación
illegal-not-promotion = se indicó una pieza de coronación, pero la jugada no es una coronación
illegal-pawn-capture-needs-file = una captura de peón indica la columna del peón (exd5, no d5)
illegal-castling-rights-gone = ya no puede hacer { $side ->
    [kingside] el enroque corto
   *[queenside] el enroque largo
}: el rey o esa torre ya se movieron
illegal-castling-blocked = no puede hacer { $side ->
    [kingside] el enroque corto
   *[queenside] el enroque largo
}: hay piezas entre el rey y la torre
illegal-castling-in-check = no se puede enrocar estando en jaque
illegal-castling-through-check = no puede hacer { $side ->
    [kingside] el enroque corto
   *[queenside] el enroque largo
}: el rey pasaría por una casilla atacada o caería en ella
    .sms = no puede hacer { $side ->
        [kingside] el enroque corto
       *[queenside] el enroque largo
    }: casilla atacada
illegal-no-legal-moves = la partida ha terminado: no hay jugadas legales

## El final de la partida.

game-over = P{ $game } terminada: { $result }, { $reason }.
game-finished = P{ $game } ya terminó ({ $result }).
end = { $why ->
    [checkmate] jaque mate
    [stalemate] rey ahogado
    [insufficient-material] material insuficiente
    [fivefold-repetition] quíntuple repetición
    [seventy-five-moves] regla de las 75 jugadas
   *[draw-agreed] tablas de mutuo acuerdo
}
end-claimed = tablas reclamadas: { $claim ->
    [threefold] triple repetición
   *[fifty] regla de las 50 jugadas
}
end-resigned = { $player } abandonó
end-lost-on-time = { $player } perdió por tiempo
end-adjudicated = decisión del árbitro: { $reason }
adjudicated = P{ $game } adjudicada { $result }: { $reason }
taken-back = P{ $game } el árbitro anuló las jugadas tras la media jugada { $ply }: { $reason }
penalized = P{ $game } el árbitro cargó { $days ->
        [one] { $days } día
       *[other] { $days } días
    } al reloj de { $player }: { $reason }

## Tablas.

draw-offered = P{ $game } { $opponent } ofrece tablas. Responda P{ $game } tablas aceptadas, o siga jugando.
draw-offered-with-move = Tablas ofrecidas: responda P{ $game } tablas aceptadas, o siga jugando.
    .sms = Tablas ofrecidas.
draw-declined = P{ $game } { $opponent } rechaza su oferta de tablas.
opponent-message = P{ $game } { $opponent } escribe: { $text }
remote-refused = P{ $game } { $move }: rechazada por el servidor { $server }: { $reason }. La jugada se retira; envíe otra.
remote-reason = { $code ->
    [NotYourTurn] allí no le toca jugar
    [InvalidMoveNumber] el número de jugada no coincide allí con la partida
    [InvalidMove] la jugada no es legal allí
    [MoveIsAmbigous] la jugada es ambigua allí
    [LostOnTime] allí la partida está perdida por tiempo
    [YouAreOnLeave] allí está de permiso
    [InvalidGameID] el servidor no conoce esta partida
    [NotYourGame] allí la partida no es suya
    [AuthenticationFailed] el servidor rechazó la contraseña de la cuenta
    [ServerError] error del servidor
    [NoDrawWasOffered] no había oferta de tablas
    [FeatureUnavailable] el servidor no lo permite
   *[other] { $code }
}
remote-only = P{ $game } se juega en el servidor { $server }: ofrezca tablas, reclame o abandone allí.
no-draw-offer = P{ $game } no hay ninguna oferta de tablas.
claim-refused = P{ $game } reclamación de tablas rechazada: { $reason }.
claim-not = { $claim ->
    [threefold] la posición no se ha repetido tres veces
    [fifty] hubo una captura o una jugada de peón en las últimas 50 jugadas
   *[none] no se da ni la triple repetición ni la regla de las 50 jugadas
}

## La partida y los ajustes.

color = { $color ->
    [white] blancas
   *[black] negras
}
board = P{ $game } { $fen } Juegan { $turn }. Código de posición { $code }.
board-sheet = P{ $game } Juegan { $turn }. Código de posición { $code }.
record = P{ $game } { $record }
record-attached = El archivo PGN de la partida va adjunto: { $file }.
notation-set = ccgate: notación cambiada a { $value }.
lang-set = ccgate: idioma cambiado a { $value }.
help = ccgate: envíe PARTIDA JUGADA, p. ej. 12 15. 5254 o 12 15... Cf6. También: ¿tablas? | tablas aceptadas | tablas rechazadas | abandono | reclamo tablas | posición | partida | permiso 10 | ayuda
    .sms = ccgate: PARTIDA JUGADA, p. ej. 12 15... Cf6. También: ¿tablas? | tablas aceptadas | tablas rechazadas | abandono | posición | ayuda
unknown-sender = ccgate: esta dirección no está registrada. Consulte al director del torneo.
not-your-game = ccgate: no tiene ninguna partida { $game }.
which-game = ccgate: ¿qué partida? Las suyas: { $games }. Empiece la línea con el número de partida.
    .sms = ccgate: ¿qué partida? Las suyas: { $games }.
bad-pin = ccgate: falta el PIN o es incorrecto. No se ha aplicado nada.
foreign-letter = { $letter } no es una letra de pieza en español; { $piece ->
    [king] el rey
    [queen] la dama
    [rook] la torre
    [bishop] el alfil
   *[knight] el caballo
} se escribe { $local }
line-refused = ccgate: { $text }: rechazado, { $reason }.
unknown-language = ningún idioma tiene el código { $code }; un código tiene dos letras, como de, fr o ru
unknown-notation = las notaciones son { $names }
not-protocol = ccgate: «{ $line }» no es ni una jugada ni una orden.

## Permisos y reloj.

leave-granted = ccgate: permiso del { $from } al { $until } anotado. { $left ->
    [one] Le queda { $left } día
   *[other] Le quedan { $left } días
} este año.
leave-refused = ccgate: permiso rechazado, { $reason }.
leave-zero-days = un permiso dura al menos un día
leave-exceeds = { $requested ->
    [one] { $requested } día
   *[other] { $requested } días
} de permiso en { $year }: más de lo que le queda ({ $remaining })
leave-none-left = no le queda permiso en { $year }: ha usado los { $allowance } días
leave-overlaps = coincide con el permiso del { $from } al { $until }
leave-overlaps-open = coincide con el permiso abierto desde el { $from }
leave-out-of-range = fechas de permiso fuera de rango
reminder = P{ $game } recordatorio: le toca jugar, { $days ->
    [one] queda { $days } día
   *[other] quedan { $days } días
}.

## Jugadas condicionales.

conditional-pair = si { $pair }
conditional-stored = P{ $game } jugadas condicionales guardadas: { $moves }
conditional-dropped = P{ $game } sus jugadas condicionales se anularon: { $opponent } jugó { $move }.
conditional-refused = P{ $game } jugadas condicionales rechazadas: { $reason }.
conditional-your-move = le toca jugar; envíe las condicionales después de su jugada
conditional-wrong-number = { $text }: ahí la jugada { $number } es la que toca
conditional-unreadable = { $text }: { $reason }

## Mensajes que la pasarela no aceptó.

too-large = ccgate: su mensaje es demasiado grande (límite { $limit } KB) y no se leyó. Envíe la jugada como texto sencillo.
several-authors = ccgate: su mensaje indica más de un autor en el campo From y no se leyó. Una jugada procede de un solo autor: envíela de nuevo solo desde su propia dirección.
held = ccgate: un mensaje a su nombre no pudo verificarse y queda retenido, sin aplicar. Si lo envió usted, responda en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
} con: confirm { $code }
hold-expired = ccgate: ese código de confirmación es desconocido, ya usado o caducado. No se ha aplicado nada.
disputed = ccgate: su reclamación queda registrada para el árbitro, que decidirá y se lo comunicará.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = reclamación
unauthenticated = ccgate: un mensaje a su nombre no pudo verificarse y no se aplicó. Pida un PIN al director del torneo.
too-many-lines = ccgate: solo se leyeron las primeras { $limit } líneas de su mensaje; otras { $skipped } no. Envíelas en otro mensaje.

## Torneos.

event-start = ccgate: empieza { $event }, ritmo { $time }. Sus partidas:
event-game-white = P{ $game } con blancas contra { $opponent }
event-game-black = P{ $game } con negras contra { $opponent }
event-starts-on = ccgate: { $event } empieza el { $date }, ritmo { $time }; los relojes arrancan ese día. Sus partidas:
    .sms = ccgate: { $event } desde el { $date }, { $time }. Sus partidas:
ruling = ccgate: decisión del árbitro sobre la incidencia { $incident }: { $ruling }
withdrawn = ccgate: { $player } se retiró del torneo { $event }; partidas puntuadas: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: el archivo PGN adjunto no se ha usado: { $reason ->
    [unreadable] no se pudo leer ninguna partida en él
    [no-game] sus jugadas no son las de ninguna de sus partidas en juego
    [no-new-move] no tiene ninguna jugada más allá de la partida tal como está
    [too-many] tiene { $moves } jugadas más allá de la partida tal como está; adjunte la partida solo con su próxima jugada
   *[not-your-move] la jugada que añade es de su adversario; no le toca jugar
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = Le toca jugar.
your-turn-by = Le toca jugar, hasta el { $date }.
their-turn = Juega { $opponent }.
clocks = Reloj: usted lleva { $used } y dispone de { $left }; { $opponent } lleva { $their-used } y dispone de { $their-left }.
conditional-answer = Su jugada condicional { $number } { $move } se jugó como respuesta. Código de posición { $code }.
draw-offer-sent = P{ $game } su oferta de tablas se envió a { $opponent }.
resignation-sent = P{ $game } su abandono se envió a { $opponent }.
claim-upheld = P{ $game } su reclamación de tablas es válida; se avisó a { $opponent }.
no-game = ccgate: no tiene ninguna partida en curso.
# The two players of a game, in a mail subject.
subject-players = { $white } contra { $black }
subject-held = ccgate: un mensaje a su nombre está retenido
subject-ruling = ccgate: decisión sobre la incidencia { $incident }
subject-event-start = ccgate: comienza el torneo { $event }
subject-answers = ccgate: las respuestas a su mensaje
subject-withdrawn = ccgate: { $player } se retira del torneo { $event }
which-game-item = P{ $game } contra { $opponent }, { $whose ->
    [yours] le toca jugar
   *[theirs] juega { $opponent }
}
    .sms = P{ $game }
legend = Mayúsculas blancas, minúsculas negras. { $pieces }
legend-pieces = { $king } rey, { $queen } dama, { $rook } torre, { $bishop } alfil, { $knight } caballo, { $pawn } peón
quote = > { $line }
prose-read = Líneas leídas como texto: { $count }.
help-mail =
    ccgate: jugar por correo

    Una línea por jugada u orden, empezando por el número de partida (sin número si solo una de sus partidas espera su jugada):
    12 15... { $move } — su jugada en la partida 12
    12 15. { $echo } 15... { $move } — la última jugada del rival y luego la suya (un control contra errores)
    12 if 16. { $trigger } 16... { $answer } — jugadas condicionales: si el rival juega la primera, la segunda se juega enseguida
    12 ¿tablas? — ofrecer tablas
    12 tablas aceptadas — aceptar la oferta de tablas
    12 tablas rechazadas — rechazarla
    12 reclamo tablas — reclamar tablas por triple repetición o por la regla de las 50 jugadas
    12 abandono — abandonar la partida
    12 posición — la posición
    12 partida — la notación de la partida
    notation iccf — cómo se le escriben las jugadas
    lang es — el idioma de estas respuestas
    permiso 10 — diez días de permiso desde hoy
    ayuda — este texto

    Cómo escribir una jugada en su notación ({ $notation }): { $move } lleva el caballo de g8 a f6; las cifras ICCF se entienden siempre: { $iccf }.

    El código de posición: cada aviso de jugada da un código de cuatro caracteres de la posición tras la jugada (tras 1. e4 es PCG2). Sale de la clave Polyglot de la posición, que muchos programas de ajedrez muestran: sus cinco últimas cifras hexadecimales, escritas con cuatro caracteres; la guía de jugadores de ccgate explica cómo. Si su tablero da otro código, tablero y partida difieren: escriba antes de jugar.

    Las demás líneas de su mensaje se leen como texto y no se contestan.


## Signing in and playing on the web.

web-code = ccgate: su código para entrar en la web es { $code }. Vale { $minutes } min y una sola vez.
subject-web-code = ccgate: su código de acceso
signin-title = Entrar
signin-address = Su dirección de correo, número de teléfono o indicativo, tal como lo conoce ccgate
signin-send = Enviarme un código
signin-code-sent = Si ccgate conoce esta dirección, un código de acceso va de camino a ella. Vale { $minutes } min.
signin-code = Código
signin-sign-in = Entrar
signin-refused = Este código no le da acceso: es erróneo, ha caducado o ya se usó, o demasiados códigos erróneos han bloqueado el acceso para esta dirección durante un cuarto de hora.
signin-new-code = Pedir un código nuevo
signin-with-password = O con su contraseña, si ha fijado una
signin-password = Contraseña
signin-password-refused = Así no entra: la dirección o la contraseña son incorrectas, no hay contraseña fijada para ella, o demasiados intentos fallidos han bloqueado la entrada con esta dirección durante un tiempo.
account-title = Su contraseña
account-explain = Con una contraseña propia entra aquí sin código, y su programa de ajedrez por correspondencia entra con ella por Xfcc. Tiene al menos 8 caracteres.
account-has = Tiene una contraseña.
account-none = No tiene contraseña: entra con un código.
account-new = Contraseña nueva
account-set = Fijar la contraseña
account-remove = Quitar la contraseña
account-set-done = Su contraseña está fijada.
account-removed = Su contraseña se ha quitado: entra con un código.
account-weak = Una contraseña tiene al menos 8 caracteres: no se ha cambiado nada.
play-title = Jugar
play-sign-in = Entre para jugar aquí sus partidas.
play-line = Su jugada u orden, tal como la escribiría en un correo a ccgate
play-offer-draw = Ofrecer tablas con esta jugada
play-send = Enviar
play-accept = Aceptar las tablas
play-decline = Rechazar las tablas
play-resign = Abandonar
play-sign-out = Salir
play-not-yours = Esta no es una de sus partidas: no se hizo nada.
play-form-refused = Este formulario no se pudo leer (es demasiado grande o está dañado): no se hizo nada.

## The director's web console.

desk-console = Consola del director
desk-title-login = Acceso del director
desk-name = Nombre
desk-password = Contraseña
desk-sign-in = Entrar
desk-sign-out = Salir
desk-signed-in-as = Conectado como { $name }
desk-login-refused = Nombre o contraseña incorrectos.
desk-login-limited = Demasiados accesos fallidos: inténtelo de nuevo dentro de un cuarto de hora.
desk-csrf-refused = Este formulario ha caducado o no procede de este sitio: recargue la página e inténtelo de nuevo.
desk-not-found = No encontrado.
desk-refused = Rechazado
desk-back = Volver
desk-incidents = Incidencias
desk-players = Jugadores
desk-players-edit = Cambiar
desk-outbox = Bandeja de salida
desk-audit = Registro de auditoría
desk-health = Estado
desk-no-incidents = No hay incidencias abiertas.
desk-incident = Incidencia { $id }
desk-recorded = Registrado
desk-game = Partida
desk-player = Jugador
desk-detail = Detalle
desk-line = Línea
desk-position = Posición
desk-evidence = El mensaje tal como llegó
desk-ruling = Resolución
desk-tell = Comunicar a
desk-tell-players = ambos jugadores
desk-tell-player = el jugador
desk-tell-nobody = nadie
desk-rule = Registrar la resolución
desk-adjudicate = Adjudicar
desk-result = Resultado
desk-reason = Motivo
desk-overrule = cambiar el resultado de una partida terminada
desk-dismiss = Desestimar
desk-takeback = Anular jugadas
desk-to-ply = Conservar las jugadas hasta la media jugada
desk-penalty = Penalización
desk-days = Días
desk-withdraw = Retirar del torneo
desk-notation = Notación
desk-language = Idioma
desk-time-zone = Zona horaria
desk-reset-pin = restablecer el PIN
desk-save = Guardar
desk-remove = Eliminar
desk-removed = eliminado
desk-addresses = Direcciones
desk-no-stuck = Nada atascado: cada respuesta se envió o espera su primer intento.
desk-to = Para
desk-state = Estado
desk-attempts = Intentos
desk-last-error = Último error
desk-failed = abandonada
desk-waiting = próximo intento
desk-retry = Enviar de nuevo
desk-when = Cuándo
desk-by = Por
desk-action = Acción
desk-command-line = línea de órdenes
desk-channel = Canal
desk-in = Mensajes recibidos
desk-out = Respuestas enviadas
desk-send-failures = Envíos fallidos
desk-queued = En cola
desk-link = Conexión
desk-link-state = Estado
desk-link-since = Desde
desk-link-error = Último error
desk-link-name = { $link ->
    [imap] Buzón IMAP
    [modem] Módem SMS
    [radio] Enlace de radio
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] conectando
    [up] activa
    [retrying] se reintentará
    [given-up] abandonada
   *[other] { $state }
}
desk-filter = Filtrar
desk-any = todas
desk-kind = Tipo
desk-event = Torneo
desk-since = Desde
desk-until = Hasta
desk-choose = Elegir
desk-summary = Resumen
desk-dismiss-chosen = Desestimar las elegidas
desk-rulings = Decisiones
desk-state-is = { $state ->
    [waiting] pendiente
    [recorded] registrada
    [ruled] resuelta
   *[other] { $state }
}
desk-done-ruled = Incidencia { $n } resuelta.
desk-done-dismissed = { $n ->
    [1] Una incidencia desestimada.
   *[other] { $n } incidencias desestimadas.
}
desk-done-adjudicate = Partida { $n } adjudicada.
desk-done-takeback = Jugadas de la partida { $n } anuladas.
desk-done-penalty = Penalización aplicada en la partida { $n }.
desk-done-withdraw = Jugador retirado del torneo.

## The director's games: the list, one game's page, the reminder.
desk-games = Partidas
desk-white = Blancas
desk-black = Negras
desk-plies = Medias jugadas
desk-to-move = Al turno
desk-deadline = Plazo
desk-game-state = { $state ->
    [active] en curso
    [finished] terminada
    [overdue] plazo vencido
    [near] plazo en 3 días
   *[other] { $state }
}
desk-no-games = No hay partidas.
desk-remind = Enviar un recordatorio
desk-remind-game = Enviar un recordatorio para la partida { $id }
desk-done-reminded = Recordatorio enviado para la partida { $n }.
desk-journal = Mensajes
desk-no-messages = No hay mensajes.
desk-outcome = Resultado
desk-held = Correo retenido
desk-no-holds = No hay correo retenido.
desk-held-open = abierto
desk-no-audit = Nada en el registro de auditoría.
desk-health-state = Estado
desk-health-is = { $state ->
    [ok] en marcha
    [failing] con fallos
   *[other] { $state }
}
desk-up-since = En marcha desde
desk-errors = Errores
desk-clock = Reloj
desk-clock-held = pérdidas por tiempo suspendidas hasta confirmar la hora (ccgate clock --confirm-time)
desk-version = Versión

## The web pages.

page-events = Torneos
page-notation = Notación
page-language = Idioma
page-show = Mostrar
page-game = Partida
page-first = Primera
page-previous = Anterior
page-next = Siguiente
page-last = Última
page-to-move = juegan
page-result = Resultado
page-draw-offered = ofrecen tablas
page-clocks = Relojes
page-days-used = días usados
page-days-left = días restantes
page-unlimited = sin límite
page-deadline = plazo
page-moves = Jugadas
page-no-moves = Todavía no hay jugadas.
page-round = ronda
page-board = tablero
page-start = Posición inicial
page-rank = Puesto
page-player = Jugador
page-score = Puntos
page-wins = Victorias
page-sb = SB
page-withdrawn = retirado
page-tie-breaks = Desempates
page-crosstable = Tabla cruzada: cada resultado lleva a su partida
page-games = Partidas
page-opponent = Rival
page-colour = Color
page-event = Torneo
page-state = Estado
page-deadline-col = Plazo
page-no-games = No hay partidas que mostrar.
page-not-found = No encontrado
page-board-white = Tablero { $fen }, visto desde el lado de las blancas
page-board-black = Tablero { $fen }, visto desde el lado de las negras
page-after = Tras { $move }
page-move-to-move = jugada { $number }, juegan { $color }
page-flip = Girar el tablero
page-pgn = Descargar la partida (PGN)
page-steps = Recorrer las jugadas
page-move-dates = Fechas y días por jugada
page-move = Jugada
page-date = Fecha
page-days = Días
page-deadline-why = Plazo de { $player }: { $why ->
    [duplication] los días por encima de { $days } en una jugada cuentan doble (duplicación ICCF), lo que lo adelanta.
    [leave] los días de permiso no cuentan, lo que lo retrasa.
   *[both] los días por encima de { $days } en una jugada cuentan doble (duplicación ICCF) y los días de permiso no cuentan.
}
page-conditions = Condiciones
page-time-control = Ritmo
page-tc = { $kind ->
    [moves] { $moves } jugadas en { $days ->
        [one] { $days } día
       *[other] { $days } días
    }
    [per-move] { $days ->
        [one] { $days } día
       *[other] { $days } días
    } por jugada
    [fischer] { $days ->
        [one] { $days } día
       *[other] { $days } días
    } al inicio, más { $increment ->
        [one] { $increment } día
       *[other] { $increment } días
    } por cada jugada hecha
   *[none] sin límite de tiempo
}
page-format = Sistema
page-round-robin = { $double ->
    [yes] liga a doble vuelta
   *[no] liga a una vuelta
}
page-duplication = Duplicación
page-duplication-rule = los días por encima de { $days } en una jugada cuentan doble
page-no-duplication = ninguna
page-penalty = Jugada ilegal
page-penalty-rule = { $days ->
        [one] { $days } día
       *[other] { $days } días
    } sumados al tiempo de quien la envía
page-leave = Permiso
page-leave-rule = { $days ->
        [one] { $days } día
       *[other] { $days } días
    } por jugador y año natural
page-tie-break-order = { $rules ->
    [iccf] puntos, luego victorias, luego Sonneborn-Berger, luego las partidas entre los empatados
   *[plain] puntos, luego Sonneborn-Berger, luego victorias
}
page-start-date = Inicio
page-progress = Avance
page-progress-of = { $finished } de { $total } partidas terminadas
page-pgn-all = Todas las partidas (PGN)
page-your-turn = te toca jugar
page-player-to-move = juega { $player }
page-no-translation = Estas páginas aún no están traducidas al { $name } ({ $native }), así que se muestran en inglés.
page-no-events = No hay torneos que mostrar.
page-status = Estado
page-in-progress = en juego
page-finished = terminado
page-players = Jugadores
