#include "tools/options.h"

#include <cstdio>
#include <filesystem>

#include <fmt/core.h>

#include "core/types.h"
#include "external/command_line.h"
#include "selfplay/runner.h"

namespace tengen::tools {
namespace {

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

CLI::Option* add_threads_option(CLI::App* cmd, const std::string& name, int& target,
                                const std::string& description) {
  return cmd->add_option(name, target, description)
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

CLI::Option* add_handicap_option(CLI::App* cmd, int& target, const std::string& stones) {
  return cmd
      ->add_option("--handicap", target,
                   stones +
                       ", 2 or more (as the rules' handicap setting says: fixed: 2 to 9 on "
                       "the star points; free: Black's first moves)")
      ->check(checked("N", [](const std::string& t) {
        if (parse_whole(t, 0, 361) == 1) {
          throw std::invalid_argument(
              "expected 0 (none) or 2 to 361 stones: one stone is no "
              "handicap (play without --handicap)");
        }
      }));
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
