// Legal positions: the colourings of a W x H board (each point empty, black
// or white) in which every chain has a liberty. Two independent counts here;
// a third, the border-state transfer, is in legal_border.h.
//   engine     depth first over the points with the fast Board's exact
//              liberties (Board::effect), parallel with oneTBB
//   reference  each of the 3^n colourings checked with the reference model's
//              `reaches` (reference/reference.h)
#pragma once

#include <cstdint>
#include <functional>

#include "core/board.h"
#include "count/progress.h"

namespace tengen::count {

// The largest boards (in points) each method takes. Time, not correctness,
// sets these: the engine count of 24 points visits some 10^11 prefixes.
constexpr int kMaxEnginePoints = 24;
constexpr int kMaxReferencePoints = 14;

// Throws std::invalid_argument unless 1 <= width, height and
// width * height <= kMaxEnginePoints.
uint64_t count_legal_engine(int width, int height, const Progress& progress = {});

// Throws std::invalid_argument unless width * height <= kMaxReferencePoints.
uint64_t count_legal_reference(int width, int height);

// Calls visit once for every legal position, in one thread, in a fixed order
// (the empty board first). For tiny boards: each position is built in full.
// Throws std::invalid_argument unless width * height <= kMaxEnginePoints.
void for_each_legal_position(int width, int height, const std::function<void(const Board&)>& visit);

}  // namespace tengen::count
