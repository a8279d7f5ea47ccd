#include "external/match_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/coords.h"
#include "external/gnugo.h"

namespace tengen::external {
namespace {

const char* const kEngineIds[2] = {"A", "B"};

std::string elo_text(const std::optional<double>& v, bool negative) {
  if (v) return fmt::format("{:+.0f}", *v);
  return negative ? "-inf" : "+inf";
}

nlohmann::json elo_json(const std::optional<double>& v, bool negative) {
  if (v) return std::round(*v * 10) / 10;
  return negative ? "-inf" : "+inf";
}

}  // namespace

std::string match_game_file(uint64_t index) {
  return fmt::format("game-{:06}.sgf", index);
}

std::string format_match_report(const MatchConfig& config, const MatchRun& run) {
  const MatchTotals t = match_totals(run.games);
  std::string text;
  text += fmt::format("Match: {} of {} games on {}x{}, rules {}, komi {}\n", t.games, config.games,
                      config.width, config.height, config.rules.to_string(),
                      format_komi(config.rules.komi));
  for (int e = 0; e < 2; ++e) {
    const MatchEngine& m = config.engines[size_t(e)];
    text += fmt::format("{}: {} ('{}'), rules told by {}\n", kEngineIds[e], m.display(),
                        m.command_line(), to_string(m.rules.command));
  }
  for (int e = 0; e < 2; ++e) {
    text += fmt::format("{} wins {} (as black {}, as white {})\n", kEngineIds[e], t.wins[size_t(e)],
                        t.wins_as[size_t(e)][0], t.wins_as[size_t(e)][1]);
  }
  text += fmt::format("Black wins {}, White wins {}, draws {}, void {}\n", t.black_wins,
                      t.white_wins, t.draws, t.void_games);
  std::string losses;
  for (int e = 0; e < 2; ++e) {
    if (t.resignations[size_t(e)]) {
      losses += fmt::format("{}{} resigned {}", losses.empty() ? "" : "; ", kEngineIds[e],
                            t.resignations[size_t(e)]);
    }
  }
  for (int k = 1; k < kForfeitKinds; ++k) {
    for (int e = 0; e < 2; ++e) {
      if (const uint64_t n = t.forfeits[size_t(k)][size_t(e)]) {
        losses += fmt::format("{}{} forfeited {} by {}", losses.empty() ? "" : "; ", kEngineIds[e],
                              n, to_string(Forfeit(k)));
      }
    }
  }
  text += "Resignations and forfeits: " + (losses.empty() ? std::string("none") : losses) + "\n";
  const EloEstimate& elo = t.elo;
  if (elo.games > 0) {
    text +=
        fmt::format("Elo A - B: {} (95% interval {} to {}), A's score {:.3f} of {} decided games\n",
                    elo_text(elo.difference, elo.score <= 0), elo_text(elo.low, true),
                    elo_text(elo.high, false), elo.score, elo.games);
  }
  if (run.played_now > 0) {
    text += fmt::format(
        "Speed: {} games in {:.1f} s, {:.2f} games/s (parallel {})\n", run.played_now, run.seconds,
        run.seconds > 0 ? double(run.played_now) / run.seconds : 0.0, config.parallel);
  }
  if (run.resumed) text += fmt::format("Resumed: {} games read back\n", run.resumed);
  if (run.interrupted) text += "Interrupted: the games not played are missing\n";
  return text;
}

std::string match_report_json(const MatchConfig& config, const MatchRun& run) {
  const MatchTotals t = match_totals(run.games);
  nlohmann::json j;
  j["settings"] = {{"board", fmt::format("{}x{}", config.width, config.height)},
                   {"rules", config.rules.to_string()},
                   {"komi", config.rules.komi},
                   {"games", config.games},
                   {"alternate", config.alternate},
                   {"max_moves", config.move_cap()},
                   {"move_timeout_seconds", double(config.move_timeout.count()) / 1000},
                   {"dead_stones", std::string(to_string(config.dead_stones))},
                   {"playouts", config.playouts},
                   {"seed", config.seed},
                   {"parallel", config.parallel}};
  nlohmann::json engines = nlohmann::json::array();
  for (int e = 0; e < 2; ++e) {
    const MatchEngine& m = config.engines[size_t(e)];
    engines.push_back({{"id", kEngineIds[e]},
                       {"command", m.command_line()},
                       {"name", m.name},
                       {"version", m.version},
                       {"rules_command", std::string(to_string(m.rules.command))},
                       {"rules_untold", m.rules.untold},
                       {"warnings", m.warnings}});
  }
  j["engines"] = engines;
  nlohmann::json games = nlohmann::json::array();
  for (const GameResult& r : run.games) {
    const int w = r.winner_engine();
    games.push_back({{"game", r.index},
                     {"black", kEngineIds[r.black_engine]},
                     {"white", kEngineIds[1 - r.black_engine]},
                     {"result", r.result},
                     {"end", std::string(to_string(r.end))},
                     {"winner", w < 0 ? nlohmann::json(nullptr) : nlohmann::json(kEngineIds[w])},
                     {"forfeit", r.forfeit == Forfeit::None
                                     ? nlohmann::json(nullptr)
                                     : nlohmann::json(std::string(to_string(r.forfeit)))},
                     {"moves", r.moves},
                     {"detail", r.detail}});
  }
  j["games"] = games;
  nlohmann::json forfeits = nlohmann::json::object();
  for (int k = 1; k < kForfeitKinds; ++k) {
    forfeits[std::string(to_string(Forfeit(k)))] = {{"A", t.forfeits[size_t(k)][0]},
                                                    {"B", t.forfeits[size_t(k)][1]}};
  }
  const EloEstimate& elo = t.elo;
  j["totals"] = {{"games", t.games},
                 {"void", t.void_games},
                 {"draws", t.draws},
                 {"wins", {{"A", t.wins[0]}, {"B", t.wins[1]}}},
                 {"wins_by_colour", {{"black", t.black_wins}, {"white", t.white_wins}}},
                 {"wins_as_black", {{"A", t.wins_as[0][0]}, {"B", t.wins_as[1][0]}}},
                 {"wins_as_white", {{"A", t.wins_as[0][1]}, {"B", t.wins_as[1][1]}}},
                 {"resignations", {{"A", t.resignations[0]}, {"B", t.resignations[1]}}},
                 {"forfeits", forfeits},
                 {"elo",
                  {{"decided_games", elo.games},
                   {"score_a", elo.score},
                   {"score_interval", {elo.low_fraction, elo.high_fraction}},
                   {"difference_a_minus_b",
                    elo.games ? elo_json(elo.difference, elo.score <= 0) : nlohmann::json(nullptr)},
                   {"interval", elo.games ? nlohmann::json::array({elo_json(elo.low, true),
                                                                   elo_json(elo.high, false)})
                                          : nlohmann::json(nullptr)}}}};
  j["resumed"] = run.resumed;
  j["interrupted"] = run.interrupted;
  j["seconds"] = run.seconds;
  j["games_per_second"] = run.seconds > 0 ? double(run.played_now) / run.seconds : 0.0;
  return j.dump(2) + "\n";
}

ResumedGame result_from_record(const MatchConfig& config, uint64_t index,
                               const formats::GameRecord& record) {
  ResumedGame out;
  if (record.width != config.width || record.height != config.height) {
    out.error = fmt::format("is a {}x{} game, the match is on {}x{}", record.width, record.height,
                            config.width, config.height);
    return out;
  }
  if (!(record.rules == config.rules)) {
    out.error = "was played under " + record.rules.to_string() + " (komi " +
                format_komi(record.rules.komi) + "), the match is under " +
                config.rules.to_string() + " (komi " + format_komi(config.rules.komi) + ")";
    return out;
  }
  GameResult r;
  r.index = index;
  r.black_engine = config.black_engine(index);
  r.result = record.result;
  r.moves = int(record.moves.size());
  for (const formats::SgfProperty& p : record.root_extra) {
    if (p.id == "C" && !p.values.empty()) r.detail = p.values[0];
    if (p.id == "XF" && !p.values.empty()) {
      const auto kind = forfeit_from_string(p.values[0]);
      if (!kind || *kind == Forfeit::None) {
        out.error = "has an unknown forfeit XF[" + p.values[0] + "]";
        return out;
      }
      r.forfeit = *kind;
    }
  }
  const std::string& re = record.result;
  if (re == "Void") {
    r.end = GameEnd::MoveCap;
  } else if (re == "0" || re == "Draw") {
    r.end = GameEnd::Score;
    r.winner = Winner::Draw;
  } else if (re.size() >= 3 && (re[0] == 'B' || re[0] == 'W') && re[1] == '+') {
    r.winner = re[0] == 'B' ? Winner::Black : Winner::White;
    const std::string how = re.substr(2);
    if (how == "R") {
      r.end = GameEnd::Resignation;
    } else if (how == "T" || how == "F") {
      r.end = GameEnd::Forfeit;
      if (r.forfeit == Forfeit::None || (how == "T") != (r.forfeit == Forfeit::Timeout)) {
        out.error = "has RE[" + re + "] without the forfeit's kind (XF) that goes with it";
        return out;
      }
    } else if (parse_komi(how)) {
      r.end = GameEnd::Score;
    } else {
      out.error = "has RE[" + re + "], which the referee does not write";
      return out;
    }
  } else {
    out.error = "has RE[" + re + "], which the referee does not write";
    return out;
  }
  if (r.end != GameEnd::Forfeit && r.forfeit != Forfeit::None) {
    out.error = "has a forfeit (XF) but RE[" + re + "]";
    return out;
  }
  out.game = std::move(r);
  return out;
}

}  // namespace tengen::external
