// Where playouts start, and that start laid out as the playout kernel keeps
// a board: colours, Board's packed neighbour counts, the same chain lists and
// empty-point list order as the Board it came from (so a kernel plays the
// very games a Game plays), pseudo-liberty records, and for superko the
// Zobrist hash and colouring bitsets.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>

#include "core/board.h"
#include "core/game.h"
#include "core/zobrist.h"
#include "playout/playout_chain.h"

namespace tengen {

// A game before its first move (after its handicap).
struct PlayoutStart {
  explicit PlayoutStart(const Game& game)
      : position(game.board()),
        to_move(game.to_move()),
        handicap(game.handicap()),
        free_handicap(game.rules().handicap == HandicapPlacement::Free &&
                              game.to_move() == Color::Black
                          ? game.handicap()
                          : 0) {
    if (!game.moves().empty()) throw std::invalid_argument("playouts start before the first move");
  }
  Board position;
  Color to_move;
  int handicap;       // stones for the score's handicap bonus
  int free_handicap;  // consecutive Black moves at the start
};

// The start position in the kernel's layout, for arrays of N points.
template <int N>
struct PlayoutStartArrays {
  static constexpr int kWords = (N + 63) / 64;

  // Precondition: from's board has stride `stride` and fits N points.
  PlayoutStartArrays(const PlayoutStart& from, int stride) {
    const Board& b = from.position;
    const int n = b.array_size();
    color.fill(Color::Wall);
    nbr.fill(0);
    head.fill(kNoPoint);
    next.fill(kNoPoint);
    chain.fill(PlayoutChain{0, 0, 0, 0});
    empty_at.fill(0);
    for (int i = 0; i < n; ++i) color[i] = b.at(Point(i));
    for (int i = 0; i < n; ++i) {
      if (color[i] == Color::Wall) continue;
      for (const int d : {-1, 1, -stride, stride}) {
        nbr[i] = uint16_t(nbr[i] + (1 << (4 * int(color[i + d]))));
      }
    }
    empty_count = b.empty_count();
    for (int i = 0; i < b.empty_count(); ++i) {
      empty[i] = b.empty_point(i);
      empty_at[b.empty_point(i)] = uint16_t(i);
    }
    for (int i = 0; i < n; ++i) add_stone(b, Point(i), stride);
    to_move = from.to_move;
    handicap = from.handicap;
    free_handicap = from.free_handicap;
  }

  std::array<Color, N> color;
  std::array<uint16_t, N> nbr;
  std::array<Point, N> head, next;
  std::array<PlayoutChain, N> chain;
  std::array<Point, N> empty;
  std::array<uint16_t, N> empty_at;
  int empty_count = 0;
  uint64_t hash = 0;
  std::array<uint64_t, N> chain_key{};      // at chain heads: the XOR of its stones' keys
  std::array<uint64_t, 2 * kWords> bits{};  // Black's stones, then White's
  std::array<uint64_t, kWords> bits_any{};
  int stones = 0;
  Color to_move = Color::Black;
  int handicap = 0, free_handicap = 0;

 private:
  // The stone at p (if any) into its chain, exactly as the board lists it.
  void add_stone(const Board& b, Point p, int stride) {
    const Color c = color[p];
    if (c != Color::Black && c != Color::White) return;
    head[p] = b.chain_head(p);
    next[p] = b.next_in_chain(p);
    PlayoutChain& ch = chain[b.chain_head(p)];
    ++ch.stones;
    for (const int d : {-1, 1, -stride, stride}) {
      if (color[p + d] == Color::Empty) add_lib(ch, Point(p + d));
    }
    hash ^= zobrist::key(p, c);
    chain_key[b.chain_head(p)] ^= zobrist::key(p, c);
    bits[(int(c) - 1) * kWords + (p >> 6)] |= uint64_t(1) << (p & 63);
    bits_any[p >> 6] |= uint64_t(1) << (p & 63);
    ++stones;
  }
};

}  // namespace tengen
