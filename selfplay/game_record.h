// The SGF record of a self-play game, made and written by formats/ (the one
// SGF writer): size, rules, komi, handicap, result and the main line of
// moves, with a name and a comment.
#pragma once

#include <span>
#include <string>

#include "core/board.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"
#include "formats/sgf.h"

namespace tengen::selfplay {

struct SgfGame {
  const Board* board = nullptr;  // gives the size and the point coordinates
  Rules rules;                   // RU (formats::sgf_rules_name) and KM
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

// The game as a record (formats::record_from_moves) with RE, GN and C;
// formats::write_sgf writes it.
formats::GameRecord game_record(const SgfGame& game);

}  // namespace tengen::selfplay
