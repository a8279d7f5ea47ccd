#include "formats/sgf_rules.h"

#include "core/presets.h"

namespace tengen::formats {

Rules goe_rules() {
  return find_sgf_preset("GOE")->rules;
}

std::optional<Rules> rules_from_sgf_name(std::string_view ru) {
  if (const RulesPreset* p = find_sgf_preset(ru)) return p->rules;
  // Our own key=value form, or a preset with overrides.
  if (ru.find('=') != std::string_view::npos) {
    std::string error;
    return Rules::parse(ru, &error);
  }
  return std::nullopt;
}

std::string sgf_rules_name(const Rules& rules) {
  for (const RulesPreset& p : rules_presets()) {
    if (p.sgf_name.empty()) continue;
    Rules preset = p.rules;
    preset.komi = rules.komi;  // KM carries the komi
    if (preset == rules) return std::string(p.sgf_name);
  }
  if (parse_komi(format_komi(rules.komi))) return rules.to_string();
  // A komi only GTP takes (6.25, 1e300) would make the text unreadable to
  // Rules::parse: KM alone carries it.
  std::string text = rules.to_string();
  const std::string item = ",komi=" + format_komi(rules.komi);
  text.erase(text.find(item), item.size());
  return text;
}

}  // namespace tengen::formats
