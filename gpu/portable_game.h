// The playout kernel's board and rules written once for the CPU and a GPU:
// TENGEN_HD functions (playout/hd.h), fixed-size arrays, no STL container,
// no exception, no virtual, no allocation. A line-for-line port of
// playout/playout_board.h and playout/playout_game.h: the same layout (Board's
// points), the same chain rings, the same empty-list order and the same
// decisions, so that with the same random numbers it plays exactly the games
// the CPU kernel plays (tests/gpu/portable_same_games_test.cpp compares the
// run digests of both for every rule family and size).
//
// What differs from the kernel, none of it visible in a game:
//   - a PortableGame is one record (the board and the game's counters) that a
//     GPU keeps in shared memory; the start position (PortableStart), the
//     Zobrist keys and the superko history live elsewhere, behind pointers
//     (PortableEnv), because they are shared or large;
//   - the superko history is a flat list of (key, colouring) probed from the
//     newest position back, not a bucket table: the same answers (a key match
//     is confirmed on the full colouring), no allocation;
//   - the moves go into a caller's buffer as point | colour << 14.
#pragma once

#include <cstdint>

#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"
#include "playout/hd.h"
#include "playout/playout_chain.h"

namespace tengen::gpu {

// Array points of a side x side board in Board's layout; side 0: any size up
// to kMaxSide (Board::kMaxArray), known at run time.
TENGEN_HD constexpr int portable_array(int side) {
  return side == 0 ? (kMaxSide + 2) * (kMaxSide + 1) + 1 : (side + 2) * (side + 1) + 1;
}

// Moves in a caller's buffer: the point, and the colour in the top two bits.
inline constexpr int kMoveColourShift = 14;

// The start position in the kernel's layout (PlayoutStartArrays, as plain
// arrays): filled on the host by make_portable_start (gpu/portable_start.h).
template <int N>
struct PortableStart {
  static constexpr int kWords = (N + 63) / 64;
  int width, height, stride;
  Color color[N];
  uint16_t nbr[N];
  Point head[N], next[N];
  PlayoutChain chain[N];
  Point empty[N];
  uint16_t empty_at[N];
  int empty_count;
  uint64_t hash;
  uint64_t chain_key[N];
  uint64_t bits[2 * kWords];
  uint64_t bits_any[kWords];
  int stones;
  Color to_move;
  int handicap, free_handicap;
};

// The superko history: `capacity` positions of one game, keys[i] and
// colourings[i * 2 * kWords ...]; at least max_turns + 2 positions.
struct PortableHistory {
  uint64_t* keys;
  uint64_t* colourings;
  int capacity;
};

// What a game reads besides its record. keys: the Zobrist stone keys as
// zobrist::kKeys.stone lays them out (Black's kKeyCount, then White's).
template <int N>
struct PortableEnv {
  const PortableStart<N>* start;
  const uint64_t* keys;
  uint64_t white_to_move;
  int key_count;
  PortableHistory history;  // superko only
  uint16_t* moves;          // room for max_turns moves
};

namespace portable_detail {

TENGEN_HD inline bool in_atari(const PlayoutChain& c) {
  return uint64_t(c.libs) * c.lib_sum_sq == uint64_t(c.lib_sum) * c.lib_sum;
}
TENGEN_HD inline void add_lib(PlayoutChain& c, Point p) {
  ++c.libs;
  c.lib_sum += p;
  c.lib_sum_sq += uint32_t(p) * p;
}
TENGEN_HD inline void remove_lib(PlayoutChain& c, Point p) {
  --c.libs;
  c.lib_sum -= p;
  c.lib_sum_sq -= uint32_t(p) * p;
}
TENGEN_HD inline void join(PlayoutChain& into, const PlayoutChain& c) {
  into.stones = uint16_t(into.stones + c.stones);
  into.libs = uint16_t(into.libs + c.libs);
  into.lib_sum += c.lib_sum;
  into.lib_sum_sq += c.lib_sum_sq;
}
TENGEN_HD constexpr Color other(Color c) {
  return Color(3 - uint8_t(c));
}
TENGEN_HD inline int lowest_bit(unsigned x) {
#if defined(__CUDA_ARCH__)
  return __ffs(int(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}
TENGEN_HD constexpr Point min_point(Point a, Point b) {
  return a < b ? a : b;
}
template <class T>
TENGEN_HD void swap_values(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

}  // namespace portable_detail

// One game under rule family (kKo, kSuicide) on a kSide x kSide board (0:
// the start's size, at run time). Call init() once, then reset() before each
// game.
template <int kSide, KoRule kKo, SuicideRule kSuicide>
class PortableGame {
 public:
  static constexpr int N = portable_array(kSide);
  static constexpr int kWords = (N + 63) / 64;
  static constexpr bool kSuperko = kKo != KoRule::Simple;

  struct Effect {
    int captured = 0;
    int suicided = 0;
  };
  struct Placed {
    int captured;
    int suicided;
    Point ko_point;
  };

  TENGEN_HD void init(const PortableEnv<N>& env) {
    env_ = env;
    stride_ = env.start->stride;
  }

  TENGEN_HD int stride() const {
    if constexpr (kSide != 0) return kSide + 1;
    return stride_;
  }
  TENGEN_HD int width() const {
    if constexpr (kSide != 0) return kSide;
    return env_.start->width;
  }
  TENGEN_HD int height() const {
    if constexpr (kSide != 0) return kSide;
    return env_.start->height;
  }
  TENGEN_HD int array_size() const { return (height() + 2) * stride() + 1; }

  TENGEN_HD Color at(Point p) const { return color_[p]; }
  TENGEN_HD Color to_move() const { return to_move_; }
  TENGEN_HD int consecutive_passes() const { return passes_; }
  TENGEN_HD int empty_count() const { return empty_count_; }
  TENGEN_HD Point empty_point(int i) const { return empty_[i]; }
  TENGEN_HD int turns() const { return turns_; }
  TENGEN_HD const uint16_t* moves() const { return env_.moves; }
  TENGEN_HD int prisoners(Color c) const { return prisoners_[int(c)]; }
  TENGEN_HD int suicides(Color c) const { return suicides_[int(c)]; }
  TENGEN_HD int handicap() const { return env_.start->handicap; }

  // Back to the start position (PlayoutGame::reset).
  TENGEN_HD void reset() {
    const PortableStart<N>& s = *env_.start;
    const int n = array_size();
    for (int i = 0; i < n; ++i) {
      color_[i] = s.color[i];
      nbr_[i] = s.nbr[i];
      head_[i] = s.head[i];
      next_[i] = s.next[i];
      chain_[i] = s.chain[i];
      empty_at_[i] = s.empty_at[i];
    }
    chain_[kScratch] = PlayoutChain{0, 0, 0, 0};
    empty_count_ = s.empty_count;
    for (int i = 0; i < empty_count_; ++i) empty_[i] = s.empty[i];
    if constexpr (kSuperko) {
      hash_ = s.hash;
      for (int i = 0; i < n; ++i) chain_key_[i] = s.chain_key[i];
      chain_key_[kScratch] = 0;
      for (int i = 0; i < 2 * kWords; ++i) bits_[i] = s.bits[i];
      for (int i = 0; i < kWords; ++i) ever_[i] = s.bits_any[i];
      stones_ = s.stones;
    }
    to_move_ = s.to_move;
    free_left_ = s.free_handicap;
    passes_ = 0;
    turns_ = 0;
    ko_point_ = ko_stone_ = kNoPoint;
    prisoners_[1] = prisoners_[2] = suicides_[1] = suicides_[2] = 0;
    if constexpr (kSuperko) {
      guard_ = 0;
      history_count_ = 0;
      record();
    }
  }

  // One of c's one-point eyes: Board::is_eye.
  TENGEN_HD bool is_eye(Point p, Color c) const {
    const int n = nbr_[p];
    if (((n >> (4 * int(c))) & 15) + (n >> 12) != 4) return false;
    const Color enemy = portable_detail::other(c);
    const int s = stride();
    const int enemies = (color_[p - s - 1] == enemy) + (color_[p - s + 1] == enemy) +
                        (color_[p + s - 1] == enemy) + (color_[p + s + 1] == enemy);
    const bool edge = (color_[p - s - 1] == Color::Wall) | (color_[p - s + 1] == Color::Wall) |
                      (color_[p + s - 1] == Color::Wall) | (color_[p + s + 1] == Color::Wall);
    return enemies + int(edge) < 2;
  }

  // PlayoutGame::legal. Precondition: p is an empty point of the board.
  TENGEN_HD bool legal(Point p, Color c) const {
    if constexpr (!kSuperko) {
      if (has_empty_neighbour(p)) return true;
      if (p != ko_point_) {
        if constexpr (kSuicide == SuicideRule::Allowed) return true;
        if (has_liberty_after(p, c)) return true;
        if constexpr (kSuicide == SuicideRule::Forbidden) return false;
      }
      const Effect e = effect(p, c);
      if (e.suicided) return suicide_allowed(e.suicided);
      return !(p == ko_point_ && e.captured == 1 && color_[ko_stone_] == portable_detail::other(c));
    } else {
      if (has_empty_neighbour(p) || has_liberty_after(p, c)) {
        if (!ever_occupied(p)) return true;
        if (!captures_any(p, c)) {
          if (!may_repeat(p)) return true;
          return !history_contains(hash_ ^ key(p, c) ^ side_key(c), p, c, Effect{});
        }
      } else if constexpr (kSuicide == SuicideRule::Forbidden) {
        return false;
      } else if (own_neighbours(p, c) == 0) {
        if constexpr (kSuicide == SuicideRule::Multi || kKo == KoRule::Positional) return false;
      }
      const Effect e = effect(p, c);
      if (e.suicided) {
        if (!suicide_allowed(e.suicided)) return false;
        if (kKo == KoRule::Positional && e.suicided == 1) return false;
      } else if (e.captured == 0 && !may_repeat(p)) {
        return true;
      }
      return !history_contains(key_after(p, c, e) ^ side_key(c), p, c, e);
    }
  }

  // PlayoutGame::play. Precondition: legal(p, c) or a pass; fewer than
  // max_turns turns so far (the moves buffer's room).
  TENGEN_HD void play(Point p, Color c) {
    env_.moves[turns_++] = uint16_t(p | (int(c) << kMoveColourShift));
    ko_point_ = ko_stone_ = kNoPoint;
    if (p == kPass) {
      ++passes_;
    } else {
      passes_ = 0;
      const Placed placed = place(p, c);
      prisoners_[int(c)] += placed.captured;
      suicides_[int(c)] += placed.suicided;
      if (placed.ko_point != kNoPoint) {
        ko_point_ = placed.ko_point;
        ko_stone_ = p;
      }
      if constexpr (kSuperko) {
        const int removed = placed.captured + placed.suicided;
        if (removed > 0 && stones_ + removed > guard_) guard_ = stones_ + removed;
      }
    }
    const bool black = c == Color::Black;
    to_move_ = Color(int(portable_detail::other(c)) - int(black & (free_left_ > 1)));
    free_left_ -= int(black & (free_left_ > 0));
    if constexpr (kSuperko) {
      if (p != kPass || kKo == KoRule::Situational) record();
    }
  }

  // Area ownership (count_playout_area): who each point counts for into
  // owner[] (Black, White, or Empty for neutral; walls untouched), counted.
  // stack: room for N points.
  TENGEN_HD AreaCount count_area(Color* owner, Point* stack) const {
    const int s = stride();
    const Color kUnseen = Color(4), kFilling = Color(5);
    for (int y = 0; y < height(); ++y) {
      const int row = (y + 1) * s + 1;
      for (int x = 0; x < width(); ++x) {
        const Point p = Point(row + x);
        const Color c = color_[p];
        const int n = nbr_[p];
        if (c != Color::Empty) {
          owner[p] = c;
        } else if ((n & 15) != 0) {
          owner[p] = kUnseen;
        } else {
          const bool b = ((n >> 4) & 15) != 0, w = ((n >> 8) & 15) != 0;
          owner[p] = b == w ? Color::Empty : (b ? Color::Black : Color::White);
        }
      }
    }
    for (int y = 0; y < height(); ++y) {
      const int row = (y + 1) * s + 1;
      for (int x = 0; x < width(); ++x) {
        const Point start = Point(row + x);
        if (owner[start] != kUnseen) continue;
        bool reaches_black = false, reaches_white = false;
        int size = 0, next = 0;
        stack[size++] = start;
        owner[start] = kFilling;
        while (next < size) {
          const Point q = stack[next++];
          const int m = nbr_[q];
          reaches_black |= ((m >> 4) & 15) != 0;
          reaches_white |= ((m >> 8) & 15) != 0;
          if ((m & 15) == 0) continue;
          const int d[4] = {-1, 1, -s, s};
          for (int k = 0; k < 4; ++k) {
            const Point r = Point(q + d[k]);
            if (color_[r] == Color::Empty && owner[r] == kUnseen) {
              owner[r] = kFilling;
              stack[size++] = r;
            }
          }
        }
        const Color who = reaches_black == reaches_white
                              ? Color::Empty
                              : (reaches_black ? Color::Black : Color::White);
        for (int k = 0; k < size; ++k) owner[stack[k]] = who;
      }
    }
    AreaCount count;
    for (int y = 0; y < height(); ++y) {
      const int row = (y + 1) * s + 1;
      for (int x = 0; x < width(); ++x) {
        const Point p = Point(row + x);
        const Color o = owner[p];
        const bool stone = color_[p] != Color::Empty;
        count.black += o == Color::Black;
        count.white += o == Color::White;
        count.neutral += o == Color::Empty;
        count.black_stones += stone && o == Color::Black;
        count.white_stones += stone && o == Color::White;
      }
    }
    return count;
  }

 private:
  static constexpr Point kScratch = Point(N);

  TENGEN_HD static constexpr bool suicide_allowed(int stones) {
    return kSuicide == SuicideRule::Allowed || (kSuicide == SuicideRule::Multi && stones >= 2);
  }
  TENGEN_HD uint64_t key(Point p, Color c) const {
    return env_.keys[(int(c) - 1) * env_.key_count + p];
  }
  TENGEN_HD bool may_repeat(Point p) const { return stones_ + 1 <= guard_ && ever_occupied(p); }
  TENGEN_HD uint64_t side_key(Color c) const {
    if constexpr (kKo == KoRule::Situational) {
      const Color next =
          c == Color::Black && free_left_ > 1 ? Color::Black : portable_detail::other(c);
      return next == Color::White ? env_.white_to_move : 0;
    }
    return 0;
  }
  TENGEN_HD void record() {
    uint64_t k = hash_;
    if constexpr (kKo == KoRule::Situational) {
      if (to_move_ == Color::White) k ^= env_.white_to_move;
    }
    // Capacity max_turns + 2 holds every position a playout records.
    if (history_count_ >= env_.history.capacity) return;
    const int i = history_count_++;
    env_.history.keys[i] = k;
    uint64_t* out = env_.history.colourings + size_t(i) * 2 * kWords;
    for (int w = 0; w < 2 * kWords; ++w) out[w] = bits_[w];
  }
  // Was the position after c at p (effect e), whose key is k, recorded?
  // The colouring is built only on a key match (PlayoutHistory::contains).
  TENGEN_HD bool history_contains(uint64_t k, Point p, Color c, const Effect& e) const {
    bool built = false;
    uint64_t after[2 * kWords];
    for (int i = history_count_ - 1; i >= 0; --i) {
      if (env_.history.keys[i] != k) continue;
      if (!built) {
        colouring_after(p, c, e, after);
        built = true;
      }
      const uint64_t* old = env_.history.colourings + size_t(i) * 2 * kWords;
      bool same = true;
      for (int w = 0; w < 2 * kWords; ++w) same &= old[w] == after[w];
      if (same) return true;
    }
    return false;
  }

  // The board (PlayoutBoard).
  TENGEN_HD static constexpr int shift(Color c) { return 4 * int(c); }
  TENGEN_HD bool has_empty_neighbour(Point p) const { return (nbr_[p] & 15) != 0; }
  TENGEN_HD int own_neighbours(Point p, Color c) const { return (nbr_[p] >> shift(c)) & 15; }
  TENGEN_HD bool ever_occupied(Point p) const { return ever_[p >> 6] >> (p & 63) & 1; }
  TENGEN_HD const PlayoutChain& chain_or_scratch(Point h) const {
    return chain_[h == kNoPoint ? kScratch : h];
  }
  TENGEN_HD PlayoutChain& chain_or_scratch(Point h) { return chain_[h == kNoPoint ? kScratch : h]; }
  TENGEN_HD void neighbours(Point p, Point* q) const {
    const int s = stride();
    q[0] = Point(p - 1);
    q[1] = Point(p + 1);
    q[2] = Point(p - s);
    q[3] = Point(p + s);
  }
  TENGEN_HD static void fresh_chains(const Point* h, bool* fresh) {
    fresh[0] = h[0] != kNoPoint;
    fresh[1] = (h[1] != kNoPoint) & (h[1] != h[0]);
    fresh[2] = (h[2] != kNoPoint) & (h[2] != h[0]) & (h[2] != h[1]);
    fresh[3] = (h[3] != kNoPoint) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]);
  }

  TENGEN_HD bool captures_any(Point p, Color c) const {
    const Color enemy = portable_detail::other(c);
    Point q[4];
    neighbours(p, q);
    bool any = false;
    for (int i = 0; i < 4; ++i) {
      any |= (color_[q[i]] == enemy) & portable_detail::in_atari(chain_or_scratch(head_[q[i]]));
    }
    return any;
  }
  TENGEN_HD bool has_liberty_after(Point p, Color c) const {
    Point q[4];
    neighbours(p, q);
    bool any = false;
    for (int i = 0; i < 4; ++i) {
      const Point h = head_[q[i]];
      any |=
          (h != kNoPoint) & ((color_[q[i]] == c) != portable_detail::in_atari(chain_or_scratch(h)));
    }
    return any;
  }
  TENGEN_HD Effect effect(Point p, Color c) const {
    bool liberty = has_empty_neighbour(p);
    Point q[4], h[4];
    bool fresh[4];
    neighbours(p, q);
    for (int i = 0; i < 4; ++i) h[i] = head_[q[i]];
    fresh_chains(h, fresh);
    int own = 0, captured = 0;
    for (int i = 0; i < 4; ++i) {
      const PlayoutChain& chain = chain_or_scratch(h[i]);
      const bool atari = portable_detail::in_atari(chain);
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
  TENGEN_HD uint64_t key_after(Point p, Color c, const Effect& e) const {
    uint64_t k = hash_ ^ (key(p, c) & -uint64_t(e.suicided == 0));
    const Color gone = e.suicided ? c : portable_detail::other(c);
    Point q[4], h[4];
    bool fresh[4];
    neighbours(p, q);
    for (int i = 0; i < 4; ++i) h[i] = head_[q[i]];
    fresh_chains(h, fresh);
    for (int i = 0; i < 4; ++i) {
      const Point hs = portable_detail::min_point(h[i], kScratch);
      const bool cleared = fresh[i] & (color_[q[i]] == gone) &
                           (e.suicided != 0 || portable_detail::in_atari(chain_[hs]));
      k ^= chain_key_[hs] & -uint64_t(cleared);
    }
    return k;
  }
  TENGEN_HD void colouring_after(Point p, Color c, const Effect& e, uint64_t* out) const {
    for (int w = 0; w < 2 * kWords; ++w) out[w] = bits_[w];
    if (!e.suicided) out[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
    if (e.captured == 0 && e.suicided == 0) return;
    const Color gone = e.suicided ? c : portable_detail::other(c);
    Point q[4];
    neighbours(p, q);
    for (int i = 0; i < 4; ++i) {
      const Point n = q[i];
      if (color_[n] != gone || (!e.suicided && !portable_detail::in_atari(chain_[head_[n]]))) {
        continue;
      }
      const Point h = head_[n];
      Point s = h;
      do {
        out[(int(color_[s]) - 1) * kWords + (s >> 6)] &= ~(uint64_t(1) << (s & 63));
        s = next_[s];
      } while (s != h);
    }
  }

  TENGEN_HD void set_stone(Point p, Color c) {
    color_[p] = c;
    const uint16_t delta = uint16_t((1 << shift(c)) - 1);
    const int s = stride();
    nbr_[p - 1] = uint16_t(nbr_[p - 1] + delta);
    nbr_[p + 1] = uint16_t(nbr_[p + 1] + delta);
    nbr_[p - s] = uint16_t(nbr_[p - s] + delta);
    nbr_[p + s] = uint16_t(nbr_[p + s] + delta);
    const int i = empty_at_[p];
    const Point last = empty_[--empty_count_];
    empty_[i] = last;
    empty_at_[last] = uint16_t(i);
    if constexpr (kSuperko) {
      hash_ ^= key(p, c);
      bits_[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
      ever_[p >> 6] |= uint64_t(1) << (p & 63);
      ++stones_;
    }
  }
  TENGEN_HD void clear_stone(Point p) {
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
    if constexpr (kSuperko) {
      hash_ ^= key(p, c);
      bits_[(int(c) - 1) * kWords + (p >> 6)] &= ~(uint64_t(1) << (p & 63));
      --stones_;
    }
  }
  TENGEN_HD int remove_chain(Point h) {
    const int stones = chain_[h].stones;
    Point s = h;
    do {
      const Point next = next_[s];
      clear_stone(s);
      s = next;
    } while (s != h);
    const int st = stride();
    const int d[4] = {-1, 1, -st, st};
    s = h;
    do {
      for (int k = 0; k < 4; ++k) portable_detail::add_lib(chain_or_scratch(head_[s + d[k]]), s);
      s = next_[s];
    } while (s != h);
    return stones;
  }
  TENGEN_HD Point merge(Point a, Point b) {
    if (chain_[a].stones < chain_[b].stones) portable_detail::swap_values(a, b);
    Point s = b;
    do {
      head_[s] = a;
      s = next_[s];
    } while (s != b);
    portable_detail::swap_values(next_[a], next_[b]);
    portable_detail::join(chain_[a], chain_[b]);
    if constexpr (kSuperko) chain_key_[a] ^= chain_key_[b];
    return a;
  }
  // PlayoutBoard::place.
  TENGEN_HD Placed place(Point p, Color c) {
    set_stone(p, c);
    const Color enemy = portable_detail::other(c);
    Point q[4], h[4], hs[4];
    Color col[4];
    neighbours(p, q);
    for (int i = 0; i < 4; ++i) h[i] = head_[q[i]];
    PlayoutChain own{1, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
      hs[i] = portable_detail::min_point(h[i], kScratch);
      col[i] = color_[q[i]];
      const uint32_t empty = col[i] == Color::Empty;
      own.libs = uint16_t(own.libs + empty);
      own.lib_sum += empty * q[i];
      own.lib_sum_sq += empty * uint32_t(q[i]) * q[i];
    }
    bool fresh[4];
    fresh_chains(h, fresh);
    bool mine[4];
    uint32_t size[4];
    int own_chains = 0;
    for (int i = 0; i < 4; ++i) {
      mine[i] = bool(fresh[i] & (col[i] == c));
      size[i] = chain_[hs[i]].stones * uint32_t(mine[i]);
      own_chains += mine[i];
    }
    for (int i = 0; i < 4; ++i) portable_detail::remove_lib(chain_[hs[i]], p);
    unsigned dead = 0;
    for (int i = 0; i < 4; ++i) {
      dead |= unsigned(fresh[i] & (col[i] == enemy) & (chain_[hs[i]].libs == 0)) << i;
    }
    const Point first = size[1] > size[0] ? h[1] : h[0];
    const Point second = size[3] > size[2] ? h[3] : h[2];
    const uint32_t low = size[0] > size[1] ? size[0] : size[1];
    const uint32_t high = size[2] > size[3] ? size[2] : size[3];
    const Point base = high > low ? second : first;
    next_[p] = p;
    chain_[p] = PlayoutChain{0, 0, 0, 0};
    const Point to = own_chains == 0 ? p : base;
    head_[p] = to;
    next_[p] = next_[to];
    next_[to] = p;
    portable_detail::join(chain_[to], own);
    if constexpr (kSuperko) {
      chain_key_[p] = 0;
      chain_key_[to] ^= key(p, c);
    }
    if (own_chains > 1) {
      unsigned others = 0;
      for (int i = 0; i < 4; ++i) others |= unsigned(mine[i] & (h[i] != base)) << i;
      Point into = base;
      for (; others != 0; others &= others - 1) {
        into = merge(into, h[portable_detail::lowest_bit(others)]);
      }
    }
    const Point stone = head_[p];
    if (dead == 0) {
      const int suicided = chain_[stone].libs == 0 ? remove_chain(stone) : 0;
      return Placed{0, suicided, kNoPoint};
    }
    int captured = 0;
    for (; dead != 0; dead &= dead - 1)
      captured += remove_chain(h[portable_detail::lowest_bit(dead)]);
    const bool ko = captured == 1 && chain_[stone].stones == 1 && chain_[stone].libs == 1;
    return Placed{captured, 0, ko ? Point(chain_[stone].lib_sum) : kNoPoint};
  }

  PortableEnv<N> env_;
  int stride_ = 0;
  Color color_[N];
  uint16_t nbr_[N];
  Point head_[N];
  Point next_[N];
  PlayoutChain chain_[N + 1];
  Point empty_[N];
  uint16_t empty_at_[N];
  int empty_count_ = 0;
  Color to_move_ = Color::Black;
  int free_left_ = 0, passes_ = 0, turns_ = 0;
  Point ko_point_ = kNoPoint, ko_stone_ = kNoPoint;
  int prisoners_[3] = {0, 0, 0};
  int suicides_[3] = {0, 0, 0};
  // Superko: sized 1 under simple ko, where they are never touched.
  static constexpr int kKeyed = kSuperko ? N + 1 : 1;
  static constexpr int kBits = kSuperko ? kWords : 1;
  uint64_t hash_ = 0;
  uint64_t chain_key_[kKeyed];
  uint64_t bits_[2 * kBits];
  uint64_t ever_[kBits];
  int stones_ = 0, guard_ = 0, history_count_ = 0;
};

}  // namespace tengen::gpu
