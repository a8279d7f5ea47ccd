#include "check/fuzz.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <mutex>

#include "check/shrink.h"
#include "core/coords.h"
#include "formats/sgf.h"

namespace tengen::check {

std::string validate(const FuzzConfig& config) {
  if (config.threads < 0) return "threads must be 0 (all cores) or more";
  if (config.seconds < 0) return "seconds must not be negative";
  if (!config.only_case && config.cases == 0 && config.seconds == 0) {
    return "give a time budget (--seconds) or a case budget (--cases)";
  }
  return "";
}

namespace {

using Clock = std::chrono::steady_clock;

bool diverges_like(const FuzzCase& c, const CheckFault& fault, const std::string& kind) {
  const CaseResult r = run_case(c, fault);
  return r.divergence && r.divergence->kind == kind;
}

}  // namespace

FuzzCase shrink_case(const FuzzCase& original, const CheckFault& fault) {
  const CaseResult first = run_case(original, fault);
  if (!first.divergence) return original;
  const std::string kind = first.divergence->kind;
  FuzzCase c = original;
  const auto fails = [&](const FuzzCase& x) { return diverges_like(x, fault, kind); };

  // Nothing after the divergence matters.
  if (size_t(first.divergence->step) + 1 < c.steps.size()) {
    FuzzCase cut = c;
    cut.steps.resize(size_t(first.divergence->step) + 1);
    if (fails(cut)) c = std::move(cut);
  }
  const auto shrink_steps = [&] {
    c.steps = ddmin<Step>(c.steps, [&](const std::vector<Step>& steps) {
      FuzzCase x = c;
      x.steps = steps;
      return fails(x);
    });
  };
  shrink_steps();

  if (c.handicap > 0) {
    FuzzCase x = c;
    x.handicap = 0;
    if (fails(x)) c = std::move(x);
  }
  if (!c.setup.empty()) {
    FuzzCase x = c;
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
        FuzzCase y = c;
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
    FuzzCase x = c;
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
    FuzzCase x = c;
    x.dead_selector = 0;
    if (fails(x)) c = std::move(x);
  }
  shrink_steps();
  return c;
}

FuzzResult run_fuzz(const FuzzConfig& config,
                    const std::function<void(const FuzzProgress&)>& progress,
                    const std::atomic<bool>* stop) {
  if (std::string error = validate(config); !error.empty()) throw std::invalid_argument(error);
  FuzzResult result;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };

  if (config.only_case) {
    const FuzzCase c = generate_case(config.seed, *config.only_case);
    const CaseResult r = run_case(c, config.fault);
    result.cases = 1;
    result.steps = c.steps.size();
    result.checks = r.checks;
    result.scores = r.scores;
    if (r.divergence) {
      FuzzFailure f{*config.only_case, c, *r.divergence, {}, {}};
      f.shrunk = shrink_case(c, config.fault);
      f.divergence = *run_case(f.shrunk, config.fault).divergence;
      result.failure = std::move(f);
    }
    result.seconds = elapsed();
    return result;
  }

  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> lowest_failure{UINT64_MAX};
  std::atomic<uint64_t> done{0}, steps{0}, checks{0}, scores{0};
  std::atomic<bool> out_of_time{false};
  std::mutex mutex;  // guards failures and progress reports
  std::vector<std::pair<uint64_t, std::pair<FuzzCase, Divergence>>> failures;
  auto last_report = Clock::now();

  const auto worker = [&] {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      if (config.seconds > 0 && elapsed() >= config.seconds) {
        out_of_time = true;
        return;
      }
      const uint64_t i = next.fetch_add(1);
      if ((config.cases > 0 && i >= config.cases) || i > lowest_failure.load()) {
        next.fetch_sub(1);  // not taken
        return;
      }
      const FuzzCase c = generate_case(config.seed, i);
      const CaseResult r = run_case(c, config.fault);
      steps += c.steps.size();
      checks += r.checks;
      scores += r.scores;
      ++done;
      if (r.divergence) {
        std::lock_guard lock(mutex);
        failures.push_back({i, {c, *r.divergence}});
        uint64_t seen = lowest_failure.load();
        while (i < seen && !lowest_failure.compare_exchange_weak(seen, i)) {
        }
      }
      if (progress) {
        std::lock_guard lock(mutex);
        if (Clock::now() - last_report >= std::chrono::seconds(1)) {
          last_report = Clock::now();
          progress({done.load(), checks.load(), elapsed(), lowest_failure.load() != UINT64_MAX});
        }
      }
    }
  };
  const int threads = config.threads > 0 ? config.threads : tbb::info::default_concurrency();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        0, threads, [&](int) { worker(); }, tbb::simple_partitioner());
  });

  result.steps = steps;
  result.checks = checks;
  result.scores = scores;
  result.interrupted = stop && stop->load();
  if (!failures.empty()) {
    auto lowest = std::min_element(failures.begin(), failures.end(),
                                   [](const auto& a, const auto& b) { return a.first < b.first; });
    // Cases run: 0..index (everything below the failure ran to its end).
    result.cases = lowest->first + 1;
    FuzzFailure f{lowest->first, lowest->second.first, lowest->second.second, {}, {}};
    f.shrunk = shrink_case(f.original, config.fault);
    f.divergence = *run_case(f.shrunk, config.fault).divergence;
    result.failure = std::move(f);
  } else {
    result.cases = done;
  }
  result.seconds = elapsed();
  return result;
}

std::string failure_sgf(const FuzzFailure& failure, uint64_t seed) {
  const FuzzCase& c = failure.shrunk;
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
  if (c.handicap > 0) game.set_handicap(c.handicap);
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
      "Fast engine and reference model diverge (" + failure.divergence.kind + ") at step " +
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

}  // namespace tengen::check
