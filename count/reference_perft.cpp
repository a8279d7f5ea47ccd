// reference_perft (perft.h): the move tree walked on the reference model.
#include <stdexcept>
#include <string>

#include "count/perft.h"
#include "reference/reference.h"

namespace tengen::count {
namespace {

int reference_point(const Board& board, Point p) {
  return p == kPass ? reference::kPass : board.row(p) * board.width() + board.column(p);
}

void walk(const reference::Game& game, int remaining, PerftCounts& out) {
  for (int p : game.legal_moves()) {
    reference::Game child = game;
    child.play(p);
    ++out.nodes;
    if (remaining > 1 && !child.over()) {
      walk(child, remaining - 1, out);
      continue;
    }
    ++out.leaves;
    out.ended += child.over();
    const reference::Clearing clearing = child.last_clearing();
    if (p == reference::kPass) {
      ++out.passes;
    } else if (clearing.opponent_stones > 0) {
      ++out.captures;
    } else if (clearing.own_stones > 0) {
      ++out.suicides;
    } else {
      ++out.placements;
    }
  }
}

}  // namespace

PerftCounts reference_perft(const PerftStart& start, const Rules& rules, int depth) {
  if (depth < 0) throw std::invalid_argument("the depth must be 0 or more");
  const Board& setup = start.setup;
  const int width = setup.width(), height = setup.height();
  reference::Colouring colouring(size_t(width * height));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) colouring[size_t(y * width + x)] = setup.at(setup.point(x, y));
  }
  reference::Game game(width, height, colouring, start.first_to_move, rules);
  for (size_t i = 0; i < start.moves.size(); ++i) {
    const Move m = start.moves[i];
    if (game.play(m.color, reference_point(setup, m.point)) != MoveError::None) {
      throw std::invalid_argument("move " + std::to_string(i + 1) + " of the start is illegal");
    }
  }
  PerftCounts counts;
  counts.nodes = 1;
  if (depth == 0 || game.over()) {
    counts.leaves = 1;
    counts.ended = game.over();
    return counts;
  }
  walk(game, depth, counts);
  return counts;
}

}  // namespace tengen::count
