// Counting conventions: how a record's final position is counted beyond what
// its rules say. The rules (formats/record_rules.h) say area or territory,
// the komi and the handicap compensation; a convention says how the server or
// the players who wrote the record settled what the rules leave open: the
// points beside a chain that must still fill a liberty, the dame, the eyes of
// chains in seki. Each record's convention comes from the server its PC, AP
// or SO names (KGS), else the professional and AI records' one; every score
// states which convention it used and why (RecordScore::convention).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"
#include "formats/sgf.h"

namespace tengen::scoring {

struct Convention {
  std::string name;
  // One sentence per rule, as stated in the output and the JSON.
  std::vector<std::string> rules;
  // Territory counting: a chain with one liberty in its colour's territory
  // and at most this many other liberties (dame) must fill that liberty, so
  // it counts for nobody (nullopt: no such rule).
  std::optional<int> last_liberty_dame;
  // Chinese rules: the dame are shared out by filling them in turn, the side
  // to move first (records stop before they are filled).
  bool fill_dame = false;
  // Territory counting: the eyes of chains in seki (nullopt: the rules' own).
  std::optional<SekiRule> seki;
};

// The conventions by name: "kgs", "records", "plain".
const std::vector<Convention>& conventions();
// "kgs, records, plain", for messages.
std::string convention_names();
// The convention of that name in conventions(), or null.
const Convention* find_convention(std::string_view name);

// A record's convention: KGS's when PC, AP or SO names KGS, else "records".
// *why says where it came from ("PC[The Kiseido Go Server (KGS) ...]").
Convention record_convention(const formats::GameRecord& record, std::string* why);

}  // namespace tengen::scoring
