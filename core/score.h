// The score of a position: what area or territory scoring (scoring.h) and the
// reference model (reference/reference.h) both produce, field for field.
#pragma once

#include <string>

#include "core/types.h"

namespace tengen {

struct Score {
  // Area: stones on the board + empty points that reach only one's colour.
  // Territory: those empty points + prisoners (captures and dead stones).
  int black = 0;
  int white = 0;
  // Empty points (after removing dead stones) that count for nobody.
  int neutral = 0;
  double komi = 0;
  int handicap_bonus = 0;  // White's compensation for handicap (area only)
  double margin = 0;       // black - white - komi - handicap_bonus
  Winner winner = Winner::Draw;

  // "B+7.5", "W+0.5", "0" (a draw): the SGF RE form.
  std::string result() const;

  friend bool operator==(const Score&, const Score&) = default;
};

}  // namespace tengen
