// The playout game: a game stripped to what a light playout asks, specialised
// at compile time by board geometry and rule family, so that no rules
// question is asked again on every move.
//
// Same board layout as Board (stride W + 1, one shared sentinel column), same
// chain lists and the same empty-point list order, so a playout on it makes
// the very games that Game makes with the same random numbers. What differs:
//   - liberties are pseudo-liberties (one per stone-empty adjacency) with
//     their sum and sum of squares: a chain has no liberty iff the count is 0,
//     and is in atari (exactly one liberty) iff count * sum_sq == sum * sum
//     (Cauchy-Schwarz: equality iff every pseudo-liberty is the same point);
//   - under simple ko: no hash, no colouring, no position history;
//   - under superko: an incremental Zobrist hash and colouring, a history of
//     (key, colouring) per recorded position, one probe per candidate move,
//     the colouring compared in full only on a key match, and no probe at all
//     where the move captures nothing and no earlier position can hold the
//     stones it would make (see may_repeat).
// Every rules decision (capture, suicide, ko, superko, eye) is exact; the
// properties in tests/core/prop_kernel_test.cpp hold it to the reference model.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/zobrist.h"

namespace tengen {

// A board size known at compile time: constant offsets and array bounds.
template <int W, int H>
struct FixedGeometry {
  static constexpr int kArray = (H + 2) * (W + 1) + 1;
  explicit FixedGeometry(int width, int height) {
    if (width != W || height != H) throw std::invalid_argument("geometry does not fit the board");
  }
  static constexpr int width() { return W; }
  static constexpr int height() { return H; }
  static constexpr int stride() { return W + 1; }
  static std::string name() { return std::to_string(W) + "x" + std::to_string(H); }
};

// Any size up to kMaxSide, known at run time.
struct DynamicGeometry {
  static constexpr int kArray = Board::kMaxArray;
  DynamicGeometry(int width, int height) : width_(width), height_(height) {}
  int width() const { return width_; }
  int height() const { return height_; }
  int stride() const { return width_ + 1; }
  static std::string name() { return "any"; }
  int width_, height_;
};

// Where playouts start: a game before its first move (after its handicap).
struct PlayoutStart {
  explicit PlayoutStart(const Game& game)
      : position(game.board()),
        to_move(game.to_move()),
        handicap(game.handicap()),
        free_handicap(game.rules().handicap == HandicapPlacement::Free &&
                              game.to_move() == Color::Black
                          ? game.handicap()
                          : 0) {
    if (!game.moves().empty()) throw std::invalid_argument("playouts start before the first move");
  }
  Board position;
  Color to_move;
  int handicap;       // stones for the score's handicap bonus
  int free_handicap;  // consecutive Black moves at the start
};

template <class Geometry, KoRule kKo, SuicideRule kSuicide>
class PlayoutGame {
  static constexpr int N = Geometry::kArray;
  static constexpr bool kSuperko = kKo != KoRule::Simple;
  static constexpr int kWords = (N + 63) / 64;

 public:
  // Precondition: the start position fits the geometry; rules.ko and
  // rules.suicide are kKo and kSuicide.
  PlayoutGame(const PlayoutStart& start, const Rules& rules, int max_turns)
      : geo_(start.position.width(), start.position.height()), rules_(rules) {
    if (rules.ko != kKo || rules.suicide != kSuicide) {
      throw std::invalid_argument("kernel instance does not match the rules");
    }
    load(start);
    moves_.reserve(size_t(max_turns) + 2);
    if constexpr (kSuperko) history_.reserve(max_turns + 2);
    reset();
  }

  // The instance: geometry and rule family, e.g. "9x9/simple/forbidden".
  static std::string name() {
    return Geometry::name() + "/" + std::string(to_string(kKo)) + "/" +
           std::string(to_string(kSuicide));
  }

  int width() const { return geo_.width(); }
  int height() const { return geo_.height(); }
  int stride() const { return geo_.stride(); }
  int array_size() const { return (height() + 2) * stride() + 1; }
  Point point(int x, int y) const { return Point((y + 1) * stride() + x + 1); }

  Color at(Point p) const { return color_[p]; }
  Color to_move() const { return to_move_; }
  int consecutive_passes() const { return passes_; }
  int empty_count() const { return empty_count_; }
  Point empty_point(int i) const { return empty_[i]; }
  const std::vector<Move>& moves() const { return moves_; }
  int prisoners(Color c) const { return prisoners_[int(c)]; }
  int suicides(Color c) const { return suicides_[int(c)]; }
  int handicap() const { return start_.handicap; }

  // Back to the start position; costs the board's size, not the maximum's.
  void reset() {
    const size_t n = size_t(array_size());
    std::memcpy(color_.data(), start_.color.data(), n * sizeof(Color));
    std::memcpy(nbr_.data(), start_.nbr.data(), n * sizeof(uint16_t));
    std::memcpy(head_.data(), start_.head.data(), n * sizeof(Point));
    std::memcpy(next_.data(), start_.next.data(), n * sizeof(Point));
    std::memcpy(chain_.data(), start_.chain.data(), n * sizeof(Chain));
    std::memcpy(empty_at_.data(), start_.empty_at.data(), n * sizeof(uint16_t));
    empty_count_ = start_.empty_count;
    std::memcpy(empty_.data(), start_.empty.data(), size_t(empty_count_) * sizeof(Point));
    to_move_ = start_.to_move;
    free_left_ = start_.free_handicap;
    passes_ = 0;
    ko_point_ = ko_stone_ = kNoPoint;
    prisoners_[1] = prisoners_[2] = suicides_[1] = suicides_[2] = 0;
    moves_.clear();
    if constexpr (kSuperko) {
      hash_ = start_.hash;
      bits_ = start_.bits;
      ever_ = start_.bits_any;
      stones_ = start_.stones;
      guard_ = 0;
      history_.clear();
      record();
    }
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

  // May c play the empty point p? Exact under the instance's ko and suicide
  // rules. Precondition: p is an empty point of the board.
  bool legal(Point p, Color c) const {
    if constexpr (!kSuperko) {
      // The ko point's neighbours are all stones or walls: with an empty
      // neighbour a move is neither suicide nor a ko retake.
      if (has_empty_neighbour(p)) return true;
      if (p != ko_point_) {
        // No ko question: only whether the stone would have a liberty,
        // which needs no stone counts.
        if constexpr (kSuicide == SuicideRule::Allowed) return true;
        if (has_liberty_after(p, c)) return true;
        if constexpr (kSuicide == SuicideRule::Forbidden) return false;
      }
      const Effect e = effect(p, c);
      if (e.suicided) return suicide_allowed(e.suicided);
      return !(p == ko_point_ && e.captured == 1 && color_[ko_stone_] == opponent(c));
    } else {
      if (has_empty_neighbour(p) && !captures_any(p, c)) {
        // Adds one stone and removes none.
        if (!may_repeat(p)) return true;
        return !history_.contains(key_after_placement(p, c),
                                  [&](uint64_t* out) { colouring_after(p, c, Effect{}, out); });
      }
      const Effect e = effect(p, c);
      if (e.suicided) {
        if (!suicide_allowed(e.suicided)) return false;
        // A single-stone suicide leaves the colouring as it is.
        if (kKo == KoRule::Positional && e.suicided == 1) return false;
      } else if (e.captured == 0 && !may_repeat(p)) {
        return true;
      }
      return !history_.contains(key_after(p, c, e),
                                [&](uint64_t* out) { colouring_after(p, c, e, out); });
    }
  }

  // Plays c at p, or passes (kPass). Precondition: legal(p, c) or a pass.
  void play(Point p, Color c) {
    moves_.push_back(Move{c, p});
    ko_point_ = ko_stone_ = kNoPoint;
    if (p == kPass) {
      ++passes_;
    } else {
      passes_ = 0;
      place(p, c);
    }
    to_move_ = c == Color::Black && free_left_ > 1 ? Color::Black : opponent(c);
    if (c == Color::Black && free_left_ > 0) --free_left_;
    if constexpr (kSuperko) {
      if (p != kPass || kKo == KoRule::Situational) record();
    }
  }

  // Area ownership of the final board in one pass, written into owner[]
  // (indexed like the board's array: Black, White, or Empty for neutral;
  // walls untouched) and counted. Empty points whose neighbours are all one
  // colour (nearly every point left at the end of a playout) are settled
  // without a flood fill.
  AreaCount count_area(Color* owner) const {
    AreaCount count;
    const int s = stride();
    std::array<Point, N> stack;
    for (int y = 0; y < height(); ++y) {
      const int row = (y + 1) * s + 1;
      for (int x = 0; x < width(); ++x) owner[row + x] = kUnseen;
    }
    for (int y = 0; y < height(); ++y) {
      const int row = (y + 1) * s + 1;
      for (int x = 0; x < width(); ++x) {
        const Point p = Point(row + x);
        const Color c = color_[p];
        if (c != Color::Empty) {
          owner[p] = c;
          continue;
        }
        if (owner[p] != kUnseen) continue;
        const int n = nbr_[p];
        const bool black = (n >> 4) & 15, white = (n >> 8) & 15;
        if ((n & 15) == 0) {  // a one-point region
          owner[p] = black == white ? Color::Empty : (black ? Color::Black : Color::White);
          continue;
        }
        bool reaches_black = false, reaches_white = false;
        int size = 0, next = 0;
        stack[size++] = p;
        owner[p] = kFilling;
        while (next < size) {
          const Point q = stack[next++];
          const int m = nbr_[q];
          reaches_black |= ((m >> 4) & 15) != 0;
          reaches_white |= ((m >> 8) & 15) != 0;
          if ((m & 15) == 0) continue;
          for (const int d : {-1, 1, -s, s}) {
            const Point r = Point(q + d);
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
  // Markers for count_area, never left in owner[] on return.
  static constexpr Color kUnseen = Color(4);
  static constexpr Color kFilling = Color(5);

  struct Chain {
    uint16_t stones;
    uint16_t libs;  // pseudo-liberties
    uint32_t lib_sum;
    uint32_t lib_sum_sq;
  };
  struct Effect {
    int captured = 0;  // opponent stones the move would clear
    int suicided = 0;  // own stones it would clear (0 if it captures)
  };

  // The colouring history with full comparison on a key match. Slots carry a
  // generation stamp, so clearing costs nothing.
  class History {
   public:
    void reserve(int positions) {
      size_t slots = 64;
      while (slots < size_t(positions) * 2) slots *= 2;
      slots_.assign(slots, Slot{});
      colourings_.resize(size_t(positions) * 2 * kWords);
      capacity_ = positions;
    }
    void clear() {
      count_ = 0;
      if (++generation_ == 0) {  // wrapped: stamps could look current
        std::fill(slots_.begin(), slots_.end(), Slot{});
        generation_ = 1;
      }
    }
    void add(uint64_t key, const std::array<uint64_t, 2 * kWords>& bits) {
      if (count_ >= capacity_) grow();
      std::memcpy(&colourings_[size_t(count_) * 2 * kWords], bits.data(), sizeof(bits));
      insert(key, count_++);
    }
    template <class Build>
    bool contains(uint64_t key, Build&& build) const {
      const size_t mask = slots_.size() - 1;
      for (size_t i = key & mask; slots_[i].generation == generation_; i = (i + 1) & mask) {
        if (slots_[i].key != key) continue;
        uint64_t after[2 * kWords];
        build(after);
        for (size_t j = i; slots_[j].generation == generation_; j = (j + 1) & mask) {
          if (slots_[j].key == key &&
              std::memcmp(&colourings_[size_t(slots_[j].entry) * 2 * kWords], after,
                          sizeof(after)) == 0) {
            return true;
          }
        }
        return false;
      }
      return false;
    }

   private:
    struct Slot {
      uint64_t key = 0;
      uint32_t generation = 0;
      int32_t entry = 0;
    };
    void insert(uint64_t key, int entry) {
      const size_t mask = slots_.size() - 1;
      size_t i = key & mask;
      while (slots_[i].generation == generation_) i = (i + 1) & mask;
      slots_[i] = Slot{key, generation_, entry};
    }
    // Only past the reserved length (a game longer than max_turns + 2
    // positions, which a playout never makes): rebuilds the table.
    void grow() {
      std::vector<Slot> old;
      old.swap(slots_);
      const uint32_t generation = generation_;
      reserve(capacity_ * 2);
      generation_ = 1;
      for (const Slot& s : old) {
        if (s.generation == generation) insert(s.key, s.entry);
      }
    }
    std::vector<Slot> slots_;
    std::vector<uint64_t> colourings_;
    int count_ = 0, capacity_ = 0;
    uint32_t generation_ = 1;
  };

  struct Start {
    std::array<Color, N> color;
    std::array<uint16_t, N> nbr;
    std::array<Point, N> head, next;
    std::array<Chain, N> chain;
    std::array<Point, N> empty;
    std::array<uint16_t, N> empty_at;
    int empty_count = 0;
    uint64_t hash = 0;
    std::array<uint64_t, 2 * kWords> bits{};
    std::array<uint64_t, kWords> bits_any{};
    int stones = 0;
    Color to_move = Color::Black;
    int handicap = 0, free_handicap = 0;
  };

  static constexpr int shift(Color c) { return 4 * int(c); }
  bool has_empty_neighbour(Point p) const { return (nbr_[p] & 15) != 0; }
  static bool in_atari(const Chain& c) {
    return uint64_t(c.libs) * c.lib_sum_sq == uint64_t(c.lib_sum) * c.lib_sum;
  }
  static void add_lib(Chain& c, Point p) {
    ++c.libs;
    c.lib_sum += p;
    c.lib_sum_sq += uint32_t(p) * p;
  }
  static void remove_lib(Chain& c, Point p) {
    --c.libs;
    c.lib_sum -= p;
    c.lib_sum_sq -= uint32_t(p) * p;
  }
  static constexpr bool suicide_allowed(int stones) {
    return kSuicide == SuicideRule::Allowed || (kSuicide == SuicideRule::Multi && stones >= 2);
  }

  // Does c at p capture? (An adjacent enemy chain in atari.)
  bool captures_any(Point p, Color c) const {
    const Color enemy = opponent(c);
    for (const int d : {-1, 1, -stride(), stride()}) {
      const Point n = Point(p + d);
      if (color_[n] == enemy && in_atari(chain_[head_[n]])) return true;
    }
    return false;
  }

  // Would c at p have a liberty (it captures, or joins an own chain that keeps
  // another)? Precondition: p has no empty neighbour.
  bool has_liberty_after(Point p, Color c) const {
    const int s = stride();
    for (const Point q : {Point(p - 1), Point(p + 1), Point(p - s), Point(p + s)}) {
      const Point h = head_[q];
      if (h != kNoPoint && (color_[h] == c) != in_atari(chain_[h])) return true;
    }
    return false;
  }

  // What c at p would clear: Board::effect on pseudo-liberties.
  Effect effect(Point p, Color c) const {
    Effect e;
    bool liberty = has_empty_neighbour(p);
    Point seen[4];
    int count = 0, own = 0;
    for (const int d : {-1, 1, -stride(), stride()}) {
      const Point h = head_[p + d];
      if (h == kNoPoint) continue;
      const Chain& chain = chain_[h];
      if (!in_atari(chain)) {
        liberty |= color_[h] == c;
        continue;
      }
      if (std::find(seen, seen + count, h) != seen + count) continue;
      seen[count++] = h;
      (color_[h] == c ? own : e.captured) += chain.stones;
    }
    if (e.captured == 0 && !liberty) e.suicided = 1 + own;
    return e;
  }

  // Could the position after a move at p that removes nothing equal an
  // earlier one? Stones only grow between removals, so every position since
  // the last removal holds fewer stones than the new one; and a position that
  // never held a stone at p cannot match one that does.
  bool may_repeat(Point p) const {
    return stones_ + 1 <= guard_ && (ever_[p >> 6] >> (p & 63) & 1);
  }

  uint64_t side_key(Color c) const {
    // Situational superko: the player to move after c's move is part of it.
    if constexpr (kKo == KoRule::Situational) {
      const Color next = c == Color::Black && free_left_ > 1 ? Color::Black : opponent(c);
      return next == Color::White ? zobrist::kKeys.white_to_move : 0;
    }
    return 0;
  }
  uint64_t key_after_placement(Point p, Color c) const {
    return hash_ ^ zobrist::key(p, c) ^ side_key(c);
  }
  uint64_t chain_keys(Point h) const {
    uint64_t k = 0;
    Point s = h;
    do {
      k ^= zobrist::key(s, color_[s]);
      s = next_[s];
    } while (s != h);
    return k;
  }
  // The key of the position after c at p with effect e.
  uint64_t key_after(Point p, Color c, const Effect& e) const {
    uint64_t k = key_after_placement(p, c);
    Point seen[4];
    int count = 0;
    const Color gone = e.suicided ? c : opponent(c);
    if (e.suicided) k ^= zobrist::key(p, c);
    for (const int d : {-1, 1, -stride(), stride()}) {
      const Point n = Point(p + d);
      if (color_[n] != gone) continue;
      const Point h = head_[n];
      if (!e.suicided && !in_atari(chain_[h])) continue;
      if (std::find(seen, seen + count, h) != seen + count) continue;
      seen[count++] = h;
      k ^= chain_keys(h);
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

  void record() {
    uint64_t key = hash_;
    if constexpr (kKo == KoRule::Situational) {
      if (to_move_ == Color::White) key ^= zobrist::kKeys.white_to_move;
    }
    history_.add(key, bits_);
  }

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
    if constexpr (kSuperko) {
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
    if constexpr (kSuperko) {
      hash_ ^= zobrist::key(p, c);
      bits_[(int(c) - 1) * kWords + (p >> 6)] &= ~(uint64_t(1) << (p & 63));
      --stones_;
    }
  }

  // Removes the chain at head h: two walks, as Board::remove_chain, so the
  // empty list grows in the same order.
  int remove_chain(Point h) {
    if constexpr (kSuperko) guard_ = std::max(guard_, stones_);
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
      for (const int d : {-1, 1, -st, st}) {
        const Point n = head_[s + d];
        if (n != kNoPoint) add_lib(chain_[n], s);
      }
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
    Chain& ca = chain_[a];
    const Chain& cb = chain_[b];
    ca.stones = uint16_t(ca.stones + cb.stones);
    ca.libs = uint16_t(ca.libs + cb.libs);
    ca.lib_sum += cb.lib_sum;
    ca.lib_sum_sq += cb.lib_sum_sq;
    return a;
  }

  // Board::play: the same base chain, merge order and capture order.
  void place(Point p, Color c) {
    set_stone(p, c);
    const int s = stride();
    Chain own{1, 0, 0, 0};
    if ((nbr_[p] & 0x0FF0) == 0) {
      // No stone next to p: a new chain of one, nothing merges or dies.
      for (const Point q : {Point(p - 1), Point(p + 1), Point(p - s), Point(p + s)}) {
        if (color_[q] == Color::Empty) add_lib(own, q);
      }
      head_[p] = p;
      next_[p] = p;
      chain_[p] = own;
      if (own.libs == 0) suicides_[int(c)] += remove_chain(p);  // a 1x1 board
      return;
    }
    const Color enemy = opponent(c);
    Point seen[4] = {kNoPoint, kNoPoint, kNoPoint, kNoPoint};
    int count = 0;
    Point base = kNoPoint;
    auto visit = [&](Point q) {
      const Point h = head_[q];
      if (h == kNoPoint) {
        if (color_[q] == Color::Empty) add_lib(own, q);
        return;
      }
      remove_lib(chain_[h], p);
      if (h == seen[0] || h == seen[1] || h == seen[2]) return;
      seen[count++] = h;
      if (color_[h] == c && (base == kNoPoint || chain_[h].stones > chain_[base].stones)) base = h;
    };
    visit(Point(p - 1));
    visit(Point(p + 1));
    visit(Point(p - s));
    visit(Point(p + s));
    if (base == kNoPoint) {
      head_[p] = p;
      next_[p] = p;
      chain_[p] = own;
    } else {
      head_[p] = base;
      next_[p] = next_[base];
      next_[base] = p;
      Chain& b = chain_[base];
      b.stones = uint16_t(b.stones + 1);
      b.libs = uint16_t(b.libs + own.libs);
      b.lib_sum += own.lib_sum;
      b.lib_sum_sq += own.lib_sum_sq;
      for (int i = 0; i < count; ++i) {
        if (seen[i] != base && color_[seen[i]] == c) base = merge(base, seen[i]);
      }
    }
    int captured = 0;
    for (int i = 0; i < count; ++i) {
      const Point h = seen[i];
      if (color_[h] == enemy && chain_[h].libs == 0) captured += remove_chain(h);
    }
    const Point mine = head_[p];
    if (captured == 0) {
      if (chain_[mine].libs == 0) suicides_[int(c)] += remove_chain(mine);
      return;
    }
    prisoners_[int(c)] += captured;
    if (captured == 1 && chain_[mine].stones == 1 && chain_[mine].libs == 1) {
      // A single stone that captured a single stone, with one liberty (the
      // point it captured): may not be retaken there at once.
      ko_point_ = Point(chain_[mine].lib_sum);
      ko_stone_ = p;
    }
  }

  void load(const PlayoutStart& from) {
    const Board& b = from.position;
    const int n = array_size();
    start_.color.fill(Color::Wall);
    start_.nbr.fill(0);
    start_.head.fill(kNoPoint);
    start_.next.fill(kNoPoint);
    start_.chain.fill(Chain{0, 0, 0, 0});
    start_.empty_at.fill(0);
    for (int i = 0; i < n; ++i) start_.color[i] = b.at(Point(i));
    for (int i = 0; i < n; ++i) {
      if (start_.color[i] == Color::Wall) continue;
      for (const int d : {-1, 1, -stride(), stride()}) {
        start_.nbr[i] = uint16_t(start_.nbr[i] + (1 << shift(start_.color[i + d])));
      }
    }
    start_.empty_count = b.empty_count();
    for (int i = 0; i < b.empty_count(); ++i) {
      start_.empty[i] = b.empty_point(i);
      start_.empty_at[b.empty_point(i)] = uint16_t(i);
    }
    // Chains and their lists exactly as the board holds them.
    for (int i = 0; i < n; ++i) {
      const Color c = start_.color[i];
      if (c != Color::Black && c != Color::White) continue;
      const Point p = Point(i);
      start_.head[p] = b.chain_head(p);
      start_.next[p] = b.next_in_chain(p);
      Chain& chain = start_.chain[b.chain_head(p)];
      ++chain.stones;
      for (const int d : {-1, 1, -stride(), stride()}) {
        if (start_.color[i + d] == Color::Empty) add_lib(chain, Point(i + d));
      }
      start_.hash ^= zobrist::key(p, c);
      start_.bits[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
      start_.bits_any[p >> 6] |= uint64_t(1) << (p & 63);
      ++start_.stones;
    }
    start_.to_move = from.to_move;
    start_.handicap = from.handicap;
    start_.free_handicap = from.free_handicap;
  }

  Geometry geo_;
  Rules rules_;
  Start start_;

  std::array<Color, N> color_;
  std::array<uint16_t, N> nbr_;  // Board's packed neighbour counts
  std::array<Point, N> head_;    // kNoPoint on empty points and walls
  std::array<Point, N> next_;
  std::array<Chain, N> chain_;  // valid at chain heads
  std::array<Point, N> empty_;
  std::array<uint16_t, N> empty_at_;
  int empty_count_ = 0;
  Color to_move_ = Color::Black;
  int free_left_ = 0;
  int passes_ = 0;
  Point ko_point_ = kNoPoint, ko_stone_ = kNoPoint;
  int prisoners_[3] = {0, 0, 0};
  int suicides_[3] = {0, 0, 0};
  std::vector<Move> moves_;

  // Superko only.
  uint64_t hash_ = 0;
  std::array<uint64_t, 2 * kWords> bits_{};
  std::array<uint64_t, kWords> ever_{};  // points that held a stone in some position
  int stones_ = 0;                       // on the board
  int guard_ = 0;                        // most stones of any position before the last removal
  History history_;
};

// Names the type of a value for dispatch_playout_game.
template <class T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<PlayoutGame<...>>{}) with the instance for a width x
// height board under `rules`: fixed geometry for 9x9, 13x13 and 19x19, run-time
// geometry otherwise; every ko rule x suicide rule. The one place that lists
// the instances.
template <class F>
decltype(auto) dispatch_playout_game(int width, int height, const Rules& rules, F&& f) {
  auto with_suicide = [&]<class Geo, KoRule kKo>() -> decltype(auto) {
    switch (rules.suicide) {
      case SuicideRule::Forbidden:
        return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Forbidden>>{});
      case SuicideRule::Multi:
        return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Multi>>{});
      case SuicideRule::Allowed:
        break;
    }
    return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Allowed>>{});
  };
  auto with_ko = [&]<class Geo>() -> decltype(auto) {
    switch (rules.ko) {
      case KoRule::Simple:
        return with_suicide.template operator()<Geo, KoRule::Simple>();
      case KoRule::Positional:
        return with_suicide.template operator()<Geo, KoRule::Positional>();
      case KoRule::Situational:
        break;
    }
    return with_suicide.template operator()<Geo, KoRule::Situational>();
  };
  if (width == height && width == 9) return with_ko.template operator()<FixedGeometry<9, 9>>();
  if (width == height && width == 13) return with_ko.template operator()<FixedGeometry<13, 13>>();
  if (width == height && width == 19) return with_ko.template operator()<FixedGeometry<19, 19>>();
  return with_ko.template operator()<DynamicGeometry>();
}

}  // namespace tengen
