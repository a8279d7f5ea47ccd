#include "core/coords.h"

#include <cctype>
#include <vector>

namespace tengen {
namespace {

constexpr std::string_view kGtpColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

int sgf_index(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}

char sgf_letter(int i) {
  return i < 26 ? char('a' + i) : char('A' + i - 26);
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A column-letter header: single letters separated by spaces, starting with A.
bool is_header(std::string_view line) {
  bool letter_expected = true, any = false;
  for (char c : line) {
    if (c == ' ') {
      letter_expected = true;
    } else if (letter_expected && std::isalpha(static_cast<unsigned char>(c))) {
      if (!any && std::toupper(static_cast<unsigned char>(c)) != 'A') return false;
      letter_expected = false;
      any = true;
    } else {
      return false;
    }
  }
  return any;
}

}  // namespace

std::optional<Point> parse_gtp_vertex(const Board& board, std::string_view text) {
  if (text.size() == 4) {
    std::string lower;
    for (char c : text) lower += char(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "pass") return kPass;
  }
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  size_t column = kGtpColumns.find(char(std::toupper(static_cast<unsigned char>(text[0]))));
  if (column == std::string_view::npos || int(column) >= board.width()) return std::nullopt;
  int row = 0;
  for (char c : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    row = row * 10 + (c - '0');
  }
  if (text[1] == '0' || row < 1 || row > board.height()) return std::nullopt;
  return board.point(int(column), board.height() - row);
}

std::string gtp_vertex(const Board& board, Point p) {
  if (p == kPass) return "pass";
  return kGtpColumns[size_t(board.column(p))] + std::to_string(board.height() - board.row(p));
}

std::optional<Point> parse_sgf_point(const Board& board, std::string_view text) {
  if (text.empty()) return kPass;
  if (text.size() != 2) return std::nullopt;
  if (text == "tt" && board.width() <= 19 && board.height() <= 19) return kPass;
  int x = sgf_index(text[0]), y = sgf_index(text[1]);
  if (x < 0 || y < 0 || x >= board.width() || y >= board.height()) return std::nullopt;
  return board.point(x, y);
}

std::string sgf_point(const Board& board, Point p) {
  if (p == kPass) return "";
  return {sgf_letter(board.column(p)), sgf_letter(board.row(p))};
}

std::optional<Board> parse_diagram(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Board> {
    if (error) *error = "diagram: " + why;
    return std::nullopt;
  };
  std::vector<std::vector<Color>> rows;
  size_t line_number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = strip(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (line.empty() || is_header(line)) continue;
    // Row numbers may stand at either end of a row.
    while (!line.empty() && std::isdigit(static_cast<unsigned char>(line.front()))) {
      line.remove_prefix(1);
    }
    while (!line.empty() && std::isdigit(static_cast<unsigned char>(line.back()))) {
      line.remove_suffix(1);
    }
    std::vector<Color> row;
    for (char c : line) {
      switch (c) {
        case 'X':
        case 'x':
        case '#':
          row.push_back(Color::Black);
          break;
        case 'O':
        case 'o':
          row.push_back(Color::White);
          break;
        case '.':
        case '+':
          row.push_back(Color::Empty);
          break;
        case ' ':
        case '\t':
        case '\r':
          break;
        default:
          return fail("line " + std::to_string(line_number) + ": unexpected character '" +
                      std::string(1, c) + "'");
      }
    }
    if (!rows.empty() && row.size() != rows.front().size()) {
      return fail("line " + std::to_string(line_number) + " has " + std::to_string(row.size()) +
                  " points, the first row " + std::to_string(rows.front().size()));
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) return fail("no rows");
  const int width = int(rows.front().size()), height = int(rows.size());
  if (width < 1 || width > kMaxSide || height < 1 || height > kMaxSide) {
    return fail("size " + std::to_string(width) + "x" + std::to_string(height) +
                " is out of range (1 to 25 each way)");
  }
  Board board(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (rows[size_t(y)][size_t(x)] != Color::Empty) {
        board.set_colour(board.point(x, y), rows[size_t(y)][size_t(x)]);
      }
    }
  }
  return board;
}

namespace {
char symbol(Color c) {
  return c == Color::Black ? 'X' : (c == Color::White ? 'O' : '.');
}
}  // namespace

std::string diagram(const Board& board) {
  std::string s;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (x > 0) s += ' ';
      s += symbol(board.at(board.point(x, y)));
    }
    s += '\n';
  }
  return s;
}

std::string pretty_diagram(const Board& board) {
  std::string header = "   ";
  for (int x = 0; x < board.width(); ++x) {
    header += ' ';
    header += kGtpColumns[size_t(x)];
  }
  std::string s = header + '\n';
  for (int y = 0; y < board.height(); ++y) {
    std::string number = std::to_string(board.height() - y);
    if (number.size() < 2) number = " " + number;
    s += number + ' ';
    for (int x = 0; x < board.width(); ++x) {
      s += ' ';
      s += symbol(board.at(board.point(x, y)));
    }
    s += ' ' + number + '\n';
  }
  return s + header + '\n';
}

}  // namespace tengen
