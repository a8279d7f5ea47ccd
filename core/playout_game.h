// The playout game: a game stripped to what a light playout asks, specialised
// at compile time by board geometry and rule family, so that no rules
// question is asked again on every move.
//
// Same board layout as Board (stride W + 1, one shared sentinel column), same
// chain lists and the same empty-point list order, so a playout on it makes
// the very games that Game makes with the same random numbers. What differs:
//   - liberties are pseudo-liberties with an exact atari test
//     (core/playout_chain.h);
//   - under simple ko: no hash, no colouring, no position history;
//   - under superko: an incremental Zobrist hash and colouring, a history of
//     (key, colouring) per recorded position (core/playout_history.h), at
//     most one probe per candidate move, the colouring compared in full only
//     on a key match. No probe at all where the stone survives on a point no
//     position ever held a stone on, nor where the move captures nothing and
//     no earlier position can hold as many stones (see legal).
// Every rules decision (capture, suicide, ko, superko, eye) is exact; the
// properties in tests/core/prop_kernel_test.cpp hold it to the reference model.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/playout_area.h"
#include "core/playout_chain.h"
#include "core/playout_geometry.h"
#include "core/playout_history.h"
#include "core/playout_start.h"
#include "core/rules.h"
#include "core/zobrist.h"

namespace tengen {

template <class Geometry, KoRule kKo, SuicideRule kSuicide>
class PlayoutGame {
  static constexpr int N = Geometry::kArray;
  static constexpr bool kSuperko = kKo != KoRule::Simple;
  static constexpr int kWords = (N + 63) / 64;
  // A chain record no point heads, written and read where a branch on
  // "is this neighbour a stone?" would cost more than the work it saves.
  static constexpr Point kScratch = Point(N);

 public:
  // Precondition: the start position fits the geometry; rules.ko and
  // rules.suicide are kKo and kSuicide.
  PlayoutGame(const PlayoutStart& start, const Rules& rules, int max_turns)
      : geo_(start.position.width(), start.position.height()), start_(start, geo_.stride()) {
    if (rules.ko != kKo || rules.suicide != kSuicide) {
      throw std::invalid_argument("kernel instance does not match the rules");
    }
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
    std::memcpy(chain_.data(), start_.chain.data(), n * sizeof(PlayoutChain));
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
      std::memcpy(chain_key_.data(), start_.chain_key.data(), n * sizeof(uint64_t));
      bits_ = start_.bits;
      ever_ = start_.bits_any;
      stones_ = start_.stones;
      guard_ = 0;
      history_.clear();
      record();
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
      if (has_empty_neighbour(p) || has_liberty_after(p, c)) {
        // The stone keeps a liberty, so the new position holds a stone at
        // p, which no earlier position held if p was never occupied: no
        // repetition, whatever the move captures.
        if (!ever_occupied(p)) return true;
        if (!captures_any(p, c)) {
          // Adds one stone and removes none.
          if (!may_repeat(p)) return true;
          return !history_.contains(key_after_placement(p, c),
                                    [&](uint64_t* out) { colouring_after(p, c, Effect{}, out); });
        }
      } else if constexpr (kSuicide == SuicideRule::Forbidden) {
        return false;  // suicide
      } else if (((nbr_[p] >> shift(c)) & 15) == 0) {
        // A single-stone suicide: the multi rule forbids it, and under
        // positional superko it leaves the colouring as it is.
        if constexpr (kSuicide == SuicideRule::Multi || kKo == KoRule::Positional) return false;
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
    // Black moves again while free handicap stones are left; arithmetic,
    // not a branch on the colour, which alternates.
    const bool black = c == Color::Black;
    to_move_ = Color(int(opponent(c)) - int(black & (free_left_ > 1)));
    free_left_ -= int(black & (free_left_ > 0));
    if constexpr (kSuperko) {
      if (p != kPass || kKo == KoRule::Situational) record();
    }
  }

 private:
  struct Effect {
    int captured = 0;  // opponent stones the move would clear
    int suicided = 0;  // own stones it would clear (0 if it captures)
  };

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
  bool has_empty_neighbour(Point p) const { return (nbr_[p] & 15) != 0; }
  static constexpr bool suicide_allowed(int stones) {
    return kSuicide == SuicideRule::Allowed || (kSuicide == SuicideRule::Multi && stones >= 2);
  }

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

  // Could the position after a move at p that removes nothing equal an
  // earlier one? Stones only grow between removals, so every position since
  // the last removal holds fewer stones than the new one; and a position that
  // never held a stone at p cannot match one that does.
  bool may_repeat(Point p) const { return stones_ + 1 <= guard_ && ever_occupied(p); }
  // Did p hold a stone in some position (or for a moment during a move)?
  bool ever_occupied(Point p) const { return ever_[p >> 6] >> (p & 63) & 1; }

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
  // The key of the position after c at p with effect e: the chains it
  // clears leave by their recorded keys (no walk over their stones), told
  // apart in registers as in place().
  uint64_t key_after(Point p, Color c, const Effect& e) const {
    uint64_t k = key_after_placement(p, c) ^ (zobrist::key(p, c) & -uint64_t(e.suicided != 0));
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
    if constexpr (kSuperko) chain_key_[a] ^= chain_key_[b];
    return a;
  }

  // Board::play: the same base chain, merge order and capture order.
  // It branches only where the move merges two or more chains or captures.
  // Which neighbours are stones, and whose, is random in a playout, and a
  // mispredicted branch costs more than straight-line work: replaying a few
  // games the predictor has learnt is much faster than replaying many
  // (BM_KernelReplayFew against BM_KernelReplay). The four neighbours are
  // read at once and their chains told apart in registers, so that no
  // neighbour waits on the one before.
  void place(Point p, Color c) {
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
    if constexpr (kSuperko) {
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
      if (chain_[stone].libs == 0) suicides_[int(c)] += remove_chain(stone);
      return;
    }
    // In neighbour order, as Board removes them.
    int captured = 0;
    for (; dead != 0; dead &= dead - 1) captured += remove_chain(h[std::countr_zero(dead)]);
    prisoners_[int(c)] += captured;
    if (captured == 1 && chain_[stone].stones == 1 && chain_[stone].libs == 1) {
      // A single stone that captured a single stone, with one liberty (the
      // point it captured): may not be retaken there at once.
      ko_point_ = Point(chain_[stone].lib_sum);
      ko_stone_ = p;
    }
  }

  Geometry geo_;
  PlayoutStartArrays<N> start_;

  std::array<Color, N> color_;
  std::array<uint16_t, N> nbr_;  // Board's packed neighbour counts
  std::array<Point, N> head_;    // kNoPoint on empty points and walls
  std::array<Point, N> next_;
  std::array<PlayoutChain, N + 1> chain_;  // valid at chain heads; [kScratch]: scratch
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
  // At chain heads: the XOR of the chain's stones' keys; [kScratch]: 0.
  std::array<uint64_t, N + 1> chain_key_{};
  std::array<uint64_t, kWords> ever_{};  // points that held a stone in some position
  int stones_ = 0;                       // on the board
  int guard_ = 0;                        // most stones of any position before the last removal
  PlayoutHistory<kWords> history_;
};

}  // namespace tengen
