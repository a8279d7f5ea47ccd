// tengen: the command-line tool. Each subcommand lives in its own file and
// adds itself to the app (see commands.h); this file only lists them.
// Exit codes (README.md "Exit codes"): 0 success, 1 an error or a failed
// check, 105 a bad value (CLI11's or a command's: BadValue and every
// std::invalid_argument; an option without its value, an empty value, an
// output that names an input), 106 a required argument not given, 109 an
// unknown command or option, 128 + signal when stopped by Ctrl-C (130) or
// SIGTERM (143). No other code.
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "tengen/version.h"
#include "tools/commands.h"
#include "tools/output.h"

namespace {

// The subcommands' names, "play, selfplay, ...".
std::string command_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  return names;
}

// CLI11 answers a missing or unknown first word with "A subcommand is
// required"; say what was wrong and what is allowed instead.
bool known_first_word(const CLI::App& app, const char* word) {
  if (word[0] == '-') return true;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == word) return true;
  }
  return false;
}

// Every value given on the command line must say something: an empty one
// ("--json ''") is refused, not taken as "not given".
void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size_max() == 0) continue;  // a flag
    option->check(CLI::Validator(
        [](std::string& text) -> std::string {
          return text.empty() ? "an empty value (give one, or leave the option out)" : "";
        },
        "", "not empty"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    refuse_empty_values(*sub);
  }
}

// The words after argv[1] that choose a subcommand of a subcommand (`count
// legal`): an unknown one is named, exit 109 (CLI11 would say "A subcommand
// is required", 106).
const CLI::App* unknown_subcommand(const CLI::App& app, int argc, char** argv, std::string& word) {
  const CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::vector<const CLI::App*> subs = at->get_subcommands({});
    if (subs.empty() || argv[i][0] == '-') return nullptr;
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : subs) {
      if (sub->get_name() == argv[i]) next = sub;
    }
    if (!next) {
      word = argv[i];
      return at;
    }
    at = next;
  }
  return nullptr;
}

// CLI11's code for a command-line error, as README.md gives them: 106 for
// a required argument not given, 109 for an unknown one, 105 for the rest.
int parse_error_status(const CLI::ParseError& e) {
  const int code = e.get_exit_code();
  if (code == 0) return 0;  // --help, --version
  if (code == static_cast<int>(CLI::ExitCodes::RequiredError) ||
      code == static_cast<int>(CLI::ExitCodes::ExtrasError)) {
    return code;
  }
  return static_cast<int>(CLI::ExitCodes::ValidationError);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Tengen: a fast, exact Go rules engine and random-game harness"};
  app.set_version_flag("--version", std::string("tengen ") + TENGEN_VERSION);
  app.require_subcommand(1);
  tengen::tools::add_play_command(app);
  tengen::tools::add_selfplay_command(app);
  tengen::tools::add_bench_command(app);
  tengen::tools::add_verify_command(app);
  tengen::tools::add_gtp_command(app);
  tengen::tools::add_crosscheck_command(app);
  tengen::tools::add_fuzz_command(app);
  tengen::tools::add_count_command(app);
  tengen::tools::add_report_command(app);
  tengen::tools::add_score_command(app);
  tengen::tools::add_merge_command(app);
  tengen::tools::add_match_command(app);
  if (argc == 1) {
    fmt::print(stderr, "tengen: give a command (one of: {}; see tengen --help)\n",
               command_names(app));
    return static_cast<int>(CLI::ExitCodes::RequiredError);
  }
  if (!known_first_word(app, argv[1])) {
    fmt::print(stderr, "tengen: unknown command '{}' (expected one of: {}; see tengen --help)\n",
               argv[1], command_names(app));
    return static_cast<int>(CLI::ExitCodes::ExtrasError);
  }
  refuse_empty_values(app);
  std::string word;
  if (const CLI::App* parent = unknown_subcommand(app, argc, argv, word);
      parent && parent != &app) {
    fmt::print(stderr,
               "tengen {}: unknown command '{}' (expected one of: {}; see tengen {} --help)\n",
               parent->get_name(), word, command_names(*parent), parent->get_name());
    return static_cast<int>(CLI::ExitCodes::ExtrasError);
  }
  try {
    app.parse(argc, argv);
    tengen::tools::flush_stdout();
  } catch (const CLI::RuntimeError& e) {
    // A command's own exit status; what it wrote must still reach stdout.
    try {
      tengen::tools::flush_stdout();
    } catch (const std::exception& flush_error) {
      fmt::print(stderr, "tengen: {}\n", flush_error.what());
      return e.get_exit_code() != 0 ? e.get_exit_code() : 1;
    }
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    const int status = parse_error_status(e);
    app.exit(e);
    return status;
  } catch (const std::invalid_argument& e) {
    // A bad value found while the command runs (tools/output.h BadValue).
    std::fflush(stdout);
    fmt::print(stderr, "tengen: {}\n", e.what());
    return static_cast<int>(CLI::ExitCodes::ValidationError);
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "tengen: {}\n", e.what());
    return 1;
  }
  return 0;
}
