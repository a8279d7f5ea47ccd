#include "scoring/conventions.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace tengen::scoring {
namespace {

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::vector<Convention> make_conventions() {
  Convention kgs;
  kgs.name = "kgs";
  kgs.rules = {
      "KGS counts the empty points that reach one colour only once the agreed dead stones are "
      "removed, plus prisoners under territory counting",
      "a chain whose liberties are one point of its own territory and at most one dame must fill "
      "that point (the opponent fills the dame with atari), so it counts for nobody; with two "
      "dame or more its owner takes one of them in turn and keeps the point",
      "dame count for nobody, under area counting too (KGS does not fill them)",
      "under territory counting the eyes of chains in seki count for nobody",
      "the komi is KM as written (0.5 in most handicap games), added to White; under area "
      "counting White also gets the handicap compensation of the rules (Chinese N, AGA N-1)"};
  kgs.seki = SekiRule::Neutral;
  kgs.last_liberty_dame = 1;

  Convention records;
  records.name = "records";
  records.rules = {
      "professional and AI records: under territory counting, a chain's last liberty in its "
      "own territory beside only dame counts for nobody, as its owner must fill it",
      "under Chinese rules the dame are filled in turn, the side to move first",
      "eyes in seki as the rules say; the komi as the record states it, added to White"};
  records.last_liberty_dame = std::numeric_limits<int>::max();
  records.fill_dame = true;

  Convention plain;
  plain.name = "plain";
  plain.rules = {
      "the rules' count as it stands: the empty points that reach one colour only, dame and "
      "last liberties as they are; eyes in seki and the komi as the rules say"};
  return {kgs, records, plain};
}

}  // namespace

const std::vector<Convention>& conventions() {
  static const std::vector<Convention> all = make_conventions();
  return all;
}

std::string convention_names() {
  std::string names;
  for (const Convention& c : conventions()) names += (names.empty() ? "" : ", ") + c.name;
  return names;
}

const Convention* find_convention(std::string_view name) {
  for (const Convention& c : conventions()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

Convention record_convention(const formats::GameRecord& record, std::string* why) {
  for (const formats::SgfProperty& p : record.root_extra) {
    if (p.id != "PC" && p.id != "AP" && p.id != "SO") continue;
    for (const std::string& v : p.values) {
      if (lower_ascii(v).find("kgs") != std::string::npos) {
        if (why) *why = p.id + "[" + v + "] names KGS";
        return *find_convention("kgs");
      }
    }
  }
  if (why) *why = "no server with a convention of its own named (PC, AP, SO)";
  return *find_convention("records");
}

}  // namespace tengen::scoring
