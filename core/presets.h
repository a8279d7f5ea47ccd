// The one table of named rule sets: Tengen's preset names (what Rules::parse
// takes and Rules::preset_name gives), the SGF RU value written for each, and
// the RU values read for it. Rules::parse, its error message, the SGF reader
// and the SGF writer all use this table and no other list of names.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "core/rules.h"

namespace tengen {

struct RulesPreset {
  Rules rules;                // komi at the ruleset's default
  std::string_view name;      // Tengen's name ("tromp-taylor"); "" for a ruleset read from SGF only
  std::string_view alias;     // another name Rules::parse takes ("tt"), or ""
  std::string_view sgf_name;  // the RU value written ("Tromp-Taylor"); "" if none is written
  // More RU values read, folded (fold_sgf_name); the folded name and
  // sgf_name are read too.
  std::array<std::string_view, 3> sgf_aliases;
};

// Every entry: first Tengen's presets in the order of the README's table,
// then the rulesets read from SGF only (GOE).
std::span<const RulesPreset> rules_presets();

// The preset with this Tengen name or alias, any case; nullptr if none.
const RulesPreset* find_preset(std::string_view name);

// The entry whose RU value this is (folded: case, ' ', '-', '_', '.' and tabs
// ignored); nullptr if none.
const RulesPreset* find_sgf_preset(std::string_view ru);

// Tengen's preset names for messages: "tromp-taylor, japanese, chinese, aga, nz".
std::string preset_list();

// An RU value folded for comparison: lower case, without ' ', '-', '_', '.', tab.
std::string fold_sgf_name(std::string_view name);

}  // namespace tengen
