// Positions and rule sets the benchmarks share.
#pragma once

#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/rules.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::bench {

// 0: chinese-style (simple ko, no suicide, area scoring), komi 7.5.
// 1: tromp-taylor (positional superko, suicide allowed).
// 2: aga (situational superko, no suicide), komi 7.5.
inline Rules bench_rules(int64_t which) {
  Rules rules = which == 0 ? Rules::chinese() : which == 1 ? Rules::tromp_taylor() : Rules::aga();
  rules.komi = 7.5;
  return rules;
}

inline const char* bench_rules_name(int64_t which) {
  return which == 0 ? "chinese" : which == 1 ? "tromp-taylor" : "aga";
}

// A game after `turns` light-policy turns from an empty board (fewer if it
// ended), seeded.
inline Game mid_game(int size, const Rules& rules, uint64_t seed, int turns) {
  Game game(size, size, rules);
  playout::LightPolicy policy;
  playout::Rng rng(seed);
  for (int t = 0; t < turns && game.consecutive_passes() < 2; ++t) policy.play(game, rng);
  return game;
}

}  // namespace tengen::bench
