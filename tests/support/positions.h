// Named positions that more than one test reads, as diagrams for
// golden::board_from (tests/support/golden_util.h).
#pragma once

namespace tengen::positions {

// Top: Black's chain B9-D8 (eye A9) and White's chain E9-H8 (eye G9) share
// one liberty, D9. Whoever fills it puts its own chain in atari and is taken,
// so neither does: seki. The walls around them (White's A7-D5 with eyes A6
// and C6, Black's E7-J9 with many) are pass-alive.
constexpr const char* kSeki = R"(
  . X X . O O . O X
  X X X X O O O O X
  O O O O X X X X X
  . O . O X X . X .
  O O O O X . X X X
  X X X X X X X . X
  . X . X O O O O O
  X X X X O . O . O
  . X . X O O O O .
)";

}  // namespace tengen::positions
