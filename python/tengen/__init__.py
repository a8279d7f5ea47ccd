"""Tengen from Python: exact Go rules, games and self-play statistics at C++ speed.

    >>> import tengen
    >>> game = tengen.Game(board=9, rules="japanese")
    >>> game.play("D4"); game.play((4, 4))
    >>> result = tengen.selfplay(board=9, games=1000, seed=1)
    >>> result["black_win_rate"], result["digest"]

Everything is read and computed by the same C++ code as the `tengen` command:
rules texts, board sizes and counts give the same errors, and selfplay, merge,
verify and score_record return the documents the commands write with --json.
"""

from __future__ import annotations

import enum
import json
import os
import sys
from typing import Any, Callable, Iterable, Optional, Union

import numpy as np

from . import _core
from ._core import Game, IllegalMove, Rules, reference, search

__version__ = _core.__version__
__all__ = ["Color", "Game", "IllegalMove", "Interrupted", "Result", "Rules", "merge",
           "score_record", "search", "selfplay", "verify", "reference"]


class Color(enum.IntEnum):
    """The values of Game.board and Game.to_move."""

    EMPTY = 0
    BLACK = 1
    WHITE = 2


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; .result holds what finished (marked "interrupted")."""

    def __init__(self, result: Any) -> None:
        super().__init__("interrupted: the finished work is in .result")
        self.result = result


class Result(dict):
    """A self-play result: the fields of `tengen selfplay --json`, with the
    ownership counts as (height, width) NumPy arrays.

    .json is the document itself (save() writes it; `tengen merge` and
    `tengen report` read it); .ownership and .first_move_win_rate are the
    per-point maps of the text report as NumPy arrays.
    """

    def __init__(self, text: str) -> None:
        document = json.loads(text)
        shape = (document["height"], document["width"])
        ownership = document["ownership"]
        for colour in ("black", "white", "neutral"):
            ownership[colour] = np.array(ownership[colour], dtype=np.int64).reshape(shape)
        super().__init__(document)
        self.json = text

    @property
    def ownership(self) -> np.ndarray:
        """Black's share minus White's share of each point over the games, -1 to 1."""
        own = self["ownership"]
        games = max(self["games"], 1)
        return (own["black"] - own["white"]) / games

    def _first_moves(self, field: str) -> np.ndarray:
        shape = (self["height"], self["width"])
        out = np.zeros(shape, dtype=np.float64 if field == "black_win_rate" else np.int64)
        if field == "black_win_rate":
            out[:] = np.nan
        columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
        for row in self["first_moves"]:
            move = row["move"]
            if move == "pass":
                continue
            x = columns.index(move[0])
            y = self["height"] - int(move[1:])
            out[y, x] = row[field]
        return out

    @property
    def first_move_win_rate(self) -> np.ndarray:
        """Black's win rate by its first move, [y, x]; NaN where no game began there."""
        return self._first_moves("black_win_rate")

    @property
    def first_move_games(self) -> np.ndarray:
        """How many games began with Black's move at [y, x]."""
        return self._first_moves("games")

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the document, as `tengen selfplay --json PATH` would."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.json)


def _progress(progress: Any, what: str) -> Optional[Callable[[int, int], None]]:
    """A callback(done, total) from what the caller asked for: a callable, or
    True for a tqdm bar (a line on stderr without tqdm)."""
    if progress is None or progress is False:
        return None
    if callable(progress):
        return progress
    if progress is not True:
        raise TypeError(f"progress: expected a callable or True, not {progress!r}")
    try:
        from tqdm import tqdm
    except ImportError:
        def line(done: int, total: int) -> None:
            end = "\n" if done == total else ""
            print(f"\r{what}: {done} of {total}", end=end, file=sys.stderr, flush=True)
        return line
    bar = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, unit=what)
        bar.update(done - bar.n)
        if done == total:
            bar.close()
    return update


def _finish(text: str, raised: Optional[BaseException], make: Callable[[str], Any]) -> Any:
    result = make(text)
    if raised is None:
        return result
    if isinstance(raised, KeyboardInterrupt):
        raise Interrupted(result) from raised
    raise raised


def selfplay(board: Any = 9, rules: Any = "tromp-taylor", komi: Any = None,
             games: int = 100000, seed: int = 1, threads: int = 0, shard: Any = None,
             handicap: int = 0, max_turns: int = 0, progress: Any = None,
             device: str = "cpu") -> Result:
    """Plays random games as `tengen selfplay` does and returns its --json result.

    board: N, (width, height) or "WxH"; rules: a preset, "key=value,..." or a
    Rules; komi: None for the rules' komi; seed: game i is seeded from
    (seed, i), so the result is the same on any number of threads (threads=0:
    all cores); shard: "K/N" or (K, N) plays that part of the run (merge() joins
    the parts); max_turns: 0 for 3 per point; progress: a callable(done, total)
    or True for a bar. The GIL is released while the games are played. Ctrl-C
    stops the run after the games under way and raises Interrupted (a
    KeyboardInterrupt) whose .result holds the finished games. device: "cpu",
    "gpu" (a CUDA build's GPU, the same games; RuntimeError naming what is
    missing where there is none) or "portable" (the GPU's code on one CPU
    thread, in any build: the GPU's games checked without one).
    """
    text, raised = _core.selfplay(board, rules, komi, games, seed, threads, shard, handicap,
                                  max_turns, _progress(progress, "games"), device)
    return _finish(text, raised, Result)


def merge(parts: Iterable[Any]) -> Result:
    """Merges the parts of a sharded run (Results or paths of --json files), as
    `tengen merge` does, into the one-process result; parts of other runs, a
    missing or repeated shard and edited files are refused (ValueError). parts
    is a list (or any iterable) of parts: a single path or Result is refused
    (TypeError), never read as the characters of its name."""
    if isinstance(parts, (str, bytes, os.PathLike, Result)):
        raise TypeError(f"merge: expected a list of parts (Results or paths of --json files), "
                        f"not the single {type(parts).__name__} {parts!r:.80}; "
                        f"give merge([...]) with every part")
    items = []
    for i, part in enumerate(parts):
        if isinstance(part, Result):
            items.append((part.json, f"part {i + 1}"))
        elif isinstance(part, (str, os.PathLike)):
            items.append(part)
        else:
            raise TypeError(f"merge: expected a Result or a path, not {part!r}")
    return Result(_core.merge(items))


def verify(paths: Any, default_rules: str = "japanese", threads: int = 0,
           progress: Any = None) -> dict:
    """Replays SGF records (a file, a directory, or a list of them) under the
    rules they state, as `tengen verify --json`: {"files": [...], "summary": {...}}.
    Ctrl-C raises Interrupted with the files verified so far."""
    text, raised = _core.verify(paths, default_rules, threads, _progress(progress, "files"))
    return _finish(text, raised, json.loads)


def score_record(paths: Any, rules: Optional[str] = None,
                 komi: Union[None, float, int, str] = None, default_rules: str = "japanese",
                 playouts: int = 400, seed: int = 1, threads: int = 0, dead_percent: int = 50,
                 dead_stones: str = "playouts", gnugo: Optional[str] = None,
                 convention: Optional[str] = None, gnugo_timeout: float = 60) -> dict:
    """Scores finished SGF records with dead stones estimated by playouts, as
    `tengen score --json`: {"games": [...], "summary": {...}, "playouts", "seed"}.
    Each record's rules and komi are inferred as the command does (RU, KM in
    points, hundredths or stones, a komi in the game's texts, the server, the
    komi itself): each game states its "rules_name", "komi", "inferences" and
    "warnings", and a margin that differs from RE its "difference" class
    (komi, counting, parity, life and death), counted in the summary's
    "differences". rules replaces each record's rules (the record's komi
    still applies unless komi, or komi= in rules, is given); komi replaces
    each record's komi; default_rules serves records whose rules nothing
    tells (with a warning). dead_stones="gnugo" has GNU Go (the program
    gnugo names, else found on PATH or in /usr/games) call the dead stones
    and seki instead of the playouts, as `--dead-stones gnugo` does, at most
    gnugo_timeout seconds a record (a record over it is not scored, with the
    reason). Each game states its counting "convention" (KGS's for KGS
    records, else "records"); convention ("kgs", "records", "plain") counts
    every record under that one, as `--convention` does. An unreadable file,
    an unknown convention, or no GNU Go, raises ValueError naming it."""
    return json.loads(_core.score_record(paths, rules, komi, default_rules, playouts, seed,
                                         threads, dead_percent, dead_stones, gnugo, convention,
                                         float(gnugo_timeout)))
