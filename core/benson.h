// Benson's algorithm: the chains of a colour that are unconditionally alive
// (pass-alive): the opponent cannot capture them even if their owner passes
// every turn. Pure rules on a board; no search.
//
// For colour c, a c-enclosed region is a maximal connected set of points that
// are not c (empty or opponent stones). A region is vital to a c chain when it
// holds at least one empty point and every empty point of it is a liberty of
// that chain. Benson (1976): repeatedly drop every chain with fewer than two
// vital regions among the regions kept, and every region that touches a
// dropped chain; the chains left are unconditionally alive.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.h"
#include "core/types.h"

namespace tengen {

struct PassAlive {
  // Indexed like the board's array (Board::array_size() entries).
  // chains[p]: p holds a stone of an unconditionally alive chain.
  std::vector<uint8_t> chains;
  // territory[p]: p lies in a region vital to an unconditionally alive chain
  // and touching only such chains: its empty points and any opponent stones
  // in it belong to that colour whatever the opponent does (the owner can
  // fill every empty point, each a liberty of an alive chain, and so capture
  // whatever lies there).
  std::vector<uint8_t> territory;
};

// The unconditionally alive chains of colour c and the regions they hold.
// Precondition: c is Black or White.
PassAlive pass_alive(const Board& board, Color c);

}  // namespace tengen
