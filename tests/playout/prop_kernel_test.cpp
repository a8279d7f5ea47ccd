// The playout kernel (playout/playout_game.h) held to the reference model: on
// random rules, sizes, handicaps, set-up positions and move sequences, at
// every step the same legal set for the side to move (every empty point), the
// same colouring, player to move, prisoners and suicides, every incremental
// field of the kernel's board consistent with its colours
// (playout/playout_check.h), and at the end the same score; on every instance (the dispatch picks
// the fixed 9x9, 13x13 and 19x19 geometries where the size fits, run-time geometry elsewhere).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "playout/playout_check.h"
#include "playout/playout_dispatch.h"
#include "tests/support/generators.h"

namespace tengen::props {
namespace {

template <class G>
void check_kernel(const Scenario& s) {
  std::string handicap_error;
  const tengen::Game fast = start_fast(s, &handicap_error);
  RC_PRE(handicap_error.empty());
  GamePair pair = start_pair(s);
  reference::Game& ref = pair.ref;
  G kernel(PlayoutStart(fast), s.rules, int(s.attempts.size()) + 1);
  const Board& board = fast.board();  // geometry for point names
  const int w = s.width, h = s.height;
  auto same_state = [&] {
    RC_ASSERT(check_consistency(kernel.board()) == "");
    RC_ASSERT(kernel.to_move() == ref.to_move());
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) RC_ASSERT(kernel.at(board.point(x, y)) == ref.at(y * w + x));
    }
    for (Color c : {Color::Black, Color::White}) {
      RC_ASSERT(kernel.prisoners(c) == ref.prisoners(c));
      RC_ASSERT(kernel.suicides(c) == ref.suicides(c));
    }
  };
  same_state();
  for (const Attempt& a : s.attempts) {
    if (ref.over()) break;
    const Color c = ref.to_move();
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Point p = board.point(x, y);
        if (kernel.at(p) != Color::Empty) continue;
        RC_ASSERT(kernel.legal(p, c) == (ref.check(c, y * w + x) == MoveError::None));
      }
    }
    if (a.kind == AttemptKind::Pass || a.kind == AttemptKind::Agree) {
      RC_ASSERT(ref.play(c, reference::kPass) == MoveError::None);
      kernel.play(kPass, c);
    } else {
      Attempt in_turn = a;
      in_turn.out_of_turn = false;
      const AttemptPoint point = attempt_point(board, c, in_turn);
      if (point.ref < 0 || point.ref >= w * h) continue;  // off the board
      if (ref.play(c, point.ref) != MoveError::None) continue;
      kernel.play(point.fast, c);
    }
    same_state();
  }
  std::vector<Color> owner(size_t(board.array_size()), Color::Wall);
  const AreaCount count = kernel.count_area(owner.data());
  ScoreContext context;
  // Suicided stones are the opponent's prisoners (Game::score).
  context.black_prisoners = kernel.prisoners(Color::Black) + kernel.suicides(Color::White);
  context.white_prisoners = kernel.prisoners(Color::White) + kernel.suicides(Color::Black);
  context.handicap_stones = kernel.handicap();
  const Score score = score_count(count, s.rules, context);
  const reference::Score expected = ref.score(std::vector<int>{});
  RC_ASSERT(score.black == expected.black);
  RC_ASSERT(score.white == expected.white);
  RC_ASSERT(score.margin == expected.margin);
  RC_ASSERT(score.winner == expected.winner);
}

void check_scenario(const Scenario& s) {
  dispatch_playout_game(s.width, s.height, s.rules,
                        [&]<class G>(TypeTag<G>) { check_kernel<G>(s); });
}

RC_GTEST_PROP(Kernel, EqualsReferenceOnAnyBoard, ()) {
  check_scenario(*gen_scenario());
}

RC_GTEST_PROP(Kernel, EqualsReferenceOnTinyBoards, ()) {
  ScenarioOptions options;
  options.tiny_boards = true;
  check_scenario(*gen_scenario(options));
}

RC_GTEST_PROP(Kernel, EqualsReferenceOn9x9, ()) {
  ScenarioOptions options;
  options.width = options.height = 9;
  check_scenario(*gen_scenario(options));
}

RC_GTEST_PROP(Kernel, EqualsReferenceOn13x13, ()) {
  ScenarioOptions options;
  options.width = options.height = 13;
  options.max_attempts = 80;
  check_scenario(*gen_scenario(options));
}

RC_GTEST_PROP(Kernel, EqualsReferenceOn19x19, ()) {
  ScenarioOptions options;
  options.width = options.height = 19;
  options.max_attempts = 40;
  check_scenario(*gen_scenario(options));
}

}  // namespace
}  // namespace tengen::props
