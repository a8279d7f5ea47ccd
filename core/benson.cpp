#include "core/benson.h"

#include <algorithm>
#include <array>

namespace tengen {
namespace {

// One c-enclosed region: its points, how many are empty, and for each c
// chain that touches it (by head) how many of its empty points are that
// chain's liberties.
struct Region {
  std::vector<Point> points;
  int empty = 0;
  std::vector<std::pair<Point, int>> chains;  // (chain head, empty points it touches)
  bool kept = true;
  bool vital_to(Point head) const {
    if (empty == 0) return false;
    for (const auto& [h, n] : chains) {
      if (h == head) return n == empty;
    }
    return false;
  }
};

// The c-enclosed regions; region_of[p] is the index of p's region (for points
// that are not c).
std::vector<Region> find_regions(const Board& board, Color c, std::vector<int>& region_of) {
  const int n = board.array_size();
  region_of.assign(size_t(n), -1);
  std::vector<Region> regions;
  for (int i = 0; i < n; ++i) {
    const Point start = Point(i);
    const Color colour = board.at(start);
    if (colour == Color::Wall || colour == c || region_of[start] >= 0) continue;
    Region region;
    const int index = int(regions.size());
    region_of[start] = index;
    region.points.push_back(start);
    for (size_t next = 0; next < region.points.size(); ++next) {
      const Point p = region.points[next];
      const bool empty = board.at(p) == Color::Empty;
      region.empty += empty;
      // The distinct c chains this empty point is a liberty of.
      std::array<Point, 4> seen{};
      int seen_count = 0;
      for (int d : board.offsets()) {
        const Point q = Point(p + d);
        const Color qc = board.at(q);
        if (qc == Color::Wall) continue;
        if (qc == c) {
          const Point head = board.chain_head(q);
          if (std::find(seen.begin(), seen.begin() + seen_count, head) != seen.begin() + seen_count)
            continue;
          seen[size_t(seen_count++)] = head;
          auto it = std::find_if(region.chains.begin(), region.chains.end(),
                                 [&](const auto& e) { return e.first == head; });
          if (it == region.chains.end()) {
            region.chains.emplace_back(head, 0);
            it = region.chains.end() - 1;
          }
          it->second += empty;
        } else if (region_of[q] < 0) {
          region_of[q] = index;
          region.points.push_back(q);
        }
      }
    }
    regions.push_back(std::move(region));
  }
  return regions;
}

}  // namespace

PassAlive pass_alive(const Board& board, Color c) {
  const int n = board.array_size();
  std::vector<int> region_of;
  std::vector<Region> regions = find_regions(board, c, region_of);

  std::vector<Point> heads;
  for (int i = 0; i < n; ++i) {
    if (board.at(Point(i)) == c && board.chain_head(Point(i)) == Point(i))
      heads.push_back(Point(i));
  }
  std::vector<uint8_t> alive_head(size_t(n), 0);
  for (Point h : heads) alive_head[h] = 1;
  // Vitality never changes, only which regions are kept: list each chain's
  // vital regions once.
  std::vector<std::vector<int>> vital_regions(static_cast<size_t>(n));
  for (size_t r = 0; r < regions.size(); ++r) {
    for (const auto& entry : regions[r].chains) {
      if (regions[r].vital_to(entry.first)) vital_regions[entry.first].push_back(int(r));
    }
  }

  // Drop chains with fewer than two vital kept regions, then regions touching
  // a dropped chain, until nothing changes. Each round drops at least one
  // chain or ends, so there are at most (chains + 1) rounds.
  for (bool changed = true; changed;) {
    changed = false;
    for (Point h : heads) {
      if (!alive_head[h]) continue;
      int vital = 0;
      for (int r : vital_regions[h]) vital += regions[size_t(r)].kept;
      if (vital < 2) {
        alive_head[h] = 0;
        changed = true;
      }
    }
    for (Region& r : regions) {
      if (!r.kept) continue;
      for (const auto& entry : r.chains) {
        if (!alive_head[entry.first]) {
          r.kept = false;
          break;
        }
      }
    }
  }

  PassAlive result;
  result.chains.assign(size_t(n), 0);
  result.territory.assign(size_t(n), 0);
  for (int i = 0; i < n; ++i) {
    if (board.at(Point(i)) == c && alive_head[board.chain_head(Point(i))]) result.chains[i] = 1;
  }
  for (const Region& r : regions) {
    if (!r.kept || r.chains.empty()) continue;
    const bool vital = std::any_of(r.chains.begin(), r.chains.end(),
                                   [&](const auto& e) { return r.vital_to(e.first); });
    if (!vital) continue;
    for (Point p : r.points) result.territory[p] = 1;
  }
  return result;
}

}  // namespace tengen
