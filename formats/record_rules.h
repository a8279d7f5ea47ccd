// The rules and komi a real game record means, read the way real records
// write them, each decision stated. Servers and editors write the komi as
// KM[6.5], KM[650] (hundredths), KM[3.75] (Chinese stones: 3 3/4 stones are
// 7.5 points), KM[0] with the komi only in a comment, the game name or RU,
// or not at all; and the rules as RU[Chinese], RU[Korean], a KataGo rules
// string, a name in Chinese, Japanese or Korean, or only through the server
// (PC, AP) or the komi itself. infer_record_rules says where each value came
// from ("komi 6.5 inferred from KM[650] (hundredths)") and warns about what it
// could not infer instead of defaulting in silence.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"
#include "formats/sgf.h"

namespace tengen::formats {

// Where a KM value was written, which decides how it is read.
struct KomiSource {
  int points = 19 * 19;  // the points of the record's board (SZ)
  bool tengen = false;   // AP names Tengen (is_tengen_application)
};

// True when an AP value names Tengen ("Tengen:0.4.0"), whose records write
// the komi in points, exactly as played.
bool is_tengen_application(std::string_view ap);

// The KomiSource of a parsed record: its board and its AP.
KomiSource komi_source(const GameRecord& record);

// A komi as a KM value writes it: points (6.5, 7.500000), hundredths of a
// point (650), stones (3.75: twice that in points) or hundredths of stones
// (375). `how` says which reading was used ("" for plain points). nullopt if
// the text is none of these. A value is read as written wherever that is
// plausible: always in Tengen's own records (any finite komi, as GTP's komi
// command takes 6.25 or 1e300), and elsewhere for a multiple of 0.5 no larger
// in size than the board's points or than 99. Only a value past both, which
// no game could be played for, is read as hundredths (KM[650], KM[375] on
// 19x19, as Fox and Tygem write them); a quarter below 100 as stones (3.75).
struct KomiReading {
  double komi = 0;
  std::string how;
};
std::optional<KomiReading> read_komi_text(std::string_view km, const KomiSource& source = {});

// An amount of points at the start of `text`, as Go texts write it: 6.5, 6,
// 六, 6目半 and 6집반 (6.5), 半目 and 반집 (0.5), 3又3/4子 and 3¾ (stones, 7.5
// points), 1/4子 (0.5 points), 2子 (4 points). Sets *used to the bytes read; nullopt if `text`
// does not start with one.
std::optional<double> read_points(std::string_view text, size_t* used);

// The komi a free text states ("komi 6.5", "Komi: 7.5", "6.5 komi", "贴3又3/4子",
// "贴目7.5", "コミ6目半", "덤 6집반"), or nullopt.
std::optional<double> komi_in_text(std::string_view text);

// The rules a free RU text names: the names of sgf_rules.h, KataGo's
// "koPOSITIONALscoreAREA..." strings, and names that contain a ruleset's
// name in English, Chinese, Japanese or Korean ("Chinese 7.5 komi", "中国规则",
// "日本ルール", "한국"). Korean rules are Japanese-style territory counting.
// `name` is set to what the rules are called ("chinese", "korean", ...).
// nullopt if the text names none of them.
std::optional<Rules> rules_in_text(std::string_view text, std::string* name = nullptr);

// The rules a server plays by, from a PC, AP or SO value that names it
// (Tygem, WBaduk and Cyberoro: Korean; KGS, IGS/Pandanet, OGS: Japanese;
// Fox, CGOS: Chinese). nullopt if no known server is named.
std::optional<Rules> server_rules(std::string_view text, std::string* server = nullptr);

struct RecordRulesOverrides {
  std::optional<Rules> rules;               // --rules: used as given (komi from the record)
  std::optional<double> komi;               // --komi: used as given
  Rules default_rules = Rules::japanese();  // when nothing tells the rules
};

struct RecordRules {
  Rules rules;       // with the komi
  std::string name;  // "chinese", "japanese", "korean", ..., or the rules text
  bool rules_known = false;
  bool komi_known = false;
  // One line per decision: "komi 6.5 inferred from KM[650] (hundredths)",
  // "rules chinese inferred from RU[Chinese]".
  std::vector<std::string> inferences;
  // What could not be inferred, and what was used instead.
  std::vector<std::string> warnings;
};

// The rules and komi of a record, in this order of evidence. Rules: the
// override; RU; the server (PC, AP, SO); the komi (7.5 or 3.75 stones: area
// counting; 6.5 or 5.5: territory counting); else the default rules, with a
// warning. Komi: the override; a KM other than 0 (read_komi_text); a komi
// stated in RU, GN, EV, GC or the root comment when KM is 0 or missing; KM[0]
// in a handicap game (kept); KM missing: 0.5 in a handicap game, else the
// rules' komi, with a warning; an even game's KM[0] with no komi stated
// elsewhere: the known rules' komi if RE's margin has a half point (no count
// gives one without komi), else kept, with a warning (old games had none;
// some servers write 0 for a komi they do not record).
RecordRules infer_record_rules(const GameRecord& record, const RecordRulesOverrides& overrides);

}  // namespace tengen::formats
