// The SGF RU property and Tengen's rules: the common ruleset names of real
// files mapped to rule values, and back.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rules.h"

namespace tengen::formats {

// The rules an RU value names (core/presets.h holds the names), komi left at
// the ruleset's default (KM sets it):
//   Japanese, Korean            -> Rules::japanese()
//   Chinese                     -> Rules::chinese()
//   AGA, BGA, French            -> Rules::aga()
//   NZ, New Zealand             -> Rules::nz()
//   GOE, Ing, Ing SST           -> positional superko, suicide of two or more
//                                  stones, area scoring, free handicap
//   Tromp-Taylor, TT            -> Rules::tromp_taylor()
// Case, spaces, '-', '_' and '.' are ignored ("tromp taylor", "new-zealand").
// Also accepted: a Tengen rules text (Rules::parse: "japanese,komi=0",
// "ko=simple,suicide=forbidden,..."), as written by sgf_rules_name.
// nullopt if the name is none of these.
std::optional<Rules> rules_from_sgf_name(std::string_view ru);

// The GOE (Ing) rules as read from RU[GOE].
Rules goe_rules();

// The RU value that names these rules for other programs where it can: the
// SGF name of a preset ("Japanese", "Chinese", "AGA", "NZ", "Tromp-Taylor"),
// else Rules::to_string() (without its komi where Rules::parse would refuse
// it: a GTP komi such as 6.25). rules_from_sgf_name of it gives back the
// rules with the komi of KM (all fields but komi equal; the key=value form
// keeps a komi Rules::parse reads).
std::string sgf_rules_name(const Rules& rules);

}  // namespace tengen::formats
