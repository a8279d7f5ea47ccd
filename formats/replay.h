// Replaying a game record on the engine: the position after each move, the
// first move the record's rules refuse, and the captures.
//
// How a record is played back:
// - Moves are played for the colour the record gives (Game::play(c, p)), so
//   two moves of one colour in a row are not an error (free handicap, a
//   missing pass).
// - Two passes do not end the game: the record's rules are used with
//   end=agreement, never agreeing, so play may resume after two passes (a
//   disputed end, dead-stone confirmation); four passes in a row end the
//   game, and a move after them starts a new segment (see below).
// - A setup step after the first move (AB/AW/AE in a later node), or a move
//   after four passes, restarts the engine from the current position with
//   the same rules: superko history and the simple-ko state do not cross
//   such a point. Captures are summed over segments.
// - The handicap: HA[n] with exactly the n fixed star points as the only
//   setup is replayed with Game::set_handicap(n) under fixed placement,
//   so the score counts the handicap; HA[n] with no setup and n black moves
//   first is a free handicap (Game::set_handicap under free placement). Any
//   other setup is a plain starting position (handicap 0 for scoring).
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/types.h"
#include "formats/sgf.h"

namespace tengen::formats {

struct IllegalMove {
  size_t number = 0;  // 1-based index of the move in record.moves
  Move move;
  MoveError reason = MoveError::None;
  uint32_t offset = 0;  // byte offset and line of the move's node
  uint32_t line = 1;
};

struct ReplayOptions {
  // Play at most this many moves of the record (GTP loadsgf's move number - 1).
  size_t max_moves = std::numeric_limits<size_t>::max();
  // Keep a copy of the engine at the start of the last segment (for undo).
  bool keep_start = false;
  // Replay under the record's rules exactly as stated (two passes then end
  // the game, as Game::play does) instead of replay_rules(record).
  bool as_stated = false;
};

struct Replay {
  // After the last move played; nullopt only when the setup is impossible.
  std::optional<Game> game;
  // With keep_start: the game at the start of the last segment, so that
  // replaying game->moves() on a copy of it gives *game.
  std::optional<Game> start;
  size_t moves_played = 0;  // legal moves played, passes included
  int black_captures = 0;   // white stones Black captured, over all segments
  int white_captures = 0;   // black stones White captured
  int segments = 1;
  std::optional<IllegalMove> illegal;  // the first refused move; replay stops there
  std::string setup_error;             // "" or why a setup step gives an impossible position
  bool ok() const { return !illegal && setup_error.empty(); }
};

// Never throws for a record read by read_sgf.
Replay replay(const GameRecord& record, const ReplayOptions& options = {});

// The rules a replay uses: the record's, with end=agreement.
Rules replay_rules(const GameRecord& record);

}  // namespace tengen::formats
