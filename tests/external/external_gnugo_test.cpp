// The GNU Go cross-check (external/crosscheck.h): the GTP client's failure
// handling, a few hundred random games across every rule combination both
// engines share (no unexplained disagreement allowed), and one pinned game
// for each known difference of GNU Go's rules, played on GNU Go itself.
//
// Tests that need GNU Go skip when it is not installed. TENGEN_CROSSCHECK_GAMES
// sets the random games per rule set (default 16; sanitizer builds 4).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/coords.h"
#include "external/crosscheck.h"
#include "external/crosscheck_report.h"
#include "external/gnugo.h"
#include "external/gnugo_history.h"
#include "external/gtp_client.h"
#include "external/move_sources.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(undefined_behavior_sanitizer)
#define TENGEN_CHECK_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TENGEN_CHECK_SANITIZED 1
#endif

namespace tengen::external {
namespace {

#ifdef TENGEN_CHECK_SANITIZED
constexpr uint64_t kDefaultGames = 4;
#else
constexpr uint64_t kDefaultGames = 16;
#endif

uint64_t games_per_rule_set() {
  if (const char* text = std::getenv("TENGEN_CROSSCHECK_GAMES")) {
    const long n = std::atol(text);
    if (n > 0) return uint64_t(n);
  }
  return kDefaultGames;
}

std::string gnugo_or_skip() {
  return find_gnugo();
}

#define REQUIRE_GNUGO(path)                 \
  const std::string path = gnugo_or_skip(); \
  if (path.empty()) GTEST_SKIP() << "gnugo is not installed";

std::vector<Point> moves(int size, std::initializer_list<const char*> vertices) {
  const Board board(size, size);
  std::vector<Point> result;
  for (const char* v : vertices) {
    const auto p = parse_gtp_vertex(board, v);
    if (!p) throw std::invalid_argument(std::string("bad vertex ") + v);
    result.push_back(*p);
  }
  return result;
}

// Every count of a tally, to compare two tallies in one line.
std::string tally_text(const Tally& t) {
  std::string text = std::to_string(t.games) + " " + std::to_string(t.moves) + " " +
                     std::to_string(t.positions) + " " + std::to_string(t.points) + " " +
                     std::to_string(t.scores) + " " + std::to_string(t.unsettled) + " " +
                     std::to_string(t.capped) + " " + std::to_string(t.stopped) + " " +
                     std::to_string(t.engine_errors);
  for (uint64_t d : t.disagreements) text += " d" + std::to_string(d);
  for (uint64_t k : t.known) text += " k" + std::to_string(k);
  return text;
}

Rules rules_with(KoRule ko, SuicideRule suicide, Scoring scoring) {
  Rules rules = shared_rule_sets().front();
  rules.ko = ko;
  rules.suicide = suicide;
  rules.scoring = scoring;
  return rules;
}

struct Played {
  Tally tally;
  std::vector<Finding> findings;
};

Played play_fixed(const std::string& gnugo, const Rules& rules, int size,
                  const std::vector<Point>& sequence) {
  CrossChecker checker({gnugo, {}}, rules);
  GameSpec spec;
  spec.size = size;
  spec.rules = rules;
  Played played;
  checker.play(spec, 0, fixed_moves(sequence), &played.tally, &played.findings);
  return played;
}

bool has_finding(const Played& played, KnownDifference kind, const std::string& text) {
  return std::any_of(played.findings.begin(), played.findings.end(), [&](const Finding& f) {
    return f.known && f.difference == kind && f.text.find(text) != std::string::npos;
  });
}

std::string describe(const Played& played) {
  std::string text;
  for (const Finding& f : played.findings) {
    text += std::string(f.known ? to_string(f.difference) : to_string(f.disagreement)) +
            " after move " + std::to_string(f.move_number) + ": " + f.text + "\n";
  }
  return text;
}

// ---------------------------------------------------------------------------
// The GTP client, without GNU Go

TEST(GtpClient, ProgramThatCannotStart) {
  EXPECT_THROW(GtpClient("/nonexistent/engine", {}), GtpError);
}

TEST(GtpClient, ChildThatExits) {
  GtpClient client("/bin/true", {}, std::chrono::seconds(5));
  try {
    client.ask("name");
    FAIL() << "expected a GtpError";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("/bin/true"), std::string::npos) << e.what();
  }
  // Unusable afterwards, with an error rather than a crash.
  EXPECT_THROW(client.ask("name"), GtpError);
}

TEST(GtpClient, ChildThatStaysSilent) {
  GtpClient client("/bin/sleep", {"30"}, std::chrono::milliseconds(200));
  try {
    client.ask("name");
    FAIL() << "expected a GtpError";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("no answer within"), std::string::npos) << e.what();
  }
}

TEST(GtpClient, ChildThatAnswersNonsense) {
  // cat echoes the command back: "1 name" is no GTP answer.
  GtpClient client("/bin/cat", {}, std::chrono::seconds(5));
  EXPECT_THROW(client.ask("name"), GtpError);
}

TEST(GtpClient, CommandsAreSingleLines) {
  GtpClient client("/bin/cat", {}, std::chrono::seconds(5));
  EXPECT_THROW(client.send("name\nquit"), std::invalid_argument);
}

TEST(GnuGoFlags, EachRuleHasItsFlag) {
  const std::vector<std::string> flags =
      gnugo_flags(rules_with(KoRule::Situational, SuicideRule::Multi, Scoring::Territory));
  for (const char* f : {"--japanese-rules", "--allow-suicide", "--situational-superko"}) {
    EXPECT_NE(std::find(flags.begin(), flags.end(), f), flags.end()) << f;
  }
  const std::vector<std::string> area =
      gnugo_flags(rules_with(KoRule::Positional, SuicideRule::Allowed, Scoring::Area));
  for (const char* f : {"--chinese-rules", "--allow-all-suicide", "--positional-superko"}) {
    EXPECT_NE(std::find(area.begin(), area.end(), f), area.end()) << f;
  }
}

// ---------------------------------------------------------------------------
// With GNU Go

TEST(GnuGo, AnswersErrorsAsReplies) {
  REQUIRE_GNUGO(gnugo);
  GtpClient client(gnugo, {"--mode", "gtp", "--quiet"});
  const GtpReply unknown = client.ask("no_such_command");
  EXPECT_FALSE(unknown.ok);
  const GtpReply name = client.ask("name");
  EXPECT_TRUE(name.ok);
  EXPECT_EQ(name.text, "GNU Go");
}

// Random light-policy games on every shared rule combination, small boards
// mostly, one 13x13 game in eight. Every difference must be a known one.
TEST(Crosscheck, RandomGamesAgreeOnEveryRuleSet) {
  REQUIRE_GNUGO(gnugo);
  CrosscheckConfig config;
  config.gnugo = gnugo;
  config.rule_sets = shared_rule_sets();
  config.sizes = {5, 3, 7, 9, 4, 5, 7, 13};
  config.games = games_per_rule_set();
  config.seed = 20240611;
  config.handicap = true;
  const CrosscheckReport report = run_crosscheck(config);
  const std::string text = format_report(report);
  std::printf("%s", text.c_str());
  EXPECT_TRUE(report.clean()) << text;
  EXPECT_EQ(report.total.games, config.games * config.rule_sets.size());
  EXPECT_GT(report.total.points, 0u);
  // Nearly every game ends and is scored: light-policy final positions are
  // settled, and the single-stone suicide budget ends every game.
  EXPECT_GE(
      report.total.scores + report.total.unsettled + report.total.capped + report.total.stopped,
      report.total.games - report.total.handicap_games);
}

// A run gives the same figures on one thread as on two.
TEST(Crosscheck, SameReportOnAnyNumberOfThreads) {
  REQUIRE_GNUGO(gnugo);
  CrosscheckConfig config;
  config.gnugo = gnugo;
  config.rule_sets = {rules_with(KoRule::Positional, SuicideRule::Allowed, Scoring::Territory)};
  config.sizes = {3, 5};
  config.games = 12;
  config.threads = 1;
  const std::string one = report_json(config, run_crosscheck(config));
  config.threads = 2;
  EXPECT_EQ(one, report_json(config, run_crosscheck(config)));
}

// The comparison is not vacuous: a GNU Go that forbids suicide, playing games
// where suicide is allowed, is caught.
// GNU Go given as any engine (--engine: its command line, its own flags for
// the rules) gives the same verdict, tally for tally, as GNU Go driven as
// GNU Go: its known differences are recognised by its name.
TEST(Crosscheck, GnuGoAsAnyEngineGivesTheSameVerdict) {
  REQUIRE_GNUGO(gnugo);
  for (const Rules& rules :
       {rules_with(KoRule::Positional, SuicideRule::Allowed, Scoring::Territory),
        rules_with(KoRule::Simple, SuicideRule::Forbidden, Scoring::Area)}) {
    CrosscheckConfig config;
    config.gnugo = gnugo;
    config.rule_sets = {rules};
    config.sizes = {3, 5, 7};
    config.games = 12;
    const CrosscheckReport as_gnugo = run_crosscheck(config);
    config.gnugo.clear();
    config.engine = {gnugo};
    for (const std::string& flag : gnugo_flags(rules)) config.engine.push_back(flag);
    const CrosscheckReport as_engine = run_crosscheck(config);
    EXPECT_EQ(tally_text(as_engine.total), tally_text(as_gnugo.total)) << rules.to_string();
    EXPECT_EQ(as_engine.clean(), as_gnugo.clean());
    EXPECT_TRUE(as_engine.clean()) << format_report(as_engine);
    ASSERT_TRUE(as_engine.rule_sets[0].rules_setting);
    EXPECT_EQ(as_engine.rule_sets[0].rules_setting->command, RulesCommand::None);
    EXPECT_TRUE(as_engine.rule_sets[0].unanswerable.empty());
    EXPECT_GT(as_engine.total.points, 0u);
  }
}

TEST(Crosscheck, MismatchedRulesAreCaught) {
  REQUIRE_GNUGO(gnugo);
  const Rules ours = rules_with(KoRule::Simple, SuicideRule::Allowed, Scoring::Area);
  CrossChecker checker({gnugo, {}},
                       rules_with(KoRule::Simple, SuicideRule::Forbidden, Scoring::Area));
  GameSpec spec;
  spec.size = 3;
  spec.rules = ours;
  Played played;
  checker.play(spec, 0, fixed_moves(moves(3, {"B2", "pass", "A1", "pass", "C1"})), &played.tally,
               &played.findings);
  EXPECT_GT(played.tally.disagreements[int(Disagreement::Legality)], 0u) << describe(played);
  ASSERT_FALSE(played.findings.empty());
  EXPECT_NE(played.findings[0].text.find("white B1: ours legal, GNU Go illegal"), std::string::npos)
      << describe(played);
  EXPECT_NE(played.findings[0].sgf.find("SZ[3]"), std::string::npos);
}

// A 3x3 game that ends settled, White owning the whole board: W+9 at komi 0.
std::vector<Point> three_by_three_game() {
  return moves(3, {"C2", "C3", "A1", "B1", "A3", "A2", "B3", "C1", "B2", "C3", "A3", "B2", "pass",
                   "B3", "pass", "pass"});
}

// A GNU Go that answers final_score with "B+40.5" where it would say
// "W+9.0": always, or only in the first process started (later ones pass the
// answers through).
std::string lying_gnugo(const std::string& gnugo, bool first_only) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() /
      ("tengen-lying-gnugo-" + std::to_string(::getpid()) + (first_only ? "-first" : "-always"));
  fs::create_directories(dir);
  fs::remove(dir / "started");
  const std::string started = (dir / "started").string();
  const fs::path script = dir / "gnugo";
  std::ofstream out(script);
  out << "#!/bin/sh\n";
  if (first_only) {
    out << "if [ -e '" << started << "' ]; then exec '" << gnugo << "' \"$@\"; fi\n";
    out << "touch '" << started << "'\n";
  }
  out << "'" << gnugo << R"(' "$@" | sed -u 's/^=\([0-9]*\) W+9.0$/=\1 B+40.5/')"
      << "\n";
  out.close();
  fs::permissions(script, fs::perms::owner_all);
  return script.string();
}

// A wrong final score is caught...
TEST(Crosscheck, WrongScoreIsCaught) {
  REQUIRE_GNUGO(gnugo);
  Rules rules = rules_with(KoRule::Situational, SuicideRule::Forbidden, Scoring::Area);
  rules.komi = 0;
  const std::string liar = lying_gnugo(gnugo, false);
  const Played played = play_fixed(liar, rules, 3, three_by_three_game());
  std::filesystem::remove_all(std::filesystem::path(liar).parent_path());
  EXPECT_EQ(played.tally.disagreements[int(Disagreement::Score)], 1u) << describe(played);
  EXPECT_EQ(played.tally.known[int(KnownDifference::SessionScore)], 0u);
}

// ... unless a fresh GNU Go replaying the game agrees with us (GNU Go's
// session-dependent final_score).
TEST(KnownDifference, ScoreThatAFreshGnuGoDoesNotRepeat) {
  REQUIRE_GNUGO(gnugo);
  Rules rules = rules_with(KoRule::Situational, SuicideRule::Forbidden, Scoring::Area);
  rules.komi = 0;
  const std::string liar = lying_gnugo(gnugo, true);
  const Played played = play_fixed(liar, rules, 3, three_by_three_game());
  std::filesystem::remove_all(std::filesystem::path(liar).parent_path());
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_TRUE(has_finding(played, KnownDifference::SessionScore,
                          "GNU Go margin 40.5, a fresh GNU Go on the same game margin -9"))
      << describe(played);
}

// ---------------------------------------------------------------------------
// Known differences, each shown on GNU Go

// GNU Go allows a single-stone suicide under positional superko (with all
// suicide allowed), though it leaves the board as it was.
//   A B C
// 3 X . X
// 2 . X .     White B1, A2, C2, B3: single-stone suicides
// 1 X . X
TEST(KnownDifference, SingleStoneSuicideUnderPositionalSuperko) {
  REQUIRE_GNUGO(gnugo);
  const Played played =
      play_fixed(gnugo, rules_with(KoRule::Positional, SuicideRule::Allowed, Scoring::Area), 3,
                 moves(3, {"B2", "pass", "A1", "pass", "C1", "pass", "A3", "pass", "C3"}));
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_TRUE(has_finding(played, KnownDifference::SuicideUnderSuperko,
                          "white B1: ours superko, GNU Go legal"))
      << describe(played);
  // At the end: B1, A2, C2, B3 for White.
  EXPECT_GE(played.tally.known[int(KnownDifference::SuicideUnderSuperko)], 4u);
}

// GNU Go also allows a suicide of several stones that recreates an earlier
// position: here Black's fourth stone on a 2x2 board empties it again.
TEST(KnownDifference, MultiStoneSuicideRepeatingTheEmptyBoard) {
  REQUIRE_GNUGO(gnugo);
  const Played played =
      play_fixed(gnugo, rules_with(KoRule::Positional, SuicideRule::Multi, Scoring::Area), 2,
                 moves(2, {"A1", "pass", "B1", "pass", "A2", "pass"}));
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_TRUE(has_finding(played, KnownDifference::SuicideUnderSuperko,
                          "black B2: ours superko, GNU Go legal"))
      << describe(played);
}

// Under situational superko a single-stone suicide right after the
// opponent's repeats the situation (same board, same player to move); GNU Go
// allows it.
//   A B C D
// 4 . . O .     D4: White's eye, A1: Black's eye
// 3 . . . O
// 2 X . . .
// 1 . X . .
TEST(KnownDifference, SuicideRepeatingASituation) {
  REQUIRE_GNUGO(gnugo);
  const Played played =
      play_fixed(gnugo, rules_with(KoRule::Situational, SuicideRule::Allowed, Scoring::Area), 4,
                 moves(4, {"A2", "D3", "B1", "C4", "D4"}));
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_TRUE(has_finding(played, KnownDifference::SuicideUnderSuperko,
                          "white A1: ours superko, GNU Go legal"))
      << describe(played);
}

// White's suicided stone in Black's eye is a prisoner of Black in territory
// scoring, for GNU Go and for us (no known difference left to excuse).
//   A B C D E F G
// 7 . . X . O . .
//   ...             columns C (black) and E (white) walls, all rows
// 2 X . X . O . .
// 1 . X X . O . .   White A1: suicide
TEST(Crosscheck, TerritoryCountsSuicidedStonesAsTheOpponentsPrisoners) {
  REQUIRE_GNUGO(gnugo);
  std::vector<const char*> list;
  const char* black[] = {"C1", "C2", "C3", "C4", "C5", "C6", "C7"};
  const char* white[] = {"E1", "E2", "E3", "E4", "E5", "E6", "E7"};
  for (int i = 0; i < 7; ++i) {
    list.push_back(black[i]);
    list.push_back(white[i]);
  }
  for (const char* v : {"B1", "pass", "A2", "A1", "pass", "pass"}) list.push_back(v);
  std::vector<Point> sequence;
  const Board board(7, 7);
  for (const char* v : list) sequence.push_back(*parse_gtp_vertex(board, v));
  Rules rules = rules_with(KoRule::Simple, SuicideRule::Allowed, Scoring::Territory);
  rules.komi = 0.5;
  const Played played = play_fixed(gnugo, rules, 7, sequence);
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_EQ(played.tally.scores, 1u);
  EXPECT_EQ(played.tally.known_total(), 0u) << describe(played);
}

// GNU Go 3.8 corrupts its superko memory when it folds its 500-move history
// (see external/gnugo_history.h). Nine kos on 19x19 are taken and retaken in
// reflected Gray-code order: 512 distinct positions over some 850 moves,
// where many a retake would repeat a position. From the first fold (move
// 500) GNU Go misses repetitions; from the third (move 602) it also finds
// false ones, and soon refuses a retake of ours that repeats nothing, where
// the game stops. The literal model of its history must predict every one
// of its answers on the way.
TEST(KnownDifference, SuperkoAfterGnuGoFoldsItsHistory) {
  REQUIRE_GNUGO(gnugo);
  const Board board(19, 19);
  struct Ko {
    Point take;    // Black captures here
    Point retake;  // White captures back here
  };
  std::vector<Point> black, white;
  std::vector<Ko> kos;
  for (int k = 0; k < 9; ++k) {
    const int x = 1 + 6 * (k % 3), y = 1 + 6 * (k / 3);
    //   x x+1 x+2 x+3
    //   .  X   O   .     y
    //   X  O   .   O     y+1   White holds the ko; Black takes at x+2
    //   .  X   O   .     y+2
    for (auto [dx, dy] : {std::pair{1, 0}, {0, 1}, {1, 2}})
      black.push_back(board.point(x + dx, y + dy));
    for (auto [dx, dy] : {std::pair{2, 0}, {3, 1}, {2, 2}, {1, 1}}) {
      white.push_back(board.point(x + dx, y + dy));
    }
    kos.push_back({board.point(x + 2, y + 1), board.point(x + 1, y + 1)});
  }
  std::vector<Point> sequence;
  for (size_t i = 0; i < white.size(); ++i) {
    sequence.push_back(i < black.size() ? black[i] : kPass);
    sequence.push_back(white[i]);
  }
  Color last = Color::White;
  for (uint32_t k = 0; k + 1 < 512; ++k) {
    const uint32_t from = k ^ (k >> 1), to = (k + 1) ^ ((k + 1) >> 1);
    const int bit = __builtin_ctz(from ^ to);
    const bool take = (to >> bit) & 1;
    const Color mover = take ? Color::Black : Color::White;
    if (mover == last) sequence.push_back(kPass);
    sequence.push_back(take ? kos[bit].take : kos[bit].retake);
    last = mover;
  }
  const Played played = play_fixed(
      gnugo, rules_with(KoRule::Positional, SuicideRule::Forbidden, Scoring::Area), 19, sequence);
  EXPECT_EQ(played.tally.unexplained(), 0u) << describe(played);
  EXPECT_GT(sequence.size(), size_t(kGnuGoHistory + kGnuGoHistoryFold));
  EXPECT_GT(played.tally.known[int(KnownDifference::FoldedHistory)], 0u) << describe(played);
  // The first: at move 501 GNU Go no longer sees the repetition.
  EXPECT_TRUE(has_finding(played, KnownDifference::FoldedHistory, "ours superko, GNU Go legal"))
      << describe(played);
  // The game stopped where GNU Go refused a legal retake (a false repetition).
  EXPECT_EQ(played.tally.stopped, 1u) << describe(played);
}

}  // namespace
}  // namespace tengen::external
