// Board's from-scratch side: rebuild() (after set_colour) and
// check_consistency(), which recomputes everything from the colours alone.
#include <algorithm>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/zobrist.h"

namespace tengen {

void Board::rebuild() {
  hash_ = 0;
  stones_ = {};
  empty_count_ = 0;
  std::fill(bits_.begin(), bits_.end(), uint64_t(0));
  const int n = array_size();
  for (int i = 0; i < n; ++i) {
    Point p = Point(i);
    head_[p] = kNoPoint;
    Color c = color_[p];
    if (c == Color::Empty) {
      empty_at_[p] = uint16_t(empty_count_);
      empty_[empty_count_++] = p;
    } else if (is_stone(c)) {
      hash_ ^= zobrist::key(p, c);
      ++stones_[int(c)];
      bits_[(int(c) - 1) * colouring_words_ + (p >> 6)] |= uint64_t(1) << (p & 63);
    }
  }
  count_neighbours();
  // Chains by flood fill; liberties counted once each with a mark.
  std::vector<Point> stack;
  std::vector<int> liberty_mark(size_t(n), -1);
  for (int i = 0; i < n; ++i) {
    Point start = Point(i);
    if (!is_stone(color_[start]) || head_[start] != kNoPoint) continue;
    Color c = color_[start];
    head_[start] = start;
    next_[start] = start;
    int stones = 0, liberties = 0;
    stack.assign(1, start);
    while (!stack.empty()) {
      Point s = stack.back();
      stack.pop_back();
      ++stones;
      if (s != start) {  // link s into the circular list after the head
        next_[s] = next_[start];
        next_[start] = s;
      }
      for (int d : offsets_) {
        Point q = Point(s + d);
        if (color_[q] == Color::Empty && liberty_mark[q] != start) {
          liberty_mark[q] = start;
          ++liberties;
        } else if (color_[q] == c && head_[q] == kNoPoint) {
          head_[q] = start;
          stack.push_back(q);
        }
      }
    }
    chain_[start] = Chain{uint16_t(liberties), uint16_t(stones)};
  }
}

bool Board::has_chain_without_liberties() const {
  for (int i = 0; i < array_size(); ++i) {
    if (is_stone(color_[i]) && chain_[head_[i]].liberties == 0) return true;
  }
  return false;
}

std::string Board::check_consistency() const {
  std::string problem = check_points();
  return problem.empty() ? check_chains() : problem;
}

std::string Board::where(Point p) const {
  return "(" + std::to_string(column(p)) + "," + std::to_string(row(p)) + ")";
}

std::string Board::check_points() const {
  const int n = array_size();
  uint64_t hash = 0;
  std::array<int, 4> stones{};
  int empties = 0;
  std::vector<uint64_t> bits(2 * size_t(colouring_words_), 0);
  for (int i = 0; i < n; ++i) {
    Point p = Point(i);
    Color c = color_[p];
    bool inside = i > stride_ && i < (height_ + 1) * stride_ && i % stride_ != 0;
    if (inside != (c != Color::Wall)) return "wall misplaced at index " + std::to_string(i);
    if (c == Color::Empty) {
      ++empties;
      if (empty_at_[p] >= empty_count_ || empty_[empty_at_[p]] != p) {
        return "empty list misses " + where(p);
      }
      if (head_[p] != kNoPoint) return "empty point " + where(p) + " has a chain head";
    } else if (is_stone(c)) {
      hash ^= zobrist::key(p, c);
      ++stones[int(c)];
      bits[(int(c) - 1) * colouring_words_ + (p >> 6)] |= uint64_t(1) << (p & 63);
    }
    if (c != Color::Wall) {
      int counts = 0;
      for (int d : offsets_) counts += 1 << shift(color_[p + d]);
      if (counts != neighbours_[p]) return "neighbour counts differ at " + where(p);
    }
  }
  if (empties != empty_count_)
    return "empty count " + std::to_string(empty_count_) + " != " + std::to_string(empties);
  if (hash != hash_) return "hash differs from recomputation";
  if (stones != stones_) return "stone counts differ from recomputation";
  if (!std::equal(bits.begin(), bits.end(), bits_.begin())) return "colouring bits differ";
  return "";
}

std::string Board::check_chains() const {
  // Each chain found by flood fill from its first stone (id = that index),
  // then held against its head's counts and its circular list.
  const int n = array_size();
  std::vector<int> chain_id(size_t(n), -1), liberty_mark(size_t(n), -1);
  std::vector<Point> stack;
  for (int i = 0; i < n; ++i) {
    Point start = Point(i);
    if (!is_stone(color_[start]) || chain_id[start] >= 0) continue;
    Color c = color_[start];
    Point head = head_[start];
    if (head >= n || head_[head] != head || color_[head] != c) {
      return "chain at " + where(start) + " has a bad head";
    }
    int stones_in_chain = 0, liberties = 0;
    chain_id[start] = i;
    stack.assign(1, start);
    while (!stack.empty()) {
      Point s = stack.back();
      stack.pop_back();
      ++stones_in_chain;
      if (head_[s] != head) return "stone " + where(s) + " has another head than its chain";
      for (int d : offsets_) {
        Point q = Point(s + d);
        if (color_[q] == Color::Empty && liberty_mark[q] != i) {
          liberty_mark[q] = i;
          ++liberties;
        } else if (color_[q] == c && chain_id[q] < 0) {
          chain_id[q] = i;
          stack.push_back(q);
        }
      }
    }
    if (chain_[head].stones != stones_in_chain) {
      return "chain at " + where(start) + ": size " + std::to_string(chain_[head].stones) +
             " != " + std::to_string(stones_in_chain);
    }
    if (chain_[head].liberties != liberties) {
      return "chain at " + where(start) + ": liberties " + std::to_string(chain_[head].liberties) +
             " != " + std::to_string(liberties);
    }
    int walked = 0;
    Point s = head;
    do {
      if (s >= n || chain_id[s] != i) return "chain list at " + where(start) + " leaves the chain";
      s = next_[s];
      if (++walked > stones_in_chain) break;
    } while (s != head);
    if (walked != stones_in_chain) return "chain list at " + where(start) + " has a wrong length";
  }
  return "";
}

}  // namespace tengen
