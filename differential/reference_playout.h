// The light playout policy on the reference model (reference/reference.h): the
// same policy definition, computed the slow, literal way, for a statistical
// comparison with the fast runner. Each turn lists every legal move of the
// reference game, drops the side's own one-point eyes (judged from the
// colouring alone), and picks uniformly among the rest with Rng::below, or
// passes when none is left. It uses the same RNG type but not the same random
// stream as the fast policy.
#pragma once

#include <vector>

#include "playout/rng.h"
#include "reference/reference.h"
#include "selfplay/runner.h"
#include "selfplay/stats.h"

namespace tengen::differential {

// The eye definition read off a colouring (index y * width + x): every
// on-board orthogonal neighbour of p is c, and the opponent holds fewer than
// two diagonal points, none if p is on an edge or in a corner.
// Precondition: colouring[p] is Empty.
bool reference_is_eye(int width, int height, const reference::Colouring& colouring, int p, Color c);

// Plays one reference playout from an empty board until two consecutive
// passes or max_turns turns. Fills `summary` (digest and index left 0) and
// `owner` (per point y * width + x: Black, White or Empty under area scoring
// of the final colouring). Appends the moves (kPass = -1) to *moves if given.
void reference_playout(int width, int height, const Rules& rules, playout::Rng& rng, int max_turns,
                       selfplay::GameSummary& summary, std::vector<Color>& owner,
                       std::vector<int>* moves = nullptr);

// Plays config.games reference playouts (game i from game_rng(config.seed, i),
// config.threads and keep_moves ignored, one thread) and gathers their
// statistics as the runner does.
selfplay::Stats reference_stats(const selfplay::RunConfig& config);

}  // namespace tengen::differential
