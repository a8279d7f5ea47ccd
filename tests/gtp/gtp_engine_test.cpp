// The GTP engine as golden text: a script of commands in, the exact
// responses out, for the protocol itself (ids, comments, tabs, CRLF, control
// characters, errors), a ko fight with captures and undo, handicaps and
// scores, and genmove, loadsgf and printsgf; a barrage of garbage lines that
// must each get an answer. The text layer on its own: gtp_protocol_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "gtp/engine.h"
#include "tengen/version.h"

namespace tengen::gtp {
namespace {

const std::string kData = std::string(TENGEN_TEST_DATA_DIR) + "/sgf";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// Runs a script on a fresh engine (default options: 19x19, Tromp-Taylor,
// seed 1) and returns everything it wrote. DATA in the script stands for
// the test data directory; the output says DATA and VERSION for the data
// directory and the version.
std::string session(const std::string& script, const std::string& out_path = "") {
  GtpEngine engine;
  std::istringstream in(replace_all(replace_all(script, "DATA", kData), "OUT", out_path));
  std::ostringstream out;
  engine.run(in, out);
  return replace_all(replace_all(out.str(), kData, "DATA"), TENGEN_VERSION, "VERSION");
}

TEST(GtpSession, ProtocolIdsCommentsAndErrors) {
  EXPECT_EQ(session("protocol_version\n"
                    "1 name\n"
                    "2 version\n"
                    "known_command play\n"
                    "known_command tengen-rules\n"
                    "known_command foo\n"
                    "3 foo bar\n"
                    "17\n"
                    " # just a comment\n"
                    "\t\t\n"
                    "4\tboardsize\t7   # tabs and a comment\n"
                    "5 boardsize 26\n"
                    "boardsize seven\n"
                    "boardsize\n"
                    "clear_board extra\n"
                    "rectangular_boardsize 9 5\n"
                    "showboard\n"
                    "play b\r\n"
                    "play black J5\r\n"
                    "play white A1\n"
                    "play green A2\n"
                    "play b pass\n"
                    "6 pl\x01"
                    "ay w\x7f"
                    " B2\n"
                    "quit\n"
                    "name\n"),
            R"gtp(= 2

=1 Tengen

=2 VERSION

= true

= true

= false

?3 unknown command

?17 missing command after the id

=4

?5 unacceptable size

? boardsize not an integer

? wrong number of arguments to boardsize

? wrong number of arguments to clear_board

=

= 
    A B C D E F G H J
 5  . . . . . . . . .  5
 4  . . . . . . . . .  4
 3  . . . . . . . . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
Captures: black 0, white 0
black to move

? wrong number of arguments to play

=

=

? invalid color

=

=6

=

)gtp");
}

TEST(GtpSession, KoCapturesAndUndo) {
  EXPECT_EQ(session(R"gtp(boardsize 5
play b B5
play w C5
play b A4
play w D4
play b B3
play w C3
play b C4
10 play w B4
captures white
11 play b C4
is_legal b C4
is_legal w C4
play b E1
play w E2
play b C4
captures black
showboard
list_stones white
all_legal white
undo
undo
captures black
showboard
)gtp"),
            R"gtp(=

=

=

=

=

=

=

=

=10

= 1

?11 illegal move (superko)

= 0

= 1

=

=

=

= 1

= 
    A B C D E
 5  . X O . .  5
 4  X . X O .  4
 3  . X O . .  3
 2  . . . . O  2
 1  . . . . X  1
    A B C D E
Captures: black 1, white 1
white to move

= C5 D4 C3 E2

= D5 E5 E4 A3 D3 E3 A2 B2 C2 D2 A1 B1 C1 D1

=

=

= 0

= 
    A B C D E
 5  . X O . .  5
 4  X O . O .  4
 3  . X O . .  3
 2  . . . . .  2
 1  . . . . X  1
    A B C D E
Captures: black 0, white 1
white to move

)gtp");
}

TEST(GtpSession, HandicapsScoresAndRules) {
  EXPECT_EQ(session(R"gtp(boardsize 19
fixed_handicap 10
fixed_handicap 4
fixed_handicap 2
list_stones black
genmove w
undo
undo
clear_board
set_free_handicap D4 D4
set_free_handicap D4 Q16 K10
list_stones black
genmove b
boardsize 5
place_free_handicap 3
list_stones black
final_score
final_status_list alive
final_status_list dead
final_status_list seki
final_status_list bogus
komi 0.5
komi 0.25
final_score
tengen-rules
tengen-rules japanese, komi=0
final_score
tengen-rules nonsense
)gtp"),
            R"gtp(=

? invalid number of stones

= D4 Q16 D16 Q4

? board not empty

= D16 Q16 D4 Q4

= F6

=

? cannot undo

=

? bad vertex list

= D4 Q16 K10

= Q16 K10 D4

= Q10

=

= E3 E4 B2

= E4 E3 B2

= B+17.5

= E4 E3
B2

=

=

? invalid status (expected alive, dead or seki)

=

=

= B+24.75

= ko=positional,suicide=allowed,scoring=area,komi=0.25,tie=draw,handicap=free,bonus=none,end=two-passes

= ko=simple,suicide=forbidden,scoring=territory,komi=0,tie=draw,handicap=fixed,bonus=none,end=two-passes

= B+22

? rules: unknown preset 'nonsense' (expected tromp-taylor, japanese, chinese, aga, nz, or key=value,...)

)gtp");
}

TEST(GtpSession, GenmoveLoadsgfAndPrintsgf) {
  const std::string out_path = ::testing::TempDir() + "gtp_printsgf.sgf";
  EXPECT_EQ(session(R"gtp(boardsize 7
tengen-rules chinese
genmove b
genmove w
genmove b
genmove w
genmove b
genmove b
printsgf
loadsgf DATA/legal.sgf 9
captures white
list_stones black
list_stones white
is_legal b B18
loadsgf DATA/legal.sgf
captures black
tengen-rules
loadsgf DATA/illegal_ko.sgf
loadsgf DATA/missing.sgf
loadsgf DATA/collection.sgf 3
showboard
printsgf
undo
undo
undo
loadsgf DATA/handicap_setup.sgf
printsgf
printsgf OUT
)gtp",
                    out_path),
            R"gtp(=

= ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n,end=two-passes

= G3

= D4

= F4

= E5

= D3

= G7

= (;FF[4]GM[1]CA[UTF-8]SZ[7]RU[Chinese]KM[7.5]AP[Tengen:VERSION]
;B[ge];W[dd];B[fd];W[ec];B[de];B[ga])

= black

= 1

= B19 A18 B17

= C19 B18 D18 C17

= 0

= white

= 1

= ko=simple,suicide=forbidden,scoring=territory,komi=6.5,tie=draw,handicap=fixed,bonus=none,end=two-passes

? cannot load file: move 9 is illegal (ko)

? cannot load file: DATA/missing.sgf:1: cannot open the file (byte 0)

= black

= 
    A B C D E F G H J
 9  . . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . O . . . . . .  7
 6  . . . . . . . . .  6
 5  . . . . X . . . .  5
 4  . . . . . . . . .  4
 3  . . . . . . . . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
Captures: black 0, white 0
black to move

= (;FF[4]GM[1]CA[UTF-8]SZ[9]RU[Chinese]KM[7.5]AP[Tengen:VERSION]
;B[ee];W[cc])

=

=

? cannot undo

= black

= (;FF[4]GM[1]CA[UTF-8]SZ[19]RU[Japanese]KM[0.5]AP[Tengen:VERSION]AB[pd][dp]AW[dc][qp][oq]PL[B]
;B[cc];W[ce])

=

)gtp");
  std::ifstream written(out_path);
  std::stringstream text;
  text << written.rdbuf();
  EXPECT_EQ(text.str(), "(;FF[4]GM[1]CA[UTF-8]SZ[19]RU[Japanese]KM[0.5]AP[Tengen:" TENGEN_VERSION
                        "]AB[pd][dp]AW[dc][qp][oq]PL[B]\n;B[cc];W[ce])\n");
  std::remove(out_path.c_str());
}

TEST(GtpSession, TheSameSeedPlaysTheSameGame) {
  auto play = [](uint64_t seed) {
    GtpEngineOptions options;
    options.width = options.height = 9;
    options.seed = seed;
    GtpEngine engine(options);
    std::string moves;
    for (int i = 0; i < 60; ++i) {
      moves += engine.handle_line(i % 2 ? "genmove w" : "genmove b");
    }
    return moves;
  };
  EXPECT_EQ(play(5), play(5));
  EXPECT_NE(play(5), play(6));
}

TEST(GtpSession, EveryLineGetsAnAnswerAndNothingCrashes) {
  // Commands with random arguments, in random order, on small boards: each
  // line is answered with '=' or '?' and one empty line.
  const std::vector<std::string_view> names = GtpEngine::command_names();
  const std::vector<std::string> words = {"b",     "w",    "white",      "A1",        "C3",  "pass",
                                          "T19",   "Z9",   "0",          "1",         "2",   "3",
                                          "5",     "-1",   "9999999999", "6.5",       "x",   "",
                                          "alive", "dead", "japanese",   "ko=simple", "J10", "D4"};
  uint64_t state = 7;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(state >> 33);
  };
  GtpEngineOptions options;
  options.width = options.height = 5;
  GtpEngine engine(options);
  for (int i = 0; i < 20000; ++i) {
    std::string line(names[next() % names.size()]);
    if (line == "quit" || line == "printsgf" || line == "loadsgf") continue;
    const int args = int(next() % 4);
    for (int a = 0; a < args; ++a) line += " " + words[next() % words.size()];
    if (next() % 50 == 0) line = "boardsize " + std::to_string(next() % 8);
    const std::string response = engine.handle_line(line);
    ASSERT_TRUE(response.size() >= 3 && (response[0] == '=' || response[0] == '?')) << line;
    ASSERT_EQ(response.substr(response.size() - 2), "\n\n") << line;
    ASSERT_EQ(response.find("\n\n"), response.size() - 2) << line;
  }
}

}  // namespace
}  // namespace tengen::gtp
