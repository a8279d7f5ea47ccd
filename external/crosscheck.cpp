#include "external/crosscheck.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "external/move_sources.h"
#include "playout/rng.h"

namespace tengen::external {

std::vector<Rules> shared_rule_sets() {
  std::vector<Rules> result;
  for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
    for (KoRule ko : {KoRule::Simple, KoRule::Positional, KoRule::Situational}) {
      for (SuicideRule suicide :
           {SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed}) {
        Rules rules;
        rules.ko = ko;
        rules.suicide = suicide;
        rules.scoring = scoring;
        rules.komi = 7.5;
        rules.tie = TieRule::Draw;
        rules.handicap = HandicapPlacement::Fixed;
        // GNU Go's area count gives White a point per handicap stone.
        rules.handicap_bonus = HandicapBonus::N;
        rules.end = EndRule::TwoPasses;
        result.push_back(rules);
      }
    }
  }
  return result;
}

void validate(const CrosscheckConfig& config) {
  if (config.gnugo.empty() && config.engine.empty()) {
    throw std::invalid_argument("no gnugo program or engine given");
  }
  if (config.rule_sets.empty()) throw std::invalid_argument("no rule sets");
  if (config.sizes.empty()) throw std::invalid_argument("no board sizes");
  for (int size : config.sizes) {
    if (size < 1 || size > kGnuGoMaxSide) {
      throw std::invalid_argument("board size " + std::to_string(size) +
                                  " is outside GNU Go's 1..19 (square only)");
    }
  }
  if (config.threads < 0) throw std::invalid_argument("threads must be 0 (all cores) or more");
  if (config.max_moves < 0) throw std::invalid_argument("max moves must be 0 (no cap) or more");
  for (const Rules& rules : config.rule_sets) {
    if (!config.handicap) continue;
    if (rules.handicap != HandicapPlacement::Fixed) {
      throw std::invalid_argument(
          "handicap games need fixed handicap placement (GNU Go's fixed_handicap); rules " +
          rules.to_string() + " place it freely");
    }
    if (rules.scoring == Scoring::Area && rules.handicap_bonus != HandicapBonus::N) {
      throw std::invalid_argument(
          "handicap games under area scoring need bonus=n (GNU Go's area count gives White "
          "a point per handicap stone); rules " +
          rules.to_string() + " differ");
    }
  }
}

namespace {

// The seed of game `game` of a rule set: from the run seed, the rules' text
// (so that a rule set plays the same games alone as among others) and the
// game's index.
uint64_t game_seed_for(uint64_t seed, const Rules& rules, uint64_t game) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (char c : rules.to_string()) h = (h ^ uint8_t(c)) * 0x100000001b3ull;
  return playout::game_seed(playout::game_seed(seed, h), game);
}

constexpr double kKomis[] = {7.5, 0, 0.5, 5.5, 6.5, -3, 7};
// A block of games of one rule set, played by one GNU Go process.
struct Job {
  size_t rule_set = 0;
  uint64_t first = 0;
  uint64_t count = 0;
  Tally tally;
  std::vector<Finding> findings;
  std::vector<std::string> errors;
  bool done = false;
  // What the engine told the first checker (another engine than GNU Go).
  std::optional<RulesSetting> rules_setting;
  std::vector<std::string> unanswerable;
};

GameSpec game_spec(const CrosscheckConfig& config, const Rules& rules, uint64_t game,
                   uint64_t* policy_seed) {
  playout::Rng rng(game_seed_for(config.seed, rules, game));
  GameSpec spec;
  spec.size = config.sizes[game % config.sizes.size()];
  spec.rules = rules;
  if (config.vary_komi) spec.rules.komi = kKomis[rng.below(std::size(kKomis))];
  if (config.handicap && spec.size >= 7 && rng.below(4) == 0) {
    spec.handicap = 2 + int(rng.below(spec.size >= 9 && spec.size % 2 == 1 ? 8 : 3));
  }
  spec.max_moves = config.max_moves;
  *policy_seed = rng.next();
  return spec;
}

void run_job(const CrosscheckConfig& config, Job& job, const std::atomic<bool>* stop) {
  const Rules& rules = config.rule_sets[job.rule_set];
  std::optional<CrossChecker> checker;
  for (uint64_t g = job.first; g < job.first + job.count; ++g) {
    if (stop && stop->load(std::memory_order_relaxed)) return;
    uint64_t policy_seed = 0;
    const GameSpec spec = game_spec(config, rules, g, &policy_seed);
    Tally tally;
    std::vector<Finding> findings;
    try {
      if (!checker) {
        checker.emplace(CheckedEngine{config.gnugo, config.engine}, rules, config.timeout);
        if (!job.rules_setting) {
          job.rules_setting = checker->rules_setting();
          job.unanswerable = unanswerable_checks(checker->engine().commands());
        }
      }
      checker->play(spec, g, light_policy_moves(policy_seed), &tally, &findings);
    } catch (const GtpError& e) {
      // A fresh GNU Go for the next game.
      checker.reset();
      ++tally.engine_errors;
      job.errors.push_back("game " + std::to_string(g) + ": " + e.what());
    }
    job.tally.add(tally);
    for (Finding& f : findings) job.findings.push_back(std::move(f));
  }
  job.done = true;
}

constexpr uint64_t kGamesPerJob = 8;

}  // namespace

CrosscheckReport run_crosscheck(const CrosscheckConfig& config,
                                const std::function<void(uint64_t done)>& progress,
                                const std::atomic<bool>* stop) {
  validate(config);
  std::vector<Job> jobs;
  for (size_t r = 0; r < config.rule_sets.size(); ++r) {
    for (uint64_t first = 0; first < config.games; first += kGamesPerJob) {
      Job job;
      job.rule_set = r;
      job.first = first;
      job.count = std::min(kGamesPerJob, config.games - first);
      jobs.push_back(std::move(job));
    }
  }
  std::mutex progress_mutex;
  std::atomic<uint64_t> done{0};
  tbb::task_arena arena(config.threads > 0 ? config.threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<size_t>(0, jobs.size(), 1),
        [&](const tbb::blocked_range<size_t>& range) {
          for (size_t j = range.begin(); j != range.end(); ++j) {
            run_job(config, jobs[j], stop);
            const uint64_t now = done.fetch_add(jobs[j].tally.games) + jobs[j].tally.games;
            if (progress) {
              std::lock_guard lock(progress_mutex);
              progress(now);
            }
          }
        },
        tbb::simple_partitioner());
  });

  CrosscheckReport report;
  for (const Rules& rules : config.rule_sets) {
    RuleSetReport r;
    r.rules = rules;
    if (!config.gnugo.empty()) r.gnugo_flags = gnugo_flags(rules);
    report.rule_sets.push_back(std::move(r));
  }
  for (Job& job : jobs) {
    RuleSetReport& r = report.rule_sets[job.rule_set];
    r.tally.add(job.tally);
    report.total.add(job.tally);
    if (!job.done) report.interrupted = true;
    if (job.rules_setting && config.gnugo.empty() && !r.rules_setting) {
      r.rules_setting = job.rules_setting;
      r.unanswerable = job.unanswerable;
    }
    for (Finding& f : job.findings) {
      const auto same_kind = [&](const Finding& g) {
        return g.known == f.known &&
               (f.known ? g.difference == f.difference : g.disagreement == f.disagreement);
      };
      if (std::count_if(r.findings.begin(), r.findings.end(), same_kind) < config.max_findings) {
        r.findings.push_back(std::move(f));
      }
    }
    for (std::string& e : job.errors) r.engine_errors.push_back(std::move(e));
  }
  return report;
}

}  // namespace tengen::external
