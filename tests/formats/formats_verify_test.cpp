// Replaying records and `tengen verify`'s work: crafted files with a legal
// ko fight, an immediate ko retake (simple ko and positional superko), a move
// onto a stone, a suicide, a later setup node, a handicap and a collection
// with variations, pinned as golden text; the real records of
// TENGEN_SGF_REAL_DIR, pinned as counts and replayed a second time on the
// reference model.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/coords.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "formats/verify.h"
#include "reference/reference.h"

namespace tengen::formats {
namespace {

const std::string kCrafted = std::string(TENGEN_TEST_DATA_DIR) + "/sgf";

// The report with the data directory's path written as DATA.
std::string relative(std::string text) {
  for (size_t at; (at = text.find(kCrafted)) != std::string::npos;) {
    text.replace(at, kCrafted.size(), "DATA");
  }
  return text;
}

GameRecord read_one(std::string_view text) {
  SgfRead read = read_sgf(text, "test.sgf");
  EXPECT_TRUE(read.ok()) << (read.error ? read.error->message() : "");
  return read.games.at(0);
}

TEST(Verify, CraftedFilesGolden) {
  VerifyOptions options;
  options.threads = 2;
  const VerifyReport report = verify_files(collect_sgf_files({kCrafted}), options);
  EXPECT_EQ(relative(format_report(report, false)),
            "DATA/broken.sgf: unreadable: DATA/broken.sgf:3:9: value of W is not closed by ']' "
            "(byte 52)\n"
            "DATA/collection.sgf: 3 games, 11 moves, ok\n"
            "  game 1 (line 1, 9x9, RU[Chinese]): 5 moves, captures B 0 W 0\n"
            "  game 2 (line 3, 13x9, RU[AGA]): 4 moves, captures B 0 W 0\n"
            "  game 3 (line 4, 5x5, RU[Chinese]): 2 moves, captures B 0 W 0\n"
            "DATA/handicap_setup.sgf: 1 game, 5 moves, captures B 0 W 0, ok\n"
            "DATA/illegal_ko.sgf: 1 game, 8 moves, captures B 0 W 1\n"
            "  game 1 (line 1, 19x19, RU[Japanese]): illegal move 9 B[cb] (B C18) at line 3: ko "
            "under ko=simple,suicide=forbidden,scoring=territory,komi=6.5,tie=draw,handicap=fixed,"
            "bonus=none,end=agreement\n"
            "DATA/illegal_superko.sgf: 1 game, 8 moves, captures B 0 W 1\n"
            "  game 1 (line 1, 19x19, RU[Tromp-Taylor]): illegal move 9 B[cb] (B C18) at line 4: "
            "superko under ko=positional,suicide=allowed,scoring=area,komi=7.5,tie=draw,"
            "handicap=free,bonus=none,end=agreement\n"
            "DATA/legal.sgf: 1 game, 13 moves, captures B 1 W 1, ok\n"
            "DATA/occupied.sgf: 1 game, 3 moves, captures B 0 W 0\n"
            "  game 1 (line 1, 9x9, RU[Chinese]): illegal move 4 W[ee] (W E5) at line 3: occupied "
            "under ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,"
            "bonus=n,end=agreement\n"
            "DATA/suicide.sgf: 1 game, 4 moves, captures B 0 W 0\n"
            "  game 1 (line 1, 9x9, RU[Chinese]): illegal move 5 B[aa] (B A9) at line 3: suicide "
            "under ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,"
            "bonus=n,end=agreement\n"
            "Summary: 8 files, 9 games, 52 moves, 4 illegal moves, 0 impossible setups, "
            "1 unreadable file, 0 warnings\n");
}

TEST(Verify, JsonReportGolden) {
  const VerifyReport report = verify_files({kCrafted + "/occupied.sgf", kCrafted + "/missing.sgf"});
  // The values and the order of the fields, whatever the layout.
  EXPECT_EQ(nlohmann::ordered_json::parse(relative(format_report_json(report))),
            nlohmann::ordered_json::parse(R"json({
  "files": [
    {"path": "DATA/occupied.sgf", "games": [
      {"index": 0, "line": 1, "width": 9, "height": 9, "ruleset": "Chinese", "rules": "ko=simple,suicide=forbidden,scoring=area,komi=7.5,tie=draw,handicap=fixed,bonus=n,end=agreement", "moves": 5, "moves_played": 3, "black_captures": 0, "white_captures": 0, "illegal": {"number": 4, "color": "W", "point": "ee", "vertex": "E5", "reason": "occupied", "line": 3, "offset": 55}, "setup_error": null, "warnings": []}
    ]},
    {"path": "DATA/missing.sgf", "error": {"line": 1, "offset": 0, "problem": "cannot open the file", "message": "DATA/missing.sgf:1: cannot open the file (byte 0)"}, "games": []}
  ],
  "summary": {"files": 2, "games": 1, "moves": 3, "illegal_moves": 1, "bad_setups": 0, "unreadable_files": 1, "warnings": 0}
}
)json"));
}

TEST(Verify, ValidUtf8ForJson) {
  EXPECT_EQ(valid_utf8("a\"b\\c\n\t\x01"), "a\"b\\c\n\t\x01");        // JSON escapes these
  EXPECT_EQ(valid_utf8("\xE5\xB0\x8F"), "\xE5\xB0\x8F");              // UTF-8 passes through
  EXPECT_EQ(valid_utf8("caf\xE9"), "caf\xC3\xA9");                    // Latin-1 byte
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xC3\xAD\xC2\xA0\xC2\x80");  // a surrogate
  // In JSON, the same strings as the hand-written escaper gave before.
  auto ascii = [](std::string_view text) {
    return nlohmann::json(valid_utf8(text)).dump(-1, ' ', true);
  };
  EXPECT_EQ(ascii("a\"b\\c\n\t\x01"), R"("a\"b\\c\n\t\u0001")");
  EXPECT_EQ(ascii("caf\xE9"), R"("caf\u00e9")");
  EXPECT_EQ(ascii("\xED\xA0\x80"), R"("\u00ed\u00a0\u0080")");
}

TEST(Verify, SameReportOnOneOrTwoThreads) {
  VerifyOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const std::vector<std::string> files = collect_sgf_files({kCrafted, TENGEN_SGF_REAL_DIR});
  EXPECT_EQ(format_report_json(verify_files(files, one)),
            format_report_json(verify_files(files, two)));
}

// The real records: every game replays under its stated rules. See
// formats/README.md for what the warnings are.
TEST(Verify, RealRecordsSummary) {
  const VerifyReport report = verify_files(collect_sgf_files({TENGEN_SGF_REAL_DIR}));
  const VerifySummary& s = report.summary;
  EXPECT_EQ(s.files, 38u);
  EXPECT_EQ(s.games, 38u);
  EXPECT_EQ(s.moves, 7767u);
  EXPECT_EQ(s.illegal_moves, 0u);
  EXPECT_EQ(s.bad_setups, 0u);
  EXPECT_EQ(s.unreadable_files, 0u);
  EXPECT_EQ(s.warnings, 16u);
  int black = 0, white = 0;
  for (const FileVerdict& f : report.files) {
    for (const GameVerdict& g : f.games) {
      black += g.black_captures;
      white += g.white_captures;
    }
  }
  EXPECT_EQ(black, 460);
  EXPECT_EQ(white, 364);
}

// The real records once more on the reference model (reference/reference.h), which
// shares no code with the fast engine: the same moves are legal, and the
// final positions and prisoners agree.
TEST(Verify, RealRecordsAgreeWithTheReferenceModel) {
  for (const std::string& path : collect_sgf_files({TENGEN_SGF_REAL_DIR})) {
    SgfRead read = read_sgf_file(path);
    ASSERT_TRUE(read.ok()) << path;
    for (const GameRecord& record : read.games) {
      ASSERT_TRUE(record.setup.empty() || record.setup.back().before_move == 0) << path;
      const Replay fast = replay(record);
      ASSERT_TRUE(fast.ok()) << path;
      const Board initial = record.initial_board();
      const int w = record.width, h = record.height;
      reference::Colouring start(size_t(w * h));
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) start[size_t(y * w + x)] = initial.at(initial.point(x, y));
      }
      reference::Game slow(w, h, start, record.initial_to_move(), replay_rules(record));
      for (size_t i = 0; i < record.moves.size(); ++i) {
        const Move& m = record.moves[i];
        const int p = m.point == kPass ? reference::kPass
                                       : initial.row(m.point) * w + initial.column(m.point);
        ASSERT_EQ(slow.play(m.color, p), MoveError::None) << path << " move " << i + 1;
      }
      const Board& board = fast.game->board();
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
          ASSERT_EQ(board.at(board.point(x, y)), slow.at(y * w + x)) << path;
        }
      }
      EXPECT_EQ(fast.black_captures, slow.prisoners(Color::Black)) << path;
      EXPECT_EQ(fast.white_captures, slow.prisoners(Color::White)) << path;
    }
  }
}

TEST(Replay, PlayGoesOnAfterTwoPassesAndTheKoBanLastsOneTurn) {
  const Replay r = replay(read_one(
      "(;SZ[19]RU[Japanese];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[cb];W[bb];B[];W[];B[cb])"));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.moves_played, 11u);
  EXPECT_EQ(r.black_captures, 1);
  EXPECT_EQ(r.white_captures, 1);
  EXPECT_FALSE(r.game->over());
}

TEST(Replay, FourPassesEndASegmentAndPlayResumes) {
  const Replay r = replay(read_one("(;SZ[5]RU[Tromp-Taylor];B[cc];W[];B[];W[];B[];W[dd];B[bb])"));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.segments, 2);
  EXPECT_EQ(r.moves_played, 7u);
}

TEST(Replay, FixedHandicapCountsForTheScore) {
  const Replay r = replay(read_one("(;SZ[19]RU[Chinese]HA[2]AB[dp][pd];W[qp])"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.game->handicap(), 2);
  EXPECT_EQ(r.game->score().handicap_bonus, 2);
  // Stones elsewhere are a plain setup.
  const Replay other = replay(read_one("(;SZ[19]RU[Chinese]HA[2]AB[dd][pp];W[qp])"));
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other.game->handicap(), 0);
}

TEST(Replay, FreeHandicapAsBlackMoves) {
  const Replay r = replay(read_one("(;SZ[9]RU[Tromp-Taylor]HA[2];B[cc];B[gg];W[ee])"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.game->handicap(), 2);
  EXPECT_EQ(r.moves_played, 3u);
}

TEST(Replay, LaterSetupRestartsFromThePosition) {
  const Replay r = replay(read_one("(;SZ[5];B[aa];W[bb];AE[aa]AB[cc];W[dd];B[ee])"),
                          ReplayOptions{.max_moves = 3, .keep_start = true});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.segments, 2);
  EXPECT_EQ(r.moves_played, 3u);
  EXPECT_EQ(diagram(r.game->board()),
            ". . . . .\n"
            ". O . . .\n"
            ". . X . .\n"
            ". . . O .\n"
            ". . . . .\n");
  ASSERT_TRUE(r.start.has_value());
  EXPECT_EQ(r.start->board().stones(Color::Black), 1);
  EXPECT_EQ(r.game->moves().size(), 1u);
}

TEST(Replay, ManyWholeBoardSetupsReplayQuickly) {
  std::string text = "(;SZ[19]RU[Chinese]";
  for (int i = 0; i < 1000; ++i) text += ";AB[aa:sq];B[ss];AE[aa:ss];W[]";
  text += ")";
  const Replay r = replay(read_one(text));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.segments, 2000);  // the first setup is the initial position
  EXPECT_EQ(r.moves_played, 2000u);
  EXPECT_EQ(r.game->board().stones(Color::Black), 0);
}

TEST(Replay, ImpossibleSetupIsReported) {
  const Replay later = replay(read_one("(;SZ[3];B[bb];AW[aa:cc]AE[bb]AB[bb])"));
  EXPECT_EQ(later.setup_error, "the setup at line 1 leaves a chain without liberties");
  EXPECT_EQ(later.moves_played, 1u);
  const Replay r = replay(read_one("(;SZ[3]AB[aa:cc])"));
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.setup_error, "the initial setup has a chain without liberties");
  EXPECT_FALSE(r.game.has_value());
}

}  // namespace
}  // namespace tengen::formats
