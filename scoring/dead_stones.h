// Dead stones found by playouts: from a position, many seeded playouts (in
// parallel, on oneTBB), the final owner of every point summed over them, and
// a status for every chain: alive, dead or in seki. A playout picks
// uniformly among the light policy's moves (legal, not one's own eye) less
// the self-ataris of four stones or more that capture nothing: light
// playouts throw big groups away, which no player does (README.md, "Dead
// stones", has the figures).
//
// A chain is
//   - alive if Benson's algorithm finds it unconditionally alive
//     (core/benson.h), whatever the playouts say;
//   - dead if it lies in the opponent's pass-alive territory (Benson);
//   - in seki if the opponent owns its points in at most `dead_percent`
//     percent of the playouts, and it shares a liberty with an opponent
//     chain of which the same holds, where each of the two has no liberty
//     but the shared ones and its own eyes (empty regions that reach its
//     colour only), and neither side can fill a shared liberty without
//     self-atari;
//   - dead if the opponent owns its points at the end of more than
//     `dead_percent` percent of the playouts;
//   - alive otherwise.
// Even playouts start with the side to move, odd ones with the other side
// (whose turn it is at the end of a game decides nothing).
// Playout i is seeded from (seed, i) alone (rng.h's game_rng) and ownership
// is summed in integers, so an estimate is the same on any number of threads.
// Measured effect of the settings: see docs/scoring.md ("Dead stones by playouts").
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"

namespace tengen::scoring {

struct DeadStoneOptions {
  int playouts = 400;
  uint64_t seed = 1;
  int threads = 0;  // 0: every core
  // A chain is dead when the opponent owns its points in more than this
  // percentage of the playouts ("most playouts").
  int dead_percent = 50;
};

enum class ChainStatus : uint8_t { Alive, Dead, Seki };

struct DeadStoneEstimate {
  int playouts = 0;
  // Indexed like the board's array: in how many playouts each point ended as
  // Black's or White's (area owner at the end: stone or surrounded empty).
  std::vector<int32_t> black_owned;
  std::vector<int32_t> white_owned;
  // Per point: the status of the chain on it (Alive for empty points).
  std::vector<ChainStatus> status;
  // Unconditionally alive stones (Benson), per point.
  std::vector<uint8_t> pass_alive;
  // The stones judged dead and in seki, each in board order (top row first).
  std::vector<Point> dead;
  std::vector<Point> seki;
};

// Throws std::invalid_argument if playouts < 1, dead_percent is outside
// 0..100, or the position has a chain without liberties.
// Precondition: to_move is Black or White.
DeadStoneEstimate estimate_dead_stones(const Board& position, Color to_move, const Rules& rules,
                                       const DeadStoneOptions& options = {});

// The chains whose status is `status`, one list of points each (sorted by
// point), chains in the board order of their first stone.
std::vector<std::vector<Point>> chains_with_status(const Board& board,
                                                   const DeadStoneEstimate& estimate,
                                                   ChainStatus status);

// What score() needs besides the board to count `game` with the estimate's
// dead stones and seki: the game's prisoners plus `extra_black` and
// `extra_white` (captures the game does not know: earlier segments of a
// replayed record), the handicap, the dead stones and seki.
ScoreContext estimated_context(const Game& game, const DeadStoneEstimate& estimate,
                               int extra_black = 0, int extra_white = 0);

// The score of `game` with the estimate's dead stones removed and its seki
// passed on (counted for nobody under SekiRule::Neutral). `extra_black` and
// `extra_white` are captures the game does not know (earlier segments of a
// replayed record).
Score estimated_score(const Game& game, const DeadStoneEstimate& estimate, int extra_black = 0,
                      int extra_white = 0);

}  // namespace tengen::scoring
