#!/usr/bin/env python3
"""python-chess doing the job of `ccgate convert --to iccf`, for bench/convert.sh.

Usage: python_iccf.py [FILE...]   (stdin when no file is given)

One line per game: `1. 5254 5755 2. 7163 2836 *`, `N...` before the first
move when Black starts, ending with the result token (the movetext's
termination, else the Result tag, else `*`). This is the way a python-chess
user would write it (read_game, then walk the main line), because the point
of the benchmark is what such a user would get.
"""

import io
import sys

import chess
import chess.pgn

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
PROMOTION_DIGIT = {chess.QUEEN: "1", chess.ROOK: "2", chess.BISHOP: "3", chess.KNIGHT: "4"}


class Builder(chess.pgn.GameBuilder):
    # GameBuilder lets a Result tag override the movetext termination;
    # the other two programs prefer the termination, so keep it aside.
    def begin_game(self):
        super().begin_game()
        self.termination = None

    def visit_result(self, result):
        self.termination = result
        super().visit_result(result)

    def result(self):
        self.game.termination = self.termination
        return self.game


def square(sq):
    return "%d%d" % (chess.square_file(sq) + 1, chess.square_rank(sq) + 1)


def iccf(move):
    # python-chess castling moves are already the king's move (e1g1).
    text = square(move.from_square) + square(move.to_square)
    if move.promotion:
        text += PROMOTION_DIGIT[move.promotion]
    return text


def line_of(game):
    board = game.board()
    parts = []
    first = True
    for move in game.mainline_moves():
        if board.turn == chess.WHITE:
            parts.append("%d." % board.fullmove_number)
        elif first:
            parts.append("%d..." % board.fullmove_number)
        first = False
        parts.append(iccf(move))
        board.push(move)
    result = game.termination
    if result not in RESULTS:
        result = game.headers.get("Result", "*")
    if result not in RESULTS:
        result = "*"
    parts.append(result)
    return " ".join(parts)


def convert(handle, out):
    errors = 0
    while True:
        game = chess.pgn.read_game(handle, Visitor=Builder)
        if game is None:
            return errors
        for error in game.errors:
            print("error: %s" % error, file=sys.stderr)
            errors += 1
        out.write(line_of(game))
        out.write("\n")


def main(argv):
    out = sys.stdout
    errors = 0
    if len(argv) == 0:
        errors += convert(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig"), out)
    for path in argv:
        with open(path, encoding="utf-8-sig") as handle:
            errors += convert(handle, out)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
