// What a record's RE says, and why a count of its final position may differ
// from it. RE is read as SGF writes it (B+3.5, W+R, 0, Draw) and as Chinese,
// Japanese and Korean records write it (黑胜3又3/4子, 白中盘胜, 黒6目半勝ち,
// 백 반집승). A count that does not reproduce the record's margin is put in
// one class: the komi, the counting method (area or territory, handicap
// compensation), parity (one or two points: a dame, the last move) or life
// and death (dead stones, seki).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/board.h"
#include "core/rules.h"
#include "core/scoring.h"

namespace tengen::formats {

struct RecordResult {
  char winner = '?';             // 'B', 'W', '0' (a draw) or '?' (void, unknown)
  std::optional<double> margin;  // for Black, when RE states it
  // "" or how RE was read when not as SGF writes it ("3又3/4子 read as 7.5
  // points", "W+0.0 read as a win without a margin").
  std::string how;
};

// Never throws; an unreadable RE is winner '?'.
RecordResult read_result(std::string_view re);

enum class Difference { None, Komi, Counting, Parity, LifeAndDeath };
std::string_view to_string(Difference);  // "none", "komi", "counting", "parity", "life and death"

struct DifferenceClass {
  Difference kind = Difference::None;
  std::string detail;  // a sentence: what count gives the record's margin, or how far off
};

// Why `record_margin` differs from the count of `board` under `rules` with
// `context` (the dead stones, seki and prisoners the count used):
//   counting: the same position counted by the other method (area or
//             territory), or with another handicap compensation, gives it;
//   komi:     another komi (0, 0.5, 5.5, 6.5, 7, 7.5, 8 points; 2 or more from
//             the one used), with either counting method, gives it;
//   parity:   the difference is 1 or 2 points (a dame filled or not, the
//             last move, a komi 1 point off);
//   life and death: anything else (a dead-stone or seki call).
// Throws as score() does.
DifferenceClass classify_difference(const Board& board, const Rules& rules,
                                    const ScoreContext& context, double record_margin);

}  // namespace tengen::formats
