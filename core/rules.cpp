#include "core/rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <tuple>
#include <type_traits>

#include "core/presets.h"

namespace tengen {
namespace {

// One setting of the rules: its key, its field and its values' names, indexed
// by the enum's value.
template <typename Enum, size_t N>
struct Setting {
  std::string_view key;
  Enum Rules::*field;
  std::array<std::string_view, N> names;
};

// Every setting but komi (RulesSetting), in the order Rules::to_string writes them.
constexpr std::tuple kSettings{
    Setting<KoRule, 3>{"ko", &Rules::ko, {"simple", "positional", "situational"}},
    Setting<SuicideRule, 3>{"suicide", &Rules::suicide, {"forbidden", "multi", "allowed"}},
    Setting<Scoring, 2>{"scoring", &Rules::scoring, {"area", "territory"}},
    Setting<TieRule, 2>{"tie", &Rules::tie, {"draw", "white"}},
    Setting<HandicapPlacement, 2>{"handicap", &Rules::handicap, {"free", "fixed"}},
    Setting<HandicapBonus, 3>{"bonus", &Rules::handicap_bonus, {"none", "n", "n-1"}},
    Setting<EndRule, 2>{"end", &Rules::end, {"two-passes", "agreement"}},
    Setting<SekiRule, 2>{"seki", &Rules::seki, {"counted", "neutral"}}};

// Calls f with each setting of kSettings, in order.
template <typename F>
void for_each_setting(F&& f) {
  std::apply([&](const auto&... setting) { (f(setting), ...); }, kSettings);
}

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

// The rules with one "key=value" applied; nullopt and why not in *error.
std::optional<Rules> with_setting(Rules rules, std::string_view key, std::string_view value,
                                  std::string* error) {
  std::optional<Rules> changed;
  bool known = false;
  for_each_setting([&](const auto& setting) {
    if (key != setting.key) return;
    known = true;
    if (parse_enum(value, setting.names, rules.*setting.field)) {
      changed = rules;
    } else {
      *error = "rules: bad value '" + std::string(value) + "' for " + std::string(key) +
               " (expected one of: " + choices(setting.names) + ")";
    }
  });
  if (known) return changed;
  if (key == "komi") {
    auto komi = parse_komi(value);
    if (!komi) {
      *error = "rules: bad komi '" + std::string(value) +
               "' (expected a multiple of 0.5 between -1000 and 1000)";
      return std::nullopt;
    }
    rules.komi = *komi;
    return rules;
  }
  *error = "rules: unknown setting '" + std::string(key) +
           "' (expected ko, suicide, scoring, komi, tie, handicap, bonus, end or seki)";
  return std::nullopt;
}

}  // namespace

Rules Rules::tromp_taylor() {
  return find_preset("tromp-taylor")->rules;
}

Rules Rules::japanese() {
  return find_preset("japanese")->rules;
}

Rules Rules::chinese() {
  return find_preset("chinese")->rules;
}

Rules Rules::aga() {
  return find_preset("aga")->rules;
}

Rules Rules::nz() {
  return find_preset("nz")->rules;
}

const std::vector<std::string_view>& Rules::preset_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const RulesPreset& p : rules_presets()) {
      if (!p.name.empty()) out.push_back(p.name);
    }
    return out;
  }();
  return names;
}

std::optional<Rules> Rules::preset(std::string_view name) {
  const RulesPreset* p = find_preset(name);
  if (!p) return std::nullopt;
  return p->rules;
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
        return fail("rules: unknown preset '" + std::string(item) + "' (expected " + preset_list() +
                    ", or key=value,...)");
      }
      rules = *preset;
    } else {
      const std::string key = lower(trim(item.substr(0, eq)));
      std::string why;
      std::optional<Rules> changed =
          with_setting(rules, key, lower(trim(item.substr(eq + 1))), &why);
      if (!changed) return fail(why);
      rules = *changed;
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

template <RulesSetting Setting>
std::string_view to_string(Setting value) {
  std::string_view name;
  for_each_setting([&](const auto& setting) {
    if constexpr (std::is_same_v<decltype(setting.field), Setting Rules::*>) {
      name = setting.names[size_t(value)];
    }
  });
  return name;
}

template std::string_view to_string(KoRule);
template std::string_view to_string(SuicideRule);
template std::string_view to_string(Scoring);
template std::string_view to_string(TieRule);
template std::string_view to_string(HandicapPlacement);
template std::string_view to_string(HandicapBonus);
template std::string_view to_string(EndRule);
template std::string_view to_string(SekiRule);

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
