#include "count/solve.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "core/benson.h"
#include "core/game.h"
#include "count/position_graph.h"
#include "reference/reference.h"

namespace tengen::count {
namespace {

constexpr int kInfinity = 1000;
constexpr uint16_t kPassMove = 63;  // a turn: placement i of the graph (i < 63) or the pass
constexpr uint16_t kNoMove = 0xFFFE;

// Thrown through the search when SolveOptions::stop or max_nodes ends it.
struct Stopped {};

// Proven bounds on the value of position i whatever the history, Black's
// view, from the chains Benson's algorithm finds unconditionally alive and
// the one-point eyes among their territory. Black can keep his alive stones
// and eyes by passing every turn: White cannot capture those chains (Benson),
// and a White stone in such an eye captures nothing, so it is refused (suicide
// forbidden) or removed at once (allowed); the game still ends, since
// superko lets no position repeat and so White must pass too in the end.
// At that end Black's area holds those points, White's the rest at most:
// value >= 2 * kept - area. The same for White gives the upper bound.
std::pair<int, int> static_bounds(const Board& board) {
  int kept[2] = {0, 0};
  for (Color c : {Color::Black, Color::White}) {
    const PassAlive alive = pass_alive(board, c);
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        if (alive.chains[size_t(p)]) {
          ++kept[c == Color::White];
          continue;
        }
        if (board.at(p) != Color::Empty) continue;
        int neighbours = 0;
        bool eye = true;
        for (int d : board.offsets()) {
          const Point q = Point(p + d);
          if (board.at(q) == Color::Wall) continue;
          ++neighbours;
          if (!alive.chains[size_t(q)]) eye = false;
        }
        if (eye && neighbours > 0) ++kept[c == Color::White];
      }
    }
  }
  return {2 * kept[0] - board.area(), board.area() - 2 * kept[1]};
}

// Alpha-beta over states (position, side to move, last turn a pass, seen set)
// with K 64-bit words for the seen set. Values are from the view of the
// player to move (negamax), bounded by the board's area.
//
// The rules are Game's, asked once per placement of the graph rather than
// once per state. Game::check of a placement depends on the board (suicide)
// and on whether the position it makes was seen (superko), nothing else:
//
//   legal(s, placement) = placement in placeable(position, side)  (Game)
//                         && !seen(placement's target)            (state)
//
// placeable(p, c) is asked of a Game set up at p with c to move, whose
// history holds p alone: it answers for an unseen target, and refuses a
// single-stone suicide under positional superko (its target is p itself,
// always seen). The seen set is the state's, and equals Game's history. With `check_with_game` the
// search also walks one Game with play and undo, in step with the state, and compares every answer
// with its check(): the tests run it so.
template <int K>
class Solver {
 public:
  Solver(const PositionGraph& graph, const Rules& rules, const SolveOptions& options,
         const SolveReport& report)
      : graph_(graph),
        situational_(rules.ko == KoRule::Situational),
        check_with_game_(options.check_with_game),
        game_(graph.width(), graph.height(), rules),
        area_(graph.width() * graph.height()),
        low_(-area_),
        high_(area_),
        stop_(options.stop),
        pass_first_(options.pass_first),
        max_nodes_(options.max_nodes),
        report_(report),
        board_(graph.width(), graph.height()) {
    const int table_megabytes = options.table_megabytes;
    // The largest power of two of two-entry buckets that fits (and no more
    // than the few states of the tiniest boards could use).
    int bits = 4;
    while (bits < 40 && bits < 8 + graph.size() &&
           (size_t(4) << bits) * sizeof(Entry) <= size_t(table_megabytes) << 20) {
      ++bits;
    }
    table_.resize(size_t(2) << bits);
    shift_ = 64 - bits;
    // The move graph over seen-set nodes: the placements Game allows while
    // their target is unseen, of both colours (the reduced key below needs a
    // superset of the moves a game can make, the same for every state);
    // passes under situational superko lead from (p, side) to (p, other
    // side) and are always allowed.
    const int nodes = situational_ ? 2 * graph.size() : graph.size();
    moves_to_.assign(size_t(nodes), Set{});
    pass_to_.assign(size_t(nodes), Set{});
    placeable_first_.push_back(0);
    for (int p = 0; p < graph.size(); ++p) {
      for (Color c : {Color::Black, Color::White}) {
        const int from = seen_index(p, c);
        const Game at(graph.board(p), c, rules);
        const auto edges = graph.moves(p, c);
        for (size_t i = 0; i < edges.size(); ++i) {
          if (at.check(c, edges[i].point) != MoveError::None) continue;
          const uint16_t target = seen_index(edges[i].to, opponent(c));
          placeable_.push_back(Placeable{uint16_t(i), target});
          set(moves_to_[size_t(from)], target);
        }
        if (situational_) set(pass_to_[size_t(from)], seen_index(p, opponent(c)));
        placeable_first_.push_back(uint32_t(placeable_.size()));
        add_order(p, c);
      }
      const auto [lower, upper] = options.static_bounds ? static_bounds(graph.board(p))
                                                        : std::pair<int, int>{-area_, area_};
      bounds_.push_back(Bounds{int16_t(lower), int16_t(upper)});
    }
  }

  // Bisection with null windows: each search only asks "at least t?", which
  // prunes far more than a full window; the table carries the bounds found
  // from one search to the next.
  // The bounds proven so far are low_ and high_ (kept when stopped).
  int value() {
    if (report_) report_(progress());
    while (low_ < high_) {
      const int t = low_ + (high_ - low_ + 1) / 2;
      State root = start();
      if (search(root, t - 1, t) >= t) {
        low_ = t;
      } else {
        high_ = t - 1;
      }
      if (report_) report_(progress());
    }
    return low_;
  }

  // The checkpoint (SolveOptions::checkpoint): a header naming what the
  // table was filled for, then the table as it is in memory.
  void save(const std::string& path) const {
    const std::string temporary = path + ".partial";
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      const std::string header = checkpoint_header();
      const uint64_t words[3] = {uint64_t(int64_t(low_)), uint64_t(int64_t(high_)), nodes_};
      out.write(header.data(), std::streamsize(header.size()));
      out.write(reinterpret_cast<const char*>(words), sizeof words);
      out.write(reinterpret_cast<const char*>(table_.data()),
                std::streamsize(table_.size() * sizeof(Entry)));
      if (!out) throw std::runtime_error("solve: cannot write the checkpoint " + temporary);
    }
    std::filesystem::rename(temporary, path);
  }

  // Resumes from the checkpoint at `path` if there is one.
  void load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return;
    const std::string expected = checkpoint_header();
    std::string header(expected.size(), '\0');
    in.read(header.data(), std::streamsize(header.size()));
    if (header != expected) {
      throw std::invalid_argument("solve: the checkpoint " + path +
                                  " was written for another board, rules or table size");
    }
    uint64_t words[3];
    in.read(reinterpret_cast<char*>(words), sizeof words);
    in.read(reinterpret_cast<char*>(table_.data()), std::streamsize(table_.size() * sizeof(Entry)));
    if (!in) throw std::invalid_argument("solve: the checkpoint " + path + " is cut short");
    low_ = int(int64_t(words[0]));
    high_ = int(int64_t(words[1]));
    nodes_ = resumed_nodes_ = words[2];
  }

  int low() const { return low_; }
  void clear_path() {
    path_.clear();
    depth_ = 0;
  }
  int high() const { return high_; }
  int max_depth() const { return max_depth_; }

  // The table's best line from the start: each state's stored best turn
  // while it is legal, until the game ends or the table has no entry.
  std::vector<Move> table_line() const {
    std::vector<Move> line;
    State s = start();
    const int limit = 4 * graph_.size() + 4;
    while (int(line.size()) < limit) {
      const Set key = relevant(s);
      const size_t bucket = slot(s, key);
      uint16_t m = kNoMove;
      for (size_t i = bucket; i < bucket + 2; ++i) {
        if (matches(table_[i], s, key)) m = table_[i].best;
      }
      if (m == kNoMove || !((legal_turns(s, false) >> m) & 1)) break;
      line.push_back(Move{s.side, m == kPassMove ? kPass : edge(s, m).point});
      if (m == kPassMove && s.passed) break;
      s = next(s, m);
    }
    return line;
  }

  SolveProgress progress() const {
    return SolveProgress{nodes_, depth_, max_depth_, low_, high_, table_line(), path_};
  }

  // A line of perfect play from the start, given its value.
  std::vector<Move> principal_variation(int value) {
    std::vector<Move> line;
    State s = start();
    int target = value;  // from the view of the player to move in s
    const int limit = 4 * graph_.size() + 4;
    while (int(line.size()) < limit) {
      uint16_t moves[kMaxMoves];
      const int n = generate(s, moves, kNoMove);
      bool found = false;
      for (int i = 0; i < n && !found; ++i) {
        const uint16_t m = moves[i];
        if (m == kPassMove && s.passed) {
          if (terminal(s) != target) continue;
          line.push_back(Move{s.side, kPass});
          while (check_with_game_ && game_.can_undo()) game_.undo();
          return line;
        }
        State child = play(s, m);
        // A fail-soft result strictly inside (-target - 1, -target + 1) is exact.
        if (search(child, -target - 1, -target + 1) != -target) {
          take_back();
          continue;
        }
        line.push_back(Move{s.side, m == kPassMove ? kPass : edge(s, m).point});
        s = child;
        target = -target;
        found = true;
      }
      if (!found) throw std::logic_error("solve: no move keeps the value");
    }
    throw std::logic_error("solve: the principal variation does not end");
  }

  uint64_t nodes() const { return nodes_; }

  // The proof check (SolveOptions::proof_limit). Returns false when it
  // passed `limit` reference positions; throws std::logic_error when the
  // proof does not hold.
  bool check_proof(int value, uint64_t limit, uint64_t& played) {
    Rules rules = game_.rules();
    rules.komi = 0;
    for (bool at_least : {true, false}) {
      reference::Game ref(graph_.width(), graph_.height(), rules);
      State s = start();
      if (!replay_proof(s, ref, value, at_least, limit, played)) return false;
    }
    return true;
  }

 private:
  // Appends the turns of (p, c) to order_, best first: by the mover's area
  // margin after the turn (a pass keeps the current one), placements before
  // the pass, then in the graph's order.
  void add_order(int p, Color c) {
    const auto edges = graph_.moves(p, c);
    if (edges.size() >= kPassMove) throw std::invalid_argument("solve: too many points");
    const int sign = c == Color::Black ? 1 : -1;
    std::vector<std::pair<int, uint16_t>> turns;  // (-score, turn)
    for (size_t i = 0; i < edges.size(); ++i) {
      turns.emplace_back(-(2 * sign * graph_.area_margin(edges[i].to) + 1), uint16_t(i));
    }
    turns.emplace_back(-2 * sign * graph_.area_margin(p), kPassMove);
    std::stable_sort(turns.begin(), turns.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    if (order_first_.empty()) order_first_.push_back(0);
    for (const auto& t : turns) order_.push_back(t.second);
    order_first_.push_back(uint32_t(order_.size()));
  }

  static constexpr int kMaxMoves = 64;  // placements of a board of <= 24 points, and a pass
  using Set = std::array<uint64_t, K>;

  struct State {
    int position;
    Color side;
    bool passed;  // the last turn was a pass
    Set seen;
  };

  struct Entry {
    Set key{};              // relevant(state)
    int32_t position = -1;  // -1: empty slot
    uint8_t flags = 0;      // side == White | passed << 1
    int16_t lower = -kInfinity;
    int16_t upper = kInfinity;
    uint16_t best = kNoMove;
    uint64_t work = 0;  // states searched to fill it: the bigger, the more worth keeping
  };

  State start() const {
    State s{0, Color::Black, false, Set{}};
    set(s.seen, seen_index(0, Color::Black));
    return s;
  }

  static size_t node_index(int position, Color side) {
    return 2 * size_t(position) + (side == Color::White);
  }
  uint16_t seen_index(int position, Color side) const {
    return uint16_t(situational_ ? 2 * position + (side == Color::White) : position);
  }
  static bool has(const Set& set, int i) { return (set[size_t(i >> 6)] >> (i & 63)) & 1; }
  static void set(Set& set, int i) { set[size_t(i >> 6)] |= uint64_t(1) << (i & 63); }

  const PositionGraph::Edge& edge(const State& s, uint16_t m) const {
    return graph_.moves(s.position, s.side)[m];
  }

  // The part of the seen set that can still matter. A move's legality
  // depends on whether its target was seen; the targets a game from s can
  // ever meet lie in the closure of s's node under moves into unseen nodes
  // (and, under situational superko, passes, which are always allowed). So
  // the seen set counts only through "unseen nodes of that closure", and
  // two states that agree on it, on the node, and on the pass have the same
  // future. The closure is itself the same for both (it only ever enters
  // nodes of that set, or by passes), which makes the key exact.
  Set relevant(const State& s) const {
    Set reach{};
    set(reach, seen_index(s.position, s.side));
    Set frontier = reach;
    for (;;) {
      Set step{};
      for (size_t w = 0; w < K; ++w) {
        for (uint64_t m = frontier[w]; m != 0; m &= m - 1) {
          const size_t x = w * 64 + size_t(std::countr_zero(m));
          for (size_t k = 0; k < K; ++k) step[k] |= (moves_to_[x][k] & ~s.seen[k]) | pass_to_[x][k];
        }
      }
      bool grew = false;
      for (size_t k = 0; k < K; ++k) {
        frontier[k] = step[k] & ~reach[k];
        reach[k] |= frontier[k];
        grew |= frontier[k] != 0;
      }
      if (!grew) break;
    }
    for (size_t k = 0; k < K; ++k) reach[k] &= ~s.seen[k];
    return reach;
  }

  int terminal(const State& s) const {
    const int margin = graph_.area_margin(s.position);
    return s.side == Color::Black ? margin : -margin;
  }

  // Whether the claim "Black's value >= bound" (at_least) or "<= bound"
  // holds for s, by a null-window search.
  bool claim_holds(State& s, int bound, bool at_least) {
    if (s.side == Color::Black) {
      return at_least ? search(s, bound - 1, bound) >= bound : search(s, bound, bound + 1) <= bound;
    }
    return at_least ? search(s, -bound, -bound + 1) <= -bound
                    : search(s, -bound - 1, -bound) >= -bound;
  }

  static bool claim_ends(const reference::Game& ref, int bound, bool at_least) {
    const int margin = int(ref.score().margin);
    return at_least ? margin >= bound : margin <= bound;
  }

  // The reference point of a turn of the graph at position `position`.
  int reference_point(const State& s, uint16_t m) const {
    if (m == kPassMove) return reference::kPass;
    const Point p = edge(s, m).point;
    return board_.row(p) * graph_.width() + board_.column(p);
  }

  // One node of the proof tree of the claim (see claim_holds), walked on
  // the reference model `ref` and the search's state `s` in step. The
  // prover (Black for at_least, else White) plays the solver's first turn
  // whose child holds the claim; the defender every turn the reference
  // model allows, each of which the solver must allow too.
  bool replay_proof(State& s, const reference::Game& ref, int bound, bool at_least, uint64_t limit,
                    uint64_t& played) {
    const bool prover = (s.side == Color::Black) == at_least;
    const uint64_t legal = legal_turns(s, false);
    auto fail = [&](const std::string& what) {
      throw std::logic_error("solve: proof check: " + what + " after " +
                             std::to_string(ref.turns()) + " turns");
    };
    if (prover) {
      uint16_t moves[kMaxMoves];
      const int n = generate(s, moves, kNoMove);
      for (int i = 0; i < n; ++i) {
        const uint16_t m = moves[i];
        const bool ends = m == kPassMove && s.passed;
        if (ends) {
          const int margin = graph_.area_margin(s.position);
          if (at_least ? margin < bound : margin > bound) continue;
        } else {
          State child = next(s, m);
          if (!claim_holds(child, bound, at_least)) continue;
        }
        if (++played > limit) return false;
        reference::Game after = ref;
        if (after.play(reference_point(s, m)) != MoveError::None) {
          fail("the reference model refuses the prover's turn");
        }
        if (ends != after.over()) fail("the reference model and the search disagree on the end");
        if (ends) {
          if (!claim_ends(after, bound, at_least)) fail("the game ends with another margin");
          return true;
        }
        State child = next(s, m);
        return replay_proof(child, after, bound, at_least, limit, played);
      }
      fail("no turn of the prover keeps the claim");
    }
    const std::vector<int> turns = ref.legal_moves();
    if (int(turns.size()) != std::popcount(legal)) {
      fail("the reference model and the search count different legal turns");
    }
    const auto edges = graph_.moves(s.position, s.side);
    for (int p : turns) {
      uint16_t m = kPassMove;
      if (p != reference::kPass) {
        m = kNoMove;
        for (size_t i = 0; i < edges.size(); ++i) {
          if (reference_point(s, uint16_t(i)) == p) m = uint16_t(i);
        }
      }
      if (m == kNoMove || !((legal >> m) & 1)) fail("the search refuses a defender's turn");
      if (++played > limit) return false;
      reference::Game after = ref;
      after.play(p);
      if (after.over()) {
        if (!claim_ends(after, bound, at_least)) fail("a defender's pass ends the game otherwise");
        continue;
      }
      State child = next(s, m);
      if (!replay_proof(child, after, bound, at_least, limit, played)) return false;
    }
    return true;
  }

  // The legal turns of s as a mask: bit i for placement i, bit kPassMove.
  uint64_t legal_turns(const State& s, bool check = true) const {
    uint64_t legal = uint64_t(1) << kPassMove;
    const size_t k = node_index(s.position, s.side);
    for (uint32_t i = placeable_first_[k]; i < placeable_first_[k + 1]; ++i) {
      const Placeable& p = placeable_[i];
      if (!has(s.seen, p.target)) legal |= uint64_t(1) << p.turn;
    }
    if (check && check_with_game_) check_placements(s, legal);
    return legal;
  }

  // The legal turns of s, best first: after a pass the pass that ends the
  // game (a leaf, and often enough for a cut-off), then `first` (if legal),
  // then in the order of order_.
  int generate(const State& s, uint16_t* moves, uint16_t first, bool pass_first = false) const {
    uint64_t legal = legal_turns(s);
    int n = 0;
    if (s.passed || pass_first) {
      moves[n++] = kPassMove;
      legal &= ~(uint64_t(1) << kPassMove);
    }
    if (first != kNoMove && ((legal >> first) & 1)) moves[n++] = first;
    const size_t k = node_index(s.position, s.side);
    for (uint32_t i = order_first_[k]; i < order_first_[k + 1]; ++i) {
      const uint16_t m = order_[i];
      if (m != first && ((legal >> m) & 1)) moves[n++] = m;
    }
    return n;
  }

  // Throws std::logic_error unless the placements in `legal` are exactly
  // those game_ (at s) allows.
  void check_placements(const State& s, uint64_t legal) const {
    const auto edges = graph_.moves(s.position, s.side);
    for (size_t i = 0; i < edges.size(); ++i) {
      const bool allowed = game_.check(s.side, edges[i].point) == MoveError::None;
      if (allowed != (((legal >> i) & 1) != 0)) {
        throw std::logic_error("solve: Game " + std::string(allowed ? "allows" : "refuses") +
                               " a placement the search " + (allowed ? "refuses" : "allows"));
      }
    }
  }

  // The state after turn m of s (also played on game_ when checking: take
  // it back there with take_back()).
  State play(const State& s, uint16_t m) {
    if (check_with_game_) game_.play_legal(s.side, m == kPassMove ? kPass : edge(s, m).point);
    return next(s, m);
  }

  State next(const State& s, uint16_t m) const {
    State child = s;
    child.side = opponent(s.side);
    child.passed = m == kPassMove;
    if (m != kPassMove) child.position = edge(s, m).to;
    set(child.seen, seen_index(child.position, child.side));
    return child;
  }

  void take_back() {
    if (check_with_game_) game_.undo();
  }

  size_t slot(const State& s, const Set& key) const {
    uint64_t h = uint64_t(s.position) * 0x9E3779B97F4A7C15ull ^
                 (uint64_t(s.side == Color::White) | uint64_t(s.passed) << 1);
    for (uint64_t w : key) h = (h ^ w) * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
    h ^= h >> 29;
    return size_t(h * 0x94D049BB133111EBull >> shift_) & ~size_t(1);
  }

  static uint8_t flags(const State& s) {
    return uint8_t((s.side == Color::White) | (s.passed << 1));
  }
  static bool matches(const Entry& e, const State& s, const Set& key) {
    return e.position == s.position && e.flags == flags(s) && e.key == key;
  }

  void poll() {
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw Stopped{};
    if (max_nodes_ != 0 && nodes_ - resumed_nodes_ >= max_nodes_) throw Stopped{};
    if ((nodes_ & 0xFFFF) == 0 && report_) report_(progress());
  }

  int search(State& s, int alpha, int beta) {
    if ((++nodes_ & (kSolvePollStates - 1)) == 0) poll();
    // No result lies outside [-area, area], nor outside the static bounds.
    if (beta <= -area_) return -area_;
    if (alpha >= area_) return area_;
    const Bounds& b = bounds_[size_t(s.position)];
    const int lower = s.side == Color::Black ? b.lower : -b.upper;
    const int upper = s.side == Color::Black ? b.upper : -b.lower;
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    const uint64_t nodes_before = nodes_;
    const Set key = relevant(s);
    const size_t bucket = slot(s, key);
    uint16_t first = kNoMove;
    for (size_t i = bucket; i < bucket + 2; ++i) {
      const Entry& e = table_[i];
      if (!matches(e, s, key)) continue;
      if (e.lower >= beta) return e.lower;
      if (e.upper <= alpha) return e.upper;
      if (e.lower == e.upper) return e.lower;
      alpha = std::max(alpha, int(e.lower));
      beta = std::min(beta, int(e.upper));
      first = e.best;
    }
    const int alpha_in = alpha;
    uint16_t moves[kMaxMoves];
    // A pass first where it pays: when the mover's margin already reaches
    // beta, a pass leaves the opponent to find something better than
    // ending the game, which is often a quick cut-off.
    const int n = generate(s, moves, first, pass_first_ && terminal(s) >= beta);
    int best = -kInfinity;
    uint16_t best_move = kNoMove;
    for (int i = 0; i < n; ++i) {
      const uint16_t m = moves[i];
      int v;
      if (m == kPassMove && s.passed) {
        v = terminal(s);
      } else {
        State child = play(s, m);
        max_depth_ = std::max(max_depth_, ++depth_);
        path_.push_back(Move{s.side, m == kPassMove ? kPass : edge(s, m).point});
        v = -search(child, -beta, -std::max(alpha, best));
        path_.pop_back();
        --depth_;
        take_back();
      }
      if (v > best) {
        best = v;
        best_move = m;
      }
      if (best >= beta) break;
    }
    Entry fresh;
    fresh.key = key;
    fresh.position = s.position;
    fresh.flags = flags(s);
    fresh.best = best_move;
    fresh.work = nodes_ - nodes_before + 1;
    if (best >= beta) {
      fresh.lower = int16_t(best);
    } else if (best <= alpha_in) {
      fresh.upper = int16_t(best);
    } else {
      fresh.lower = fresh.upper = int16_t(best);
    }
    // Two slots a bucket: the first keeps the costlier entry, the second the latest.
    Entry& keep = table_[bucket];
    Entry& latest = table_[bucket + 1];
    if (matches(keep, s, key) || fresh.work >= keep.work) {
      if (!matches(keep, s, key)) latest = keep;
      keep = fresh;
    } else {
      latest = fresh;
    }
    return best;
  }

  static_assert(std::is_trivially_copyable_v<Entry>);

  std::string checkpoint_header() const {
    return "tengen solve checkpoint 1\n" + std::to_string(graph_.width()) + "x" +
           std::to_string(graph_.height()) + " " + game_.rules().to_string() +
           " K=" + std::to_string(K) + " entries=" + std::to_string(table_.size()) +
           " entry=" + std::to_string(sizeof(Entry)) + "\n";
  }

  const PositionGraph& graph_;
  bool situational_;
  bool check_with_game_;
  Game game_;       // at the state being searched, when checking
  int area_ = 0;    // no value lies outside [-area_, area_]
  int low_, high_;  // the value's proven bounds
  std::vector<Entry> table_;
  int shift_ = 64;
  const std::atomic<bool>* stop_;
  bool pass_first_;
  uint64_t max_nodes_;
  const SolveReport& report_;
  uint64_t nodes_ = 0;             // states searched, those before a resumption included
  uint64_t resumed_nodes_ = 0;     // the states of the checkpoint resumed from
  int depth_ = 0, max_depth_ = 0;  // turns from the start
  std::vector<Move> path_;         // the turns from the start to the state searched
  struct Bounds {
    int16_t lower, upper;  // static_bounds() of each position
  };
  std::vector<Bounds> bounds_;
  Board board_;                // the empty board, for point coordinates
  std::vector<Set> moves_to_;  // per seen-set node: where its moves lead
  std::vector<Set> pass_to_;   // per seen-set node: where a pass leads (situational)
  // Per (position, side), at node_index k: the placements Game allows while
  // their target is unseen, at placeable_[placeable_first_[k],
  // placeable_first_[k + 1]); the turns, best first, at
  // order_[order_first_[k], order_first_[k + 1]).
  struct Placeable {
    uint16_t turn;    // placement `turn` of the graph
    uint16_t target;  // the seen-set node it makes
  };
  std::vector<Placeable> placeable_;
  std::vector<uint32_t> placeable_first_;
  std::vector<uint16_t> order_;
  std::vector<uint32_t> order_first_;
};

template <int K>
SolveResult run(const PositionGraph& graph, const Rules& rules, const SolveOptions& options,
                const SolveReport& report) {
  Solver<K> solver(graph, rules, options, report);
  if (!options.checkpoint.empty()) solver.load(options.checkpoint);
  SolveResult result;
  try {
    result.value = solver.value();
    result.principal_variation = solver.principal_variation(result.value);
    if (options.proof_limit > 0) {
      result.proof_checked = solver.check_proof(options.proof_claim.value_or(result.value),
                                                options.proof_limit, result.proof_nodes);
    }
  } catch (const Stopped&) {
    result.stopped = true;
    solver.clear_path();
    result.principal_variation = solver.table_line();
    if (!options.checkpoint.empty()) solver.save(options.checkpoint);
  }
  result.lower = solver.low();
  result.upper = solver.high();
  result.nodes = solver.nodes();
  result.max_depth = solver.max_depth();
  result.positions = graph.size();
  return result;
}

void check_rules(const Rules& rules) {
  if (rules.ko == KoRule::Simple) {
    throw std::invalid_argument(
        "solve needs positional or situational superko: under simple ko a game can cycle forever");
  }
  if (rules.scoring != Scoring::Area) throw std::invalid_argument("solve scores by area only");
  if (rules.end != EndRule::TwoPasses) {
    throw std::invalid_argument("solve needs the two-passes end rule");
  }
}

}  // namespace

void check_solvable(int width, int height, const Rules& rules) {
  check_rules(rules);
  const bool situational = rules.ko == KoRule::Situational;
  const int max_positions = situational ? kMaxSolvePositions / 2 : kMaxSolvePositions;
  if (width < 1 || height < 1 || width * height > 7) {
    throw std::invalid_argument("solve takes boards of at most 7 points and " +
                                std::to_string(max_positions) +
                                " legal positions (1x7, 2x3 and smaller), not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }
}

SolveResult solve(int width, int height, const Rules& rules, const SolveOptions& options,
                  const SolveReport& progress) {
  check_solvable(width, height, rules);
  if (options.table_megabytes < 1)
    throw std::invalid_argument("solve: the table needs 1 MB or more");
  const bool situational = rules.ko == KoRule::Situational;
  const int max_positions = situational ? kMaxSolvePositions / 2 : kMaxSolvePositions;
  const PositionGraph graph(width, height, max_positions);
  const int bits = situational ? 2 * graph.size() : graph.size();
  if (bits <= 64) return run<1>(graph, rules, options, progress);
  if (bits <= 128) return run<2>(graph, rules, options, progress);
  if (bits <= 256) return run<4>(graph, rules, options, progress);
  if (bits <= 512) return run<8>(graph, rules, options, progress);
  return run<16>(graph, rules, options, progress);
}

namespace {

int reference_search(const reference::Game& game, int alpha, int beta) {
  int best = -kInfinity;
  const int sign = game.to_move() == Color::Black ? 1 : -1;
  for (int p : game.legal_moves()) {
    reference::Game child = game;
    child.play(p);
    const int v = child.over() ? sign * int(child.score().margin)
                               : -reference_search(child, -beta, -std::max(alpha, best));
    best = std::max(best, v);
    if (best >= beta) break;
  }
  return best;
}

}  // namespace

int solve_reference(int width, int height, const Rules& rules) {
  check_rules(rules);
  Rules r = rules;
  r.komi = 0;
  reference::Game game(width, height, r);
  return reference_search(game, -kInfinity, kInfinity);
}

}  // namespace tengen::count
