#include "formats/sgf_rules.h"

#include <array>

namespace tengen::formats {
namespace {

// The name folded for comparison: lower case, without ' ', '-', '_', '.'.
std::string fold(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '.' || c == '\t') continue;
    out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  return out;
}

struct Alias {
  std::string_view folded;
  Rules (*rules)();
};

// Folded names as real files write them.
constexpr std::array<Alias, 14> kAliases = {{
    {"japanese", &Rules::japanese},
    {"jp", &Rules::japanese},
    {"korean", &Rules::japanese},
    {"chinese", &Rules::chinese},
    {"cn", &Rules::chinese},
    {"aga", &Rules::aga},
    {"bga", &Rules::aga},
    {"french", &Rules::aga},
    {"nz", &Rules::nz},
    {"newzealand", &Rules::nz},
    {"goe", &goe_rules},
    {"ing", &goe_rules},
    {"ingsst", &goe_rules},
    {"tromptaylor", &Rules::tromp_taylor},
}};

// SGF names for the presets, by Rules::preset_names() entry.
struct SgfName {
  std::string_view preset;
  std::string_view sgf;
};
constexpr std::array<SgfName, 5> kSgfNames = {{
    {"tromp-taylor", "Tromp-Taylor"},
    {"japanese", "Japanese"},
    {"chinese", "Chinese"},
    {"aga", "AGA"},
    {"nz", "NZ"},
}};

}  // namespace

Rules goe_rules() {
  Rules r;
  r.ko = KoRule::Positional;
  r.suicide = SuicideRule::Multi;
  r.scoring = Scoring::Area;
  r.komi = 7.5;
  r.handicap = HandicapPlacement::Free;
  return r;
}

std::optional<Rules> rules_from_sgf_name(std::string_view ru) {
  const std::string folded = fold(ru);
  if (folded == "tt") return Rules::tromp_taylor();
  for (const Alias& a : kAliases) {
    if (a.folded == folded) return a.rules();
  }
  // Our own key=value form, or a preset with overrides.
  if (ru.find('=') != std::string_view::npos) {
    std::string error;
    return Rules::parse(ru, &error);
  }
  return std::nullopt;
}

std::string sgf_rules_name(const Rules& rules) {
  for (const SgfName& n : kSgfNames) {
    Rules preset = *Rules::preset(n.preset);
    preset.komi = rules.komi;  // KM carries the komi
    if (preset == rules) return std::string(n.sgf);
  }
  return rules.to_string();
}

}  // namespace tengen::formats
