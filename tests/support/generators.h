// RapidCheck generators for the property suite: rules, board sizes and
// scenarios (rules, size, handicap and a sequence of move attempts, illegal
// ones included), plus the helpers every property uses to play a scenario on
// the fast engine and on the reference model side by side.
//
// Attempts are biased towards the places where rules bugs live: most moves
// fall in a small window of the board, so stones touch, chains die, kos and
// suicides happen; passes are rare but not absent.
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/coords.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"
#include "reference/reference.h"
#include "tests/support/show_values.h"

namespace tengen::props {

// ---------------------------------------------------------------------------
// Scenarios

enum class AttemptKind { Play, Attack, Pass, OffBoard, Agree };

// One thing the side to move tries to do. Play: the point (x % width, y %
// height). Attack: a liberty of a chain with the fewest liberties, of the
// opponent's colour or (selector % 4 == 0) one's own, chosen by `selector`;
// Play when there is no such chain. OffBoard: a point off the board
// (selector % 3 says which kind). Agree: agree_dead with the stones that
// `selector` picks (see pick_stones). Out of turn: the player not to move
// plays or passes (GTP-style play).
struct Attempt {
  AttemptKind kind = AttemptKind::Play;
  int x = 0;
  int y = 0;
  uint32_t selector = 0;
  bool out_of_turn = false;
};

// Who makes an attempt.
inline Color mover(Color to_move, const Attempt& a) {
  return a.out_of_turn ? opponent(to_move) : to_move;
}

struct Scenario {
  Rules rules;
  int width = 1;
  int height = 1;
  int handicap = 0;  // 0, or 2.. stones, placed per rules.handicap
  // When not empty, the game starts from the position these attempts make
  // (see start_position) with start_to_move to move; no handicap then.
  std::vector<Attempt> setup;
  Color start_to_move = Color::Black;
  std::vector<Attempt> attempts;
  uint32_t dead_selector = 0;  // picks dead stones for scoring checks
};

// What a scenario generator may produce.
struct ScenarioOptions {
  bool handicap = true;      // sometimes set a handicap
  bool big_boards = true;    // sometimes 8x8 .. 13x13
  bool tiny_boards = false;  // only boards of at most 9 points, for repetitions
  int max_attempts = 200;
  // Percentage of scenarios that start from a set-up position.
  int position_percent = 12;
  // A fixed board size when both are non-zero.
  int width = 0;
  int height = 0;
  // Rules restrictions (empty: any).
  std::vector<KoRule> ko;
  std::vector<SuicideRule> suicide;
};

// ---------------------------------------------------------------------------
// Generators

inline rc::Gen<double> gen_komi() {
  return rc::gen::element(0.0, 7.5, 0.5, 6.5, 7.0, -3.0);
}

inline rc::Gen<Rules> gen_rules(const ScenarioOptions& options = {}) {
  using rc::gen::element;
  auto ko = options.ko.empty() ? element(KoRule::Positional, KoRule::Simple, KoRule::Situational)
                               : rc::gen::elementOf(options.ko);
  auto suicide = options.suicide.empty()
                     ? element(SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed)
                     : rc::gen::elementOf(options.suicide);
  return rc::gen::build<Rules>(
      rc::gen::set(&Rules::ko, ko), rc::gen::set(&Rules::suicide, suicide),
      rc::gen::set(&Rules::scoring, element(Scoring::Area, Scoring::Territory)),
      rc::gen::set(&Rules::komi, gen_komi()),
      rc::gen::set(&Rules::tie, element(TieRule::Draw, TieRule::White)),
      rc::gen::set(&Rules::handicap, element(HandicapPlacement::Free, HandicapPlacement::Fixed)),
      rc::gen::set(&Rules::handicap_bonus,
                   element(HandicapBonus::None, HandicapBonus::N, HandicapBonus::NMinusOne)),
      rc::gen::set(&Rules::end, element(EndRule::TwoPasses, EndRule::Agreement)));
}

// (width, height): mostly 1..7 each, with thin 1xN, Nx1 and 2xN rectangles;
// sometimes 8x8 .. 13x13.
inline rc::Gen<std::pair<int, int>> gen_size(const ScenarioOptions& options = {}) {
  using rc::gen::inRange;
  using rc::gen::just;
  using Size = std::pair<int, int>;
  if (options.tiny_boards) {
    return rc::gen::suchThat(rc::gen::pair(inRange(1, 10), inRange(1, 10)),
                             [](const Size& s) { return s.first * s.second <= 9; });
  }
  auto small = rc::gen::pair(inRange(1, 8), inRange(1, 8));
  auto thin =
      rc::gen::map(rc::gen::tuple(inRange(1, 3), inRange(1, 10), rc::gen::arbitrary<bool>()),
                   [](const std::tuple<int, int, bool>& t) {
                     auto [narrow, length, transpose] = t;
                     return transpose ? Size(length, narrow) : Size(narrow, length);
                   });
  auto medium = rc::gen::pair(inRange(2, 6), inRange(2, 6));
  if (!options.big_boards) {
    return rc::gen::weightedOneOf<Size>({{5, small}, {3, thin}, {3, medium}});
  }
  auto big = rc::gen::weightedOneOf<Size>(
      {{4, rc::gen::pair(inRange(8, 10), inRange(8, 10))}, {1, just(Size(13, 13))}});
  return rc::gen::weightedOneOf<Size>({{50, small}, {25, thin}, {25, medium}, {8, big}});
}

// Attempts for a width x height board, with weights: in a window of ww x wh
// points at (ox, oy) 55, an attack 15, anywhere 20, pass `pass_weight`, off
// the board 1, agreement `agree_weight`. One in 40 is out of turn.
inline rc::Gen<Attempt> gen_attempt(int width, int height, int ox, int oy, int ww, int wh,
                                    int pass_weight, int agree_weight) {
  using rc::gen::inRange;
  const int total = 90 + pass_weight + 1 + agree_weight;
  return rc::gen::map(
      rc::gen::tuple(inRange(0, total), inRange(0, ww), inRange(0, wh), inRange(0, width),
                     inRange(0, height), rc::gen::arbitrary<uint32_t>(), inRange(0, 40)),
      [=](const std::tuple<int, int, int, int, int, uint32_t, int>& t) {
        auto [r, wx, wy, ax, ay, selector, turn] = t;
        Attempt a;
        a.selector = selector;
        a.out_of_turn = turn == 39;
        if (r < 70) {
          a.kind = r < 55 ? AttemptKind::Play : AttemptKind::Attack;
          a.x = ox + wx;
          a.y = oy + wy;
        } else if (r < 90) {
          a.x = ax;
          a.y = ay;
        } else if (r < 90 + pass_weight) {
          a.kind = AttemptKind::Pass;
        } else if (r < 91 + pass_weight) {
          a.kind = AttemptKind::OffBoard;
          a.x = ax;
          a.y = ay;
        } else {
          a.kind = AttemptKind::Agree;
        }
        return a;
      });
}

inline rc::Gen<Scenario> gen_scenario(const ScenarioOptions& options = {}) {
  return rc::gen::exec([options] {
    using rc::gen::inRange;
    Scenario s;
    s.rules = *gen_rules(options);
    if (options.handicap) {
      s.handicap = *rc::gen::weightedOneOf<int>({{6, rc::gen::just(0)}, {1, inRange(2, 10)}});
    }
    if (options.width > 0 && options.height > 0) {
      s.width = options.width;
      s.height = options.height;
    } else if (s.handicap > 0 && s.rules.handicap == HandicapPlacement::Fixed &&
               !options.tiny_boards && *rc::gen::weightedElement<bool>({{1, false}, {3, true}})) {
      // Fixed handicaps exist only on square boards from 7x7 up.
      const int side = options.big_boards ? *rc::gen::element(7, 9, 8, 13) : 7;
      s.width = s.height = side;
    } else {
      std::tie(s.width, s.height) = *gen_size(options);
    }
    const int ww = *inRange(1, std::min(s.width, 4) + 1);
    const int wh = *inRange(1, std::min(s.height, 4) + 1);
    const int ox = *inRange(0, s.width - ww + 1);
    const int oy = *inRange(0, s.height - wh + 1);
    const int pass_weight = *rc::gen::element(2, 1, 4, 10);
    const int agree_weight = s.rules.end == EndRule::Agreement ? 4 : 0;
    if (s.handicap == 0 && *inRange(0, 100) < options.position_percent) {
      s.setup =
          *rc::gen::resize(options.max_attempts,
                           rc::gen::nonEmpty(rc::gen::container<std::vector<Attempt>>(
                               gen_attempt(s.width, s.height, ox, oy, ww, wh, pass_weight, 0))));
      s.start_to_move = *rc::gen::element(Color::Black, Color::White);
    }
    s.attempts = *rc::gen::resize(
        options.max_attempts, rc::gen::container<std::vector<Attempt>>(gen_attempt(
                                  s.width, s.height, ox, oy, ww, wh, pass_weight, agree_weight)));
    s.dead_selector = *rc::gen::arbitrary<uint32_t>();
    return s;
  });
}

// ---------------------------------------------------------------------------
// Points in both engines

inline int to_reference(const Board& board, Point p) {
  if (p == kPass) return reference::kPass;
  return board.row(p) * board.width() + board.column(p);
}

inline Point to_fast(const Board& board, int p) {
  if (p == reference::kPass) return kPass;
  return board.point(p % board.width(), p / board.width());
}

inline std::vector<int> to_reference(const Board& board, const std::vector<Point>& points) {
  std::vector<int> result;
  for (Point p : points) result.push_back(to_reference(board, p));
  return result;
}

inline reference::Colouring colouring_of(const Board& board) {
  reference::Colouring result(size_t(board.area()));
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      result[size_t(y * board.width() + x)] = board.at(board.point(x, y));
    }
  }
  return result;
}

// A liberty of a chain of colour `target` with the fewest liberties; among
// such chains and their liberties `selector` chooses. -1 if there is none.
inline int liberty_to_fill(const reference::Colouring& g, int width, int height, Color target,
                           uint32_t selector) {
  std::vector<std::vector<int>> chains_liberties;  // of the chains with the fewest
  std::vector<bool> seen(g.size(), false);
  for (int p = 0; p < int(g.size()); ++p) {
    if (g[p] != target || seen[p]) continue;
    std::vector<int> stack = {p};
    std::vector<int> liberties;
    seen[p] = true;
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      for (int n : reference::neighbours(width, height, q)) {
        if (g[n] == Color::Empty &&
            std::find(liberties.begin(), liberties.end(), n) == liberties.end()) {
          liberties.push_back(n);
        } else if (g[n] == target && !seen[n]) {
          seen[n] = true;
          stack.push_back(n);
        }
      }
    }
    if (liberties.empty()) continue;
    if (!chains_liberties.empty() && liberties.size() > chains_liberties[0].size()) continue;
    if (!chains_liberties.empty() && liberties.size() < chains_liberties[0].size()) {
      chains_liberties.clear();
    }
    chains_liberties.push_back(liberties);
  }
  if (chains_liberties.empty()) return -1;
  const std::vector<int>& chosen = chains_liberties[selector % chains_liberties.size()];
  return chosen[(selector / 7) % chosen.size()];
}

// The point an attempt by c names, in both engines (Agree: a pass, unused).
struct AttemptPoint {
  Point fast = kPass;
  int ref = reference::kPass;
};

inline AttemptPoint attempt_point(const Board& board, Color c, const Attempt& a) {
  const int w = board.width();
  const int h = board.height();
  switch (a.kind) {
    case AttemptKind::Attack: {
      const Color target = a.selector % 4 == 0 ? c : opponent(c);
      const int p = liberty_to_fill(colouring_of(board), w, h, target, a.selector / 4);
      if (p >= 0) return {to_fast(board, p), p};
      [[fallthrough]];
    }
    case AttemptKind::Play: {
      const int x = a.x % w;
      const int y = a.y % h;
      return {board.point(x, y), y * w + x};
    }
    case AttemptKind::OffBoard:
      switch (a.selector % 3) {
        case 0:  // the sentinel left of a row
          return {Point(board.point(0, a.y % h) - 1), -2};
        case 1:  // past the end of the array
          return {Point(board.array_size() + int(a.selector % 7)), w * h + int(a.selector % 7)};
        default:
          return {kNoPoint, int(kNoPoint)};
      }
    case AttemptKind::Pass:
    case AttemptKind::Agree:
      break;
  }
  return {};
}

// The stones whose row-major index i has bit i % 32 of `selector` set.
inline std::vector<Point> pick_stones(const Board& board, uint32_t selector) {
  std::vector<Point> result;
  int i = 0;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x, ++i) {
      const Point p = board.point(x, y);
      if (board.at(p) != Color::Empty && (selector >> (i % 32)) & 1) result.push_back(p);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------
// Both engines on one scenario

// The rules the setup attempts of a scenario are played under, whatever the
// scenario's rules: any position a game can reach, four passes to end.
inline Rules setup_rules() {
  Rules rules;
  rules.end = EndRule::Agreement;
  return rules;
}

// The board a scenario's game starts from: empty unless it has setup attempts.
inline Board start_position(const Scenario& s);

// Sets the scenario's handicap on a fast game; for the reference game the same
// stones (fixed) or the same count (free). Returns the fast engine's answer:
// "" when placed, else the reason its std::invalid_argument gave. The
// reference must place what the fast engine places.
inline std::string set_handicap(const Scenario& s, tengen::Game& fast, reference::Game* ref) {
  if (s.handicap == 0) return "";
  try {
    fast.set_handicap(s.handicap);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  if (ref == nullptr) return "";
  if (s.rules.handicap == HandicapPlacement::Free) {
    ref->set_handicap(s.handicap);
  } else {
    std::vector<int> stones;
    const reference::Colouring setup = colouring_of(fast.board());
    for (int p = 0; p < int(setup.size()); ++p) {
      if (setup[p] == Color::Black) stones.push_back(p);
    }
    ref->set_handicap(stones);
  }
  return "";
}

// The fast game of a scenario before its attempts: from the start position,
// or on an empty board with the handicap set (the answer in *handicap_error).
inline tengen::Game start_fast(const Scenario& s, std::string* handicap_error = nullptr) {
  if (!s.setup.empty()) return tengen::Game(start_position(s), s.start_to_move, s.rules);
  tengen::Game game(s.width, s.height, s.rules);
  const std::string error = set_handicap(s, game, nullptr);
  if (handicap_error != nullptr) *handicap_error = error;
  return game;
}

// Both engines on one scenario.
struct GamePair {
  tengen::Game fast;
  reference::Game ref;
};

inline GamePair start_pair(const Scenario& s) {
  if (!s.setup.empty()) {
    const Board start = start_position(s);
    return {tengen::Game(start, s.start_to_move, s.rules),
            reference::Game(s.width, s.height, colouring_of(start), s.start_to_move, s.rules)};
  }
  GamePair pair{tengen::Game(s.width, s.height, s.rules),
                reference::Game(s.width, s.height, s.rules)};
  set_handicap(s, pair.fast, &pair.ref);
  return pair;
}

// The answer to an attempt: a move's or a pass's MoveError; for Agree whether
// agree_dead accepted the stones.
struct Answer {
  MoveError error = MoveError::None;
  bool agreed = false;
  friend bool operator==(const Answer&, const Answer&) = default;
};

// Plays an attempt for the side to move.
inline Answer attempt_fast(tengen::Game& game, const Attempt& a) {
  if (a.kind == AttemptKind::Agree) {
    return {MoveError::None, game.agree_dead(pick_stones(game.board(), a.selector))};
  }
  const Color c = mover(game.to_move(), a);
  return {game.play(c, attempt_point(game.board(), c, a).fast), false};
}

// The same on the reference game, with points named through the fast board
// of the same size and colouring.
inline Answer attempt_ref(reference::Game& game, const Board& board, const Attempt& a) {
  if (a.kind == AttemptKind::Agree) {
    return {MoveError::None, game.agree_dead(to_reference(board, pick_stones(board, a.selector)))};
  }
  const Color c = mover(game.to_move(), a);
  return {game.play(c, attempt_point(board, c, a).ref), false};
}

inline Board start_position(const Scenario& s) {
  tengen::Game game(s.width, s.height, setup_rules());
  for (const Attempt& a : s.setup) attempt_fast(game, a);
  return game.board();
}

// ---------------------------------------------------------------------------
// Showing values

inline void showValue(const Answer& a, std::ostream& os) {
  os << to_string(a.error) << (a.agreed ? " (agreed)" : "");
}

// ---------------------------------------------------------------------------
// Showing a scenario

inline std::string attempt_text(const Board& board, Color c, const Attempt& a) {
  switch (a.kind) {
    case AttemptKind::Play:
      return gtp_vertex(board, attempt_point(board, c, a).fast);
    case AttemptKind::Attack:
      return "attack " + gtp_vertex(board, attempt_point(board, c, a).fast);
    case AttemptKind::Pass:
      return "pass";
    case AttemptKind::OffBoard:
      return "off-board(" + std::to_string(a.selector % 3) + ")";
    case AttemptKind::Agree:
      return "agree_dead";
  }
  return "?";
}

// The rules, the size, then the attempts replayed on the fast engine with
// each answer (and the board after it while the list is short), the final
// board and the end of the game.
inline void showValue(const Scenario& s, std::ostream& os) {
  os << "rules " << s.rules.to_string() << ", board " << s.width << "x" << s.height << ", handicap "
     << s.handicap << ", " << s.attempts.size() << " attempts, dead_selector " << s.dead_selector
     << "\n";
  std::string handicap_error;
  tengen::Game game = start_fast(s, &handicap_error);
  if (!handicap_error.empty()) os << "  (handicap refused: " << handicap_error << ")\n";
  if (!s.setup.empty()) {
    os << "  starts from the position of " << s.setup.size() << " setup attempts ("
       << setup_rules().to_string() << "), " << to_string(s.start_to_move) << " to move:\n"
       << pretty_diagram(game.board());
  }
  const bool boards = s.attempts.size() <= 12;
  if (boards && s.setup.empty()) os << diagram(game.board());
  for (const Attempt& a : s.attempts) {
    const Color c = mover(game.to_move(), a);
    os << "  " << (c == Color::Black ? "B " : "W ") << attempt_text(game.board(), c, a)
       << (a.out_of_turn ? " (out of turn)" : "");
    if (a.kind == AttemptKind::Agree) {
      const std::vector<Point> dead = pick_stones(game.board(), a.selector);
      os << " [";
      for (Point p : dead) os << " " << gtp_vertex(game.board(), p);
      os << " ] -> " << (game.agree_dead(dead) ? "agreed" : "refused") << "\n";
    } else {
      os << " -> " << to_string(game.play(c, attempt_point(game.board(), c, a).fast)) << "\n";
    }
    if (boards) os << diagram(game.board());
  }
  os << "final board:\n"
     << pretty_diagram(game.board()) << "to move " << to_string(game.to_move()) << ", end "
     << to_string(game.end_reason()) << ", prisoners B " << game.prisoners(Color::Black) << " W "
     << game.prisoners(Color::White) << "\n";
}

}  // namespace tengen::props
