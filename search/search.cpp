#include "search/search.h"

#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/scoring.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::search {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kNone = 0xFFFFFFFF;

// A node's state: a leaf, being expanded by one thread, expanded (its
// children are written), or terminal (the game ends there: two passes).
enum : uint8_t { kLeaf = 0, kExpanding = 1, kExpanded = 2, kTerminal = 3 };

// One move of the tree. Fields the threads share are read and written
// through std::atomic_ref; first_child and children are written before the
// state becomes kExpanded (release) and read after seeing it (acquire).
struct Node {
  int32_t visits;
  int32_t wins;  // half points (a win 2, a draw 1) for `color`
  int32_t amaf_visits;
  int32_t amaf_wins;
  int32_t virtual_loss;
  uint32_t first_child;
  uint16_t children;
  Point move;
  Color color;  // who played `move`
  uint8_t state;
};

template <class T>
std::atomic_ref<T> ref(T& x) {
  return std::atomic_ref<T>(x);
}
template <class T>
T load(T& x) {
  return std::atomic_ref<T>(x).load(std::memory_order_relaxed);
}

Node make_node(Point move, Color color, uint8_t state) {
  return Node{0, 0, 0, 0, 0, kNone, 0, move, color, state};
}

// Nodes from one preallocated block; allocation is a fetch_add.
class Pool {
 public:
  explicit Pool(int64_t capacity)
      : nodes_(std::make_unique_for_overwrite<Node[]>(size_t(capacity))),
        capacity_(uint64_t(capacity)) {}
  Node& operator[](uint32_t i) { return nodes_[i]; }
  uint64_t used() const { return std::min(used_.load(std::memory_order_relaxed), capacity_); }
  void clear() {
    used_.store(0, std::memory_order_relaxed);
    full_.store(false, std::memory_order_relaxed);
  }
  // n consecutive nodes, or kNone when the pool is full.
  uint32_t allocate(uint32_t n) {
    if (full_.load(std::memory_order_relaxed)) return kNone;
    const uint64_t at = used_.fetch_add(n, std::memory_order_relaxed);
    if (at + n > capacity_) {
      full_.store(true, std::memory_order_relaxed);
      return kNone;
    }
    return uint32_t(at);
  }

 private:
  std::unique_ptr<Node[]> nodes_;
  uint64_t capacity_;
  std::atomic<uint64_t> used_{0};
  std::atomic<bool> full_{false};
};

// Half points for Black: a win 2, a draw 1, a loss 0.
int black_half_points(Winner w) {
  return w == Winner::Black ? 2 : w == Winner::White ? 0 : 1;
}
int half_points_for(Color c, int black) {
  return c == Color::Black ? black : 2 - black;
}

// The area owners of the game's board and its score under the game's rules
// (no dead stones: the board as it stands). owner is resized once.
Score score_as_it_stands(const Game& game, std::vector<Color>& owner) {
  area_owners(game.board(), owner);
  AreaCount count;
  const Board& b = game.board();
  for (int i = 0; i < b.array_size(); ++i) {
    const Color o = owner[size_t(i)];
    const Color s = b.at(Point(i));
    if (o == Color::Black) ++count.black;
    if (o == Color::White) ++count.white;
    if (o == Color::Empty) ++count.neutral;
    if (s == Color::Black) ++count.black_stones;
    if (s == Color::White) ++count.white_stones;
  }
  return score_count(count, game.rules(), game.score_context());
}

}  // namespace

int64_t min_nodes(int width, int height) {
  return int64_t(width) * height + 2;
}

void check_options(const SearchOptions& o, int width, int height) {
  if (o.playouts < 0) {
    throw std::invalid_argument("search: playouts must not be negative (got " +
                                std::to_string(o.playouts) + ")");
  }
  if (!std::isfinite(o.seconds) || o.seconds < 0) {
    throw std::invalid_argument("search: seconds must be a finite number >= 0 (got " +
                                std::to_string(o.seconds) + ")");
  }
  if (o.playouts == 0 && o.seconds == 0) {
    throw std::invalid_argument("search: no budget: give a positive number of playouts or seconds");
  }
  if (o.threads < 1 || o.threads > 1024) {
    throw std::invalid_argument("search: threads must be between 1 and 1024 (got " +
                                std::to_string(o.threads) + ")");
  }
  if (o.max_nodes < 3 || o.max_nodes > (int64_t(1) << 31)) {
    throw std::invalid_argument("search: the node cap must be between 3 and 2^31 (got " +
                                std::to_string(o.max_nodes) + ")");
  }
  if (!(o.exploration >= 0) || !(o.rave_equivalence >= 0) || !std::isfinite(o.exploration) ||
      !std::isfinite(o.rave_equivalence)) {
    throw std::invalid_argument("search: exploration and RAVE equivalence must be finite and >= 0");
  }
  if (o.expand_visits < 1) throw std::invalid_argument("search: expand_visits must be >= 1");
  if (!(o.resign_threshold >= 0 && o.resign_threshold < 1)) {
    throw std::invalid_argument("search: the resign threshold must be in [0, 1)");
  }
  if (width > 0 && o.max_nodes < min_nodes(width, height)) {
    throw std::invalid_argument("search: a tree memory cap of " + std::to_string(o.max_nodes) +
                                " nodes is too small for a " + std::to_string(width) + "x" +
                                std::to_string(height) + " board: it needs at least " +
                                std::to_string(min_nodes(width, height)));
  }
}

std::vector<Point> dead_by_ownership(const Board& board, const std::vector<double>& ownership) {
  std::vector<Point> dead;
  if (ownership.size() < size_t(board.array_size())) return dead;
  for (int i = 0; i < board.array_size(); ++i) {
    const Point p = Point(i);
    const Color c = board.at(p);
    if (c != Color::Black && c != Color::White) continue;
    // A chain lives or dies whole: by the mean of its points' ownership.
    double sum = 0;
    Point q = board.chain_head(p);
    do {
      sum += ownership[q];
      q = board.next_in_chain(q);
    } while (q != board.chain_head(p));
    if ((c == Color::Black && sum < 0) || (c == Color::White && sum > 0)) dead.push_back(p);
  }
  return dead;
}

// What one thread needs for a playout, allocated once.
struct Worker {
  explicit Worker(const Game& g) : game(g) {}
  Game game;
  playout::LightPolicy policy;
  playout::Rng rng{1};
  std::vector<uint32_t> path;
  std::array<Color, Board::kMaxArray> seen{};
  std::array<Point, Board::kMaxArray> legal{};
  std::vector<Color> owner;
  std::vector<int32_t> ownership;  // playouts Black owned a point minus White's
  int64_t playouts = 0;
};

struct Search::Impl {
  explicit Impl(const SearchOptions& o) : options(o), pools{Pool(o.max_nodes), Pool(o.max_nodes)} {}

  SearchOptions options;
  Pool pools[2];
  int active = 0;  // the pool the tree is in
  uint32_t root = kNone;
  std::optional<Game> root_game;  // the position of the root
  int root_moves = 0;
  uint64_t searches = 0;
  std::vector<std::unique_ptr<Worker>> workers;

  Pool& pool() { return pools[active]; }

  // Re-roots the kept tree on `game`, or starts a new one.
  void prepare_tree(const Game& game);
  uint32_t copy_subtree(uint32_t from);
  // Expands node (whose position is w.game) unless another thread is;
  // returns whether its children can be read.
  bool expand(uint32_t node, Worker& w);
  uint32_t select(uint32_t node);
  void simulate(Worker& w);
  void backup(Worker& w, int black);
  // The root's candidates; with_ownership: and the workers' ownership
  // (only once they have finished). Safe while threads search.
  SearchResult result(const Game& game, int64_t playouts, bool with_ownership);
};

void Search::Impl::prepare_tree(const Game& game) {
  bool reuse = root != kNone && root_game.has_value() && game.rules() == root_game->rules() &&
               game.moves().size() >= root_game->moves().size() &&
               game.board().width() == root_game->board().width() &&
               game.board().height() == root_game->board().height();
  const size_t old_moves = reuse ? root_game->moves().size() : 0;
  if (reuse) {
    // The same game continued: the root's moves are a prefix, and the moves
    // since lead from the root's position to the game's.
    reuse = std::equal(root_game->moves().begin(), root_game->moves().end(), game.moves().begin());
  }
  uint32_t node = root;
  if (reuse) {
    Game replay = *root_game;
    for (size_t i = old_moves; reuse && i < game.moves().size(); ++i) {
      const Move m = game.moves()[i];
      if (replay.play(m.color, m.point) != MoveError::None) {
        reuse = false;
        break;
      }
      Node& n = pool()[node];
      uint32_t next = kNone;
      if (n.state == kExpanded) {
        for (uint32_t c = n.first_child; c < n.first_child + n.children; ++c) {
          if (pool()[c].move == m.point && pool()[c].color == m.color) next = c;
        }
      }
      if (next == kNone) reuse = false;
      node = next;
    }
    reuse = reuse && replay.board().hash() == game.board().hash() &&
            replay.board().same_colouring(game.board()) && replay.to_move() == game.to_move() &&
            replay.ko_point() == game.ko_point() &&
            replay.consecutive_passes() == game.consecutive_passes() &&
            replay.prisoners(Color::Black) == game.prisoners(Color::Black) &&
            replay.prisoners(Color::White) == game.prisoners(Color::White);
  }
  root_game = game;
  root_moves = int(game.moves().size());
  if (reuse && node != root) {
    root = copy_subtree(node);
  } else if (!reuse) {
    pool().clear();
    root = pool().allocate(1);
    pool()[root] = make_node(kPass, opponent(game.to_move()), kLeaf);
  }
}

// Copies the subtree under `from` into the other pool, children blocks
// kept contiguous, and makes that pool the active one. Single-threaded.
uint32_t Search::Impl::copy_subtree(uint32_t from) {
  Pool& src = pools[active];
  Pool& dst = pools[1 - active];
  dst.clear();
  const uint32_t to = dst.allocate(1);
  dst[to] = src[from];
  std::vector<std::pair<uint32_t, uint32_t>> queue{{from, to}};
  for (size_t q = 0; q < queue.size(); ++q) {
    const auto [s, d] = queue[q];
    dst[d].virtual_loss = 0;
    if (src[s].state != kExpanded) {
      if (dst[d].state == kExpanding) dst[d].state = kLeaf;
      dst[d].first_child = kNone;
      dst[d].children = 0;
      continue;
    }
    const uint32_t block = dst.allocate(src[s].children);  // fits: a subtree of src
    dst[d].first_child = block;
    for (uint32_t i = 0; i < src[s].children; ++i) {
      dst[block + i] = src[src[s].first_child + i];
      queue.emplace_back(src[s].first_child + i, block + i);
    }
  }
  src.clear();
  active = 1 - active;
  return to;
}

bool Search::Impl::expand(uint32_t node, Worker& w) {
  Node& n = pool()[node];
  uint8_t expected = kLeaf;
  if (!ref(n.state).compare_exchange_strong(expected, kExpanding, std::memory_order_acquire)) {
    return expected == kExpanded;
  }
  const Game& g = w.game;
  const Board& b = g.board();
  const Color c = g.to_move();
  int count = 0;
  for (int i = 0; i < b.empty_count(); ++i) {
    const Point p = b.empty_point(i);
    // Filling one's own one-point eye is left out, as the playouts leave it.
    if (!b.is_eye(p, c) && g.check_empty_point(c, p) == MoveError::None)
      w.legal[size_t(count++)] = p;
  }
  // Board order, so that the tree does not depend on the empty list's order.
  std::sort(w.legal.begin(), w.legal.begin() + count);
  const uint32_t block = pool().allocate(uint32_t(count + 1));
  if (block == kNone) {
    ref(n.state).store(kLeaf, std::memory_order_release);
    return false;
  }
  for (int i = 0; i < count; ++i)
    pool()[block + uint32_t(i)] = make_node(w.legal[size_t(i)], c, kLeaf);
  // A pass after a pass ends the game.
  pool()[block + uint32_t(count)] =
      make_node(kPass, c, g.consecutive_passes() >= 1 ? kTerminal : kLeaf);
  n.first_child = block;
  n.children = uint16_t(count + 1);
  ref(n.state).store(kExpanded, std::memory_order_release);
  return true;
}

uint32_t Search::Impl::select(uint32_t node) {
  Node& n = pool()[node];
  const double parent = double(load(n.visits) + load(n.virtual_loss)) + 1;
  const double log_parent = std::log(parent);
  const double k = options.rave_equivalence;
  uint32_t best = n.first_child;
  double best_value = -1;
  for (uint32_t i = n.first_child; i < n.first_child + n.children; ++i) {
    Node& c = pool()[i];
    const int32_t visits = load(c.visits) + load(c.virtual_loss);
    const int32_t amaf = load(c.amaf_visits);
    double value;
    if (visits == 0 && amaf == 0) {
      value = 1.1;  // first-play urgency: every move is tried once
    } else {
      const double q = visits > 0 ? load(c.wins) / (2.0 * visits) : 0;
      const double qa = amaf > 0 ? load(c.amaf_wins) / (2.0 * amaf) : 0;
      const double beta = amaf == 0 ? 0 : visits == 0 ? 1 : std::sqrt(k / (3.0 * visits + k));
      value = (1 - beta) * q + beta * qa +
              options.exploration * std::sqrt(log_parent / (double(visits) + 1));
    }
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return best;
}

void Search::Impl::simulate(Worker& w) {
  Game& g = w.game;
  g = *root_game;  // reuses the copy's capacity
  w.path.clear();
  uint32_t node = root;
  w.path.push_back(node);
  ref(pool()[node].virtual_loss).fetch_add(1, std::memory_order_relaxed);
  bool terminal = false;
  for (;;) {
    Node& n = pool()[node];
    const uint8_t state = ref(n.state).load(std::memory_order_acquire);
    if (state == kTerminal) {
      terminal = true;
      break;
    }
    if (state != kExpanded) {
      if (node != root && load(n.visits) < options.expand_visits) break;
      if (!expand(node, w)) break;
      // A node expanded now is played out from itself, so that its children
      // start with AMAF values rather than a first visit in board order; the
      // root descends at once, so that a search of one playout has a move.
      if (node != root) break;
    }
    const uint32_t child = select(node);
    ref(pool()[child].virtual_loss).fetch_add(1, std::memory_order_relaxed);
    g.play_legal(pool()[child].color, pool()[child].move);
    w.path.push_back(child);
    node = child;
  }
  Score score;
  if (terminal || g.over()) {
    score = score_as_it_stands(g, w.owner);
  } else {
    playout::play_out(
        g, w.policy, w.rng,
        int(g.moves().size()) + playout::default_max_turns(g.board().width(), g.board().height()));
    score = score_as_it_stands(g, w.owner);
  }
  const Board& b = g.board();
  for (int i = 0; i < b.array_size(); ++i) {
    w.ownership[size_t(i)] += w.owner[size_t(i)] == Color::Black   ? 1
                              : w.owner[size_t(i)] == Color::White ? -1
                                                                   : 0;
  }
  ++w.playouts;
  backup(w, black_half_points(decide(score.margin, g.rules().tie)));
}

void Search::Impl::backup(Worker& w, int black) {
  const std::vector<Move>& seq = w.game.moves();
  const int base = root_moves;
  const int depth = int(w.path.size()) - 1;
  const Board& b = w.game.board();
  std::fill(w.seen.begin(), w.seen.begin() + b.array_size(), Color::Empty);
  int j = int(seq.size()) - base;
  for (int d = depth; d >= 0; --d) {
    // seen[p]: who played p first among the moves after this node.
    while (j > d) {
      --j;
      const Move m = seq[size_t(base + j)];
      if (m.point != kPass) w.seen[m.point] = m.color;
    }
    Node& n = pool()[w.path[size_t(d)]];
    ref(n.visits).fetch_add(1, std::memory_order_relaxed);
    ref(n.wins).fetch_add(half_points_for(n.color, black), std::memory_order_relaxed);
    ref(n.virtual_loss).fetch_sub(1, std::memory_order_relaxed);
    if (ref(n.state).load(std::memory_order_acquire) != kExpanded) continue;
    for (uint32_t i = n.first_child; i < n.first_child + n.children; ++i) {
      Node& c = pool()[i];
      if (c.move != kPass && w.seen[c.move] == c.color) {
        ref(c.amaf_visits).fetch_add(1, std::memory_order_relaxed);
        ref(c.amaf_wins).fetch_add(half_points_for(c.color, black), std::memory_order_relaxed);
      }
    }
  }
}

SearchResult Search::Impl::result(const Game& game, int64_t playouts, bool with_ownership) {
  SearchResult r;
  r.playouts = playouts;
  Node& root_node = pool()[root];
  r.root_visits = load(root_node.visits);
  r.nodes = int64_t(pool().used());
  auto expanded = [](Node& n) { return ref(n.state).load(std::memory_order_acquire) == kExpanded; };
  if (expanded(root_node)) {
    for (uint32_t i = root_node.first_child; i < root_node.first_child + root_node.children; ++i) {
      Node& c = pool()[i];
      const int32_t visits = load(c.visits);
      if (visits == 0) continue;
      Candidate cand;
      cand.move = c.move;
      cand.visits = visits;
      // Read while threads search, wins may run a playout ahead of visits.
      cand.win_rate = std::min(1.0, load(c.wins) / (2.0 * visits));
      const int32_t amaf = load(c.amaf_visits);
      cand.amaf_win_rate = amaf > 0 ? std::min(1.0, load(c.amaf_wins) / (2.0 * amaf)) : 0;
      for (uint32_t at = i; cand.pv.size() < 30;) {
        Node& a = pool()[at];
        cand.pv.push_back(a.move);
        if (!expanded(a)) break;
        uint32_t next = kNone;
        int32_t most = 0;
        for (uint32_t k = a.first_child; k < a.first_child + a.children; ++k) {
          const int32_t v = load(pool()[k].visits);
          if (v > most) {
            most = v;
            next = k;
          }
        }
        if (next == kNone) break;
        at = next;
      }
      r.candidates.push_back(std::move(cand));
    }
  }
  // Most visited first; ties by win rate, then board order (stable).
  std::stable_sort(r.candidates.begin(), r.candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     if (a.visits != b.visits) return a.visits > b.visits;
                     return a.win_rate > b.win_rate;
                   });
  if (with_ownership) {
    const Board& b = game.board();
    r.ownership.assign(size_t(b.array_size()), 0.0);
    int64_t total = 0;
    for (const auto& w : workers) total += w->playouts;
    if (total > 0) {
      for (int i = 0; i < b.array_size(); ++i) {
        int64_t sum = 0;
        for (const auto& w : workers) sum += w->ownership[size_t(i)];
        r.ownership[size_t(i)] = double(sum) / double(total);
      }
    }
  }
  if (!r.candidates.empty()) {
    r.move = r.candidates.front().move;
    r.win_rate = r.candidates.front().win_rate;
  }
  return r;
}

Search::Search(const SearchOptions& options) {
  check_options(options);
  impl_ = std::make_unique<Impl>(options);
}

Search::~Search() = default;

const SearchOptions& Search::options() const {
  return impl_->options;
}

void Search::set_budget(int64_t playouts, double seconds) {
  SearchOptions o = impl_->options;
  o.playouts = playouts;
  o.seconds = seconds;
  check_options(o);
  impl_->options = o;
}

void Search::clear() {
  impl_->root = kNone;
  impl_->root_game.reset();
  impl_->pool().clear();
}

void Search::restart(uint64_t seed) {
  clear();
  impl_->options.seed = seed;
  impl_->searches = 0;
}

SearchResult Search::run(const Game& game, const SearchControl& control) {
  Impl& s = *impl_;
  const Board& board = game.board();
  check_options(s.options, board.width(), board.height());
  if (game.over()) return SearchResult{};
  s.prepare_tree(game);
  const int threads = s.options.threads;
  if (s.workers.size() != size_t(threads) || s.workers[0]->game.board().width() != board.width() ||
      s.workers[0]->game.board().height() != board.height()) {
    s.workers.clear();
    for (int t = 0; t < threads; ++t) s.workers.push_back(std::make_unique<Worker>(game));
  }
  for (int t = 0; t < threads; ++t) {
    Worker& w = *s.workers[size_t(t)];
    w.rng = playout::game_rng(s.options.seed, s.searches * 1024 + uint64_t(t));
    w.playouts = 0;
    w.ownership.assign(size_t(board.array_size()), 0);
    w.path.reserve(size_t(board.area()) * 4 + 16);
  }
  ++s.searches;

  const int64_t budget =
      s.options.playouts > 0 ? s.options.playouts : std::numeric_limits<int64_t>::max();
  const bool timed = s.options.seconds > 0;
  const Clock::time_point deadline =
      Clock::now() +
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s.options.seconds));
  std::atomic<int64_t> started{0};
  // Release and acquire around the workers, so that what the caller set up
  // and what the workers wrote are ordered in the C++ model itself, not only
  // by oneTBB's scheduler (which ThreadSanitizer does not see into).
  std::atomic<int> handshake{0};
  handshake.store(1, std::memory_order_release);
  const bool reporting = control.report_seconds > 0 && control.on_report;
  const auto report_every = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(reporting ? control.report_seconds : 0));
  Clock::time_point next_report = Clock::now() + report_every;
  auto work = [&](int t) {
    (void)handshake.load(std::memory_order_acquire);
    Worker& w = *s.workers[size_t(t)];
    for (;;) {
      const int64_t k = started.fetch_add(1, std::memory_order_relaxed);
      if (k >= budget) break;
      // The first playout always runs: it expands the root.
      if (k > 0 && ((timed && Clock::now() >= deadline) ||
                    (control.stop && control.stop->load(std::memory_order_relaxed)))) {
        break;
      }
      s.simulate(w);
      // Thread 0 reports, reading the shared counters as the others do; a
      // snapshot taken before any root child has a visit (another thread
      // may still be expanding the root) is not a report: it waits for the
      // next playout.
      if (reporting && t == 0 && Clock::now() >= next_report) {
        SearchResult snapshot =
            s.result(game, std::min(started.load(std::memory_order_relaxed), budget), false);
        if (!snapshot.candidates.empty()) {
          control.on_report(snapshot);
          next_report = Clock::now() + report_every;
        }
      }
    }
    handshake.fetch_add(1, std::memory_order_release);
  };
  if (threads == 1) {
    work(0);
  } else {
#if defined(__SANITIZE_THREAD__)
    // ThreadSanitizer does not see into oneTBB's scheduler (an uninstrumented
    // library) and reports its own bookkeeping as races; under it the workers
    // are plain threads, so that what it checks is the search's sharing.
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { work(t); });
    work(0);
    for (std::thread& h : helpers) h.join();
#else
    tbb::task_arena arena(threads);
    arena.execute([&] {
      tbb::parallel_for(
          0, threads, 1, [&](int t) { work(t); }, tbb::simple_partitioner());
    });
#endif
  }
  (void)handshake.load(std::memory_order_acquire);
  int64_t playouts = 0;
  for (const auto& w : s.workers) playouts += w->playouts;
  SearchResult r = s.result(game, playouts, true);

  // Passing: when the opponent has just passed, pass if that does not lose,
  // both on the board as it stands and with the stones the playouts took
  // removed. And never resign or pass when a move is better.
  const Color me = game.to_move();
  if (game.rules().scoring == Scoring::Area && game.consecutive_passes() >= 1 && r.move != kPass) {
    std::vector<Color> owner;
    const Score as_is = score_as_it_stands(game, owner);
    const Score with_dead = game.score(dead_by_ownership(board, r.ownership));
    auto not_lost = [&](const Score& sc) {
      const Winner w = decide(sc.margin, game.rules().tie);
      return w == Winner::Draw || (w == Winner::Black) == (me == Color::Black);
    };
    if (not_lost(as_is) && not_lost(with_dead)) {
      r.move = kPass;
      for (const Candidate& c : r.candidates) {
        if (c.move == kPass) r.win_rate = c.win_rate;
      }
    }
  }
  if (s.options.resign_threshold > 0 && r.win_rate < s.options.resign_threshold &&
      r.root_visits >= 100) {
    r.resign = true;
  }
  return r;
}

}  // namespace tengen::search
