"""tengen.verify and tengen.score_record against `tengen verify --json` and
`tengen score --json` on the repository's records."""

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


def test_score_record_errors(tmp_path):
    with pytest.raises(ValueError, match="missing.sgf"):
        tengen.score_record(tmp_path / "missing.sgf")
    with pytest.raises(ValueError, match="playouts"):
        tengen.score_record(DATA / "sgf" / "legal.sgf", playouts=0)
    with pytest.raises(ValueError):
        tengen.score_record(DATA / "sgf" / "legal.sgf", rules="bogus")
