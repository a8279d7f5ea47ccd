// tengen.verify and tengen.score_record: `tengen verify` (formats/verify.h) and
// `tengen score` (scoring/record_score.h) on files and directories,
// returning their --json documents.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "core/values.h"
#include "external/score_judge.h"
#include "formats/verify.h"
#include "python/binding.h"
#include "python/values.h"
#include "scoring/conventions.h"
#include "scoring/record_score.h"

namespace tengen::python {
namespace {

std::vector<std::string> paths_of(py::handle paths) {
  py::object fspath = py::module_::import("os").attr("fspath");
  std::vector<std::string> out;
  if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) {
    out.push_back(fspath(paths).cast<std::string>());
  } else {
    for (py::handle path : paths) out.push_back(fspath(path).cast<std::string>());
  }
  if (out.empty()) throw std::invalid_argument("no path given");
  return out;
}

// (the --json text, the exception that stopped it or None).
py::tuple verify(py::handle paths, const std::string& default_rules, py::handle threads,
                 const py::object& progress) {
  formats::VerifyOptions options;
  options.read.default_rules = parse_rules(default_rules, "");
  options.threads = threads_of(threads);
  const std::vector<std::string> files = formats::collect_sgf_files(paths_of(paths));
  formats::VerifyReport report;
  py::object raised = run_interruptible(
      [&](const std::atomic<bool>* stop, std::atomic<uint64_t>& done) {
        options.stop = stop;
        options.progress = [&](size_t finished, size_t) { done.store(finished); };
        report = formats::verify_files(files, options);
      },
      progress, files.size());
  return py::make_tuple(formats::format_report_json(report), raised);
}

// As `tengen score`: `rules` and `komi` override each record's (a komi= in
// `rules` is a komi override too).
// dead_stones "gnugo": GNU Go (the program `gnugo`, or found) calls them,
// at most gnugo_timeout seconds a record. convention: a name of
// scoring/conventions.h for every record, or None for each record's own.
std::string score(py::handle paths, const std::optional<std::string>& rules, py::handle komi,
                  const std::string& default_rules, py::handle playouts, py::handle seed,
                  py::handle threads, py::handle dead_percent, const std::string& dead_stones,
                  const std::optional<std::string>& gnugo,
                  const std::optional<std::string>& convention, double gnugo_timeout) {
  if (dead_stones != "playouts" && dead_stones != "gnugo") {
    throw std::invalid_argument("dead_stones: '" + dead_stones + "' is not 'playouts' or 'gnugo'");
  }
  std::optional<scoring::Convention> chosen;
  if (convention) {
    const scoring::Convention* c = scoring::find_convention(*convention);
    if (!c) {
      throw std::invalid_argument("convention: '" + *convention + "' is none of " +
                                  scoring::convention_names());
    }
    chosen = *c;
  }
  if (!(gnugo_timeout > 0)) throw std::invalid_argument("gnugo_timeout: must be positive");
  const formats::RecordRulesOverrides overrides =
      scoring::record_rules_overrides(rules.value_or(""), komi_text(komi), default_rules);
  scoring::DeadStoneOptions estimate;
  estimate.playouts = int(whole(playouts, "playouts", 1, 1000000));
  estimate.seed = whole(seed, "seed", 0, ~uint64_t(0));
  estimate.threads = threads_of(threads);
  estimate.dead_percent = int(whole(dead_percent, "dead_percent", 0, 100));
  const std::vector<std::string> files = paths_of(paths);
  scoring::ScoreFiles scored;
  {
    py::gil_scoped_release release;
    std::unique_ptr<external::GnuGoJudge> judge;
    scoring::ScoreFilesHooks hooks;
    if (dead_stones == "gnugo") {
      judge = std::make_unique<external::GnuGoJudge>(
          gnugo.value_or(""), overrides.rules ? *overrides.rules : overrides.default_rules,
          std::chrono::milliseconds(int64_t(gnugo_timeout * 1000)));
      hooks.call = [&](const Game& game) { return judge->call(game); };
    }
    scored = scoring::score_files(files, overrides, estimate, hooks, chosen);
  }
  if (!scored.unreadable.empty()) {
    std::string message = scored.unreadable.front();
    for (size_t i = 1; i < scored.unreadable.size(); ++i) message += "; " + scored.unreadable[i];
    throw std::invalid_argument(message);
  }
  return scoring::score_report_json(scored, estimate, dead_stones).dump(2) + "\n";
}

}  // namespace

void add_records(py::module_& m) {
  m.def("verify", &verify, py::arg("paths"), py::arg("default_rules"), py::arg("threads"),
        py::arg("progress"), "`tengen verify --json`: (its text, the exception that stopped it).");
  m.def("score_record", &score, py::arg("paths"), py::arg("rules"), py::arg("komi"),
        py::arg("default_rules"), py::arg("playouts"), py::arg("seed"), py::arg("threads"),
        py::arg("dead_percent"), py::arg("dead_stones"), py::arg("gnugo"), py::arg("convention"),
        py::arg("gnugo_timeout"), "`tengen score --json`: its text.");
}

}  // namespace tengen::python
