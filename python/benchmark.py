"""Speed of the Python module (a benchmark, not a test; figures in bench/README.md).

1. selfplay from Python against `tengen selfplay` on the same run, interleaved
   (Python, command line, Python, ...), ROUNDS rounds; the median games/s of
   each as both report it (the run's own timer, so process start-up and
   result conversion are left out of both).
2. Game.play + legal_moves() per move from Python against the same loop on a
   pure-Python board written here (flood-fill captures, simple ko, no
   suicide): random games on 9x9, median microseconds per move.

Usage: PYTHONPATH=build/python python3 python/benchmark.py build/tools/tengen
       [--games N] [--rounds R] [--threads T]
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

# This file sits beside the package's sources (python/tengen, without the
# built module): import the built package from PYTHONPATH instead.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
import tengen  # noqa: E402


class PyBoard:
    """A plain Python board: a list of colours, captures by flood fill,
    simple ko, suicide forbidden (the Japanese rules' legality)."""

    def __init__(self, size):
        self.n = size
        self.cells = [0] * (size * size)
        self.to_move = 1
        self.ko = -1
        self.neighbours = [[q for q in (p - size if p >= size else -1,
                                        p + size if p < size * (size - 1) else -1,
                                        p - 1 if p % size else -1,
                                        p + 1 if p % size != size - 1 else -1) if q >= 0]
                           for p in range(size * size)]

    def chain(self, p):
        colour = self.cells[p]
        stones, liberties, todo = {p}, set(), [p]
        while todo:
            for q in self.neighbours[todo.pop()]:
                if self.cells[q] == 0:
                    liberties.add(q)
                elif self.cells[q] == colour and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, liberties

    def is_legal(self, p):
        if self.cells[p] != 0 or p == self.ko:
            return False
        me, other = self.to_move, 3 - self.to_move
        self.cells[p] = me
        try:
            for q in self.neighbours[p]:
                if self.cells[q] == 0:
                    return True
            for q in self.neighbours[p]:
                if self.cells[q] == other and len(self.chain(q)[1]) == 0:
                    return True
            return len(self.chain(p)[1]) > 0
        finally:
            self.cells[p] = 0

    def legal_moves(self):
        return [p for p in range(self.n * self.n) if self.is_legal(p)]

    def play(self, p):
        me, other = self.to_move, 3 - self.to_move
        self.cells[p] = me
        captured = []
        for q in self.neighbours[p]:
            if self.cells[q] == other:
                stones, liberties = self.chain(q)
                if not liberties:
                    captured.extend(stones)
                    for s in stones:
                        self.cells[s] = 0
        self.ko = captured[0] if len(captured) == 1 and len(self.chain(p)[0]) == 1 else -1
        self.to_move = other

    def pass_move(self):
        self.ko = -1
        self.to_move = 3 - self.to_move


def per_move_seconds(make, play, legal, passes, games, seed):
    """Random games to two passes or 200 moves; seconds per move."""
    rng = random.Random(seed)
    moves, start = 0, time.perf_counter()
    for _ in range(games):
        board, passed = make(), 0
        for _ in range(200):
            options = legal(board)
            if not options:
                passes(board)
                passed += 1
                if passed == 2:
                    break
            else:
                play(board, options[rng.randrange(len(options))])
                passed = 0
            moves += 1
    return (time.perf_counter() - start) / moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cli")
    parser.add_argument("--games", type=int, default=200000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()

    python_rates, cli_rates = [], []
    for _ in range(args.rounds):
        r = tengen.selfplay(board=9, games=args.games, seed=1, threads=args.threads)
        python_rates.append(r["games_per_second"])
        out = subprocess.run([args.cli, "selfplay", "--board", "9", "--games", str(args.games),
                              "--seed", "1", "--threads", str(args.threads), "--json", "-",
                              "--no-progress"], capture_output=True, text=True, check=True)
        c = json.loads(out.stdout)
        assert c["digest"] == r["digest"]
        cli_rates.append(c["games_per_second"])
    py_median, cli_median = statistics.median(python_rates), statistics.median(cli_rates)
    print(f"selfplay 9x9 tromp-taylor, {args.games} games, threads {args.threads}, "
          f"{args.rounds} rounds interleaved")
    print(f"  python   median {py_median:,.0f} games/s  {[round(x) for x in python_rates]}")
    print(f"  command  median {cli_median:,.0f} games/s  {[round(x) for x in cli_rates]}")
    print(f"  python / command: {py_median / cli_median:.3f}")

    games = 20
    binding, plain = [], []
    for round_ in range(args.rounds):
        binding.append(per_move_seconds(lambda: tengen.Game(board=9, rules="japanese"),
                                        lambda g, m: g.play(m), lambda g: g.legal_moves(),
                                        lambda g: g.pass_move(), games, round_))
        plain.append(per_move_seconds(lambda: PyBoard(9), lambda b, m: b.play(m),
                                      lambda b: b.legal_moves(), lambda b: b.pass_move(), games,
                                      round_))
    b, p = statistics.median(binding) * 1e6, statistics.median(plain) * 1e6
    print(f"play + legal_moves() per move, 9x9 japanese, {games} games x {args.rounds} rounds")
    print(f"  tengen.Game  median {b:.1f} us/move")
    print(f"  pure Python  median {p:.1f} us/move  ({p / b:.0f}x slower)")


if __name__ == "__main__":
    main()
