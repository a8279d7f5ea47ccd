// Text forms of points and boards: GTP vertices, SGF points and ASCII diagrams.
// The board never parses text; these functions sit beside it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/board.h"

namespace tengen {

// GTP vertex: column letter A..Z without I (so up to 25 columns), then the row
// number counted from 1 at the bottom; "pass" (any case). Case-insensitive.
std::optional<Point> parse_gtp_vertex(const Board& board, std::string_view text);
std::string gtp_vertex(const Board& board, Point p);

// SGF point: two letters a..z (then A..Z), column then row from the top; "" is
// a pass, and so is "tt" on boards up to 19x19.
std::optional<Point> parse_sgf_point(const Board& board, std::string_view text);
std::string sgf_point(const Board& board, Point p);

// ASCII diagram: one line per row, top row first; 'X' or '#' black, 'O' white,
// '.' or '+' empty; spaces ignored. Lines may carry GTP coordinates (row
// numbers before, a column-letter header line) which are ignored.
// Returns nullopt and a reason in *error if the rows are not a rectangle of
// 1..25 columns and rows, or contain other characters.
std::optional<Board> parse_diagram(std::string_view text, std::string* error);
// Rows of "X", "O", "." separated by spaces, top first, one '\n' per row.
std::string diagram(const Board& board);
// The same with GTP coordinates around it, for people.
std::string pretty_diagram(const Board& board);

}  // namespace tengen
