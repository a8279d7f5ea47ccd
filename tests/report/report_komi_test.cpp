// The komi curve of one run against runs actually played at other komis:
// with the same seed the games are the same (komi changes no move of a random
// game), so the curve must give their outcomes exactly, ties included; with
// other seeds it must agree within the 95% intervals.
#include <gtest/gtest.h>

#include <cmath>

#include <string>

#include "report/plot_data.h"
#include "report/result.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"

namespace tengen::report {
namespace {

Result play(const std::string& rules_text, uint64_t games, uint64_t seed) {
  std::string error;
  const std::optional<Rules> rules = Rules::parse(rules_text, &error);
  EXPECT_TRUE(rules.has_value()) << error;
  selfplay::RunConfig config;
  config.rules = *rules;
  config.games = games;
  config.seed = seed;
  config.threads = 2;
  return parse_result(selfplay::summary_json(selfplay::run_selfplay(config)), rules_text);
}

const KomiPoint* point_at(const KomiCurve& curve, double komi) {
  for (const KomiPoint& p : curve.points) {
    if (p.komi == komi) return &p;
  }
  return nullptr;
}

TEST(ReportKomi, SameGamesAtOtherKomisExactly) {
  const Result base = play("chinese", 2000, 17);
  for (const char* other : {"chinese,komi=-2.5", "chinese,komi=5", "chinese,komi=7,tie=white",
                            "chinese,komi=4.5", "chinese,komi=30"}) {
    const Result played = play(other, 2000, 17);
    Result with_tie = base;
    with_tie.rules.tie = played.rules.tie;
    const Outcome t = outcome_at_komi(with_tie, played.rules.komi);
    EXPECT_EQ(t.black, played.black_wins) << other;
    EXPECT_EQ(t.white, played.white_wins) << other;
    EXPECT_EQ(t.draws, played.draws) << other;
    // The komi-free margins are the same games' too.
    EXPECT_EQ(margin_without_komi(base), margin_without_komi(played)) << other;
  }
}

TEST(ReportKomi, CurveAgreesWithRunsAtThreeKomis) {
  const Result base = play("tromp-taylor", 4000, 101);
  const KomiCurve curve = komi_curve(base);
  ASSERT_TRUE(curve.fair_step && curve.fair_low && curve.fair_high);
  // A step at a whole komi, the median margin without komi, inside an
  // interval of half-point komis that holds the two either side of it.
  EXPECT_EQ(*curve.fair_step, std::floor(*curve.fair_step));
  EXPECT_EQ(*curve.fair_step, double(median_margin_without_komi(base)));
  EXPECT_LE(*curve.fair_low, *curve.fair_step - 0.5);
  EXPECT_GE(*curve.fair_high, *curve.fair_step + 0.5);
  EXPECT_EQ(*curve.fair_low - 0.5, std::floor(*curve.fair_low));
  EXPECT_EQ(*curve.fair_high - 0.5, std::floor(*curve.fair_high));
  // Every half-point komi inside the interval but outside the step's two
  // holds 50% in its 95% interval; the ones just outside do not.
  for (const KomiPoint& p : curve.points) {
    const bool holds = p.black.ci.low <= 0.5 && 0.5 <= p.black.ci.high;
    const bool inside = *curve.fair_low <= p.komi && p.komi <= *curve.fair_high;
    if (std::fabs(p.komi - *curve.fair_step) > 0.5) {
      EXPECT_EQ(holds, inside) << p.komi;
    }
  }
  uint64_t seed = 202;
  for (double komi : {0.5, 4.5, 9.5}) {
    const Result run = play("tromp-taylor,komi=" + format_komi(komi), 4000, seed++);
    const KomiPoint* p = point_at(curve, komi);
    ASSERT_NE(p, nullptr) << komi;
    const Rate measured = rate(run.black_wins, run.games);
    // Two independent estimates agree when their 95% intervals overlap.
    EXPECT_LE(p->black.ci.low, measured.ci.high) << komi;
    EXPECT_GE(p->black.ci.high, measured.ci.low) << komi;
    // And the curve is not trivially flat there.
    EXPECT_GT(p->black.value, 0.05) << komi;
    EXPECT_LT(p->black.value, 0.95) << komi;
  }
}

TEST(ReportKomi, CurveIsMonotoneAndEndsAtZeroAndOne) {
  const Result base = play("japanese", 1000, 5);
  const KomiCurve curve = komi_curve(base);
  ASSERT_GE(curve.points.size(), 2u);
  EXPECT_EQ(curve.points.front().black.k, base.games);
  EXPECT_EQ(curve.points.back().black.k, 0);
  for (size_t i = 1; i < curve.points.size(); ++i) {
    EXPECT_EQ(curve.points[i].komi, curve.points[i - 1].komi + 1);
    EXPECT_LE(curve.points[i].black.k, curve.points[i - 1].black.k);
  }
}

}  // namespace
}  // namespace tengen::report
