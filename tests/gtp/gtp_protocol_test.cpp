// The GTP text layer on its own (gtp/protocol.h): preprocessing, command
// lines, responses and vertex lists, as the GTP version 2 specification
// writes them.
#include <gtest/gtest.h>

#include "core/board.h"
#include "gtp/protocol.h"

namespace tengen::gtp {
namespace {

TEST(GtpProtocol, PreprocessingFollowsTheSpec) {
  EXPECT_EQ(preprocess_gtp_line("  play\tb\tC3  # a comment"), "play b C3");
  EXPECT_EQ(preprocess_gtp_line("pl\x01"
                                "ay\x7f b c3\r"),
            "play b c3");
  EXPECT_EQ(preprocess_gtp_line("# only a comment"), "");
  EXPECT_EQ(preprocess_gtp_line(" \t \r"), "");
  EXPECT_EQ(preprocess_gtp_line("name \xE5\xB0\x8F"), "name \xE5\xB0\x8F");
}

TEST(GtpProtocol, LinesSplitIntoIdNameAndArguments) {
  GtpLine line = parse_gtp_line("12 play  b   C3");
  EXPECT_EQ(line.kind, GtpLine::Kind::Command);
  EXPECT_EQ(line.command, (GtpCommand{"12", "play", {"b", "C3"}}));
  EXPECT_EQ(parse_gtp_line("genmove w").command, (GtpCommand{"", "genmove", {"w"}}));
  EXPECT_EQ(parse_gtp_line("   # nothing").kind, GtpLine::Kind::Empty);
  line = parse_gtp_line("42");
  EXPECT_EQ(line.kind, GtpLine::Kind::Malformed);
  EXPECT_EQ(line.command.id, "42");
  // An id must be all digits; otherwise the word is the command.
  EXPECT_EQ(parse_gtp_line("4a name").command, (GtpCommand{"", "4a", {"name"}}));
  EXPECT_EQ(format_gtp_command(GtpCommand{"3", "play", {"w", "D4"}}), "3 play w D4\n");
}

TEST(GtpProtocol, ResponsesFormattedAndParsed) {
  EXPECT_EQ(format_gtp_response("", true, ""), "=\n\n");
  EXPECT_EQ(format_gtp_response("7", true, "C3"), "=7 C3\n\n");
  EXPECT_EQ(format_gtp_response("", false, "illegal move"), "? illegal move\n\n");
  // No empty line may end a response early.
  EXPECT_EQ(format_gtp_response("", true, "a\n\nb\n"), "= a\n \nb\n\n");
  EXPECT_EQ(parse_gtp_response("=7 C3"), (GtpResponse{true, "7", "C3"}));
  EXPECT_EQ(parse_gtp_response("? illegal move\r"), (GtpResponse{false, "", "illegal move"}));
  EXPECT_EQ(parse_gtp_response("= \nA1 B2\nC3"), (GtpResponse{true, "", "\nA1 B2\nC3"}));
  EXPECT_EQ(parse_gtp_response("=5"), (GtpResponse{true, "5", ""}));
  EXPECT_FALSE(parse_gtp_response("hello").has_value());
  EXPECT_FALSE(parse_gtp_response("").has_value());
}

TEST(GtpProtocol, VertexLists) {
  const Board board(19, 19);
  auto points = parse_gtp_vertices(board, "A1 t19\nPASS  k10");
  ASSERT_TRUE(points.has_value());
  EXPECT_EQ(format_gtp_vertices(board, *points), "A1 T19 pass K10");
  EXPECT_EQ(parse_gtp_vertices(board, "")->size(), 0u);
  EXPECT_FALSE(parse_gtp_vertices(board, "A1 I5").has_value());
  EXPECT_FALSE(parse_gtp_vertices(board, "A20").has_value());
}

}  // namespace
}  // namespace tengen::gtp
