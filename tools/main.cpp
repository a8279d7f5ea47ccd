// tengen: the command-line tool. Each subcommand lives in its own file and
// adds itself to the app (see commands.h); this file only lists them.
// Exit codes: 0 success, 1 an error or a failed check, 100-114 a bad command
// line (CLI11's codes, e.g. 105 a bad value, 109 an unknown argument),
// 128 + signal when stopped by Ctrl-C (130) or SIGTERM (143).
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

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
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "tengen: {}\n", e.what());
    return 1;
  }
  return 0;
}
