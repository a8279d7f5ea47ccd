#include "external/crosscheck_game.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/add_fields.h"
#include "core/coords.h"
#include "external/gnugo_history.h"
#include "formats/sgf.h"

namespace tengen::external {

std::string_view to_string(Disagreement d) {
  switch (d) {
    case Disagreement::Legality:
      return "legality";
    case Disagreement::Stones:
      return "stones";
    case Disagreement::Captures:
      return "captures";
    case Disagreement::Score:
      return "score";
    case Disagreement::MoveRefused:
      return "move-refused";
    case Disagreement::Handicap:
      return "handicap";
  }
  return "?";
}

std::string_view to_string(KnownDifference d) {
  switch (d) {
    case KnownDifference::SuicideUnderSuperko:
      return "suicide-under-superko";
    case KnownDifference::FoldedHistory:
      return "folded-history";
    case KnownDifference::SessionScore:
      return "session-score";
  }
  return "?";
}

uint64_t Tally::known_total() const {
  uint64_t n = 0;
  for (uint64_t k : known) n += k;
  return n;
}

uint64_t Tally::unexplained() const {
  uint64_t n = 0;
  for (uint64_t d : disagreements) n += d;
  return n;
}

void Tally::add(const Tally& o) {
  add_fields(*this, o, &Tally::games, &Tally::moves, &Tally::positions, &Tally::points,
             &Tally::scores, &Tally::unsettled, &Tally::capped, &Tally::stopped,
             &Tally::handicap_games, &Tally::engine_errors);
  for (int i = 0; i < kDisagreementKinds; ++i) disagreements[i] += o.disagreements[i];
  for (int i = 0; i < kKnownDifferenceKinds; ++i) known[i] += o.known[i];
}

namespace {

std::string side_name(Color c) {
  return c == Color::Black ? "black" : "white";
}

std::string vertices(const Board& board, const std::vector<Point>& points) {
  std::string text;
  for (Point p : points) text += (text.empty() ? "" : " ") + gtp_vertex(board, p);
  return text.empty() ? "(none)" : text;
}

std::vector<Point> stones_of(const Board& board, Color c) {
  std::vector<Point> result;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (board.at(board.point(x, y)) == c) result.push_back(board.point(x, y));
    }
  }
  std::sort(result.begin(), result.end());
  return result;
}

std::vector<Color> colouring_of(const Board& board) {
  std::vector<Color> result;
  result.reserve(size_t(board.area()));
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) result.push_back(board.at(board.point(x, y)));
  }
  return result;
}

// GNU Go's board_ko_pos after a move at p that captured `captured` stones:
// set when a lone stone captured exactly one stone and has one liberty.
Point gnugo_ko_point(const Board& board, Point p, int captured) {
  if (p == kPass || captured != 1 || board.at(p) == Color::Empty) return kNoPoint;
  if (board.chain_size(p) != 1 || board.liberties(p) != 1) return kNoPoint;
  for (int offset : board.offsets()) {
    const Point n = Point(p + offset);
    if (board.on_board(n) && board.at(n) == Color::Empty) return n;
  }
  return kNoPoint;
}

// One game in progress on both sides.
class GameRun {
 public:
  GameRun(Engine& engine, const CheckedEngine& engine_spec, const RulesSetting& rules_setting,
          bool gnugo, std::chrono::milliseconds timeout, const GameSpec& spec, uint64_t index,
          Tally* tally, std::vector<Finding>* findings)
      : gnugo_(engine),
        engine_spec_(engine_spec),
        rules_setting_(rules_setting),
        quirks_(gnugo),
        timeout_(timeout),
        spec_(spec),
        index_(index),
        tally_(*tally),
        findings_(*findings),
        game_(spec.size, spec.size, spec.rules),
        start_(game_.board()) {}

  void run(const MoveSource& moves);

 private:
  // Compares the position; false if an unexplained difference was found
  // (and reported).
  bool compare();
  bool compare_legality(const EngineView& view);
  // Why GNU Go answers otherwise than we do, if a known difference explains
  // it.
  std::optional<KnownDifference> explain(Color c, Point p, MoveError ours, bool they_allow) const;
  void compare_score();
  std::optional<double> settled_score(Engine& engine);
  std::optional<double> fresh_settled_score();
  bool place_handicap();

  void report(Disagreement kind, const std::string& text);
  void note(KnownDifference kind, const std::string& text);
  Finding finding(const std::string& text) const;

  Engine& gnugo_;  // the engine compared with (GNU Go or another)
  const CheckedEngine& engine_spec_;
  const RulesSetting& rules_setting_;
  bool quirks_;  // GNU Go's known differences apply
  std::chrono::milliseconds timeout_;
  const GameSpec& spec_;
  uint64_t index_;
  Tally& tally_;
  std::vector<Finding>& findings_;
  Game game_;
  Board start_;
  // GNU Go's superko memory, and its ko point in the current position.
  std::optional<GnuGoHistory> history_;
  Point gnugo_ko_ = kNoPoint;
  // Moves GNU Go refuses in the current position for a known reason.
  std::vector<Move> known_refusals_;
  bool noted_[kKnownDifferenceKinds] = {};
};

Finding GameRun::finding(const std::string& text) const {
  Finding f;
  f.game = index_;
  f.size = spec_.size;
  f.rules = spec_.rules;
  f.move_number = int(game_.moves().size());
  f.text = text;
  formats::GameRecord record = formats::record_from_game(game_, start_);
  record.root_extra.push_back({"GN", {"tengen crosscheck game " + std::to_string(index_)}});
  record.root_extra.push_back({"C", {text}});
  f.sgf = formats::write_sgf(record);
  return f;
}

void GameRun::report(Disagreement kind, const std::string& text) {
  ++tally_.disagreements[int(kind)];
  Finding f = finding(text);
  f.disagreement = kind;
  findings_.push_back(std::move(f));
}

void GameRun::note(KnownDifference kind, const std::string& text) {
  ++tally_.known[int(kind)];
  // One example of each per game is plenty.
  if (noted_[int(kind)]) return;
  noted_[int(kind)] = true;
  Finding f = finding(text);
  f.known = true;
  f.difference = kind;
  findings_.push_back(std::move(f));
}

bool GameRun::place_handicap() {
  ++tally_.handicap_games;
  std::string error;  // ours refusing is a finding like GNU Go's refusing, not an exception
  try {
    game_.set_handicap(spec_.handicap);
  } catch (const std::invalid_argument& e) {
    error = e.what();
  }
  const auto theirs = gnugo_.fixed_handicap(game_.board(), spec_.handicap);
  // Both refusing (the handicap is not defined on this board) is agreement.
  if (!error.empty() && !theirs) return true;
  if (!error.empty() || !theirs) {
    report(Disagreement::Handicap, "fixed handicap " + std::to_string(spec_.handicap) + ": ours " +
                                       (error.empty() ? "placed" : "refused (" + error + ")") +
                                       ", " + gnugo_.label() + " " +
                                       (theirs ? "placed" : "refused"));
    return false;
  }
  const std::vector<Point> ours = stones_of(game_.board(), Color::Black);
  if (ours != *theirs) {
    report(Disagreement::Handicap, "fixed handicap " + std::to_string(spec_.handicap) + ": ours " +
                                       vertices(game_.board(), ours) + ", " + gnugo_.label() + " " +
                                       vertices(game_.board(), *theirs));
    return false;
  }
  start_ = game_.board();
  return true;
}

std::optional<KnownDifference> GameRun::explain(Color c, Point p, MoveError ours,
                                                bool they_allow) const {
  if (!quirks_ || spec_.rules.ko == KoRule::Simple) return std::nullopt;
  const Board& board = game_.board();
  const bool suicide = board.effect(p, c).suicide();
  if (they_allow && ours == MoveError::Superko && suicide) {
    return KnownDifference::SuicideUnderSuperko;
  }
  // Only superko answers can come from GNU Go's folded history, and only
  // once it has been folded.
  if (suicide || history_->folds() == 0) return std::nullopt;
  if (ours != MoveError::Superko && ours != MoveError::None) return std::nullopt;
  Board after = board;
  after.play(p, c);
  const bool they_refuse =
      history_->repeats(colouring_of(after), c, spec_.rules.ko == KoRule::Situational);
  if (they_refuse == !they_allow) return KnownDifference::FoldedHistory;
  return std::nullopt;
}

bool GameRun::compare_legality(const EngineView& view) {
  const Board& board = game_.board();
  known_refusals_.clear();
  std::string text;
  int differences = 0;
  for (Color c : {Color::Black, Color::White}) {
    const std::vector<Point>& theirs = *view.legal[side_index(c)];
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        const MoveError ours = game_.check(c, p);
        const bool they_allow = std::binary_search(theirs.begin(), theirs.end(), p);
        ++tally_.points;
        if ((ours == MoveError::None) == they_allow) continue;
        const std::string what = side_name(c) + " " + gtp_vertex(board, p) + ": ours " +
                                 std::string(to_string(ours)) + ", " + gnugo_.label() + " " +
                                 (they_allow ? "legal" : "illegal");
        if (auto known = explain(c, p, ours, they_allow)) {
          note(*known, what);
          if (!they_allow) known_refusals_.push_back({c, p});
        } else {
          ++differences;
          text += (text.empty() ? "" : "; ") + what;
        }
      }
    }
  }
  if (differences == 0) return true;
  tally_.disagreements[int(Disagreement::Legality)] += uint64_t(differences - 1);
  report(Disagreement::Legality, text);
  return false;
}

bool GameRun::compare() {
  const bool legality = !game_.over();
  const EngineView view = gnugo_.view(game_.board(), legality);
  ++tally_.positions;
  const Board& board = game_.board();
  for (Color c : {Color::Black, Color::White}) {
    if (!view.stones[side_index(c)]) continue;
    const std::vector<Point> ours = stones_of(board, c);
    if (ours != *view.stones[side_index(c)]) {
      report(Disagreement::Stones, side_name(c) + " stones: ours " + vertices(board, ours) + ", " +
                                       gnugo_.label() + " " +
                                       vertices(board, *view.stones[side_index(c)]));
      return false;
    }
  }
  for (Color c : {Color::Black, Color::White}) {
    if (!view.captures[side_index(c)]) continue;
    // Both count a suicided stone as captured by the opponent.
    const int ours = game_.prisoners(c) + game_.suicides(opponent(c));
    if (ours != *view.captures[side_index(c)]) {
      report(Disagreement::Captures,
             side_name(c) + " captures: ours " + std::to_string(game_.prisoners(c)) + " + " +
                 std::to_string(game_.suicides(opponent(c))) + " suicided by " +
                 side_name(opponent(c)) + ", " + gnugo_.label() + " " +
                 std::to_string(*view.captures[side_index(c)]));
      return false;
    }
  }
  return !legality || !view.legal[0] || compare_legality(view);
}

// GNU Go's score for the game as it stands: nullopt when it calls some stone
// dead (the position is not settled).
std::optional<double> GameRun::settled_score(Engine& engine) {
  if (!engine.final_status_list(game_.board(), "dead").empty()) return std::nullopt;
  return engine.final_score();
}

// The same from a GNU Go that has played nothing but this game.
std::optional<double> GameRun::fresh_settled_score() {
  const std::unique_ptr<Engine> fresh = start_checked_engine(engine_spec_, spec_.rules, timeout_);
  fresh->new_game(spec_.size, spec_.size, spec_.rules.komi, rules_setting_);
  if (spec_.handicap > 0) fresh->fixed_handicap(game_.board(), spec_.handicap);
  for (const Move& m : game_.moves()) {
    if (const GtpReply reply = fresh->play(game_.board(), m.color, m.point); !reply.ok) {
      throw GtpError("a fresh " + fresh->label() + " refused " +
                     gtp_vertex(game_.board(), m.point) + " on replaying the game: " + reply.text);
    }
  }
  return settled_score(*fresh);
}

void GameRun::compare_score() {
  const std::optional<double> theirs = settled_score(gnugo_);
  if (!theirs) {
    ++tally_.unsettled;
    return;
  }
  const Score ours = game_.score();
  ++tally_.scores;
  // Both count suicided stones as the opponent's prisoners (Game::suicides).
  const double expected = ours.margin;
  const auto same = [](double a, double b) { return std::abs(a - b) < 1e-9; };
  if (!same(*theirs, expected)) {
    const std::optional<double> fresh = fresh_settled_score();
    std::ostringstream text;
    text << "score: ours " << ours.result() << " (black " << ours.black << ", white " << ours.white
         << ", komi " << format_komi(ours.komi) << "), " << gnugo_.label() << " margin " << *theirs
         << ", a fresh " << gnugo_.label() << " on the same game ";
    if (fresh) {
      text << "margin " << *fresh;
    } else {
      text << "calls some stones dead";
    }
    if (quirks_ && fresh && same(*fresh, expected)) {
      note(KnownDifference::SessionScore, text.str());
    } else {
      report(Disagreement::Score, text.str());
    }
    return;
  }
}

void GameRun::run(const MoveSource& moves) {
  ++tally_.games;
  gnugo_.new_game(spec_.size, spec_.size, spec_.rules.komi, rules_setting_);
  if (spec_.handicap > 0 && !place_handicap()) return;
  history_.emplace(GnuGoPosition{colouring_of(game_.board()), kNoPoint});
  if (!compare()) return;
  const int area = spec_.size * spec_.size;
  const int cap = spec_.max_moves > 0 ? spec_.max_moves : 20 * area + 200;
  while (!game_.over()) {
    if (int(game_.moves().size()) >= cap) {
      ++tally_.capped;
      return;
    }
    const Color c = game_.to_move();
    std::vector<Color> before = colouring_of(game_.board());
    const int prisoners = game_.prisoners(c);
    const std::optional<Point> p = moves(game_);
    if (!p) return;
    ++tally_.moves;
    history_->play({std::move(before), gnugo_ko_}, c);
    gnugo_ko_ = gnugo_ko_point(game_.board(), *p, game_.prisoners(c) - prisoners);
    if (const GtpReply reply = gnugo_.play(game_.board(), c, *p); !reply.ok) {
      // A refusal that a known difference explained ends the game quietly:
      // the two sides cannot go on together.
      if (std::find(known_refusals_.begin(), known_refusals_.end(), Move{c, *p}) !=
          known_refusals_.end()) {
        ++tally_.stopped;
        return;
      }
      report(Disagreement::MoveRefused,
             side_name(c) + " " + gtp_vertex(game_.board(), *p) + " refused: " + reply.text);
      return;
    }
    if (!compare()) return;
  }
  if (spec_.compare_score && gnugo_.has("final_status_list") && gnugo_.has("final_score")) {
    compare_score();
  }
}

}  // namespace

std::vector<std::string> unanswerable_checks(const std::set<std::string>& commands) {
  std::vector<std::string> result;
  const auto lacks = [&](const char* c) { return commands.count(c) == 0; };
  if (lacks("all_legal")) result.push_back("legality of every point (no all_legal)");
  if (lacks("list_stones") && lacks("showboard")) {
    result.push_back("stones (neither list_stones nor showboard)");
  }
  if (lacks("captures")) result.push_back("captures (no captures)");
  if (lacks("final_status_list") || lacks("final_score")) {
    result.push_back("settled scores (no final_status_list or final_score)");
  }
  if (lacks("fixed_handicap")) result.push_back("handicap placement (no fixed_handicap)");
  return result;
}

std::unique_ptr<Engine> start_checked_engine(const CheckedEngine& spec, const Rules& rules,
                                             std::chrono::milliseconds timeout) {
  if (!spec.gnugo.empty()) return std::make_unique<GnuGo>(spec.gnugo, rules, timeout);
  return std::make_unique<Engine>(spec.argv, timeout);
}

CrossChecker::CrossChecker(const CheckedEngine& engine, const Rules& rules,
                           std::chrono::milliseconds timeout)
    : spec_(engine), timeout_(timeout), engine_(start_checked_engine(engine, rules, timeout)) {
  gnugo_ = !spec_.gnugo.empty() || engine_->answer_or_empty("name") == "GNU Go";
  if (spec_.gnugo.empty()) rules_setting_ = external::rules_setting(rules, engine_->commands());
}

void CrossChecker::play(const GameSpec& spec, uint64_t game_index, const MoveSource& moves,
                        Tally* tally, std::vector<Finding>* findings) {
  GameRun run(*engine_, spec_, rules_setting_, gnugo_, timeout_, spec, game_index, tally, findings);
  run.run(moves);
}

}  // namespace tengen::external
