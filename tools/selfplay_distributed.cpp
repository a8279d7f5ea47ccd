#include "tools/selfplay_distributed.h"

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "selfplay/run_legs.h"
#include "tengen/version.h"
#include "tools/options.h"
#include "tools/output.h"

namespace tengen::tools {
namespace {

using selfplay::PartialResult;
using selfplay::RunConfig;
using selfplay::RunResult;

// The checkpoint: the result so far as a partial-result document, written as
// every output is (tools/output.h), so that a crash leaves the old checkpoint
// or the new one, never half of one.
void save_checkpoint(const RunResult& result, const DistributedOptions& options) {
  write_whole_file(options.checkpoint, selfplay::result_json(result, options.parsed_shard),
                   "checkpoint file");
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
      ->type_name("K/N")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            try {
              selfplay::parse_shard(text);
              return "";
            } catch (const std::invalid_argument& e) {
              return e.what();
            }
          },
          "K/N"));
  cmd->add_option("--checkpoint", options.checkpoint,
                  "Save the finished games to FILE every --checkpoint-every seconds and on "
                  "SIGINT/SIGTERM")
      ->type_name("FILE");
  add_seconds_option(cmd, "--checkpoint-every", options.checkpoint_every,
                     "Seconds between checkpoints", 0.01, 1e6)
      ->capture_default_str();
  cmd->add_option("--resume", options.resume,
                  "Continue the run saved in the checkpoint FILE (same arguments)")
      ->type_name("FILE");
}

bool prepare_distributed(RunConfig& config, DistributedOptions& options, bool per_game_output) {
  if (!options.shard.empty()) options.parsed_shard = selfplay::parse_shard(options.shard);
  selfplay::resolve_run(config, options.parsed_shard);
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
  mpi_run(config, {}, nullptr, *options.mpi, options.play);
  return false;
}

RunResult run_distributed(const RunConfig& config, const selfplay::RunCallbacks& callbacks,
                          const std::atomic<bool>* stop, const DistributedOptions& options) {
  if (options.mpi && options.mpi->size() > 1) {
    return mpi_run(config, callbacks, stop, *options.mpi, options.play);
  }
  using Clock = std::chrono::steady_clock;
  std::optional<RunResult> resumed;
  if (!options.resume.empty()) resumed = load_checkpoint(config, options).result;
  selfplay::LegOptions legs;
  legs.resume = resumed ? &*resumed : nullptr;
  legs.play = options.play;
  auto last_save = Clock::now();
  const auto every = std::chrono::duration<double>(options.checkpoint_every);
  if (!options.checkpoint.empty()) {
    legs.leg_due = [&] { return Clock::now() - last_save >= every; };
    legs.on_leg_end = [&](const RunResult& total) {
      save_checkpoint(total, options);
      last_save = Clock::now();
    };
  }
  RunResult total = selfplay::run_legs(config, callbacks, stop, legs);
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
