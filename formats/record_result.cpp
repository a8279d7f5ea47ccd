#include "formats/record_result.h"

#include <array>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "formats/record_rules.h"

namespace tengen::formats {
namespace {

std::string lower_trimmed(std::string_view s) {
  const size_t first = s.find_first_not_of(" \t\n");
  if (first == std::string_view::npos) return {};
  std::string out(s.substr(first, s.find_last_not_of(" \t\n") + 1 - first));
  for (char& c : out) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  return out;
}

bool contains_any(std::string_view text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (text.find(w) != std::string_view::npos) return true;
  }
  return false;
}

// A margin written after "B+": "3.5", "3", "3.5 points", "0.5目". Any other
// text after the sign (R, Resign, T, Time, F, Forfeit) states no margin.
std::optional<double> sgf_margin(std::string_view text) {
  if (text.empty() || !((text[0] >= '0' && text[0] <= '9'))) return std::nullopt;
  size_t used = 0;
  const std::optional<double> points = read_points(text, &used);
  if (!points) return std::nullopt;
  std::string_view rest = text.substr(used);
  while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
  if (!rest.empty() && rest != "points" && rest != "point" && rest != "pts") return std::nullopt;
  return points;
}

std::string_view scoring_name(Scoring s) {
  return s == Scoring::Area ? "area" : "territory";
}

}  // namespace

RecordResult read_result(std::string_view re) {
  const std::string t = lower_trimmed(re);
  RecordResult r;
  static constexpr std::array<std::string_view, 9> kDraws = {"0",    "draw", "jigo",   "d", "和棋",
                                                             "和局", "持碁", "무승부", "빅"};
  for (std::string_view d : kDraws) {
    if (t == d) {
      r.winner = '0';
      r.margin = 0.0;
      return r;
    }
  }
  if (t.size() >= 2 && (t[0] == 'b' || t[0] == 'w') && t[1] == '+') {
    r.winner = char(t[0] - 'a' + 'A');
    if (const std::optional<double> m = sgf_margin(std::string_view(t).substr(2))) {
      if (*m == 0) {
        // A win by no points: servers (Fox) write B+0.0 for a win on time
        // or by forfeit. The winner stands; there is no margin.
        r.how = fmt::format("{} read as a win without a margin", re);
      } else {
        r.margin = r.winner == 'B' ? *m : -*m;
      }
    }
    return r;
  }
  // Chinese, Japanese and Korean: the colour, a win, and the margin or the
  // way it was won (中盘, 中押し, 불계: by resignation; 超时: on time).
  const bool black = contains_any(t, {"黑", "黒", "흑"});
  const bool white = contains_any(t, {"白", "백"});
  if (black == white || !contains_any(t, {"胜", "勝", "승"})) return r;
  r.winner = black ? 'B' : 'W';
  if (contains_any(t, {"中盘", "中盤", "中押", "불계", "超时", "時間", "时间", "认输", "投了"})) {
    return r;
  }
  for (size_t i = 0; i < t.size(); ++i) {
    size_t used = 0;
    if (const std::optional<double> m = read_points(std::string_view(t).substr(i), &used)) {
      r.margin = black ? *m : -*m;
      r.how =
          fmt::format("{} read as {} points", std::string_view(t).substr(i, used), format_komi(*m));
      return r;
    }
  }
  return r;
}

std::string_view to_string(Difference d) {
  switch (d) {
    case Difference::None:
      return "none";
    case Difference::Komi:
      return "komi";
    case Difference::Counting:
      return "counting";
    case Difference::Parity:
      return "parity";
    case Difference::LifeAndDeath:
      return "life and death";
  }
  return "none";
}

DifferenceClass classify_difference(const Board& board, const Rules& rules,
                                    const ScoreContext& context, double record_margin) {
  const Score ours = score(board, rules, context);
  if (ours.margin == record_margin) return {};
  auto count = [&](Scoring scoring, double komi, HandicapBonus bonus) {
    Rules r = rules;
    r.scoring = scoring;
    r.komi = komi;
    r.handicap_bonus = bonus;
    return score(board, r, context);
  };
  const Scoring other = rules.scoring == Scoring::Area ? Scoring::Territory : Scoring::Area;
  for (HandicapBonus bonus :
       {rules.handicap_bonus, HandicapBonus::None, HandicapBonus::N, HandicapBonus::NMinusOne}) {
    for (Scoring scoring : {rules.scoring, other}) {
      if (scoring == rules.scoring && bonus == rules.handicap_bonus) continue;
      const Score s = count(scoring, rules.komi, bonus);
      if (s.margin != record_margin) continue;
      std::string how = fmt::format("counted by {}", scoring_name(scoring));
      if (bonus != rules.handicap_bonus && context.handicap_stones > 0) {
        how += fmt::format(" with handicap compensation {}", to_string(bonus));
      }
      return {Difference::Counting,
              fmt::format("{} (komi {}) the position gives {}, as the record says", how,
                          format_komi(rules.komi), s.result())};
    }
  }
  static constexpr std::array<double, 7> kKomis = {0, 0.5, 5.5, 6.5, 7, 7.5, 8};
  for (double komi : kKomis) {
    if (std::abs(komi - rules.komi) < 2) continue;
    for (Scoring scoring : {rules.scoring, other}) {
      const Score s = count(scoring, komi, rules.handicap_bonus);
      if (s.margin != record_margin) continue;
      return {Difference::Komi,
              fmt::format("with komi {} (counted by {}) the position gives {}, as the record says",
                          format_komi(komi), scoring_name(scoring), s.result())};
    }
  }
  const double off = record_margin - ours.margin;
  if (std::abs(off) <= 2) {
    return {Difference::Parity,
            fmt::format("the record's margin is {} point{} from this count: a dame, the last "
                        "move or a komi one point off",
                        format_komi(std::abs(off)), std::abs(off) == 1 ? "" : "s")};
  }
  return {Difference::LifeAndDeath,
          fmt::format("off by {} points for {}: a dead-stone or seki call differs",
                      format_komi(std::abs(off)), off > 0 ? "Black" : "White")};
}

}  // namespace tengen::formats
