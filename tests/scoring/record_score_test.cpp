// Scoring a record (scoring/record_score.h) beyond the count itself: the
// dame Chinese counting fills, the points a side must fill under territory
// counting, the dead stones another engine calls, and a call that fails.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/coords.h"
#include "formats/sgf.h"
#include "scoring/record_score.h"

namespace tengen::scoring {
namespace {

// 9x9: a Black wall on column C, a White wall on column E, column D empty
// (9 dame); Black's area A-C (27), White's E-I (45); both passed, so Black
// is to move.
std::string walls(const std::string& root) {
  return "(;GM[1]FF[4]SZ[9]" + root +
         "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci]"
         "AW[ea][eb][ec][ed][ee][ef][eg][eh][ei];B[];W[])";
}

RecordScore score_text(const std::string& sgf, const CallDead& call = {}) {
  const formats::SgfRead read = formats::read_sgf(sgf, "test");
  EXPECT_TRUE(read.ok());
  DeadStoneOptions estimate;
  estimate.playouts = 16;
  estimate.threads = 1;
  return score_record(read.games.at(0), {}, estimate, {}, call);
}

TEST(RecordScore, ChineseCountingFillsTheDameInTurn) {
  // Black to move fills 5 of the 9 dame, White 4: B 32, W 49, W+24.5.
  const RecordScore g = score_text(walls("RU[Chinese]KM[7.5]RE[W+24.5]"));
  ASSERT_EQ(g.error, "");
  EXPECT_EQ(g.score.black, 32);
  EXPECT_EQ(g.score.white, 49);
  EXPECT_EQ(g.score.neutral, 0);
  EXPECT_TRUE(g.same_margin);
  EXPECT_EQ(g.rules.inferences.back(),
            "9 dame filled in turn, Black (to move) first, as Chinese counting fills them: 5 to "
            "Black, 4 to White");
  // Tromp-Taylor leaves them neutral: B 27, W 45.
  const RecordScore tt = score_text(walls("RU[koPOSITIONALscoreAREAsui1]KM[7.5]RE[W+25.5]"));
  EXPECT_EQ(tt.score.neutral, 9);
  EXPECT_TRUE(tt.same_margin);
}

TEST(RecordScore, CalledDeadStones) {
  const Board board(9, 9);
  // A Black stone at H5 in White's area, called dead (the playouts would
  // call it dead too, so it is called alive first: the count follows the
  // call).
  std::string sgf = walls("RU[Japanese]KM[6.5]RE[W+25.5]");
  sgf.insert(sgf.find("AW[ea]"), "AB[he]");
  const Point h5 = *parse_gtp_vertex(board, "H5");
  const RecordScore alive = score_text(sgf, [](const Game&) { return StoneCalls{}; });
  ASSERT_EQ(alive.error, "");
  EXPECT_TRUE(alive.dead.empty());
  EXPECT_FALSE(alive.same_margin);
  const CallDead call = [&](const Game&) { return StoneCalls{{h5}, {}}; };
  const RecordScore g = score_text(sgf, call);
  ASSERT_EQ(g.error, "");
  // Territory: Black A-B (18); White F-J (36, H5's point with the stone
  // removed) and the prisoner.
  EXPECT_EQ(g.score.black, 18);
  EXPECT_EQ(g.score.white, 37);
  EXPECT_EQ(g.score.neutral, 9);
  EXPECT_EQ(g.dead, std::vector<Point>{h5});
  EXPECT_TRUE(g.same_margin);
  // A call that fails leaves the record unscored, with the reason.
  const RecordScore failed =
      score_text(sgf, [](const Game&) -> StoneCalls { throw std::runtime_error("no engine"); });
  EXPECT_EQ(failed.error, "dead stones not called: no engine");
}

TEST(RecordScore, ALastLibertyIsNotTerritory) {
  // 5x5, both passed: Black's C1 has one liberty, B1, inside Black's area;
  // left empty, White captures there, so Black must fill it and only A5, A3
  // and A1 are territory. White: D5 E5 D4 E4 D3 E3 E2 E1.
  //   . X O . .
  //   X X O . .
  //   . X O . .
  //   X X O O .
  //   . . X O .
  const RecordScore g = score_text(
      "(;GM[1]FF[4]SZ[5]RU[Japanese]KM[6.5]RE[W+11.5]"
      "AB[ba][ab][bb][bc][ad][bd][ce]AW[ca][cb][cc][cd][dd][de];B[];W[])");
  ASSERT_EQ(g.error, "");
  ASSERT_TRUE(g.dead.empty());
  EXPECT_EQ(g.score.black, 3);
  EXPECT_EQ(g.score.white, 8);
  EXPECT_EQ(g.score.neutral, 1);
  EXPECT_TRUE(g.same_margin);
  // Area counting: Black fills it and keeps it.
  const RecordScore area = score_text(
      "(;GM[1]FF[4]SZ[5]RU[Chinese]KM[7.5]RE[W+10.5]"
      "AB[ba][ab][bb][bc][ad][bd][ce]AW[ca][cb][cc][cd][dd][de];B[];W[])");
  EXPECT_EQ(area.score.black, 11);
  EXPECT_TRUE(area.same_margin);
}

}  // namespace
}  // namespace tengen::scoring
