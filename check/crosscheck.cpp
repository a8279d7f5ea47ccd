#include "check/crosscheck.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <sstream>

#include "check/gnugo_history.h"
#include "check/json_writer.h"
#include "core/coords.h"
#include "formats/sgf.h"
#include "selfplay/policy.h"
#include "selfplay/rng.h"

namespace tengen::check {

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
  games += o.games;
  moves += o.moves;
  positions += o.positions;
  points += o.points;
  scores += o.scores;
  unsettled += o.unsettled;
  capped += o.capped;
  stopped += o.stopped;
  handicap_games += o.handicap_games;
  for (int i = 0; i < kDisagreementKinds; ++i) disagreements[i] += o.disagreements[i];
  for (int i = 0; i < kKnownDifferenceKinds; ++i) known[i] += o.known[i];
  engine_errors += o.engine_errors;
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
  GameRun(GnuGo& gnugo, const std::string& program, std::chrono::milliseconds timeout,
          const GameSpec& spec, uint64_t index, Tally* tally, std::vector<Finding>* findings)
      : gnugo_(gnugo),
        program_(program),
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
  bool compare_legality(const GnuGoView& view);
  // Why GNU Go answers otherwise than we do, if a known difference explains
  // it.
  std::optional<KnownDifference> explain(Color c, Point p, MoveError ours, bool they_allow) const;
  void compare_score();
  std::optional<double> settled_score(GnuGo& gnugo);
  std::optional<double> fresh_settled_score();
  bool place_handicap();

  void report(Disagreement kind, const std::string& text);
  void note(KnownDifference kind, const std::string& text);
  Finding finding(const std::string& text) const;

  GnuGo& gnugo_;
  const std::string& program_;
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
  const std::string error = game_.set_handicap(spec_.handicap);
  const auto theirs = gnugo_.fixed_handicap(game_.board(), spec_.handicap);
  // Both refusing (the handicap is not defined on this board) is agreement.
  if (!error.empty() && !theirs) return true;
  if (!error.empty() || !theirs) {
    report(Disagreement::Handicap, "fixed handicap " + std::to_string(spec_.handicap) + ": ours " +
                                       (error.empty() ? "placed" : "refused (" + error + ")") +
                                       ", GNU Go " + (theirs ? "placed" : "refused"));
    return false;
  }
  const std::vector<Point> ours = stones_of(game_.board(), Color::Black);
  if (ours != *theirs) {
    report(Disagreement::Handicap, "fixed handicap " + std::to_string(spec_.handicap) + ": ours " +
                                       vertices(game_.board(), ours) + ", GNU Go " +
                                       vertices(game_.board(), *theirs));
    return false;
  }
  start_ = game_.board();
  return true;
}

std::optional<KnownDifference> GameRun::explain(Color c, Point p, MoveError ours,
                                                bool they_allow) const {
  if (spec_.rules.ko == KoRule::Simple) return std::nullopt;
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

bool GameRun::compare_legality(const GnuGoView& view) {
  const Board& board = game_.board();
  known_refusals_.clear();
  std::string text;
  int differences = 0;
  for (Color c : {Color::Black, Color::White}) {
    const std::vector<Point>& theirs = view.legal[side_index(c)];
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        const MoveError ours = game_.check(c, p);
        const bool they_allow = std::binary_search(theirs.begin(), theirs.end(), p);
        ++tally_.points;
        if ((ours == MoveError::None) == they_allow) continue;
        const std::string what = side_name(c) + " " + gtp_vertex(board, p) + ": ours " +
                                 std::string(to_string(ours)) + ", GNU Go " +
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
  const GnuGoView view = gnugo_.view(game_.board(), legality);
  ++tally_.positions;
  const Board& board = game_.board();
  for (Color c : {Color::Black, Color::White}) {
    const std::vector<Point> ours = stones_of(board, c);
    if (ours != view.stones[side_index(c)]) {
      report(Disagreement::Stones, side_name(c) + " stones: ours " + vertices(board, ours) +
                                       ", GNU Go " + vertices(board, view.stones[side_index(c)]));
      return false;
    }
  }
  for (Color c : {Color::Black, Color::White}) {
    // Both count a suicided stone as captured by the opponent.
    const int ours = game_.prisoners(c) + game_.suicides(opponent(c));
    if (ours != view.captures[side_index(c)]) {
      report(Disagreement::Captures, side_name(c) + " captures: ours " +
                                         std::to_string(game_.prisoners(c)) + " + " +
                                         std::to_string(game_.suicides(opponent(c))) +
                                         " suicided by " + side_name(opponent(c)) + ", GNU Go " +
                                         std::to_string(view.captures[side_index(c)]));
      return false;
    }
  }
  return !legality || compare_legality(view);
}

// GNU Go's score for the game as it stands: nullopt when it calls some stone
// dead (the position is not settled).
std::optional<double> GameRun::settled_score(GnuGo& gnugo) {
  if (!gnugo.final_status_list(game_.board(), "dead").empty()) return std::nullopt;
  return gnugo.final_score();
}

// The same from a GNU Go that has played nothing but this game.
std::optional<double> GameRun::fresh_settled_score() {
  GnuGo fresh(program_, spec_.rules, timeout_);
  fresh.new_game(spec_.size, spec_.rules.komi);
  if (spec_.handicap > 0) fresh.fixed_handicap(game_.board(), spec_.handicap);
  for (const Move& m : game_.moves()) {
    std::string error;
    if (!fresh.play(game_.board(), m.color, m.point, &error)) {
      throw GtpError("a fresh GNU Go refused " + gtp_vertex(game_.board(), m.point) +
                     " on replaying the game: " + error);
    }
  }
  return settled_score(fresh);
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
         << ", komi " << format_komi(ours.komi) << "), GNU Go margin " << *theirs
         << ", a fresh GNU Go on the same game ";
    if (fresh) {
      text << "margin " << *fresh;
    } else {
      text << "calls some stones dead";
    }
    if (fresh && same(*fresh, expected)) {
      note(KnownDifference::SessionScore, text.str());
    } else {
      report(Disagreement::Score, text.str());
    }
    return;
  }
}

void GameRun::run(const MoveSource& moves) {
  ++tally_.games;
  gnugo_.new_game(spec_.size, spec_.rules.komi);
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
    std::string error;
    if (!gnugo_.play(game_.board(), c, *p, &error)) {
      // A refusal that a known difference explained ends the game quietly:
      // the two sides cannot go on together.
      if (std::find(known_refusals_.begin(), known_refusals_.end(), Move{c, *p}) !=
          known_refusals_.end()) {
        ++tally_.stopped;
        return;
      }
      report(Disagreement::MoveRefused,
             side_name(c) + " " + gtp_vertex(game_.board(), *p) + " refused: " + error);
      return;
    }
    if (!compare()) return;
  }
  if (spec_.compare_score) compare_score();
}

// The seed of game `game` of a rule set: from the run seed, the rules' text
// (so that a rule set plays the same games alone as among others) and the
// game's index.
uint64_t game_seed_for(uint64_t seed, const Rules& rules, uint64_t game) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (char c : rules.to_string()) h = (h ^ uint8_t(c)) * 0x100000001b3ull;
  return selfplay::game_seed(selfplay::game_seed(seed, h), game);
}

constexpr double kKomis[] = {7.5, 0, 0.5, 5.5, 6.5, -3, 7};

}  // namespace

CrossChecker::CrossChecker(const std::string& gnugo, const Rules& rules,
                           std::chrono::milliseconds timeout)
    : program_(gnugo), timeout_(timeout), gnugo_(gnugo, rules, timeout) {}

void CrossChecker::play(const GameSpec& spec, uint64_t game_index, const MoveSource& moves,
                        Tally* tally, std::vector<Finding>* findings) {
  GameRun run(gnugo_, program_, timeout_, spec, game_index, tally, findings);
  run.run(moves);
}

MoveSource light_policy_moves(uint64_t seed) {
  struct State {
    selfplay::LightPolicy policy;
    selfplay::Rng rng;
    int single_suicides = 0;
    std::vector<Point> candidates;
  };
  auto state = std::make_shared<State>(State{{}, selfplay::Rng(seed), 0, {}});
  return [state](Game& game) -> std::optional<Point> {
    const Board& board = game.board();
    const Color c = game.to_move();
    if (state->single_suicides < board.area()) {
      const int before = game.suicides(c);
      const Point p = state->policy.play(game, state->rng);
      if (game.suicides(c) == before + 1) ++state->single_suicides;
      return p;
    }
    state->candidates.clear();
    for (int i = 0; i < board.empty_count(); ++i) {
      const Point p = board.empty_point(i);
      if (!selfplay::LightPolicy::acceptable(game, p)) continue;
      if (board.effect(p, c).suicided_stones == 1) continue;
      state->candidates.push_back(p);
    }
    const Point p = state->candidates.empty()
                        ? kPass
                        : state->candidates[state->rng.below(uint32_t(state->candidates.size()))];
    game.play(p);
    return p;
  };
}

MoveSource fixed_moves(std::vector<Point> moves) {
  auto next = std::make_shared<size_t>(0);
  return [moves = std::move(moves), next](Game& game) -> std::optional<Point> {
    if (*next >= moves.size()) return std::nullopt;
    const Point p = moves[(*next)++];
    if (const MoveError e = game.play(p); e != MoveError::None) {
      throw std::invalid_argument("fixed move " + std::to_string(*next) + " (" +
                                  gtp_vertex(game.board(), p) +
                                  ") refused: " + std::string(to_string(e)));
    }
    return p;
  };
}

std::vector<Rules> shared_rule_sets() {
  std::vector<Rules> result;
  for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
    for (KoRule ko : {KoRule::Simple, KoRule::Positional, KoRule::Situational}) {
      for (SuicideRule suicide :
           {SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed}) {
        Rules rules;
        rules.ko = ko;
        rules.suicide = suicide;
        rules.scoring = scoring;
        rules.komi = 7.5;
        rules.tie = TieRule::Draw;
        rules.handicap = HandicapPlacement::Fixed;
        // GNU Go's area count gives White a point per handicap stone.
        rules.handicap_bonus = HandicapBonus::N;
        rules.end = EndRule::TwoPasses;
        result.push_back(rules);
      }
    }
  }
  return result;
}

std::string validate(const CrosscheckConfig& config) {
  if (config.gnugo.empty()) return "no gnugo program given";
  if (config.rule_sets.empty()) return "no rule sets";
  if (config.sizes.empty()) return "no board sizes";
  for (int size : config.sizes) {
    if (size < 1 || size > kGnuGoMaxSide) {
      return "board size " + std::to_string(size) + " is outside GNU Go's 1..19 (square only)";
    }
  }
  if (config.threads < 0) return "threads must be 0 (all cores) or more";
  if (config.max_moves < 0) return "max moves must be 0 (no cap) or more";
  for (const Rules& rules : config.rule_sets) {
    if (!config.handicap) continue;
    if (rules.handicap != HandicapPlacement::Fixed) {
      return "handicap games need fixed handicap placement (GNU Go's fixed_handicap); rules " +
             rules.to_string() + " place it freely";
    }
    if (rules.scoring == Scoring::Area && rules.handicap_bonus != HandicapBonus::N) {
      return "handicap games under area scoring need bonus=n (GNU Go's area count gives White "
             "a point per handicap stone); rules " +
             rules.to_string() + " differ";
    }
  }
  return "";
}

namespace {

// A block of games of one rule set, played by one GNU Go process.
struct Job {
  size_t rule_set = 0;
  uint64_t first = 0;
  uint64_t count = 0;
  Tally tally;
  std::vector<Finding> findings;
  std::vector<std::string> errors;
  bool done = false;
};

GameSpec game_spec(const CrosscheckConfig& config, const Rules& rules, uint64_t game,
                   uint64_t* policy_seed) {
  selfplay::Rng rng(game_seed_for(config.seed, rules, game));
  GameSpec spec;
  spec.size = config.sizes[game % config.sizes.size()];
  spec.rules = rules;
  if (config.vary_komi) spec.rules.komi = kKomis[rng.below(std::size(kKomis))];
  if (config.handicap && spec.size >= 7 && rng.below(4) == 0) {
    spec.handicap = 2 + int(rng.below(spec.size >= 9 && spec.size % 2 == 1 ? 8 : 3));
  }
  spec.max_moves = config.max_moves;
  *policy_seed = rng.next();
  return spec;
}

void run_job(const CrosscheckConfig& config, Job& job, const std::atomic<bool>* stop) {
  const Rules& rules = config.rule_sets[job.rule_set];
  std::optional<CrossChecker> checker;
  for (uint64_t g = job.first; g < job.first + job.count; ++g) {
    if (stop && stop->load(std::memory_order_relaxed)) return;
    uint64_t policy_seed = 0;
    const GameSpec spec = game_spec(config, rules, g, &policy_seed);
    Tally tally;
    std::vector<Finding> findings;
    try {
      if (!checker) checker.emplace(config.gnugo, rules, config.timeout);
      checker->play(spec, g, light_policy_moves(policy_seed), &tally, &findings);
    } catch (const GtpError& e) {
      // A fresh GNU Go for the next game.
      checker.reset();
      ++tally.engine_errors;
      job.errors.push_back("game " + std::to_string(g) + ": " + e.what());
    }
    job.tally.add(tally);
    for (Finding& f : findings) job.findings.push_back(std::move(f));
  }
  job.done = true;
}

constexpr uint64_t kGamesPerJob = 8;

}  // namespace

CrosscheckReport run_crosscheck(const CrosscheckConfig& config,
                                const std::function<void(uint64_t done)>& progress,
                                const std::atomic<bool>* stop) {
  if (std::string error = validate(config); !error.empty()) throw std::invalid_argument(error);
  std::vector<Job> jobs;
  for (size_t r = 0; r < config.rule_sets.size(); ++r) {
    for (uint64_t first = 0; first < config.games; first += kGamesPerJob) {
      Job job;
      job.rule_set = r;
      job.first = first;
      job.count = std::min(kGamesPerJob, config.games - first);
      jobs.push_back(std::move(job));
    }
  }
  std::mutex progress_mutex;
  std::atomic<uint64_t> done{0};
  tbb::task_arena arena(config.threads > 0 ? config.threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<size_t>(0, jobs.size(), 1),
        [&](const tbb::blocked_range<size_t>& range) {
          for (size_t j = range.begin(); j != range.end(); ++j) {
            run_job(config, jobs[j], stop);
            const uint64_t now = done.fetch_add(jobs[j].tally.games) + jobs[j].tally.games;
            if (progress) {
              std::lock_guard lock(progress_mutex);
              progress(now);
            }
          }
        },
        tbb::simple_partitioner());
  });

  CrosscheckReport report;
  for (const Rules& rules : config.rule_sets) {
    RuleSetReport r;
    r.rules = rules;
    r.gnugo_flags = gnugo_flags(rules);
    report.rule_sets.push_back(std::move(r));
  }
  for (Job& job : jobs) {
    RuleSetReport& r = report.rule_sets[job.rule_set];
    r.tally.add(job.tally);
    report.total.add(job.tally);
    if (!job.done) report.interrupted = true;
    for (Finding& f : job.findings) {
      const auto same_kind = [&](const Finding& g) {
        return g.known == f.known &&
               (f.known ? g.difference == f.difference : g.disagreement == f.disagreement);
      };
      if (std::count_if(r.findings.begin(), r.findings.end(), same_kind) < config.max_findings) {
        r.findings.push_back(std::move(f));
      }
    }
    for (std::string& e : job.errors) r.engine_errors.push_back(std::move(e));
  }
  return report;
}

namespace {

std::string rules_label(const Rules& rules) {
  return std::string(to_string(rules.scoring)) + " ko=" + std::string(to_string(rules.ko)) +
         " suicide=" + std::string(to_string(rules.suicide));
}

std::string flags_text(const std::vector<std::string>& flags) {
  std::string text;
  for (const std::string& f : flags) text += (text.empty() ? "" : " ") + f;
  return text;
}

}  // namespace

std::string format_report(const CrosscheckReport& report) {
  std::ostringstream out;
  for (const RuleSetReport& r : report.rule_sets) {
    const Tally& t = r.tally;
    out << rules_label(r.rules) << "  [gnugo " << flags_text(r.gnugo_flags) << "]\n";
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

std::string report_json(const CrosscheckConfig& config, const CrosscheckReport& report) {
  JsonWriter j;
  j.begin_object();
  j.key("seed").value(config.seed);
  j.key("games_per_rule_set").value(config.games);
  j.key("sizes").begin_array();
  for (int s : config.sizes) j.value(int64_t(s));
  j.end_array();
  j.key("interrupted").value(report.interrupted);
  j.key("clean").value(report.clean());
  const auto tally = [&](const Tally& t) {
    j.begin_object();
    j.key("games").value(t.games);
    j.key("moves").value(t.moves);
    j.key("positions").value(t.positions);
    j.key("points_compared").value(t.points);
    j.key("scores_compared").value(t.scores);
    j.key("unsettled").value(t.unsettled);
    j.key("capped").value(t.capped);
    j.key("stopped").value(t.stopped);
    j.key("handicap_games").value(t.handicap_games);
    j.key("disagreements").begin_object();
    for (int k = 0; k < kDisagreementKinds; ++k) {
      j.key(to_string(Disagreement(k))).value(t.disagreements[k]);
    }
    j.end_object();
    j.key("known_differences").begin_object();
    for (int k = 0; k < kKnownDifferenceKinds; ++k) {
      j.key(to_string(KnownDifference(k))).value(t.known[k]);
    }
    j.end_object();
    j.key("engine_errors").value(t.engine_errors);
    j.end_object();
  };
  j.key("total");
  tally(report.total);
  j.key("rule_sets").begin_array();
  for (const RuleSetReport& r : report.rule_sets) {
    j.begin_object();
    j.key("rules").value(r.rules.to_string());
    j.key("gnugo_flags").begin_array();
    for (const std::string& f : r.gnugo_flags) j.value(f);
    j.end_array();
    j.key("tally");
    tally(r.tally);
    j.key("findings").begin_array();
    for (const Finding& f : r.findings) {
      j.begin_object();
      j.key("kind").value(f.known ? to_string(f.difference) : to_string(f.disagreement));
      j.key("known").value(f.known);
      j.key("game").value(f.game);
      j.key("size").value(int64_t(f.size));
      j.key("komi").value(format_komi(f.rules.komi));
      j.key("move_number").value(int64_t(f.move_number));
      j.key("text").value(f.text);
      j.key("sgf").value(f.sgf);
      j.end_object();
    }
    j.end_array();
    j.key("engine_errors").begin_array();
    for (const std::string& e : r.engine_errors) j.value(e);
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.end_object();
  return j.str() + "\n";
}

}  // namespace tengen::check
