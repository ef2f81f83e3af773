# As respostas do ccgate em português. Cada mensagem tem as mesmas variáveis
# ({ $name }) do catálogo inglês. As respostas por SMS e rádio cabem numa
# mensagem: 160 caracteres (70 fora do alfabeto GSM).
# `P{ $game }` indica uma partida; os jogadores copiam-no assim.

## Números com a sua palavra.

days = { $days ->
    [one] { $days } dia
   *[other] { $days } dias
}
hours = { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}
# Uma data em algarismos, como se escreve em português (26/01/2027).
date = { $day }/{ $month }/{ $year }

## Lances.

confirm = P{ $game } { $number } { $move } aceite. Código da posição { $code }.
your-move = P{ $game } { $number } { $move } de { $opponent }. Código da posição { $code }.
refused = P{ $game } { $text }: recusado, { $reason }.
refused-brief = P{ $game } { $text }: recusado.
did-you-mean = { " " }Queria dizer { $moves }?
nothing-applied = { " " }Nada foi executado.
penalty = { " " }Penalização: { $days ->
    [one] { $days } dia somado
   *[other] { $days } dias somados
} ao seu tempo.
    .sms = { " " }Penalização: { days }.
one-move-per-line = um lance por linha, se quiser depois do último lance do adversário
not-your-turn = P{ $game } { $text }: recusado, na partida { $game } joga { $opponent }.
wrong-number = P{ $game } { $text }: recusado, o lance { $number } é o próximo.
desync = P{ $game } o seu { $text } não corresponde à partida: nada foi aplicado, nem o seu próprio lance desta mensagem. Registo: { $record }

## Porque um lance não pode ser lido nem jogado.

expected = { $what ->
    [move] um lance
    [move-not-result] um lance, não um resultado
    [file] uma coluna (a-h)
    [rank] uma fila (1-8)
    [square] uma casa
    [piece-or-square] a letra de uma peça ou uma casa
    [destination] uma casa de destino
    [square-or-promotion] uma casa ou uma peça de promoção
    [promotion] uma peça de promoção
    [promotion-piece] uma peça de promoção (D, T, B ou C)
    [promotion-letter] uma letra de promoção (q, r, b, n)
    [promotion-digit] um algarismo de promoção (1=D 2=T 3=B 4=C)
    [english-piece] uma peça (K, Q, R, B, N, Kt, P) ou um roque
    [not-king] uma peça que não seja o rei
    [captured] a peça capturada
    [dash-or-x] «-» ou «x»
    [close-paren] «)»
    [suffix] um sinal de xeque, e.p., ! ou ?, ou o fim do lance
    [iccf-end] o fim do lance (4 ou 5 algarismos)
    [origin-file-digit] o algarismo da coluna de partida (1-8)
    [origin-rank-digit] o algarismo da fila de partida (1-8)
    [destination-file-digit] o algarismo da coluna de chegada (1-8)
    [destination-rank-digit] o algarismo da fila de chegada (1-8)
    [desc-square] uma casa como K4 ou QB3
    [desc-origin] a coluna ou fila da peça, como (1) ou (QB3)
    [uedemann-code] um código Uedemann
    [uedemann-origin] duas letras para a casa de partida
    [uedemann-destination] duas letras para a casa de chegada
    [uedemann-suffix] uma letra sufixo (q r b k promoção; c xeque, m mate, p e.p., t captura)
   *[end] o fim do lance
}
malformed = esperava-se { $expected } no carácter { $at }
    .sms = ilegível no carácter { $at }
malformed-found = esperava-se { $expected } no carácter { $at }, está «{ $found }»
    .sms = ilegível no carácter { $at }
ambiguous = ambíguo, pode ser { $moves }
conflict = lê-se de forma diferente em duas notações: { $readings }
illegal-no-such-piece-on = não tem { $piece ->
    [pawn] nenhum peão
    [knight] nenhum cavalo
    [bishop] nenhum bispo
    [rook] nenhuma torre
    [queen] nenhuma dama
    [king] nenhum rei
   *[piece] nenhuma peça
} em { $square }
illegal-no-such-piece = não tem { $piece ->
    [pawn] nenhum peão
    [knight] nenhum cavalo
    [bishop] nenhum bispo
    [rook] nenhuma torre
    [queen] nenhuma dama
    [king] nenhum rei
   *[piece] nenhuma peça
} que possa fazer este lance
illegal-empty-square = não há nenhuma peça em { $square }
illegal-not-your-piece = a peça em { $square } é do adversário
illegal-cannot-move = { $piece ->
    [pawn] o peão
    [knight] o cavalo
    [bishop] o bispo
    [rook] a torre
    [queen] a dama
    [king] o rei
   *[piece] a peça
} em { $from } não pode ir para { $to }
illegal-cannot-reach = { $piece ->
    [pawn] nenhum peão seu
    [knight] nenhum cavalo seu
    [bishop] nenhum bispo seu
    [rook] nenhuma torre sua
    [queen] nenhuma dama sua
    [king] o seu rei não
   *[piece] nenhuma peça sua
} pode chegar a { $to }
illegal-own-piece = em { $square } está uma peça sua
illegal-pinned = { $piece ->
    [pawn] o peão em { $from } está cravado
    [knight] o cavalo em { $from } está cravado
    [bishop] o bispo em { $from } está cravado
    [rook] a torre em { $from } está cravada
    [queen] a dama em { $from } está cravada
    [king] o rei em { $from } está cravado
   *[piece] a peça em { $from } está cravada
}: o lance deixaria o seu rei exposto
illegal-in-check = o seu rei está em xeque e este lance não o defende
illegal-into-check = o seu rei ficaria em xeque em { $square }
illegal-promotion-missing = um peão que chega à última fila tem de indicar a peça de promoção
illegal-not-promotion = foi indicada uma peça de promoção, mas o lance não é uma promoção
illegal-pawn-capture-needs-file = uma captura de peão indica a coluna do peão (exd5, não d5)
illegal-castling-rights-gone = já não pode fazer { $side ->
    [kingside] o roque pequeno
   *[queenside] o roque grande
}: o rei ou essa torre já se moveram
illegal-castling-blocked = não pode fazer { $side ->
    [kingside] o roque pequeno
   *[queenside] o roque grande
}: há peças entre o rei e a torre
illegal-castling-in-check = não se pode rocar em xeque
illegal-castling-through-check = não pode fazer { $side ->
    [kingside] o roque pequeno
   *[queenside] o roque grande
}: o rei passaria por uma casa atacada ou ficaria nela
    .sms = não pode fazer { $side ->
        [kingside] o roque pequeno
       *[queenside] o roque grande
    }: casa atacada
illegal-no-legal-moves = a partida terminou: não há lances legais

## O fim da partida.

game-over = P{ $game } terminada: { $result }, { $reason }.
game-finished = P{ $game } já terminou ({ $result }).
end = { $why ->
    [checkmate] xeque-mate
    [stalemate] rei afogado
    [insufficient-material] material insuficiente
    [fivefold-repetition] repetição quíntupla
    [seventy-five-moves] regra dos 75 lances
   *[draw-agreed] empate por acordo
}
end-claimed = empate reclamado: { $claim ->
    [threefold] repetição tripla
   *[fifty] regra dos 50 lances
}
end-resigned = { $player } abandonou
end-lost-on-time = { $player } perdeu por tempo
end-adjudicated = decisão do árbitro: { $reason }
adjudicated = P{ $game } adjudicada { $result }: { $reason }
taken-back = P{ $game } o árbitro anulou os lances após o meio-lance { $ply }: { $reason }
penalized = P{ $game } o árbitro descontou { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    } do relógio de { $player }: { $reason }

## Empate.

draw-offered = P{ $game } { $opponent } propõe empate. Responda P{ $game } empate aceite, ou continue a jogar.
draw-offered-with-move = Empate proposto: responda P{ $game } empate aceite, ou continue a jogar.
    .sms = Empate proposto.
draw-declined = P{ $game } { $opponent } recusa a sua proposta de empate.
opponent-message = P{ $game } { $opponent } escreve: { $text }
remote-refused = P{ $game } { $move }: recusado pelo servidor { $server }: { $reason }. O lance foi retirado; envie outro.
remote-reason = { $code ->
    [NotYourTurn] lá não é a sua vez
    [InvalidMoveNumber] lá o número do lance não corresponde à partida
    [InvalidMove] lá o lance não é legal
    [MoveIsAmbigous] lá o lance é ambíguo
    [LostOnTime] lá a partida está perdida por tempo
    [YouAreOnLeave] lá está de licença
    [InvalidGameID] o servidor não conhece esta partida
    [NotYourGame] lá a partida não é sua
    [AuthenticationFailed] o servidor recusou a palavra-passe da conta
    [ServerError] erro do servidor
    [NoDrawWasOffered] não havia proposta de empate
    [FeatureUnavailable] o servidor não o permite
   *[other] { $code }
}
remote-only = P{ $game } joga-se no servidor { $server }: proponha empate, reclame ou abandone lá.
no-draw-offer = P{ $game } não há proposta de empate.
claim-refused = P{ $game } reclamação de empate recusada: { $reason }.
claim-not = { $claim ->
    [threefold] a posição não se repetiu três vezes
    [fifty] houve uma captura ou um lance de peão nos últimos 50 lances
   *[none] não se aplica nem a repetição tripla nem a regra dos 50 lances
}

## A partida e as definições.

color = { $color ->
    [white] as brancas
   *[black] as pretas
}
board = P{ $game } { $fen } Jogam { $turn }. Código da posição { $code }.
board-sheet = P{ $game } Jogam { $turn }. Código da posição { $code }.
record = P{ $game } { $record }
record-attached = O ficheiro PGN da partida segue em anexo: { $file }.
notation-set = ccgate: notação definida como { $value }.
lang-set = ccgate: língua definida como { $value }.
help = ccgate: envie PARTIDA LANCE, p. ex. 12 15. 5254 ou 12 15... Cf6. Também: empate? | empate aceite | empate recusado | abandono | reclamo empate | posição | partida | licença 10 | ajuda
    .sms = ccgate: PARTIDA LANCE, p. ex. 12 15... Cf6. Também: empate? | empate aceite | empate recusado | abandono | posição | ajuda
unknown-sender = ccgate: este endereço não está registado. Fale com o diretor do torneio.
not-your-game = ccgate: não tem nenhuma partida { $game }.
which-game = ccgate: que partida? As suas: { $games }. Comece a linha com o número da partida.
    .sms = ccgate: que partida? As suas: { $games }.
bad-pin = ccgate: PIN em falta ou errado. Nada foi executado.
foreign-letter = { $letter } não é uma letra de peça em português; { $piece ->
    [king] o rei
    [queen] a dama
    [rook] a torre
    [bishop] o bispo
   *[knight] o cavalo
} escreve-se { $local }
line-refused = ccgate: { $text }: recusado, { $reason }.
unknown-language = nenhuma língua tem o código { $code }; um código tem duas letras, como de, fr ou ru
unknown-notation = as notações são { $names }
not-protocol = ccgate: «{ $line }» não é um lance nem um comando.

## Licença e relógio.

leave-granted = ccgate: licença de { $from } a { $until } registada. { $left ->
    [one] Resta { $left } dia
   *[other] Restam { $left } dias
} este ano.
leave-refused = ccgate: licença recusada, { $reason }.
leave-zero-days = uma licença dura pelo menos um dia
leave-exceeds = { $requested ->
    [one] { $requested } dia
   *[other] { $requested } dias
} de licença em { $year }: mais do que lhe resta ({ $remaining })
leave-none-left = não resta licença em { $year }: os { $allowance } dias foram usados
leave-overlaps = sobrepõe-se à licença de { $from } a { $until }
leave-overlaps-open = sobrepõe-se à licença em aberto desde { $from }
leave-out-of-range = datas de licença fora do intervalo
reminder = P{ $game } lembrete: é a sua vez, { $days ->
    [one] resta { $days } dia
   *[other] restam { $days } dias
}.

## Lances condicionais.

conditional-pair = se { $pair }
conditional-stored = P{ $game } lances condicionais guardados: { $moves }
conditional-dropped = P{ $game } os seus lances condicionais foram anulados: { $opponent } jogou { $move }.
conditional-refused = P{ $game } lances condicionais recusados: { $reason }.
conditional-your-move = é a sua vez; envie os condicionais depois do seu lance
conditional-wrong-number = { $text }: aí o lance { $number } é o esperado
conditional-unreadable = { $text }: { $reason }

## Mensagens que o gateway não aceitou.

too-large = ccgate: a sua mensagem é grande demais (limite { $limit } KB) e não foi lida. Envie o lance em texto simples.
several-authors = ccgate: a sua mensagem indica mais de um autor no campo From e não foi lida. Um lance vem de um só autor: envie-o de novo apenas do seu próprio endereço.
held = ccgate: uma mensagem em seu nome não pôde ser verificada e está retida, não executada. Se foi enviada por si, responda em { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
} com: confirm { $code }
hold-expired = ccgate: esse código de confirmação é desconhecido, já usado ou expirado. Nada foi executado.
disputed = ccgate: a sua reclamação foi registada para o árbitro, que decidirá e lhe dirá.
# The word that starts a line disputing a refusal (any catalogue's word is read).
dispute-word = reclamação
unauthenticated = ccgate: uma mensagem em seu nome não pôde ser verificada e não foi executada. Peça um PIN ao diretor do torneio.
too-many-lines = ccgate: só as primeiras { $limit } linhas da sua mensagem foram lidas; outras { $skipped } não. Envie-as noutra mensagem.

## Torneios.

event-start = ccgate: começa o torneio { $event }, ritmo { $time }. As suas partidas:
event-game-white = P{ $game } com as brancas contra { $opponent }
event-game-black = P{ $game } com as pretas contra { $opponent }
event-starts-on = ccgate: { $event } começa a { $date }, ritmo { $time }; os relógios arrancam nesse dia. As suas partidas:
    .sms = ccgate: { $event } a partir de { $date }, { $time }. As suas partidas:
ruling = ccgate: decisão do árbitro sobre o incidente { $incident }: { $ruling }
withdrawn = ccgate: { $player } retirou-se do torneio { $event }; partidas pontuadas: { $games }
withdrawn-game = P{ $game } { $result }

pgn-unused = ccgate: o ficheiro PGN anexado não foi usado: { $reason ->
    [unreadable] não foi possível ler nele nenhuma partida
    [no-game] os seus lances não são os de nenhuma das suas partidas em curso
    [no-new-move] não tem nenhum lance além da partida tal como está
    [too-many] tem { $moves } lances além da partida tal como está; anexe a partida apenas com o seu próximo lance
   *[not-your-move] o lance que acrescenta é do seu adversário; não é a sua vez
}.

## Where the game stands, and the email's help and board (the notices of
## the rule of one reply per event).

your-turn = É a sua vez.
your-turn-by = É a sua vez, até { $date }.
their-turn = Joga { $opponent }.
clocks = Relógio: você usou { $used } e ainda tem { $left }; { $opponent } usou { $their-used } e ainda tem { $their-left }.
conditional-answer = O seu lance condicional { $number } { $move } foi jogado em resposta. Código da posição { $code }.
draw-offer-sent = P{ $game } a sua proposta de empate foi enviada a { $opponent }.
resignation-sent = P{ $game } o seu abandono foi enviado a { $opponent }.
claim-upheld = P{ $game } a sua reclamação de empate foi aceite; avisámos { $opponent }.
no-game = ccgate: não tem nenhuma partida em curso.
# The two players of a game, in a mail subject.
subject-players = { $white } contra { $black }
subject-held = ccgate: uma mensagem em seu nome está retida
subject-ruling = ccgate: decisão sobre o incidente { $incident }
subject-event-start = ccgate: começa o torneio { $event }
subject-answers = ccgate: as respostas à sua mensagem
subject-withdrawn = ccgate: { $player } retira-se do torneio { $event }
which-game-item = P{ $game } contra { $opponent }, { $whose ->
    [yours] é a sua vez
   *[theirs] joga { $opponent }
}
    .sms = P{ $game }
legend = Maiúsculas as brancas, minúsculas as pretas. { $pieces }
legend-pieces = { $king } rei, { $queen } dama, { $rook } torre, { $bishop } bispo, { $knight } cavalo, { $pawn } peão
quote = > { $line }
prose-read = Linhas lidas como texto: { $count }.
help-mail =
    ccgate: jogar por correio eletrónico

    Uma linha por lance ou comando, começando pelo número da partida (sem número se só uma das suas partidas estiver à espera do seu lance):
    12 15... { $move } — o seu lance na partida 12
    12 15. { $echo } 15... { $move } — o último lance do adversário e depois o seu (um controlo contra enganos)
    12 if 16. { $trigger } 16... { $answer } — lances condicionais: se o adversário jogar o primeiro, o segundo é jogado logo
    12 empate? — propor empate
    12 empate aceite — aceitar a proposta de empate
    12 empate recusado — recusá-la
    12 reclamo empate — reclamar o empate por tripla repetição ou pela regra dos 50 lances
    12 abandono — abandonar a partida
    12 posição — a posição
    12 partida — a notação da partida
    notation iccf — como os lances lhe são escritos
    lang pt — a língua destas respostas
    licença 10 — dez dias de licença a partir de hoje
    ajuda — este texto

    Como escrever um lance na sua notação ({ $notation }): { $move } leva o cavalo de g8 a f6; os algarismos ICCF são sempre entendidos: { $iccf }.

    O código da posição: cada aviso de lance dá um código de quatro caracteres da posição após o lance (após 1. e4 é PCG2). Vem da chave Polyglot da posição, que muitos programas de xadrez mostram: os seus cinco últimos algarismos hexadecimais, escritos com quatro caracteres; o guia dos jogadores do ccgate explica como. Se o seu tabuleiro der outro código, tabuleiro e partida diferem: escreva antes de jogar.

    As outras linhas da sua mensagem são lidas como texto e não têm resposta.

## Signing in and playing on the web.

web-code = ccgate: o seu código para entrar na web é { $code }. É válido { $minutes } min e uma só vez.
subject-web-code = ccgate: o seu código de entrada
signin-title = Entrar
signin-address = O seu endereço de correio eletrónico, número de telefone ou indicativo, tal como o ccgate o conhece
signin-send = Enviar um código
signin-code-sent = Se o ccgate conhece este endereço, um código de entrada vai a caminho dele. É válido { $minutes } min.
signin-code = Código
signin-sign-in = Entrar
signin-refused = Este código não lhe dá entrada: está errado, expirou ou já foi usado, ou demasiados códigos errados bloquearam a entrada para este endereço durante um quarto de hora.
signin-new-code = Pedir um código novo
signin-with-password = Ou com a sua palavra-passe, se definiu uma
signin-password = Palavra-passe
signin-password-refused = Assim não entra: o endereço ou a palavra-passe estão errados, não há palavra-passe definida para ele, ou demasiadas tentativas erradas bloquearam a entrada com este endereço por algum tempo.
account-title = A sua palavra-passe
account-explain = Com uma palavra-passe sua entra aqui sem código, e o seu programa de xadrez por correspondência entra com ela por Xfcc. Tem pelo menos 8 caracteres.
account-has = Tem uma palavra-passe.
account-none = Não tem palavra-passe: entra com um código.
account-new = Nova palavra-passe
account-set = Definir a palavra-passe
account-remove = Remover a palavra-passe
account-set-done = A sua palavra-passe está definida.
account-removed = A sua palavra-passe foi removida: entra com um código.
account-weak = Uma palavra-passe tem pelo menos 8 caracteres: nada foi alterado.
play-title = Jogar
play-sign-in = Entre para jogar aqui as suas partidas.
play-line = O seu lance ou comando, tal como o escreveria numa mensagem ao ccgate
play-offer-draw = Propor empate com este lance
play-send = Enviar
play-accept = Aceitar o empate
play-decline = Recusar o empate
play-resign = Abandonar
play-sign-out = Sair
play-not-yours = Esta não é uma das suas partidas: nada foi feito.
play-form-refused = Este formulário não pôde ser lido (é demasiado grande ou está danificado): nada foi feito.

## The director's web console.

desk-console = Consola do diretor
desk-title-login = Entrada do diretor
desk-name = Nome
desk-password = Palavra-passe
desk-sign-in = Entrar
desk-sign-out = Sair
desk-signed-in-as = Ligado como { $name }
desk-login-refused = Nome ou palavra-passe errados.
desk-login-limited = Demasiadas entradas falhadas: tente de novo dentro de um quarto de hora.
desk-csrf-refused = Este formulário expirou ou não veio deste sítio: recarregue a página e tente de novo.
desk-not-found = Não encontrado.
desk-refused = Recusado
desk-back = Voltar
desk-incidents = Incidentes
desk-players = Jogadores
desk-players-edit = Alterar
desk-outbox = Caixa de saída
desk-audit = Registo de auditoria
desk-health = Estado
desk-no-incidents = Nenhum incidente em aberto.
desk-incident = Incidente { $id }
desk-recorded = Registado
desk-game = Partida
desk-player = Jogador
desk-detail = Pormenor
desk-line = Linha
desk-position = Posição
desk-evidence = A mensagem tal como chegou
desk-ruling = Decisão
desk-tell = Informar
desk-tell-players = ambos os jogadores
desk-tell-player = o jogador
desk-tell-nobody = ninguém
desk-rule = Registar a decisão
desk-adjudicate = Adjudicar
desk-result = Resultado
desk-reason = Motivo
desk-overrule = alterar o resultado de uma partida terminada
desk-dismiss = Arquivar
desk-takeback = Anular lances
desk-to-ply = Manter os lances até ao meio-lance
desk-penalty = Penalização
desk-days = Dias
desk-withdraw = Retirar do torneio
desk-notation = Notação
desk-language = Língua
desk-time-zone = Fuso horário
desk-reset-pin = repor o PIN
desk-save = Guardar
desk-remove = Remover
desk-removed = removido
desk-addresses = Endereços
desk-no-stuck = Nada parado: cada resposta foi enviada ou espera a primeira tentativa.
desk-to = Para
desk-state = Estado
desk-attempts = Tentativas
desk-last-error = Último erro
desk-failed = desistida
desk-waiting = próxima tentativa
desk-retry = Enviar de novo
desk-when = Quando
desk-by = Por
desk-action = Ação
desk-command-line = linha de comandos
desk-channel = Canal
desk-in = Mensagens recebidas
desk-out = Respostas enviadas
desk-send-failures = Envios falhados
desk-queued = Em fila
desk-link = Ligação
desk-link-state = Estado
desk-link-since = Desde
desk-link-error = Último erro
desk-link-name = { $link ->
    [imap] Caixa IMAP
    [modem] Modem SMS
    [radio] Ligação de rádio
   *[other] { $link }
}
desk-link-is = { $state ->
    [connecting] a ligar
    [up] ativa
    [retrying] nova tentativa a seguir
    [given-up] abandonada
   *[other] { $state }
}
desk-filter = Filtrar
desk-any = todos
desk-kind = Tipo
desk-event = Torneio
desk-since = De
desk-until = Até
desk-choose = Escolha
desk-summary = Resumo
desk-dismiss-chosen = Arquivar os escolhidos
desk-rulings = Decisões
desk-state-is = { $state ->
    [waiting] pendente
    [recorded] registado
    [ruled] decidido
   *[other] { $state }
}
desk-done-ruled = Incidente { $n } decidido.
desk-done-dismissed = { $n ->
    [1] Um incidente arquivado.
   *[other] { $n } incidentes arquivados.
}
desk-done-adjudicate = Partida { $n } adjudicada.
desk-done-takeback = Lances da partida { $n } anulados.
desk-done-penalty = Penalização aplicada na partida { $n }.
desk-done-withdraw = Jogador retirado do torneio.

## The director's games: the list, one game's page, the reminder.
desk-games = Partidas
desk-white = Brancas
desk-black = Pretas
desk-plies = Meios-lances
desk-to-move = A jogar
desk-deadline = Prazo
desk-game-state = { $state ->
    [active] em curso
    [finished] terminada
    [overdue] prazo ultrapassado
    [near] prazo em 3 dias
   *[other] { $state }
}
desk-no-games = Nenhuma partida.
desk-remind = Enviar um lembrete
desk-remind-game = Enviar um lembrete para a partida { $id }
desk-done-reminded = Lembrete enviado para a partida { $n }.
desk-journal = Mensagens
desk-no-messages = Nenhuma mensagem.
desk-outcome = Resultado
desk-held = Correio retido
desk-no-holds = Nenhum correio retido.
desk-held-open = aberto
desk-no-audit = Nada no registo de auditoria.
desk-health-state = Estado
desk-health-is = { $state ->
    [ok] a funcionar
    [failing] com falhas
   *[other] { $state }
}
desk-up-since = A funcionar desde
desk-errors = Erros
desk-clock = Relógio
desk-clock-held = derrotas por tempo suspensas até a hora ser confirmada (ccgate clock --confirm-time)
desk-version = Versão

## The web pages.

page-events = Torneios
page-notation = Notação
page-language = Língua
page-show = Mostrar
page-game = Partida
page-first = Início
page-previous = Anterior
page-next = Seguinte
page-last = Fim
page-to-move = jogam
page-result = Resultado
page-draw-offered = propõem empate
page-clocks = Relógios
page-days-used = dias usados
page-days-left = dias restantes
page-unlimited = sem limite
page-deadline = prazo
page-moves = Lances
page-no-moves = Ainda sem lances.
page-round = ronda
page-board = tabuleiro
page-start = Posição inicial
page-rank = Lugar
page-player = Jogador
page-score = Pontos
page-wins = Vitórias
page-sb = SB
page-withdrawn = retirado
page-tie-breaks = Desempates
page-crosstable = Tabela: cada resultado leva à sua partida
page-games = Partidas
page-opponent = Adversário
page-colour = Cor
page-event = Torneio
page-state = Estado
page-deadline-col = Prazo
page-no-games = Sem partidas para mostrar.
page-not-found = Não encontrado
page-board-white = Tabuleiro { $fen }, visto do lado das brancas
page-board-black = Tabuleiro { $fen }, visto do lado das pretas
page-after = Após { $move }
page-move-to-move = lance { $number }, jogam as { $color }
page-flip = Virar o tabuleiro
page-pgn = Descarregar a partida (PGN)
page-steps = Percorrer os lances
page-move-dates = Datas e dias por lance
page-move = Lance
page-date = Data
page-days = Dias
page-deadline-why = Prazo de { $player }: { $why ->
    [duplication] os dias acima de { $days } num lance contam em dobro (duplicação ICCF), o que o antecipa.
    [leave] os dias de licença não contam, o que o adia.
   *[both] os dias acima de { $days } num lance contam em dobro (duplicação ICCF) e os dias de licença não contam.
}
page-conditions = Condições
page-time-control = Ritmo
page-tc = { $kind ->
    [moves] { $moves } lances em { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    }
    [per-move] { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    } por lance
    [fischer] { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    } no início, mais { $increment ->
        [one] { $increment } dia
       *[other] { $increment } dias
    } por cada lance feito
   *[none] sem limite de tempo
}
page-format = Sistema
page-round-robin = { $double ->
    [yes] todos contra todos, em dois turnos
   *[no] todos contra todos
}
page-duplication = Duplicação
page-duplication-rule = os dias acima de { $days } num lance contam em dobro
page-no-duplication = nenhuma
page-penalty = Lance ilegal
page-penalty-rule = { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    } somados ao tempo de quem o envia
page-leave = Licença
page-leave-rule = { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    } por jogador e ano civil
page-tie-break-order = { $rules ->
    [iccf] pontos, depois vitórias, depois Sonneborn-Berger, depois as partidas entre os empatados
   *[plain] pontos, depois Sonneborn-Berger, depois vitórias
}
page-start-date = Início
page-progress = Progresso
page-progress-of = { $finished } de { $total } partidas terminadas
page-pgn-all = Todas as partidas (PGN)
page-your-turn = é a sua vez
page-player-to-move = joga { $player }
page-no-translation = Estas páginas ainda não estão traduzidas para { $name } ({ $native }), por isso aparecem em inglês.
page-no-events = Nenhum torneio a mostrar.
page-status = Estado
page-in-progress = em curso
page-finished = terminado
page-players = Jogadores
