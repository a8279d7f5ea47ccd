// Scores: totals, the identity between area and territory scoring, colour
// swapping, and the symmetries of the board (which must preserve legality too).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "tests/support/generators.h"

namespace tengen::props {
namespace {

ScoreContext context_of(const tengen::Game& game, const std::vector<Point>& dead) {
  ScoreContext context;
  context.black_prisoners = game.prisoners(Color::Black);
  context.white_prisoners = game.prisoners(Color::White);
  context.handicap_stones = game.handicap();
  context.dead = dead;
  return context;
}

Rules with_scoring(Rules rules, Scoring scoring) {
  rules.scoring = scoring;
  return rules;
}

// Plays the scenario's attempts on a fast game, calling each(game, last)
// before the first attempt and after every one; `last` is true after the last.
template <typename Each>
void play_scenario(const Scenario& s, Each each) {
  tengen::Game game = start_fast(s);
  each(game, s.attempts.empty());
  for (size_t i = 0; i < s.attempts.size(); ++i) {
    attempt_fast(game, s.attempts[i]);
    each(game, i + 1 == s.attempts.size());
  }
}

// Area: black + white + neutral = W x H. With Sb, Sw the stones left after
// removing the dead ones and Pb, Pw the prisoners including dead stones
// (Pb: white stones Black holds), area and territory differ by exactly
//   area.black - territory.black = Sb - Pb,  area.white - territory.white = Sw - Pw,
// the neutral points are the same, and the margins differ by
//   (Sb - Pb) - (Sw - Pw) - area.handicap_bonus.
void expect_totals(const Board& board, const Rules& rules, const ScoreContext& context,
                   const Score& area, const Score& territory) {
  int dead_black = 0, dead_white = 0;
  for (Point p : context.dead) (board.at(p) == Color::Black ? dead_black : dead_white) += 1;
  const int sb = board.stones(Color::Black) - dead_black;
  const int sw = board.stones(Color::White) - dead_white;
  const int pb = context.black_prisoners + dead_white;
  const int pw = context.white_prisoners + dead_black;
  RC_ASSERT(area.black + area.white + area.neutral == board.area());
  RC_ASSERT(area.black - territory.black == sb - pb);
  RC_ASSERT(area.white - territory.white == sw - pw);
  RC_ASSERT(area.neutral == territory.neutral);
  RC_ASSERT(territory.handicap_bonus == 0);
  RC_ASSERT(area.margin - territory.margin == (sb - pb) - (sw - pw) - area.handicap_bonus);
  for (const Score* s : {&area, &territory}) {
    RC_ASSERT(s->komi == rules.komi);
    RC_ASSERT(s->margin == s->black - s->white - rules.komi - s->handicap_bonus);
    RC_ASSERT(s->winner == decide(s->margin, rules.tie));
  }
}

// 5a. Score totals and the area/territory identity, with and without dead
// stones, after every turn; on the reference too at the end.
RC_GTEST_PROP(Scoring, TotalsAndAreaTerritoryIdentity, ()) {
  const Scenario s = *gen_scenario();
  tengen::Game last(1, 1, s.rules);
  play_scenario(s, [&](const tengen::Game& game, bool) {
    const Board& board = game.board();
    for (const std::vector<Point>& dead :
         {std::vector<Point>{}, pick_stones(board, s.dead_selector)}) {
      const ScoreContext context = context_of(game, dead);
      expect_totals(board, s.rules, context,
                    score(board, with_scoring(s.rules, Scoring::Area), context),
                    score(board, with_scoring(s.rules, Scoring::Territory), context));
    }
    last = game;
  });
  const Board& board = last.board();
  const std::vector<Point> dead = pick_stones(board, s.dead_selector);
  const ScoreContext context = context_of(last, dead);
  auto reference_score = [&](Scoring scoring) {
    return reference::score(board.width(), board.height(), colouring_of(board),
                            with_scoring(s.rules, scoring), context.black_prisoners,
                            context.white_prisoners, context.handicap_stones,
                            to_reference(board, dead));
  };
  expect_totals(board, s.rules, context, reference_score(Scoring::Area),
                reference_score(Scoring::Territory));
}

// 5b. Swapping the colours of every stone and of the prisoners negates the
// margin (komi 0, no handicap bonus, ties drawn), in both scorings and engines.
RC_GTEST_PROP(Scoring, SwappingColoursNegatesMargin, ()) {
  const Scenario s = *gen_scenario();
  play_scenario(s, [&](const tengen::Game& game, bool last) {
    const Board& board = game.board();
    Board swapped(board.width(), board.height());
    reference::Colouring swapped_colouring = colouring_of(board);
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Color c = board.at(board.point(x, y));
        if (c == Color::Empty) continue;
        swapped.set_colour(swapped.point(x, y), opponent(c));
        swapped_colouring[size_t(y * board.width() + x)] = opponent(c);
      }
    }
    const std::vector<Point> dead = pick_stones(board, s.dead_selector);
    for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
      Rules rules = with_scoring(s.rules, scoring);
      rules.komi = 0;
      rules.tie = TieRule::Draw;
      ScoreContext context = context_of(game, dead);
      context.handicap_stones = 0;
      ScoreContext swapped_context = context;
      std::swap(swapped_context.black_prisoners, swapped_context.white_prisoners);
      const Score original = score(board, rules, context);
      const Score mirrored = score(swapped, rules, swapped_context);
      RC_ASSERT(mirrored.margin == -original.margin);
      RC_ASSERT(mirrored.black == original.white);
      RC_ASSERT(mirrored.white == original.black);
      RC_ASSERT(mirrored.neutral == original.neutral);
      const Winner expected = original.winner == Winner::Black   ? Winner::White
                              : original.winner == Winner::White ? Winner::Black
                                                                 : Winner::Draw;
      RC_ASSERT(mirrored.winner == expected);
      if (last) {
        const reference::Score r =
            reference::score(board.width(), board.height(), swapped_colouring, rules,
                             swapped_context.black_prisoners, swapped_context.white_prisoners, 0,
                             to_reference(board, dead));
        RC_ASSERT(r.margin == -original.margin);
      }
    }
  });
}

// A symmetry of the board: flip columns, flip rows, then transpose (which
// maps W x H to H x W). The eight of them are the dihedral group of a square.
struct Symmetry {
  bool flip_x = false;
  bool flip_y = false;
  bool transpose = false;
};

Point map_point(const Board& from, const Board& to, Symmetry s, Point p) {
  if (p == kPass) return kPass;
  int x = from.column(p);
  int y = from.row(p);
  if (s.flip_x) x = from.width() - 1 - x;
  if (s.flip_y) y = from.height() - 1 - y;
  if (s.transpose) std::swap(x, y);
  return to.point(x, y);
}

Board map_board(const Board& from, Symmetry s) {
  Board to(s.transpose ? from.height() : from.width(), s.transpose ? from.width() : from.height());
  for (int y = 0; y < from.height(); ++y) {
    for (int x = 0; x < from.width(); ++x) {
      const Point p = from.point(x, y);
      if (from.at(p) != Color::Empty) to.set_colour(map_point(from, to, s, p), from.at(p));
    }
  }
  return to;
}

std::vector<Point> map_points(const Board& from, const Board& to, Symmetry s,
                              const std::vector<Point>& points) {
  std::vector<Point> result;
  for (Point p : points) result.push_back(map_point(from, to, s, p));
  return result;
}

// The game and its image agree on everything, mapped.
void expect_mapped(const tengen::Game& game, const tengen::Game& image, Symmetry s, int step) {
  const Board& from = game.board();
  const Board& to = image.board();
  RC_ASSERT(image.to_move() == game.to_move());
  RC_ASSERT(image.over() == game.over());
  RC_ASSERT(image.end_reason() == game.end_reason());
  RC_ASSERT(image.consecutive_passes() == game.consecutive_passes());
  for (Color c : {Color::Black, Color::White}) {
    RC_ASSERT(image.prisoners(c) == game.prisoners(c));
    RC_ASSERT(image.suicides(c) == game.suicides(c));
    RC_ASSERT(image.check(c, kPass) == game.check(c, kPass));
  }
  for (int y = 0; y < from.height(); ++y) {
    for (int x = 0; x < from.width(); ++x) {
      const Point p = from.point(x, y);
      const Point q = map_point(from, to, s, p);
      if (to.at(q) != from.at(p)) {
        RC_FAIL("step " + std::to_string(step) + ": " + gtp_vertex(from, p) + " and its image " +
                gtp_vertex(to, q) + " differ");
      }
      for (Color c : {Color::Black, Color::White}) {
        const MoveError original = game.check(c, p);
        const MoveError mapped = image.check(c, q);
        if (original != mapped) {
          RC_FAIL("step " + std::to_string(step) + ": " + std::string(to_string(c)) + " " +
                  gtp_vertex(from, p) + " is " + std::string(to_string(original)) +
                  " but its image " + gtp_vertex(to, q) + " is " + std::string(to_string(mapped)));
        }
      }
    }
  }
}

// 5c. The eight symmetries (for a W x H rectangle: four onto W x H and four
// onto the transposed H x W) preserve the legal moves at every turn, every
// answer, and the scores with and without dead stones.
RC_GTEST_PROP(Symmetry, SymmetriesPreserveLegalityAndScores, ()) {
  const Scenario s = *gen_scenario();
  std::string handicap_error;
  tengen::Game game = start_fast(s, &handicap_error);
  // A set-up position (setup attempts or a fixed handicap, whose star points
  // need not be symmetric) is mapped; otherwise each image is a new game with
  // the same handicap. The original is then also built from its position.
  const bool from_position = !s.setup.empty() || game.board().empty_count() < game.board().area();
  if (from_position) game = tengen::Game(game.board(), game.to_move(), s.rules);
  std::vector<Symmetry> symmetries;
  std::vector<tengen::Game> images;
  for (int i = 0; i < 8; ++i) {
    const Symmetry sym{bool(i & 1), bool(i & 2), bool(i & 4)};
    symmetries.push_back(sym);
    if (from_position) {
      images.emplace_back(map_board(game.board(), sym), game.to_move(), s.rules);
    } else {
      images.emplace_back(sym.transpose ? s.height : s.width, sym.transpose ? s.width : s.height,
                          s.rules);
      RC_ASSERT(set_handicap(s, images.back(), nullptr).empty() == handicap_error.empty());
    }
    expect_mapped(game, images.back(), sym, -1);
  }
  for (int step = 0; step < int(s.attempts.size()); ++step) {
    const Attempt& a = s.attempts[step];
    const Board before = game.board();
    const Color c = mover(game.to_move(), a);
    const Point p = attempt_point(before, c, a).fast;
    const std::vector<Point> dead = pick_stones(before, a.selector);
    Answer answer;
    if (a.kind == AttemptKind::Agree) {
      answer.agreed = game.agree_dead(dead);
    } else {
      answer.error = game.play(c, p);
    }
    for (size_t k = 0; k < images.size(); ++k) {
      tengen::Game& image = images[k];
      const Board image_before = image.board();
      Answer image_answer;
      if (a.kind == AttemptKind::Agree) {
        image_answer.agreed =
            image.agree_dead(map_points(before, image_before, symmetries[k], dead));
      } else if (a.kind == AttemptKind::OffBoard) {
        image_answer.error = image.play(c, attempt_point(image_before, c, a).fast);
      } else {
        image_answer.error = image.play(c, map_point(before, image_before, symmetries[k], p));
      }
      RC_ASSERT(image_answer == answer);
      expect_mapped(game, image, symmetries[k], step);
    }
  }
  const Board& board = game.board();
  const std::vector<Point> dead = pick_stones(board, s.dead_selector);
  for (size_t k = 0; k < images.size(); ++k) {
    const tengen::Game& image = images[k];
    RC_ASSERT(image.score() == game.score());
    for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
      ScoreContext context = context_of(game, dead);
      context.handicap_stones = s.handicap;
      ScoreContext image_context = context;
      image_context.dead = map_points(board, image.board(), symmetries[k], dead);
      const Rules rules = with_scoring(s.rules, scoring);
      RC_ASSERT(score(image.board(), rules, image_context) == score(board, rules, context));
    }
  }
}

}  // namespace
}  // namespace tengen::props
