#include "count/perft.h"

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/add_fields.h"
#include "core/game.h"

namespace tengen::count {

PerftCounts& PerftCounts::operator+=(const PerftCounts& other) {
  add_fields(*this, other, &PerftCounts::leaves, &PerftCounts::placements, &PerftCounts::captures,
             &PerftCounts::suicides, &PerftCounts::passes, &PerftCounts::ended,
             &PerftCounts::nodes);
  return *this;
}

PerftStart PerftStart::empty(int width, int height) {
  return PerftStart{Board(width, height), Color::Black, {}};
}

namespace {

enum class Kind { Illegal, Placement, Capture, Suicide };

// The start replayed through Game, which checks every move and keeps the ko
// and superko state.
Game make_root(const PerftStart& start, const Rules& rules) {
  if (start.setup.has_chain_without_liberties()) {
    throw std::invalid_argument("the start position has a chain without liberties");
  }
  Game game(start.setup, start.first_to_move, rules);
  for (size_t i = 0; i < start.moves.size(); ++i) {
    const Move m = start.moves[i];
    const MoveError error = game.play(m.color, m.point);
    if (error != MoveError::None) {
      throw std::invalid_argument("move " + std::to_string(i + 1) + " of the start is illegal (" +
                                  std::string(to_string(error)) + ")");
    }
  }
  return game;
}

// A walk of the tree on one Game: push plays a turn, pop undoes it.
class Search {
 public:
  explicit Search(const Game* root) : root_(root), game_(*root) {}

  // When set and true, count() throws PerftStopped.
  const std::atomic<bool>* stop_ = nullptr;

  // Back to the root.
  void reset() {
    while (game_.moves().size() > root_->moves().size()) game_.undo();
  }

  // Is p legal for the player to move, and what kind of turn is it?
  // Precondition: p is empty.
  Kind check(Point p) const {
    const Color c = game_.to_move();
    const MoveEffect e = game_.board().effect(p, c);
    if (game_.check_effect(c, p, e) != MoveError::None) return Kind::Illegal;
    return e.captured_stones > 0 ? Kind::Capture : e.suicide() ? Kind::Suicide : Kind::Placement;
  }

  // Plays p (a legal point or kPass) for the player to move.
  void push(Point p) { game_.play_legal(game_.to_move(), p); }
  void pop() { game_.undo(); }

  // The turns of the player to move, placements first, then the pass.
  void turns(std::vector<Point>& out) const {
    out.clear();
    const Board& b = game_.board();
    for (int i = 0; i < b.empty_count(); ++i) {
      if (check(b.empty_point(i)) != Kind::Illegal) out.push_back(b.empty_point(i));
    }
    out.push_back(kPass);
  }

  bool pass_ends() const { return game_.pass_ends(); }

  // Adds the leaves below the current node, cut `remaining` (>= 1) turns
  // further down, and the nodes visited there (the current one excluded).
  void count(int remaining, PerftCounts& out) {
    // Far enough from the leaves that the check costs nothing.
    if (remaining >= 4 && stop_ && stop_->load(std::memory_order_relaxed)) throw PerftStopped{};
    const Board& b = game_.board();
    // Undo restores the empty list's order, so index i names the same point
    // after each push/pop below.
    for (int i = 0; i < b.empty_count(); ++i) {
      const Point p = b.empty_point(i);
      const Kind kind = check(p);
      if (kind == Kind::Illegal) continue;
      ++out.nodes;
      if (remaining == 1) {
        // Bulk counting: a leaf needs its legality and kind, not its position.
        ++out.leaves;
        if (kind == Kind::Capture) {
          ++out.captures;
        } else if (kind == Kind::Suicide) {
          ++out.suicides;
        } else {
          ++out.placements;
        }
      } else {
        push(p);
        count(remaining - 1, out);
        pop();
      }
    }
    ++out.nodes;
    const bool ends = pass_ends();
    if (remaining == 1 || ends) {
      ++out.leaves;
      ++out.passes;
      out.ended += ends;
    } else {
      push(kPass);
      count(remaining - 1, out);
      pop();
    }
  }

 private:
  const Game* root_;
  Game game_;
};

// Walks the first `levels` turns below the current node: leaves met on the
// way (games ended by passes) go to `out`, nodes at the cut become tasks.
void split(Search& search, int levels, std::vector<Point>& line,
           std::vector<std::vector<Point>>& tasks, PerftCounts& out) {
  if (levels == 0) {
    tasks.push_back(line);
    return;
  }
  std::vector<Point> turns;
  search.turns(turns);
  for (Point p : turns) {
    ++out.nodes;
    if (p == kPass && search.pass_ends()) {
      ++out.leaves;
      ++out.passes;
      ++out.ended;
      continue;
    }
    search.push(p);
    line.push_back(p);
    split(search, levels - 1, line, tasks, out);
    line.pop_back();
    search.pop();
  }
}

}  // namespace

PerftCounts perft(const PerftStart& start, const Rules& rules, int depth, const Progress& progress,
                  const std::atomic<bool>* stop) {
  if (depth < 0) throw std::invalid_argument("the depth must be 0 or more");
  const Game root = make_root(start, rules);
  PerftCounts total;
  total.nodes = 1;
  if (depth == 0 || root.over()) {
    total.leaves = 1;
    total.ended = root.over();
    return total;
  }
  Search search(&root);
  // Tasks: the nodes some levels down, enough of them (a few hundred) to keep
  // every thread busy; each task then counts the rest of its subtree alone.
  // The leaves sit at least two levels below a task.
  std::vector<std::vector<Point>> tasks;
  std::vector<Point> line;
  int levels = 0;
  PerftCounts above;
  for (int l = 1; l <= depth - 2; ++l) {
    tasks.clear();
    above = PerftCounts{};
    search.reset();
    split(search, l, line, tasks, above);
    levels = l;
    if (tasks.size() >= 256) break;
  }
  search.stop_ = stop;
  if (levels == 0) {
    search.count(depth, total);
    return total;
  }
  total += above;

  tbb::enumerable_thread_specific<Search> searches(&root);
  tbb::enumerable_thread_specific<PerftCounts> counts;
  std::atomic<uint64_t> done{0};
  std::mutex report;
  tbb::parallel_for(size_t(0), tasks.size(), [&](size_t t) {
    Search& s = searches.local();
    s.stop_ = stop;
    s.reset();
    for (Point p : tasks[t]) s.push(p);
    s.count(depth - levels, counts.local());
    const uint64_t now = ++done;
    if (progress) {
      std::lock_guard<std::mutex> lock(report);
      progress(now, tasks.size());
    }
  });
  for (const PerftCounts& c : counts) total += c;
  return total;
}

}  // namespace tengen::count
