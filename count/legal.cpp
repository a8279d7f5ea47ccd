#include "count/legal.h"

#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <atomic>
#include <mutex>

#include "reference/reference.h"

namespace tengen::count {
namespace {

void check_size(int width, int height, int max_points, const char* method) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide ||
      width * height > max_points) {
    throw std::invalid_argument("the " + std::string(method) + " count of legal positions takes " +
                                "boards of at most " + std::to_string(max_points) +
                                " points, not " + std::to_string(width) + "x" +
                                std::to_string(height));
  }
}

// The points are decided one at a time in row order; the undecided ones stay
// empty on the board. A prefix with a chain without liberties cannot be
// completed: that chain has no undecided neighbour, so it is a whole chain of
// every completion, still without liberties. Placing a stone takes a liberty
// only from the chains next to it, so the prefix keeps a liberty on every
// chain exactly when Board::effect says the stone neither captures nor is
// suicide; and a complete prefix with a liberty on every chain is a legal
// position. The search therefore visits the legal prefixes and nothing else.
class LegalSearch {
 public:
  LegalSearch(int width, int height)
      : n_(width * height), boards_(size_t(n_), Board(width, height)) {
    const Board empty(width, height);
    for (int i = 0; i < n_; ++i) points_.push_back(empty.point(i % width, i / width));
  }

  static bool can_place(const Board& board, Point p, Color c) {
    const MoveEffect e = board.effect(p, c);
    return e.captured_stones == 0 && !e.suicide();
  }

  // Legal positions that extend `board`, whose points before `next` are decided.
  uint64_t count(const Board& board, int next) {
    const Point p = points_[size_t(next)];
    if (next == n_ - 1) {
      return 1 + uint64_t(can_place(board, p, Color::Black)) +
             uint64_t(can_place(board, p, Color::White));
    }
    uint64_t total = count(board, next + 1);  // p stays empty
    for (Color c : {Color::Black, Color::White}) {
      if (!can_place(board, p, c)) continue;
      Board& child = boards_[size_t(next)];  // deeper calls use later slots only
      child = board;
      child.play(p, c);
      total += count(child, next + 1);
    }
    return total;
  }

  // Calls visit for every legal prefix of length `length` that extends `board`.
  void prefixes(const Board& board, int next, int length,
                const std::function<void(const Board&)>& visit) {
    if (next == length) {
      visit(board);
      return;
    }
    const Point p = points_[size_t(next)];
    prefixes(board, next + 1, length, visit);
    for (Color c : {Color::Black, Color::White}) {
      if (!can_place(board, p, c)) continue;
      Board child = board;
      child.play(p, c);
      prefixes(child, next + 1, length, visit);
    }
  }

  int points() const { return n_; }

 private:
  int n_;
  std::vector<Point> points_;
  std::vector<Board> boards_;  // one scratch board per point
};

}  // namespace

uint64_t count_legal_engine(int width, int height, const Progress& progress) {
  check_size(width, height, kMaxEnginePoints, "engine");
  const Board empty(width, height);
  const int n = width * height;
  // Split at a prefix length that gives enough tasks to balance two to a few
  // dozen threads; tiny boards run in one.
  const int split = n <= 8 ? 0 : 7;
  LegalSearch splitter(width, height);
  std::vector<Board> tasks;
  splitter.prefixes(empty, 0, split, [&](const Board& b) { tasks.push_back(b); });
  if (split == 0) return LegalSearch(width, height).count(empty, 0);

  tbb::enumerable_thread_specific<LegalSearch> searches(width, height);
  std::atomic<uint64_t> done{0};
  std::mutex report;
  return tbb::parallel_reduce(
      tbb::blocked_range<size_t>(0, tasks.size(), 1), uint64_t(0),
      [&](const tbb::blocked_range<size_t>& range, uint64_t sum) {
        LegalSearch& search = searches.local();
        for (size_t t = range.begin(); t != range.end(); ++t) {
          sum += search.count(tasks[t], split);
          const uint64_t now = ++done;
          if (progress) {
            std::lock_guard<std::mutex> lock(report);
            progress(now, tasks.size());
          }
        }
        return sum;
      },
      [](uint64_t a, uint64_t b) { return a + b; });
}

void for_each_legal_position(int width, int height,
                             const std::function<void(const Board&)>& visit) {
  check_size(width, height, kMaxEnginePoints, "engine");
  LegalSearch search(width, height);
  search.prefixes(Board(width, height), 0, width * height, visit);
}

uint64_t count_legal_reference(int width, int height) {
  check_size(width, height, kMaxReferencePoints, "reference");
  const int n = width * height;
  uint64_t colourings = 1;
  for (int i = 0; i < n; ++i) colourings *= 3;
  // Colouring number k: point i has colour (k / 3^i) % 3 (empty, black, white).
  return tbb::parallel_reduce(
      tbb::blocked_range<uint64_t>(0, colourings), uint64_t(0),
      [&](const tbb::blocked_range<uint64_t>& range, uint64_t sum) {
        reference::Colouring colouring(static_cast<size_t>(n));
        for (uint64_t k = range.begin(); k != range.end(); ++k) {
          uint64_t digits = k;
          for (int i = 0; i < n; ++i, digits /= 3) colouring[size_t(i)] = Color(digits % 3);
          bool legal = true;
          for (int p = 0; p < n && legal; ++p) {
            if (colouring[size_t(p)] != Color::Empty) {
              legal = reference::reaches(width, height, colouring, p, Color::Empty);
            }
          }
          sum += legal;
        }
        return sum;
      },
      [](uint64_t a, uint64_t b) { return a + b; });
}

}  // namespace tengen::count
