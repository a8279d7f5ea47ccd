#include "selfplay/policy.h"

namespace tengen::selfplay {
namespace {

// Draws with replacement before falling back to drawing without replacement.
// Early in a game nearly every empty point is acceptable and the first draw
// wins; late in a game most are eyes or illegal, and the fallback's copy of the
// empty list pays off. (1 to 8 measure the same within noise; lazily
// overriding list positions instead of copying measured no better.)
constexpr int kDrawsWithReplacement = 4;

// Plays p if the policy accepts it: the eye test first (a few bit
// operations), then the legality check for an empty point, then the move
// without a second check.
inline bool try_play(Game& game, const Board& board, Color to_move, Point p) {
  if (board.is_eye(p, to_move) || game.check_empty_point(to_move, p) != MoveError::None) {
    return false;
  }
  game.play_legal(to_move, p);
  return true;
}

}  // namespace

// Why the pick is exactly uniform over the acceptable set A of empty points:
// a draw with replacement is uniform over all empty points, so when it lands in
// A it is uniform over A; a failed draw tells nothing about which point of A
// to pick. The fallback draws uniformly from the points not yet rejected and
// removes each rejected one; every point of A stays in the pool until picked,
// so the pick is again uniform over A. Each stage is uniform over A, hence so
// is the mixture. (Scanning from a random start would favour points after long
// runs of unacceptable ones.)
Point LightPolicy::play(Game& game, Rng& rng) {
  const Board& board = game.board();
  const Color to_move = game.to_move();
  const int n = board.empty_count();
  if (n > 0) {
    for (int draw = 0; draw < kDrawsWithReplacement; ++draw) {
      const Point p = board.empty_point(int(rng.below(uint32_t(n))));
      if (try_play(game, board, to_move, p)) return p;
    }
    for (int i = 0; i < n; ++i) candidates_[i] = board.empty_point(i);
    int left = n;
    while (left > 0) {
      const int i = int(rng.below(uint32_t(left)));
      const Point p = candidates_[i];
      if (try_play(game, board, to_move, p)) return p;
      candidates_[i] = candidates_[--left];
    }
  }
  game.play_legal(to_move, kPass);
  return kPass;
}

}  // namespace tengen::selfplay
