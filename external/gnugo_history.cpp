#include "external/gnugo_history.h"

#include <algorithm>
#include <utility>

namespace tengen::external {

GnuGoHistory::GnuGoHistory(GnuGoPosition start)
    : starts_{std::move(start)}, entries_(kGnuGoHistory) {}

void GnuGoHistory::play(GnuGoPosition before, Color mover) {
  const int move = int(positions_.size());
  positions_.push_back(std::move(before));
  if (pointer_ >= kGnuGoHistory) {
    std::copy(entries_.begin() + kGnuGoHistoryFold, entries_.begin() + pointer_, entries_.begin());
    pointer_ -= kGnuGoHistoryFold;
    // The new start: the position before the first move not folded away.
    starts_.push_back(positions_[size_t(folds() + 1) * kGnuGoHistoryFold]);
  }
  entries_[size_t(pointer_++)] = {move, folds(), mover};
}

bool GnuGoHistory::same_hash(const std::vector<Color>& a, int ea, const std::vector<Color>& b,
                             int eb) const {
  if (ea == eb) return a == b;
  const GnuGoPosition& sa = starts_[size_t(ea)];
  const GnuGoPosition& sb = starts_[size_t(eb)];
  // D(ea) ^ D(eb): start 0 cancels; the ko keys must cancel too.
  if (sa.ko != sb.ko) return false;
  for (size_t p = 0; p < a.size(); ++p) {
    int black = 0, white = 0;
    for (Color c : {a[p], b[p], sa.colouring[p], sb.colouring[p]}) {
      black += c == Color::Black;
      white += c == Color::White;
    }
    if (black % 2 != 0 || white % 2 != 0) return false;
  }
  return true;
}

bool GnuGoHistory::repeats(const std::vector<Color>& after, Color c, bool situational) const {
  for (int i = pointer_ - 1; i >= 0; --i) {
    const Entry& entry = entries_[size_t(i)];
    if (situational && entry.colour != opponent(c)) continue;
    if (same_hash(after, folds(), positions_[size_t(entry.position)].colouring, entry.epoch)) {
      return true;
    }
  }
  return false;
}

}  // namespace tengen::external
