// Game::undo takes a turn back exactly: for random games under every preset
// and random rules (ko, suicide, scoring, end rule, handicap, set-up
// positions), playing a turn and undoing it, or undoing several turns, gives
// back every observable: the board's colouring, chains, liberty counts, hash
// and empty list, the positions seen, prisoners, suicides, passes, the ko
// point, the player to move, the moves, the end, the legality of every point
// for both colours, and the score; the board checks itself after every undo.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/generators.h"

namespace tengen::props {
namespace {

// Everything a game lets one see, gathered in one value.
struct Observed {
  std::vector<Color> colours;  // row-major
  std::vector<Point> heads, next;
  std::vector<int> liberties, sizes;
  std::vector<Point> empty_list;  // in the board's order
  uint64_t hash = 0;
  std::vector<uint64_t> history;
  std::vector<int> counts;  // prisoners, suicides (Black, White), passes, handicap
  Point ko_point = kNoPoint;
  Color to_move = Color::Empty;
  std::vector<Move> moves;
  EndReason end = EndReason::None;
  std::vector<Point> dead;
  std::vector<MoveError> legality;  // Black then White: every point, then the pass
  std::vector<double> score;        // black, white, neutral, margin, winner
};

Observed observe(const Game& game) {
  Observed o;
  const Board& b = game.board();
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      const bool stone = b.at(p) != Color::Empty;
      o.colours.push_back(b.at(p));
      o.heads.push_back(stone ? b.chain_head(p) : kNoPoint);
      o.next.push_back(stone ? b.next_in_chain(p) : kNoPoint);
      o.liberties.push_back(stone ? b.liberties(p) : -1);
      o.sizes.push_back(stone ? b.chain_size(p) : -1);
    }
  }
  for (int i = 0; i < b.empty_count(); ++i) o.empty_list.push_back(b.empty_point(i));
  o.hash = b.hash();
  for (int i = 0; i < game.history().size(); ++i) o.history.push_back(game.history().key(i));
  o.counts = {game.prisoners(Color::Black), game.prisoners(Color::White),
              game.suicides(Color::Black),  game.suicides(Color::White),
              game.consecutive_passes(),    game.handicap()};
  o.ko_point = game.ko_point();
  o.to_move = game.to_move();
  o.moves = game.moves();
  o.end = game.end_reason();
  o.dead = game.dead_stones();
  for (Color c : {Color::Black, Color::White}) {
    for (int y = 0; y < b.height(); ++y) {
      for (int x = 0; x < b.width(); ++x) o.legality.push_back(game.check(c, b.point(x, y)));
    }
    o.legality.push_back(game.check(c, kPass));
  }
  const Score s = game.score();
  o.score = {double(s.black), double(s.white), double(s.neutral), s.margin, double(s.winner)};
  return o;
}

// "" if equal, else the first observable that differs.
std::string difference(const Observed& a, const Observed& b) {
  if (a.colours != b.colours) return "board colouring";
  if (a.heads != b.heads) return "chain heads";
  if (a.next != b.next) return "chain lists";
  if (a.liberties != b.liberties) return "liberty counts";
  if (a.sizes != b.sizes) return "chain sizes";
  if (a.empty_list != b.empty_list) return "empty list";
  if (a.hash != b.hash) return "hash";
  if (a.history != b.history) return "positions seen";
  if (a.counts != b.counts) return "prisoners, suicides, passes or handicap";
  if (a.ko_point != b.ko_point) return "ko point";
  if (a.to_move != b.to_move) return "player to move";
  if (a.moves != b.moves) return "moves";
  if (a.end != b.end) return "end of the game";
  if (a.dead != b.dead) return "dead stones";
  if (a.legality != b.legality) return "legality of a point";
  if (a.score != b.score) return "score";
  return "";
}

// Every preset (with a random komi) or random rules.
Scenario scenario(bool presets, const ScenarioOptions& options = {}) {
  Scenario s = *gen_scenario(options);
  if (presets) {
    const double komi = s.rules.komi;
    s.rules = *Rules::preset(*rc::gen::elementOf(Rules::preset_names()));
    s.rules.komi = komi;
  }
  RC_TAG(presets ? "preset" : "random rules");
  return s;
}

void undo_checked(Game& game) {
  RC_ASSERT(game.can_undo());
  game.undo();
  RC_ASSERT(game.board().check_consistency() == "");
}

// Before each attempt, and after it whenever it played a turn: undo, compare
// with before, play the turn again and compare with after. An agreement is
// taken back with the turn before it.
void one_turn_at_a_time(const Scenario& s) {
  Game game = start_fast(s);
  std::vector<Observed> by_turn = {observe(game)};  // by_turn[k]: k turns played
  Observed now = by_turn[0];
  for (const Attempt& a : s.attempts) {
    const size_t turns = game.moves().size();
    const Answer answer = attempt_fast(game, a);
    if (answer.agreed) {
      now = observe(game);
      const Move pass = game.moves().back();
      const std::vector<Point> dead = game.dead_stones();
      undo_checked(game);
      RC_ASSERT(difference(by_turn[turns - 1], observe(game)) == "");
      RC_ASSERT(game.play(pass.color, pass.point) == MoveError::None);
      RC_ASSERT(game.agree_dead(dead));
      RC_ASSERT(difference(now, observe(game)) == "");
      continue;
    }
    if (game.moves().size() == turns) {
      RC_ASSERT(difference(now, observe(game)) == "");  // a refusal changes nothing
      continue;
    }
    const Observed after = observe(game);
    const Move move = game.moves().back();
    RC_CLASSIFY(move.point == kPass, "undid a pass");
    RC_CLASSIFY(after.counts[0] + after.counts[1] > now.counts[0] + now.counts[1],
                "undid a capture");
    RC_CLASSIFY(after.counts[2] + after.counts[3] > now.counts[2] + now.counts[3],
                "undid a suicide");
    RC_CLASSIFY(move.color == now.to_move && after.to_move == move.color,
                "undid a free-handicap stone");
    undo_checked(game);
    RC_ASSERT(difference(by_turn[turns], observe(game)) == "");
    RC_ASSERT(game.play(move.color, move.point) == MoveError::None);
    RC_ASSERT(difference(after, observe(game)) == "");
    by_turn.push_back(after);
    now = after;
  }
}

// Plays every attempt, then undoes a random number of turns, comparing each
// step with the game as it was; plays the same turns again; then undoes all.
void several_turns(const Scenario& s) {
  Game game = start_fast(s);
  std::vector<Observed> by_turn = {observe(game)};
  for (const Attempt& a : s.attempts) {
    attempt_fast(game, a);
    if (game.end_reason() == EndReason::Agreement || game.moves().size() < by_turn.size()) continue;
    by_turn.push_back(observe(game));
  }
  const Observed last = observe(game);
  const std::vector<Move> moves = game.moves();
  const std::vector<Point> dead = game.dead_stones();
  const bool agreed = game.end_reason() == EndReason::Agreement;
  const size_t back = *rc::gen::inRange<size_t>(0, moves.size() + 1);
  RC_CLASSIFY(back >= 10, "ten turns back or more");
  for (size_t k = 1; k <= back; ++k) {
    undo_checked(game);
    RC_ASSERT(difference(by_turn[moves.size() - k], observe(game)) == "");
  }
  for (size_t i = moves.size() - back; i < moves.size(); ++i) {
    RC_ASSERT(game.play(moves[i].color, moves[i].point) == MoveError::None);
  }
  if (agreed && back > 0) RC_ASSERT(game.agree_dead(dead));
  RC_ASSERT(difference(last, observe(game)) == "");
  while (game.can_undo()) undo_checked(game);
  RC_ASSERT(difference(by_turn[0], observe(game)) == "");
  RC_ASSERT_THROWS_AS(game.undo(), std::logic_error);
}

RC_GTEST_PROP(Undo, OneTurnRestoresEverything, ()) {
  one_turn_at_a_time(scenario(false));
}

RC_GTEST_PROP(Undo, OneTurnRestoresEverythingUnderEveryPreset, ()) {
  one_turn_at_a_time(scenario(true));
}

RC_GTEST_PROP(Undo, OneTurnRestoresEverythingOnTinyBoards, ()) {
  // Boards of up to 9 points, where superko and suicide come up most.
  ScenarioOptions options;
  options.tiny_boards = true;
  options.handicap = false;
  one_turn_at_a_time(scenario(*rc::gen::arbitrary<bool>(), options));
}

RC_GTEST_PROP(Undo, SeveralTurnsRestoreEverything, ()) {
  several_turns(scenario(false));
}

RC_GTEST_PROP(Undo, SeveralTurnsRestoreEverythingUnderEveryPreset, ()) {
  several_turns(scenario(true));
}

RC_GTEST_PROP(Undo, ReorderedEmptyListKeepsItsPoints, ()) {
  // A playout policy may reorder the empty list (swap_empty) between a turn
  // and its undo: the list then holds the same points, in some order.
  const Scenario s = scenario(false);
  Game game = start_fast(s);
  for (const Attempt& a : s.attempts) {
    std::vector<Point> before;
    for (int i = 0; i < game.board().empty_count(); ++i)
      before.push_back(game.board().empty_point(i));
    const size_t turns = game.moves().size();
    attempt_fast(game, a);
    if (game.moves().size() == turns || !game.dead_stones().empty()) continue;
    const Move move = game.moves().back();
    const int n = game.board().empty_count();
    if (n >= 2) game.swap_empty(*rc::gen::inRange(0, n), *rc::gen::inRange(0, n));
    undo_checked(game);
    std::vector<Point> after;
    for (int i = 0; i < game.board().empty_count(); ++i)
      after.push_back(game.board().empty_point(i));
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    RC_ASSERT(before == after);
    RC_ASSERT(game.play(move.color, move.point) == MoveError::None);
  }
}

TEST(Undo, AtTheStartThereIsNothingToTakeBack) {
  Game game(3, 3, Rules::tromp_taylor());
  EXPECT_FALSE(game.can_undo());
  EXPECT_THROW(game.undo(), std::logic_error);
  game.set_handicap(2);
  EXPECT_FALSE(game.can_undo());  // handicap stones belong to the start
  ASSERT_EQ(game.play(game.board().point(0, 0)), MoveError::None);
  ASSERT_EQ(game.play(game.board().point(2, 2)), MoveError::None);
  EXPECT_EQ(game.to_move(), Color::White);
  game.undo();
  EXPECT_EQ(game.to_move(), Color::Black);  // the second free-handicap stone is Black's again
  game.undo();
  EXPECT_EQ(game.to_move(), Color::Black);
  EXPECT_FALSE(game.can_undo());
  EXPECT_EQ(game.board().stones(Color::Black), 0);
}

}  // namespace
}  // namespace tengen::props
