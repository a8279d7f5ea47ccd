// libFuzzer target: the playout kernel (playout/playout_game.h) against the
// reference model, on cases decoded from arbitrary bytes. The bytes pick the
// rules (ko, suicide, scoring), the board size (tiny boards, where positions
// repeat, and the fixed 9x9, 13x13 and 19x19 geometries), a handicap, and
// the moves; differential/kernel_case.h plays them on both and compares
// every empty point's legality and eye answer before each move, the
// colouring, turn, prisoners and suicides after it, and the area score at the
// end. Any divergence aborts with the case in words.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "differential/case.h"
#include "differential/kernel_case.h"
#include "reference/reference.h"

namespace {

using namespace tengen;

constexpr int kSizes[] = {1, 2, 3, 4, 5, 6, 7, 9, 13, 19, 25};
constexpr int kSizeCount = int(sizeof(kSizes) / sizeof(kSizes[0]));

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return at_ >= size_; }
  uint32_t next() { return at_ < size_ ? data_[at_++] : 0; }

 private:
  const uint8_t* data_;
  size_t size_, at_ = 0;
};

// The case the bytes spell. Moves are decoded against the reference model,
// so that every step is in turn and legal: a byte pair names a point (mod
// the board's area) or, with its two top bits set, a pass.
differential::Case decode(Bytes& in) {
  differential::Case c;
  const uint32_t r = in.next();
  c.rules.ko = KoRule(r % 3);
  c.rules.suicide = SuicideRule(r / 3 % 3);
  c.rules.scoring = r / 9 % 2 ? Scoring::Territory : Scoring::Area;
  const uint32_t s = in.next();
  c.width = kSizes[s % kSizeCount];
  c.height = s & 0x80 ? kSizes[(s >> 4) % kSizeCount] : c.width;
  const int area = c.width * c.height;
  reference::Game ref(c.width, c.height, c.rules);
  // Every step compares every empty point with the reference model, slow
  // under the sanitizers: at most about 3,000 point checks an input (a 9x9
  // case holds 45 steps, a 19x19 one 16; a 5x5 board a few games' worth).
  const size_t most = std::min<size_t>(4 * size_t(area), 3000 / size_t(area)) + 8;
  while (!in.empty() && !ref.over() && c.steps.size() < most) {
    const uint32_t hi = in.next(), lo = in.next();
    differential::Step step;
    step.color = ref.to_move();
    if ((hi & 0x80) != 0 && (hi & 0x40) != 0) {
      step.kind = differential::StepKind::Pass;
      ref.play(step.color, reference::kPass);
    } else {
      step.point = int(((hi & 0x7F) << 8 | lo) % uint32_t(area));
      if (ref.check(step.color, step.point) != MoveError::None) continue;
      ref.play(step.color, step.point);
    }
    c.steps.push_back(step);
  }
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  const differential::Case c = decode(in);
  const differential::CaseResult result = differential::run_kernel_case(c);
  if (result.divergence) {
    std::fprintf(stderr, "kernel divergence at step %d: %s: %s\n%s\n", result.divergence->step,
                 result.divergence->kind.c_str(), result.divergence->what.c_str(),
                 differential::describe(c).c_str());
    std::abort();
  }
  return 0;
}
