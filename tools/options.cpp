#include "tools/options.h"

#include <cctype>
#include <cstdio>

#include "core/types.h"

namespace tengen::tools {
namespace {

int parse_side(const std::string& text, const std::string& whole) {
  if (text.empty() || text.size() > 3) {
    throw std::invalid_argument("bad board size '" + whole + "' (expected N or WxH, 1 to 25)");
  }
  int value = 0;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      throw std::invalid_argument("bad board size '" + whole + "' (expected N or WxH, 1 to 25)");
    }
    value = value * 10 + (c - '0');
  }
  if (value < 1 || value > kMaxSide) {
    throw std::invalid_argument("board size '" + whole + "' is out of range (each side 1 to 25)");
  }
  return value;
}

}  // namespace

std::pair<int, int> parse_board_size(const std::string& text) {
  size_t x = text.find_first_of("xX");
  if (x == std::string::npos) {
    int side = parse_side(text, text);
    return {side, side};
  }
  return {parse_side(text.substr(0, x), text), parse_side(text.substr(x + 1), text)};
}

Rules parse_rules(const std::string& text, const std::string& komi) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::invalid_argument(error);
  if (!komi.empty()) {
    auto value = parse_komi(komi);
    if (!value) {
      throw std::invalid_argument("bad komi '" + komi +
                                  "' (expected a multiple of 0.5 between -1000 and 1000)");
    }
    rules->komi = *value;
  }
  return *rules;
}

void write_file(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) throw std::runtime_error("cannot write " + path);
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) throw std::runtime_error("cannot write " + path);
}

}  // namespace tengen::tools
