#include "scoring/record_score.h"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/format.h>

#include "core/coords.h"
#include "core/values.h"
#include "formats/replay.h"
#include "formats/verify.h"

namespace tengen::scoring {

formats::RecordRulesOverrides record_rules_overrides(const std::string& rules,
                                                     const std::string& komi,
                                                     const std::string& default_rules) {
  formats::RecordRulesOverrides overrides;
  if (!rules.empty()) overrides.rules = parse_rules(rules, "");
  if (!komi.empty() || rules.find("komi=") != std::string::npos) {
    overrides.komi = parse_rules(rules.empty() ? "tromp-taylor" : rules, komi).komi;
  }
  overrides.default_rules = parse_rules(default_rules, "");
  return overrides;
}

namespace {

std::string_view name(Color c) {
  return c == Color::Black ? "Black" : "White";
}

// The margin and winner again, after points moved between the sides and
// neutral.
void recount(Score& s, TieRule tie) {
  s.margin = s.black - s.white - s.komi - s.handicap_bonus;
  s.winner = decide(s.margin, tie);
}

// Chinese counting fills the dame before the count, so a record that stops
// before that (most do) means them shared out by filling in turn, the side
// to move first: an odd number gives that side one more. Empty points beside
// a stone in seki are not dame (they stay neutral: Chinese rules split them
// evenly, which changes no margin). Adds the dame to the score and says so
// among the inferences.
void fill_dame(const Game& game, RecordScore& g) {
  if (g.rules.name != "chinese" || g.score.neutral == 0) return;
  const Board& board = game.board();
  std::vector<uint8_t> by_seki(size_t(board.array_size()), 0);
  for (Point p : g.seki) {
    for (int d : board.offsets()) by_seki[size_t(p + d)] = 1;
  }
  int dame = 0;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      dame += g.owner[p] == Color::Empty && !by_seki[p];
    }
  }
  if (dame == 0) return;
  const Color first = game.to_move();
  const int to_first = (dame + 1) / 2, to_second = dame / 2;
  Score& s = g.score;
  s.black += first == Color::Black ? to_first : to_second;
  s.white += first == Color::White ? to_first : to_second;
  s.neutral -= dame;
  recount(s, game.rules().tie);
  g.rules.inferences.push_back(fmt::format(
      "{} dame filled in turn, {} (to move) first, as Chinese counting fills them: {} to {}, "
      "{} to {}",
      dame, name(first), to_first, name(first), to_second, name(opponent(first))));
}

// The empty points a side must still fill, found on the board with the dead
// stones removed: a chain with one liberty in its colour's territory and at
// most `max_dame` other liberties (dame) is in atari once the dame are
// filled, so its owner must fill that liberty (left empty, the opponent
// would capture there). The convention sets `max_dame` (conventions.h).
// Professional and AI records (no limit), measured on 300 of them (README.md,
// "Dead stones"): with the playouts' dead stones 237 margins against 228
// without it, and 89 against 87 asking also that the opponent can fill each
// dame without self-atari (first 117 records); with GNU Go's, 264 against 258
// with GNU Go's own dame list. KGS (at most one dame: with two or more, the
// owner fills one in turn and keeps the point): 587 KGS 2001 records, 468
// margins against 441 with no limit, 444 with none allowed and 431 without
// the rule (playouts' dead stones, seed 1).
std::vector<Point> last_liberties(const Board& board, const std::vector<Point>& dead,
                                  const std::vector<Color>& owner, int max_dame) {
  std::vector<Color> colour(size_t(board.array_size()), Color::Wall);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) colour[board.point(x, y)] = board.at(board.point(x, y));
  }
  for (Point p : dead) colour[p] = Color::Empty;
  std::vector<uint8_t> seen(colour.size(), 0);
  std::vector<Point> chain, territory, dame, must_fill;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point start = board.point(x, y);
      const Color c = colour[start];
      if ((c != Color::Black && c != Color::White) || seen[start]) continue;
      chain.assign(1, start);
      seen[start] = 1;
      territory.clear();
      dame.clear();
      for (size_t k = 0; k < chain.size(); ++k) {
        for (int d : board.offsets()) {
          const Point q = Point(chain[k] + d);
          if (colour[q] == c && !seen[q]) {
            seen[q] = 1;
            chain.push_back(q);
          } else if (colour[q] == Color::Empty && owner[q] == c &&
                     std::find(territory.begin(), territory.end(), q) == territory.end()) {
            territory.push_back(q);
          } else if (colour[q] == Color::Empty && owner[q] != c &&
                     std::find(dame.begin(), dame.end(), q) == dame.end()) {
            dame.push_back(q);
          }
        }
      }
      if (territory.size() == 1 && int(dame.size()) <= max_dame) must_fill.push_back(territory[0]);
    }
  }
  return must_fill;
}

// Territory scoring: the points a side must fill (last_liberties) count for
// nobody.
void neutral_dame(const Game& game, const std::vector<Point>& dame, RecordScore& g) {
  if (game.rules().scoring != Scoring::Territory) return;
  int black = 0, white = 0;
  for (Point p : dame) {
    if (game.board().at(p) != Color::Empty) continue;
    black += g.owner[p] == Color::Black;
    white += g.owner[p] == Color::White;
    if (g.owner[p] == Color::Black || g.owner[p] == Color::White) g.owner[p] = Color::Empty;
  }
  if (black + white == 0) return;
  Score& s = g.score;
  s.black -= black;
  s.white -= white;
  s.neutral += black + white;
  recount(s, game.rules().tie);
  g.rules.inferences.push_back(
      fmt::format("{} empty points counted for nobody, as a side must fill them (the last "
                  "liberty but dame of its chain): {} of Black's, {} of White's",
                  black + white, black, white));
}

}  // namespace

RecordScore score_record(formats::GameRecord record, const formats::RecordRulesOverrides& overrides,
                         const DeadStoneOptions& estimate, const CompareDead& compare,
                         const CallDead& call, const std::optional<Convention>& convention) {
  RecordScore g;
  g.rules = formats::infer_record_rules(record, overrides);
  const Convention used = convention ? *convention : record_convention(record, &g.convention_from);
  if (convention) g.convention_from = "--convention";
  g.convention = used.name;
  if (used.seki && g.rules.rules.scoring == Scoring::Territory) g.rules.rules.seki = *used.seki;
  record.rules = g.rules.rules;
  g.record_result = record.result;
  g.record = formats::read_result(record.result);
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
  DeadStoneEstimate e;
  if (call) {
    try {
      StoneCalls calls = call(game);
      e.dead = std::move(calls.dead);
      e.seki = std::move(calls.seki);
    } catch (const std::exception& error) {
      g.error = std::string("dead stones not called: ") + error.what();
      return g;
    }
  } else {
    e = estimate_dead_stones(game.board(), game.to_move(), game.rules(), estimate);
  }
  const int extra_black = r.black_captures - game.prisoners(Color::Black);
  const int extra_white = r.white_captures - game.prisoners(Color::White);
  const ScoreContext context = estimated_context(game, e, extra_black, extra_white);
  g.score = score(game.board(), game.rules(), context);
  g.dead = e.dead;
  g.seki = e.seki;
  final_owners(game.board(), game.rules(), context, g.owner);
  for (int i = 0; i < game.board().array_size(); ++i) {
    const Color c = game.board().at(Point(i));
    if (c != Color::Empty && c == g.owner[size_t(i)]) g.owner[size_t(i)] = Color::Wall;
  }
  if (used.last_liberty_dame) {
    neutral_dame(game, last_liberties(game.board(), g.dead, g.owner, *used.last_liberty_dame), g);
  }
  if (used.fill_dame) fill_dame(game, g);
  const char ours = g.score.winner == Winner::Black   ? 'B'
                    : g.score.winner == Winner::White ? 'W'
                                                      : '0';
  g.same_winner = ours == g.record.winner;
  g.same_margin = g.record.margin && *g.record.margin == g.score.margin;
  if (g.record.margin && !g.same_margin) {
    g.difference =
        formats::classify_difference(game.board(), game.rules(), context, *g.record.margin);
    if (g.difference.kind == formats::Difference::None) {
      // The count before the points to fill were taken out or the dame
      // shared gives the record's margin: they are what differs.
      g.difference = {formats::Difference::Parity,
                      "the count before the points to fill and the dame were settled gives the "
                      "record's margin"};
    }
  }
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
  ++conventions[g.convention];
  inferred += !g.rules.inferences.empty();
  warned += !g.rules.warnings.empty();
  if (g.record.winner != '?') {
    ++compared;
    same_winner += g.same_winner;
  }
  if (!g.record.margin) return;
  ++counted;
  exact += g.same_margin;
  counted_same_winner += g.same_winner;
  ++by_class[size_t(g.difference.kind)];
  abs_error += std::abs(g.score.margin - *g.record.margin);
}

double ScoreSummary::mean_abs_error() const {
  return counted > exact ? abs_error / (counted - exact) : 0;
}

ScoreFiles score_files(const std::vector<std::string>& paths,
                       const formats::RecordRulesOverrides& overrides,
                       const DeadStoneOptions& estimate, const ScoreFilesHooks& hooks,
                       const std::optional<Convention>& convention) {
  formats::SgfReadOptions read;
  read.default_rules = overrides.default_rules;
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
      if (hooks.stop && hooks.stop->load(std::memory_order_relaxed)) {
        out.interrupted = true;
        return out;  // a file cut short gets no on_file
      }
      if (hooks.on_start) hooks.on_start(file, k);
      RecordScore g =
          score_record(sgf.games[k], overrides, estimate, hooks.compare, hooks.call, convention);
      if (hooks.stop && hooks.stop->load(std::memory_order_relaxed)) {
        out.interrupted = true;  // the game the stop came in: its calls may be cut short
        return out;
      }
      scores.push_back(std::move(g));
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
  j["rules"] = g.rules.rules.to_string();
  j["rules_name"] = g.rules.name;
  j["convention"] = g.convention;
  j["convention_from"] = g.convention_from;
  j["komi"] = g.rules.rules.komi;
  j["inferences"] = g.rules.inferences;
  j["warnings"] = g.rules.warnings;
  j["result"] = g.score.result();
  j["margin"] = g.score.margin;
  j["black"] = g.score.black;
  j["white"] = g.score.white;
  j["neutral"] = g.score.neutral;
  j["dead"] = points_text(g.width, g.height, g.dead);
  j["seki"] = points_text(g.width, g.height, g.seki);
  j["record_margin"] = g.record.margin ? nlohmann::json(*g.record.margin) : nlohmann::json();
  j["same_winner"] = g.same_winner;
  j["same_margin"] = g.same_margin;
  j["difference"] = g.difference.kind == formats::Difference::None
                        ? nlohmann::json()
                        : nlohmann::json{{"class", to_string(g.difference.kind)},
                                         {"detail", g.difference.detail}};
  if (g.other_dead) {
    j["gnugo_dead"] = points_text(g.width, g.height, *g.other_dead);
    j["stones"] = g.stones;
    j["stones_agreeing_with_gnugo"] = g.stones_agreeing;
  }
  return j;
}

nlohmann::json score_report_json(const ScoreFiles& scored, const DeadStoneOptions& estimate,
                                 const std::string& dead_stones) {
  using formats::Difference;
  const ScoreSummary& s = scored.summary;
  return {{"games", scored.games},
          {"summary",
           {{"games", s.games},
            {"not_scored", s.errors},
            {"with_winner", s.compared},
            {"same_winner", s.same_winner},
            {"inferred", s.inferred},
            {"conventions", s.conventions},
            {"warned", s.warned},
            {"counted", s.counted},
            {"margin_reproduced", s.exact},
            {"counted_same_winner", s.counted_same_winner},
            {"differences",
             {{"komi", s.of(Difference::Komi)},
              {"counting", s.of(Difference::Counting)},
              {"parity", s.of(Difference::Parity)},
              {"life_and_death", s.of(Difference::LifeAndDeath)}}},
            {"mean_abs_error_others", s.mean_abs_error()},
            {"gnugo_games", s.other_games},
            {"gnugo_games_agreeing", s.other_games_agreeing},
            {"stones", s.stones},
            {"stones_agreeing_with_gnugo", s.stones_agreeing}}},
          {"dead_stones", dead_stones},
          {"playouts", estimate.playouts},
          {"seed", estimate.seed}};
}

}  // namespace tengen::scoring
