// Unit tests of Rules: presets, the canonical text form, parsing and its
// error messages, komi text.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/golden_util.h"

namespace tengen {
namespace {

struct Preset {
  const char* name;
  Rules (*make)();
  const char* text;
};

const Preset kPresets[] = {
    {"tromp-taylor", &Rules::tromp_taylor,
     "ko=positional,suicide=allowed,scoring=area,komi=7.5,tie=draw,handicap=free,bonus=none,"
     "end=two-passes"},
    {"japanese", &Rules::japanese,
     "ko=simple,suicide=forbidden,scoring=territory,komi=6.5,tie=draw,handicap=fixed,bonus=none,"
     "end=two-passes"},
    {"chinese", &Rules::chinese,
     "ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n,"
     "end=two-passes"},
    {"aga", &Rules::aga,
     "ko=situational,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n-1,"
     "end=two-passes"},
    {"nz", &Rules::nz,
     "ko=situational,suicide=multi,scoring=area,komi=7,tie=draw,handicap=free,bonus=none,"
     "end=two-passes"},
};

std::optional<Rules> parse(std::string_view text) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  EXPECT_EQ(rules.has_value(), error.empty()) << text << ": " << error;
  return rules;
}

TEST(UnitRules, PresetsToString) {
  for (const Preset& p : kPresets) {
    EXPECT_EQ(p.make().to_string(), p.text) << p.name;
  }
}

TEST(UnitRules, PresetNames) {
  std::vector<std::string_view> names;
  for (const Preset& p : kPresets) names.push_back(p.name);
  EXPECT_EQ(Rules::preset_names(), names);
  for (const Preset& p : kPresets) {
    SCOPED_TRACE(p.name);
    EXPECT_EQ(Rules::preset(p.name), p.make());
    EXPECT_EQ(p.make().preset_name(), p.name);
    EXPECT_EQ(parse(p.name), p.make());
    EXPECT_EQ(parse(p.text), p.make());
  }
  EXPECT_EQ(Rules::preset("go"), std::nullopt);
  EXPECT_EQ(Rules{}.preset_name(), "tromp-taylor");
}

TEST(UnitRules, PresetsDiffer) {
  for (const Preset& a : kPresets) {
    for (const Preset& b : kPresets) {
      if (std::string_view(a.name) != b.name) {
        EXPECT_NE(a.make(), b.make()) << a.name << b.name;
      }
    }
  }
}

TEST(UnitRules, PresetWithOverrides) {
  Rules expected = Rules::japanese();
  expected.komi = 0;
  EXPECT_EQ(parse("japanese,komi=0"), expected);
  EXPECT_EQ(expected.preset_name(), "");
  EXPECT_EQ(expected.to_string(),
            "ko=simple,suicide=forbidden,scoring=territory,komi=0,tie=draw,handicap=fixed,"
            "bonus=none,end=two-passes");

  expected = Rules::chinese();
  expected.ko = KoRule::Positional;
  expected.tie = TieRule::White;
  expected.end = EndRule::Agreement;
  EXPECT_EQ(parse("chinese,ko=positional,tie=white,end=agreement"), expected);

  // An override replaces the preset's value.
  expected = Rules::aga();
  expected.komi = 5.5;
  EXPECT_EQ(parse("aga,komi=5.5"), expected);
}

TEST(UnitRules, KeyValueListsStartFromTheDefaults) {
  Rules expected;
  expected.ko = KoRule::Simple;
  expected.komi = -2.5;
  expected.scoring = Scoring::Territory;
  EXPECT_EQ(parse("ko=simple,komi=-2.5,scoring=territory"), expected);
  expected = Rules{};
  expected.handicap_bonus = HandicapBonus::NMinusOne;
  expected.handicap = HandicapPlacement::Fixed;
  EXPECT_EQ(parse("bonus=n-1,handicap=fixed"), expected);
  expected = Rules{};
  expected.suicide = SuicideRule::Multi;
  EXPECT_EQ(parse("suicide=multi"), expected);
}

TEST(UnitRules, Errors) {
  struct Bad {
    const char* text;
    const char* mentions;  // the message names the problem
  };
  const Bad bad[] = {
      {"ko=foo", "foo"},
      {"japanese,ko=foo", "foo"},
      {"suicide=sometimes", "sometimes"},
      {"scoring=stones", "stones"},
      {"tie=black", "black"},
      {"handicap=random", "random"},
      {"bonus=n+1", "n+1"},
      {"end=resign", "resign"},
      {"colour=black", "colour"},
      {"japanese,color=black", "color"},
      {"komi=7.3", "7.3"},
      {"komi=abc", "abc"},
      {"komi=", "komi"},
      {"komi=1000.5", "1000.5"},
      {"komi=7.5.5", "7.5.5"},
      {"", "empty"},
      {"   ", "empty"},
      {"go", "go"},
      {"japanese,chinese", "chinese"},
      {"ko=simple,japanese", "japanese"},
      // A repeated key is refused, not resolved by the last one.
      {"ko=simple,ko=positional", "'ko' is given twice"},
      {"aga,komi=0,komi=5.5", "'komi' is given twice"},
      {"japanese,suicide=multi,SUICIDE=multi", "'suicide' is given twice"},
      // A trailing or doubled comma is named as such.
      {"japanese,", "trailing ','"},
      {"ko=simple,,suicide=multi", "empty item between commas"},
  };
  for (const Bad& b : bad) {
    std::string error;
    EXPECT_EQ(Rules::parse(b.text, &error), std::nullopt) << "'" << b.text << "'";
    EXPECT_NE(error.find(b.mentions), std::string::npos)
        << "'" << b.text << "' gave '" << error << "'";
  }
}

TEST(UnitRules, EveryCombinationRoundTrips) {
  int count = 0;
  for (KoRule ko : {KoRule::Simple, KoRule::Positional, KoRule::Situational})
    for (SuicideRule suicide : {SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed})
      for (Scoring scoring : {Scoring::Area, Scoring::Territory})
        for (TieRule tie : {TieRule::Draw, TieRule::White})
          for (HandicapPlacement handicap : {HandicapPlacement::Free, HandicapPlacement::Fixed})
            for (HandicapBonus bonus :
                 {HandicapBonus::None, HandicapBonus::N, HandicapBonus::NMinusOne})
              for (EndRule end : {EndRule::TwoPasses, EndRule::Agreement})
                for (double komi : {7.5, 0.0, -0.5, 6.0, -1000.0, 1000.0}) {
                  Rules r{ko, suicide, scoring, komi, tie, handicap, bonus, end};
                  std::string text = r.to_string();
                  ASSERT_EQ(parse(text), r) << text;
                  ++count;
                }
  EXPECT_EQ(count, 3 * 3 * 2 * 2 * 2 * 3 * 2 * 6);
}

TEST(UnitRules, EnumNames) {
  EXPECT_EQ(to_string(KoRule::Situational), "situational");
  EXPECT_EQ(to_string(SuicideRule::Multi), "multi");
  EXPECT_EQ(to_string(Scoring::Territory), "territory");
  EXPECT_EQ(to_string(TieRule::White), "white");
  EXPECT_EQ(to_string(HandicapPlacement::Fixed), "fixed");
  EXPECT_EQ(to_string(HandicapBonus::NMinusOne), "n-1");
  EXPECT_EQ(to_string(EndRule::Agreement), "agreement");
}

TEST(UnitKomi, Format) {
  EXPECT_EQ(format_komi(7.5), "7.5");
  EXPECT_EQ(format_komi(7), "7");
  EXPECT_EQ(format_komi(0), "0");
  EXPECT_EQ(format_komi(-3), "-3");
  EXPECT_EQ(format_komi(-0.5), "-0.5");
  EXPECT_EQ(format_komi(-12.5), "-12.5");
  EXPECT_EQ(format_komi(1000), "1000");
}

TEST(UnitKomi, Parse) {
  EXPECT_EQ(parse_komi("7.5"), 7.5);
  EXPECT_EQ(parse_komi("7"), 7.0);
  EXPECT_EQ(parse_komi("0"), 0.0);
  EXPECT_EQ(parse_komi("-0.5"), -0.5);
  EXPECT_EQ(parse_komi("-1000"), -1000.0);
  EXPECT_EQ(parse_komi("1000"), 1000.0);
  for (const char* bad : {"7.3", "abc", "", "1000.5", "-1000.5", "7.25", "nan", "inf", "1e2",
                          "0x10", "7,5", "--1", "7.5.5"}) {
    EXPECT_EQ(parse_komi(bad), std::nullopt) << "'" << bad << "'";
  }
  for (double k = -20; k <= 20; k += 0.5) {
    EXPECT_EQ(parse_komi(format_komi(k)), k) << k;
  }
}

}  // namespace
}  // namespace tengen
