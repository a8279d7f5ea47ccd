#include "count/games.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "count/position_graph.h"
#include "reference/reference.h"

namespace tengen::count {
namespace {

uint64_t bit(int i) {
  return uint64_t(1) << i;
}

using Successors = std::vector<uint64_t>;

// The nodes of `open` that v reaches through nodes of `open`.
uint64_t reach(const Successors& next, int v, uint64_t open) {
  uint64_t seen = 0, frontier = bit(v);
  while (frontier != 0) {
    uint64_t step = 0;
    for (uint64_t m = frontier; m != 0; m &= m - 1) step |= next[size_t(std::countr_zero(m))];
    frontier = step & open & ~seen;
    seen |= frontier;
  }
  return seen;
}

// Simple paths in a graph of at most 64 nodes, node sets as 64-bit masks.
//
// The paths that continue a path at v depend only on v and the set R of
// unvisited nodes that v can still reach through unvisited nodes: nothing
// else can ever be visited. So their number is a function of (v, R), which
// many paths share. A per-thread cache of these numbers (lossy: a slot keeps
// the latest entry; 16 bytes a slot, small enough to stay near the core) cuts
// the walk of 4 * 10^11 paths on 2x2 several times over. Every number it
// returns is exact; the cache only decides how often one is recomputed.
class PathCounter {
 public:
  PathCounter(const Successors* next, int cache_bits)
      : next_(next), cache_(size_t(1) << cache_bits), shift_(64 - cache_bits) {}

  // Paths from v (the one-node path included) through r, where r is exactly
  // the set v reaches.
  uint64_t paths(int v, uint64_t r) {
    const uint64_t successors = (*next_)[size_t(v)] & r;
    if (successors == 0) return 1;
    Slot& slot =
        cache_[(r * 0x9E3779B97F4A7C15ull ^ uint64_t(v) * 0xC2B2AE3D27D4EB4Full) >> shift_];
    if (slot.reach == r && (slot.count_and_node & 0xFF) == uint64_t(v + 1)) {
      return slot.count_and_node >> 8;
    }
    uint64_t total = 1;
    for (uint64_t m = successors; m != 0; m &= m - 1) {
      const int w = std::countr_zero(m);
      total += paths(w, reach(*next_, w, r & ~bit(w)));
    }
    if (total >> 56 != 0) throw std::overflow_error("game count exceeds 2^56");
    slot.reach = r;
    slot.count_and_node = total << 8 | uint64_t(v + 1);
    return total;
  }

  // Paths from v of at most `moves` edges through nodes of `open`.
  uint64_t paths_up_to(int v, uint64_t open, int moves) const {
    uint64_t total = 1;
    if (moves == 0) return total;
    for (uint64_t m = (*next_)[size_t(v)] & open; m != 0; m &= m - 1) {
      const int w = std::countr_zero(m);
      total += paths_up_to(w, open & ~bit(w), moves - 1);
    }
    return total;
  }

 private:
  struct Slot {
    uint64_t reach = 0;
    uint64_t count_and_node = 0;  // count << 8 | (node + 1); 0: empty
  };

  const Successors* next_;
  std::vector<Slot> cache_;
  int shift_;
};

// The symmetries of the position graph: the board's symmetries (four for a
// rectangle, eight for a square) each with or without swapping the colours,
// as permutations of the positions. Each is checked to map moves to moves.
std::vector<std::vector<int>> automorphisms(const PositionGraph& graph, const Successors& next) {
  const int w = graph.width(), h = graph.height();
  std::vector<std::function<std::pair<int, int>(int, int)>> maps = {
      [](int x, int y) {
        return std::pair{x, y};
      },
      [w](int x, int y) {
        return std::pair{w - 1 - x, y};
      },
      [h](int x, int y) {
        return std::pair{x, h - 1 - y};
      },
      [w, h](int x, int y) {
        return std::pair{w - 1 - x, h - 1 - y};
      }};
  if (w == h) {
    maps.push_back([](int x, int y) { return std::pair{y, x}; });
    maps.push_back([w](int x, int y) { return std::pair{w - 1 - y, x}; });
    maps.push_back([w](int x, int y) { return std::pair{y, w - 1 - x}; });
    maps.push_back([w](int x, int y) { return std::pair{w - 1 - y, w - 1 - x}; });
  }
  std::vector<std::vector<int>> result;
  for (const auto& map : maps) {
    for (bool swap : {false, true}) {
      std::vector<int> perm;
      for (int i = 0; i < graph.size(); ++i) {
        const Board from = graph.board(i);
        std::vector<Color> colours(size_t(w * h), Color::Empty);
        for (int y = 0; y < h; ++y) {
          for (int x = 0; x < w; ++x) {
            Color c = from.at(from.point(x, y));
            if (swap && c != Color::Empty) c = opponent(c);
            const auto [tx, ty] = map(x, y);
            colours[size_t(ty * w + tx)] = c;
          }
        }
        // Row order never captures in a legal position (see legal.cpp).
        Board to(w, h);
        for (int k = 0; k < w * h; ++k) {
          if (colours[size_t(k)] != Color::Empty)
            to.play(to.point(k % w, k / w), colours[size_t(k)]);
        }
        perm.push_back(graph.index(to));
      }
      for (int i = 0; i < graph.size(); ++i) {
        uint64_t image = 0;
        for (uint64_t m = next[size_t(i)]; m != 0; m &= m - 1) {
          image |= bit(perm[size_t(std::countr_zero(m))]);
        }
        if (perm[size_t(i)] < 0 || image != next[size_t(perm[size_t(i)])]) {
          throw std::logic_error("count_games: a board symmetry is not a graph symmetry");
        }
      }
      result.push_back(std::move(perm));
    }
  }
  return result;
}

// A path's end v and the set r it can still reach, in the least form any
// symmetry gives: symmetric states continue in the same number of ways.
std::pair<uint64_t, int> canonical(const std::vector<std::vector<int>>& symmetries, uint64_t r,
                                   int v) {
  std::pair<uint64_t, int> best{r, v};
  for (const std::vector<int>& perm : symmetries) {
    uint64_t image = 0;
    for (uint64_t m = r; m != 0; m &= m - 1) image |= bit(perm[size_t(std::countr_zero(m))]);
    best = std::min(best, std::pair<uint64_t, int>{image, perm[size_t(v)]});
  }
  return best;
}

}  // namespace

uint64_t count_games(int width, int height, int max_moves, const Progress& progress) {
  if (width < 1 || height < 1 || width * height > 4) {
    throw std::invalid_argument("game counts take boards of at most 4 points (at most " +
                                std::to_string(kMaxGamePositions) + " legal positions): 1x1, " +
                                "1x2, 1x3, 1x4, 2x2; not " + std::to_string(width) + "x" +
                                std::to_string(height));
  }
  const PositionGraph graph(width, height, kMaxGamePositions);
  const int n = graph.size();
  Successors next(size_t(n), 0);
  for (int i = 0; i < n; ++i) {
    for (Color c : {Color::Black, Color::White}) {
      for (const PositionGraph::Edge& e : graph.moves(i, c)) {
        if (e.to != i) next[size_t(i)] |= bit(e.to);
      }
    }
  }
  const uint64_t all = n == 64 ? ~uint64_t(0) : bit(n) - 1;
  const std::vector<std::vector<int>> symmetries = automorphisms(graph, next);

  // The first moves are walked breadth first. Paths whose ends are the same
  // state (v, r) up to symmetry continue alike, so they merge into one state
  // with a multiplicity; when there are enough states, each becomes a task.
  // Under a move limit r is a superset of what the limit lets a path reach,
  // which is harmless.
  std::map<std::pair<uint64_t, int>, uint64_t> states = {
      {canonical(symmetries, reach(next, 0, all & ~bit(0)), 0), 1}};
  uint64_t total = 0;
  int depth = 0;
  while (!states.empty() && states.size() < 4000 && (max_moves < 0 || depth < max_moves)) {
    std::map<std::pair<uint64_t, int>, uint64_t> after;
    for (const auto& [state, multiplicity] : states) {
      total += multiplicity;  // the paths that stop here
      const auto [r, v] = state;
      for (uint64_t m = next[size_t(v)] & r; m != 0; m &= m - 1) {
        const int w = std::countr_zero(m);
        after[canonical(symmetries, reach(next, w, r & ~bit(w)), w)] += multiplicity;
      }
    }
    states.swap(after);
    ++depth;
  }
  const std::vector<std::pair<std::pair<uint64_t, int>, uint64_t>> tasks(states.begin(),
                                                                         states.end());
  tbb::enumerable_thread_specific<PathCounter> counters(&next, 20);
  tbb::enumerable_thread_specific<uint64_t> sums(0);
  std::atomic<uint64_t> done{0};
  std::mutex report;
  tbb::parallel_for(size_t(0), tasks.size(), [&](size_t t) {
    const auto& [state, multiplicity] = tasks[t];
    PathCounter& counter = counters.local();
    const uint64_t paths = max_moves < 0
                               ? counter.paths(state.second, state.first)
                               : counter.paths_up_to(state.second, state.first, max_moves - depth);
    uint64_t product = 0;
    if (__builtin_mul_overflow(paths, multiplicity, &product) ||
        __builtin_add_overflow(sums.local(), product, &sums.local())) {
      throw std::overflow_error("game count exceeds 2^64");
    }
    const uint64_t now = ++done;
    if (progress) {
      std::lock_guard<std::mutex> lock(report);
      progress(now, tasks.size());
    }
  });
  for (uint64_t s : sums) total += s;
  return total;
}

namespace {

struct ReferenceWalk {
  int width, height, max_moves;
  std::vector<reference::Colouring> path;

  uint64_t walk() {
    uint64_t total = 1;
    if (max_moves >= 0 && int(path.size()) > max_moves) return total;
    const reference::Colouring here = path.back();
    for (int p = 0; p < width * height; ++p) {
      if (here[size_t(p)] != Color::Empty) continue;
      for (Color c : {Color::Black, Color::White}) {
        reference::Colouring after = here;
        reference::apply_move(width, height, after, c, p);
        if (std::find(path.begin(), path.end(), after) != path.end()) continue;
        path.push_back(after);
        total += walk();
        path.pop_back();
      }
    }
    return total;
  }
};

}  // namespace

uint64_t count_games_reference(int width, int height, int max_moves) {
  if (width < 1 || height < 1 || width * height > kMaxReferenceGamePoints) {
    throw std::invalid_argument("the reference game count takes boards of at most " +
                                std::to_string(kMaxReferenceGamePoints) + " points");
  }
  ReferenceWalk walk{width, height, max_moves, {}};
  walk.path.push_back(reference::Colouring(size_t(width * height), Color::Empty));
  return walk.walk();
}

}  // namespace tengen::count
