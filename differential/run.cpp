#include "differential/run.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/coords.h"
#include "differential/shrink.h"
#include "formats/sgf.h"

namespace tengen::differential {

void validate(const RunConfig& config) {
  if (config.threads < 0) throw std::invalid_argument("threads must be 0 (all cores) or more");
  if (config.seconds < 0) throw std::invalid_argument("seconds must not be negative");
  if (!config.only_case && config.cases == 0 && config.seconds == 0) {
    throw std::invalid_argument("give a time budget (--seconds) or a case budget (--cases)");
  }
}

namespace {

using Clock = std::chrono::steady_clock;

bool diverges_like(const Case& c, const CheckFault& fault, const KernelFault& kernel_fault,
                   const std::string& kind) {
  const CaseResult r = run_case_and_kernel(c, fault, kernel_fault);
  return r.divergence && r.divergence->kind == kind;
}

}  // namespace

CaseResult run_case_and_kernel(const Case& c, const CheckFault& fault,
                               const KernelFault& kernel_fault) {
  CaseResult r = run_case(c, fault);
  if (r.divergence) return r;
  const CaseResult k = run_kernel_case(c, kernel_fault);
  r.divergence = k.divergence;
  r.checks += k.checks;
  r.scores += k.scores;
  return r;
}

Case shrink_case(const Case& original, const CheckFault& fault, const KernelFault& kernel_fault) {
  const CaseResult first = run_case_and_kernel(original, fault, kernel_fault);
  if (!first.divergence) return original;
  const std::string kind = first.divergence->kind;
  Case c = original;
  const auto fails = [&](const Case& x) { return diverges_like(x, fault, kernel_fault, kind); };

  // Nothing after the divergence matters.
  if (size_t(first.divergence->step) + 1 < c.steps.size()) {
    Case cut = c;
    cut.steps.resize(size_t(first.divergence->step) + 1);
    if (fails(cut)) c = std::move(cut);
  }
  const auto shrink_steps = [&] {
    c.steps = ddmin<Step>(c.steps, [&](const std::vector<Step>& steps) {
      Case x = c;
      x.steps = steps;
      return fails(x);
    });
  };
  shrink_steps();

  if (c.handicap > 0) {
    Case x = c;
    x.handicap = 0;
    if (fails(x)) c = std::move(x);
  }
  if (!c.setup.empty()) {
    Case x = c;
    x.setup.clear();
    x.to_move = Color::Black;
    if (fails(x)) {
      c = std::move(x);
    } else {
      // Removing stones never takes a liberty away, so every subset of the
      // set-up stones is a valid set-up.
      std::vector<int> stones;
      for (int p = 0; p < int(c.setup.size()); ++p) {
        if (c.setup[size_t(p)] != Color::Empty) stones.push_back(p);
      }
      const auto with = [&](const std::vector<int>& kept) {
        Case y = c;
        std::fill(y.setup.begin(), y.setup.end(), Color::Empty);
        for (int p : kept) y.setup[size_t(p)] = c.setup[size_t(p)];
        return y;
      };
      stones = ddmin<int>(stones, [&](const std::vector<int>& kept) { return fails(with(kept)); });
      c = with(stones);
    }
  }

  // Simpler rules, one field at a time, where the failure stays.
  const Rules plain = [] {
    Rules r = Rules::tromp_taylor();
    r.komi = 0;
    return r;
  }();
  const auto try_rules = [&](auto set) {
    Case x = c;
    set(x.rules);
    if (!(x.rules == c.rules) && fails(x)) c = std::move(x);
  };
  try_rules([&](Rules& r) { r.komi = plain.komi; });
  try_rules([&](Rules& r) { r.tie = plain.tie; });
  try_rules([&](Rules& r) { r.handicap = plain.handicap; });
  try_rules([&](Rules& r) { r.handicap_bonus = plain.handicap_bonus; });
  try_rules([&](Rules& r) { r.end = plain.end; });
  try_rules([&](Rules& r) { r.scoring = plain.scoring; });
  try_rules([&](Rules& r) { r.suicide = plain.suicide; });
  try_rules([&](Rules& r) { r.ko = plain.ko; });
  if (c.dead_selector != 0) {
    Case x = c;
    x.dead_selector = 0;
    if (fails(x)) c = std::move(x);
  }
  shrink_steps();
  return c;
}

namespace {

// The case's failure, with the case shrunk (shrink_case) and the shrunk
// case's own divergence.
Failure shrunk_failure(uint64_t index, const Case& c, const Divergence& divergence,
                       const RunConfig& config) {
  Failure f{index, c, divergence, {}, {}};
  f.shrunk = shrink_case(c, config.fault, config.kernel_fault);
  f.divergence = *run_case_and_kernel(f.shrunk, config.fault, config.kernel_fault).divergence;
  return f;
}

RunResult run_only_case(const RunConfig& config) {
  const Case c = generate_case(config.seed, *config.only_case);
  const CaseResult r = run_case_and_kernel(c, config.fault, config.kernel_fault);
  RunResult result;
  result.cases = 1;
  result.steps = c.steps.size();
  result.checks = r.checks;
  result.scores = r.scores;
  if (r.divergence) {
    result.failure = shrunk_failure(*config.only_case, c, *r.divergence, config);
  }
  return result;
}

// The cases of a budgeted run, taken in index order by every worker: no case
// above the lowest failure found so far is started, so the cases run are
// always 0..n-1 whatever the number of threads.
class CasePool {
 public:
  CasePool(const RunConfig& config, const std::function<void(const Progress&)>& progress,
           const std::atomic<bool>* stop)
      : config_(config), progress_(progress), stop_(stop) {}

  // Takes and runs cases until the budget is spent, `stop` is set, or every
  // case below the lowest failure has been taken.
  void work() {
    for (;;) {
      if (stop_ && stop_->load(std::memory_order_relaxed)) return;
      if (config_.seconds > 0 && elapsed() >= config_.seconds) return;
      const uint64_t i = next_.fetch_add(1);
      if ((config_.cases > 0 && i >= config_.cases) || i > lowest_failure_.load()) {
        next_.fetch_sub(1);  // not taken
        return;
      }
      run_one(i);
      if (progress_) report_progress();
    }
  }

  // The totals once every worker has returned; the failure with the lowest
  // index, shrunk.
  RunResult result() const {
    RunResult result;
    result.steps = steps_;
    result.checks = checks_;
    result.scores = scores_;
    result.interrupted = stop_ && stop_->load();
    if (failures_.empty()) {
      result.cases = done_;
      return result;
    }
    const auto lowest =
        std::min_element(failures_.begin(), failures_.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    // Cases run: 0..index (everything below the failure ran to its end).
    result.cases = lowest->first + 1;
    result.failure =
        shrunk_failure(lowest->first, lowest->second.first, lowest->second.second, config_);
    return result;
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  void run_one(uint64_t i) {
    const Case c = generate_case(config_.seed, i);
    const CaseResult r = run_case_and_kernel(c, config_.fault, config_.kernel_fault);
    steps_ += c.steps.size();
    checks_ += r.checks;
    scores_ += r.scores;
    ++done_;
    if (!r.divergence) return;
    std::lock_guard lock(mutex_);
    failures_.push_back({i, {c, *r.divergence}});
    uint64_t seen = lowest_failure_.load();
    while (i < seen && !lowest_failure_.compare_exchange_weak(seen, i)) {
    }
  }

  void report_progress() {
    std::lock_guard lock(mutex_);
    if (Clock::now() - last_report_ < std::chrono::seconds(1)) return;
    last_report_ = Clock::now();
    progress_({done_.load(), checks_.load(), elapsed(), lowest_failure_.load() != UINT64_MAX});
  }

  const RunConfig& config_;
  const std::function<void(const Progress&)>& progress_;
  const std::atomic<bool>* stop_;
  const Clock::time_point start_ = Clock::now();
  std::atomic<uint64_t> next_{0};
  std::atomic<uint64_t> lowest_failure_{UINT64_MAX};
  std::atomic<uint64_t> done_{0}, steps_{0}, checks_{0}, scores_{0};
  std::mutex mutex_;  // guards failures_ and progress reports
  std::vector<std::pair<uint64_t, std::pair<Case, Divergence>>> failures_;
  Clock::time_point last_report_ = Clock::now();
};

}  // namespace

RunResult run_cases(const RunConfig& config, const std::function<void(const Progress&)>& progress,
                    const std::atomic<bool>* stop) {
  validate(config);
  const auto start = Clock::now();
  if (config.only_case) {
    RunResult result = run_only_case(config);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }
  CasePool pool(config, progress, stop);
  const int threads = config.threads > 0 ? config.threads : tbb::info::default_concurrency();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        0, threads, [&](int) { pool.work(); }, tbb::simple_partitioner());
  });
  RunResult result = pool.result();
  result.seconds = pool.elapsed();
  return result;
}

std::string failure_sgf(const Failure& failure, uint64_t seed) {
  const Case& c = failure.shrunk;
  Game game(c.width, c.height, c.rules);
  if (!c.setup.empty()) {
    Board board(c.width, c.height);
    for (int p = 0; p < int(c.setup.size()); ++p) {
      if (c.setup[size_t(p)] != Color::Empty) {
        board.set_colour(board.point(p % c.width, p / c.width), c.setup[size_t(p)]);
      }
    }
    game = Game(board, c.to_move, c.rules);
  }
  // A shrunk case may ask for a handicap its board refuses: the record starts without it.
  if (c.handicap > 0) handicap_refusal([&] { game.set_handicap(c.handicap); });
  const Board start = game.board();
  for (const Step& s : c.steps) {
    const Board& board = game.board();
    switch (s.kind) {
      case StepKind::Play:
        game.play(s.color, board.point(s.point % c.width, s.point / c.width));
        break;
      case StepKind::Pass:
        game.play(s.color, kPass);
        break;
      case StepKind::OffBoard:
        break;
      case StepKind::Agree: {
        std::vector<Point> dead;
        for (int p : s.dead) dead.push_back(board.point(p % c.width, p / c.width));
        game.agree_dead(dead);
        break;
      }
    }
  }
  formats::GameRecord record = formats::record_from_game(game, start);
  // The fixed handicap stones are in the set-up; HA says how many.
  const std::string reproduce =
      "tengen fuzz --seed " + std::to_string(seed) + " --case " + std::to_string(failure.index);
  const std::string comment =
      std::string(failure.divergence.kind.starts_with("kernel") ? "Playout kernel"
                                                                : "Fast engine") +
      " and reference model diverge (" + failure.divergence.kind + ") at step " +
      std::to_string(failure.divergence.step) + ": " + failure.divergence.what + "\nSeed " +
      std::to_string(seed) + ", case " + std::to_string(failure.index) + ", shrunk from " +
      std::to_string(failure.original.steps.size()) + " to " + std::to_string(c.steps.size()) +
      " steps. Reproduce: " + reproduce +
      "\nThe moves below are those the fast engine accepted; TS lists every step.\n" + describe(c);
  record.root_extra.push_back(
      {"GN",
       {"tengen fuzz seed " + std::to_string(seed) + " case " + std::to_string(failure.index)}});
  record.root_extra.push_back({"TR", {c.rules.to_string()}});
  std::vector<std::string> steps;
  for (const Step& s : c.steps) {
    const Board board(c.width, c.height);
    const auto vertex = [&](int p) {
      return gtp_vertex(board, board.point(p % c.width, p / c.width));
    };
    const std::string who = s.color == Color::Black ? "B " : "W ";
    switch (s.kind) {
      case StepKind::Play:
        steps.push_back(who + vertex(s.point));
        break;
      case StepKind::Pass:
        steps.push_back(who + "pass");
        break;
      case StepKind::OffBoard:
        steps.push_back(who + "off-board(" + std::to_string(s.point) + ")");
        break;
      case StepKind::Agree: {
        std::string text = "agree";
        for (int p : s.dead) text += " " + vertex(p);
        steps.push_back(text);
        break;
      }
    }
  }
  record.root_extra.push_back({"TS", steps});
  record.root_extra.push_back({"C", {comment}});
  return formats::write_sgf(record);
}

}  // namespace tengen::differential
