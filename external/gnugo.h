// GNU Go 3.8 as a second rules implementation, driven over GTP (engine.h):
// the command-line flags that give it our rules, and finding the program.
// GNU Go boards are square, 1x1 to 19x19.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "core/types.h"
#include "external/engine.h"

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

// GNU Go started with gnugo_flags(rules): an Engine that knows our rules
// from its command line (new_game needs no rules setting).
class GnuGo : public Engine {
 public:
  // Throws GtpError.
  GnuGo(const std::string& program, const Rules& rules,
        std::chrono::milliseconds timeout = std::chrono::seconds(60));
};

}  // namespace tengen::external
