#include "formats/record_rules.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "core/presets.h"
#include "formats/record_result.h"
#include "formats/sgf_rules.h"

namespace tengen::formats {
namespace {

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  return out;
}

// 4.5, -0.5: a margin or komi with a half point.
bool has_half_point(double x) {
  return std::fmod(std::abs(x), 1.0) == 0.5;
}

bool is_multiple(double x, double step) {
  const double q = x / step;
  return std::isfinite(q) && q == std::floor(q);
}

bool komi_in_range(double k) {
  return is_multiple(k, 0.5) && std::abs(k) <= 1000;
}

// A property value quoted for a message, cut to a readable length on a
// UTF-8 character boundary.
std::string quoted(std::string_view id, std::string_view value) {
  constexpr size_t kMax = 48;
  std::string v(value.substr(0, kMax));
  if (value.size() > kMax) {
    while (!v.empty() && (static_cast<unsigned char>(v.back()) & 0xC0) == 0x80) v.pop_back();
    if (!v.empty() && static_cast<unsigned char>(v.back()) >= 0xC0) v.pop_back();
    v += "...";
  }
  for (char& c : v) c = c == '\n' ? ' ' : c;
  return fmt::format("{}[{}]", id, v);
}

std::string_view root_value(const GameRecord& record, std::string_view id) {
  for (const SgfProperty& p : record.root_extra) {
    if (p.id == id && !p.values.empty()) return p.values.front();
  }
  return {};
}

// A number at the start of `s` in ASCII digits (with an optional fraction)
// or one CJK numeral; sets *used to the bytes read.
std::optional<double> leading_number(std::string_view s, size_t* used) {
  size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  if (i > 0) {
    if (i + 1 < s.size() && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
      ++i;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    }
    *used = i;
    return std::strtod(std::string(s.substr(0, i)).c_str(), nullptr);
  }
  static constexpr std::array<std::string_view, 10> kNumerals = {"〇", "一", "二", "三", "四",
                                                                 "五", "六", "七", "八", "九"};
  for (size_t d = 0; d < kNumerals.size(); ++d) {
    if (s.starts_with(kNumerals[d])) {
      *used = kNumerals[d].size();
      return double(d);
    }
  }
  return std::nullopt;
}

struct Named {
  std::string_view word;
  std::string_view name;
};

// Words that name a ruleset inside a longer text, longest first where one
// contains another. Korean rules count territory like the Japanese ones.
constexpr std::array<Named, 22> kRulesWords = {{
    {"chinese", "chinese"}, {"china", "chinese"},      {"中国", "chinese"},
    {"中國", "chinese"},    {"japanese", "japanese"},  {"japan", "japanese"},
    {"日本", "japanese"},   {"korean", "korean"},      {"korea", "korean"},
    {"韩国", "korean"},     {"韓国", "korean"},        {"韓國", "korean"},
    {"한국", "korean"},     {"newzealand", "nz"},      {"new zealand", "nz"},
    {"应氏", "goe"},        {"應氏", "goe"},           {"ing sst", "goe"},
    {"goe", "goe"},         {"tromp", "tromp-taylor"}, {"american", "aga"},
    {"aga", "aga"},
}};

Rules rules_named(std::string_view name) {
  if (name == "korean") return Rules::japanese();
  if (name == "goe") return goe_rules();
  return *Rules::preset(name);
}

// KataGo's rules strings: "koPOSITIONALscoreAREAtaxNONEsui1button0whbN".
std::optional<Rules> katago_rules(std::string_view text) {
  const std::string t = lower_ascii(text);
  const size_t score = t.find("score");
  if (!t.starts_with("ko") || score == std::string::npos) return std::nullopt;
  Rules r = Rules::tromp_taylor();
  const std::string_view ko = std::string_view(t).substr(2, score - 2);
  if (ko == "simple") {
    r.ko = KoRule::Simple;
  } else if (ko == "situational" || ko == "spight") {
    r.ko = KoRule::Situational;
  } else if (ko != "positional") {
    return std::nullopt;
  }
  const std::string_view rest = std::string_view(t).substr(score + 5);
  if (rest.starts_with("territory")) {
    r.scoring = Scoring::Territory;
  } else if (!rest.starts_with("area")) {
    return std::nullopt;
  }
  r.suicide = t.find("sui1") != std::string::npos ? SuicideRule::Multi : SuicideRule::Forbidden;
  if (t.find("taxseki") != std::string::npos || t.find("taxall") != std::string::npos) {
    r.seki = SekiRule::Neutral;
  }
  if (t.find("whbn-1") != std::string::npos) {
    r.handicap_bonus = HandicapBonus::NMinusOne;
  } else if (t.find("whbn") != std::string::npos) {
    r.handicap_bonus = HandicapBonus::N;
  }
  return r;
}

constexpr std::array<Named, 15> kServers = {{
    {"tygem", "korean"},
    {"타이젬", "korean"},
    {"wbaduk", "korean"},
    {"cyberoro", "korean"},
    {"사이버오로", "korean"},
    {"kgs", "japanese"},
    {"pandanet", "japanese"},
    {"online-go", "japanese"},
    {"ogs", "japanese"},
    {"foxwq", "chinese"},
    {"野狐", "chinese"},
    {"yuanyu", "chinese"},
    {"fox", "chinese"},
    {"cgos", "chinese"},
    {"igs", "japanese"},
}};

}  // namespace

std::optional<double> read_points(std::string_view text, size_t* used) {
  for (std::string_view half : {"半目", "반집"}) {
    if (text.starts_with(half)) {
      *used = half.size();
      return 0.5;
    }
  }
  size_t n_used = 0;
  const std::optional<double> n = leading_number(text, &n_used);
  if (!n) return std::nullopt;
  std::string_view rest = text.substr(n_used);
  auto skip = [&rest](std::string_view token) {
    if (!rest.starts_with(token)) return false;
    rest.remove_prefix(token.size());
    return true;
  };
  double fraction = 0;
  double whole = *n;
  if (whole >= 1 && whole <= 3 && whole == std::floor(whole) && skip("/4")) {
    fraction = whole / 4;  // "1/4子": a quarter stone alone
    whole = 0;
  } else if (skip("又")) {
    if (rest.size() >= 3 && rest[1] == '/' && rest[2] == '4' && rest[0] >= '1' && rest[0] <= '3') {
      fraction = (rest[0] - '0') / 4.0;
      rest.remove_prefix(3);
    }
  } else if (skip("¾")) {
    fraction = 0.75;
  } else if (skip("¼")) {
    fraction = 0.25;
  } else if (skip("½")) {
    fraction = 0.5;
  }
  double points = whole + fraction;
  if (skip("子")) {
    points *= 2;  // stones: a stone is two points
  } else if (skip("目半") || skip("집반") || skip("집 반")) {
    points += 0.5;
  } else if (fraction == 0.75 || fraction == 0.25) {
    points *= 2;  // 3 3/4 without a unit: only stones come in quarters
  } else {
    (void)(skip("目") || skip("집") || skip("点"));
  }
  *used = text.size() - rest.size();
  return points;
}

bool is_tengen_application(std::string_view ap) {
  return ap == "Tengen" || ap.starts_with("Tengen:");
}

KomiSource komi_source(const GameRecord& record) {
  return KomiSource{record.width * record.height, is_tengen_application(root_value(record, "AP"))};
}

std::optional<KomiReading> read_komi_text(std::string_view km, const KomiSource& source) {
  const size_t first = km.find_first_not_of(" \t\n");
  if (first == std::string_view::npos) return std::nullopt;
  const std::string s(km.substr(first, km.find_last_not_of(" \t\n") + 1 - first));
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (s.size() > 32 || end != s.c_str() + s.size() || !std::isfinite(x)) return std::nullopt;
  if (source.tengen) return KomiReading{x, ""};
  // Hundredths only where the value as written would decide every game
  // before a stone is played: it exceeds the board's points (and 99).
  if (std::abs(x) >= 100 && std::abs(x) > source.points) {
    const double h = x / 100;
    if (komi_in_range(h)) return KomiReading{h, "hundredths"};
    if (is_multiple(h, 0.25) && komi_in_range(h * 2)) {
      return KomiReading{h * 2, "hundredths of stones"};
    }
    return std::nullopt;  // KM[655] on 19x19: no reading is plausible
  }
  if (komi_in_range(x)) return KomiReading{x, ""};
  if (std::abs(x) < 100 && is_multiple(x, 0.25)) return KomiReading{x * 2, "stones"};
  return std::nullopt;
}

std::optional<double> komi_in_text(std::string_view text) {
  const std::string t = lower_ascii(text);
  static constexpr std::array<std::string_view, 8> kBefore = {"komi", "贴目", "貼目", "贴",
                                                              "貼",   "コミ", "덤",   "km"};
  for (std::string_view key : kBefore) {
    for (size_t at = t.find(key); at != std::string::npos; at = t.find(key, at + 1)) {
      std::string_view rest = std::string_view(t).substr(at + key.size());
      while (!rest.empty()) {
        if (rest.starts_with("：")) {
          rest.remove_prefix(std::string_view("：").size());
        } else if (rest[0] == ' ' || rest[0] == ':' || rest[0] == '=' || rest[0] == '[') {
          rest.remove_prefix(1);
        } else {
          break;
        }
      }
      if (rest.starts_with("is ")) rest.remove_prefix(3);
      size_t used = 0;
      if (const std::optional<double> k = read_points(rest, &used); k && komi_in_range(*k)) {
        return *k;
      }
    }
  }
  // "6.5 komi": the number just before the word.
  for (size_t at = t.find("komi"); at != std::string::npos; at = t.find("komi", at + 1)) {
    size_t end = at;
    while (end > 0 && t[end - 1] == ' ') --end;
    size_t begin = end;
    while (begin > 0 && ((t[begin - 1] >= '0' && t[begin - 1] <= '9') || t[begin - 1] == '.')) {
      --begin;
    }
    size_t used = 0;
    const std::string_view number = std::string_view(t).substr(begin, end - begin);
    if (const std::optional<double> n = leading_number(number, &used);
        n && used == number.size() && komi_in_range(*n)) {
      return *n;
    }
  }
  return std::nullopt;
}

std::optional<Rules> rules_in_text(std::string_view text, std::string* name) {
  std::string found;
  std::optional<Rules> rules;
  if (const RulesPreset* p = find_sgf_preset(text)) {
    found = fold_sgf_name(text) == "korean" ? "korean"
            : p->name.empty()               ? "goe"
                                            : std::string(p->name);
    rules = p->rules;
  } else if ((rules = katago_rules(text))) {
    found = std::string(text);
  } else if ((rules = rules_from_sgf_name(text))) {
    found = rules->to_string();
  } else {
    const std::string t = lower_ascii(text);
    for (const Named& w : kRulesWords) {
      if (t.find(w.word) != std::string::npos) {
        found = w.name;
        rules = rules_named(w.name);
        break;
      }
    }
  }
  if (rules && name) *name = found;
  return rules;
}

std::optional<Rules> server_rules(std::string_view text, std::string* server) {
  const std::string t = lower_ascii(text);
  for (const Named& s : kServers) {
    if (t.find(s.word) != std::string::npos) {
      if (server) *server = s.name;
      return rules_named(s.name);
    }
  }
  return std::nullopt;
}

RecordRules infer_record_rules(const GameRecord& record, const RecordRulesOverrides& overrides) {
  RecordRules out;
  Rules rules = overrides.default_rules;
  std::string rules_from;  // the evidence, for the message
  if (overrides.rules) {
    rules = *overrides.rules;
    out.name = overrides.rules->preset_name().empty() ? overrides.rules->to_string()
                                                      : std::string(overrides.rules->preset_name());
    out.rules_known = true;
    out.inferences.push_back("rules " + out.name + " from --rules");
  } else if (std::optional<Rules> r =
                 record.ruleset.empty() ? std::nullopt : rules_in_text(record.ruleset, &out.name)) {
    rules = *r;
    rules_from = quoted("RU", record.ruleset);
    out.rules_known = true;
  } else {
    for (std::string_view id : {"PC", "AP", "SO"}) {
      if (const std::string_view v = root_value(record, id); !v.empty()) {
        if (std::optional<Rules> r = server_rules(v, &out.name)) {
          rules = *r;
          rules_from = quoted(id, v) + " (the server's rules)";
          out.rules_known = true;
          break;
        }
      }
    }
  }
  if (out.rules_known && !overrides.rules) {
    out.inferences.push_back("rules " + out.name + " inferred from " + rules_from);
  }

  // The komi.
  double komi = rules.komi;
  const std::string_view km = record.komi_text;
  const KomiSource source = komi_source(record);
  const std::optional<KomiReading> reading = km.empty() ? std::nullopt : read_komi_text(km, source);
  const std::string km_quoted = quoted("KM", km);
  if (overrides.komi) {
    komi = *overrides.komi;
    out.komi_known = true;
    out.inferences.push_back("komi " + format_komi(komi) + " from --komi");
  } else if (reading && (reading->komi != 0 || source.tengen)) {
    // Tengen's KM[0] is the komi played, not a komi left unrecorded.
    komi = reading->komi;
    out.komi_known = true;
    if (!reading->how.empty()) {
      out.inferences.push_back(
          fmt::format("komi {} inferred from {} ({})", format_komi(komi), km_quoted, reading->how));
    }
  } else {
    // KM is 0, missing or unreadable: a komi stated in words wins.
    for (std::string_view id : {"RU", "GN", "EV", "GC", "C"}) {
      const std::string_view v =
          id == "RU" ? std::string_view(record.ruleset) : root_value(record, id);
      if (const std::optional<double> k = v.empty() ? std::nullopt : komi_in_text(v)) {
        komi = *k;
        out.komi_known = true;
        out.inferences.push_back(fmt::format("komi {} inferred from {}{}", format_komi(komi),
                                             quoted(id, v),
                                             km.empty() ? "" : " (" + km_quoted + " ignored)"));
        break;
      }
    }
    if (!out.komi_known && reading && record.handicap > 0) {
      komi = 0;
      out.komi_known = true;
    } else if (const RecordResult result = read_result(record.result);
               !out.komi_known && reading && result.margin && out.rules_known &&
               has_half_point(*result.margin) && has_half_point(rules.komi)) {
      // Every count is a whole number, so only a komi with a half point
      // gives a result with one: KM[0] is not the komi played.
      out.komi_known = true;
      out.inferences.push_back(fmt::format(
          "komi {} inferred from the rules {}: {} is not the komi, as {} has a half point",
          format_komi(komi), out.name, km_quoted, quoted("RE", record.result)));
    } else if (!out.komi_known && reading) {
      komi = 0;
      out.komi_known = true;
      out.warnings.push_back(km_quoted +
                             " in an even game and no komi stated elsewhere: komi 0 used (old "
                             "games had none; some servers write 0 for a komi they do not "
                             "record; --komi sets it)");
    } else if (!out.komi_known && record.handicap > 0) {
      komi = 0.5;
      out.warnings.push_back(
          fmt::format("{}: komi 0.5 used, as usual with a handicap (--komi sets it)",
                      km.empty() ? "no KM" : "unreadable " + km_quoted));
    } else if (!out.komi_known && out.rules_known) {
      out.komi_known = true;
      out.inferences.push_back(fmt::format("komi {} inferred from the rules {} ({})",
                                           format_komi(komi), out.name,
                                           km.empty() ? "no KM" : "unreadable " + km_quoted));
    } else if (!out.komi_known) {
      out.warnings.push_back(fmt::format("{}: the default rules' komi {} used (--komi sets it)",
                                         km.empty() ? "no KM" : "unreadable " + km_quoted,
                                         format_komi(komi)));
    }
  }

  // Rules from the komi, when nothing named them: 7.5 is played with area
  // counting (Chinese, AGA, servers in China), 6.5 and 5.5 with territory
  // counting (Japan, Korea).
  if (!out.rules_known && out.komi_known && record.handicap == 0) {
    if (komi == 7.5) {
      rules = Rules::chinese();
      out.name = "chinese";
    } else if (komi == 6.5 || komi == 5.5) {
      rules = Rules::japanese();
      out.name = "japanese";
    }
    if (!out.name.empty()) {
      out.rules_known = true;
      out.inferences.push_back(
          fmt::format("rules {} inferred from komi {} ({} counting goes with that komi)", out.name,
                      format_komi(komi), rules.scoring == Scoring::Area ? "area" : "territory"));
    }
  }
  if (!out.rules_known) {
    out.name = overrides.default_rules.preset_name().empty()
                   ? overrides.default_rules.to_string()
                   : std::string(overrides.default_rules.preset_name());
    out.warnings.push_back(
        fmt::format("rules unknown (no RU, server or komi names them): the default rules {} used "
                    "(--rules sets them)",
                    out.name));
  }
  rules.komi = komi;
  out.rules = rules;
  return out;
}

}  // namespace tengen::formats
