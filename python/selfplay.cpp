// tengen.selfplay and tengen.merge: the command line's run (selfplay/run_legs.h)
// and merge (selfplay/partial_result.h), returning the --json document.
#include <string>
#include <vector>

#include "gpu/device.h"
#include "gpu/results.h"
#include "python/binding.h"
#include "python/values.h"
#include "selfplay/partial_result.h"
#include "selfplay/run_legs.h"
#include "selfplay/runner.h"

namespace tengen::python {
namespace {

selfplay::Shard shard_of(py::handle shard) {
  if (shard.is_none()) return {};
  if (py::isinstance<py::str>(shard)) return selfplay::parse_shard(shard.cast<std::string>());
  if (py::isinstance<py::tuple>(shard) || py::isinstance<py::list>(shard)) {
    const py::sequence kn = py::reinterpret_borrow<py::sequence>(shard);
    if (kn.size() == 2) {
      return selfplay::parse_shard(py::str(kn[0]).cast<std::string>() + "/" +
                                   py::str(kn[1]).cast<std::string>());
    }
  }
  throw py::type_error("shard: expected 'K/N' or (K, N), not " +
                       py::repr(shard).cast<std::string>());
}

// (the --json document, the exception that stopped the run or None).
py::tuple run(py::handle board, py::handle rules, py::handle komi, py::handle games,
              py::handle seed, py::handle threads, py::handle shard, py::handle handicap,
              py::handle max_turns, const py::object& progress, const std::string& device) {
  if (device != "cpu" && device != "gpu" && device != "portable") {
    throw std::invalid_argument("device: expected 'cpu', 'gpu' or 'portable', not '" + device +
                                "'");
  }
  selfplay::RunConfig config;
  std::tie(config.width, config.height) = board_size(board);
  config.rules = rules_of(rules, komi);
  config.games = whole(games, "games", 0, selfplay::kMaxGames);
  config.seed = whole(seed, "seed", 0, ~uint64_t(0));
  config.threads = threads_of(threads);
  config.handicap = int(whole(handicap, "handicap", 0, uint64_t(kMaxSide * kMaxSide)));
  config.max_turns = int(whole(max_turns, "max_turns", 0, uint64_t(1) << 30));
  selfplay::validate(config);
  const selfplay::Shard part = shard_of(shard);
  selfplay::resolve_run(config, part);
  // No CUDA build, GPU or driver: gpu::DeviceError (RuntimeError) before any game.
  if (device == "gpu") gpu::device_name();
  selfplay::RunResult result;
  py::object raised = run_interruptible(
      [&](const std::atomic<bool>* stop, std::atomic<uint64_t>& done) {
        selfplay::RunCallbacks callbacks;
        callbacks.on_progress = [&](uint64_t finished) { done.store(finished); };
        selfplay::LegOptions legs;
        if (device == "gpu") {
          legs.play = [](const selfplay::RunConfig& c, const selfplay::RunCallbacks& b,
                         const std::atomic<bool>* s) { return gpu::run_gpu(c, b, s); };
        } else if (device == "portable") {
          legs.play = [](const selfplay::RunConfig& c, const selfplay::RunCallbacks& b,
                         const std::atomic<bool>* s) { return gpu::run_portable_cpu(c, b, s); };
        }
        result = selfplay::run_legs(config, callbacks, stop, legs);
      },
      progress, config.range_end() - config.first_game);
  return py::make_tuple(selfplay::result_json(result, part), raised);
}

// Each part: a path (str or os.PathLike) or a document's text in a
// (text, name) pair.
std::string merge(const py::list& parts) {
  std::vector<selfplay::PartialResult> read;
  try {
    for (py::handle part : parts) {
      if (py::isinstance<py::tuple>(part)) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(part);
        read.push_back(
            selfplay::parse_result_json(pair[0].cast<std::string>(), pair[1].cast<std::string>()));
      } else {
        const std::string path = py::module_::import("os").attr("fspath")(part).cast<std::string>();
        read.push_back(selfplay::read_result_file(path));
      }
    }
    return selfplay::result_json(selfplay::merge_results(std::move(read)));
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
}

}  // namespace

void add_selfplay(py::module_& m) {
  m.def("selfplay", &run, py::arg("board"), py::arg("rules"), py::arg("komi"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("shard"), py::arg("handicap"),
        py::arg("max_turns"), py::arg("progress"), py::arg("device") = "cpu",
        "The run `tengen selfplay` plays, with the GIL released: (its --json text, the "
        "exception that stopped it or None). tengen.selfplay wraps it.");
  m.def("merge", &merge, py::arg("parts"),
        "`tengen merge`: the merged --json text of parts given as paths or (text, name).");
  m.def("default_threads", &selfplay::default_threads, "The threads threads=0 runs on.");
}

}  // namespace tengen::python
