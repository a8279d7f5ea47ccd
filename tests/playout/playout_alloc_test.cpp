// The playout hot path allocates nothing: after a game object's first games
// (which size its buffers), playing, scoring and taking ownership allocate no
// memory. Counted by replacing the global operator new in this test program.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "core/game.h"
#include "core/scoring.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  return operator new(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace tengen::playout {
namespace {

// Plays `games` playouts from index `first`, scoring each; returns the
// allocations made meanwhile.
long allocations_during(Game& game, LightPolicy& policy, std::vector<Color>& owner, uint64_t first,
                        int games) {
  const long before = allocations.load();
  const int max_turns = default_max_turns(game.board().width(), game.board().height());
  for (int i = 0; i < games; ++i) {
    game.reset();
    Rng rng = game_rng(7, first + uint64_t(i));
    play_out(game, policy, rng, max_turns);
    const Score score = game.score();
    area_owners(game.board(), owner);
    EXPECT_GE(score.black + score.white + score.neutral, 0);
  }
  return allocations.load() - before;
}

TEST(SelfplayAlloc, PlayoutsAllocateNothingAfterWarmUp) {
  for (const Rules& rules : {Rules::chinese(), Rules::tromp_taylor(), Rules::japanese()}) {
    for (int size : {9, 19}) {
      SCOPED_TRACE(rules.to_string() + " " + std::to_string(size));
      Game game(size, size, rules);
      LightPolicy policy;
      std::vector<Color> owner;
      owner.reserve(Board::kMaxArray);
      // Warm-up: the longest of these games sizes the move list and, under
      // superko, the position history.
      allocations_during(game, policy, owner, 0, 200);
      EXPECT_EQ(allocations_during(game, policy, owner, 1000, 100), 0);
    }
  }
}

}  // namespace
}  // namespace tengen::playout
