// The playout kernel's board: stones, chains with pseudo-liberties and an
// exact atari test (playout/playout_chain.h), packed neighbour counts, the empty
// points in a list, and where the rules
// ask for superko (kKeys), the Zobrist hash, the colouring and each chain's
// key. It knows no rules: place() carries out a move's captures and suicide;
// legality, ko, superko and turns are PlayoutGame's (playout/playout_game.h).
//
// Layout, chain lists and empty-point list order as Board's (stride W + 1, one
// shared sentinel column), so points are Board's points and a playout makes
// the very games a Game makes with the same random numbers. Arrays, one
// entry a point:
//   color_  Empty, Black, White or Wall
//   nbr_    neighbour counts by colour, 4 bits each: empty | black<<4 |
//           white<<8 | wall<<12
//   head_   the chain's head on stones; kNoPoint on empty points and walls
//   next_   the next stone of the chain (a ring)
//   chain_  the chain's record, valid at heads; chain_[kScratch] is scratch
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/zobrist.h"
#include "playout/playout_area.h"
#include "playout/playout_chain.h"
#include "playout/playout_geometry.h"
#include "playout/playout_start.h"

namespace tengen {

template <class Geometry, bool kKeys>
class PlayoutBoard {
 public:
  static constexpr int N = Geometry::kArray;
  static constexpr int kWords = (N + 63) / 64;

  // What a move at an empty point would clear.
  struct Effect {
    int captured = 0;  // opponent stones the move would clear
    int suicided = 0;  // own stones it would clear (0 if it captures)
  };
  // What a move did.
  struct Placed {
    int captured;    // opponent stones removed
    int suicided;    // own stones removed
    Point ko_point;  // where the opponent may not retake at once, or kNoPoint
  };

  // Precondition: the start position fits the geometry.
  explicit PlayoutBoard(const PlayoutStart& start)
      : geo_(start.position.width(), start.position.height()), start_(start, geo_.stride()) {
    reset();
  }

  int width() const { return geo_.width(); }
  int height() const { return geo_.height(); }
  int stride() const { return geo_.stride(); }
  int array_size() const { return (height() + 2) * stride() + 1; }
  const PlayoutStartArrays<N>& start() const { return start_; }

  Color at(Point p) const { return color_[p]; }
  int empty_count() const { return empty_count_; }
  Point empty_point(int i) const { return empty_[i]; }

  // Back to the start position; costs the board's size, not the maximum's.
  void reset() {
    const size_t n = size_t(array_size());
    std::memcpy(color_.data(), start_.color.data(), n * sizeof(Color));
    std::memcpy(nbr_.data(), start_.nbr.data(), n * sizeof(uint16_t));
    std::memcpy(head_.data(), start_.head.data(), n * sizeof(Point));
    std::memcpy(next_.data(), start_.next.data(), n * sizeof(Point));
    std::memcpy(chain_.data(), start_.chain.data(), n * sizeof(PlayoutChain));
    std::memcpy(empty_at_.data(), start_.empty_at.data(), n * sizeof(uint16_t));
    empty_count_ = start_.empty_count;
    std::memcpy(empty_.data(), start_.empty.data(), size_t(empty_count_) * sizeof(Point));
    if constexpr (kKeys) {
      hash_ = start_.hash;
      std::memcpy(chain_key_.data(), start_.chain_key.data(), n * sizeof(uint64_t));
      bits_ = start_.bits;
      ever_ = start_.bits_any;
      stones_ = start_.stones;
    }
  }

  // Area ownership of the final board (count_playout_area), written into
  // owner[] (indexed like the board's array; walls untouched) and counted.
  AreaCount count_area(Color* owner) const {
    return count_playout_area<N>(
        PlayoutArea{width(), height(), stride(), color_.data(), nbr_.data()}, owner);
  }

  // One of c's one-point eyes: Board::is_eye.
  bool is_eye(Point p, Color c) const {
    const int n = nbr_[p];
    if (((n >> (4 * int(c))) & 15) + (n >> 12) != 4) return false;
    const Color enemy = opponent(c);
    const int s = stride();
    const int enemies = (color_[p - s - 1] == enemy) + (color_[p - s + 1] == enemy) +
                        (color_[p + s - 1] == enemy) + (color_[p + s + 1] == enemy);
    const bool edge = (color_[p - s - 1] == Color::Wall) | (color_[p - s + 1] == Color::Wall) |
                      (color_[p + s - 1] == Color::Wall) | (color_[p + s + 1] == Color::Wall);
    return enemies + int(edge) < 2;
  }

  bool has_empty_neighbour(Point p) const { return (nbr_[p] & 15) != 0; }
  int own_neighbours(Point p, Color c) const { return (nbr_[p] >> shift(c)) & 15; }

  // Does c at p capture? (An adjacent enemy chain in atari.) All four
  // neighbours without an early exit, as has_liberty_after.
  bool captures_any(Point p, Color c) const {
    const Color enemy = opponent(c);
    bool any = false;
    for (const Point q : neighbours(p)) {
      any |= (color_[q] == enemy) & in_atari(chain_or_scratch(head_[q]));
    }
    return any;
  }

  // Would c at p have a liberty other than an empty neighbour of p (it
  // captures, or joins an own chain that keeps another)?
  // All four neighbours without an early exit: which one answers is data
  // the branch predictor cannot learn.
  bool has_liberty_after(Point p, Color c) const {
    bool any = false;
    for (const Point q : neighbours(p)) {
      const Point h = head_[q];
      any |= (h != kNoPoint) & ((color_[q] == c) != in_atari(chain_or_scratch(h)));
    }
    return any;
  }

  // What c at p would clear: Board::effect on pseudo-liberties. Straight-line
  // code, as place()'s visit: a neighbour that is no stone reads the scratch
  // chain, and its answers are masked off.
  Effect effect(Point p, Color c) const {
    bool liberty = has_empty_neighbour(p);
    const std::array<Point, 4> q = neighbours(p);
    const std::array<Point, 4> h = heads(q);
    const std::array<bool, 4> fresh = fresh_chains(h);
    int own = 0, captured = 0;
    for (int i = 0; i < 4; ++i) {
      const PlayoutChain& chain = chain_or_scratch(h[i]);
      const bool atari = in_atari(chain);
      const bool mine = color_[q[i]] == c;
      liberty |= (h[i] != kNoPoint) & mine & !atari;
      const int stones = chain.stones * int(fresh[i] & atari);
      own += stones * int(mine);
      captured += stones * int(!mine);
    }
    Effect e;
    e.captured = captured;
    if (captured == 0 && !liberty) e.suicided = 1 + own;
    return e;
  }

  // Superko (kKeys) only: the position's key and colouring, and stones.
  uint64_t hash() const { return hash_; }
  const std::array<uint64_t, 2 * kWords>& colouring() const { return bits_; }
  int stones() const { return stones_; }
  // Did p hold a stone in some position (or for a moment during a move)?
  bool ever_occupied(Point p) const { return ever_[p >> 6] >> (p & 63) & 1; }

  // The key of the position after c at p with effect e: the chains it
  // clears leave by their recorded keys (no walk over their stones), told
  // apart in registers as in place().
  // The side to move is the game's part (PlayoutGame::side_key).
  uint64_t key_after(Point p, Color c, const Effect& e) const {
    uint64_t k = hash_ ^ (zobrist::key(p, c) & -uint64_t(e.suicided == 0));
    const Color gone = e.suicided ? c : opponent(c);
    const std::array<Point, 4> q = neighbours(p);
    const std::array<Point, 4> h = heads(q);
    const std::array<bool, 4> fresh = fresh_chains(h);
    for (int i = 0; i < 4; ++i) {
      const Point hs = std::min(h[i], kScratch);
      // A suicide clears every own chain next to p; a capture, the enemy
      // chains in atari.
      const bool cleared =
          fresh[i] & (color_[q[i]] == gone) & (e.suicided != 0 || in_atari(chain_[hs]));
      k ^= chain_key_[hs] & -uint64_t(cleared);
    }
    return k;
  }
  void colouring_after(Point p, Color c, const Effect& e, uint64_t* out) const {
    std::memcpy(out, bits_.data(), sizeof(bits_));
    auto clear = [&](Point s) {
      out[(int(color_[s]) - 1) * kWords + (s >> 6)] &= ~(uint64_t(1) << (s & 63));
    };
    if (!e.suicided) out[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
    if (e.captured == 0 && e.suicided == 0) return;
    const Color gone = e.suicided ? c : opponent(c);
    for (const int d : {-1, 1, -stride(), stride()}) {
      const Point n = Point(p + d);
      if (color_[n] != gone || (!e.suicided && !in_atari(chain_[head_[n]]))) continue;
      const Point h = head_[n];
      Point s = h;
      do {
        clear(s);
        s = next_[s];
      } while (s != h);
    }
  }

 private:
  // A chain record no point heads, written and read where a branch on
  // "is this neighbour a stone?" would cost more than the work it saves.
  static constexpr Point kScratch = Point(N);

  static constexpr int shift(Color c) { return 4 * int(c); }
  // if_true where `pick`, else if_false, without a branch: GCC turns a
  // ternary on data a playout makes random into a branch, and sees through
  // plain arithmetic too, so the mask is hidden from it.
  static Point select(bool pick, Point if_true, Point if_false) {
    uint32_t mask = -uint32_t(pick);
    asm("" : "+r"(mask));
    return Point(if_false ^ ((if_true ^ if_false) & mask));
  }
  // p's four neighbours, in Board's order (the order merges and captures
  // follow), and their chain heads (kNoPoint for no stone).
  std::array<Point, 4> neighbours(Point p) const {
    const int s = stride();
    return {Point(p - 1), Point(p + 1), Point(p - s), Point(p + s)};
  }
  std::array<Point, 4> heads(const std::array<Point, 4>& q) const {
    return {head_[q[0]], head_[q[1]], head_[q[2]], head_[q[3]]};
  }
  // Of four neighbours' chain heads: which are stones whose chain no earlier
  // neighbour belongs to. Compared in registers, so that no neighbour waits
  // on the one before.
  static std::array<bool, 4> fresh_chains(const std::array<Point, 4>& h) {
    return {h[0] != kNoPoint, bool((h[1] != kNoPoint) & (h[1] != h[0])),
            bool((h[2] != kNoPoint) & (h[2] != h[0]) & (h[2] != h[1])),
            bool((h[3] != kNoPoint) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]))};
  }
  // The chain record at head h, or the scratch record where h is kNoPoint.
  const PlayoutChain& chain_or_scratch(Point h) const {
    return chain_[h == kNoPoint ? kScratch : h];
  }
  PlayoutChain& chain_or_scratch(Point h) { return chain_[h == kNoPoint ? kScratch : h]; }

  void set_stone(Point p, Color c) {
    color_[p] = c;
    const uint16_t delta = uint16_t((1 << shift(c)) - 1);  // an empty neighbour becomes c
    const int s = stride();
    nbr_[p - 1] = uint16_t(nbr_[p - 1] + delta);
    nbr_[p + 1] = uint16_t(nbr_[p + 1] + delta);
    nbr_[p - s] = uint16_t(nbr_[p - s] + delta);
    nbr_[p + s] = uint16_t(nbr_[p + s] + delta);
    const int i = empty_at_[p];
    const Point last = empty_[--empty_count_];
    empty_[i] = last;
    empty_at_[last] = uint16_t(i);
    if constexpr (kKeys) {
      hash_ ^= zobrist::key(p, c);
      bits_[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
      ever_[p >> 6] |= uint64_t(1) << (p & 63);
      ++stones_;
    }
  }

  void clear_stone(Point p) {
    const Color c = color_[p];
    color_[p] = Color::Empty;
    const uint16_t delta = uint16_t((1 << shift(c)) - 1);
    const int s = stride();
    nbr_[p - 1] = uint16_t(nbr_[p - 1] - delta);
    nbr_[p + 1] = uint16_t(nbr_[p + 1] - delta);
    nbr_[p - s] = uint16_t(nbr_[p - s] - delta);
    nbr_[p + s] = uint16_t(nbr_[p + s] - delta);
    head_[p] = kNoPoint;
    empty_at_[p] = uint16_t(empty_count_);
    empty_[empty_count_++] = p;
    if constexpr (kKeys) {
      hash_ ^= zobrist::key(p, c);
      bits_[(int(c) - 1) * kWords + (p >> 6)] &= ~(uint64_t(1) << (p & 63));
      --stones_;
    }
  }

  // Removes the chain at head h: two walks, as Board::remove_chain, so the
  // empty list grows in the same order.
  int remove_chain(Point h) {
    const int stones = chain_[h].stones;
    Point s = h;
    do {
      const Point next = next_[s];
      clear_stone(s);
      s = next;
    } while (s != h);
    const int st = stride();
    s = h;
    do {
      // Walls and empty points credit the scratch record: no branch.
      for (const int d : {-1, 1, -st, st}) add_lib(chain_or_scratch(head_[s + d]), s);
      s = next_[s];
    } while (s != h);
    return stones;
  }

  // Board::merge_chains without the liberty walk: pseudo-liberties add up.
  Point merge(Point a, Point b) {
    if (chain_[a].stones < chain_[b].stones) std::swap(a, b);
    Point s = b;
    do {
      head_[s] = a;
      s = next_[s];
    } while (s != b);
    std::swap(next_[a], next_[b]);
    PlayoutChain& ca = chain_[a];
    join(ca, chain_[b]);
    if constexpr (kKeys) chain_key_[a] ^= chain_key_[b];
    return a;
  }

 public:
  // c's stone on the empty point p, with its merges and captures (or its
  // suicide): what it removed, and the ko point it leaves (kNoPoint if none).
  // Precondition: p is empty and the move legal but for suicide (which
  // place() carries out whatever the rules say). It branches only where the move merges two or more
  // chains or captures. Which neighbours are stones, and whose, is random in a playout, and a
  // mispredicted branch costs more than straight-line work: replaying a few
  // games the predictor has learnt is much faster than replaying many
  // (BM_KernelReplayFew against BM_KernelReplay). The four neighbours are
  // read at once and their chains told apart in registers, so that no
  // neighbour waits on the one before.
  Placed place(Point p, Color c) {
    set_stone(p, c);
    const Color enemy = opponent(c);
    const std::array<Point, 4> q = neighbours(p);
    const std::array<Point, 4> h = heads(q);
    Point hs[4];
    Color col[4];
    PlayoutChain own{1, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
      // A neighbour that is no stone reads and writes the scratch chain
      // (kNoPoint is above every point).
      hs[i] = std::min(h[i], kScratch);
      col[i] = color_[q[i]];
      const uint32_t empty = col[i] == Color::Empty;
      own.libs = uint16_t(own.libs + empty);
      own.lib_sum += empty * q[i];
      own.lib_sum_sq += empty * uint32_t(q[i]) * q[i];
    }
    const std::array<bool, 4> fresh = fresh_chains(h);
    bool mine[4];
    uint32_t size[4];  // stones of each fresh own chain, else 0
    int own_chains = 0;
    for (int i = 0; i < 4; ++i) {
      mine[i] = bool(fresh[i] & (col[i] == c));
      size[i] = chain_[hs[i]].stones * uint32_t(mine[i]);
      own_chains += mine[i];
    }
    for (int i = 0; i < 4; ++i) remove_lib(chain_[hs[i]], p);
    // The enemy chains next to p with no liberty left die, one bit each.
    // Merging own chains below changes no enemy chain's liberties.
    unsigned dead = 0;
    for (int i = 0; i < 4; ++i) {
      dead |= unsigned(fresh[i] & (col[i] == enemy) & (chain_[hs[i]].libs == 0)) << i;
    }
    // The base chain: the largest own chain, the earliest neighbour's on a
    // tie (Board's choice), by a tournament.
    const Point first = select(size[1] > size[0], h[1], h[0]);
    const Point second = select(size[3] > size[2], h[3], h[2]);
    const Point base =
        select(std::max(size[2], size[3]) > std::max(size[0], size[1]), second, first);
    // The stone joins the base chain, or heads a new one (p, with an empty
    // record): the same stores either way (next_[p] = p first, so that the
    // insertion after `to` leaves p a ring of one where to == p).
    next_[p] = p;
    chain_[p] = PlayoutChain{0, 0, 0, 0};
    const Point to = select(own_chains == 0, p, base);
    head_[p] = to;
    next_[p] = next_[to];
    next_[to] = p;
    join(chain_[to], own);
    if constexpr (kKeys) {
      chain_key_[p] = 0;
      chain_key_[to] ^= zobrist::key(p, c);
    }
    if (own_chains > 1) {
      // The other own chains join the base, in neighbour order (a loop
      // over set bits: one branch a chain, not one a neighbour).
      unsigned others = 0;
      for (int i = 0; i < 4; ++i) others |= unsigned(mine[i] & (h[i] != base)) << i;
      Point into = base;
      for (; others != 0; others &= others - 1) into = merge(into, h[std::countr_zero(others)]);
    }
    const Point stone = head_[p];
    if (dead == 0) {
      const int suicided = chain_[stone].libs == 0 ? remove_chain(stone) : 0;
      return Placed{0, suicided, kNoPoint};
    }
    // In neighbour order.
    int captured = 0;
    for (; dead != 0; dead &= dead - 1) captured += remove_chain(h[std::countr_zero(dead)]);
    // A single stone that captured a single stone, with one liberty (the
    // point it captured): may not be retaken there at once.
    const bool ko = captured == 1 && chain_[stone].stones == 1 && chain_[stone].libs == 1;
    return Placed{captured, 0, ko ? Point(chain_[stone].lib_sum) : kNoPoint};
  }

 private:
  template <class G, bool K>
  friend std::string check_consistency(const PlayoutBoard<G, K>& board);

  Geometry geo_;
  PlayoutStartArrays<N> start_;

  std::array<Color, N> color_;
  std::array<uint16_t, N> nbr_;
  std::array<Point, N> head_;
  std::array<Point, N> next_;
  std::array<PlayoutChain, N + 1> chain_;
  std::array<Point, N> empty_;
  std::array<uint16_t, N> empty_at_;
  int empty_count_ = 0;

  // kKeys only.
  uint64_t hash_ = 0;
  std::array<uint64_t, 2 * kWords> bits_{};  // Black's stones, then White's
  // At chain heads: the XOR of the chain's stones' keys; [kScratch]: 0.
  std::array<uint64_t, N + 1> chain_key_{};
  std::array<uint64_t, kWords> ever_{};  // points that held a stone in some position
  int stones_ = 0;                       // on the board
};

}  // namespace tengen
