// The playout kernel (playout/playout_dispatch.h) against the reference model on
// a differential case (case.h): the kernel instance the case's size and rules
// pick plays the case's in-turn plays and passes that the reference model
// accepts (a kernel has no out-of-turn moves, off-board points or agreements:
// those steps are skipped on both sides). Before every played step it must
// give the reference model's legality and one-point-eye answer for every
// empty point; after it, the same colouring, player to move, prisoners and
// suicides; at the end, the same area score.
#pragma once

#include <functional>

#include "core/types.h"
#include "differential/case.h"

namespace tengen::differential {

// For the harness's own tests: changes the kernel's legality answer for c at
// the reference point p (y * width + x) before it is compared. Production
// runs pass none.
using KernelFault = std::function<bool(const Rules& rules, Color c, int p, bool legal)>;

// Plays case c on its kernel instance beside the reference model. A
// divergence's kind starts with "kernel "; its `what` names the instance.
// Cases whose handicap the engines refuse are skipped (run_case reports
// those).
CaseResult run_kernel_case(const Case& c, const KernelFault& fault = {});

}  // namespace tengen::differential
