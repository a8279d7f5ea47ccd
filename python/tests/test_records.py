"""tengen.verify and tengen.score_record against `tengen verify --json` and
`tengen score --json` on the repository's records."""

import os
import shutil
from pathlib import Path

import pytest

import tengen
from conftest import DATA, cli_json, run_cli


def without_timing(document):
    return {k: v for k, v in document.items() if k not in ("seconds",)}


def test_verify_as_the_command_line():
    for paths in ([DATA / "sgf-real"], [DATA / "sgf" / "legal.sgf", DATA / "sgf" / "occupied.sgf",
                                        DATA / "sgf" / "broken.sgf"]):
        py = tengen.verify(paths)
        cli = run_cli("verify", *map(str, paths), "--json", "-", "--no-progress", check=False)
        import json
        assert without_timing(py) == without_timing(json.loads(cli.stdout))
    summary = tengen.verify(DATA / "sgf" / "occupied.sgf")["summary"]
    assert summary["illegal_moves"] == 1


def test_verify_threads_and_rules():
    one = tengen.verify(str(DATA / "sgf-real"), threads=1)
    two = tengen.verify(str(DATA / "sgf-real"), threads=2, default_rules="chinese")
    assert one["summary"]["games"] == two["summary"]["games"] == 38
    with pytest.raises(ValueError):
        tengen.verify(DATA / "sgf", default_rules="bogus")
    with pytest.raises(ValueError):
        tengen.verify([])


def test_score_record_as_the_command_line():
    files = sorted((DATA / "deadstones").glob("*.sgf"))[:2]
    py = tengen.score_record(files, playouts=50, seed=3, threads=1)
    cli = cli_json("score", *map(str, files), "--playouts", "50", "--seed", "3",
                   "--threads", "1")
    assert py == cli
    assert py["summary"]["games"] == 2
    rules = tengen.score_record(files[0], rules="chinese", playouts=50, threads=1)
    assert rules["games"][0]["rules"].startswith("ko=simple")


def test_score_record_infers_rules_and_komi_as_the_command_line():
    folder = DATA / "score-records"
    py = tengen.score_record(folder, playouts=16, threads=1)
    assert py == cli_json("score", str(folder), "--playouts", "16", "--threads", "1")
    games = {Path(g["file"]).stem: g for g in py["games"]}
    hundredths = games["km_hundredths"]
    assert (hundredths["rules_name"], hundredths["komi"]) == ("japanese", 6.5)
    assert any("KM[650]" in line and "hundredths" in line for line in hundredths["inferences"])
    assert hundredths["warnings"] == [] and hundredths["difference"] is None
    assert len(games["ru_unknown"]["warnings"]) == 2
    assert games["diff_komi"]["difference"]["class"] == "komi"
    assert games["diff_life_and_death"]["difference"]["class"] == "life and death"
    assert py["summary"]["differences"] == {"komi": 1, "counting": 1, "parity": 1,
                                            "life_and_death": 1}
    assert py["summary"]["margin_reproduced"] == 13
    assert games["km_zero_half_point"]["komi"] == 6.5


def test_score_record_komi_and_rules_overrides():
    record = DATA / "score-records" / "km_points_japanese.sgf"
    py = tengen.score_record(record, komi=0.5, playouts=16, threads=1)
    assert py == cli_json("score", str(record), "--komi", "0.5", "--playouts", "16",
                          "--threads", "1")
    game = py["games"][0]
    assert (game["rules_name"], game["komi"]) == ("japanese", 0.5)
    assert "komi 0.5 from --komi" in game["inferences"]
    assert game["difference"]["class"] == "komi"
    # --rules alone keeps the record's komi; komi= in the rules overrides it.
    assert tengen.score_record(record, rules="chinese", threads=1)["games"][0]["komi"] == 6.5
    assert tengen.score_record(record, rules="chinese,komi=7", threads=1)["games"][0]["komi"] == 7
    assert tengen.score_record(record, komi="7.5", threads=1)["games"][0]["komi"] == 7.5


def test_score_record_errors(tmp_path):
    with pytest.raises(ValueError, match="missing.sgf"):
        tengen.score_record(tmp_path / "missing.sgf")
    with pytest.raises(ValueError, match="playouts"):
        tengen.score_record(DATA / "sgf" / "legal.sgf", playouts=0)
    with pytest.raises(ValueError):
        tengen.score_record(DATA / "sgf" / "legal.sgf", rules="bogus")
    with pytest.raises(ValueError, match="multiple of 0.5"):
        tengen.score_record(DATA / "sgf" / "legal.sgf", komi=7.3)
    with pytest.raises(TypeError, match="komi"):
        tengen.score_record(DATA / "sgf" / "legal.sgf", komi=[7])


def test_score_record_with_gnugo_as_the_command_line():
    if not (shutil.which("gnugo") or os.access("/usr/games/gnugo", os.X_OK)):
        pytest.skip("gnugo is not installed")
    folder = DATA / "deadstones"
    py = tengen.score_record(folder, dead_stones="gnugo")
    assert py == cli_json("score", str(folder), "--dead-stones", "gnugo")
    assert py["dead_stones"] == "gnugo"
    assert py["summary"]["counted_same_winner"] == 32
    with pytest.raises(ValueError, match="is not a program"):
        tengen.score_record(folder, dead_stones="gnugo", gnugo="/no/such/gnugo")
    with pytest.raises(ValueError, match="dead_stones"):
        tengen.score_record(folder, dead_stones="oracle")
