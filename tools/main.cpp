// tengen: the command-line tool. Each subcommand lives in its own file and
// adds itself to the app (see commands.h); this file only lists them.
#include <cstdio>
#include <exception>

#include "tools/commands.h"

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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tengen: %s\n", e.what());
    return 1;
  }
  return 0;
}
