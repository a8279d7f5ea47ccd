#include "tools/options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <fmt/core.h>

#include "core/types.h"
#include "external/command_line.h"
#include "selfplay/runner.h"

namespace tengen::tools {
namespace {

std::string in_quotes(std::string_view text) {
  return "'" + std::string(text) + "'";
}

// A validator from a parser: "" if the text parses, else the parser's words.
template <typename Parse>
CLI::Validator checked(std::string type_name, Parse parse) {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        try {
          parse(text);
          return "";
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      type_name);
}

}  // namespace

std::string whole_range_text(uint64_t min, uint64_t max) {
  return "a whole number from " + std::to_string(min) + " to " +
         (max == std::numeric_limits<uint64_t>::max() ? std::string("18446744073709551615 (2^64-1)")
                                                      : std::to_string(max));
}

uint64_t parse_whole(std::string_view text, uint64_t min, uint64_t max) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (!digits || error == std::errc::result_out_of_range || stop != end || value < min ||
      value > max) {
    throw std::invalid_argument("expected " + whole_range_text(min, max) + ", not " +
                                in_quotes(text));
  }
  return value;
}

double parse_real(std::string_view text, double min, double max) {
  const auto words = [&] {
    const auto shortest = [](double v) {
      char buffer[32];
      const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
      return std::string(buffer, result.ptr);
    };
    return "a number from " + shortest(min) + " to " + shortest(max);
  };
  double value = 0;
  const char* end = text.data() + text.size();
  // from_chars takes no leading '+' and no hex here; "nan" and "inf" parse,
  // so the finiteness test below is what refuses them.
  const auto [stop, error] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < min ||
      value > max) {
    throw std::invalid_argument("expected " + words() + ", not " + in_quotes(text));
  }
  return value;
}

std::pair<int, int> parse_board_size(const std::string& text) {
  const auto side = [&](std::string_view part) -> int {
    try {
      return int(parse_whole(part, 1, uint64_t(kMaxSide)));
    } catch (const std::invalid_argument&) {
      throw std::invalid_argument("bad board size " + in_quotes(text) +
                                  " (expected N or WxH, each side a whole number from 1 to " +
                                  std::to_string(kMaxSide) + ")");
    }
  };
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos) {
    const int n = side(text);
    return {n, n};
  }
  return {side(std::string_view(text).substr(0, x)), side(std::string_view(text).substr(x + 1))};
}

Rules parse_rules(const std::string& text, const std::string& komi) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::invalid_argument(error);
  if (!komi.empty()) {
    auto value = parse_komi(komi);
    if (!value) {
      throw std::invalid_argument("bad komi " + in_quotes(komi) +
                                  " (expected a multiple of 0.5 from -1000 to 1000)");
    }
    rules->komi = *value;
  }
  return *rules;
}

CLI::Validator board_size_check() {
  return checked("SIZE", [](const std::string& t) { parse_board_size(t); });
}

CLI::Validator rules_check() {
  return checked("RULES", [](const std::string& t) { parse_rules(t, ""); });
}

CLI::Option* add_count_option(CLI::App* cmd, const std::string& name, uint64_t& target,
                              const std::string& description, uint64_t min, uint64_t max) {
  return cmd->add_option(name, target, description)
      ->check(checked("N", [min, max](const std::string& t) { parse_whole(t, min, max); }))
      ->capture_default_str();
}

CLI::Option* add_int_option(CLI::App* cmd, const std::string& name, int& target,
                            const std::string& description, int min, int max) {
  return cmd->add_option(name, target, description)
      ->check(checked("N", [min, max](const std::string& t) {
        parse_whole(t, uint64_t(std::max(min, 0)), uint64_t(max));
      }));
}

CLI::Option* add_seed_option(CLI::App* cmd, uint64_t& target, const std::string& description) {
  return add_count_option(cmd, "--seed", target, description);
}

CLI::Option* add_threads_option(CLI::App* cmd, int& target, bool short_name) {
  return cmd
      ->add_option(short_name ? "-t,--threads" : "--threads", target,
                   "Threads: 0 for all cores, at most " + std::to_string(kMaxThreads) +
                       " (more than the cores are cut to the cores)")
      ->check(checked("N", [](const std::string& t) { parse_whole(t, 0, kMaxThreads); }))
      ->capture_default_str();
}

CLI::Option* add_seconds_option(CLI::App* cmd, const std::string& name, double& target,
                                const std::string& description, double min, double max) {
  return cmd->add_option(name, target, description)
      ->check(checked("SECONDS", [min, max](const std::string& t) { parse_real(t, min, max); }));
}

CLI::Option* add_board_option(CLI::App* cmd, std::string& target, const std::string& description) {
  return cmd->add_option("--board", target, description)
      ->check(board_size_check())
      ->capture_default_str();
}

CLI::Option* add_rules_option(CLI::App* cmd, const std::string& name, std::string& target,
                              const std::string& description) {
  return cmd->add_option(name, target, description)->check(rules_check())->capture_default_str();
}

CLI::Option* add_komi_option(CLI::App* cmd, std::string& target, const std::string& description) {
  return cmd->add_option("--komi", target, description)
      ->check(checked("KOMI", [](const std::string& t) { parse_rules("tromp-taylor", t); }));
}

void GameOptions::add_to(CLI::App* cmd, const std::string& board_text,
                         const std::string& rules_text, const std::string& komi_text) {
  add_board_option(cmd, board, board_text);
  add_rules_option(cmd, "--rules", rules, rules_text);
  add_komi_option(cmd, komi, komi_text);
}

std::pair<int, int> GameOptions::size() const {
  return parse_board_size(board);
}

Rules GameOptions::parsed_rules() const {
  return parse_rules(rules, komi);
}

int resolve_threads(int requested) {
  const int cores = selfplay::default_threads();
  if (requested <= 0) return cores;
  if (requested > cores) {
    fmt::print(stderr, "tengen: --threads {} is more than the {} cores here; using {}\n", requested,
               cores, cores);
    return cores;
  }
  return requested;
}

}  // namespace tengen::tools

namespace tengen::tools {

std::vector<std::string> parse_engine_command(const std::string& text, const std::string& option) {
  std::vector<std::string> argv;
  try {
    argv = external::split_command_line(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(option + ": " + e.what());
  }
  if (argv[0] == "tengen") {
    argv[0] = std::filesystem::read_symlink("/proc/self/exe").string();
    return argv;
  }
  const bool bare = argv[0].find('/') == std::string::npos;
  std::string found = external::find_program(argv[0]);
  // Debian puts GNU Go and other games in /usr/games, which root's PATH lacks.
  if (found.empty() && bare) found = external::find_program("/usr/games/" + argv[0]);
  if (found.empty()) {
    throw std::invalid_argument(
        option + ": cannot find the program '" + argv[0] + "'" +
        (bare ? " on PATH nor in /usr/games" : " (not an executable file)"));
  }
  argv[0] = found;
  return argv;
}

}  // namespace tengen::tools
