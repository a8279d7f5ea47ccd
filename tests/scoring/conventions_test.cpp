// Counting conventions (scoring/conventions.h): which one a record gets, and
// what each changes in a count, on self-made positions and on KGS records
// (tests/data/score-conventions, README.md there).
#include <gtest/gtest.h>

#include <string>

#include "formats/sgf.h"
#include "scoring/conventions.h"
#include "scoring/record_score.h"

namespace tengen::scoring {
namespace {

formats::GameRecord read_one(const std::string& sgf) {
  const formats::SgfRead read = formats::read_sgf(sgf, "test");
  EXPECT_TRUE(read.ok());
  return read.games.at(0);
}

RecordScore score_with(const formats::GameRecord& record, const char* convention,
                       const CallDead& call = {}) {
  DeadStoneOptions estimate;
  estimate.playouts = 100;
  estimate.threads = 1;
  std::optional<Convention> chosen;
  if (convention) chosen = *find_convention(convention);
  return score_record(record, {}, estimate, {}, call, chosen);
}

// Every stone alive, no seki.
StoneCalls none_dead(const Game&) {
  return {};
}

TEST(Conventions, NamedAndFound) {
  EXPECT_EQ(convention_names(), "kgs, records, plain");
  ASSERT_NE(find_convention("kgs"), nullptr);
  EXPECT_EQ(find_convention("kgs")->last_liberty_dame, 1);
  EXPECT_EQ(find_convention("nope"), nullptr);
  for (const Convention& c : conventions()) EXPECT_FALSE(c.rules.empty()) << c.name;
}

TEST(Conventions, TheServerChoosesIt) {
  std::string why;
  EXPECT_EQ(record_convention(read_one("(;GM[1]SZ[9]PC[The Kiseido Go Server (KGS)])"), &why).name,
            "kgs");
  EXPECT_EQ(why, "PC[The Kiseido Go Server (KGS)] names KGS");
  EXPECT_EQ(record_convention(read_one("(;GM[1]SZ[9]AP[CGoban:3]SO[kgs archive])"), &why).name,
            "kgs");
  EXPECT_EQ(record_convention(read_one("(;GM[1]SZ[9]PC[Tygem]RU[Japanese])"), &why).name,
            "records");
  EXPECT_NE(why.find("no server"), std::string::npos);
}

// 5x5, both passed, every stone alive:
//   . X O . .
//   X X O . .
//   . X O . .
//   X X . O .     C2 dame
//   . . X . O     D1 dame
// Black's C1 has one liberty in Black's territory (B1) and two dame (C2,
// D1); White's E1 one in White's (E2) and one dame (D1).
std::string last_liberties(const std::string& root) {
  return "(;GM[1]FF[4]SZ[5]RU[Japanese]KM[0.5]" + root +
         "AB[ba][ab][bb][bc][ad][bd][ce]AW[ca][cb][cc][dd][ee];B[];W[])";
}

TEST(Conventions, KgsFillsALastLibertyBesideOneDameOnly) {
  // KGS: E1 must fill E2 (White's dame fill would be atari); C1 keeps B1,
  // as Black takes one of its two dame when White takes the other.
  const RecordScore kgs =
      score_with(read_one(last_liberties("PC[KGS]RE[W+2.5]")), nullptr, none_dead);
  ASSERT_EQ(kgs.error, "");
  EXPECT_EQ(kgs.convention, "kgs");
  EXPECT_EQ(kgs.score.black, 4);
  EXPECT_EQ(kgs.score.white, 6);
  EXPECT_TRUE(kgs.same_margin);
  // Professional records: every last liberty beside dame only is filled.
  const RecordScore records = score_with(read_one(last_liberties("RE[W+2.5]")), nullptr, none_dead);
  EXPECT_EQ(records.convention, "records");
  EXPECT_EQ(records.score.black, 3);
  EXPECT_EQ(records.score.white, 6);
  // Plain: the count as it stands.
  const RecordScore plain = score_with(read_one(last_liberties("RE[W+2.5]")), "plain", none_dead);
  EXPECT_EQ(plain.convention, "plain");
  EXPECT_EQ(plain.convention_from, "--convention");
  EXPECT_EQ(plain.score.black, 4);
  EXPECT_EQ(plain.score.white, 7);
}

// Under KGS's convention (territory counting) an empty region that reaches
// a chain in seki counts for nobody. 7x7, both passed, every stone called
// in seki (the call decides which chains are, as a judge's would):
//   . X O . . . .      7   A7: Black's eye
//   X X O . . . .      6
//   O O O . . . .      5   the rest: White's region (40 points)
TEST(Conventions, KgsCountsNoEyeInSeki) {
  const std::string sgf =
      "(;GM[1]FF[4]SZ[7]RU[Japanese]KM[0.5]PC[KGS]RE[W+0.5]"
      "AB[ba][ab][bb]AW[ca][cb][ac][bc][cc];B[];W[])";
  const CallDead seki = [](const Game& game) {
    StoneCalls calls;
    const Board& b = game.board();
    for (int y = 0; y < b.height(); ++y) {
      for (int x = 0; x < b.width(); ++x) {
        if (b.at(b.point(x, y)) != Color::Empty) calls.seki.push_back(b.point(x, y));
      }
    }
    return calls;
  };
  const RecordScore kgs = score_with(read_one(sgf), nullptr, seki);
  ASSERT_EQ(kgs.error, "");
  EXPECT_EQ(kgs.score.white, 0);
  EXPECT_EQ(kgs.score.black, 0);
  EXPECT_TRUE(kgs.same_margin);
  const RecordScore plain = score_with(read_one(sgf), "plain", seki);
  EXPECT_EQ(plain.score.white, 40);
  EXPECT_EQ(plain.score.black, 1);
}

// KGS 2001 records (tests/data/score-conventions/README.md): each reproduced
// under KGS's convention, found from its PC, with the playouts' dead stones.
RecordScore score_file(const std::string& name, const char* convention = nullptr) {
  const formats::SgfRead read = formats::read_sgf_file(std::string(TENGEN_TEST_DATA_DIR) +
                                                       "/score-conventions/" + name + ".sgf");
  EXPECT_TRUE(read.ok());
  return score_with(read.games.at(0), convention);
}

TEST(Conventions, KgsRecords) {
  for (const char* name : {"2001-01-05-1", "2001-01-11-2", "2001-02-07-2"}) {
    const RecordScore g = score_file(name);
    ASSERT_EQ(g.error, "") << name;
    EXPECT_EQ(g.convention, "kgs") << name;
    EXPECT_TRUE(g.same_margin) << name << ": " << g.score.result() << " against "
                               << g.record_result;
  }
  // A Black chain with one point of territory and two dame: KGS counted the
  // point, the professional records' rule does not.
  EXPECT_FALSE(score_file("2001-01-05-1", "records").same_margin);
  // A White stone in atari (2001-01-11-2) and a Black chain beside one dame
  // (2001-02-07-2): KGS did not count the point, the plain count does.
  EXPECT_FALSE(score_file("2001-01-11-2", "plain").same_margin);
  EXPECT_FALSE(score_file("2001-02-07-2", "plain").same_margin);
}

}  // namespace
}  // namespace tengen::scoring
