// Plain types shared by every layer: colours, points, moves.
#pragma once

#include <cstdint>
#include <string_view>

namespace tengen {

// The colour of a point. Wall marks the sentinel border around the board.
enum class Color : uint8_t { Empty = 0, Black = 1, White = 2, Wall = 3 };

// Precondition: c is Black or White.
constexpr Color opponent(Color c) {
  return Color(3 - uint8_t(c));
}

// Index of a point in the padded board array (see board.h for the layout).
// Point values are meaningful only together with the board's width.
using Point = uint16_t;

// Index 0 lies in the sentinel border, so it can never be a point on the board.
constexpr Point kPass = 0;
constexpr Point kNoPoint = 0xFFFF;

constexpr int kMaxSide = 25;

struct Move {
  Color color = Color::Black;
  Point point = kPass;
  friend bool operator==(const Move&, const Move&) = default;
};

std::string_view to_string(Color);

// Why a move was refused. A refused move leaves a game unchanged.
enum class MoveError { None, OffBoard, Occupied, Suicide, Ko, Superko, GameOver };

// How a game ended (None: it goes on).
enum class EndReason { None, TwoPasses, FourPasses, Agreement };

enum class Winner { Black, White, Draw };

std::string_view to_string(MoveError);
std::string_view to_string(EndReason);
std::string_view to_string(Winner);

}  // namespace tengen
