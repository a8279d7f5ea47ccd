// Invariants of a game as it is played, on the fast engine and (where it
// applies) on the reference model: one clearing per move, chains with
// liberties and a self-consistent board, conservation of stones, and illegal
// moves that change nothing.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <vector>

#include "tests/support/generators.h"

namespace tengen::props {
namespace {

constexpr std::array<Color, 2> kColors = {Color::Black, Color::White};

// Chains found from the colours alone, held against the board's chain lists,
// exact liberty counts and stone counts; every chain must have a liberty.
void expect_chains_match_colours(const Board& board) {
  std::vector<int> chain_of(board.array_size(), -1);
  std::vector<int> liberty_mark(board.array_size(), -1);
  int chains = 0;
  std::array<int, 4> stones{};
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point start = board.point(x, y);
      const Color c = board.at(start);
      stones[int(c)] += 1;
      if (c == Color::Empty || chain_of[start] >= 0) continue;
      const int id = chains++;
      std::vector<Point> members = {start};
      chain_of[start] = id;
      int liberties = 0;
      for (size_t i = 0; i < members.size(); ++i) {
        for (int d : board.offsets()) {
          const Point n = Point(members[i] + d);
          if (board.at(n) == c && chain_of[n] < 0) {
            chain_of[n] = id;
            members.push_back(n);
          } else if (board.at(n) == Color::Empty && liberty_mark[n] != id) {
            liberty_mark[n] = id;
            ++liberties;
          }
        }
      }
      RC_ASSERT(liberties > 0);
      for (Point m : members) {
        RC_ASSERT(board.chain_head(m) == board.chain_head(start));
        RC_ASSERT(board.chain_size(m) == int(members.size()));
        RC_ASSERT(board.liberties(m) == liberties);
      }
      // The circular list from the head visits exactly the members.
      int length = 0;
      Point s = board.chain_head(start);
      do {
        RC_ASSERT(chain_of[s] == id);
        s = board.next_in_chain(s);
        ++length;
      } while (s != board.chain_head(start) && length <= int(members.size()));
      RC_ASSERT(length == int(members.size()));
    }
  }
  for (Color c : kColors) RC_ASSERT(board.stones(c) == stones[int(c)]);
  RC_ASSERT(board.empty_count() == stones[int(Color::Empty)]);
  RC_ASSERT(!board.has_chain_without_liberties());
}

// 1. A move captures, or it is a suicide, never both: on the board for every
// empty point and both colours (what effect() predicts, what play() does and
// what the reference's literal clearings do), and for every move played.
RC_GTEST_PROP(Engine, AtMostOneClearingPerMove, ()) {
  const Scenario s = *gen_scenario();
  GamePair g = start_pair(s);
  for (const Attempt& a : s.attempts) {
    const Board board = g.fast.board();
    const reference::Colouring colouring = colouring_of(board);
    reference::Colouring literal;
    Board after = board;
    for (int p = 0; p < board.area(); ++p) {
      if (colouring[p] != Color::Empty) continue;
      const Point fp = to_fast(board, p);
      for (Color c : kColors) {
        const MoveEffect effect = board.effect(fp, c);
        after = board;
        const PlayResult result = after.play(fp, c);
        literal.assign(colouring.begin(), colouring.end());
        const reference::Clearing clearing =
            reference::apply_move(board.width(), board.height(), literal, c, p);
        bool same_board = true;
        for (int q = 0; q < board.area(); ++q) {
          same_board = same_board && after.at(to_fast(board, q)) == literal[q];
        }
        const bool ok = (effect.captured_stones == 0 || effect.suicided_stones == 0) &&
                        (clearing.opponent_stones == 0 || clearing.own_stones == 0) &&
                        result.captured_stones == effect.captured_stones &&
                        result.suicided_stones == effect.suicided_stones &&
                        clearing.opponent_stones == result.captured_stones &&
                        clearing.own_stones == result.suicided_stones && same_board;
        if (!ok) {
          RC_FAIL(std::string(to_string(c)) + " " + gtp_vertex(board, fp) + ": effect() " +
                  std::to_string(effect.captured_stones) + " captured, " +
                  std::to_string(effect.suicided_stones) + " suicided; play() " +
                  std::to_string(result.captured_stones) + ", " +
                  std::to_string(result.suicided_stones) + "; literal clearings " +
                  std::to_string(clearing.opponent_stones) + ", " +
                  std::to_string(clearing.own_stones) +
                  (same_board ? "" : "; play() and the literal clearings leave different boards"));
        }
      }
    }
    const Color c = mover(g.fast.to_move(), a);
    const int captured = g.fast.prisoners(c);
    const int suicided = g.fast.suicides(c);
    const Answer fast = attempt_fast(g.fast, a);
    RC_ASSERT(attempt_ref(g.ref, board, a) == fast);
    RC_ASSERT(g.fast.prisoners(c) == captured || g.fast.suicides(c) == suicided);
    const reference::Clearing last = g.ref.last_clearing();
    RC_ASSERT(last.opponent_stones == 0 || last.own_stones == 0);
  }
}

// 2. After every turn every chain has a liberty, the board's incremental state
// equals its from-scratch recomputation, and prisoners and suicides grow by
// exactly the stones that left the board.
RC_GTEST_PROP(Engine, ChainsHaveLibertiesAndBoardIsConsistent, ()) {
  const Scenario s = *gen_scenario();
  tengen::Game game = start_fast(s);
  expect_chains_match_colours(game.board());
  RC_ASSERT(game.board().check_consistency() == "");
  for (const Attempt& a : s.attempts) {
    const Color c = mover(game.to_move(), a);
    const Color o = opponent(c);
    const Board before = game.board();
    const int prisoners = game.prisoners(c);
    const int suicides = game.suicides(c);
    const int opponent_prisoners = game.prisoners(o);
    const int opponent_suicides = game.suicides(o);
    const Answer answer = attempt_fast(game, a);
    const Board& after = game.board();
    RC_ASSERT(after.check_consistency() == "");
    expect_chains_match_colours(after);
    const bool placed = a.kind != AttemptKind::Agree && a.kind != AttemptKind::Pass &&
                        answer.error == MoveError::None;
    RC_ASSERT(game.prisoners(c) - prisoners == before.stones(o) - after.stones(o));
    RC_ASSERT(game.suicides(c) - suicides == before.stones(c) + int(placed) - after.stones(c));
    RC_ASSERT(game.prisoners(o) == opponent_prisoners);
    RC_ASSERT(game.suicides(o) == opponent_suicides);
    if (!placed) RC_ASSERT(after.same_colouring(before));
  }
}

// 6. For each colour: stones placed (at the start and by moves) = stones on the
// board + stones the opponent captured + stones removed by its own suicides;
// in both engines.
RC_GTEST_PROP(Engine, StonesAreConserved, ()) {
  const Scenario s = *gen_scenario();
  GamePair g = start_pair(s);
  std::array<int, 3> placed{};
  for (Color c : kColors) placed[int(c)] = g.fast.board().stones(c);
  auto expect_conserved = [&] {
    for (Color c : kColors) {
      RC_ASSERT(placed[int(c)] ==
                g.fast.board().stones(c) + g.fast.prisoners(opponent(c)) + g.fast.suicides(c));
      const reference::Colouring& colouring = g.ref.colouring();
      const int on_board = int(std::count(colouring.begin(), colouring.end(), c));
      RC_ASSERT(placed[int(c)] == on_board + g.ref.prisoners(opponent(c)) + g.ref.suicides(c));
    }
  };
  expect_conserved();
  for (const Attempt& a : s.attempts) {
    const Color c = mover(g.fast.to_move(), a);
    const Board before = g.fast.board();
    const Answer fast = attempt_fast(g.fast, a);
    RC_ASSERT(attempt_ref(g.ref, before, a) == fast);
    if (a.kind != AttemptKind::Agree && fast.error == MoveError::None &&
        attempt_point(before, c, a).fast != kPass) {
      placed[int(c)] += 1;
    }
    expect_conserved();
  }
}

// Everything a game shows, and its answers to checks (which reveal hidden
// state: the ko point, the position history).
struct Snapshot {
  reference::Colouring colouring;
  uint64_t hash = 0;        // the fast engine's only
  std::vector<Move> moves;  // the fast engine's only
  int turns = 0;            // the reference's only
  Color to_move = Color::Black;
  std::array<int, 4> counts{};  // prisoners and suicides of both colours
  int passes = 0;
  EndReason end = EndReason::None;
  std::vector<int> dead;  // as reference points
  int handicap = 0;
  // The fast engine: every point for both colours; the reference (slow): the
  // side to move's.
  std::vector<MoveError> checks;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

// The fields both engines show through the same calls.
template <class G>
Snapshot shared_snapshot(const G& g) {
  Snapshot s;
  s.to_move = g.to_move();
  s.counts = {g.prisoners(Color::Black), g.prisoners(Color::White), g.suicides(Color::Black),
              g.suicides(Color::White)};
  s.passes = g.consecutive_passes();
  s.end = g.end_reason();
  s.handicap = g.handicap();
  return s;
}

Snapshot snapshot(const tengen::Game& g) {
  Snapshot s = shared_snapshot(g);
  s.colouring = colouring_of(g.board());
  s.hash = g.board().hash();
  s.moves = g.moves();
  s.dead = to_reference(g.board(), g.dead_stones());
  for (Color c : kColors) {
    s.checks.push_back(g.check(c, kPass));
    for (int p = 0; p < g.board().area(); ++p)
      s.checks.push_back(g.check(c, to_fast(g.board(), p)));
  }
  return s;
}

Snapshot snapshot(const reference::Game& g) {
  Snapshot s = shared_snapshot(g);
  s.colouring = g.colouring();
  s.turns = g.turns();
  s.dead = g.dead_stones();
  for (int p = -1; p < g.area(); ++p) s.checks.push_back(g.check(p));
  return s;
}

// Plays a refused attempt on both engines and asserts they refuse it alike:
// with `expected` for a move, or by refusing the agreement.
void refuse_on_both(GamePair& g, const Board& board, const Attempt& a, MoveError expected) {
  const Answer fast = attempt_fast(g.fast, a);
  RC_ASSERT(attempt_ref(g.ref, board, a) == fast);
  RC_ASSERT(fast == (Answer{expected, false}));
}

MoveError when_going_on(const tengen::Game& g, MoveError e) {
  return g.over() ? MoveError::GameOver : e;
}

// 7. An illegal move leaves a game exactly as it was: colouring, hash, player
// to move, moves, prisoners, passes, end, and every later answer. At every
// turn both engines are offered a move on an occupied point, one off the
// board, an agreement that names an empty point, and the scenario's attempt
// when it is refused; then the attempt is played if it is legal.
RC_GTEST_PROP(Engine, IllegalMovesChangeNothing, ()) {
  const Scenario s = *gen_scenario();
  GamePair g = start_pair(s);
  int refused = 0;
  for (const Attempt& a : s.attempts) {
    const Board board = g.fast.board();
    const Color c = mover(g.fast.to_move(), a);
    const Snapshot fast_before = snapshot(g.fast);
    const Snapshot ref_before = snapshot(g.ref);

    if (board.empty_count() < board.area()) {
      const std::vector<Point> stones = pick_stones(board, ~0u);
      const Point occupied = stones[a.selector % stones.size()];
      Attempt on_stone;
      on_stone.x = board.column(occupied);
      on_stone.y = board.row(occupied);
      refuse_on_both(g, board, on_stone, when_going_on(g.fast, MoveError::Occupied));
    }
    Attempt off = a;
    off.kind = AttemptKind::OffBoard;
    refuse_on_both(g, board, off, when_going_on(g.fast, MoveError::OffBoard));
    if (board.empty_count() > 0) {
      std::vector<Point> dead = pick_stones(board, a.selector);
      dead.push_back(board.empty_point(int(a.selector % uint32_t(board.empty_count()))));
      RC_ASSERT(!g.fast.agree_dead(dead));
      RC_ASSERT(!g.ref.agree_dead(to_reference(board, dead)));
    }
    const MoveError predicted = g.fast.check(c, attempt_point(board, c, a).fast);
    const bool move_refused = a.kind != AttemptKind::Agree && predicted != MoveError::None;
    if (move_refused) {
      refuse_on_both(g, board, a, predicted);
      ++refused;
    }
    RC_ASSERT(snapshot(g.fast) == fast_before);
    RC_ASSERT(snapshot(g.ref) == ref_before);
    RC_ASSERT(g.fast.board().check_consistency() == "");
    if (move_refused) continue;

    const Answer fast = attempt_fast(g.fast, a);
    RC_ASSERT(attempt_ref(g.ref, board, a) == fast);
    if (a.kind == AttemptKind::Agree && !fast.agreed) {
      RC_ASSERT(snapshot(g.fast) == fast_before);
      RC_ASSERT(snapshot(g.ref) == ref_before);
    }
  }
  RC_TAG(refused > 0 ? "own attempts refused" : "no own attempt refused");
}

}  // namespace
}  // namespace tengen::props
