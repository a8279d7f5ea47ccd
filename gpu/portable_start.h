// The host's side of a portable game's start: the start position in the
// kernel's layout (PlayoutStartArrays, so the chain lists and the empty-list
// order are the kernel's), copied into plain arrays a GPU can read.
#pragma once

#include <memory>

#include "core/game.h"
#include "gpu/portable_game.h"
#include "playout/playout_start.h"

namespace tengen::gpu {

// Precondition: start has no moves and fits N points.
template <int N>
std::unique_ptr<PortableStart<N>> make_portable_start(const Game& start) {
  const PlayoutStart from(start);
  const int stride = start.board().width() + 1;
  const PlayoutStartArrays<N> a(from, stride);
  auto s = std::make_unique<PortableStart<N>>();
  s->width = start.board().width();
  s->height = start.board().height();
  s->stride = stride;
  for (int i = 0; i < N; ++i) {
    s->color[i] = a.color[size_t(i)];
    s->nbr[i] = a.nbr[size_t(i)];
    s->head[i] = a.head[size_t(i)];
    s->next[i] = a.next[size_t(i)];
    s->chain[i] = a.chain[size_t(i)];
    s->empty[i] = a.empty[size_t(i)];
    s->empty_at[i] = a.empty_at[size_t(i)];
    s->chain_key[i] = a.chain_key[size_t(i)];
  }
  s->empty_count = a.empty_count;
  s->hash = a.hash;
  for (int i = 0; i < 2 * PortableStart<N>::kWords; ++i) s->bits[i] = a.bits[size_t(i)];
  for (int i = 0; i < PortableStart<N>::kWords; ++i) s->bits_any[i] = a.bits_any[size_t(i)];
  s->stones = a.stones;
  s->to_move = a.to_move;
  s->handicap = a.handicap;
  s->free_handicap = a.free_handicap;
  return s;
}

}  // namespace tengen::gpu
