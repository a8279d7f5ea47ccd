// GNU Go 3.8 as a second rules implementation, driven over GTP (gtp_client.h):
// the command-line flags that give it our rules, and typed forms of the
// commands a verifier needs (play, all_legal, list_stones, captures,
// final_status_list, final_score). Points are our board's points; GNU Go
// boards are square, 1x1 to 19x19.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "core/types.h"
#include "external/gtp_client.h"

namespace tengen::external {

constexpr int kGnuGoMaxSide = 19;

// The GNU Go flags for the settings of `rules` that GNU Go's legality and
// scoring know: --chinese-rules (area) or --japanese-rules (territory);
// --forbid-suicide, --allow-suicide (two or more stones) or
// --allow-all-suicide; --simple-ko, --positional-superko or
// --situational-superko. Komi is set per game over GTP. Tie, handicap
// placement and bonus and the end rule have no flag (see crosscheck.h for
// how the cross-check treats them).
std::vector<std::string> gnugo_flags(const Rules& rules);

// The gnugo program to use: `given` if not empty, else "gnugo" on PATH, else
// /usr/games/gnugo (where Debian puts it). "" if none is an executable file.
std::string find_gnugo(const std::string& given = "");

// What GNU Go says about one position, asked in one pipelined batch.
struct GnuGoView {
  std::vector<Point> legal[2];   // all_legal black / white, sorted
  std::vector<Point> stones[2];  // list_stones black / white, sorted
  int captures[2] = {0, 0};      // captures black / white: stones each has removed
};

inline int side_index(Color c) {
  return c == Color::Black ? 0 : 1;
}

class GnuGo {
 public:
  // Starts `program` in GTP mode with gnugo_flags(rules). Throws GtpError.
  GnuGo(const std::string& program, const Rules& rules,
        std::chrono::milliseconds timeout = std::chrono::seconds(60));

  // boardsize, clear_board and komi. Throws GtpError (also if GNU Go refuses).
  // Precondition: 1 <= size <= kGnuGoMaxSide.
  void new_game(int size, double komi);
  // fixed_handicap n: the stones GNU Go placed (sorted), or nullopt if it
  // refused (board too small, n out of range).
  std::optional<std::vector<Point>> fixed_handicap(const Board& board, int n);
  // play: GNU Go's answer, ok or a refusal with its reason in text.
  [[nodiscard]] GtpReply play(const Board& board, Color c, Point p);
  // The position as GNU Go sees it. `legality`: also all_legal for both
  // colours. Throws GtpError on an answer it cannot read.
  GnuGoView view(const Board& board, bool legality);
  // final_status_list with "dead", "seki", "alive" ...: sorted points.
  std::vector<Point> final_status_list(const Board& board, const std::string& status);
  // final_score as a margin for Black (B+3.5 -> 3.5, W+2 -> -2, 0 -> 0).
  double final_score();

  const std::string& command_line() const { return client_.command_line(); }

 private:
  GtpReply expect_ok(const std::string& command);
  std::vector<Point> points(const Board& board, const GtpReply& reply, const std::string& command);

  GtpClient client_;
};

}  // namespace tengen::external
