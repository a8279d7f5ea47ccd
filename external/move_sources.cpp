#include "external/move_sources.h"

#include <memory>
#include <stdexcept>
#include <utility>

#include "core/coords.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::external {

MoveSource light_policy_moves(uint64_t seed) {
  struct State {
    playout::LightPolicy policy;
    playout::Rng rng;
    int single_suicides = 0;
    std::vector<Point> candidates;
  };
  auto state = std::make_shared<State>(State{{}, playout::Rng(seed), 0, {}});
  return [state](Game& game) -> std::optional<Point> {
    const Board& board = game.board();
    const Color c = game.to_move();
    if (state->single_suicides < board.area()) {
      const int before = game.suicides(c);
      const Point p = state->policy.play(game, state->rng);
      if (game.suicides(c) == before + 1) ++state->single_suicides;
      return p;
    }
    state->candidates.clear();
    for (int i = 0; i < board.empty_count(); ++i) {
      const Point p = board.empty_point(i);
      if (!playout::LightPolicy::acceptable(game, p)) continue;
      if (board.effect(p, c).suicided_stones == 1) continue;
      state->candidates.push_back(p);
    }
    const Point p = state->candidates.empty()
                        ? kPass
                        : state->candidates[state->rng.below(uint32_t(state->candidates.size()))];
    game.play(p);
    return p;
  };
}

MoveSource fixed_moves(std::vector<Point> moves) {
  auto next = std::make_shared<size_t>(0);
  return [moves = std::move(moves), next](Game& game) -> std::optional<Point> {
    if (*next >= moves.size()) return std::nullopt;
    const Point p = moves[(*next)++];
    if (const MoveError e = game.play(p); e != MoveError::None) {
      throw std::invalid_argument("fixed move " + std::to_string(*next) + " (" +
                                  gtp_vertex(game.board(), p) +
                                  ") refused: " + std::string(to_string(e)));
    }
    return p;
  };
}

}  // namespace tengen::external
