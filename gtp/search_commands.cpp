// The searching player's side of the engine: genmove's search within the
// time control, lz-analyze, the time commands, and final_score /
// final_status_list from the search's ownership.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/coords.h"
#include "gtp/commands.h"
#include "gtp/protocol.h"
#include "search/search.h"

namespace tengen::gtp {

double seconds_for_move(const TimeControl& time, Color c, int empty_points) {
  using Kind = TimeControl::Kind;
  if (time.kind == Kind::None) return 0;
  // About one move in three of the empty points is still to come, at least 10.
  const double moves_left = std::max(10.0, empty_points / 3.0);
  const bool told = time.told[int(c)];
  const double left = told ? time.left[int(c)] : time.main;
  const int left_stones = told ? time.left_stones[int(c)] : 0;
  // What a move may take in byo-yomi, with a margin for the transport.
  const double byo = time.kind == Kind::Canadian && time.stones > 0 ? time.period / time.stones
                     : time.kind == Kind::Japanese                  ? time.period
                                                                    : 0;
  double seconds;
  if (left_stones > 0) {
    // In byo-yomi: Canadian, `left` seconds for `left_stones` stones;
    // Japanese, `left` seconds of the current period.
    seconds = time.kind == Kind::Canadian ? left / left_stones : left;
    seconds = seconds * 0.8 - 0.2;
  } else {
    seconds = left / moves_left + 0.8 * byo;
    if (byo == 0) seconds = std::min(seconds, left * 0.5 - 0.2);
  }
  return std::max(seconds, 0.05);
}

namespace {

// The player's budget for the next move: its own playouts and seconds, the
// seconds cut to what the time control allows.
void set_budget(State& s, Color c) {
  const search::SearchOptions& o = *s.options.search;
  double seconds = o.seconds;
  const double allowed = seconds_for_move(s.time, c, s.board().empty_count());
  if (allowed > 0) seconds = seconds > 0 ? std::min(seconds, allowed) : allowed;
  s.search->set_budget(o.playouts, seconds);
}

// The game's position as a fresh game, for a search that only estimates
// ownership (the engine's tree is kept for genmove).
Game status_game(const State& s) {
  Rules rules = s.game->rules();
  return Game(s.board(), s.game->to_move(), rules);
}

// The search's view of the chains: dead as its ownership says, the rest
// alive (no seki).
scoring::DeadStoneEstimate search_status(const State& s) {
  search::Search searcher(*s.options.search);
  const Game g = status_game(s);
  const search::SearchResult r = searcher.run(g);
  scoring::DeadStoneEstimate e;
  e.playouts = int(std::min<int64_t>(r.playouts, 1 << 30));
  e.status.assign(size_t(s.board().array_size()), scoring::ChainStatus::Alive);
  e.dead = search::dead_by_ownership(s.board(), r.ownership);
  for (Point p : e.dead) e.status[p] = scoring::ChainStatus::Dead;
  return e;
}

std::string info_lines(const Board& board, const search::SearchResult& r) {
  std::string text;
  int64_t total = 0;
  for (const search::Candidate& c : r.candidates) total += c.visits;
  int order = 0;
  for (const search::Candidate& c : r.candidates) {
    const double wr = c.win_rate;
    const double lcb = std::max(0.0, wr - 1.96 * std::sqrt(wr * (1 - wr) / c.visits));
    text += (text.empty() ? "" : " ") + std::string("info move ") + gtp_vertex(board, c.move) +
            " visits " + std::to_string(c.visits) + " winrate " +
            std::to_string(int(std::lround(wr * 10000))) + " prior " +
            std::to_string(total > 0 ? int(std::lround(10000.0 * c.visits / total)) : 0) + " lcb " +
            std::to_string(int(std::lround(lcb * 10000))) + " order " + std::to_string(order++) +
            " pv";
    for (Point p : c.pv) text += " " + gtp_vertex(board, p);
  }
  return text;
}

std::optional<double> parse_seconds(std::string_view text) {
  const std::optional<int> v = parse_int(text);
  if (!v) return std::nullopt;
  return double(*v);
}

}  // namespace

std::optional<Reply> search_genmove(State& s, Color c) {
  if (!s.search || c != s.game->to_move()) return std::nullopt;
  set_budget(s, c);
  search::SearchResult r;
  try {
    r = s.search->run(*s.game);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());  // a tree cap too small for this board size
  }
  if (r.resign) return ok("resign");
  const MoveError error = play_move(s, c, r.move);
  if (error != MoveError::None) return illegal(error);
  return ok(gtp_vertex(s.board(), r.move));
}

std::optional<scoring::DeadStoneEstimate> search_final_status(const State& s) {
  if (!s.search) return std::nullopt;
  try {
    return search_status(s);
  } catch (const std::invalid_argument&) {
    return std::nullopt;  // a tree cap too small for this board: the playout estimate
  }
}

// lz-analyze [color] [interval] [...]: Leela Zero's info line (win rate and
// lcb in hundredths of a percent, prior: the share of the visits). Read from
// a stream (GtpEngine::run) with an interval > 0 (centiseconds), it answers
// "=" at once and an info line every interval while it searches, until the
// next command arrives, as Leela Zero does (stream_analysis). Otherwise it
// searches with the player's budget and answers once, when the search ends.
Reply cmd_lz_analyze(State& s, const Args& a) {
  if (!s.search) return fail("lz-analyze needs a searching player (--player mcts)");
  size_t i = 0;
  if (i < a.size()) {
    if (const std::optional<Color> c = parse_color(a[i])) {
      if (*c != s.game->to_move()) return fail("lz-analyze: only the side to move");
      ++i;
    }
  }
  if (i < a.size() && lower(a[i]) == "interval") ++i;
  std::optional<int> interval;
  if (i < a.size() && !(interval = parse_int(a[i]))) {
    return fail("lz-analyze: interval not an integer");
  }
  try {
    search::check_options(s.search->options(), s.board().width(), s.board().height());
  } catch (const std::invalid_argument& e) {
    return fail(e.what());  // a tree cap too small for this board size
  }
  if (s.game->over()) return ok("");
  if (s.streaming && interval && *interval > 0) {
    s.analysis = *interval / 100.0;
    return ok("");
  }
  set_budget(s, s.game->to_move());
  search::SearchResult r;
  try {
    r = s.search->run(*s.game);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  return ok("\n" + info_lines(s.board(), r));
}

void stream_analysis(State& s, std::ostream& out, const std::function<void()>& wait) {
  // As long as the next command takes: the budget is the stop flag (and a
  // cap that keeps the visit counts in 32 bits).
  s.search->set_budget(int64_t(1) << 30, 0);
  std::atomic<bool> stop{false};
  search::SearchControl control;
  control.stop = &stop;
  control.report_seconds = *s.analysis;
  control.on_report = [&](const search::SearchResult& r) {
    if (r.candidates.empty()) return;
    out << info_lines(s.board(), r) << '\n';
    out.flush();
  };
  std::thread analysis([&] { s.search->run(*s.game, control); });
  wait();
  stop.store(true);
  analysis.join();
  s.analysis.reset();
}

// time_settings main byo_yomi_time byo_yomi_stones (GTP 2): byo-yomi time
// with no stones means no limit; no byo-yomi time, absolute time.
Reply cmd_time_settings(State& s, const Args& a) {
  const std::optional<double> main = parse_seconds(a[0]), byo = parse_seconds(a[1]);
  const std::optional<int> stones = parse_int(a[2]);
  if (!main || !byo || !stones) return fail("time settings not integers");
  TimeControl t;
  if (*byo > 0 && *stones == 0) {
    t.kind = TimeControl::Kind::None;
  } else if (*byo == 0) {
    t.kind = *main > 0 ? TimeControl::Kind::Absolute : TimeControl::Kind::None;
  } else {
    t.kind = TimeControl::Kind::Canadian;
  }
  t.main = *main;
  t.period = *byo;
  t.stones = *stones;
  s.time = t;
  return ok();
}

// kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
// canadian MAIN PERIOD STONES.
Reply cmd_kgs_time_settings(State& s, const Args& a) {
  const std::string kind = lower(a[0]);
  std::vector<double> v;
  for (size_t i = 1; i < a.size(); ++i) {
    const std::optional<double> x = parse_seconds(a[i]);
    if (!x) return fail("time settings not integers");
    v.push_back(*x);
  }
  TimeControl t;
  if (kind == "none" && v.empty()) {
    t.kind = TimeControl::Kind::None;
  } else if (kind == "absolute" && v.size() == 1) {
    t.kind = TimeControl::Kind::Absolute;
    t.main = v[0];
  } else if ((kind == "byoyomi" || kind == "canadian") && v.size() == 3) {
    t.kind = kind == "byoyomi" ? TimeControl::Kind::Japanese : TimeControl::Kind::Canadian;
    t.main = v[0];
    t.period = v[1];
    t.stones = int(v[2]);
    if (t.stones == 0 && t.period > 0) return fail("byo-yomi without stones or periods");
  } else {
    return fail("syntax error (none | absolute M | byoyomi M P N | canadian M P N)");
  }
  s.time = t;
  return ok();
}

Reply cmd_time_left(State& s, const Args& a) {
  const std::optional<Color> c = parse_color(a[0]);
  const std::optional<double> left = parse_seconds(a[1]);
  const std::optional<int> stones = parse_int(a[2]);
  if (!c || !left || !stones) return fail("syntax error");
  s.time.left[int(*c)] = *left;
  s.time.left_stones[int(*c)] = *stones;
  s.time.told[int(*c)] = true;
  return ok();
}

}  // namespace tengen::gtp
