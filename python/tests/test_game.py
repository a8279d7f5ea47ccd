"""tengen.Game: legality and captures on golden positions, errors that leave
the game as it was, undo, the NumPy board, scoring and the SGF round trip."""

import copy

import numpy as np
import pytest

import tengen
from tengen import Color, IllegalMove


def diagram(game):
    """The board as rows of X, O and ., top row first."""
    return "\n".join("".join(".XO"[v] for v in row) for row in game.board)


def play_all(game, moves):
    for move in moves:
        game.play(move)


def state(game):
    return (game.board.copy().tolist(), game.to_move, game.moves, game.captures, game.is_over)


def test_capture_in_the_corner():
    game = tengen.Game(board=5, rules="japanese")
    play_all(game, ["A5", "B5", "E1", "A4"])
    assert diagram(game) == "\n".join([".O...", "O....", ".....", ".....", "....X"])
    assert game.captures == {"black": 0, "white": 1}
    assert game.to_move == Color.BLACK


def test_moves_as_points_and_vertices_agree():
    game = tengen.Game(board=(5, 3))
    game.play((0, 0))          # top left: A3 on a 5x3 board
    game.play("e1")            # bottom right, any case
    assert game.board[0, 0] == Color.BLACK and game.board[2, 4] == Color.WHITE
    assert game.moves == [(1, "A3"), (2, "E1")]
    assert (game.width, game.height) == (5, 3)


def test_simple_ko_and_its_retake():
    game = tengen.Game(board=5, rules="japanese")
    # Black: C4 B3 C2 ; White: D4 E3 D2 ; Black D3 ; White C3 captures D3.
    play_all(game, ["C4", "D4", "B3", "E3", "C2", "D2", "D3", "C3"])
    assert game.board[2, 3] == Color.EMPTY and game.captures["white"] == 1
    before = state(game)
    with pytest.raises(IllegalMove) as error:
        game.play("D3")
    assert error.value.reason == "ko"
    assert isinstance(error.value, ValueError)
    assert "ko" in str(error.value)
    assert state(game) == before
    assert not game.is_legal("D3")
    assert (3, 2) not in game.legal_moves()
    game.play("A1")   # a ko threat elsewhere
    game.play("A5")
    game.play("D3")   # now the retake is legal
    assert game.captures["black"] == 1


def test_superko_under_tromp_taylor():
    game = tengen.Game(board=5, rules="tromp-taylor")
    play_all(game, ["C4", "D4", "B3", "E3", "C2", "D2", "D3", "C3"])
    with pytest.raises(IllegalMove) as error:
        game.play("D3")
    assert error.value.reason == "superko"


def test_suicide_by_the_rules():
    # Black B5 and A4 make A5 an eye; White to move.
    for rules, reason in (("japanese", "suicide"), ("nz", "suicide"),
                          ("tromp-taylor", "superko")):
        game = tengen.Game(board=5, rules=rules)
        play_all(game, ["B5", "E1", "A4"])
        assert game.to_move == Color.WHITE
        before = state(game)
        with pytest.raises(IllegalMove) as error:
            game.play("A5")
        assert error.value.reason == reason, rules
        assert state(game) == before
    # Suicide of several stones is allowed under Tromp-Taylor and NZ: the
    # stones go to the opponent as prisoners. Under Japanese rules it is not.
    moves = ["B1", "A1", "B2", "A2", "B3", "E3", "E1"]
    for rules in ("tromp-taylor", "nz"):
        game = tengen.Game(board=(5, 3), rules=rules)
        play_all(game, moves)
        assert diagram(game) == "\n".join([".X..O", "OX...", "OX..X"])
        game.play("A3")
        assert diagram(game) == "\n".join([".X..O", ".X...", ".X..X"])
        assert game.captures == {"black": 3, "white": 0}
    game = tengen.Game(board=(5, 3), rules="japanese")
    play_all(game, moves)
    with pytest.raises(IllegalMove) as error:
        game.play("A3")
    assert error.value.reason == "suicide"


def test_errors_leave_the_game_as_it_was():
    game = tengen.Game(board=9)
    game.play("E5")
    before = state(game)
    with pytest.raises(IllegalMove) as error:
        game.play("E5")
    assert error.value.reason == "occupied"
    with pytest.raises(IllegalMove) as error:
        game.play((9, 0))
    assert error.value.reason == "off board"
    for bad in ("Z9", "I5", "A10", "E0", "", "5E", "passs"):
        with pytest.raises(ValueError) as error:
            game.play(bad)
        assert not isinstance(error.value, IllegalMove)
        assert "bad vertex" in str(error.value)
    for bad in (None, 5, (1, 2, 3), ("A", 1), 1.5):
        with pytest.raises(TypeError):
            game.play(bad)
    assert state(game) == before
    assert game.is_legal((9, 0)) is False
    assert game.is_legal("E5") is False
    with pytest.raises(ValueError):
        game.is_legal("Z9")


def test_game_over():
    game = tengen.Game(board=3)
    game.pass_move()
    game.pass_move()
    assert game.is_over and game.end_reason == "two passes"
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove) as error:
        game.play("B2")
    assert error.value.reason == "game over"
    with pytest.raises(IllegalMove):
        game.pass_move()
    game.undo()
    assert not game.is_over


def test_undo_takes_back_every_turn():
    game = tengen.Game(board=5, rules="japanese")
    moves = ["C4", "D4", "B3", "E3", "C2", "D2", "D3", "C3", "pass", "A1"]
    states = [state(game)]
    for move in moves:
        game.play(move)
        states.append(state(game))
    for expected in reversed(states[:-1]):
        game.undo()
        assert state(game) == expected
    with pytest.raises(ValueError):
        game.undo()


def test_board_is_a_live_read_only_view():
    game = tengen.Game(board=(7, 5))
    board = game.board
    assert board.shape == (5, 7) and board.dtype == np.uint8
    assert not board.flags.writeable and not board.flags.owndata
    game.play((3, 1))
    assert board[1, 3] == Color.BLACK      # the same memory, no copy
    with pytest.raises(ValueError):
        board[0, 0] = 1
    del game
    assert board[1, 3] == Color.BLACK      # the view keeps the game alive


def test_legal_moves_and_mask():
    game = tengen.Game(board=3, rules="japanese")
    assert len(game.legal_moves()) == 9
    game.play("B2")
    legal = game.legal_moves()
    assert (1, 1) not in legal and len(legal) == 8
    mask = game.legal_mask()
    assert mask.shape == (3, 3) and mask.sum() == 8 and not mask[1, 1]
    assert sorted(legal) == sorted((x, y) for y, x in zip(*np.nonzero(mask)))


def test_copy_is_independent():
    game = tengen.Game(board=9)
    game.play("C3")
    for other in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        other.play("D4")
        assert len(other.moves) == 2 and len(game.moves) == 1


def test_score_and_handicap():
    empty = tengen.Game(board=9).score()
    assert empty["margin"] == -7.5 and empty["winner"] == "white" and empty["result"] == "W+7.5"
    game = tengen.Game(board=9, rules="japanese", handicap=2)
    assert game.to_move == Color.WHITE and game.handicap == 2
    assert int((game.board == Color.BLACK).sum()) == 2
    game = tengen.Game(board=5, rules="chinese", komi=0)
    game.play("C3")
    assert game.score()["black"] == 25 and game.score()["margin"] == 25
    with pytest.raises(ValueError):
        tengen.Game(board=9, handicap=1)
    with pytest.raises(ValueError):
        tengen.Game(board=5, rules="japanese", handicap=2)   # no fixed handicap below 7x7


@pytest.mark.parametrize("board", [0, 26, -1, "9x0", "abc", (0, 5), (5, 26)])
def test_bad_board_sizes(board):
    with pytest.raises(ValueError) as error:
        tengen.Game(board=board)
    assert "bad board size" in str(error.value)


def test_sgf_round_trip():
    game = tengen.Game(board=(9, 7), rules="japanese", komi=0.5)
    play_all(game, ["C4", "D4", "B3", "E3", "C2", "D2", "D3", "C3", "pass", "J7", "pass", "pass"])
    assert game.is_over
    text = game.to_sgf()
    assert "SZ[9:7]" in text and "KM[0.5]" in text and "RE[" in text
    back = tengen.Game.from_sgf(text)
    assert back.rules == game.rules
    assert state(back) == state(game)
    assert back.score() == game.score()
    handicap = tengen.Game(board=9, rules="japanese", handicap=3)
    handicap.play("B2")
    back = tengen.Game.from_sgf(handicap.to_sgf())
    assert back.handicap == 3 and state(back) == state(handicap)


def test_bad_sgf():
    with pytest.raises(ValueError):
        tengen.Game.from_sgf("(;GM[1]SZ[9];B[ee]")
    with pytest.raises(ValueError):
        tengen.Game.from_sgf("no game here")
    with pytest.raises(IllegalMove) as error:
        tengen.Game.from_sgf("(;GM[1]FF[4]SZ[9];B[ee];W[ee])")
    assert error.value.reason == "occupied" and "move 2" in str(error.value)
    with pytest.raises(ValueError) as error:
        tengen.Game.from_sgf("(;GM[1]FF[4]SZ[9]RU[Japanese];B[];W[];B[ee])")
    assert "one game" in str(error.value)


def test_numpy_integers_as_points():
    # np.argwhere gives NumPy integers, [y, x]: any integer-like works.
    game = tengen.Game(board=5)
    game.play((np.int64(0), np.int64(0)))
    game.play((np.int32(1), np.uint8(0)))
    assert game.moves == [(1, "A5"), (2, "B5")]
    for y, x in np.argwhere(game.legal_mask()):
        assert game.is_legal((x, y))
    y, x = np.argwhere(game.legal_mask())[0]
    game.play([x, y])
    assert game.moves[-1] == (1, "C5")
    with pytest.raises(TypeError) as error:
        game.play(np.argwhere(game.legal_mask())[0])
    assert "argwhere" in str(error.value)
    for bad in ((np.float64(0), 0), (0.0, 0), (True, 0), (np.bool_(True), 0)):
        with pytest.raises(TypeError):
            game.play(bad)
    assert tengen.Game(board=np.int64(7)).width == 7
    assert tengen.Game(board=(np.int64(7), 5), handicap=np.int8(0)).height == 5


def test_huge_coordinates_are_off_the_board():
    game = tengen.Game()
    for move in ((2**63, 0), (0, -(2**63) - 1), (2**100, 2**100), (np.uint64(2**63), 0)):
        with pytest.raises(IllegalMove) as error:
            game.play(move)
        assert error.value.reason == "off board"
        assert "refused: off board" in str(error.value)
        assert game.is_legal(move) is False
    assert game.moves == []


def test_from_sgf_takes_text_or_a_path(tmp_path):
    game = tengen.Game(board=9)
    play_all(game, ["E5", "C3"])
    path = tmp_path / "game.sgf"
    path.write_text(game.to_sgf())
    assert state(tengen.Game.from_sgf(path)) == state(game)
    with pytest.raises(ValueError) as error:
        tengen.Game.from_sgf(str(path))
    assert "not SGF text" in str(error.value) and "pathlib.Path" in str(error.value)
    with pytest.raises(ValueError) as error:
        tengen.Game.from_sgf(tmp_path / "missing.sgf")
    assert "missing.sgf" in str(error.value)
    with pytest.raises(TypeError):
        tengen.Game.from_sgf(b"(;GM[1])")


def test_every_komi_survives_to_sgf_and_back():
    # KM[100] is Tengen's 100, not 1 in hundredths: every komi from -1000 to
    # 1000 in half points, on 9x9 and 19x19.
    for board in (9, 19):
        for twice in range(-2000, 2001):
            komi = twice / 2
            back = tengen.Game.from_sgf(tengen.Game(board=board, komi=komi).to_sgf())
            assert back.rules.komi == komi, (board, komi)


def test_pickle_gives_the_same_game():
    import pickle
    import random

    rng = random.Random(3)
    games = [tengen.Game(board=(9, 7), rules="japanese", komi=100),
             tengen.Game(board=9, rules="chinese", handicap=4),
             tengen.Game(board=5, rules="tromp-taylor,komi=-0.5", handicap=2),
             tengen.Game.from_sgf("(;GM[1]FF[4]SZ[7]AB[dd][cc]AW[ee]PL[W];W[aa])")]
    for game in games:
        for _ in range(rng.randrange(0, 60)):
            legal = game.legal_moves()
            if game.is_over:
                break
            game.play(rng.choice(legal) if legal and rng.random() < 0.9 else "pass")
        back = pickle.loads(pickle.dumps(game))
        assert state(back) == state(game)
        assert back.rules == game.rules and back.handicap == game.handicap
        assert back.score() == game.score() and back.to_sgf() == game.to_sgf()
        assert back.legal_moves() == game.legal_moves()
        assert state(copy.deepcopy(back)) == state(game)
    over = tengen.Game(board=3)
    play_all(over, ["B2", "pass", "pass"])
    back = pickle.loads(pickle.dumps(over))
    assert back.is_over and back.end_reason == over.end_reason


def test_dead_stones_estimate():
    # Two walls on 5x5 and a white stone at A3 in Black's area: dead.
    game = tengen.Game(board=5, rules="chinese")
    for black, white in zip(["B1", "B2", "B3", "B4", "B5"], ["D1", "D2", "D3", "D4", "D5"]):
        game.play(black)
        game.play(white)
    game.pass_move()
    game.play("A3")
    estimate = game.dead_stones(playouts=200, seed=7, threads=1)
    assert estimate["dead"] == [(0, 2)] and estimate["seki"] == []
    assert estimate["score"]["result"] == "W+7.5"
    assert game.score()["result"] == "W+13.5"  # the board as it stands
    assert estimate["black_owned"].shape == (5, 5)
    assert estimate["black_owned"][2, 0] > 0.5 and estimate["white_owned"][2, 4] > 0.5
    assert (estimate["playouts"], estimate["seed"]) == (200, 7)
    two = game.dead_stones(playouts=200, seed=7, threads=2)
    assert two["dead"] == estimate["dead"]
    assert (two["black_owned"] == estimate["black_owned"]).all()
    for bad in ({"playouts": 0}, {"dead_percent": 101}, {"seed": -1}):
        with pytest.raises(ValueError):
            game.dead_stones(**bad)
