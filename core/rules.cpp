#include "core/rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace tengen {
namespace {

// Each setting's names, indexed by the enum's value.
constexpr std::array<std::string_view, 3> kKoNames = {"simple", "positional", "situational"};
constexpr std::array<std::string_view, 3> kSuicideNames = {"forbidden", "multi", "allowed"};
constexpr std::array<std::string_view, 2> kScoringNames = {"area", "territory"};
constexpr std::array<std::string_view, 2> kTieNames = {"draw", "white"};
constexpr std::array<std::string_view, 2> kHandicapNames = {"free", "fixed"};
constexpr std::array<std::string_view, 3> kBonusNames = {"none", "n", "n-1"};
constexpr std::array<std::string_view, 2> kEndNames = {"two-passes", "agreement"};
constexpr std::array<std::string_view, 2> kSekiNames = {"counted", "neutral"};

template <typename Enum, size_t N>
bool parse_enum(std::string_view value, const std::array<std::string_view, N>& names, Enum& out) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == value) {
      out = Enum(i);
      return true;
    }
  }
  return false;
}

template <size_t N>
std::string choices(const std::array<std::string_view, N>& names) {
  std::string s;
  for (auto name : names) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Applies one "key=value"; returns "" or why not.
std::string apply_setting(Rules& rules, std::string_view key, std::string_view value) {
  auto bad = [&](auto names) {
    return "rules: bad value '" + std::string(value) + "' for " + std::string(key) +
           " (expected one of: " + choices(names) + ")";
  };
  if (key == "ko") return parse_enum(value, kKoNames, rules.ko) ? "" : bad(kKoNames);
  if (key == "suicide")
    return parse_enum(value, kSuicideNames, rules.suicide) ? "" : bad(kSuicideNames);
  if (key == "scoring")
    return parse_enum(value, kScoringNames, rules.scoring) ? "" : bad(kScoringNames);
  if (key == "tie") return parse_enum(value, kTieNames, rules.tie) ? "" : bad(kTieNames);
  if (key == "handicap")
    return parse_enum(value, kHandicapNames, rules.handicap) ? "" : bad(kHandicapNames);
  if (key == "bonus")
    return parse_enum(value, kBonusNames, rules.handicap_bonus) ? "" : bad(kBonusNames);
  if (key == "end") return parse_enum(value, kEndNames, rules.end) ? "" : bad(kEndNames);
  if (key == "seki") return parse_enum(value, kSekiNames, rules.seki) ? "" : bad(kSekiNames);
  if (key == "komi") {
    auto komi = parse_komi(value);
    if (!komi) {
      return "rules: bad komi '" + std::string(value) +
             "' (expected a multiple of 0.5 between -1000 and 1000)";
    }
    rules.komi = *komi;
    return "";
  }
  return "rules: unknown setting '" + std::string(key) +
         "' (expected ko, suicide, scoring, komi, tie, handicap, bonus, end or seki)";
}

}  // namespace

Rules Rules::tromp_taylor() {
  return Rules{};
}

Rules Rules::japanese() {
  Rules r;
  r.ko = KoRule::Simple;
  r.suicide = SuicideRule::Forbidden;
  r.scoring = Scoring::Territory;
  r.komi = 6.5;
  r.handicap = HandicapPlacement::Fixed;
  return r;
}

Rules Rules::chinese() {
  Rules r;
  r.ko = KoRule::Simple;
  r.suicide = SuicideRule::Forbidden;
  r.handicap = HandicapPlacement::Fixed;
  r.handicap_bonus = HandicapBonus::N;
  return r;
}

Rules Rules::aga() {
  Rules r;
  r.ko = KoRule::Situational;
  r.suicide = SuicideRule::Forbidden;
  r.handicap = HandicapPlacement::Fixed;
  r.handicap_bonus = HandicapBonus::NMinusOne;
  return r;
}

Rules Rules::nz() {
  Rules r;
  r.ko = KoRule::Situational;
  r.suicide = SuicideRule::Multi;
  r.komi = 7;
  return r;
}

const std::vector<std::string_view>& Rules::preset_names() {
  static const std::vector<std::string_view> names = {"tromp-taylor", "japanese", "chinese", "aga",
                                                      "nz"};
  return names;
}

std::optional<Rules> Rules::preset(std::string_view name) {
  std::string n = lower(name);
  if (n == "tromp-taylor" || n == "tt") return tromp_taylor();
  if (n == "japanese") return japanese();
  if (n == "chinese") return chinese();
  if (n == "aga") return aga();
  if (n == "nz") return nz();
  return std::nullopt;
}

std::optional<Rules> Rules::parse(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Rules> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  text = trim(text);
  if (text.empty()) return fail("rules: empty rules text");
  Rules rules;
  bool first = true;
  std::vector<std::string> keys_seen;
  while (true) {
    size_t comma = text.find(',');
    std::string_view item = trim(text.substr(0, comma));
    if (item.empty()) {
      return fail(comma == std::string_view::npos
                      ? "rules: nothing after the last comma (remove the trailing ',')"
                      : "rules: an empty item between commas");
    }
    size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      if (!first) {
        return fail("rules: '" + std::string(item) +
                    "' is not key=value (a preset name may only come first)");
      }
      auto preset = Rules::preset(item);
      if (!preset) {
        return fail("rules: unknown preset '" + std::string(item) +
                    "' (expected tromp-taylor, japanese, chinese, aga, nz, or key=value,...)");
      }
      rules = *preset;
    } else {
      const std::string key = lower(trim(item.substr(0, eq)));
      std::string why = apply_setting(rules, key, lower(trim(item.substr(eq + 1))));
      if (!why.empty()) return fail(why);
      // A repeated key is a contradiction or a slip, never meant: refuse it
      // rather than let the last one win.
      if (std::find(keys_seen.begin(), keys_seen.end(), key) != keys_seen.end()) {
        return fail("rules: '" + key + "' is given twice (each key at most once)");
      }
      keys_seen.push_back(key);
    }
    first = false;
    if (comma == std::string_view::npos) break;
    text = text.substr(comma + 1);
  }
  return rules;
}

std::string Rules::to_string() const {
  std::string s;
  s += "ko=" + std::string(tengen::to_string(ko));
  s += ",suicide=" + std::string(tengen::to_string(suicide));
  s += ",scoring=" + std::string(tengen::to_string(scoring));
  s += ",komi=" + format_komi(komi);
  s += ",tie=" + std::string(tengen::to_string(tie));
  s += ",handicap=" + std::string(tengen::to_string(handicap));
  s += ",bonus=" + std::string(tengen::to_string(handicap_bonus));
  s += ",end=" + std::string(tengen::to_string(end));
  // Omitted at its default, so the canonical form of every earlier rules
  // value (and what other programs were given) stays as it was.
  if (seki != SekiRule::Counted) s += ",seki=" + std::string(tengen::to_string(seki));
  return s;
}

std::string_view Rules::preset_name() const {
  for (auto name : preset_names()) {
    if (*preset(name) == *this) return name;
  }
  return "";
}

std::string_view to_string(KoRule v) {
  return kKoNames[size_t(v)];
}
std::string_view to_string(SuicideRule v) {
  return kSuicideNames[size_t(v)];
}
std::string_view to_string(Scoring v) {
  return kScoringNames[size_t(v)];
}
std::string_view to_string(TieRule v) {
  return kTieNames[size_t(v)];
}
std::string_view to_string(HandicapPlacement v) {
  return kHandicapNames[size_t(v)];
}
std::string_view to_string(HandicapBonus v) {
  return kBonusNames[size_t(v)];
}
std::string_view to_string(EndRule v) {
  return kEndNames[size_t(v)];
}
std::string_view to_string(SekiRule v) {
  return kSekiNames[size_t(v)];
}

std::string format_komi(double komi) {
  if (!(std::abs(komi) < 1e15) || komi * 2 != std::floor(komi * 2)) {
    // Any other komi (GTP accepts any float): the shortest exact text.
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, komi);
    return std::string(buffer, result.ptr);
  }
  long twice = std::lround(komi * 2);
  std::string s = std::to_string(twice / 2);
  if (twice % 2 != 0) {
    if (twice < 0 && twice / 2 == 0) s = "-0";
    s += ".5";
  }
  return s;
}

std::optional<double> parse_komi(std::string_view text) {
  text = trim(text);
  if (text.empty() || text.size() > 20) return std::nullopt;
  for (char c : text) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+')) {
      return std::nullopt;
    }
  }
  std::string s(text);
  char* end = nullptr;
  double value = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(value)) return std::nullopt;
  if (std::abs(value) > 1000 || value * 2 != std::floor(value * 2)) return std::nullopt;
  return value;
}

}  // namespace tengen
