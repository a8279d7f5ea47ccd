// A portable game on the host with everything it reads: its start, the
// Zobrist keys, a superko history and a moves buffer for max_turns turns.
// For the CPU run of the portable code (gpu/results.cpp), tests and benches.
#pragma once

#include <memory>
#include <vector>

#include "core/game.h"
#include "core/zobrist.h"
#include "gpu/portable_playout.h"
#include "gpu/portable_start.h"
#include "gpu/results.h"

namespace tengen::gpu {

template <class G>
class PortableHost {
 public:
  static constexpr int N = G::N;

  // Precondition: start has no moves and fits G; max_turns >= 1.
  PortableHost(const Game& start, int max_turns)
      : start_(make_portable_start<N>(start)),
        max_turns_(max_turns),
        history_keys_(size_t(max_turns) + 2),
        colourings_((size_t(max_turns) + 2) * 2 * G::kWords),
        moves_(size_t(max_turns)),
        candidates_(N),
        stack_(N),
        owner_(N),
        owners_(size_t(owner_words(start.board().width(), start.board().height()))),
        game_(std::make_unique<G>()) {
    game_->init(PortableEnv<N>{
        start_.get(), portable_keys().data(), zobrist::kKeys.white_to_move, zobrist::kKeyCount,
        PortableHistory{history_keys_.data(), colourings_.data(), max_turns + 2}, moves_.data()});
    game_->reset();
  }

  G& game() { return *game_; }
  // One playout from the start: kEndTwoPasses or kEndMoveCap.
  uint8_t play(playout::Rng& rng) {
    return play_portable(*game_, rng, max_turns_, candidates_.data());
  }
  // The last playout's result; owners() its packed owners.
  PortableResult finish(uint8_t end) {
    PortableResult r;
    finish_portable(*game_, end, r, owners_.data(), owner_.data(), stack_.data());
    return r;
  }
  const uint32_t* owners() const { return owners_.data(); }
  // The last playout's moves as Game names them.
  std::vector<Move> moves() const {
    std::vector<Move> out;
    for (int i = 0; i < game_->turns(); ++i) {
      const uint16_t m = moves_[size_t(i)];
      out.push_back(Move{Color(m >> kMoveColourShift), Point(m & ((1 << kMoveColourShift) - 1))});
    }
    return out;
  }
  const std::vector<uint16_t>& raw_moves() const { return moves_; }
  // Scratch for count_area: owner colours and a flood-fill stack.
  Color* owner_scratch() { return owner_.data(); }
  Point* stack_scratch() { return stack_.data(); }

 private:
  std::unique_ptr<PortableStart<N>> start_;
  int max_turns_;
  std::vector<uint64_t> history_keys_, colourings_;
  std::vector<uint16_t> moves_;
  std::vector<Point> candidates_, stack_;
  std::vector<Color> owner_;
  std::vector<uint32_t> owners_;
  std::unique_ptr<G> game_;
};

}  // namespace tengen::gpu
