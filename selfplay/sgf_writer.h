// A minimal SGF FF[4] writer for self-play games: the root properties (game,
// size, rules, komi, result) and the main line of moves. The full SGF reader
// and writer live beside the engine in their own issue; this one writes only.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/board.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"

namespace tengen::selfplay {

struct SgfGame {
  const Board* board = nullptr;  // gives the size and the point coordinates
  Rules rules;                   // RU (see sgf_rules_value) and KM
  Score score;                   // RE, or in the comment when unfinished
  std::span<const Move> moves;
  std::string name;     // GN, may be empty
  std::string comment;  // C on the root, may be empty
  // A game stopped before its end (at the move cap): FF[4] reserves RE[Void]
  // for it; the score as it stands goes into the comment.
  bool unfinished = false;
  // HA; with a fixed handicap its stones as AB (a free one is in the moves).
  int handicap = 0;
};

// The RU value for rules: the SGF name of the preset they equal apart from
// komi ("Japanese", "Chinese", "AGA", "NZ", "Tromp-Taylor"; KM carries the
// komi), else Rules::to_string(). The names formats/sgf_rules.h reads.
std::string sgf_rules_value(const Rules& rules);

// Escapes ']' and '\' for an SGF text value.
std::string sgf_escape(std::string_view text);

// The game as an SGF FF[4] collection of one game tree, ending in "\n".
std::string write_sgf(const SgfGame& game);

}  // namespace tengen::selfplay
