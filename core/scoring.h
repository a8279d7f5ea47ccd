// Area and territory scoring of a board, with an optional list of agreed dead
// stones, komi, handicap compensation and the tie rule.
#pragma once

#include <string>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "core/score.h"

namespace tengen {

// What the board alone does not know.
struct ScoreContext {
  int black_prisoners = 0;  // white stones Black captured or White suicided
  int white_prisoners = 0;  // black stones White captured or Black suicided
  int handicap_stones = 0;
  std::vector<Point> dead;  // stones agreed dead; each listed point is removed
  // Stones in seki. Under SekiRule::Neutral an empty region (after removing
  // the dead stones) that touches one of them counts for nobody; under
  // SekiRule::Counted the list changes nothing.
  std::vector<Point> seki;
};

// Throws std::invalid_argument if a point in context.dead or context.seki is
// not a stone.
Score score(const Board& board, const Rules& rules, const ScoreContext& context);

// The points of a board (dead stones removed) by whom they count for under
// area scoring: owned points include the stones on them.
struct AreaCount {
  int black = 0, white = 0, neutral = 0;
  int black_stones = 0, white_stones = 0;
};

// What score() makes of an area count: the rules' scoring, prisoners, dead
// stones (dead_black: black stones removed as dead), handicap bonus, komi and
// tie rule. context.dead is not read.
Score score_count(const AreaCount& count, const Rules& rules, const ScoreContext& context,
                  int dead_black = 0, int dead_white = 0);

Winner decide(double margin, TieRule tie);

// For each point of the board (indexed like the board's array), who it counts
// for under area scoring of the board as it stands: Black, White or Empty
// (neutral). Walls stay Wall. `owner` is resized to board.array_size().
void area_owners(const Board& board, std::vector<Color>& owner);

// The same as score() sees it: who each point counts for once the dead stones
// of `context` are removed and the seki rule applied (a removed dead stone's
// point belongs to whoever surrounds it). Throws as score() does.
void final_owners(const Board& board, const Rules& rules, const ScoreContext& context,
                  std::vector<Color>& owner);

}  // namespace tengen
