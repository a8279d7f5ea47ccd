// `tengen selfplay` beyond one uninterrupted process: --shard K/N,
// --checkpoint FILE / --resume FILE, and mpirun. The selfplay command calls
// these few functions; everything else about them lives here.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <string>

#include "selfplay/partial_result.h"
#include "selfplay/run_legs.h"
#include "selfplay/runner.h"
#include "tools/mpi_driver.h"

namespace tengen::tools {

struct DistributedOptions {
  std::string shard;       // "K/N" or ""
  std::string checkpoint;  // file to save finished games to, or ""
  std::string resume;      // checkpoint to continue from, or ""
  double checkpoint_every = 60;
  // What plays the games (empty: run_selfplay on every core): set before
  // prepare_distributed, which hands it to the other MPI ranks.
  selfplay::Player play;
  // Set by prepare_distributed.
  selfplay::Shard parsed_shard;
  std::shared_ptr<MpiSession> mpi;
};

// A whole file's bytes; throws std::runtime_error naming it (`what`: "CSV").
std::string read_file(const std::string& path, const char* what);

// Adds --shard, --checkpoint, --checkpoint-every and --resume to the command.
void add_distributed_options(CLI::App* cmd, DistributedOptions& options);

// Checks the options against the run (throws std::invalid_argument naming
// the problem), narrows `config` to the shard's games and resolves its
// threads and max_turns, and starts MPI when launched by mpirun. Returns
// false on MPI ranks other than 0, which then only play what rank 0 hands
// them, inside this call. `per_game_output`: --csv or --sgf was given.
bool prepare_distributed(selfplay::RunConfig& config, DistributedOptions& options,
                         bool per_game_output);

// Plays the run: over MPI ranks, or here with checkpoints and a resume as
// asked. Stops early when *stop or SIGTERM is seen (saving a checkpoint if
// asked); the result is then marked interrupted.
selfplay::RunResult run_distributed(const selfplay::RunConfig& config,
                                    const selfplay::RunCallbacks& callbacks,
                                    const std::atomic<bool>* stop,
                                    const DistributedOptions& options);

// The --json document: the result, marked with its shard. A shard's
// document also records its CSV file (`csv`, if given, written and closed).
std::string distributed_json(const selfplay::RunResult& result, const DistributedOptions& options,
                             const std::string& csv);

}  // namespace tengen::tools
