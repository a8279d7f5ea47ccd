#include "playout/kernel.h"

#include <array>
#include <string>

#include "playout/light_choice.h"
#include "playout/playout_dispatch.h"

namespace tengen::playout {
namespace {

// One function per instance with the whole playout inlined: the Release speed.
// Sanitized builds, where speed does not matter, skip it: flattening every
// instance under ASan costs about six CPU minutes for this file alone.
#ifdef TENGEN_SANITIZED
#define TENGEN_FLATTEN
#else
#define TENGEN_FLATTEN [[gnu::flatten]]
#endif

template <class G>
class Kernel final : public PlayoutKernel {
 public:
  Kernel(const Game& start, int max_turns)
      : game_(PlayoutStart(start), start.rules(), max_turns),
        rules_(start.rules()),
        max_turns_(max_turns),
        name_(G::name()) {}

  TENGEN_FLATTEN PlayoutEnd play(Rng& rng) override {
    game_.reset();
    for (int turns = 0; game_.consecutive_passes() < 2; ++turns) {
      if (turns >= max_turns_) return PlayoutEnd::MoveCap;
      game_.play(choose_light_move(game_, rng, candidates_.data()), game_.to_move());
    }
    return PlayoutEnd::TwoPasses;
  }

  std::span<const Move> moves() const override { return game_.moves(); }
  int prisoners(Color c) const override { return game_.prisoners(c); }
  int suicides(Color c) const override { return game_.suicides(c); }

  Score score(std::vector<Color>& owner) const override {
    if (owner.size() != size_t(game_.array_size())) {
      owner.assign(size_t(game_.array_size()), Color::Wall);
    }
    const AreaCount count = game_.count_area(owner.data());
    ScoreContext context;
    // Suicided stones are the opponent's prisoners (Game::score).
    context.black_prisoners = game_.prisoners(Color::Black) + game_.suicides(Color::White);
    context.white_prisoners = game_.prisoners(Color::White) + game_.suicides(Color::Black);
    context.handicap_stones = game_.handicap();
    return score_count(count, rules_, context);
  }

  const char* name() const override { return name_.c_str(); }

 private:
  G game_;
  Rules rules_;
  int max_turns_;
  std::string name_;
  std::array<Point, Board::kMaxArray> candidates_;
};

}  // namespace

std::unique_ptr<PlayoutKernel> make_kernel(const Game& start, int max_turns) {
  return dispatch_playout_game(start.board().width(), start.board().height(), start.rules(),
                               [&]<class G>(TypeTag<G>) -> std::unique_ptr<PlayoutKernel> {
                                 return std::make_unique<Kernel<G>>(start, max_turns);
                               });
}

}  // namespace tengen::playout
