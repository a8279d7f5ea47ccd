#include "count/perft.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/game.h"
#include "core/zobrist.h"

namespace tengen::count {

PerftCounts& PerftCounts::operator+=(const PerftCounts& other) {
  leaves += other.leaves;
  placements += other.placements;
  captures += other.captures;
  suicides += other.suicides;
  passes += other.passes;
  ended += other.ended;
  nodes += other.nodes;
  return *this;
}

PerftStart PerftStart::empty(int width, int height) {
  return PerftStart{Board(width, height), Color::Black, {}};
}

namespace {

enum class Kind { Illegal, Placement, Capture, Suicide };

// The state of the game after some turns. Game would do, but it cannot undo
// and copying it allocates, so the search keeps one Ply per depth and its own
// superko history: the root game's positions (sorted, shared by every thread)
// and the positions along the current line (a stack).
struct Ply {
  Board board;
  Color to_move = Color::Black;
  int passes = 0;
  Point ko_point = kNoPoint;  // simple ko, as in Game: the point that may not
  Point ko_stone = kNoPoint;  // be retaken and the single stone retaking captures
  size_t line_size = 0;       // history entries on the line up to this ply
};

// The recorded positions of a history: key, side (the player to move under
// situational superko, else Empty) and the full colouring, compared whenever
// keys match so that a hash collision can never forbid a move.
struct Positions {
  int words = 0;  // per colouring
  std::vector<uint64_t> keys;
  std::vector<Color> sides;
  std::vector<uint64_t> colourings;

  void add(const Board& board, Color side, uint64_t key) {
    keys.push_back(key);
    sides.push_back(side);
    colourings.insert(colourings.end(), board.colouring(), board.colouring() + words);
  }
  void truncate(size_t size) {
    keys.resize(size);
    sides.resize(size);
    colourings.resize(size * size_t(words));
  }
  bool same(size_t i, Color side, const uint64_t* colouring) const {
    return sides[i] == side &&
           std::memcmp(&colourings[i * size_t(words)], colouring, size_t(words) * 8) == 0;
  }
};

struct Root {
  Rules rules;
  Ply ply{Board(1, 1)};
  bool over = false;
  int pass_limit = 2;
  Positions history;  // sorted by key
};

uint64_t history_key(uint64_t hash, Color side) {
  return side == Color::White ? hash ^ zobrist::kKeys.white_to_move : hash;
}

// Replays the start through Game (which checks every move) and records the
// history the way Game does: under positional superko the start and the
// position after every move; under situational superko the start and every
// turn with the player then to move; under simple ko nothing but the last
// capture.
Root make_root(const PerftStart& start, const Rules& rules) {
  if (start.setup.has_chain_without_liberties()) {
    throw std::invalid_argument("the start position has a chain without liberties");
  }
  Root root;
  root.rules = rules;
  root.pass_limit = rules.end == EndRule::TwoPasses ? 2 : 4;
  Game game(start.setup, start.first_to_move, rules);
  Positions positions;
  positions.words = 2 * start.setup.colouring_words();
  auto record = [&](const Board& board, Color to_move) {
    if (rules.ko == KoRule::Simple) return;
    const Color side = rules.ko == KoRule::Situational ? to_move : Color::Empty;
    positions.add(board, side, history_key(board.hash(), side));
  };
  record(game.board(), game.to_move());
  Point ko_point = kNoPoint, ko_stone = kNoPoint;
  for (size_t i = 0; i < start.moves.size(); ++i) {
    const Move m = start.moves[i];
    const int prisoners = game.prisoners(m.color);
    const MoveError error = game.play(m.color, m.point);
    if (error != MoveError::None) {
      throw std::invalid_argument("move " + std::to_string(i + 1) + " of the start is illegal (" +
                                  std::string(to_string(error)) + ")");
    }
    ko_point = ko_stone = kNoPoint;
    const Board& b = game.board();
    if (m.point != kPass && game.prisoners(m.color) - prisoners == 1 &&
        b.chain_size(m.point) == 1 && b.liberties(m.point) == 1) {
      for (int d : b.offsets()) {
        if (b.at(Point(m.point + d)) == Color::Empty) ko_point = Point(m.point + d);
      }
      ko_stone = m.point;
    }
    if (m.point != kPass || rules.ko == KoRule::Situational) record(b, game.to_move());
  }
  root.ply.board = game.board();
  root.ply.to_move = game.to_move();
  root.ply.passes = game.consecutive_passes();
  root.ply.ko_point = ko_point;
  root.ply.ko_stone = ko_stone;
  root.over = game.over();

  std::vector<size_t> order(positions.keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return positions.keys[a] < positions.keys[b]; });
  root.history.words = positions.words;
  for (size_t i : order) {
    root.history.keys.push_back(positions.keys[i]);
    root.history.sides.push_back(positions.sides[i]);
    root.history.colourings.insert(root.history.colourings.end(),
                                   &positions.colourings[i * size_t(positions.words)],
                                   &positions.colourings[(i + 1) * size_t(positions.words)]);
  }
  return root;
}

class Search {
 public:
  Search(const Root* root, int depth) : root_(root), plies_(size_t(depth) + 1, root->ply) {
    line_.words = root->history.words;
  }

  // Back to the root with an empty line.
  void reset() {
    top_ = 0;
    line_.truncate(0);
  }

  // Is p legal for the player to move, and what kind of turn is it?
  // Precondition: p is empty.
  Kind check(Point p) const {
    const Ply& s = plies_[size_t(top_)];
    const Rules& rules = root_->rules;
    const Color c = s.to_move;
    const MoveEffect e = s.board.effect(p, c);
    if (e.suicide()) {
      if (rules.suicide == SuicideRule::Forbidden) return Kind::Illegal;
      if (rules.suicide == SuicideRule::Multi && e.suicided_stones < 2) return Kind::Illegal;
    }
    switch (rules.ko) {
      case KoRule::Simple:
        if (p == s.ko_point && e.captured_stones == 1 && s.board.at(s.ko_stone) == opponent(c)) {
          return Kind::Illegal;
        }
        break;
      case KoRule::Positional:
        if (e.suicided_stones == 1 || repeats(s.board, p, c, e, Color::Empty)) {
          return Kind::Illegal;
        }
        break;
      case KoRule::Situational:
        if (repeats(s.board, p, c, e, opponent(c))) return Kind::Illegal;
        break;
    }
    return e.captured_stones > 0 ? Kind::Capture : e.suicide() ? Kind::Suicide : Kind::Placement;
  }

  // Plays p (a legal point or kPass) for the player to move.
  void push(Point p) {
    const Ply& from = plies_[size_t(top_)];
    Ply& to = plies_[size_t(top_) + 1];
    to.board = from.board;
    const Color c = from.to_move;
    to.to_move = opponent(c);
    to.ko_point = to.ko_stone = kNoPoint;
    if (p == kPass) {
      to.passes = from.passes + 1;
      if (root_->rules.ko == KoRule::Situational) record(to.board, to.to_move);
    } else {
      to.passes = 0;
      const PlayResult result = to.board.play(p, c);
      if (result.captured_stones == 1 && to.board.chain_size(p) == 1 &&
          to.board.liberties(p) == 1) {
        for (int d : to.board.offsets()) {
          if (to.board.at(Point(p + d)) == Color::Empty) to.ko_point = Point(p + d);
        }
        to.ko_stone = p;
      }
      if (root_->rules.ko != KoRule::Simple) record(to.board, to.to_move);
    }
    to.line_size = line_.keys.size();
    ++top_;
  }

  void pop() {
    --top_;
    line_.truncate(plies_[size_t(top_)].line_size);
  }

  // The turns of the player to move, placements first, then the pass.
  void turns(std::vector<Point>& out) const {
    out.clear();
    const Board& b = plies_[size_t(top_)].board;
    for (int i = 0; i < b.empty_count(); ++i) {
      if (check(b.empty_point(i)) != Kind::Illegal) out.push_back(b.empty_point(i));
    }
    out.push_back(kPass);
  }

  bool pass_ends() const { return plies_[size_t(top_)].passes + 1 >= root_->pass_limit; }

  // Adds the leaves below the current node, cut `remaining` (>= 1) turns
  // further down, and the nodes visited there (the current one excluded).
  void count(int remaining, PerftCounts& out) {
    const Board& b = plies_[size_t(top_)].board;
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
  void record(const Board& board, Color to_move) {
    const Color side = root_->rules.ko == KoRule::Situational ? to_move : Color::Empty;
    line_.add(board, side, history_key(board.hash(), side));
  }

  // Does c at p (with effect e) recreate a recorded position with `side`?
  bool repeats(const Board& board, Point p, Color c, const MoveEffect& e, Color side) const {
    const uint64_t key = history_key(board.hash_after(p, c, e), side);
    uint64_t after[2 * Board::kMaxColouringWords];
    bool built = false;
    auto same = [&](const Positions& positions, size_t i) {
      if (!built) {
        board.colouring_after(p, c, e, after);
        built = true;
      }
      return positions.same(i, side, after);
    };
    for (size_t i = 0; i < line_.keys.size(); ++i) {
      if (line_.keys[i] == key && same(line_, i)) return true;
    }
    const Positions& h = root_->history;
    auto it = std::lower_bound(h.keys.begin(), h.keys.end(), key);
    for (; it != h.keys.end() && *it == key; ++it) {
      if (same(h, size_t(it - h.keys.begin()))) return true;
    }
    return false;
  }

  const Root* root_;
  std::vector<Ply> plies_;
  int top_ = 0;
  Positions line_;
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

PerftCounts perft(const PerftStart& start, const Rules& rules, int depth,
                  const Progress& progress) {
  if (depth < 0) throw std::invalid_argument("the depth must be 0 or more");
  const Root root = make_root(start, rules);
  PerftCounts total;
  total.nodes = 1;
  if (depth == 0 || root.over) {
    total.leaves = 1;
    total.ended = root.over;
    return total;
  }
  Search search(&root, depth);
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
  if (levels == 0) {
    search.count(depth, total);
    return total;
  }
  total += above;

  tbb::enumerable_thread_specific<Search> searches(&root, depth);
  tbb::enumerable_thread_specific<PerftCounts> counts;
  std::atomic<uint64_t> done{0};
  std::mutex report;
  tbb::parallel_for(size_t(0), tasks.size(), [&](size_t t) {
    Search& s = searches.local();
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
