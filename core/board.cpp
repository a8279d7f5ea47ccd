#include "core/board.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/zobrist.h"

namespace tengen {
namespace {

// Adds h to the small set `seen` unless it is there; returns whether it was new.
inline bool insert_head(Point (&seen)[4], int& count, Point h) {
  for (int i = 0; i < count; ++i) {
    if (seen[i] == h) return false;
  }
  seen[count++] = h;
  return true;
}

}  // namespace

Board::Board(int width, int height) {
  if (width < 1 || width > kMaxSide || height < 1 || height > kMaxSide) {
    throw std::invalid_argument(
        "board size " + std::to_string(width) + "x" + std::to_string(height) +
        " is out of range: each side must be 1 to " + std::to_string(kMaxSide));
  }
  width_ = width;
  height_ = height;
  stride_ = width + 1;
  offsets_ = {-1, 1, -stride_, stride_};
  colouring_words_ = (array_size() + 63) / 64;
  std::fill(color_.begin(), color_.end(), Color::Wall);
  std::fill(head_.begin(), head_.end(), kNoPoint);
  std::fill(next_.begin(), next_.end(), kNoPoint);
  std::fill(chain_.begin(), chain_.end(), Chain{0, 0});
  std::fill(empty_at_.begin(), empty_at_.end(), uint16_t(0));
  std::fill(bits_.begin(), bits_.end(), uint64_t(0));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      Point p = point(x, y);
      color_[p] = Color::Empty;
      empty_at_[p] = uint16_t(empty_count_);
      empty_[empty_count_++] = p;
    }
  }
  count_neighbours();
}

void Board::count_neighbours() {
  std::fill(neighbours_.begin(), neighbours_.end(), uint16_t(0));
  for (int i = stride_; i < array_size() - stride_; ++i) {
    if (color_[i] == Color::Wall) continue;
    for (int d : offsets_) neighbours_[i] = uint16_t(neighbours_[i] + (1 << shift(color_[i + d])));
  }
}

void Board::copy_from(const Board& other) {
  // Copies only the part of each array this board size uses: a 9x9 board
  // costs a few hundred bytes, not the 25x25 maximum.
  width_ = other.width_;
  height_ = other.height_;
  stride_ = other.stride_;
  colouring_words_ = other.colouring_words_;
  offsets_ = other.offsets_;
  hash_ = other.hash_;
  stones_ = other.stones_;
  empty_count_ = other.empty_count_;
  const size_t n = size_t(array_size());
  std::memcpy(color_.data(), other.color_.data(), n * sizeof(Color));
  std::memcpy(head_.data(), other.head_.data(), n * sizeof(Point));
  std::memcpy(next_.data(), other.next_.data(), n * sizeof(Point));
  std::memcpy(chain_.data(), other.chain_.data(), n * sizeof(Chain));
  std::memcpy(empty_.data(), other.empty_.data(), size_t(empty_count_) * sizeof(Point));
  std::memcpy(empty_at_.data(), other.empty_at_.data(), n * sizeof(uint16_t));
  std::memcpy(neighbours_.data(), other.neighbours_.data(), n * sizeof(uint16_t));
  std::memcpy(bits_.data(), other.bits_.data(), 2 * size_t(colouring_words_) * sizeof(uint64_t));
}

bool Board::same_colouring(const Board& other) const {
  return width_ == other.width_ && height_ == other.height_ &&
         std::memcmp(bits_.data(), other.bits_.data(),
                     2 * size_t(colouring_words_) * sizeof(uint64_t)) == 0;
}

inline void Board::add_stone(Point p, Color c) {
  color_[p] = c;
  hash_ ^= zobrist::key(p, c);
  ++stones_[int(c)];
  bits_[(int(c) - 1) * colouring_words_ + (p >> 6)] |= uint64_t(1) << (p & 63);
  const uint16_t delta = uint16_t((1 << shift(c)) - 1);  // one empty neighbour becomes c
  neighbours_[p - 1] = uint16_t(neighbours_[p - 1] + delta);
  neighbours_[p + 1] = uint16_t(neighbours_[p + 1] + delta);
  neighbours_[p - stride_] = uint16_t(neighbours_[p - stride_] + delta);
  neighbours_[p + stride_] = uint16_t(neighbours_[p + stride_] + delta);
  int i = empty_at_[p];
  Point last = empty_[--empty_count_];
  empty_[i] = last;
  empty_at_[last] = uint16_t(i);
}

inline void Board::clear_point(Point p) {
  Color c = color_[p];
  color_[p] = Color::Empty;
  hash_ ^= zobrist::key(p, c);
  --stones_[int(c)];
  bits_[(int(c) - 1) * colouring_words_ + (p >> 6)] &= ~(uint64_t(1) << (p & 63));
  const uint16_t delta = uint16_t((1 << shift(c)) - 1);
  neighbours_[p - 1] = uint16_t(neighbours_[p - 1] - delta);
  neighbours_[p + 1] = uint16_t(neighbours_[p + 1] - delta);
  neighbours_[p - stride_] = uint16_t(neighbours_[p - stride_] - delta);
  neighbours_[p + stride_] = uint16_t(neighbours_[p + stride_] - delta);
  head_[p] = kNoPoint;
  empty_at_[p] = uint16_t(empty_count_);
  empty_[empty_count_++] = p;
}

inline bool Board::adjacent_to_chain(Point p, Point head) const {
  return head_[p - 1] == head || head_[p + 1] == head || head_[p - stride_] == head ||
         head_[p + stride_] == head;
}

Point Board::merge_chains(Point a, Point b) {
  if (chain_[a].stones < chain_[b].stones) std::swap(a, b);
  // Walk the smaller chain b; count its liberties that are not liberties of a.
  // Each stone joins a right after its neighbours are looked at, so a liberty
  // shared by several stones of b is seen as a's from the second time on.
  int added = 0;
  Point s = b;
  do {
    for (int d : offsets_) {
      Point n = Point(s + d);
      if (color_[n] == Color::Empty && !adjacent_to_chain(n, a)) ++added;
    }
    head_[s] = a;
    s = next_[s];
  } while (s != b);
  std::swap(next_[a], next_[b]);  // splice the two circular lists
  chain_[a].liberties = uint16_t(chain_[a].liberties + added);
  chain_[a].stones = uint16_t(chain_[a].stones + chain_[b].stones);
  return a;
}

void Board::remove_chain(Point head) {
  Point s = head;
  do {
    Point next = next_[s];
    clear_point(s);
    s = next;
  } while (s != head);
  // Every removed stone is now a liberty of each distinct chain next to it.
  s = head;
  do {
    Point seen[4];
    int count = 0;
    for (int d : offsets_) {
      const Point h = head_[s + d];  // kNoPoint for empty points and walls
      if (h != kNoPoint && insert_head(seen, count, h)) ++chain_[h].liberties;
    }
    s = next_[s];
  } while (s != head);
}

PlayResult Board::play(Point p, Color c) {
  return place<false>(p, c, nullptr);
}

PlayResult Board::play(Point p, Color c, Change& change) {
  return place<true>(p, c, &change);
}

template <bool kRecord>
PlayResult Board::place(Point p, Color c, Change* change) {
  const Color enemy = opponent(c);
  if constexpr (kRecord) {
    change->point_ = p;
    change->color_ = c;
    change->empty_index_ = empty_at_[p];
    change->next_ = next_[p];
    change->merges_ = 0;
    change->captured_ = 0;
    change->suicided_ = kNoPoint;
  }
  add_stone(p, c);
  // Each distinct neighbouring chain loses p as a liberty. The largest own
  // chain among them becomes the base that p and the others join.
  Point seen[4];
  int count = 0;
  Point base = kNoPoint;
  auto visit = [&](Point n) {
    const Point h = head_[n];  // kNoPoint for empty points and walls
    if (h == kNoPoint) return;
    for (int i = 0; i < count; ++i) {
      if (seen[i] == h) return;
    }
    if constexpr (kRecord) {
      change->neighbour_[size_t(count)] = h;
      change->neighbour_chain_[size_t(count)] = chain_[h];
    }
    seen[count++] = h;
    --chain_[h].liberties;
    if (color_[h] == c && (base == kNoPoint || chain_[h].stones > chain_[base].stones)) base = h;
  };
  visit(Point(p - 1));
  visit(Point(p + 1));
  visit(Point(p - stride_));
  visit(Point(p + stride_));
  if constexpr (kRecord) {
    change->neighbours_ = uint8_t(count);
    change->base_ = base;
  }
  connect<kRecord>(p, c, base, seen, count, change);
  PlayResult result;
  for (int i = 0; i < count; ++i) {
    Point h = seen[i];
    if (color_[h] == enemy && chain_[h].liberties == 0) {
      result.captured_stones += chain_[h].stones;
      remove_chain(h);
      if constexpr (kRecord) change->captured_ = uint8_t(change->captured_ | 1 << i);
    }
  }
  const Point own = head_[p];
  if (result.captured_stones == 0 && chain_[own].liberties == 0) {
    result.suicided_stones = chain_[own].stones;
    remove_chain(own);
    if constexpr (kRecord) change->suicided_ = own;
  }
  if constexpr (kRecord) change->result_ = result;
  return result;
}

template <bool kRecord>
void Board::connect(Point p, Color c, Point base, const Point* seen, int count, Change* change) {
  if (base == kNoPoint) {
    head_[p] = p;
    next_[p] = p;
    chain_[p] = Chain{uint16_t(neighbours_[p] & 15), 1};
    return;
  }
  // p joins base: its empty neighbours not already next to base are new liberties.
  int added = 0;
  for (int d : offsets_) {
    Point n = Point(p + d);
    added += color_[n] == Color::Empty && !adjacent_to_chain(n, base);
  }
  head_[p] = base;
  next_[p] = next_[base];
  next_[base] = p;
  chain_[base].liberties = uint16_t(chain_[base].liberties + added);
  chain_[base].stones = uint16_t(chain_[base].stones + 1);
  for (int i = 0; i < count; ++i) {
    if (seen[i] == base || color_[seen[i]] != c) continue;
    const Point joined = merge_chains(base, seen[i]);
    if constexpr (kRecord) {
      change->merged_into_[change->merges_] = joined;
      change->merged_from_[change->merges_] = joined == base ? seen[i] : base;
      ++change->merges_;
    }
    base = joined;
  }
}

// Undo replays place() backwards: suicide, captures (last first), merges
// (last first), p leaving its base, then the neighbours' counts and p itself.
void Board::undo(const Change& change) {
  const Point p = change.point_;
  const Color c = change.color_;
  if (change.suicided_ != kNoPoint) {
    restore_chain(change.suicided_, c, change.result_.suicided_stones);
  }
  for (int i = change.neighbours_ - 1; i >= 0; --i) {
    if ((change.captured_ >> i) & 1) {
      restore_chain(change.neighbour_[size_t(i)], opponent(c),
                    change.neighbour_chain_[size_t(i)].stones);
    }
  }
  for (int k = change.merges_ - 1; k >= 0; --k) {
    // Swapping the successors of two stones of one circular list splits it
    // back into the two lists that the same swap spliced.
    const Point into = change.merged_into_[size_t(k)], from = change.merged_from_[size_t(k)];
    std::swap(next_[into], next_[from]);
    Point s = from;
    do {
      head_[s] = from;
      s = next_[s];
    } while (s != from);
  }
  if (change.base_ != kNoPoint) next_[change.base_] = next_[p];
  for (int i = 0; i < change.neighbours_; ++i) {
    chain_[change.neighbour_[size_t(i)]] = change.neighbour_chain_[size_t(i)];
  }
  next_[p] = change.next_;
  // add_stone(p, c) taken back: p returns to its place in the empty list, and
  // the point that filled that place goes back to the end.
  clear_point(p);
  const int i = change.empty_index_;
  const int last = empty_count_ - 1;  // where clear_point put p
  if (i != last) {
    const Point moved = empty_[i];
    empty_[last] = moved;
    empty_at_[moved] = uint16_t(last);
    empty_[i] = p;
    empty_at_[p] = uint16_t(i);
  }
}

void Board::restore_chain(Point head, Color c, int stones) {
  // The first walk gives back the liberty that remove_chain gave each removed
  // stone's neighbouring chains, before any stone returns. The stones went to
  // the end of the empty list in list order: unless the list was reordered
  // since, they leave it by truncation, which keeps the rest's order exact.
  // The walks count stones, so a broken list cannot make them loop forever.
  const int first = empty_count_ - stones;
  bool in_place = first >= 0;
  Point s = head;
  for (int k = 0; k < stones; ++k, s = next_[s]) {
    in_place = in_place && empty_[first + k] == s;
    Point seen[4];
    int count = 0;
    for (int d : offsets_) {
      const Point h = head_[s + d];
      if (h != kNoPoint && insert_head(seen, count, h)) --chain_[h].liberties;
    }
  }
  s = head;
  for (int k = 0; k < stones; ++k, s = next_[s]) {
    if (!in_place) remove_empty(s);
    restore_point(s, c, head);
  }
  if (in_place) empty_count_ = first;
}

inline void Board::restore_point(Point p, Color c, Point head) {
  color_[p] = c;
  head_[p] = head;
  hash_ ^= zobrist::key(p, c);
  ++stones_[int(c)];
  bits_[(int(c) - 1) * colouring_words_ + (p >> 6)] |= uint64_t(1) << (p & 63);
  const uint16_t delta = uint16_t((1 << shift(c)) - 1);
  neighbours_[p - 1] = uint16_t(neighbours_[p - 1] + delta);
  neighbours_[p + 1] = uint16_t(neighbours_[p + 1] + delta);
  neighbours_[p - stride_] = uint16_t(neighbours_[p - stride_] + delta);
  neighbours_[p + stride_] = uint16_t(neighbours_[p + stride_] + delta);
}

void Board::remove_empty(Point p) {
  const int i = empty_at_[p];
  const Point last = empty_[--empty_count_];
  empty_[i] = last;
  empty_at_[last] = uint16_t(i);
}

MoveEffect Board::effect(Point p, Color c) const {
  MoveEffect e;
  // Only chains in atari matter: an enemy one is captured, own ones would
  // die with p if nothing else gives a liberty.
  bool liberty = has_empty_neighbour(p);
  Point seen[4];
  int count = 0;
  int own_stones = 0;
  auto visit = [&](Point n) {
    const Point h = head_[n];
    if (h == kNoPoint) return;
    const Chain chain = chain_[h];
    if (chain.liberties > 1) {
      liberty |= color_[h] == c;
      return;
    }
    for (int i = 0; i < count; ++i) {
      if (seen[i] == h) return;
    }
    seen[count++] = h;
    (color_[h] == c ? own_stones : e.captured_stones) += chain.stones;
  };
  visit(Point(p - 1));
  visit(Point(p + 1));
  visit(Point(p - stride_));
  visit(Point(p + stride_));
  if (e.captured_stones == 0 && !liberty) e.suicided_stones = 1 + own_stones;
  return e;
}

uint64_t Board::hash_after(Point p, Color c, const MoveEffect& effect) const {
  const Color enemy = opponent(c);
  uint64_t h = hash_ ^ zobrist::key(p, c);
  if (effect.captured_stones == 0 && !effect.suicide()) return h;
  Point seen[4];
  int count = 0;
  auto remove_keys = [&](Point head) {
    Point s = head;
    do {
      h ^= zobrist::key(s, color_[s]);
      s = next_[s];
    } while (s != head);
  };
  for (int d : offsets_) {
    Point n = Point(p + d);
    if (color_[n] == enemy && chain_[head_[n]].liberties == 1 &&
        insert_head(seen, count, head_[n])) {
      remove_keys(head_[n]);
    }
  }
  if (!effect.suicide()) return h;
  // Suicide: p and every neighbouring own chain (all in atari) are cleared.
  h ^= zobrist::key(p, c);
  count = 0;
  for (int d : offsets_) {
    Point n = Point(p + d);
    if (color_[n] == c && insert_head(seen, count, head_[n])) remove_keys(head_[n]);
  }
  return h;
}

void Board::colouring_after(Point p, Color c, const MoveEffect& effect, uint64_t* out) const {
  std::memcpy(out, bits_.data(), 2 * size_t(colouring_words_) * sizeof(uint64_t));
  auto clear_chain = [&](Point head) {
    Point s = head;
    do {
      out[(int(color_[s]) - 1) * colouring_words_ + (s >> 6)] &= ~(uint64_t(1) << (s & 63));
      s = next_[s];
    } while (s != head);
  };
  const Color mine = effect.suicide() ? c : opponent(c);
  if (!effect.suicide()) out[(int(c) - 1) * colouring_words_ + (p >> 6)] |= uint64_t(1) << (p & 63);
  if (effect.captured_stones == 0 && !effect.suicide()) return;
  // Clear the chains that go: captured enemies, or (suicide) own chains in atari.
  Point seen[4];
  int count = 0;
  for (int d : offsets_) {
    Point n = Point(p + d);
    if (color_[n] == mine && (effect.suicide() || chain_[head_[n]].liberties == 1) &&
        insert_head(seen, count, head_[n])) {
      clear_chain(head_[n]);
    }
  }
}

bool Board::diagonals_allow_eye(Point p, Color c) const {
  const Color enemy = opponent(c);
  int enemies = 0;
  bool edge = false;
  for (int d : {-stride_ - 1, -stride_ + 1, stride_ - 1, stride_ + 1}) {
    Color dc = color_[p + d];
    enemies += dc == enemy;
    edge |= dc == Color::Wall;
  }
  return enemies + int(edge) < 2;
}

void Board::set_colour(Point p, Color c) {
  color_[p] = c;
  rebuild();
}

}  // namespace tengen
