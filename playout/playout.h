// One light playout: the policy plays both sides from the game's position
// until two consecutive passes or a cap on the turns.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/game.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::playout {

// Why a playout ended. Under EndRule::Agreement the playout also stops at two
// consecutive passes and scores the board as it stands (TwoPasses).
enum class PlayoutEnd : uint8_t { TwoPasses, MoveCap };
constexpr int kPlayoutEnds = 2;

std::string_view to_string(PlayoutEnd);

// The default cap on the turns of a game (passes included): 3 turns per point,
// well above what light playouts take (1.3 to 1.4 per point on average, rarely
// more than 2.5).
int default_max_turns(int width, int height);

// Plays the policy for both sides until two consecutive passes, or until the
// game holds max_turns turns. Precondition: max_turns >= 1; the game is not over.
PlayoutEnd play_out(Game& game, LightPolicy& policy, Rng& rng, int max_turns);

}  // namespace tengen::playout
