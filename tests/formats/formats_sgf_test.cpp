// The SGF reader on tricky inputs: escapes, line breaks, compressed point
// lists, rectangles, passes, several trees, variations, old identifiers,
// real-file oddities (RU names, komi in hundredths), and errors that name the
// place and the problem. No input may crash or hang it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/coords.h"
#include "formats/sgf.h"
#include "formats/sgf_rules.h"
#include "formats/sgf_tree.h"

namespace tengen::formats {
namespace {

// The single game of a text that must read.
GameRecord read_one(std::string_view text) {
  SgfRead read = read_sgf(text, "test.sgf");
  EXPECT_TRUE(read.ok()) << (read.error ? read.error->message() : "");
  EXPECT_EQ(read.games.size(), 1u);
  return read.games.empty() ? GameRecord{} : read.games.front();
}

// The error message of a text that must not read.
std::string error_of(std::string_view text, const SgfReadOptions& options = {}) {
  SgfRead read = read_sgf(text, "bad.sgf", options);
  EXPECT_FALSE(read.ok());
  return read.error ? read.error->message() : "";
}

// Moves as "B dd, W pass, ..." in SGF points.
std::string moves_text(const GameRecord& r) {
  const Board board(r.width, r.height);
  std::string s;
  for (const Move& m : r.moves) {
    if (!s.empty()) s += ", ";
    s += m.color == Color::Black ? "B " : "W ";
    s += m.point == kPass ? "pass" : sgf_point(board, m.point);
  }
  return s;
}

std::string comment_of(std::string_view text) {
  SgfParse parse = parse_sgf(text, "c.sgf");
  EXPECT_TRUE(parse.ok()) << (parse.error ? parse.error->message() : "");
  if (!parse.ok()) return "";
  const SgfProperty* c = parse.trees[0].nodes[0].find("C");
  return c ? c->values[0] : "<none>";
}

TEST(SgfSyntax, EscapesInText) {
  EXPECT_EQ(comment_of(R"((;C[a\]b\\c\d]))"), "a]b\\cd");
  EXPECT_EQ(comment_of(R"((;C[ends in backslash\\]))"), "ends in backslash\\");
  EXPECT_EQ(comment_of("(;C[[brackets\\] inside])"), "[brackets] inside");
}

TEST(SgfSyntax, EveryLineBreakBecomesNewline) {
  EXPECT_EQ(comment_of("(;C[a\nb])"), "a\nb");
  EXPECT_EQ(comment_of("(;C[a\r\nb])"), "a\nb");
  EXPECT_EQ(comment_of("(;C[a\rb])"), "a\nb");
  EXPECT_EQ(comment_of("(;C[a\n\rb])"), "a\nb");
  EXPECT_EQ(comment_of("(;C[a\n\nb])"), "a\n\nb");
  EXPECT_EQ(comment_of("(;C[a\r\n\r\nb])"), "a\n\nb");
}

TEST(SgfSyntax, SoftLineBreaksAreRemoved) {
  EXPECT_EQ(comment_of("(;C[ab\\\ncd])"), "abcd");
  EXPECT_EQ(comment_of("(;C[ab\\\r\ncd])"), "abcd");
  EXPECT_EQ(comment_of("(;C[ab\\\rcd])"), "abcd");
}

TEST(SgfSyntax, BytesPassThroughAnyCharset) {
  EXPECT_EQ(comment_of("(;CA[UTF-8]C[\xE5\xB0\x8F\xE8\xB1\x86\xE8\x85\x90])"),
            "\xE5\xB0\x8F\xE8\xB1\x86\xE8\x85\x90");
  EXPECT_EQ(comment_of("(;CA[ISO-8859-1]C[caf\xE9])"), "caf\xE9");
}

TEST(SgfSyntax, LinesAndOffsetsOfNodes) {
  SgfParse parse = parse_sgf("(;FF[4]\r\n;B[aa]\r;W[bb]\n\n;B[cc])", "x");
  ASSERT_TRUE(parse.ok());
  const std::vector<SgfNode>& n = parse.trees[0].nodes;
  ASSERT_EQ(n.size(), 4u);
  EXPECT_EQ(n[1].line, 2u);
  EXPECT_EQ(n[1].offset, 9u);
  EXPECT_EQ(n[2].line, 3u);
  EXPECT_EQ(n[3].line, 5u);
}

TEST(SgfSyntax, VariationsAreStoredFlatAndTheMainLineIsTheFirstChild) {
  SgfParse parse = parse_sgf("(;FF[4];B[aa](;W[bb];B[cc])(;W[dd]))", "x");
  ASSERT_TRUE(parse.ok());
  const SgfTree& t = parse.trees[0];
  ASSERT_EQ(t.nodes.size(), 5u);
  EXPECT_EQ(t.main_line(), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(t.nodes[2].next_sibling, 4);
  EXPECT_EQ(t.nodes[4].parent, 1);
}

TEST(SgfSyntax, OldLowerCaseIdentifiersAndRepeatedProperties) {
  SgfParse parse = parse_sgf("(;AddBlack[aa][bb]AB[cc] CoPyright[x])", "x");
  ASSERT_TRUE(parse.ok());
  const SgfNode& root = parse.trees[0].nodes[0];
  ASSERT_EQ(root.properties.size(), 2u);
  EXPECT_EQ(root.properties[0].id, "AB");
  EXPECT_EQ(root.properties[0].values, (std::vector<std::string>{"aa", "bb", "cc"}));
  EXPECT_EQ(root.properties[1].id, "CP");
}

TEST(SgfSyntax, WhitespaceBetweenTokensAndJunkAroundTrees) {
  SgfParse parse = parse_sgf("\xEF\xBB\xBFheader text\n( ; B [aa] \n [bb] ; W[cc] )\ntrailer", "x");
  ASSERT_TRUE(parse.ok());
  EXPECT_EQ(parse.trees[0].nodes[0].properties[0].values.size(), 2u);
  EXPECT_EQ(parse.trees[0].nodes.size(), 2u);
}

TEST(SgfSyntax, WriterRoundTripsATreeWithVariations) {
  const std::string text = "(;FF[4]C[a\\]b\\\\]\n;B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))";
  SgfParse first = parse_sgf(text, "x");
  ASSERT_TRUE(first.ok());
  SgfParse second = parse_sgf(write_sgf_tree(first.trees[0]), "y");
  ASSERT_TRUE(second.ok()) << second.error->message();
  ASSERT_EQ(first.trees[0].nodes.size(), second.trees[0].nodes.size());
  for (size_t i = 0; i < first.trees[0].nodes.size(); ++i) {
    EXPECT_EQ(first.trees[0].nodes[i].properties, second.trees[0].nodes[i].properties);
    EXPECT_EQ(first.trees[0].nodes[i].parent, second.trees[0].nodes[i].parent);
  }
}

TEST(SgfSyntax, ErrorsNameTheFileLineColumnOffsetAndProblem) {
  EXPECT_EQ(parse_sgf("(;B[aa]\n;W[bb", "f.sgf").error->message(),
            "f.sgf:2:3: value of W is not closed by ']' (byte 10)");
  EXPECT_EQ(parse_sgf("(;B[aa]\n(;W[bb])", "f.sgf").error->message(),
            "f.sgf:1:1: end of input inside a game tree: 1 '(' not closed, the last opened here "
            "(byte 0)");
  EXPECT_EQ(parse_sgf("(;B[aa](;W[bb]);B[cc])", "f.sgf").error->message(),
            "f.sgf:1:16: node after a variation (a sequence must come before its variations) "
            "(byte 15)");
  EXPECT_EQ(parse_sgf("(B[aa])", "f.sgf").error->message(),
            "f.sgf:1:2: property outside a node (';' expected) (byte 1)");
  EXPECT_EQ(parse_sgf("(;B[aa])\n()", "f.sgf").error->message(),
            "f.sgf:2:2: empty game tree '()' (byte 10)");
  EXPECT_EQ(parse_sgf("no tree here", "f.sgf").error->message(),
            "f.sgf:1:1: no game tree: no '(' in the input (byte 0)");
  EXPECT_EQ(parse_sgf("(;B[aa];W bb)", "f.sgf").error->message(),
            "f.sgf:1:11: property W has no value ('[' expected) (byte 10)");
  EXPECT_EQ(parse_sgf("(;B[aa]%)", "f.sgf").error->message(),
            "f.sgf:1:8: unexpected '%' in a game tree (byte 7)");
  EXPECT_EQ(parse_sgf("(;b[aa])", "f.sgf").error->message(),
            "f.sgf:1:3: property identifier 'b' has no upper-case letter (byte 2)");
}

TEST(SgfSyntax, LimitsStopHostileInputs) {
  const std::string deep = "(;" + std::string(200000, '(') + ";B[aa]";
  SgfParse parse = parse_sgf(deep, "deep.sgf");
  ASSERT_FALSE(parse.ok());
  EXPECT_EQ(parse.error->problem, "variations nested deeper than 10000");

  // Deep but within the limit: read, copied and destroyed without recursion.
  std::string nested = "(;FF[4]";
  for (int i = 0; i < 9000; ++i) nested += "(;C[x]";
  nested += std::string(9001, ')');
  SgfParse ok = parse_sgf(nested, "nested.sgf");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.trees[0].main_line().size(), 9001u);
  SgfTree copy = ok.trees[0];
  EXPECT_EQ(copy.nodes.size(), 9001u);

  SgfLimits small;
  small.max_nodes = 3;
  EXPECT_EQ(parse_sgf("(;;;;)", "n", small).error->problem, "more than 3 nodes");
  small = SgfLimits{};
  small.max_value_bytes = 4;
  EXPECT_EQ(parse_sgf("(;C[12345])", "v", small).error->problem,
            "value of C is over the limit of 4 bytes");
  small = SgfLimits{};
  small.max_bytes = 5;
  EXPECT_FALSE(parse_sgf("(;C[1])", "b", small).ok());

  // Many distinct long identifiers in one node cost no quadratic scan.
  std::string many = "(;";
  for (int i = 0; i < 100; ++i)
    many += "XY" + std::string{char('A' + i / 26), char('A' + i % 26)} + "[1]";
  many += ")";
  EXPECT_EQ(parse_sgf(many, "m").error->problem,
            "more than 64 properties with identifiers of three or more letters in a node");
}

TEST(SgfRecord, SizesSquareAndRectangular) {
  GameRecord r = read_one("(;FF[4]GM[1]SZ[19:13];B[sm];W[aa])");
  EXPECT_EQ(r.width, 19);
  EXPECT_EQ(r.height, 13);
  EXPECT_EQ(moves_text(r), "B sm, W aa");
  EXPECT_EQ(read_one("(;SZ[ 9 ])").width, 9);
  EXPECT_EQ(read_one("(;FF[4])").width, 19);
  EXPECT_EQ(read_one("(;SZ[25];B[yy])").moves[0].point, Board(25, 25).point(24, 24));
  EXPECT_EQ(error_of("(;SZ[26])"),
            "bad.sgf:1: bad board size SZ[26] (expected N or W:H, each 1 to 25) (byte 1)");
  EXPECT_EQ(error_of("(;SZ[19:0])"),
            "bad.sgf:1: bad board size SZ[19:0] (expected N or W:H, each 1 to 25) (byte 1)");
  EXPECT_EQ(error_of("(;SZ[x])"),
            "bad.sgf:1: bad board size SZ[x] (expected N or W:H, each 1 to 25) (byte 1)");
}

TEST(SgfRecord, PassesAsEmptyAndAsTtUpTo19) {
  EXPECT_EQ(moves_text(read_one("(;SZ[19];B[];W[tt];B[ tt ])")), "B pass, W pass, B pass");
  EXPECT_EQ(moves_text(read_one("(;SZ[19:9];B[tt])")), "B pass");
  // On a 20x20 board tt is a point.
  EXPECT_EQ(moves_text(read_one("(;SZ[20];B[tt])")), "B tt");
  EXPECT_EQ(error_of("(;SZ[9]\n;B[jj])"),
            "bad.sgf:2: bad point B[jj] (not on the 9x9 board) (byte 8)");
  EXPECT_EQ(error_of("(;SZ[9];B[a])"), "bad.sgf:1: bad point B[a] (not on the 9x9 board) (byte 7)");
}

TEST(SgfRecord, SetupListsWithCompressedRectangles) {
  GameRecord r = read_one("(;SZ[5]AB[aa:bb][ee]AW[ce:cc]AE[aa];W[dd])");
  ASSERT_EQ(r.setup.size(), 1u);
  EXPECT_EQ(r.setup[0].before_move, 0u);
  EXPECT_EQ(r.setup[0].stones.size(), 4u + 1u + 3u + 1u);
  EXPECT_EQ(diagram(r.initial_board()),
            ". X . . .\n"
            "X X . . .\n"
            ". . O . .\n"
            ". . O . .\n"
            ". . O . X\n");
  EXPECT_EQ(r.initial_to_move(), Color::White);
  EXPECT_EQ(error_of("(;SZ[5]AB[aa:ff])"),
            "bad.sgf:1: bad point AB[ff] (not on the 5x5 board) (byte 1)");
}

TEST(SgfRecord, PlayerToMoveAndSetupInLaterNodes) {
  GameRecord r = read_one("(;SZ[9]AB[ee]PL[W];W[cc];B[gg];AW[dd]PL[w];W[ff])");
  ASSERT_EQ(r.setup.size(), 2u);
  EXPECT_EQ(r.setup[0].to_move, Color::White);
  EXPECT_EQ(r.setup[1].before_move, 2u);
  EXPECT_EQ(r.setup[1].to_move, Color::White);
  EXPECT_EQ(moves_text(r), "W cc, B gg, W ff");
  // Black-only setup and no moves: White moves first (a handicap).
  EXPECT_EQ(read_one("(;SZ[9]HA[2]AB[cc][gg])").initial_to_move(), Color::White);
  EXPECT_EQ(read_one("(;SZ[9])").initial_to_move(), Color::Black);
}

TEST(SgfRecord, SetupStepsSurviveWritingAndReading) {
  // Two setup nodes before the first move stay two steps; a node whose only
  // setup value is empty makes none.
  GameRecord r = read_one("(;SZ[5]AB[aa];AW[bb]AE[];AB[];B[cc];AE[aa];W[dd])");
  ASSERT_EQ(r.setup.size(), 3u);
  EXPECT_EQ(r.setup[2].before_move, 1u);
  SgfRead again = read_sgf(write_sgf(r), "again");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.games[0].setup, r.setup);
  EXPECT_EQ(again.games[0].moves, r.moves);
  // A point listed twice in a step takes its last colour.
  GameRecord twice = read_one("(;SZ[5]AB[aa:bb]AW[aa])");
  EXPECT_EQ(diagram(twice.initial_board()),
            "O X . . .\n"
            "X X . . .\n"
            ". . . . .\n"
            ". . . . .\n"
            ". . . . .\n");
  EXPECT_EQ(write_sgf(twice).substr(0, 50), "(;FF[4]GM[1]SZ[5]RU[Japanese]KM[6.5]AB[ba][ab][bb]");
}

TEST(SgfRecord, SetupPointsAreLimited) {
  SgfReadOptions options;
  options.limits.max_setup_points = 100;
  SgfRead read = read_sgf("(;SZ[19]AB[aa:ss])", "big.sgf", options);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error->message(), "big.sgf:1: more than 100 setup points in the game (byte 1)");
  // Thousands of whole-board setups replay in linear time per setup.
  std::string text = "(;SZ[19]";
  for (int i = 0; i < 1000; ++i) text += ";AB[aa:sq];B[];AE[aa:sq];W[]";
  text += ")";
  GameRecord r = read_one(text);
  EXPECT_EQ(r.setup.size(), 2000u);
  EXPECT_EQ(r.initial_board().stones(Color::Black), 19 * 17);
}

TEST(SgfRecord, SeveralGameTreesInOneFile) {
  SgfRead read = read_sgf("(;SZ[9];B[aa])\n(;SZ[13];W[bb];B[cc])(;SZ[5])", "x");
  ASSERT_TRUE(read.ok());
  ASSERT_EQ(read.games.size(), 3u);
  EXPECT_EQ(read.games[1].width, 13);
  EXPECT_EQ(read.games[1].moves.size(), 2u);
  EXPECT_EQ(read.games[1].line, 2u);
  EXPECT_EQ(read.games[2].moves.size(), 0u);
}

TEST(SgfRecord, VariationsAreSkippedAndTheMainLineFollowed) {
  GameRecord r = read_one("(;SZ[9];B[ee](;W[cc](;B[gg])(;B[cg]))(;W[gc]))");
  EXPECT_EQ(moves_text(r), "B ee, W cc, B gg");
}

TEST(SgfRecord, RootPropertiesKeptAndNamesRead) {
  GameRecord r = read_one(
      "(;FF[4]GM[1]CA[UTF-8]GN[Game \\] one]PB[Black\\\\Player]PW[White]RE[W+R]DT[2019]"
      "XX[unknown][two];B[aa]ZZ[skipped])");
  EXPECT_EQ(r.black_name, "Black\\Player");
  EXPECT_EQ(r.white_name, "White");
  EXPECT_EQ(r.result, "W+R");
  EXPECT_EQ(r.charset, "UTF-8");
  ASSERT_EQ(r.root_extra.size(), 3u);
  EXPECT_EQ(r.root_extra[0].id, "GN");
  EXPECT_EQ(r.root_extra[0].values[0], "Game ] one");
  EXPECT_EQ(r.root_extra[2].values, (std::vector<std::string>{"unknown", "two"}));
  EXPECT_EQ(error_of("(;GM[2]SZ[8])"), "bad.sgf:1: not a game of Go: GM[2] (byte 1)");
}

TEST(SgfRecord, RulesetNamesOfRealFiles) {
  struct Case {
    std::string_view ru;
    Rules rules;
  };
  const Case cases[] = {
      {"Japanese", Rules::japanese()},
      {"japanese", Rules::japanese()},
      {"Korean", Rules::japanese()},
      {"Chinese", Rules::chinese()},
      {"AGA", Rules::aga()},
      {"NZ", Rules::nz()},
      {"New Zealand", Rules::nz()},
      {"GOE", goe_rules()},
      {"Ing", goe_rules()},
      {"Tromp-Taylor", Rules::tromp_taylor()},
      {"tromp taylor", Rules::tromp_taylor()},
  };
  for (const Case& c : cases) {
    std::optional<Rules> rules = rules_from_sgf_name(c.ru);
    ASSERT_TRUE(rules.has_value()) << c.ru;
    EXPECT_EQ(*rules, c.rules) << c.ru;
  }
  EXPECT_FALSE(rules_from_sgf_name("Lasker-Maas"));
  EXPECT_EQ(*rules_from_sgf_name("japanese,komi=0"), [] {
    Rules r = Rules::japanese();
    r.komi = 0;
    return r;
  }());
  EXPECT_EQ(sgf_rules_name(Rules::chinese()), "Chinese");
  EXPECT_EQ(sgf_rules_name(goe_rules()), goe_rules().to_string());
}

TEST(SgfRecord, RulesAndKomiWithDefaultsAndWarnings) {
  GameRecord r = read_one("(;RU[Chinese]KM[7.50])");
  EXPECT_EQ(r.rules.ko, KoRule::Simple);
  EXPECT_EQ(r.rules.scoring, Scoring::Area);
  EXPECT_EQ(r.rules.komi, 7.5);
  EXPECT_TRUE(r.warnings.empty());

  r = read_one("(;RU[Japanese]KM[750])");
  EXPECT_EQ(r.rules.komi, 7.5);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].problem, "KM[750] read as hundredths: komi 7.5");

  r = read_one("(;RU[Lasker-Maas]KM[2.75])");
  EXPECT_EQ(r.rules, Rules::japanese());  // the default, with its komi
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].problem, "unknown ruleset RU[Lasker-Maas]; the default rules " +
                                       Rules::japanese().to_string() + " apply");
  EXPECT_EQ(r.warnings[1].problem,
            "unreadable komi KM[2.75] (not a multiple of 0.5); the rules' komi 6.5 applies");

  SgfReadOptions options;
  options.default_rules = Rules::tromp_taylor();
  SgfRead read = read_sgf("(;KM[0])", "x", options);
  EXPECT_EQ(read.games[0].rules.ko, KoRule::Positional);
  EXPECT_EQ(read.games[0].rules.komi, 0);

  r = read_one("(;HA[7.5])");
  EXPECT_EQ(r.handicap, 0);
  EXPECT_EQ(r.warnings[0].problem, "unreadable handicap HA[7.5]; read as 0");
  EXPECT_EQ(read_one("(;HA[4])").handicap, 4);
}

TEST(SgfRecord, OddNodesGiveWarnings) {
  GameRecord r = read_one("(;SZ[9];B[aa]W[bb];AB[cc]B[dd])");
  EXPECT_EQ(moves_text(r), "B aa, W bb, B dd");
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].problem, "two moves in one node: played in the order written");
  EXPECT_EQ(r.warnings[1].problem, "setup and move in one node: the setup is applied first");
}

TEST(SgfRecord, ReadsAFileAndReportsAMissingOne) {
  SgfRead read = read_sgf_file(std::string(TENGEN_TEST_DATA_DIR) + "/sgf/collection.sgf");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.games.size(), 3u);
  SgfRead missing = read_sgf_file("/no/such/file.sgf");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error->message(), "/no/such/file.sgf:1: cannot open the file (byte 0)");
}

TEST(SgfRecord, GarbageNeverCrashes) {
  // A few thousand mutations of a real-looking file: each reads or fails
  // with a message; none crashes (the fuzz target goes much further).
  const std::string base =
      "(;FF[4]GM[1]SZ[19:13]RU[Japanese]KM[6.5]HA[2]AB[dd:ee]C[x\\]y]\n;B[aa];W[tt](;B[])(;W[cc]))";
  uint64_t state = 1;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(state >> 33);
  };
  for (int i = 0; i < 5000; ++i) {
    std::string text = base;
    const int edits = 1 + int(next() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t at = next() % text.size();
      switch (next() % 3) {
        case 0:
          text[at] = char(next() % 256);
          break;
        case 1:
          text.erase(at, 1 + next() % 3);
          break;
        default:
          text.insert(at, 1, "()[];\\:"[next() % 7]);
      }
      if (text.empty()) text = "(";
    }
    SgfRead read = read_sgf(text, "mutant");
    if (!read.ok()) {
      EXPECT_FALSE(read.error->problem.empty());
    }
  }
}

}  // namespace
}  // namespace tengen::formats
