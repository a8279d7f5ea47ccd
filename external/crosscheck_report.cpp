#include "external/crosscheck_report.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/coords.h"

namespace tengen::external {

namespace {

std::string rules_label(const Rules& rules) {
  return std::string(to_string(rules.scoring)) + " ko=" + std::string(to_string(rules.ko)) +
         " suicide=" + std::string(to_string(rules.suicide));
}

std::string list_text(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (const std::string& f : items) text += (text.empty() ? "" : separator) + f;
  return text;
}

std::string flags_text(const std::vector<std::string>& flags) {
  return list_text(flags, " ");
}

}  // namespace

std::string format_report(const CrosscheckReport& report) {
  std::ostringstream out;
  for (const RuleSetReport& r : report.rule_sets) {
    const Tally& t = r.tally;
    if (r.rules_setting) {
      out << rules_label(r.rules) << "  [rules told by " << to_string(r.rules_setting->command);
      if (!r.rules_setting->untold.empty()) {
        out << "; not told: " << list_text(r.rules_setting->untold, ", ");
      }
      out << "]\n";
      if (!r.unanswerable.empty()) {
        out << "  the engine cannot answer: " << list_text(r.unanswerable, "; ") << "\n";
      }
    } else {
      out << rules_label(r.rules) << "  [gnugo " << flags_text(r.gnugo_flags) << "]\n";
    }
    out << "  games " << t.games << ", moves " << t.moves << ", positions " << t.positions
        << ", points compared " << t.points << ", scores compared " << t.scores << " (unsettled "
        << t.unsettled << ", capped " << t.capped << ", stopped " << t.stopped << ")";
    if (t.handicap_games) out << ", handicap games " << t.handicap_games;
    out << "\n  disagreements " << t.unexplained();
    for (int k = 0; k < kDisagreementKinds; ++k) {
      if (t.disagreements[k])
        out << ", " << to_string(Disagreement(k)) << " " << t.disagreements[k];
    }
    out << "; known differences";
    uint64_t known = 0;
    for (int k = 0; k < kKnownDifferenceKinds; ++k) {
      known += t.known[k];
      if (t.known[k]) out << " " << to_string(KnownDifference(k)) << " " << t.known[k];
    }
    if (known == 0) out << " 0";
    if (t.engine_errors) out << "; engine errors " << t.engine_errors;
    out << "\n";
  }
  const Tally& t = report.total;
  out << "total: games " << t.games << ", moves " << t.moves << ", points compared " << t.points
      << ", scores compared " << t.scores << ", unexplained disagreements " << t.unexplained()
      << ", known differences excluded " << t.known_total() << ", engine errors " << t.engine_errors
      << (report.interrupted ? " (interrupted)" : "") << "\n";
  for (const RuleSetReport& r : report.rule_sets) {
    for (const Finding& f : r.findings) {
      if (f.known) continue;
      out << "DISAGREEMENT " << to_string(f.disagreement) << " [" << rules_label(r.rules)
          << "] game " << f.game << ", " << f.size << "x" << f.size << ", komi "
          << format_komi(f.rules.komi) << ", after move " << f.move_number << ": " << f.text
          << "\n";
    }
    for (const std::string& e : r.engine_errors) {
      out << "ENGINE ERROR [" << rules_label(r.rules) << "] " << e << "\n";
    }
  }
  return out.str();
}

namespace {

nlohmann::ordered_json tally_json(const Tally& t) {
  nlohmann::ordered_json disagreements, known;
  for (int k = 0; k < kDisagreementKinds; ++k) {
    disagreements[std::string(to_string(Disagreement(k)))] = t.disagreements[k];
  }
  for (int k = 0; k < kKnownDifferenceKinds; ++k) {
    known[std::string(to_string(KnownDifference(k)))] = t.known[k];
  }
  return {{"games", t.games},
          {"moves", t.moves},
          {"positions", t.positions},
          {"points_compared", t.points},
          {"scores_compared", t.scores},
          {"unsettled", t.unsettled},
          {"capped", t.capped},
          {"stopped", t.stopped},
          {"handicap_games", t.handicap_games},
          {"disagreements", disagreements},
          {"known_differences", known},
          {"engine_errors", t.engine_errors}};
}

nlohmann::ordered_json finding_json(const Finding& f) {
  return {{"kind", std::string(f.known ? to_string(f.difference) : to_string(f.disagreement))},
          {"known", f.known},
          {"game", f.game},
          {"size", f.size},
          {"komi", format_komi(f.rules.komi)},
          {"move_number", f.move_number},
          {"text", f.text},
          {"sgf", f.sgf}};
}

}  // namespace

std::string report_json(const CrosscheckConfig& config, const CrosscheckReport& report) {
  nlohmann::ordered_json rule_sets = nlohmann::ordered_json::array();
  for (const RuleSetReport& r : report.rule_sets) {
    nlohmann::ordered_json findings = nlohmann::ordered_json::array();
    for (const Finding& f : r.findings) findings.push_back(finding_json(f));
    nlohmann::ordered_json entry = {{"rules", r.rules.to_string()}, {"gnugo_flags", r.gnugo_flags}};
    if (r.rules_setting) {
      entry["rules_command"] = std::string(to_string(r.rules_setting->command));
      entry["rules_untold"] = r.rules_setting->untold;
      entry["unanswerable"] = r.unanswerable;
    }
    entry["tally"] = tally_json(r.tally);
    entry["findings"] = findings;
    entry["engine_errors"] = r.engine_errors;
    rule_sets.push_back(std::move(entry));
  }
  const nlohmann::ordered_json j = {{"seed", config.seed},     {"games_per_rule_set", config.games},
                                    {"sizes", config.sizes},   {"interrupted", report.interrupted},
                                    {"clean", report.clean()}, {"total", tally_json(report.total)},
                                    {"rule_sets", rule_sets}};
  // GNU Go's messages are passed on as they came: bytes that are not UTF-8
  // are replaced rather than make the report fail.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace tengen::external
