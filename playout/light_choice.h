// The light policy's choice: a point drawn uniformly from the legal moves
// that fill none of the mover's eyes, or kPass where there is none. One
// template for both games that play it: the playout kernel's
// (playout/playout_game.h, playout/kernel.cpp) and Game (LightPolicy, through a
// view in policy.cpp), so the same random numbers pick the same point on both.
//
// Why the pick is exactly uniform over the acceptable set A of empty points:
// a draw with replacement is uniform over all empty points, so when it lands
// in A it is uniform over A; a failed draw tells nothing about which point of
// A to pick. The fallback draws uniformly from the points not yet rejected and
// removes each rejected one; every point of A stays in the pool until picked,
// so the pick is again uniform over A. Each stage is uniform over A, hence so
// is the mixture. (Scanning from a random start would favour points after
// long runs of unacceptable ones.)
#pragma once

#include "core/types.h"
#include "playout/rng.h"

namespace tengen::playout {

// Draws with replacement before falling back to drawing without replacement.
// Early in a game nearly every empty point is acceptable and the first draw
// wins; late in a game most are eyes or illegal, and the fallback's copy of the
// empty list pays off. (1 to 8 measure the same within noise; lazily
// overriding list positions instead of copying measured no better.)
inline constexpr int kDrawsWithReplacement = 4;

// G has to_move(), empty_count(), empty_point(i), is_eye(p, c), legal(p, c).
template <class G>
[[gnu::always_inline]] inline bool acceptable(const G& game, Color c, Point p) {
  return !game.is_eye(p, c) && game.legal(p, c);
}

// The light policy's move for the side to move. `candidates` has room for
// every empty point. Precondition: the game is not over.
template <class G>
[[gnu::always_inline]] inline Point choose_light_move(const G& game, Rng& rng, Point* candidates) {
  const Color c = game.to_move();
  const int n = game.empty_count();
  if (n == 0) return kPass;
  for (int draw = 0; draw < kDrawsWithReplacement; ++draw) {
    const Point p = game.empty_point(int(rng.below(uint32_t(n))));
    if (acceptable(game, c, p)) return p;
  }
  for (int i = 0; i < n; ++i) candidates[i] = game.empty_point(i);
  int left = n;
  while (left > 0) {
    const int i = int(rng.below(uint32_t(left)));
    if (acceptable(game, c, candidates[i])) return candidates[i];
    candidates[i] = candidates[--left];
  }
  return kPass;
}

}  // namespace tengen::playout
