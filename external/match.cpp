#include "external/match.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/coords.h"
#include "core/game.h"
#include "external/gnugo.h"
#include "formats/sgf.h"
#include "playout/rng.h"
#include "scoring/dead_stones.h"
#include "selfplay/stats.h"

namespace tengen::external {

std::string_view to_string(Forfeit f) {
  switch (f) {
    case Forfeit::None:
      return "none";
    case Forfeit::IllegalMove:
      return "illegal-move";
    case Forfeit::Died:
      return "died";
    case Forfeit::Timeout:
      return "timeout";
    case Forfeit::Garbage:
      return "garbage";
    case Forfeit::RefusedMove:
      return "refused-legal-move";
    case Forfeit::Setup:
      return "setup";
  }
  return "?";
}

std::optional<Forfeit> forfeit_from_string(std::string_view text) {
  for (int k = 0; k < kForfeitKinds; ++k) {
    if (to_string(Forfeit(k)) == text) return Forfeit(k);
  }
  return std::nullopt;
}

std::string_view to_string(GameEnd e) {
  switch (e) {
    case GameEnd::Score:
      return "score";
    case GameEnd::Resignation:
      return "resignation";
    case GameEnd::Forfeit:
      return "forfeit";
    case GameEnd::MoveCap:
      return "move-cap";
  }
  return "?";
}

std::string_view to_string(DeadStones d) {
  switch (d) {
    case DeadStones::Agreement:
      return "agreement";
    case DeadStones::Playouts:
      return "playouts";
    case DeadStones::None:
      return "none";
  }
  return "?";
}

std::string MatchEngine::command_line() const {
  std::string text;
  for (const std::string& word : argv) text += (text.empty() ? "" : " ") + word;
  return text;
}

std::string MatchEngine::display() const {
  if (name.empty()) return command_line();
  return version.empty() ? name : name + " " + version;
}

int GameResult::winner_engine() const {
  if (is_void() || winner == Winner::Draw) return -1;
  return winner == Winner::Black ? black_engine : 1 - black_engine;
}

std::vector<std::string> engine_argv(const std::vector<std::string>& argv, uint64_t seed) {
  std::vector<std::string> result = argv;
  const std::string text = std::to_string(seed);
  for (std::string& word : result) {
    for (size_t at; (at = word.find("{seed}")) != std::string::npos;) word.replace(at, 6, text);
  }
  return result;
}

MatchEngine probe_engine(const std::vector<std::string>& argv, const Rules& rules,
                         DeadStones dead_stones, std::chrono::milliseconds timeout) {
  MatchEngine m;
  m.argv = argv;
  Engine engine(engine_argv(argv, 0), timeout);
  m.name = engine.answer_or_empty("name");
  m.version = engine.answer_or_empty("version");
  m.rules = rules_setting(rules, engine.commands());
  m.final_status_list = engine.has("final_status_list");
  if (!m.rules.untold.empty()) {
    std::string untold;
    for (const std::string& u : m.rules.untold) untold += (untold.empty() ? "" : ", ") + u;
    std::string text = m.rules.command == RulesCommand::None
                           ? "has neither tengen-rules nor kata-set-rules: it is told the board "
                             "size and komi only, not " +
                                 untold
                           : "cannot be told " + untold;
    if (m.rules.command == RulesCommand::None && m.name == "GNU Go") {
      std::string flags;
      const std::vector<std::string> all = gnugo_flags(rules);
      // Past "--mode gtp --quiet": the flags of the rules.
      for (size_t i = 3; i < all.size(); ++i) flags += " " + all[i];
      text += " (GNU Go takes the rules as flags:" + flags + ")";
    }
    m.warnings.push_back(text);
  }
  if (dead_stones == DeadStones::Agreement && !m.final_status_list) {
    m.warnings.push_back(
        "has no final_status_list: its games' dead stones are estimated by playouts");
  }
  if (rules.suicide != SuicideRule::Forbidden && m.rules.command == RulesCommand::None) {
    m.warnings.push_back("may refuse a suicide, which the rules allow, and lose by it");
  }
  return m;
}

namespace {

Forfeit forfeit_of(GtpFailure failure) {
  switch (failure) {
    case GtpFailure::Start:
    case GtpFailure::Refused:
      return Forfeit::Setup;
    case GtpFailure::Exited:
      return Forfeit::Died;
    case GtpFailure::Timeout:
      return Forfeit::Timeout;
    case GtpFailure::Garbage:
      return Forfeit::Garbage;
    case GtpFailure::Stopped:  // a match sets no stop flag on its engines
      return Forfeit::Died;
  }
  return Forfeit::Garbage;
}

std::string lower_trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  std::string result;
  for (char c : text) result += char(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::string letter(Color c) {
  return c == Color::Black ? "B" : "W";
}

// One game under way.
class MatchGame {
 public:
  MatchGame(const MatchConfig& config, uint64_t index)
      : config_(config),
        index_(index),
        seed_(playout::game_seed(config.seed, index)),
        game_(config.width, config.height, config.rules),
        start_(game_.board()) {
    result_.index = index;
    result_.black_engine = config.black_engine(index);
  }

  GameResult play();

 private:
  int engine_of(Color c) const {
    return c == Color::Black ? result_.black_engine : 1 - result_.black_engine;
  }
  const MatchEngine& info(Color c) const { return config_.engines[size_t(engine_of(c))]; }
  std::string who(Color c) const {
    return std::string(gtp_color(c)) + " (" + (engine_of(c) == 0 ? "A" : "B") + ", " +
           info(c).display() + ")";
  }
  bool start(Color c);
  void lose(Color c, Forfeit kind, const std::string& detail);
  void score();
  std::optional<std::vector<Point>> agreed_dead(std::string* note);
  GameResult finish();

  const MatchConfig& config_;
  uint64_t index_;
  uint64_t seed_;
  Game game_;
  Board start_;
  std::optional<Engine> engines_[2];  // by colour: Black, White
  GameResult result_;
};

bool MatchGame::start(Color c) {
  const int e = engine_of(c);
  const MatchEngine& m = info(c);
  try {
    auto& engine = engines_[side_index(c)];
    engine.emplace(engine_argv(m.argv, playout::game_seed(seed_, uint64_t(e))),
                   config_.startup_timeout, m.display());
    engine->new_game(config_.width, config_.height, config_.rules.komi, m.rules);
    engine->set_timeout(config_.move_timeout);
    return true;
  } catch (const GtpError& error) {
    lose(c, forfeit_of(error.failure()), std::string("setting up: ") + error.what());
    return false;
  }
}

void MatchGame::lose(Color c, Forfeit kind, const std::string& detail) {
  result_.end = GameEnd::Forfeit;
  result_.forfeit = kind;
  result_.winner = c == Color::Black ? Winner::White : Winner::Black;
  const std::string how = kind == Forfeit::Timeout ? "T" : "F";
  result_.result = letter(opponent(c)) + "+" + how;
  result_.detail = who(c) + " forfeits (" + std::string(to_string(kind)) + "): " + detail;
  // The failed engine is of no more use; close it at once.
  engines_[side_index(c)].reset();
}

std::optional<std::vector<Point>> MatchGame::agreed_dead(std::string* note) {
  std::vector<Point> lists[2];
  for (Color c : {Color::Black, Color::White}) {
    if (!info(c).final_status_list || !engines_[side_index(c)]) {
      *note = who(c) + " cannot say which stones are dead";
      return std::nullopt;
    }
    try {
      lists[side_index(c)] = engines_[side_index(c)]->final_status_list(game_.board(), "dead");
    } catch (const GtpError& error) {
      engines_[side_index(c)].reset();
      *note = who(c) + " gave no dead stones: " + error.what();
      return std::nullopt;
    }
  }
  if (lists[0] != lists[1]) {
    const auto text = [&](const std::vector<Point>& points) {
      std::string t;
      for (Point p : points) t += (t.empty() ? "" : " ") + gtp_vertex(game_.board(), p);
      return t.empty() ? std::string("none") : t;
    };
    *note = "the engines disagree on the dead stones (black: " + text(lists[0]) +
            "; white: " + text(lists[1]) + ")";
    return std::nullopt;
  }
  for (Point p : lists[0]) {
    if (game_.board().at(p) != Color::Black && game_.board().at(p) != Color::White) {
      *note = "both engines call the empty point " + gtp_vertex(game_.board(), p) + " dead";
      return std::nullopt;
    }
  }
  return lists[0];
}

void MatchGame::score() {
  result_.end = GameEnd::Score;
  Score s;
  std::string note;
  if (config_.dead_stones == DeadStones::Agreement) {
    if (const auto dead = agreed_dead(&note)) {
      s = game_.score(*dead);
      result_.detail = "dead stones agreed by both engines (" + std::to_string(dead->size()) + ")";
    }
  }
  if (config_.dead_stones == DeadStones::None) {
    s = game_.score();
    result_.detail = "scored as the board stands";
  } else if (result_.detail.empty()) {
    scoring::DeadStoneOptions options;
    options.playouts = config_.playouts;
    options.seed = seed_;
    options.threads = config_.parallel > 1 ? 1 : 0;
    const scoring::DeadStoneEstimate e =
        scoring::estimate_dead_stones(game_.board(), game_.to_move(), game_.rules(), options);
    s = scoring::estimated_score(game_, e);
    result_.detail = (note.empty() ? "" : note + "; ") + "dead stones estimated by " +
                     std::to_string(config_.playouts) + " playouts (" +
                     std::to_string(e.dead.size()) + ")";
  }
  result_.winner = s.winner;
  result_.result = s.result();
}

GameResult MatchGame::finish() {
  result_.moves = int(game_.moves().size());
  formats::GameRecord record = formats::record_from_game(game_, start_);
  record.result = result_.result;
  record.black_name = info(Color::Black).display();
  record.white_name = info(Color::White).display();
  record.root_extra.push_back({"GN", {"tengen match game " + std::to_string(index_)}});
  record.root_extra.push_back({"C", {result_.detail}});
  if (result_.forfeit != Forfeit::None) {
    // A private property (FF[4] allows them): the forfeit's kind, for --resume.
    record.root_extra.push_back({"XF", {std::string(to_string(result_.forfeit))}});
  }
  result_.sgf = formats::write_sgf(record);
  // Engines are closed (EOF, then killed) as the Game and engines go.
  for (auto& e : engines_) e.reset();
  return std::move(result_);
}

GameResult MatchGame::play() {
  if (!start(Color::Black) || !start(Color::White)) return finish();
  const int cap = config_.move_cap();
  while (!game_.over() && game_.consecutive_passes() < 2) {
    if (int(game_.moves().size()) >= cap) {
      const Score s = game_.score();
      result_.end = GameEnd::MoveCap;
      result_.result = "Void";
      result_.detail = "stopped at the move cap (" + std::to_string(cap) +
                       " moves); the board as it stands: " + s.result();
      return finish();
    }
    const Color c = game_.to_move();
    Engine& engine = *engines_[side_index(c)];
    GtpReply reply;
    try {
      reply = engine.genmove(c);
    } catch (const GtpError& error) {
      lose(c, forfeit_of(error.failure()),
           "genmove " + std::string(gtp_color(c)) + ": " + error.what());
      return finish();
    }
    const std::string answer = lower_trimmed(reply.text);
    if (!reply.ok) {
      lose(c, Forfeit::Garbage,
           "genmove " + std::string(gtp_color(c)) + " failed: '" + reply.text + "'");
      return finish();
    }
    if (answer == "resign") {
      result_.end = GameEnd::Resignation;
      result_.winner = c == Color::Black ? Winner::White : Winner::Black;
      result_.result = letter(opponent(c)) + "+R";
      result_.detail = who(c) + " resigns";
      return finish();
    }
    const std::optional<Point> p = parse_gtp_vertex(game_.board(), answer);
    if (!p) {
      lose(c, Forfeit::Garbage,
           "genmove " + std::string(gtp_color(c)) + " answered '" + reply.text +
               "', which is no move on this board");
      return finish();
    }
    const std::string move = std::string(gtp_color(c)) + " " + gtp_vertex(game_.board(), *p);
    if (const MoveError error = game_.check(c, *p); error != MoveError::None) {
      lose(c, Forfeit::IllegalMove,
           move + " after " + std::to_string(game_.moves().size()) + " moves is illegal (" +
               std::string(to_string(error)) + ") under " + config_.rules.to_string());
      return finish();
    }
    game_.play(c, *p);
    const Color other = opponent(c);
    try {
      if (const GtpReply told = engines_[side_index(other)]->play(start_, c, *p); !told.ok) {
        lose(other, Forfeit::RefusedMove,
             "refused the legal move " + move + ": '" + told.text + "'");
        return finish();
      }
    } catch (const GtpError& error) {
      lose(other, forfeit_of(error.failure()), "play " + move + ": " + error.what());
      return finish();
    }
  }
  score();
  return finish();
}

// Score fraction to Elo: 400 log10(s / (1 - s)); nullopt at 0 and 1.
std::optional<double> elo_of(double s) {
  if (s <= 0 || s >= 1) return std::nullopt;
  return 400 * std::log10(s / (1 - s));
}

}  // namespace

GameResult play_match_game(const MatchConfig& config, uint64_t index) {
  if (config.width < 1 || config.height < 1) throw std::invalid_argument("bad board size");
  MatchGame game(config, index);
  return game.play();
}

MatchTotals match_totals(const std::vector<GameResult>& results) {
  MatchTotals t;
  for (const GameResult& r : results) {
    ++t.games;
    if (r.is_void()) {
      ++t.void_games;
      continue;
    }
    const int w = r.winner_engine();
    if (w < 0) {
      ++t.draws;
    } else {
      ++t.wins[size_t(w)];
      ++t.wins_as[size_t(w)][r.winner == Winner::Black ? 0 : 1];
      (r.winner == Winner::Black ? t.black_wins : t.white_wins) += 1;
      if (r.end == GameEnd::Resignation) ++t.resignations[size_t(1 - w)];
      if (r.end == GameEnd::Forfeit) ++t.forfeits[size_t(r.forfeit)][size_t(1 - w)];
    }
  }
  EloEstimate& e = t.elo;
  e.games = t.games - t.void_games;
  if (e.games > 0) {
    e.score = (double(t.wins[0]) + 0.5 * double(t.draws)) / double(e.games);
    const selfplay::Interval i = selfplay::wilson_interval_of_fraction(e.score, int64_t(e.games));
    e.difference = elo_of(e.score);
    // At a score of 0 (or 1) the interval's end is 0 (or 1) exactly, however
    // the formula rounds.
    e.low_fraction = e.score <= 0 ? 0.0 : i.low;
    e.high_fraction = e.score >= 1 ? 1.0 : i.high;
    e.low = elo_of(e.low_fraction);
    e.high = elo_of(e.high_fraction);
  }
  return t;
}

std::vector<GameResult> run_match(const MatchConfig& config, const std::vector<uint64_t>& done,
                                  const std::function<void(const GameResult&)>& finished,
                                  const std::atomic<bool>* stop) {
  std::vector<uint64_t> to_play;
  for (uint64_t i = 0; i < config.games; ++i) {
    if (!std::binary_search(done.begin(), done.end(), i)) to_play.push_back(i);
  }
  std::vector<std::optional<GameResult>> slots(to_play.size());
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::exception_ptr failure;
  const auto worker = [&] {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const size_t k = next.fetch_add(1);
      if (k >= to_play.size()) return;
      try {
        GameResult r = play_match_game(config, to_play[k]);
        std::lock_guard lock(mutex);
        if (finished) finished(r);
        r.sgf.clear();  // written by `finished`; the run keeps the results only
        slots[k] = std::move(r);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next.store(to_play.size());
        return;
      }
    }
  };
  const int n =
      std::max(1, std::min<int>(config.parallel, int(std::max<size_t>(to_play.size(), 1))));
  std::vector<std::thread> threads;
  for (int t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  std::vector<GameResult> results;
  for (auto& s : slots) {
    if (s) results.push_back(std::move(*s));
  }
  return results;
}

}  // namespace tengen::external
