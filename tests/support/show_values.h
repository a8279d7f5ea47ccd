// Readable values in RapidCheck's failure messages (RC_ASSERT expansions and
// counterexamples): RapidCheck finds showValue by argument-dependent lookup.
#pragma once

#include <ostream>

#include "core/score.h"
#include "core/types.h"

// Readable values in RC_ASSERT expansions.
namespace tengen {
inline void showValue(Color c, std::ostream& os) {
  os << to_string(c);
}
inline void showValue(MoveError e, std::ostream& os) {
  os << to_string(e);
}
inline void showValue(EndReason r, std::ostream& os) {
  os << to_string(r);
}
inline void showValue(Winner w, std::ostream& os) {
  os << to_string(w);
}
inline void showValue(const Score& s, std::ostream& os) {
  os << "black " << s.black << " white " << s.white << " neutral " << s.neutral << " komi "
     << s.komi << " bonus " << s.handicap_bonus << " margin " << s.margin << " "
     << to_string(s.winner);
}
}  // namespace tengen
