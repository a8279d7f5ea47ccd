#include "selfplay/signature.h"

#include "selfplay/digest.h"

namespace tengen::selfplay {
namespace {

RunConfig make_run(int width, int height, Rules rules, uint64_t games, uint64_t seed) {
  return {.width = width, .height = height, .rules = rules, .games = games, .seed = seed};
}

Rules with_komi(Rules rules, double komi) {
  rules.komi = komi;
  return rules;
}

}  // namespace

std::vector<RunConfig> signature_runs() {
  return {
      make_run(9, 9, with_komi(Rules::chinese(), 7.5), 10000, 1),
      make_run(9, 9, Rules::tromp_taylor(), 10000, 2),
      make_run(7, 7, Rules::nz(), 5000, 3),
      make_run(13, 13, Rules::japanese(), 2000, 4),
      make_run(13, 9, Rules::aga(), 3000, 5),
      make_run(19, 19, with_komi(Rules::chinese(), 7.5), 1000, 6),
      make_run(19, 19, Rules::tromp_taylor(), 1000, 7),
  };
}

SignatureResult run_signature(int threads, const std::atomic<bool>* stop) {
  SignatureResult result;
  StreamDigest digest;
  for (RunConfig config : signature_runs()) {
    config.threads = threads;
    RunResult run = run_selfplay(config, {}, stop);
    const Stats& s = run.stats;
    digest.update_u64(run.digest);
    for (int64_t value : {s.games(), s.black_wins(), s.white_wins(), s.draws(),
                          s.twice_margin().sum, s.captures().sum, s.suicides().sum}) {
      digest.update_u64(uint64_t(value));
    }
    result.games += uint64_t(s.games());
    result.moves += uint64_t(s.turns().sum);
    result.seconds += run.seconds;
    result.interrupted |= run.interrupted;
    result.runs.push_back(std::move(run));
    if (result.interrupted) break;
  }
  result.digest = digest.value();
  return result;
}

}  // namespace tengen::selfplay
