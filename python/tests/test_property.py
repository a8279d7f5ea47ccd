"""Property: random rules, board sizes and move sequences give the same
positions, legal sets and prisoners on tengen.Game as on the reference model
(reference/, the rules written the literal way), both through the binding."""

import os

from hypothesis import given, settings, strategies as st

import tengen

KO = ["simple", "positional", "situational"]
SUICIDE = ["forbidden", "multi", "allowed"]
CASES = int(os.environ.get("TENGEN_CASES", "1000")) // 5 or 1


@settings(max_examples=CASES, deadline=None)
@given(width=st.integers(1, 5), height=st.integers(1, 5), ko=st.sampled_from(KO),
       suicide=st.sampled_from(SUICIDE),
       choices=st.lists(st.integers(0, 10**6), min_size=0, max_size=60))
def test_game_agrees_with_the_reference(width, height, ko, suicide, choices):
    rules = tengen.Rules(f"ko={ko},suicide={suicide}")
    game = tengen.Game(board=(width, height), rules=rules)
    ref = tengen.reference.Game(width, height, rules)
    for choice in choices:
        assert game.is_over == ref.is_over
        if game.is_over:
            break
        legal = sorted(y * width + x for x, y in game.legal_moves())
        assert legal == [p for p in ref.legal_moves() if p >= 0]
        assert game.board.ravel().tolist() == ref.colouring()
        assert game.to_move == ref.to_move
        # Mostly moves, sometimes a pass (index len(legal)), sometimes a move
        # the rules refuse (checked to raise and change nothing).
        pick = choice % (len(legal) + 2)
        if pick < len(legal):
            p = legal[pick]
            game.play((p % width, p // width))
            assert ref.play(p) == "legal"
        elif pick == len(legal):
            game.pass_move()
            assert ref.play(-1) == "legal"
        else:
            refused = [p for p in range(width * height) if p not in legal]
            if refused:
                p = refused[choice % len(refused)]
                before = game.board.copy()
                try:
                    game.play((p % width, p // width))
                    raise AssertionError("a refused move was played")
                except tengen.IllegalMove as error:
                    assert error.reason == ref.play(p)
                assert (game.board == before).all()
        black = ref.prisoners(1) + ref.suicides(2)
        white = ref.prisoners(2) + ref.suicides(1)
        assert game.captures == {"black": black, "white": white}
    assert game.board.ravel().tolist() == ref.colouring()
