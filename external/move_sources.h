// Where the cross-check's moves come from (crosscheck_game.h's MoveSource):
// the light policy for random games, or a fixed list for tests.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"
#include "external/crosscheck_game.h"

namespace tengen::external {

// The light policy (playout/policy.h) seeded with `seed`, with one change
// that makes every game end: after `area` single-stone suicides in a game
// (possible without end under simple ko with all suicide allowed, where such
// a suicide leaves the board as it is and is always legal), single-stone
// suicides are no longer acceptable; the pick stays uniform over the rest.
MoveSource light_policy_moves(uint64_t seed);

// Plays `moves` in order for the side to move, then stops. Throws
// std::invalid_argument if our engine refuses one.
MoveSource fixed_moves(std::vector<Point> moves);

}  // namespace tengen::external
