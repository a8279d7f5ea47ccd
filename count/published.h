// Published counts that Tengen's own counts are compared with, with their
// sources. Data only; the tool prints the comparison and the tests pin it.
#pragma once

#include <cstdint>
#include <string_view>

namespace tengen::count::published {

// Legal positions of the n x n board, n = 1..9: OEIS A094777 (John Tromp,
// "Number of legal Go positions"; Tromp and Farnebäck, "Combinatorics of Go").
inline constexpr std::string_view kSquareLegal[] = {
    "1",
    "57",
    "12675",
    "24318165",
    "414295148741",
    "62567386502084877",
    "83677847847984287628595",
    "990966953618170260281935463385",
    "103919148791293834318983090438798793469",
};

// Games (simple paths in the position graph from the empty board) of 2x2
// under positional superko: John Tromp, "number of 2*2 games",
// rec.games.go, 24 June 1999: 386,356,909,593 = 3 * 4651 * 27689881.
inline constexpr uint64_t kGames2x2 = 386356909593ull;

}  // namespace tengen::count::published
