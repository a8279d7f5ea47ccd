#include "selfplay/record_score.h"

#include <cmath>

#include "core/coords.h"
#include "formats/replay.h"
#include "formats/verify.h"

namespace tengen::selfplay {

std::optional<double> record_margin(const std::string& re) {
  if (re == "0" || re == "Draw" || re == "draw" || re == "Jigo" || re == "jigo") return 0.0;
  if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+') return std::nullopt;
  const std::optional<double> value = parse_komi(re.substr(2));
  if (!value) return std::nullopt;
  return re[0] == 'B' ? *value : -*value;
}

char record_winner(const std::string& re) {
  if (re.size() >= 2 && (re[0] == 'B' || re[0] == 'W') && re[1] == '+') return re[0];
  if (record_margin(re) == 0.0) return '0';
  return '?';
}

RecordScore score_record(formats::GameRecord record, const std::optional<Rules>& rules,
                         const DeadStoneOptions& estimate, const CompareDead& compare) {
  RecordScore g;
  if (rules) {
    const double komi = record.has_komi ? record.rules.komi : rules->komi;
    record.rules = *rules;
    record.rules.komi = komi;
  }
  g.rules = record.rules;
  g.record_result = record.result;
  g.record_margin = record_margin(record.result);
  g.width = record.width;
  g.height = record.height;
  const formats::Replay r = formats::replay(record);
  if (!r.ok()) {
    g.error = r.setup_error.empty()
                  ? "move " + std::to_string(r.illegal->number) + " is illegal (" +
                        std::string(to_string(r.illegal->reason)) + ")"
                  : r.setup_error;
    return g;
  }
  const Game& game = *r.game;
  const DeadStoneEstimate e =
      estimate_dead_stones(game.board(), game.to_move(), game.rules(), estimate);
  const int extra_black = r.black_captures - game.prisoners(Color::Black);
  const int extra_white = r.white_captures - game.prisoners(Color::White);
  g.score = estimated_score(game, e, extra_black, extra_white);
  g.dead = e.dead;
  g.seki = e.seki;
  ScoreContext context;
  context.dead = e.dead;
  context.seki = e.seki;
  final_owners(game.board(), game.rules(), context, g.owner);
  for (int i = 0; i < game.board().array_size(); ++i) {
    const Color c = game.board().at(Point(i));
    if (c != Color::Empty && c == g.owner[size_t(i)]) g.owner[size_t(i)] = Color::Wall;
  }
  const char ours = g.score.winner == Winner::Black   ? 'B'
                    : g.score.winner == Winner::White ? 'W'
                                                      : '0';
  g.same_winner = ours == record_winner(record.result);
  g.same_margin = g.record_margin && *g.record_margin == g.score.margin;
  if (compare) compare(game, g);
  return g;
}

void ScoreSummary::add(const RecordScore& g) {
  ++games;
  if (!g.error.empty()) {
    ++errors;
    return;
  }
  if (g.other_dead) {
    ++other_games;
    other_games_agreeing += g.stones == g.stones_agreeing;
    stones += g.stones;
    stones_agreeing += g.stones_agreeing;
  }
  if (record_winner(g.record_result) != '?') {
    ++compared;
    same_winner += g.same_winner;
  }
  if (!g.record_margin) return;
  ++counted;
  exact += g.same_margin;
  abs_error += std::abs(g.score.margin - *g.record_margin);
}

double ScoreSummary::mean_abs_error() const {
  return counted > exact ? abs_error / (counted - exact) : 0;
}

ScoreFiles score_files(const std::vector<std::string>& paths, const std::optional<Rules>& rules,
                       const formats::SgfReadOptions& read, const DeadStoneOptions& estimate,
                       const ScoreFilesHooks& hooks) {
  ScoreFiles out;
  for (const std::string& file : formats::collect_sgf_files(paths)) {
    const formats::SgfRead sgf = formats::read_sgf_file(file, read);
    if (!sgf.ok()) {
      out.unreadable.push_back(sgf.error->message());
      if (hooks.on_unreadable) hooks.on_unreadable(*sgf.error);
      continue;
    }
    std::vector<RecordScore> scores;
    for (size_t k = 0; k < sgf.games.size(); ++k) {
      scores.push_back(score_record(sgf.games[k], rules, estimate, hooks.compare));
      scores.back().file = file;
      scores.back().index = k;
      out.summary.add(scores.back());
      if (hooks.on_game) hooks.on_game(scores.back());
      out.games.push_back(record_score_json(scores.back()));
    }
    if (hooks.on_file) hooks.on_file(file, sgf, scores);
  }
  return out;
}

std::string points_text(int width, int height, const std::vector<Point>& points) {
  const Board board(width, height);
  std::string text;
  for (Point p : points) text += (text.empty() ? "" : " ") + gtp_vertex(board, p);
  return text;
}

nlohmann::json record_score_json(const RecordScore& g) {
  nlohmann::json j = {{"file", g.file}, {"game", g.index}, {"record_result", g.record_result}};
  if (!g.error.empty()) {
    j["error"] = g.error;
    return j;
  }
  j["rules"] = g.rules.to_string();
  j["result"] = g.score.result();
  j["margin"] = g.score.margin;
  j["black"] = g.score.black;
  j["white"] = g.score.white;
  j["neutral"] = g.score.neutral;
  j["dead"] = points_text(g.width, g.height, g.dead);
  j["seki"] = points_text(g.width, g.height, g.seki);
  j["record_margin"] = g.record_margin ? nlohmann::json(*g.record_margin) : nlohmann::json();
  j["same_winner"] = g.same_winner;
  j["same_margin"] = g.same_margin;
  if (g.other_dead) {
    j["gnugo_dead"] = points_text(g.width, g.height, *g.other_dead);
    j["stones"] = g.stones;
    j["stones_agreeing_with_gnugo"] = g.stones_agreeing;
  }
  return j;
}

nlohmann::json score_report_json(const ScoreFiles& scored, const DeadStoneOptions& estimate) {
  const ScoreSummary& s = scored.summary;
  return {{"games", scored.games},
          {"summary",
           {{"games", s.games},
            {"not_scored", s.errors},
            {"with_winner", s.compared},
            {"same_winner", s.same_winner},
            {"counted", s.counted},
            {"margin_reproduced", s.exact},
            {"mean_abs_error_others", s.mean_abs_error()},
            {"gnugo_games", s.other_games},
            {"gnugo_games_agreeing", s.other_games_agreeing},
            {"stones", s.stones},
            {"stones_agreeing_with_gnugo", s.stones_agreeing}}},
          {"playouts", estimate.playouts},
          {"seed", estimate.seed}};
}

}  // namespace tengen::selfplay
