// The GTP engine as real clients drive it (Sabaki, KGS, GNU Go's
// conventions): moves after two passes, any finite komi, a loaded record's
// rules for that game only, and suicided stones as the opponent's prisoners.
// Golden text: a script in, the exact responses out.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gtp/engine.h"
#include "tengen/version.h"

namespace tengen::gtp {
namespace {

const std::string kData = std::string(TENGEN_TEST_DATA_DIR);

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// Runs a script on a fresh engine (19x19, Tromp-Taylor unless `options`
// say otherwise); the responses with the data directory written DATA and
// the version VERSION, and blank lines between responses dropped.
std::string session(const std::string& script, const GtpEngineOptions& options = {}) {
  GtpEngine engine(options);
  std::istringstream in(replace_all(script, "DATA", kData));
  std::ostringstream out;
  engine.run(in, out);
  return replace_all(replace_all(replace_all(out.str(), kData, "DATA"), TENGEN_VERSION, "VERSION"),
                     "\n\n", "\n");
}

// A GUI's clean-up phase plays on after two passes; genmove never fails.
TEST(GtpClients, MovesAreAcceptedAfterTwoPasses) {
  EXPECT_EQ(session(R"(boardsize 5
play b pass
play w pass
play b C3
is_legal w B2
genmove w
final_score
)"),
            R"(=
=
=
=
= 1
= B2
= W+7.5
)");
}

// GTP 2: the engine accepts any komi "even if it should be ridiculous".
TEST(GtpClients, AnyFiniteKomiIsAcceptedAndScoredExactly) {
  EXPECT_EQ(session(R"(boardsize 3
komi 6.25
final_score
komi 0.25
final_score
komi 1e1
final_score
komi +6.5
final_score
komi -0.1
final_score
komi nan
komi inf
komi 6,5
tengen-rules
)"),
            R"(=
=
= W+6.25
=
= W+0.25
=
= W+10
=
= W+6.5
=
= B+0.1
? komi not a finite number
? komi not a finite number
? komi not a finite number
= ko=positional,suicide=allowed,scoring=area,komi=-0.1,tie=draw,handicap=free,bonus=none,end=two-passes
)");
}

// A loaded record's rules are that game's; clear_board returns to the
// engine's. A record without RU is played under the engine's rules with its
// own KM; printsgf names a preset by its standard name.
TEST(GtpClients, LoadedRulesLastOneGame) {
  GtpEngineOptions options;
  options.rules = *Rules::preset("chinese");
  EXPECT_EQ(session(R"(loadsgf DATA/gtp/no_ru.sgf
tengen-rules
printsgf
loadsgf DATA/sgf/legal.sgf
tengen-rules
clear_board
tengen-rules
printsgf
tengen-rules aga
komi 0.5
loadsgf DATA/sgf/legal.sgf
boardsize 9
tengen-rules
)",
                    options),
            R"(= black
= ko=simple,suicide=forbidden,scoring=area,komi=0.5,tie=draw,handicap=fixed,bonus=n,end=two-passes
= (;FF[4]GM[1]CA[UTF-8]SZ[5]RU[Chinese]KM[0.5]AP[Tengen:VERSION]
;B[cc];W[bb])
= white
= ko=simple,suicide=forbidden,scoring=territory,komi=6.5,tie=draw,handicap=fixed,bonus=none,end=two-passes
=
= ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n,end=two-passes
= (;FF[4]GM[1]CA[UTF-8]SZ[19]RU[Chinese]KM[7.5]AP[Tengen:VERSION])
= ko=situational,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n-1,end=two-passes
=
= white
=
= ko=situational,suicide=forbidden,scoring=area,komi=0.5,tie=draw,handicap=fixed,bonus=n-1,end=two-passes
)");
}

// Black's stone on A1 in White's corner removes itself by suicide: GNU Go
// and Sabaki count it as White's prisoner, in captures and in territory.
// final_score estimates dead stones: Black's lone C3 against White's two
// stones on 3x3 is dead, so White has 7 points of territory + 1 suicided
// stone + 1 dead stone = 9 under territory scoring, the same margin as area
// scoring's 9 points (without the suicide it would be 8).
TEST(GtpClients, SuicidedStonesAreTheOpponentsPrisoners) {
  EXPECT_EQ(session(R"(boardsize 3
tengen-rules ko=simple,suicide=allowed,scoring=territory,komi=0
play w A2
play b C3
play w B1
play b A1
list_stones black
captures white
captures black
final_score
tengen-rules ko=simple,suicide=allowed,scoring=area,komi=0
final_score
)"),
            R"(=
= ko=simple,suicide=allowed,scoring=territory,komi=0,tie=draw,handicap=free,bonus=none,end=two-passes
=
=
=
=
= C3
= 1
= 0
= W+9
= ko=simple,suicide=allowed,scoring=area,komi=0,tie=draw,handicap=free,bonus=none,end=two-passes
= W+9
)");
}

}  // namespace
}  // namespace tengen::gtp
