// Games in the sense of Tromp and Farnebäck ("Combinatorics of Go"): take the
// directed graph whose nodes are the legal positions and whose edges are the
// moves of either colour that change the position (position_graph.h); passes
// are free, so either colour may move next. Under positional superko a game
// is a path from the empty board that visits no position twice, and every
// such path, the empty one included, is one game.
#pragma once

#include <cstdint>

#include "count/progress.h"

namespace tengen::count {

// The fast count keeps sets of positions in 64-bit masks.
constexpr int kMaxGamePositions = 64;
// The naive count compares whole colourings along the path.
constexpr int kMaxReferenceGamePoints = 4;

// Games of at most `max_moves` moves (-1: all games). Throws
// std::invalid_argument if the board has more than kMaxGamePositions legal
// positions (the boards of up to 4 points have at most 57), or
// std::overflow_error past 2^64 games. Parallel with oneTBB.
uint64_t count_games(int width, int height, int max_moves = -1, const Progress& progress = {});

// The same count on the reference model with explicit colourings: the path is
// a list of colourings, moves are made with reference::apply_move and
// compared in full. Slow: 1x3 in an instant, 2x2 only with a small
// max_moves. Throws std::invalid_argument past kMaxReferenceGamePoints points.
uint64_t count_games_reference(int width, int height, int max_moves = -1);

}  // namespace tengen::count
