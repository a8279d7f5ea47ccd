// The searching player through GTP and the command line: genmove plays legal
// moves within the time control, lz-analyze answers in Leela Zero's format,
// final_score and final_status_list use the search's ownership, and bad
// options exit 105 naming the option.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/coords.h"
#include "gtp/engine.h"
#include "tests/support/process_util.h"

namespace tengen {
namespace {
// The lines of `block` ("a\nb\n": two) if every one is an lz-analyze info
// line, else -1. By hand: std::regex recurses once a character, and an info
// line is long enough to overflow the stack under AddressSanitizer.
int info_lines_only(const std::string& block) {
  int n = 0;
  for (size_t at = 0; at < block.size(); ++n) {
    const size_t end = block.find('\n', at);
    if (end == std::string::npos || block.compare(at, 10, "info move ") != 0) return -1;
    at = end + 1;
  }
  return n;
}

using gtp::GtpEngine;
using gtp::GtpEngineOptions;

GtpEngineOptions mcts(int size, int64_t playouts) {
  GtpEngineOptions o;
  o.width = o.height = size;
  o.rules = Rules::chinese();
  search::SearchOptions s;
  s.playouts = playouts;
  o.search = s;
  return o;
}

TEST(SearchGtp, GenmoveIsLegalUnderEveryTimeControl) {
  GtpEngine engine(mcts(9, 200));
  const std::vector<std::string> settings = {"time_settings 0 0 0",
                                             "time_settings 30 0 0",
                                             "time_settings 10 5 5",
                                             "kgs-time_settings none",
                                             "kgs-time_settings absolute 20",
                                             "kgs-time_settings byoyomi 0 2 3",
                                             "kgs-time_settings canadian 5 10 10"};
  for (const std::string& setting : settings) {
    ASSERT_EQ(engine.handle_line(setting), "=\n\n") << setting;
    ASSERT_EQ(engine.handle_line("time_left b 1 1"), "=\n\n");
    for (const char* colour : {"b", "w"}) {
      const Color c = colour[0] == 'b' ? Color::Black : Color::White;
      const Game before = engine.game();
      const std::string answer = engine.handle_line(std::string("genmove ") + colour);
      ASSERT_EQ(answer.substr(0, 2), "= ") << setting << ": " << answer;
      const std::string vertex = answer.substr(2, answer.size() - 4);
      const auto p = parse_gtp_vertex(before.board(), vertex);
      ASSERT_TRUE(p.has_value()) << answer;
      EXPECT_EQ(before.check(c, *p), MoveError::None) << setting << ": " << vertex;
    }
  }
  EXPECT_EQ(engine.handle_line("kgs-time_settings byoyomi 1 2"),
            "? syntax error (none | absolute M | byoyomi M P N | canadian M P N)\n\n");
  EXPECT_EQ(engine.handle_line("time_settings 1 x 0").substr(0, 1), "?");
}

TEST(SearchGtp, LzAnalyzeInLeelaZerosFormat) {
  GtpEngine engine(mcts(9, 300));
  ASSERT_EQ(engine.handle_line("play b E5"), "=\n\n");
  const std::string answer = engine.handle_line("lz-analyze w 10");
  const std::regex info(
      "info move ([A-HJ-T][0-9]+|pass) visits [0-9]+ winrate [0-9]+ prior [0-9]+ lcb [0-9]+ "
      "order 0 pv( ([A-HJ-T][0-9]+|pass))+");
  EXPECT_TRUE(std::regex_search(answer, info)) << answer;
  EXPECT_EQ(answer.substr(0, 3), "= \n") << answer;
  EXPECT_EQ(engine.handle_line("lz-analyze b").substr(0, 1), "?");  // not Black's turn
  GtpEngine random;  // the random player cannot analyse
  EXPECT_EQ(random.handle_line("lz-analyze").substr(0, 1), "?");
}

// Read from a stream, lz-analyze with an interval answers "=" at once and
// info lines until the next command comes, then ends its answer with the
// empty line and carries out that command. Here the next command is there
// already: the analysis stops after its first playouts, with or without an
// info line.
TEST(SearchGtp, LzAnalyzeStreamsUntilTheNextCommand) {
  GtpEngine engine(mcts(9, 300));
  std::istringstream in("play b E5\n7 lz-analyze w 1\n8 name\ngenmove w\n");
  std::ostringstream out;
  engine.run(in, out);
  const std::string text = out.str();
  const std::string head = "=\n\n=7\n", middle = "\n=8 Tengen\n\n";
  ASSERT_TRUE(text.starts_with(head)) << text;
  const size_t end = text.find(middle);
  ASSERT_NE(end, std::string::npos) << text;
  EXPECT_GE(info_lines_only(text.substr(head.size(), end - head.size())), 0) << text;
  EXPECT_TRUE(
      std::regex_match(text.substr(end + middle.size()), std::regex("= ([A-HJ-T][0-9]+|pass)\n\n")))
      << text;
  // One line at a time (not a stream), or no interval: one answer at the end.
  EXPECT_EQ(engine.handle_line("lz-analyze b 10").substr(0, 3), "= \n");
}

TEST(SearchGtp, FinalStatusFromOwnership) {
  // A White stone alone in Black's area is dead; Black's wall lives.
  GtpEngine engine(mcts(5, 500));
  for (const char* move :
       {"b A3", "b B3", "b C3", "b D3", "b E3", "b B2", "b D2", "w C2", "b A4", "b E4"}) {
    ASSERT_EQ(engine.handle_line(std::string("play ") + move), "=\n\n") << move;
  }
  EXPECT_EQ(engine.handle_line("final_status_list dead"), "= C2\n\n");
  EXPECT_EQ(engine.handle_line("final_score"), "= B+17.5\n\n");
}

#ifdef TENGEN_BINARY
TEST(SearchGtp, BadOptionsExit105) {
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--playouts", "0"},
                                              {"--playouts", "-3"},
                                              {"--seconds", "nan"},
                                              {"--seconds", "-1"},
                                              {"--max-nodes", "20"},
                                              {"--player", "alphago"}}) {
    std::vector<std::string> argv = {TENGEN_BINARY, "gtp", "--player", "mcts"};
    argv.insert(argv.end(), bad.begin(), bad.end());
    const test::Ran ran = test::run_program(argv, test::stdout_to("/dev/null", "quit\n"));
    EXPECT_EQ(ran.status, 105) << bad[0] << " " << bad[1] << ": " << ran.err;
    EXPECT_NE(ran.err.find(bad[0]), std::string::npos) << ran.err;
  }
  const test::Ran ok = test::run_program(
      {TENGEN_BINARY, "play", "--player", "mcts", "--playouts", "20", "--board", "5", "--quiet"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("Result:"), std::string::npos) << ok.out;
}

// Through a pipe, as Sabaki talks to it: info lines keep coming while no
// command arrives; the next command stops the analysis and is answered.
TEST(SearchGtp, LzAnalyzeStreamsThroughAPipe) {
  test::Conversation gtp({TENGEN_BINARY, "gtp", "--player", "mcts", "--board", "9"});
  gtp.write_text("lz-analyze 5\n");
  auto info_lines = [](const std::string& text) {
    int n = 0;
    // Lines, not entries: one line holds every candidate.
    for (size_t at = 0; (at = text.find("\ninfo move", at)) != std::string::npos; ++at) ++n;
    return n;
  };
  // Three reports, however long they take: the search goes on by itself.
  const std::string streamed =
      gtp.read_until([&](const std::string& t) { return info_lines(t) >= 3; }, 120);
  ASSERT_GE(info_lines(streamed), 3) << streamed;
  gtp.write_text("name\nquit\n");
  const std::string all =
      gtp.read_until([](const std::string& t) { return t.ends_with("= Tengen\n\n=\n\n"); }, 120);
  EXPECT_EQ(gtp.wait(), 0);
  const std::string tail = "\n= Tengen\n\n=\n\n";
  ASSERT_TRUE(all.starts_with("=\n") && all.ends_with(tail)) << all;
  EXPECT_GE(info_lines_only(all.substr(2, all.size() - 2 - tail.size())), 3) << all;
}
#endif

}  // namespace
}  // namespace tengen
