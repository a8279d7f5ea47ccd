// Rules as data: one value type with one field per independent setting, and
// named presets that are plain values. See README.md ("Rules") for the presets.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

// simple: no immediate recapture of a single stone that just captured a single
//         stone. positional: no move may recreate an earlier board colouring
//         (Tromp-Taylor). situational: no move may recreate an earlier colouring
//         with the same player to move.
enum class KoRule { Simple, Positional, Situational };

// forbidden: no suicide. multi: only suicide of two or more stones.
// allowed: any suicide, as far as the suicide rule goes (the ko rule still
// applies: under positional superko a single-stone suicide repeats the board).
enum class SuicideRule { Forbidden, Multi, Allowed };

// area: own stones + empty points that reach only one's own colour.
// territory: empty points that reach only one's own colour + prisoners
//            (dead stones are removed first and counted as prisoners).
enum class Scoring { Area, Territory };

// What a game with equal scores is.
enum class TieRule { Draw, White };

// free: Black makes n consecutive moves (Tromp-Taylor). fixed: stones on the
// star points before White's first move.
enum class HandicapPlacement { Free, Fixed };

// Points White receives in area scoring for a handicap of n stones.
enum class HandicapBonus { None, N, NMinusOne };

// two-passes: two consecutive passes end the game.
// agreement: the Tromp-Taylor amendment: after two consecutive passes the players
// may end the game by agreeing on the dead stones; play may also resume; four
// consecutive passes end the game as it stands.
enum class EndRule { TwoPasses, Agreement };

// Eyes of chains in seki. counted: an empty region counts for the one colour
// it reaches, seki or not. neutral: the Japanese rules: no territory in seki,
// so an empty region touching a chain in seki counts for nobody (which chains
// are in seki is the scorer's input, like the dead stones).
enum class SekiRule { Counted, Neutral };

struct Rules {
  KoRule ko = KoRule::Positional;
  SuicideRule suicide = SuicideRule::Allowed;
  Scoring scoring = Scoring::Area;
  double komi = 7.5;  // added to White; a multiple of 0.5
  TieRule tie = TieRule::Draw;
  HandicapPlacement handicap = HandicapPlacement::Free;
  HandicapBonus handicap_bonus = HandicapBonus::None;
  EndRule end = EndRule::TwoPasses;
  SekiRule seki = SekiRule::Counted;

  static Rules tromp_taylor();
  static Rules japanese();
  static Rules chinese();
  static Rules aga();
  static Rules nz();

  // The preset names, in the order of the README's table.
  static const std::vector<std::string_view>& preset_names();
  static std::optional<Rules> preset(std::string_view name);

  // Accepts a preset name, a list "key=value,...", or a preset followed by
  // overrides ("japanese,komi=0"). Keys: ko, suicide, scoring, komi, tie,
  // handicap, bonus, end, seki. On failure returns nullopt and says why in *error.
  static std::optional<Rules> parse(std::string_view text, std::string* error);

  // The canonical "key=value,..." form; parse(to_string()) gives back *this.
  // seki is written only when it is not `counted` (the default).
  std::string to_string() const;
  // The preset this equals, or "" if none.
  std::string_view preset_name() const;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// The settings named by their values: every field of Rules but komi.
template <typename T>
concept RulesSetting = std::same_as<T, KoRule> || std::same_as<T, SuicideRule> ||
    std::same_as<T, Scoring> || std::same_as<T, TieRule> || std::same_as<T, HandicapPlacement> ||
    std::same_as<T, HandicapBonus> || std::same_as<T, EndRule> || std::same_as<T, SekiRule>;

// A setting's value as Rules::to_string writes it and Rules::parse reads it.
template <RulesSetting Setting>
std::string_view to_string(Setting value);

// Formats a komi exactly ("7.5", "-3", "0"; any other finite value, such as
// a GTP komi of 6.25, in its shortest exact form).
std::string format_komi(double komi);
// Parses a komi that is a multiple of 0.5 with |komi| <= 1000.
std::optional<double> parse_komi(std::string_view text);

}  // namespace tengen
