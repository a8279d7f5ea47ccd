// `tengen score FILE|DIR...`: scores finished SGF records with dead stones and
// seki estimated by playouts (selfplay/dead_stones.h), under the rules and
// komi each record means (formats/record_rules.h: every inference and warning
// printed) or --rules/--komi, and prints the result beside the record's RE,
// saying where they differ and in which class (formats/record_result.h).
// --json writes it all as JSON; --sgf-out writes each record with TB/TW
// territory markup. Exit status 1 when a file cannot be read or a record does
// not replay (a different result is not an error).
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/coords.h"
#include "external/gnugo.h"
#include "formats/record_result.h"
#include "formats/record_rules.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "formats/verify.h"
#include "selfplay/dead_stones.h"
#include "tools/commands.h"
#include "tools/options.h"
#include "tools/output.h"

namespace tengen::tools {
namespace {

struct ScoreCommandOptions {
  std::vector<std::string> paths;
  std::string rules;  // "" : each record's own
  std::string komi;   // "" : each record's own
  std::string default_rules = "japanese";
  std::string json;
  std::string sgf_out;
  std::string gnugo;  // "" : no comparison; "auto": find it
  selfplay::DeadStoneOptions estimate;
};

// One game's outcome.
struct GameScore {
  std::string file;
  size_t index = 0;
  std::string error;  // "" or why it was not scored
  formats::RecordRules rules;
  std::string record_result;
  formats::RecordResult record;  // RE read
  Score score;
  std::vector<Point> dead, seki;
  int width = 19, height = 19;
  std::vector<Color> owner;  // for the markup
  bool same_winner = false;
  bool same_margin = false;
  formats::DifferenceClass difference;  // when the margins differ
  // With --gnugo: GNU Go's final_status_list dead on the same position, and
  // how many stones on the board both call dead or both call not dead.
  std::optional<std::vector<Point>> gnugo_dead;
  int stones = 0, stones_agreeing = 0;
  bool gnugo_failed = false;  // GNU Go stopped answering (a fresh one is started)
};

// Sets up the board on GNU Go stone by stone (no stone of a legal position
// captures or suicides while its subsets are built) and compares its dead
// list with ours.
void compare_with_gnugo(external::GnuGo& gnugo, const Game& game, GameScore& g) {
  const Board& board = game.board();
  gnugo.new_game(board.width(), game.rules().komi);
  std::vector<uint8_t> ours(size_t(board.array_size()), 0), theirs(ours);
  for (Point p : g.dead) ours[p] = 1;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (board.at(p) == Color::Empty) continue;
      if (const external::GtpReply reply = gnugo.play(board, board.at(p), p); !reply.ok) {
        throw std::runtime_error("GNU Go refused a stone of the position: " + reply.text);
      }
    }
  }
  g.gnugo_dead = gnugo.final_status_list(board, "dead");
  for (Point p : *g.gnugo_dead) theirs[p] = 1;
  for (int i = 0; i < board.array_size(); ++i) {
    const Color c = board.at(Point(i));
    if (c != Color::Black && c != Color::White) continue;
    ++g.stones;
    g.stones_agreeing += ours[size_t(i)] == theirs[size_t(i)];
  }
}

GameScore score_record(formats::GameRecord record, const ScoreCommandOptions& options,
                       const formats::RecordRulesOverrides& overrides, external::GnuGo* gnugo) {
  GameScore g;
  g.rules = formats::infer_record_rules(record, overrides);
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
  const selfplay::DeadStoneEstimate e =
      selfplay::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options.estimate);
  const int extra_black = r.black_captures - game.prisoners(Color::Black);
  const int extra_white = r.white_captures - game.prisoners(Color::White);
  const ScoreContext context = selfplay::estimated_context(game, e, extra_black, extra_white);
  g.score = score(game.board(), game.rules(), context);
  g.dead = e.dead;
  g.seki = e.seki;
  final_owners(game.board(), game.rules(), context, g.owner);
  // Keep the board for the markup: owner alone cannot tell a stone from territory.
  for (int i = 0; i < game.board().array_size(); ++i) {
    const Color c = game.board().at(Point(i));
    if (c != Color::Empty && c == g.owner[size_t(i)]) g.owner[size_t(i)] = Color::Wall;
  }
  const char ours = g.score.winner == Winner::Black   ? 'B'
                    : g.score.winner == Winner::White ? 'W'
                                                      : '0';
  g.same_winner = ours == g.record.winner;
  g.same_margin = g.record.margin && *g.record.margin == g.score.margin;
  if (g.record.margin && !g.same_margin) {
    g.difference =
        formats::classify_difference(game.board(), game.rules(), context, *g.record.margin);
  }
  if (gnugo && g.width == g.height && g.width <= external::kGnuGoMaxSide) {
    try {
      compare_with_gnugo(*gnugo, game, g);
    } catch (const external::GtpError& e) {
      // The comparison is an extra: say so and go on with a fresh GNU Go.
      fmt::print(stderr, "tengen score: GNU Go comparison skipped: {}\n", e.what());
      g.gnugo_dead.reset();
      g.gnugo_failed = true;
    }
  }
  return g;
}

// TB and TW properties for a record's last node: the points (empty, or
// holding a dead stone) that count as territory.
std::string territory_markup(const GameScore& g) {
  const Board board(g.width, g.height);
  std::string tb, tw;
  for (int y = 0; y < g.height; ++y) {
    for (int x = 0; x < g.width; ++x) {
      const Point p = board.point(x, y);
      if (g.owner[p] == Color::Black) tb += "[" + sgf_point(board, p) + "]";
      if (g.owner[p] == Color::White) tw += "[" + sgf_point(board, p) + "]";
    }
  }
  return (tb.empty() ? "" : "TB" + tb) + (tw.empty() ? "" : "TW" + tw);
}

std::string points_text(int width, int height, const std::vector<Point>& points) {
  const Board board(width, height);
  std::string text;
  for (Point p : points) text += (text.empty() ? "" : " ") + gtp_vertex(board, p);
  return text;
}

// The game's line, then one indented line per inference, warning and
// difference class.
std::string game_line(const GameScore& g) {
  const std::string where = g.index > 0 ? fmt::format("{} #{}", g.file, g.index + 1) : g.file;
  if (!g.error.empty()) return fmt::format("{}: not scored: {}\n", where, g.error);
  std::string verdict = "same result";
  if (!g.record.margin && g.record.winner == '?') {
    verdict = "no result to compare";
  } else if (!g.record.margin) {
    verdict = g.same_winner ? "same winner" : "DIFFERENT WINNER";
  } else if (!g.same_margin) {
    verdict = fmt::format("DIFFERS by {} ({}){}", format_komi(g.score.margin - *g.record.margin),
                          to_string(g.difference.kind), g.same_winner ? "" : ", DIFFERENT WINNER");
  }
  std::string gnugo;
  if (g.gnugo_dead) {
    gnugo = fmt::format(" | GNU Go dead {}, {} of {} stones agree", g.gnugo_dead->size(),
                        g.stones_agreeing, g.stones);
  }
  std::string text = fmt::format(
      "{}: RE {}{} | {} komi {}: estimated {} (B {} W {} neutral {}; dead {}, seki {}) | {}{}\n",
      where, g.record_result.empty() ? "(none)" : g.record_result,
      g.record.how.empty() ? "" : " (" + g.record.how + ")", g.rules.name,
      format_komi(g.rules.rules.komi), g.score.result(), g.score.black, g.score.white,
      g.score.neutral, g.dead.size(), g.seki.size(), verdict, gnugo);
  for (const std::string& line : g.rules.inferences) text += "  " + line + "\n";
  for (const std::string& line : g.rules.warnings) text += "  warning: " + line + "\n";
  if (g.difference.kind != formats::Difference::None) {
    text += fmt::format("  {}: {}\n", to_string(g.difference.kind), g.difference.detail);
  }
  return text;
}

nlohmann::json game_json(const GameScore& g) {
  nlohmann::json j = {{"file", g.file}, {"game", g.index}, {"record_result", g.record_result}};
  if (!g.error.empty()) {
    j["error"] = g.error;
    return j;
  }
  j["rules"] = g.rules.rules.to_string();
  j["rules_name"] = g.rules.name;
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
  if (g.gnugo_dead) {
    j["gnugo_dead"] = points_text(g.width, g.height, *g.gnugo_dead);
    j["stones"] = g.stones;
    j["stones_agreeing_with_gnugo"] = g.stones_agreeing;
  }
  return j;
}

// Counted records (RE with a number): how many margins and winners match,
// the others by difference class, and the mean absolute error of the others.
struct Summary {
  int games = 0, errors = 0, counted = 0, exact = 0, compared = 0, same_winner = 0;
  int counted_same_winner = 0;
  std::array<int, 5> by_class{};  // indexed by formats::Difference
  int inferred = 0, warned = 0;   // games with an inference, with a warning
  int gnugo_games = 0, gnugo_games_agreeing = 0, stones = 0, stones_agreeing = 0;
  double abs_error = 0;
  void add(const GameScore& g) {
    ++games;
    if (!g.error.empty()) {
      ++errors;
      return;
    }
    if (g.gnugo_dead) {
      ++gnugo_games;
      gnugo_games_agreeing += g.stones == g.stones_agreeing;
      stones += g.stones;
      stones_agreeing += g.stones_agreeing;
    }
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
  int of(formats::Difference d) const { return by_class[size_t(d)]; }
  double mean_abs_error() const { return counted > exact ? abs_error / (counted - exact) : 0; }
};

// The records of one file with markup in each last node, as a collection.
std::string marked_up(std::vector<formats::GameRecord> records,
                      const std::vector<GameScore>& scores) {
  std::string text;
  for (size_t k = 0; k < records.size(); ++k) {
    std::erase_if(records[k].root_extra,
                  [](const formats::SgfProperty& p) { return p.id == "TB" || p.id == "TW"; });
    std::string one = formats::write_sgf(records[k]);
    const size_t close = one.rfind(')');
    if (scores[k].error.empty() && close != std::string::npos) {
      one.insert(close, territory_markup(scores[k]));
    }
    text += one;
  }
  return text;
}

// GNU Go for --gnugo, or null. Its rules only set legality flags; scoring
// is ours. Dead-stone analysis of a 19x19 middle game can take minutes.
std::unique_ptr<external::GnuGo> start_gnugo(const ScoreCommandOptions& options,
                                             const formats::RecordRulesOverrides& overrides) {
  if (options.gnugo.empty()) return nullptr;
  const std::string program = external::find_gnugo(options.gnugo == "auto" ? "" : options.gnugo);
  if (program.empty()) throw std::invalid_argument("--gnugo: no gnugo program found");
  return std::make_unique<external::GnuGo>(
      program, overrides.rules ? *overrides.rules : overrides.default_rules,
      std::chrono::minutes(5));
}

int run_score(const ScoreCommandOptions& options) {
  formats::RecordRulesOverrides overrides;
  if (!options.rules.empty()) overrides.rules = parse_rules(options.rules, "");
  // A komi written into --rules ("chinese,komi=7") is a komi override too.
  if (!options.komi.empty() || options.rules.find("komi=") != std::string::npos) {
    overrides.komi =
        parse_rules(options.rules.empty() ? "tromp-taylor" : options.rules, options.komi).komi;
  }
  overrides.default_rules = parse_rules(options.default_rules, "");
  formats::SgfReadOptions read;
  read.default_rules = overrides.default_rules;
  if (!options.sgf_out.empty() && !std::filesystem::is_directory(options.sgf_out)) {
    throw std::invalid_argument("--sgf-out: '" + options.sgf_out + "' is not a directory");
  }
  std::unique_ptr<external::GnuGo> gnugo = start_gnugo(options, overrides);
  Summary summary;
  int unreadable = 0;
  nlohmann::json games = nlohmann::json::array();
  for (const std::string& file : formats::collect_sgf_files(options.paths)) {
    const formats::SgfRead sgf = formats::read_sgf_file(file, read);
    if (!sgf.ok()) {
      fmt::print(stderr, "tengen score: {}\n", sgf.error->message());
      ++unreadable;
      continue;
    }
    std::vector<GameScore> scores;
    for (size_t k = 0; k < sgf.games.size(); ++k) {
      scores.push_back(score_record(sgf.games[k], options, overrides, gnugo.get()));
      if (scores.back().gnugo_failed) gnugo = start_gnugo(options, overrides);
      scores.back().file = file;
      scores.back().index = k;
      summary.add(scores.back());
      if (options.json != "-") std::fputs(game_line(scores.back()).c_str(), stdout);
      games.push_back(game_json(scores.back()));
    }
    if (!options.sgf_out.empty()) {
      const auto name = std::filesystem::path(file).filename();
      write_whole_file((std::filesystem::path(options.sgf_out) / name).string(),
                       marked_up(sgf.games, scores), "SGF file");
    }
  }
  using formats::Difference;
  const std::string summary_text = fmt::format(
      "{} games, {} not scored; {} with rules or komi inferred, {} with a warning; {} with a "
      "winner in RE: same winner {}; {} counted (RE with a number): margin reproduced {}, same "
      "winner {}; the others by class: komi {}, counting {}, parity {}, life and death {}; mean "
      "absolute error of the others {:.2f}\n",
      summary.games, summary.errors, summary.inferred, summary.warned, summary.compared,
      summary.same_winner, summary.counted, summary.exact, summary.counted_same_winner,
      summary.of(Difference::Komi), summary.of(Difference::Counting),
      summary.of(Difference::Parity), summary.of(Difference::LifeAndDeath),
      summary.mean_abs_error());
  if (options.json != "-") std::fputs(summary_text.c_str(), stdout);
  if (gnugo && options.json != "-") {
    std::fputs(fmt::format("GNU Go final_status_list dead: {} of {} games agree on every stone, "
                           "{} of {} stones agree\n",
                           summary.gnugo_games_agreeing, summary.gnugo_games,
                           summary.stones_agreeing, summary.stones)
                   .c_str(),
               stdout);
  }
  if (!options.json.empty()) {
    const nlohmann::json j = {{"games", games},
                              {"summary",
                               {{"games", summary.games},
                                {"not_scored", summary.errors},
                                {"with_winner", summary.compared},
                                {"same_winner", summary.same_winner},
                                {"inferred", summary.inferred},
                                {"warned", summary.warned},
                                {"counted", summary.counted},
                                {"margin_reproduced", summary.exact},
                                {"counted_same_winner", summary.counted_same_winner},
                                {"differences",
                                 {{"komi", summary.of(Difference::Komi)},
                                  {"counting", summary.of(Difference::Counting)},
                                  {"parity", summary.of(Difference::Parity)},
                                  {"life_and_death", summary.of(Difference::LifeAndDeath)}}},
                                {"mean_abs_error_others", summary.mean_abs_error()},
                                {"gnugo_games", summary.gnugo_games},
                                {"gnugo_games_agreeing", summary.gnugo_games_agreeing},
                                {"stones", summary.stones},
                                {"stones_agreeing_with_gnugo", summary.stones_agreeing}}},
                              {"playouts", options.estimate.playouts},
                              {"seed", options.estimate.seed}};
    write_whole_file(options.json, j.dump(2) + "\n", "JSON file");
  }
  return unreadable + summary.errors > 0 ? 1 : 0;
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto options = std::make_shared<ScoreCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "score",
      "Score finished SGF records with dead stones estimated by playouts; compare with RE");
  cmd->add_option("paths", options->paths, "SGF files, or directories searched for *.sgf")
      ->required();
  cmd->add_option("--rules", options->rules,
                  "Score under these rules instead of each record's (the record's komi still "
                  "applies unless --komi or komi= is given): preset or key=value,...")
      ->check(rules_check());
  add_komi_option(cmd, options->komi, "Score with this komi instead of each record's");
  add_rules_option(cmd, "--default-rules", options->default_rules,
                   "Rules for records where neither RU, the server nor the komi tells them "
                   "(a warning says so)");
  cmd->add_option("--json", options->json, "Also write everything as JSON to FILE ('-': stdout)");
  cmd->add_option("--sgf-out", options->sgf_out,
                  "Write each file, with TB/TW territory markup, into this directory");
  cmd->add_option("--gnugo", options->gnugo,
                  "Also ask GNU Go (PATH, or 'auto') for final_status_list dead on each final "
                  "position and count the stones and games where it agrees");
  add_int_option(cmd, "--playouts", options->estimate.playouts, "Playouts per position", 1, 1000000)
      ->capture_default_str();
  add_seed_option(cmd, options->estimate.seed, "Seed of the playouts");
  add_threads_option(cmd, options->estimate.threads);
  add_int_option(cmd, "--dead-percent", options->estimate.dead_percent,
                 "A chain is dead when the opponent owns it in more than this % of playouts", 0,
                 100)
      ->capture_default_str();
  add_int_option(cmd, "--settled-percent", options->estimate.settled_percent,
                 "Owning a chain in this % of playouts settles it (below: seki candidate)", 0, 100)
      ->capture_default_str();
  cmd->footer(
      "Each record's rules and komi are inferred from RU, KM (6.5, 650 in hundredths, 3.75 in "
      "stones), a komi in RU/GN/EV/GC/C, the server (PC, AP, SO) and the komi; every inference "
      "and every warning is printed.\n"
      "RE with a number (B+3.5, W+0.5, 0, 黑胜3又3/4子) is compared by margin, B+R or W+T by "
      "winner; a different margin is classed: komi, counting, parity or life and death.\n"
      "Exit status: 0 if every record was scored, 1 if a file is unreadable or a record does "
      "not replay.");
  on_run(cmd, [options] {
    options->estimate.threads = resolve_threads(options->estimate.threads);
    return run_score(*options);
  });
}

}  // namespace tengen::tools
