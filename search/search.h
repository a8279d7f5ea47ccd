// Monte-Carlo tree search: UCT (UCB1) with RAVE/AMAF values mixed by Gelly
// and Silver's hand-set schedule, beta = sqrt(k / (3n + k)), over light
// playouts from any position of a Game (its superko history included).
//
// Tree parallelism on oneTBB: every thread walks the one tree, adding a
// virtual loss to the nodes on its path until its playout is backed up.
// Nodes come from a preallocated pool (`max_nodes`; none is allocated while
// searching); when the pool is full the tree stops growing and the search
// goes on with the tree it has. Between moves the tree is kept: the next
// search re-roots it on the moves played since, if they are in it.
//
// The playouts: LightPolicy + play_out on a copy of the position (a Game, so
// every rule set, size, handicap and history is exactly the game's); the
// copy reuses its capacity, so a playout allocates nothing once warm.
//
// With one thread and a playout budget the search is deterministic: the same
// seed, position and earlier searches give the same move every time.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.h"

namespace tengen::search {

struct SearchOptions {
  // Budgets per move: a number of playouts, seconds, or both (whichever ends
  // first). At least one of them must be positive.
  int64_t playouts = 1000;
  double seconds = 0;
  int threads = 1;
  uint64_t seed = 1;
  // Nodes in the tree's pool (a second pool of the same size holds the tree
  // kept between moves): about 32 bytes a node.
  int64_t max_nodes = 1 << 21;
  // UCB1's exploration constant (RAVE does most of the exploring).
  double exploration = 0.1;
  // RAVE's equivalence parameter k: beta = sqrt(k / (3n + k)).
  double rave_equivalence = 1000;
  // A leaf is expanded at this many visits (the root always).
  int expand_visits = 2;
  // Resign when the best move's win rate is below this; 0 never resigns.
  double resign_threshold = 0;
};

// Throws std::invalid_argument naming the problem: no positive budget,
// negative or NaN seconds, negative playouts, threads < 1, a pool too small
// for a board of width x height (pass 0 x 0 to skip that check).
void check_options(const SearchOptions& options, int width = 0, int height = 0);

// The smallest pool that can search a board of that size: the root and a
// child for every point and the pass.
int64_t min_nodes(int width, int height);

struct Candidate {
  Point move = kPass;
  int visits = 0;
  double win_rate = 0;       // for the side to move, in [0, 1]
  double amaf_win_rate = 0;  // RAVE's estimate
  std::vector<Point> pv;     // the move, then the most visited replies
};

struct SearchResult {
  Point move = kPass;  // the move to play (kPass: pass)
  bool resign = false;
  double win_rate = 0.5;              // the move's, for the side to move
  int64_t playouts = 0;               // played in this search
  int64_t root_visits = 0;            // including visits kept from earlier searches
  std::vector<Candidate> candidates;  // root moves with visits, most visited first
  // Per point, indexed like the board's array: +1 Black owns it at the end of
  // every playout of this search, -1 White; walls 0.
  std::vector<double> ownership;
  int64_t nodes = 0;  // nodes in the tree after the search
};

// What a caller may do to a search under way (GTP's streaming lz-analyze, a
// self-play run's Ctrl-C): stop it early, and see it every so often.
struct SearchControl {
  // When it becomes true the search ends after the playouts under way (the
  // first playout always runs, so there is a move).
  const std::atomic<bool>* stop = nullptr;
  // Every `report_seconds` (> 0) while searching, on one of the search's
  // threads: the candidates so far, at least one (no ownership, no pass or
  // resign decision). The search goes on meanwhile on the other threads.
  double report_seconds = 0;
  std::function<void(const SearchResult&)> on_report;
};

class Search {
 public:
  // Throws std::invalid_argument for bad options (check_options).
  explicit Search(const SearchOptions& options);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Searches for the side to move and returns its move. Never an illegal
  // move; passes when passing does not lose (see search.cpp). Throws
  // std::invalid_argument if the pool is too small for the board. A game
  // that is over gets a pass and no search.
  SearchResult run(const Game& game, const SearchControl& control = {});

  // Forgets the tree.
  void clear();
  // Forgets the tree and starts counting searches again with this seed: the
  // searches that follow are those of a new Search with options().seed =
  // seed (a self-play game seeded from (run seed, game index)).
  void restart(uint64_t seed);

  const SearchOptions& options() const;
  // Changes the budgets of later searches (GTP time control). Throws as
  // check_options does.
  void set_budget(int64_t playouts, double seconds);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The stones that `ownership` (a SearchResult's) gives to the opponent of
// their colour, whole chains in board order: a chain is dead when the mean
// ownership of its points leans to the opponent.
std::vector<Point> dead_by_ownership(const Board& board, const std::vector<double>& ownership);

}  // namespace tengen::search
