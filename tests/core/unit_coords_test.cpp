// Unit tests of the text forms of points and boards: GTP vertices, SGF points
// and ASCII diagrams.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/golden_util.h"

namespace tengen {
namespace {

using golden::text;

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// GTP columns skip I; 25 of them end at Z.
constexpr std::string_view kGtpColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The round trips, on every board shape in kShapes: (width, height).
class EveryShape : public testing::TestWithParam<std::pair<int, int>> {
 protected:
  const int w_ = GetParam().first;
  const int h_ = GetParam().second;
  Board board_{w_, h_};

  // Calls f(x, y, point) for every point, row by row from the top.
  template <typename F>
  void for_each_point(F f) const {
    for (int y = 0; y < h_; ++y) {
      for (int x = 0; x < w_; ++x) f(x, y, board_.point(x, y));
    }
  }
};

const std::vector<std::pair<int, int>> kShapes = {{1, 1},   {2, 2},   {9, 9},  {13, 13}, {19, 19},
                                                  {20, 20}, {25, 25}, {25, 1}, {1, 25},  {7, 3},
                                                  {3, 7},   {19, 9},  {9, 19}, {13, 21}};

INSTANTIATE_TEST_SUITE_P(UnitCoords, EveryShape, testing::ValuesIn(kShapes),
                         [](const testing::TestParamInfo<std::pair<int, int>>& info) {
                           return std::to_string(info.param.first) + "x" +
                                  std::to_string(info.param.second);
                         });

TEST_P(EveryShape, GtpVertexRoundTrips) {
  for_each_point([&](int x, int y, Point p) {
    const std::string vertex = gtp_vertex(board_, p);
    ASSERT_EQ(vertex, std::string(1, kGtpColumns[x]) + std::to_string(h_ - y));
    ASSERT_EQ(parse_gtp_vertex(board_, vertex), p) << vertex;
    ASSERT_EQ(parse_gtp_vertex(board_, lower(vertex)), p) << vertex;
  });
}

TEST_P(EveryShape, SgfPointRoundTrips) {
  for_each_point([&](int x, int y, Point p) {
    const std::string sgf = sgf_point(board_, p);
    ASSERT_EQ(sgf, std::string(1, char('a' + x)) + char('a' + y));
    ASSERT_EQ(parse_sgf_point(board_, sgf), p) << sgf;
  });
}

// Up to 25 columns: the header then holds the letters O and X too.
TEST_P(EveryShape, PrettyDiagramParsesBack) {
  // A deterministic sprinkle of stones (no chain without liberties matters
  // for the text forms; set_colour allows any colouring).
  for_each_point([&](int x, int y, Point p) {
    const int k = (x * 7 + y * 3) % 5;
    if (k == 0) board_.set_colour(p, Color::Black);
    if (k == 2) board_.set_colour(p, Color::White);
  });
  std::string error;
  auto plain = parse_diagram(diagram(board_), &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(diagram(*plain), diagram(board_));
  auto pretty = parse_diagram(pretty_diagram(board_), &error);
  ASSERT_TRUE(pretty) << error << "\n" << pretty_diagram(board_);
  EXPECT_EQ(diagram(*pretty), diagram(board_)) << pretty_diagram(board_);
}

TEST(UnitGtp, Landmarks) {
  Board b19(19, 19);
  EXPECT_EQ(gtp_vertex(b19, b19.point(0, 18)), "A1");
  EXPECT_EQ(gtp_vertex(b19, b19.point(0, 0)), "A19");
  EXPECT_EQ(gtp_vertex(b19, b19.point(18, 0)), "T19");
  EXPECT_EQ(gtp_vertex(b19, b19.point(7, 0)), "H19");
  EXPECT_EQ(gtp_vertex(b19, b19.point(8, 0)), "J19");
  EXPECT_EQ(gtp_vertex(b19, b19.point(3, 15)), "D4");
  EXPECT_EQ(gtp_vertex(b19, b19.point(15, 3)), "Q16");
  EXPECT_EQ(parse_gtp_vertex(b19, "K10"), b19.point(9, 9));
  EXPECT_EQ(parse_gtp_vertex(b19, "q16"), b19.point(15, 3));
  Board b25(25, 25);
  EXPECT_EQ(gtp_vertex(b25, b25.point(24, 0)), "Z25");
  EXPECT_EQ(parse_gtp_vertex(b25, "Z1"), b25.point(24, 24));
  EXPECT_EQ(parse_gtp_vertex(b25, "z25"), b25.point(24, 0));
  Board wide(25, 1);
  EXPECT_EQ(parse_gtp_vertex(wide, "Y1"), wide.point(23, 0));
}

TEST(UnitGtp, Pass) {
  Board board(9, 9);
  EXPECT_EQ(gtp_vertex(board, kPass), "pass");
  for (const char* text : {"pass", "PASS", "Pass", "pAsS"}) {
    EXPECT_EQ(parse_gtp_vertex(board, text), kPass) << text;
  }
}

TEST(UnitGtp, Rejections) {
  Board b9(9, 9);
  for (const char* text : {"I5",
                           "i5",
                           "A0",
                           "A10",
                           "J10",
                           "Z1",
                           "K1",
                           "T19",
                           "",
                           "A",
                           "5",
                           "pas",
                           "passes",
                           "D4x",
                           "4D",
                           "DD",
                           "D-4",
                           "D+4",
                           "D 4",
                           "@1",
                           "[1",
                           "A1.5",
                           "A99999999999999999999"}) {
    EXPECT_EQ(parse_gtp_vertex(b9, text), std::nullopt) << "'" << text << "'";
  }
  Board b19(19, 19);
  for (const char* text : {"T20", "U1", "I10", "A0", "Z19"}) {
    EXPECT_EQ(parse_gtp_vertex(b19, text), std::nullopt) << text;
  }
  Board b25(25, 25);
  for (const char* text : {"A26", "A0", "I1", "Z26"}) {
    EXPECT_EQ(parse_gtp_vertex(b25, text), std::nullopt) << text;
  }
  Board tall(1, 25);
  EXPECT_EQ(parse_gtp_vertex(tall, "B1"), std::nullopt);
  EXPECT_EQ(parse_gtp_vertex(tall, "A25"), tall.point(0, 0));
}

TEST(UnitSgf, Pass) {
  for (auto [w, h] : std::vector<std::pair<int, int>>{{9, 9}, {19, 19}, {19, 9}, {1, 1}}) {
    Board board(w, h);
    EXPECT_EQ(parse_sgf_point(board, ""), kPass);
    EXPECT_EQ(parse_sgf_point(board, "tt"), kPass) << w << "x" << h;
  }
  Board b9(9, 9);
  EXPECT_EQ(sgf_point(b9, kPass), "");
  // From 20 lines up, "tt" is the point T20 / (19, 19).
  Board b20(20, 20);
  EXPECT_EQ(parse_sgf_point(b20, "tt"), b20.point(19, 19));
  EXPECT_EQ(parse_sgf_point(b20, ""), kPass);
  Board b25(25, 25);
  EXPECT_EQ(parse_sgf_point(b25, "tt"), b25.point(19, 19));
  Board wide(20, 5);
  EXPECT_EQ(parse_sgf_point(wide, "tt"), std::nullopt);  // not a pass: off the board
  EXPECT_EQ(parse_sgf_point(wide, "ta"), wide.point(19, 0));
}

TEST(UnitSgf, Landmarks) {
  Board b19(19, 19);
  EXPECT_EQ(parse_sgf_point(b19, "dp"), b19.point(3, 15));  // D4
  EXPECT_EQ(parse_sgf_point(b19, "pd"), b19.point(15, 3));  // Q16
  EXPECT_EQ(parse_sgf_point(b19, "ss"), b19.point(18, 18));
  Board b25(25, 25);
  EXPECT_EQ(parse_sgf_point(b25, "yy"), b25.point(24, 24));
}

TEST(UnitSgf, Rejections) {
  Board b9(9, 9);
  for (const char* text : {"a", "abc", "ja", "aj", "zz", "a1", "1a", "  ", "ss", "AA"}) {
    EXPECT_EQ(parse_sgf_point(b9, text), std::nullopt) << "'" << text << "'";
  }
  Board b25(25, 25);
  EXPECT_EQ(parse_sgf_point(b25, "za"), std::nullopt);
  EXPECT_EQ(parse_sgf_point(b25, "az"), std::nullopt);
}

TEST(UnitDiagram, RoundTrip) {
  for (const char* raw : {
           "X\n",
           ".\n",
           "X O\nO X\n",
           ". X O . .\nX X O . .\n. . . O X\n",
           "O\nX\n.\n",
       }) {
    std::string error;
    auto board = parse_diagram(raw, &error);
    ASSERT_TRUE(board) << raw << error;
    EXPECT_EQ(diagram(*board), raw);
    EXPECT_EQ(board->check_consistency(), "");
  }
}

TEST(UnitDiagram, ShapeAndPlacement) {
  Board board = golden::board_from(R"(
    . X . . .
    . . . . O
    . . . . .
  )");
  EXPECT_EQ(board.width(), 5);
  EXPECT_EQ(board.height(), 3);
  EXPECT_EQ(board.at(board.point(1, 0)), Color::Black);
  EXPECT_EQ(board.at(board.point(4, 1)), Color::White);
  EXPECT_EQ(board.stones(Color::Black), 1);
  EXPECT_EQ(board.stones(Color::White), 1);
  EXPECT_EQ(board.empty_count(), 13);
}

TEST(UnitDiagram, AlternativeCharactersAndSpacing) {
  std::string error;
  auto board = parse_diagram("#+O\n+ + #\n", &error);
  ASSERT_TRUE(board) << error;
  EXPECT_EQ(diagram(*board), "X . O\n. . X\n");
}

TEST(UnitDiagram, CoordinatesAreIgnored) {
  std::string error;
  auto board = parse_diagram(
      "   A B C D\n"
      " 3 . X . .\n"
      " 2 . O . .\n"
      " 1 X . . O\n",
      &error);
  ASSERT_TRUE(board) << error;
  EXPECT_EQ(diagram(*board), text(R"(
    . X . .
    . O . .
    X . . O
  )"));
}

TEST(UnitDiagram, Rejections) {
  struct Bad {
    const char* text;
    const char* mentions;  // part of the message, or ""
  };
  const Bad bad[] = {
      {". .\n. . .\n", ""},  // ragged
      {". . .\n. .\n", ""},  // ragged
      {"X Y .\n", "Y"},      // bad character
      {". . .\n. * .\n", "*"},
      {"", ""},                                                       // no rows
      {". . . . . . . . . . . . . . . . . . . . . . . . . .\n", ""},  // 26 columns
  };
  for (const Bad& b : bad) {
    std::string error;
    EXPECT_EQ(parse_diagram(b.text, &error), std::nullopt) << b.text;
    EXPECT_FALSE(error.empty()) << b.text;
    EXPECT_NE(error.find(b.mentions), std::string::npos) << error;
  }
  std::string rows26;
  for (int i = 0; i < 26; ++i) rows26 += ".\n";
  std::string error;
  EXPECT_EQ(parse_diagram(rows26, &error), std::nullopt);
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace tengen
