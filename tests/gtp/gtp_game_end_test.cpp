// The GTP engine at the end of a game and when it reads back what it wrote:
// genmove after four passes refused as play is (the record, undo and the
// controller stay in step); final_score under Tromp-Taylor counting the board
// as it stands, as Game::score() does, and estimating dead stones only under
// rules that remove them; tengen-rules refusing a second word and accepting
// back whatever rules it prints, any komi included; a Tengen record's KM[100]
// read as 100. Golden text: a script in, the exact responses out.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/coords.h"
#include "core/game.h"
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

// Runs a script on a fresh engine (19x19, Tromp-Taylor unless `options` say
// otherwise); DATA and OUT in the script stand for the test data directory
// and `out_path`; the responses with the version written VERSION and blank
// lines between responses dropped.
std::string session(const std::string& script, const std::string& out_path = "",
                    const GtpEngineOptions& options = {}) {
  GtpEngine engine(options);
  std::istringstream in(replace_all(replace_all(script, "DATA", kData), "OUT", out_path));
  std::ostringstream out;
  engine.run(in, out);
  return replace_all(replace_all(replace_all(out.str(), kData, "DATA"), TENGEN_VERSION, "VERSION"),
                     "\n\n", "\n");
}

TEST(GtpGameEnd, GenmoveAfterFourPassesIsRefusedAsPlayIs) {
  EXPECT_EQ(session(R"(boardsize 5
play b C3
play w pass
play b pass
play w pass
play b pass
genmove w
play w pass
printsgf
undo
genmove b
printsgf
)"),
            R"(=
=
=
=
=
=
? illegal move (game over)
? illegal move (game over)
= (;FF[4]GM[1]CA[UTF-8]SZ[5]RU[Tromp-Taylor]KM[7.5]RE[B+17.5]AP[Tengen:VERSION]
;B[cc];W[];B[];W[];B[])
=
= B2
= (;FF[4]GM[1]CA[UTF-8]SZ[5]RU[Tromp-Taylor]KM[7.5]AP[Tengen:VERSION]
;B[cc];W[];B[];W[];B[bd])
)");
}

// Two walls on 5x5 and a white stone in Black's area at A3: Tromp-Taylor
// counts it as it stands (A3 is White's, and A1, A2, A4, A5 reach both
// colours: Black 5, White 11, W+13.5 with komi 7.5); rules that remove dead
// stones (Chinese, or Tromp-Taylor's agreement amendment) remove it: 10 to
// 10, W+7.5.
TEST(GtpGameEnd, TrompTaylorCountsTheBoardAsItStands) {
  EXPECT_EQ(session(R"(boardsize 5
play b B1
play w D1
play b B2
play w D2
play b B3
play w D3
play b B4
play w D4
play b B5
play w D5
play w A3
final_score
final_status_list dead
final_status_list alive
tengen-rules tromp-taylor, komi=0.5
final_score
tengen-rules chinese
final_status_list dead
final_score
tengen-rules tromp-taylor, end=agreement
final_score
)"),
            R"(=
=
=
=
=
=
=
=
=
=
=
=
= W+13.5
=
= B5 B4 B3 B2 B1
D5 D4 D3 D2 D1
A3
= ko=positional,suicide=allowed,scoring=area,komi=0.5,tie=draw,handicap=free,bonus=none,end=two-passes
= W+6.5
= ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n,end=two-passes
= A3
= W+7.5
= ko=positional,suicide=allowed,scoring=area,komi=7.5,tie=draw,handicap=free,bonus=none,end=agreement
= W+7.5
)");
}

// final_score under Tromp-Taylor is Game::score() of the same moves, at
// every turn of seeded games on 7x7 that play into the end (stones that any
// estimate would call dead included).
TEST(GtpGameEnd, TrompTaylorFinalScoreIsGameScore) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    GtpEngineOptions options;
    options.width = options.height = 7;
    options.seed = seed;
    GtpEngine engine(options);
    Game game(7, 7, Rules::tromp_taylor());
    for (int turn = 0; turn < 200 && !game.over(); ++turn) {
      const Color c = game.to_move();
      std::string reply = engine.handle_line(c == Color::Black ? "genmove b" : "genmove w");
      ASSERT_TRUE(reply.starts_with("= ")) << reply;
      reply = reply.substr(2, reply.find('\n') - 2);
      const std::optional<Point> p = parse_gtp_vertex(game.board(), reply);
      ASSERT_TRUE(p) << reply;
      ASSERT_EQ(game.play(c, *p), MoveError::None) << reply;
      EXPECT_EQ(engine.handle_line("final_score"), "= " + game.score().result() + "\n\n")
          << "seed " << seed << " turn " << turn;
    }
    EXPECT_TRUE(game.over());
    EXPECT_GT(game.moves().size(), 40u);  // played into the end, captures and all
  }
}

TEST(GtpGameEnd, TengenRulesRefusesASecondWord) {
  EXPECT_EQ(
      session(R"(tengen-rules chinese extra
tengen-rules
tengen-rules japanese , komi = 0
tengen-rules chinese,komi=5 tie=white
tengen-rules komi=x
tengen-rules japanese,komi=1,komi=2
tengen-rules
)"),
      R"(? rules: unexpected word 'extra' after 'chinese' (the rules are one text: a preset, key=value,... or a preset with overrides, separated by commas)
= ko=positional,suicide=allowed,scoring=area,komi=7.5,tie=draw,handicap=free,bonus=none,end=two-passes
= ko=simple,suicide=forbidden,scoring=territory,komi=0,tie=draw,handicap=fixed,bonus=none,end=two-passes
? rules: unexpected word 'tie=white' after 'chinese,komi=5' (the rules are one text: a preset, key=value,... or a preset with overrides, separated by commas)
? rules: bad komi 'x' (expected a finite number)
? rules: 'komi' is given twice (each key at most once)
= ko=simple,suicide=forbidden,scoring=territory,komi=0,tie=draw,handicap=fixed,bonus=none,end=two-passes
)");
}

// Whatever komi `komi` accepts, tengen-rules prints rules it accepts back.
TEST(GtpGameEnd, TengenRulesPrintsRulesItAcceptsBack) {
  for (const std::string komi : {"1e300", "-1e300", "6.25", "0.1", "100", "-1000.5", "1e-300"}) {
    GtpEngine engine;
    ASSERT_EQ(engine.handle_line("komi " + komi), "=\n\n");
    const std::string printed = engine.handle_line("tengen-rules");
    ASSERT_TRUE(printed.starts_with("= ")) << printed;
    const std::string rules = printed.substr(2, printed.find('\n') - 2);
    EXPECT_EQ(engine.handle_line("tengen-rules " + rules), printed) << komi;
    EXPECT_EQ(engine.handle_line("tengen-rules"), printed) << komi;
  }
}

// A record Tengen wrote is read back as written: KM[100] is 100, from a file
// of `tengen selfplay` and from the engine's own printsgf; another program's
// KM[650] on 9x9 (no game is played for 650 points there) is Fox's 6.5.
TEST(GtpGameEnd, LoadsgfReadsTengensKomiAsWritten) {
  const std::string out_path = ::testing::TempDir() + "gtp_game_end_komi.sgf";
  EXPECT_EQ(session(R"(loadsgf DATA/gtp/tengen_komi_100.sgf
tengen-rules
loadsgf DATA/gtp/fox_komi_650.sgf
tengen-rules
boardsize 9
komi 250
play b E5
printsgf OUT
komi 7.5
loadsgf OUT
tengen-rules
)",
                    out_path),
            R"(= black
= ko=positional,suicide=allowed,scoring=area,komi=100,tie=draw,handicap=free,bonus=none,end=two-passes
= black
= ko=simple,suicide=forbidden,scoring=area,komi=6.5,tie=draw,handicap=fixed,bonus=n,end=two-passes
=
=
=
=
=
= white
= ko=positional,suicide=allowed,scoring=area,komi=250,tie=draw,handicap=free,bonus=none,end=two-passes
)");
  std::remove(out_path.c_str());
}

}  // namespace
}  // namespace tengen::gtp
