// Legal positions by a transfer over border states, the method of Tromp and
// Farnebäck ("Combinatorics of Go"): points are added in row order along the
// shorter side, and a partial position is summed up by its last w points (the
// border): which are empty, which hold stones of which chain and colour, and
// whether each chain has a liberty yet. Chains that leave the border must
// have one. It shares nothing with the engine or the reference model but the
// definition of a legal position, which makes it the independent check, and
// it is fast: time and memory grow with the number of border states (under
// 5.4^w), not with 3^(w*h).
#pragma once

#include "count/wide.h"

namespace tengen::count {

// The longest border (the shorter side of the board) the transfer takes.
constexpr int kMaxBorderWidth = 9;

// The number of legal positions of a width x height board. Throws
// std::invalid_argument unless 1 <= width, height <= 25 and
// min(width, height) <= kMaxBorderWidth; std::overflow_error if the count
// does not fit in 128 bits (9x9 fits; 10x10 does not).
Wide count_legal_border(int width, int height);

}  // namespace tengen::count
