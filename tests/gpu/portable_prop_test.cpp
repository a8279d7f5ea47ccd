// The portable game (gpu/portable_game.h) held to the reference model, as
// tests/playout/prop_kernel_test.cpp holds the kernel: on random rules,
// sizes, handicaps, set-up positions and move sequences, at every step the
// same legal set for the side to move (every empty point), the same
// colouring, player to move, prisoners and suicides, and at the end the same
// score; on every portable instance (fixed 9x9, 13x13, 19x19; run-time).
// Shorter sequences on the fixed sizes than the kernel's test (the reference
// model's legal set is the cost): long games on every instance are
// portable_same_games_test's, move for move equal to the kernel's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "gpu/portable_dispatch.h"
#include "gpu/portable_host.h"
#include "tests/support/generators.h"

namespace tengen::props {
namespace {

template <class G>
void check_portable(const Scenario& s) {
  std::string handicap_error;
  const tengen::Game fast = start_fast(s, &handicap_error);
  RC_PRE(handicap_error.empty());
  GamePair pair = start_pair(s);
  reference::Game& ref = pair.ref;
  gpu::PortableHost<G> host(fast, int(s.attempts.size()) + 1);
  G& game = host.game();
  const Board& board = fast.board();
  const int w = s.width, h = s.height;
  auto same_state = [&] {
    RC_ASSERT(game.to_move() == ref.to_move());
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) RC_ASSERT(game.at(board.point(x, y)) == ref.at(y * w + x));
    }
    for (Color c : {Color::Black, Color::White}) {
      RC_ASSERT(game.prisoners(c) == ref.prisoners(c));
      RC_ASSERT(game.suicides(c) == ref.suicides(c));
    }
    // The empty list holds exactly the empty points.
    int empties = 0;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) empties += game.at(board.point(x, y)) == Color::Empty;
    }
    RC_ASSERT(game.empty_count() == empties);
    for (int i = 0; i < game.empty_count(); ++i) {
      RC_ASSERT(game.at(game.empty_point(i)) == Color::Empty);
    }
  };
  same_state();
  for (const Attempt& a : s.attempts) {
    if (ref.over()) break;
    const Color c = ref.to_move();
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Point p = board.point(x, y);
        if (game.at(p) != Color::Empty) continue;
        RC_ASSERT(game.legal(p, c) == (ref.check(c, y * w + x) == MoveError::None));
      }
    }
    if (a.kind == AttemptKind::Pass || a.kind == AttemptKind::Agree) {
      RC_ASSERT(ref.play(c, reference::kPass) == MoveError::None);
      game.play(kPass, c);
    } else {
      Attempt in_turn = a;
      in_turn.out_of_turn = false;
      const AttemptPoint point = attempt_point(board, c, in_turn);
      if (point.ref < 0 || point.ref >= w * h) continue;  // off the board
      if (ref.play(c, point.ref) != MoveError::None) continue;
      game.play(point.fast, c);
    }
    same_state();
  }
  std::vector<Color> owner(size_t(G::N), Color::Wall);
  const AreaCount count = game.count_area(owner.data(), host.stack_scratch());
  ScoreContext context;
  context.black_prisoners = game.prisoners(Color::Black) + game.suicides(Color::White);
  context.white_prisoners = game.prisoners(Color::White) + game.suicides(Color::Black);
  context.handicap_stones = game.handicap();
  const Score score = score_count(count, s.rules, context);
  const reference::Score expected = ref.score(std::vector<int>{});
  RC_ASSERT(score.black == expected.black);
  RC_ASSERT(score.white == expected.white);
  RC_ASSERT(score.margin == expected.margin);
  RC_ASSERT(score.winner == expected.winner);
}

void check_scenario(const Scenario& s) {
  gpu::dispatch_portable_game(s.width, s.height, s.rules,
                              [&]<class G>(gpu::PortableTag<G>) { check_portable<G>(s); });
}

RC_GTEST_PROP(Portable, EqualsReferenceOnAnyBoard, ()) {
  check_scenario(*gen_scenario());
}

RC_GTEST_PROP(Portable, EqualsReferenceOnTinyBoards, ()) {
  ScenarioOptions options;
  options.tiny_boards = true;
  check_scenario(*gen_scenario(options));
}

// The fixed geometries, one of the three a case: shorter sequences on the
// larger boards (the reference model's legal set at every step is the cost).
RC_GTEST_PROP(Portable, EqualsReferenceOnFixedSizes, ()) {
  ScenarioOptions options;
  const int size = *rc::gen::element(9, 13, 19);
  options.width = options.height = size;
  options.max_attempts = size == 9 ? 60 : (size == 13 ? 25 : 12);
  check_scenario(*gen_scenario(options));
}

}  // namespace
}  // namespace tengen::props
