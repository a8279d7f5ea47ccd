#include "core/presets.h"

namespace tengen {
namespace {

constexpr Rules kTrompTaylor{};

constexpr Rules kJapanese{.ko = KoRule::Simple,
                          .suicide = SuicideRule::Forbidden,
                          .scoring = Scoring::Territory,
                          .komi = 6.5,
                          .handicap = HandicapPlacement::Fixed};

constexpr Rules kChinese{.ko = KoRule::Simple,
                         .suicide = SuicideRule::Forbidden,
                         .handicap = HandicapPlacement::Fixed,
                         .handicap_bonus = HandicapBonus::N};

constexpr Rules kAga{.ko = KoRule::Situational,
                     .suicide = SuicideRule::Forbidden,
                     .handicap = HandicapPlacement::Fixed,
                     .handicap_bonus = HandicapBonus::NMinusOne};

constexpr Rules kNz{.ko = KoRule::Situational, .suicide = SuicideRule::Multi, .komi = 7};

// GOE (Ing): positional superko, suicide of two or more stones, area
// scoring, free handicap. Read from SGF; Tengen has no preset of that name.
constexpr Rules kGoe{.ko = KoRule::Positional, .suicide = SuicideRule::Multi};

constexpr std::array<RulesPreset, 6> kPresets = {{
    {kTrompTaylor, "tromp-taylor", "tt", "Tromp-Taylor", {"tt"}},
    {kJapanese, "japanese", "", "Japanese", {"jp", "korean"}},
    {kChinese, "chinese", "", "Chinese", {"cn"}},
    {kAga, "aga", "", "AGA", {"bga", "french"}},
    {kNz, "nz", "", "NZ", {"newzealand"}},
    {kGoe, "", "", "", {"goe", "ing", "ingsst"}},
}};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  return out;
}

}  // namespace

std::span<const RulesPreset> rules_presets() {
  return kPresets;
}

const RulesPreset* find_preset(std::string_view name) {
  const std::string n = lower(name);
  for (const RulesPreset& p : kPresets) {
    if (!p.name.empty() && (n == p.name || (!p.alias.empty() && n == p.alias))) return &p;
  }
  return nullptr;
}

std::string fold_sgf_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '.' || c == '\t') continue;
    out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  return out;
}

const RulesPreset* find_sgf_preset(std::string_view ru) {
  const std::string folded = fold_sgf_name(ru);
  if (folded.empty()) return nullptr;
  for (const RulesPreset& p : kPresets) {
    if (folded == fold_sgf_name(p.name) || folded == fold_sgf_name(p.sgf_name)) return &p;
    for (std::string_view alias : p.sgf_aliases) {
      if (!alias.empty() && folded == alias) return &p;
    }
  }
  return nullptr;
}

std::string preset_list() {
  std::string s;
  for (const RulesPreset& p : kPresets) {
    if (!p.name.empty()) s += (s.empty() ? "" : ", ") + std::string(p.name);
  }
  return s;
}

}  // namespace tengen
