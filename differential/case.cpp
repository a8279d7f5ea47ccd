#include "differential/case.h"

#include <algorithm>
#include <sstream>

#include "core/coords.h"
#include "core/scoring.h"
#include "playout/rng.h"
#include "reference/reference.h"

namespace tengen::differential {
namespace {

using playout::Rng;

// ---------------------------------------------------------------------------
// Points in both engines

Point to_fast(const Board& board, int p) {
  if (p == reference::kPass) return kPass;
  return board.point(p % board.width(), p / board.width());
}

int to_reference(const Board& board, Point p) {
  return board.row(p) * board.width() + board.column(p);
}

std::vector<Point> to_fast(const Board& board, const std::vector<int>& points) {
  std::vector<Point> result;
  for (int p : points) result.push_back(to_fast(board, p));
  return result;
}

Point off_board_fast(const Board& board, int kind) {
  switch (kind) {
    case 0:
      return Point(board.point(0, 0) - 1);
    case 1:
      return Point(board.array_size());
    default:
      return kNoPoint;
  }
}

int off_board_reference(const Board& board, int kind) {
  switch (kind) {
    case 0:
      return -2;
    case 1:
      return board.area();
    default:
      return int(kNoPoint);
  }
}

std::vector<Color> colouring_of(const Board& board) {
  std::vector<Color> result;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) result.push_back(board.at(board.point(x, y)));
  }
  return result;
}

std::string vertex(const Board& board, int p) {
  return p == reference::kPass ? "pass" : gtp_vertex(board, to_fast(board, p));
}

char side(Color c) {
  return c == Color::Black ? 'B' : 'W';
}

// ---------------------------------------------------------------------------
// Generation

// A liberty of one of the chains of colour `target` with the fewest
// liberties, chosen by `selector`; -1 if `target` has no stones.
int weakest_liberty(const Board& board, Color target, uint32_t selector) {
  std::vector<std::vector<int>> weakest;  // liberties of each weakest chain
  std::vector<bool> seen(size_t(board.array_size()), false);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (board.at(p) != target || seen[board.chain_head(p)]) continue;
      seen[board.chain_head(p)] = true;
      std::vector<int> liberties;
      Point s = p;
      do {
        for (int offset : board.offsets()) {
          const Point n = Point(s + offset);
          if (board.at(n) != Color::Empty) continue;
          const int r = to_reference(board, n);
          if (std::find(liberties.begin(), liberties.end(), r) == liberties.end()) {
            liberties.push_back(r);
          }
        }
        s = board.next_in_chain(s);
      } while (s != p);
      if (liberties.empty()) continue;
      if (!weakest.empty() && liberties.size() > weakest[0].size()) continue;
      if (!weakest.empty() && liberties.size() < weakest[0].size()) weakest.clear();
      std::sort(liberties.begin(), liberties.end());
      weakest.push_back(std::move(liberties));
    }
  }
  if (weakest.empty()) return -1;
  const std::vector<int>& chosen = weakest[selector % weakest.size()];
  return chosen[(selector / 7) % chosen.size()];
}

Rules random_rules(Rng& rng) {
  static constexpr KoRule kKo[] = {KoRule::Simple, KoRule::Positional, KoRule::Situational};
  static constexpr SuicideRule kSuicide[] = {SuicideRule::Forbidden, SuicideRule::Multi,
                                             SuicideRule::Allowed};
  static constexpr double kKomi[] = {0, 7.5, 0.5, 6.5, 7, -3, 5.5};
  static constexpr HandicapBonus kBonus[] = {HandicapBonus::None, HandicapBonus::N,
                                             HandicapBonus::NMinusOne};
  Rules r;
  r.ko = kKo[rng.below(3)];
  r.suicide = kSuicide[rng.below(3)];
  r.scoring = rng.below(2) ? Scoring::Territory : Scoring::Area;
  r.komi = kKomi[rng.below(std::size(kKomi))];
  r.tie = rng.below(2) ? TieRule::White : TieRule::Draw;
  r.handicap = rng.below(2) ? HandicapPlacement::Fixed : HandicapPlacement::Free;
  r.handicap_bonus = kBonus[rng.below(3)];
  r.end = rng.below(3) == 0 ? EndRule::Agreement : EndRule::TwoPasses;
  return r;
}

std::pair<int, int> random_size(Rng& rng) {
  const uint32_t r = rng.below(100);
  if (r < 30) {  // at most 9 points: positions repeat
    const int w = 1 + int(rng.below(9));
    return {w, 1 + int(rng.below(uint32_t(9 / w)))};
  }
  if (r < 55) return {1 + int(rng.below(7)), 1 + int(rng.below(7))};
  if (r < 70) {  // thin
    const int narrow = 1 + int(rng.below(3)), length = 1 + int(rng.below(10));
    return rng.below(2) ? std::pair{narrow, length} : std::pair{length, narrow};
  }
  if (r < 94) return {2 + int(rng.below(5)), 2 + int(rng.below(5))};
  if (r < 96) return {8 + int(rng.below(6)), 8 + int(rng.below(6))};
  // The playout kernel's fixed geometries (playout/playout_dispatch.h).
  if (r < 98) return rng.below(2) ? std::pair{9, 9} : std::pair{13, 13};
  static constexpr std::pair<int, int> kBig[] = {{19, 19}, {25, 25}, {19, 13}, {13, 25}};
  return kBig[rng.below(4)];
}

// A random colouring in which every chain has a liberty.
std::vector<Color> random_setup(Rng& rng, int width, int height) {
  std::vector<Color> colouring(size_t(width * height));
  const uint32_t density = 2 + rng.below(6);  // stones in density/10 of the points
  for (Color& c : colouring) {
    if (rng.below(10) < density) c = rng.below(2) ? Color::White : Color::Black;
  }
  reference::clear(width, height, colouring, Color::Black);
  reference::clear(width, height, colouring, Color::White);
  return colouring;
}

Board board_of(int width, int height, const std::vector<Color>& colouring) {
  Board board(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const Color c = colouring[size_t(y * width + x)];
      if (c != Color::Empty) board.set_colour(board.point(x, y), c);
    }
  }
  return board;
}

Game start_game(const Case& c) {
  if (c.setup.empty()) return Game(c.width, c.height, c.rules);
  return Game(board_of(c.width, c.height, c.setup), c.to_move, c.rules);
}

// Applies a step to the fast game; returns its answer (agree: None or
// GameOver for accepted or refused).
MoveError apply(Game& game, const Step& s) {
  const Board& board = game.board();
  switch (s.kind) {
    case StepKind::Play:
      return game.play(s.color, to_fast(board, s.point));
    case StepKind::Pass:
      return game.play(s.color, kPass);
    case StepKind::OffBoard:
      return game.play(s.color, off_board_fast(board, s.point));
    case StepKind::Agree:
      return game.agree_dead(to_fast(board, s.dead)) ? MoveError::None : MoveError::GameOver;
  }
  return MoveError::None;
}

MoveError apply(reference::Game& game, const Board& board, const Step& s) {
  switch (s.kind) {
    case StepKind::Play:
      return game.play(s.color, s.point);
    case StepKind::Pass:
      return game.play(s.color, reference::kPass);
    case StepKind::OffBoard:
      return game.play(s.color, off_board_reference(board, s.point));
    case StepKind::Agree:
      return game.agree_dead(s.dead) ? MoveError::None : MoveError::GameOver;
  }
  return MoveError::None;
}

// The stones whose row-major index i has bit i % 32 of `selector` set.
std::vector<int> pick_stones(const std::vector<Color>& colouring, uint32_t selector) {
  std::vector<int> result;
  for (int i = 0; i < int(colouring.size()); ++i) {
    if (colouring[size_t(i)] != Color::Empty && (selector >> (i % 32)) & 1) result.push_back(i);
  }
  return result;
}

}  // namespace

Case generate_case(uint64_t seed, uint64_t index) {
  Rng rng(playout::game_seed(seed, index));
  Case c;
  c.rules = random_rules(rng);
  std::tie(c.width, c.height) = random_size(rng);
  const int area = c.width * c.height;
  if (rng.below(7) == 0) {
    c.handicap = 2 + int(rng.below(8));
  } else if (rng.below(6) == 0) {
    c.setup = random_setup(rng, c.width, c.height);
    c.to_move = rng.below(2) ? Color::White : Color::Black;
  }
  c.dead_selector = uint32_t(rng.next());
  Game game = start_game(c);
  if (c.handicap > 0 && !handicap_refusal([&] { game.set_handicap(c.handicap); }).empty()) {
    c.handicap = 0;
  }

  const int max_steps = area <= 25 ? 200 : area <= 100 ? 150 : 60;
  const int n = 1 + int(rng.below(uint32_t(max_steps)));
  const int ww = 1 + int(rng.below(uint32_t(std::min(c.width, 4))));
  const int wh = 1 + int(rng.below(uint32_t(std::min(c.height, 4))));
  const int ox = int(rng.below(uint32_t(c.width - ww + 1)));
  const int oy = int(rng.below(uint32_t(c.height - wh + 1)));
  static constexpr uint32_t kPassWeights[] = {1, 2, 4, 10};
  const uint32_t pass_weight = kPassWeights[rng.below(4)];
  const uint32_t agree_weight = c.rules.end == EndRule::Agreement ? 4 : 0;
  const uint32_t total = 90 + pass_weight + 1 + agree_weight;
  for (int i = 0; i < n; ++i) {
    const Board& board = game.board();
    Step s;
    s.color = rng.below(40) == 0 ? opponent(game.to_move()) : game.to_move();
    const uint32_t r = rng.below(total);
    const uint32_t selector = uint32_t(rng.next());
    const int window =
        (oy + int(rng.below(uint32_t(wh)))) * c.width + ox + int(rng.below(uint32_t(ww)));
    if (r < 55) {
      s.point = window;
    } else if (r < 70) {
      const Color target = selector % 4 == 0 ? s.color : opponent(s.color);
      const int p = weakest_liberty(board, target, selector / 4);
      s.point = p >= 0 ? p : window;
    } else if (r < 90) {
      s.point = int(rng.below(uint32_t(area)));
    } else if (r < 90 + pass_weight) {
      s.kind = StepKind::Pass;
    } else if (r < 91 + pass_weight) {
      s.kind = StepKind::OffBoard;
      s.point = int(selector % 3);
    } else {
      s.kind = StepKind::Agree;
      s.dead = pick_stones(colouring_of(board), selector);
    }
    apply(game, s);
    c.steps.push_back(std::move(s));
  }
  return c;
}

namespace {

class Comparison {
 public:
  Comparison(const Case& c, const CheckFault& fault)
      : case_(c),
        fault_(fault),
        fast_(start_game(c)),
        ref_(c.setup.empty() ? reference::Game(c.width, c.height, c.rules)
                             : reference::Game(c.width, c.height, c.setup, c.to_move, c.rules)) {}

  CaseResult run();

 private:
  bool differ(int step, const std::string& kind, const std::string& what) {
    result_.divergence = Divergence{step, kind, what};
    return true;
  }
  bool compare_checks(int step);
  bool compare_state(int step);
  bool compare_score(int step, const Score& fast, const reference::Score& ref,
                     const std::string& which);
  bool compare_scores(int step);

  const Case& case_;
  const CheckFault& fault_;
  Game fast_;
  reference::Game ref_;
  CaseResult result_;
};

bool Comparison::compare_checks(int step) {
  const Board& board = fast_.board();
  for (Color c : {Color::Black, Color::White}) {
    for (int p = -1; p < board.area(); ++p) {
      const Point fp = to_fast(board, p);
      MoveError fast = fast_.check(c, fp);
      if (fault_) fast = fault_(fast_, c, fp, fast);
      const MoveError ref = ref_.check(c, p);
      ++result_.checks;
      if (fast != ref) {
        return differ(step, "check",
                      std::string(1, side(c)) + " " + vertex(board, p) + ": fast " +
                          std::string(to_string(fast)) + ", reference " +
                          std::string(to_string(ref)));
      }
    }
  }
  return false;
}

bool Comparison::compare_state(int step) {
  const Board& board = fast_.board();
  if (colouring_of(board) != ref_.colouring()) {
    return differ(step, "colouring", "fast\n" + diagram(board) + "reference differs");
  }
  const auto field = [&](const char* name, auto fast, auto ref) {
    if (fast == ref) return false;
    std::ostringstream what;
    what << name << ": fast " << fast << ", reference " << ref;
    return differ(step, name, what.str());
  };
  if (fast_.to_move() != ref_.to_move()) {
    return differ(
        step, "to-move",
        std::string("fast ") + side(fast_.to_move()) + ", reference " + side(ref_.to_move()));
  }
  for (Color c : {Color::Black, Color::White}) {
    if (field(c == Color::Black ? "prisoners of black" : "prisoners of white", fast_.prisoners(c),
              ref_.prisoners(c)) ||
        field(c == Color::Black ? "suicides of black" : "suicides of white", fast_.suicides(c),
              ref_.suicides(c))) {
      return true;
    }
  }
  if (field("passes", fast_.consecutive_passes(), ref_.consecutive_passes()) ||
      field("handicap", fast_.handicap(), ref_.handicap())) {
    return true;
  }
  if (fast_.end_reason() != ref_.end_reason()) {
    return differ(step, "end",
                  "fast " + std::string(to_string(fast_.end_reason())) + ", reference " +
                      std::string(to_string(ref_.end_reason())));
  }
  std::vector<int> dead;
  for (Point p : fast_.dead_stones()) dead.push_back(to_reference(board, p));
  if (dead != ref_.dead_stones()) return differ(step, "dead", "agreed dead stones differ");
  return false;
}

bool Comparison::compare_score(int step, const Score& f, const reference::Score& r,
                               const std::string& which) {
  if (f == r) return false;
  std::ostringstream what;
  what << which << ": fast black " << f.black << " white " << f.white << " neutral " << f.neutral
       << " bonus " << f.handicap_bonus << " margin " << f.margin << " " << to_string(f.winner)
       << "; reference black " << r.black << " white " << r.white << " neutral " << r.neutral
       << " bonus " << r.handicap_bonus << " margin " << r.margin << " " << to_string(r.winner);
  return differ(step, "score", what.str());
}

bool Comparison::compare_scores(int step) {
  ++result_.scores;
  if (compare_score(step, fast_.score(), ref_.score(), "game score")) return true;
  const Board& board = fast_.board();
  const std::vector<int> picked = pick_stones(ref_.colouring(), case_.dead_selector);
  for (const std::vector<int>& dead : {std::vector<int>{}, picked}) {
    for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
      Rules rules = fast_.rules();
      rules.scoring = scoring;
      ScoreContext context = fast_.score_context();
      context.dead = to_fast(board, dead);
      const reference::Score r = reference::score(
          case_.width, case_.height, ref_.colouring(), rules,
          ref_.prisoners(Color::Black) + ref_.suicides(Color::White),
          ref_.prisoners(Color::White) + ref_.suicides(Color::Black), ref_.handicap(), dead);
      const std::string which =
          std::string(to_string(scoring)) + " score with " + std::to_string(dead.size()) + " dead";
      if (compare_score(step, tengen::score(board, rules, context), r, which)) return true;
    }
  }
  return false;
}

CaseResult Comparison::run() {
  if (case_.handicap > 0) {
    const std::string fast = handicap_refusal([&] { fast_.set_handicap(case_.handicap); });
    std::string ref;
    if (case_.rules.handicap == HandicapPlacement::Free) {
      ref = handicap_refusal([&] { ref_.set_handicap(case_.handicap); });
    } else if (fast.empty()) {
      std::vector<int> stones;
      const std::vector<Color> colouring = colouring_of(fast_.board());
      for (int p = 0; p < int(colouring.size()); ++p) {
        if (colouring[size_t(p)] == Color::Black) stones.push_back(p);
      }
      ref = handicap_refusal([&] { ref_.set_handicap(stones); });
    }
    if (fast.empty() != ref.empty()) {
      differ(0, "handicap", "fast '" + fast + "', reference '" + ref + "'");
      return result_;
    }
  }
  if (compare_state(0)) return result_;
  const int area = case_.width * case_.height;
  const int score_every = area <= 25 ? 1 : 8;
  for (int i = 0; i < int(case_.steps.size()); ++i) {
    const Step& s = case_.steps[size_t(i)];
    if (compare_checks(i)) return result_;
    const Board before = fast_.board();
    const MoveError fast = apply(fast_, s);
    const MoveError ref = apply(ref_, before, s);
    if (fast != ref) {
      differ(i, "answer",
             "fast " + std::string(to_string(fast)) + ", reference " + std::string(to_string(ref)));
      return result_;
    }
    if (compare_state(i)) return result_;
    if ((i % score_every == 0 || fast_.over()) && compare_scores(i)) return result_;
  }
  const int end = int(case_.steps.size());
  if (compare_checks(end) || compare_scores(end)) return result_;
  return result_;
}

}  // namespace

CaseResult run_case(const Case& c, const CheckFault& fault) {
  return Comparison(c, fault).run();
}

std::string describe(const Case& c) {
  std::ostringstream out;
  out << "rules " << c.rules.to_string() << ", board " << c.width << "x" << c.height;
  if (c.handicap > 0) out << ", handicap " << c.handicap;
  out << ", " << c.steps.size() << " steps, dead selector " << c.dead_selector << "\n";
  const Board empty(c.width, c.height);
  if (!c.setup.empty()) {
    out << "set-up, " << (c.to_move == Color::Black ? "black" : "white") << " to move:\n"
        << diagram(board_of(c.width, c.height, c.setup));
  }
  for (const Step& s : c.steps) {
    switch (s.kind) {
      case StepKind::Play:
        out << side(s.color) << " " << vertex(empty, s.point) << "\n";
        break;
      case StepKind::Pass:
        out << side(s.color) << " pass\n";
        break;
      case StepKind::OffBoard:
        out << side(s.color) << " off-board(" << s.point << ")\n";
        break;
      case StepKind::Agree:
        out << "agree";
        for (int p : s.dead) out << " " << vertex(empty, p);
        out << "\n";
        break;
    }
  }
  return out.str();
}

}  // namespace tengen::differential
