"""tengen.Rules: presets, key=value texts and komi read as the command line
reads them, with the same errors."""

import pytest

import tengen
from conftest import run_cli


def test_presets_are_the_readme_table():
    assert tengen.Rules.presets() == ["tromp-taylor", "japanese", "chinese", "aga", "nz"]
    japanese = tengen.Rules("japanese")
    assert (japanese.ko, japanese.suicide, japanese.scoring, japanese.komi) == (
        "simple", "forbidden", "territory", 6.5)
    assert (japanese.handicap, japanese.bonus, japanese.end) == ("fixed", "none", "two-passes")
    assert japanese.preset == "japanese"
    nz = tengen.Rules("nz")
    assert (nz.ko, nz.suicide, nz.komi) == ("situational", "multi", 7.0)


def test_key_value_and_overrides():
    r = tengen.Rules("ko=simple")
    assert (r.ko, r.suicide, r.scoring) == ("simple", "allowed", "area")
    assert r.preset == ""
    assert tengen.Rules("japanese,komi=0").komi == 0
    assert tengen.Rules("chinese", komi=6.5).komi == 6.5
    assert tengen.Rules("chinese", komi="-3").komi == -3
    assert tengen.Rules("chinese", komi=5).komi == 5
    assert tengen.Rules(str(tengen.Rules("aga"))) == tengen.Rules("aga")
    assert tengen.Rules(tengen.Rules("aga"), komi=0.5).komi == 0.5
    assert tengen.Rules("aga") != tengen.Rules("chinese")
    assert len({tengen.Rules("aga"), tengen.Rules("aga")}) == 1


@pytest.mark.parametrize("text", ["bogus", "ko=triple", "ko=simple,ko=simple", "komi=0.3",
                                  "japanese,", "suicide", ""])
def test_bad_rules_give_the_command_lines_error(text):
    with pytest.raises(ValueError) as error:
        tengen.Rules(text)
    message = str(error.value)
    assert message
    cli = run_cli("play", "--board", "3", "--rules", text, check=False)
    assert cli.returncode != 0
    assert message in cli.stderr


@pytest.mark.parametrize("komi", [7.25, "7.3", 1001, float("nan"), float("inf"), "x"])
def test_bad_komi_gives_the_command_lines_error(komi):
    with pytest.raises(ValueError) as error:
        tengen.Rules("japanese", komi=komi)
    cli = run_cli("play", "--board", "3", "--komi", str(komi), check=False)
    assert cli.returncode != 0
    assert "bad komi" in str(error.value)


def test_wrong_types():
    with pytest.raises(TypeError):
        tengen.Rules(7)
    with pytest.raises(TypeError):
        tengen.Rules("japanese", komi=[1])
    with pytest.raises(TypeError):
        tengen.Rules("japanese", komi=True)


@pytest.mark.parametrize("komi", ["", "  "])
def test_empty_komi_is_an_error_not_the_rules_komi(komi):
    for make in (lambda: tengen.Rules("japanese", komi=komi),
                 lambda: tengen.Game(komi=komi),
                 lambda: tengen.selfplay(games=1, komi=komi)):
        with pytest.raises(ValueError) as error:
            make()
        assert "komi: empty" in str(error.value)
