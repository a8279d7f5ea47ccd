"""tengen.selfplay and tengen.merge against `tengen selfplay --json` and
`tengen merge` of the same build, run now (never a pinned digest)."""

import json
import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tengen
from conftest import CLI, cli_json, run_cli

TIMINGS = {"seconds", "games_per_second", "moves_per_second"}


def comparable(document):
    """A result without its timings, ownership as plain lists."""
    out = {k: v for k, v in document.items() if k not in TIMINGS}
    out["ownership"] = {k: (v.ravel().tolist() if isinstance(v, np.ndarray) else v)
                        for k, v in document["ownership"].items()}
    return out


@pytest.mark.parametrize("board,rules,komi", [(9, "tromp-taylor", None), ((7, 5), "japanese", 0),
                                              (5, "ko=situational,suicide=multi", "2.5")])
def test_same_result_as_the_command_line(board, rules, komi):
    size = board if isinstance(board, int) else f"{board[0]}x{board[1]}"
    args = ["selfplay", "--board", str(size), "--rules", rules, "--games", "300", "--seed", "7",
            "--threads", "1", "--no-progress"]
    if komi is not None:
        args += ["--komi", str(komi)]
    cli = cli_json(*args)
    py = tengen.selfplay(board=board, rules=rules, komi=komi, games=300, seed=7, threads=1)
    assert py["digest"] == cli["digest"]
    assert py["games"] == cli["games"] == 300
    assert comparable(py) == comparable(cli)


def test_threads_give_the_same_result():
    one = tengen.selfplay(board=9, games=400, seed=3, threads=1)
    two = tengen.selfplay(board=9, games=400, seed=3, threads=2)
    assert one["digest"] == two["digest"]
    assert comparable(one) | {"threads": 0, "checksum": ""} == \
        comparable(two) | {"threads": 0, "checksum": ""}


def test_result_arrays():
    r = tengen.selfplay(board=(7, 5), games=200, seed=1, threads=1)
    own = r["ownership"]
    assert own["black"].shape == (5, 7) and own["black"].dtype == np.int64
    assert (own["black"] + own["white"] + own["neutral"] == 200).all()
    assert r.ownership.shape == (5, 7) and np.abs(r.ownership).max() <= 1
    games = r.first_move_games
    passes = sum(row["games"] for row in r["first_moves"] if row["move"] == "pass")
    assert games.sum() + passes == 200
    rates = r.first_move_win_rate
    assert np.isnan(rates[games == 0]).all()
    played = games > 0
    assert (rates[played] >= 0).all() and (rates[played] <= 1).all()
    assert json.loads(r.json)["digest"] == r["digest"]


def test_shards_merge_as_the_command_line(tmp_path):
    whole = tengen.selfplay(board=9, games=300, seed=5, threads=1)
    parts = [tengen.selfplay(board=9, games=300, seed=5, threads=1, shard=(k, 3))
             for k in (1, 2, 3)]
    assert [p["shard"] for p in parts] == ["1/3", "2/3", "3/3"]
    merged = tengen.merge(reversed(parts))
    assert merged["digest"] == whole["digest"]
    paths = []
    for k in (1, 2, 3):
        path = tmp_path / f"shard-{k}.json"
        run_cli("selfplay", "--board", "9", "--games", "300", "--seed", "5", "--threads", "1",
                "--shard", f"{k}/3", "--json", str(path), "--no-progress")
        paths.append(path)
    from_files = tengen.merge(paths)
    cli = json.loads(run_merge(paths, tmp_path).read_text())
    assert from_files["digest"] == cli["digest"] == whole["digest"]
    assert comparable(from_files) == comparable(cli)
    with pytest.raises(ValueError) as error:
        tengen.merge(parts[:2])
    assert "missing" in str(error.value) or "shard" in str(error.value)
    with pytest.raises(ValueError):
        tengen.merge([parts[0], parts[0], parts[1], parts[2]])
    other = tengen.selfplay(board=9, games=300, seed=6, threads=1, shard="1/3")
    with pytest.raises(ValueError) as error:
        tengen.merge([other, parts[1], parts[2]])
    assert "seed" in str(error.value)
    for single in (str(paths[0]), paths[0], parts[0]):
        with pytest.raises(TypeError) as error:
            tengen.merge(single)
        assert "expected a list of parts" in str(error.value)


def run_merge(paths, tmp_path):
    out = tmp_path / "merged.json"
    run_cli("merge", *map(str, paths), "--json", str(out))
    return out


@pytest.mark.parametrize("arguments,error", [
    ({"board": 26}, ValueError), ({"board": (9, 0)}, ValueError), ({"rules": "bogus"}, ValueError),
    ({"komi": 7.25}, ValueError), ({"games": -1}, ValueError), ({"games": 10**16}, ValueError),
    ({"seed": 2**64}, ValueError), ({"seed": -1}, ValueError), ({"threads": 1025}, ValueError),
    ({"threads": -1}, ValueError), ({"shard": "3/2"}, ValueError), ({"shard": "0/2"}, ValueError),
    ({"shard": (1, 2, 3)}, TypeError), ({"handicap": 1}, ValueError),
    ({"max_turns": -5}, ValueError), ({"games": "10"}, TypeError), ({"games": 1.5}, TypeError),
    ({"games": True}, TypeError), ({"progress": 3}, TypeError), ({"board": 9.0}, TypeError)])
def test_bad_arguments(arguments, error):
    with pytest.raises(error) as raised:
        tengen.selfplay(**{"games": 10, **arguments})
    assert str(raised.value)


def test_bad_argument_messages_name_the_argument():
    with pytest.raises(ValueError, match="^games: expected a whole number from 0 to"):
        tengen.selfplay(games=-1)
    with pytest.raises(ValueError, match="^seed: "):
        tengen.selfplay(games=1, seed=2**64)


def test_more_threads_than_cores_warns():
    with pytest.warns(RuntimeWarning, match="cores"):
        r = tengen.selfplay(games=20, threads=1024)
    assert r["games"] == 20


def test_progress_callback():
    seen = []
    r = tengen.selfplay(board=9, games=3000, seed=2, threads=1,
                        progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (3000, 3000)
    assert all(total == 3000 for _, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert r["games"] == 3000


def test_progress_callback_errors_stop_the_run():
    def fail(done, total):
        raise RuntimeError("stop here")
    with pytest.raises(RuntimeError, match="stop here"):
        tengen.selfplay(board=19, games=10**6, threads=1, progress=fail)


CHILD = textwrap.dedent("""
    import json, sys, tengen
    started = False
    def progress(done, total):
        global started
        if done > 0 and not started:
            started = True
            print("started", flush=True)
    try:
        tengen.selfplay(board=19, games=10**7, seed=11, threads=1, progress=progress)
        print(json.dumps({"finished": True}))
    except tengen.Interrupted as e:
        r = e.result
        print(json.dumps({"games": r["games"], "interrupted": r["interrupted"],
                          "digest": r["digest"], "requested": r["games_requested"]}))
""")


def test_ctrl_c_keeps_the_finished_games():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             env=os.environ)
    assert child.stdout.readline().strip() == "started"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0
    r = json.loads(out)
    assert r["interrupted"] is True and 0 < r["games"] < r["requested"] == 10**7
    # The finished games are the prefix of the run: the same digest as a run
    # of that many games.
    cli = cli_json("selfplay", "--board", "19", "--games", str(r["games"]), "--seed", "11",
                   "--no-progress")
    assert cli["digest"] == r["digest"]


def test_device_must_be_cpu_gpu_or_portable():
    with pytest.raises(ValueError, match="^device: expected 'cpu', 'gpu' or 'portable'"):
        tengen.selfplay(games=10, device="tpu")


def test_device_portable_plays_the_cpu_runners_games():
    # The GPU's per-game code on one CPU thread: game for game the CPU's.
    for rules in ("chinese", "tromp-taylor", "aga"):
        cpu = tengen.selfplay(games=300, seed=4, board=9, rules=rules)
        portable = tengen.selfplay(games=300, seed=4, board=9, rules=rules, device="portable")
        assert portable["digest"] == cpu["digest"]
        assert portable["black_wins"] == cpu["black_wins"]


def test_device_gpu_without_a_gpu_says_what_is_missing():
    # A build without CUDA names -DTENGEN_CUDA=ON; a CUDA build on a machine
    # with no GPU or driver names that. Either way no game is played.
    try:
        r = tengen.selfplay(games=200, seed=3, device="gpu", board=9, rules="chinese")
    except RuntimeError as e:
        assert "TENGEN_CUDA" in str(e) or "GPU" in str(e) or "driver" in str(e)
        return
    # A machine with a GPU: the same games as the CPU.
    cpu = tengen.selfplay(games=200, seed=3, board=9, rules="chinese")
    assert r["digest"] == cpu["digest"]
