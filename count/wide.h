// Counts wider than 64 bits: the legal positions of boards of more than 40
// points (L(7x7) has 23 digits, L(9x9) 39).
#pragma once

#include <string>

namespace tengen::count {

// GCC and Clang's 128-bit unsigned integer; __extension__ keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 Wide;

// In decimal.
std::string to_string(Wide value);

// a + b. Throws std::overflow_error if the sum does not fit in 128 bits.
Wide checked_add(Wide a, Wide b);

}  // namespace tengen::count
