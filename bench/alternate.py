#!/usr/bin/env python3
"""Times commands in alternation: one run of each in turn, N rounds, then the
median and the fastest run of each. On a machine whose speed drifts from one
minute to the next (this VM's by a third), runs taken in turn meet the same
drift, where hyperfine's blocks of one command after another do not.

Usage: bench/alternate.py N NAME=COMMAND [NAME=COMMAND ...]
  bench/alternate.py 30 "floor=target/release/examples/floor_iccf tests/data/bench/lichess_1500.pgn" \\
      "ccgate=target/release/ccgate convert --to iccf tests/data/bench/lichess_1500.pgn"
Commands are split on spaces (no shell); their output is discarded.
"""
import statistics
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    rounds = int(sys.argv[1])
    commands = {}
    for arg in sys.argv[2:]:
        name, sep, command = arg.partition("=")
        if not sep or not command.split():
            print(f"not NAME=COMMAND: {arg!r}", file=sys.stderr)
            return 2
        commands[name] = command.split()
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - start)
    for name, runs in times.items():
        print(f"{name}: median {statistics.median(runs) * 1e3:.1f} ms, "
              f"fastest {min(runs) * 1e3:.1f} ms ({rounds} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
