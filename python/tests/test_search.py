"""tengen.search: the searching player's move, win rate, visits and ownership."""
import numpy as np
import pytest

import tengen


def test_search_returns_move_visits_and_ownership():
    game = tengen.Game(board=5, rules="chinese")
    game.play("C3")
    result = tengen.search(game, playouts=300, seed=3)
    assert game.is_legal(result["move"])
    assert result["playouts"] == 300
    assert 0.0 <= result["win_rate"] <= 1.0
    assert sum(result["visits"].values()) <= 300
    assert result["candidates"][0]["move"] == result["move"]
    ownership = result["ownership"]
    assert isinstance(ownership, np.ndarray) and ownership.shape == (5, 5)
    assert np.all(np.abs(ownership) <= 1.0)
    # Black's stone at C3 ends as Black's more often than as White's.
    assert ownership[2, 2] > 0
    # One thread and a seed: the same answer.
    again = tengen.search(game, playouts=300, seed=3)
    assert again["visits"] == result["visits"]
    assert np.array_equal(again["ownership"], ownership)


def test_search_finds_the_killing_point():
    game = tengen.Game(board=5, rules="chinese", komi=7.5)
    for move in ["A3", "A4", "B3", "B4", "C3", "C4", "D3", "D4", "E3", "E4", "A2", "A5", "C2",
                 "E5", "E2", "pass", "A1", "pass", "B1", "pass", "C1", "pass", "D1", "pass", "E1",
                 "pass"]:
        game.play(move)
    # White's straight three B5-D5: Black kills at C5.
    assert tengen.search(game, playouts=2000)["move"] == "C5"


@pytest.mark.parametrize("kwargs", [{"playouts": 0}, {"playouts": -1},
                                    {"playouts": 0, "seconds": float("nan")},
                                    {"seconds": -1.0}, {"threads": 0}, {"max_nodes": 10}])
def test_search_refuses_bad_budgets(kwargs):
    with pytest.raises(ValueError):
        tengen.search(tengen.Game(board=9), **kwargs)
