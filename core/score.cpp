#include "core/score.h"

#include "core/rules.h"

namespace tengen {

std::string Score::result() const {
  switch (winner) {
    case Winner::Black:
      return "B+" + format_komi(margin);
    case Winner::White:
      return "W+" + format_komi(-margin);
    case Winner::Draw:
      return "0";
  }
  return "?";
}

}  // namespace tengen
