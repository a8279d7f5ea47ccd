#include "tools/selfplay_distributed.h"

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "selfplay/playout.h"
#include "tengen/version.h"

namespace tengen::tools {
namespace {

using selfplay::PartialResult;
using selfplay::RunConfig;
using selfplay::RunResult;

// The checkpoint: the result so far as a partial-result document, written to
// a temporary file beside it and renamed over it, so that a crash leaves the
// old checkpoint or the new one, never half of one.
void save_checkpoint(const RunResult& result, const DistributedOptions& options) {
  const std::string temporary = options.checkpoint + ".tmp";
  {
    std::ofstream out(temporary, std::ios::out | std::ios::trunc | std::ios::binary);
    out << selfplay::result_json(result, options.parsed_shard);
    out.flush();
    if (!out) throw std::runtime_error("cannot write the checkpoint file '" + temporary + "'");
  }
  std::error_code error;
  std::filesystem::rename(temporary, options.checkpoint, error);
  if (error) {
    throw std::runtime_error("cannot rename '" + temporary + "' to '" + options.checkpoint +
                             "': " + error.message());
  }
}

// The checkpoint to resume, checked against this run: same run, same range.
PartialResult load_checkpoint(const RunConfig& config, const DistributedOptions& options) {
  PartialResult saved;
  try {
    saved = selfplay::read_result_file(options.resume);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("cannot resume from checkpoint ") + e.what());
  }
  PartialResult current;
  current.version = TENGEN_VERSION;
  current.result.config = config;
  auto refuse = [&](const std::string& why) {
    throw std::runtime_error("cannot resume from checkpoint " + options.resume + ": " + why +
                             " (the checkpoint is left as it is)");
  };
  if (std::string why = selfplay::run_mismatch(saved, current); !why.empty()) {
    refuse(why + " in this run");
  }
  const RunConfig& s = saved.result.config;
  if (s.first_game != config.first_game || s.end_game != config.range_end() ||
      saved.shard.given() != options.parsed_shard.given()) {
    refuse(saved.shard.given() ? "it is shard " + saved.shard.name() + ", another part of the run"
                               : "field 'first_game' or 'end_game' is another part of the run");
  }
  return saved;
}

}  // namespace

std::string read_file(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in)
    throw std::runtime_error(std::string("cannot read the ") + what + " file '" + path + "'");
  return text.str();
}

void add_distributed_options(CLI::App* cmd, DistributedOptions& options) {
  cmd->add_option("--shard", options.shard,
                  "Play only shard K of N (K = 1..N) of the games; --json then writes a partial "
                  "result for `tengen merge`")
      ->type_name("K/N");
  cmd->add_option("--checkpoint", options.checkpoint,
                  "Save the finished games to FILE every --checkpoint-every seconds and on "
                  "SIGINT/SIGTERM")
      ->type_name("FILE");
  cmd->add_option("--checkpoint-every", options.checkpoint_every, "Seconds between checkpoints")
      ->check(CLI::Range(0.01, 1e6))
      ->capture_default_str();
  cmd->add_option("--resume", options.resume,
                  "Continue the run saved in the checkpoint FILE (same arguments)")
      ->type_name("FILE");
}

bool prepare_distributed(RunConfig& config, DistributedOptions& options, bool per_game_output) {
  if (!options.shard.empty()) options.parsed_shard = selfplay::parse_shard(options.shard);
  const auto [first, end] = selfplay::shard_range(config.games, options.parsed_shard);
  config.first_game = first;
  config.end_game = end;
  if (config.threads == 0) config.threads = selfplay::default_threads();
  if (config.max_turns == 0) {
    config.max_turns = selfplay::default_max_turns(config.width, config.height);
  }
  if (!options.resume.empty() && per_game_output) {
    throw std::invalid_argument(
        "--resume cannot continue --csv or --sgf output; merge shards "
        "instead, or run without them");
  }
  if (!options.checkpoint.empty() && options.resume != options.checkpoint &&
      std::filesystem::exists(options.checkpoint)) {
    throw std::invalid_argument("the checkpoint file '" + options.checkpoint +
                                "' exists: continue it with --resume " + options.checkpoint +
                                ", or remove it");
  }
  options.mpi = std::make_shared<MpiSession>();
  if (options.mpi->size() < 2) return true;
  if (!options.checkpoint.empty() || !options.resume.empty() || per_game_output) {
    throw std::invalid_argument(
        "under mpirun, --checkpoint, --resume, --csv and --sgf are not "
        "available; use --shard and `tengen merge` for those");
  }
  if (options.mpi->rank() == 0) return true;
  mpi_run(config, {}, nullptr, *options.mpi);
  return false;
}

RunResult run_distributed(const RunConfig& config, const selfplay::RunCallbacks& callbacks,
                          const std::atomic<bool>* stop, const DistributedOptions& options) {
  if (options.mpi && options.mpi->size() > 1) return mpi_run(config, callbacks, stop, *options.mpi);
  using Clock = std::chrono::steady_clock;
  RunResult total;
  total.config = config;
  total.stats = selfplay::Stats(config.width, config.height, config.max_turns);
  if (!options.resume.empty()) {
    total = load_checkpoint(config, options).result;
    total.config.threads = config.threads;
  }
  const uint64_t end = config.range_end();
  auto next = [&] { return config.first_game + uint64_t(total.stats.games()); };
  // The run goes in legs: each ends when a checkpoint is due or a signal
  // arrives; every leg's games follow the last's, so the legs merge exactly.
  std::atomic<bool> pause{false};
  auto last_save = Clock::now();
  const auto every = std::chrono::duration<double>(options.checkpoint_every);
  while (next() < end) {
    RunConfig leg = config;
    leg.first_game = next();
    selfplay::RunCallbacks wrapped = callbacks;
    const uint64_t before = next() - config.first_game;
    wrapped.on_progress = [&](uint64_t done) {
      if (callbacks.on_progress) callbacks.on_progress(before + done);
      if ((stop && stop->load(std::memory_order_relaxed)) ||
          (!options.checkpoint.empty() && Clock::now() - last_save >= every)) {
        pause.store(true);
      }
    };
    pause.store(false);
    const RunResult part = selfplay::run_selfplay(leg, wrapped, &pause);
    selfplay::accumulate(total, part);
    total.interrupted = next() < end;
    if (!options.checkpoint.empty() && total.interrupted) {
      save_checkpoint(total, options);
      last_save = Clock::now();
    }
    if (stop && stop->load()) break;
  }
  total.interrupted = next() < end;
  total.digest = total.digest_state.value();  // also when no game was left to play
  if (!options.checkpoint.empty() && !total.interrupted) save_checkpoint(total, options);
  return total;
}

std::string distributed_json(const RunResult& result, const DistributedOptions& options,
                             const std::string& csv) {
  selfplay::CsvRecord record;
  if (!csv.empty() && options.parsed_shard.given()) {
    const std::string text = read_file(csv, "CSV");
    record.file = std::filesystem::absolute(csv).string();
    const auto lines = uint64_t(std::count(text.begin(), text.end(), '\n'));
    record.rows = lines > 0 ? lines - 1 : 0;
    record.checksum = selfplay::digest_bytes(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  }
  return selfplay::result_json(result, options.parsed_shard, record);
}

}  // namespace tengen::tools
