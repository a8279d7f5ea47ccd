// The subcommands of the `tengen` tool. Each adds itself to the app; main()
// only lists them.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace tengen::tools {

void add_play_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_gtp_command(CLI::App& app);
void add_crosscheck_command(CLI::App& app);
void add_fuzz_command(CLI::App& app);
void add_count_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_score_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_match_command(CLI::App& app);

// Makes `run` the subcommand's action; a non-zero result is tengen's exit
// status.
inline void on_run(CLI::App* cmd, std::function<int()> run) {
  cmd->callback([run = std::move(run)] {
    if (int rc = run(); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace tengen::tools
