// SGF game records of Go (GM[1], FF[4]): reading what real files contain into
// a GameRecord, and writing records and games back out. The syntax is
// sgf_tree.h's; this file gives the properties their meaning for Go.
//
// Read: SZ (square "19" or rectangular "19:13", 1..25), KM, HA, RU (see
// sgf_rules.h), AB/AW/AE with point lists and compressed rectangles
// ("aa:cc") in any node of the main line, PL, B/W with a pass as [] or (up to
// 19x19) [tt], RE, PB, PW, CA (passed through, never converted). The main
// line is followed; variations are skipped. Other properties are kept (root)
// or skipped (other nodes). Odd but harmless values (an unknown RU, a komi
// of KM[750] written in hundredths, a bad HA) give warnings, not errors.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/types.h"
#include "formats/sgf_tree.h"

namespace tengen::formats {

// One point of a setup: Black or White for AB/AW, Empty for AE.
struct SetupStone {
  Point point = kNoPoint;
  Color color = Color::Empty;
  friend bool operator==(const SetupStone&, const SetupStone&) = default;
};

// The setup properties (AB, AW, AE, PL) of one node of the main line, applied
// after the first `before_move` moves of the record (0: the initial position).
struct SetupStep {
  size_t before_move = 0;
  std::vector<SetupStone> stones;  // in the order of the text; a later one wins
  std::optional<Color> to_move;    // PL
  uint32_t offset = 0;             // of the node
  uint32_t line = 1;
  // Equal setups: at the same move, the same player and the same final colour
  // for each point listed, in whatever order and wherever they were written.
  friend bool operator==(const SetupStep& a, const SetupStep& b);
};

// The colour the step gives each point in the end (Wall where it says
// nothing), indexed like the board's array.
std::vector<Color> final_colours(const Board& board, const SetupStep& step);

// Sets each point of the step to the last colour the step gives it. Costs at
// most one Board::set_colour per point of the board, however long the step.
void apply_setup(Board& board, const SetupStep& step);

// Something odd that did not stop the reading.
struct SgfWarning {
  uint32_t offset = 0;
  uint32_t line = 1;
  std::string problem;
};

struct GameRecord {
  int width = 19;
  int height = 19;
  // From RU (or the default rules when RU is missing or unknown), with komi
  // from KM when KM is present and readable.
  Rules rules;
  std::string ruleset;  // RU as written; "" when absent
  bool has_komi = false;
  std::string komi_text;         // KM as written; "" when absent (formats/record_rules.h reads it)
  int handicap = 0;              // HA; 0 when absent or unreadable
  std::string result;            // RE as written
  std::string black_name;        // PB
  std::string white_name;        // PW
  std::string charset;           // CA as written, "" when absent (FF[4]: then ISO-8859-1);
                                 // text bytes are passed through, never converted
  std::vector<SetupStep> setup;  // in main-line order
  std::vector<Move> moves;       // the main line's moves; kPass for a pass
  std::vector<uint32_t> move_offsets;  // byte offset of each move's node
  std::vector<uint32_t> move_lines;    // 1-based line of each move's node
  // Root properties not listed above (GN, DT, C, AP, ...), in text order,
  // so that a writer can pass them on. FF, GM, SZ, KM, HA, RU, RE, PB, PW, CA
  // and the setup are not repeated here.
  std::vector<SgfProperty> root_extra;
  std::vector<SgfWarning> warnings;
  uint32_t offset = 0;  // of the game tree's '('
  uint32_t line = 1;

  // An empty width x height board with the setup steps at move 0 applied.
  Board initial_board() const;
  // Who moves first: PL at move 0 if given; else the colour of the first move;
  // else White after a handicap setup of black stones only; else Black.
  Color initial_to_move() const;
};

struct SgfReadOptions {
  // The rules of a record without RU or with an RU we cannot name. Simple
  // ko and no suicide are what nearly every human or program game is played
  // under, and simple ko refuses the fewest moves of all the ko rules.
  Rules default_rules = Rules::japanese();
  SgfLimits limits;
};

struct SgfRead {
  std::vector<GameRecord> games;  // one per game tree, in file order
  std::optional<SgfError> error;  // when set, games is empty
  bool ok() const { return !error.has_value(); }
};

// Reads every game tree of an SGF collection. Errors (bad syntax, GM other
// than 1, a bad SZ, a point off the board, over a limit) name the source,
// byte offset, line and problem. Never throws for bad input.
SgfRead read_sgf(std::string_view text, std::string_view source,
                 const SgfReadOptions& options = {});
// The same for a file; an unreadable file is an error at offset 0.
SgfRead read_sgf_file(const std::string& path, const SgfReadOptions& options = {});
// One parsed tree as a record, with the same errors as read_sgf.
struct SgfRecordRead {
  GameRecord record;              // valid when ok()
  std::optional<SgfError> error;  // when set, record is a default GameRecord
  bool ok() const { return !error.has_value(); }
};
SgfRecordRead record_from_tree(const SgfTree& tree, std::string_view source,
                               const SgfReadOptions& options);

// The record as an SGF FF[4] game tree, "(;FF[4]GM[1]...)\n": root with CA
// (if set), SZ ("W:H" when rectangular), RU (sgf_rules_name), KM, HA (if
// >0), RE, PB, PW (if set), root_extra, the move-0 setup (AB/AW/AE/PL); then
// one node per move or later setup step, a pass written as [].
// read_sgf(write_sgf(r)) gives back the same size, rules, handicap, result,
// names, setup and moves.
std::string write_sgf(const GameRecord& record);
// Several records as one collection.
std::string write_sgf(std::span<const GameRecord> records);

// The record of a game given by its parts: size and set-up from `start` (the
// position before the first move: its stones become the move-0 setup, with PL
// the first mover, or `to_move` when there are no moves), rules (RU, KM),
// handicap (HA), the moves, CA[UTF-8] and AP[Tengen:version]; no RE. The
// one place where Tengen's own records (GTP printsgf, self-play, findings of
// the checks) are made.
GameRecord record_from_moves(const Board& start, const Rules& rules, int handicap,
                             std::span<const Move> moves, Color to_move);

// The record of a game: size, rules, handicap, the moves, RE from the score if
// the game is over. `start` is the position before the game's first move
// (Game does not keep it visibly); stones there become the move-0 setup.
// For a game with a fixed handicap (Game::set_handicap) pass the board with
// the handicap stones; after a free handicap the handicap stones are moves.
GameRecord record_from_game(const Game& game, const Board& start);

}  // namespace tengen::formats
