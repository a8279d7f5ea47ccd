// The seki rule: parse, print, and scoring with no territory in seki.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/golden_util.h"

namespace tengen {
namespace {

using golden::board_from;
using golden::rules_from;
using golden::summary;
using golden::vertices;

TEST(DeadStonesScoring, SekiRuleParsesAndPrints) {
  const Rules neutral = rules_from("japanese,seki=neutral");
  EXPECT_EQ(neutral.seki, SekiRule::Neutral);
  EXPECT_EQ(neutral.to_string(),
            "ko=simple,suicide=forbidden,scoring=territory,komi=6.5,tie=draw,handicap=fixed,"
            "bonus=none,end=two-passes,seki=neutral");
  EXPECT_EQ(rules_from(neutral.to_string()), neutral);
  EXPECT_EQ(neutral.preset_name(), "");
  // The default is not written, so every preset's text is as before.
  EXPECT_EQ(Rules::japanese().seki, SekiRule::Counted);
  EXPECT_EQ(rules_from("japanese,seki=counted"), Rules::japanese());
  EXPECT_EQ(Rules::japanese().to_string().find("seki"), std::string::npos);
  std::string error;
  EXPECT_FALSE(Rules::parse("japanese,seki=maybe", &error));
  EXPECT_EQ(error, "rules: bad value 'maybe' for seki (expected one of: counted, neutral)");
}

// Stones listed in seki: A9's region touches B9 and counts for nobody under
// seki=neutral; E9 touches nothing in seki and stays White's.
constexpr const char* kSekiEyes = R"(
  . X O . O
  X X O O O
  O O O . .
)";

TEST(DeadStonesScoring, NoTerritoryInSeki) {
  const Board board = board_from(kSekiEyes);
  ScoreContext context;
  context.seki = vertices(board, "B3 A2 B2");
  Rules rules = rules_from("japanese,komi=0,seki=neutral");
  // Black: nothing; White: D3 D1 E1 = 3; neutral: A3 (seki) only.
  EXPECT_EQ(summary(score(board, rules, context)), "black 0 white 3 neutral 1 bonus 0 result W+3");
  rules.seki = SekiRule::Counted;
  EXPECT_EQ(summary(score(board, rules, context)), "black 1 white 3 neutral 0 bonus 0 result W+2");
  // A seki stone also listed dead is dead.
  context.dead = vertices(board, "B3 A2 B2");
  rules.seki = SekiRule::Neutral;
  EXPECT_EQ(summary(score(board, rules, context)),
            "black 0 white 10 neutral 0 bonus 0 result W+10");
  context.seki = vertices(board, "D3");
  EXPECT_THROW(score(board, rules, context), std::invalid_argument);
}

}  // namespace
}  // namespace tengen
