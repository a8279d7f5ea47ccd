#include "differential/kernel_case.h"

#include <optional>
#include <string>
#include <vector>

#include "core/coords.h"
#include "core/scoring.h"
#include "differential/reference_playout.h"
#include "playout/playout_dispatch.h"
#include "reference/reference.h"

namespace tengen::differential {
namespace {

struct Start {
  Game fast;
  reference::Game ref;
};

// Both engines at the case's start, the handicap placed as run_case places
// it; nothing when an engine refuses the handicap (run_case reports that).
std::optional<Start> start_of(const Case& c) {
  std::optional<Start> s;
  if (c.setup.empty()) {
    s.emplace(Start{Game(c.width, c.height, c.rules), reference::Game(c.width, c.height, c.rules)});
  } else {
    Board board(c.width, c.height);
    for (int i = 0; i < c.width * c.height; ++i) {
      const Color colour = c.setup[size_t(i)];
      if (colour != Color::Empty) board.set_colour(board.point(i % c.width, i / c.width), colour);
    }
    s.emplace(Start{Game(board, c.to_move, c.rules),
                    reference::Game(c.width, c.height, c.setup, c.to_move, c.rules)});
  }
  if (c.handicap == 0) return s;
  if (!handicap_refusal([&] { s->fast.set_handicap(c.handicap); }).empty()) return std::nullopt;
  if (c.rules.handicap == HandicapPlacement::Free) {
    if (!handicap_refusal([&] { s->ref.set_handicap(c.handicap); }).empty()) return std::nullopt;
    return s;
  }
  std::vector<int> stones;
  const Board& board = s->fast.board();
  for (int i = 0; i < c.width * c.height; ++i) {
    if (board.at(board.point(i % c.width, i / c.width)) == Color::Black) stones.push_back(i);
  }
  if (!handicap_refusal([&] { s->ref.set_handicap(stones); }).empty()) return std::nullopt;
  return s;
}

// One case on kernel instance G.
template <class G>
class KernelComparison {
 public:
  KernelComparison(const Case& c, const Start& start, const KernelFault& fault)
      : case_(c),
        fault_(fault),
        board_(start.fast.board()),
        ref_(start.ref),
        kernel_(PlayoutStart(start.fast), c.rules, int(c.steps.size()) + 1) {}

  CaseResult run() {
    if (compare_state(0)) return result_;
    int step = 0;
    for (const Step& s : case_.steps) {
      if (ref_.over()) break;
      const Color colour = ref_.to_move();
      const int at = step++;
      if ((s.kind != StepKind::Play && s.kind != StepKind::Pass) || s.color != colour) continue;
      if (compare_checks(at, colour)) return result_;
      if (s.kind == StepKind::Play && ref_.check(colour, s.point) != MoveError::None) continue;
      if (s.kind == StepKind::Pass) {
        ref_.play(colour, reference::kPass);
        kernel_.play(kPass, colour);
      } else {
        ref_.play(colour, s.point);
        kernel_.play(point(s.point), colour);
      }
      if (compare_state(at)) return result_;
    }
    compare_score(int(case_.steps.size()));
    return result_;
  }

 private:
  Point point(int i) const { return board_.point(i % case_.width, i / case_.width); }
  int area() const { return case_.width * case_.height; }

  bool differ(int step, const std::string& kind, const std::string& what) {
    result_.divergence = Divergence{step, "kernel " + kind, G::name() + ": " + what};
    return true;
  }

  // Legality and the eye answer for every empty point, for the side to move.
  bool compare_checks(int step, Color colour) {
    for (int i = 0; i < area(); ++i) {
      if (ref_.at(i) != Color::Empty) continue;
      const bool legal = ref_.check(colour, i) == MoveError::None;
      bool answer = kernel_.legal(point(i), colour);
      if (fault_) answer = fault_(case_.rules, colour, i, answer);
      ++result_.checks;
      const std::string vertex = gtp_vertex(board_, point(i));
      if (answer != legal) {
        return differ(step, "check",
                      vertex + (legal ? " legal" : " illegal") + " in the reference model");
      }
      if (kernel_.is_eye(point(i), colour) !=
          reference_is_eye(case_.width, case_.height, ref_.colouring(), i, colour)) {
        return differ(step, "eye", vertex + " eye answers differ");
      }
    }
    return false;
  }

  bool compare_state(int step) {
    for (int i = 0; i < area(); ++i) {
      if (kernel_.at(point(i)) != ref_.at(i)) {
        return differ(step, "colouring", "at " + gtp_vertex(board_, point(i)));
      }
    }
    if (kernel_.to_move() != ref_.to_move()) return differ(step, "to-move", "player to move");
    for (Color c : {Color::Black, Color::White}) {
      if (kernel_.prisoners(c) != ref_.prisoners(c) || kernel_.suicides(c) != ref_.suicides(c)) {
        return differ(step, "prisoners", "prisoners or suicides of " + std::string(to_string(c)));
      }
    }
    return false;
  }

  // The kernel's area score (as the self-play kernel scores) against the
  // reference model's.
  bool compare_score(int step) {
    ++result_.scores;
    Rules rules = case_.rules;
    rules.scoring = Scoring::Area;
    std::vector<Color> owner(size_t(board_.array_size()), Color::Wall);
    ScoreContext context;
    context.black_prisoners = kernel_.prisoners(Color::Black) + kernel_.suicides(Color::White);
    context.white_prisoners = kernel_.prisoners(Color::White) + kernel_.suicides(Color::Black);
    context.handicap_stones = kernel_.handicap();
    const Score f = score_count(kernel_.count_area(owner.data()), rules, context);
    const reference::Score r = reference::score(
        case_.width, case_.height, ref_.colouring(), rules,
        ref_.prisoners(Color::Black) + ref_.suicides(Color::White),
        ref_.prisoners(Color::White) + ref_.suicides(Color::Black), ref_.handicap(), {});
    if (f.black == r.black && f.white == r.white && f.neutral == r.neutral &&
        f.margin == r.margin && f.winner == r.winner) {
      return false;
    }
    return differ(step, "score",
                  "area score: kernel black " + std::to_string(f.black) + " white " +
                      std::to_string(f.white) + ", reference black " + std::to_string(r.black) +
                      " white " + std::to_string(r.white));
  }

  const Case& case_;
  const KernelFault& fault_;
  const Board& board_;  // the start: geometry for points
  reference::Game ref_;
  G kernel_;
  CaseResult result_;
};

}  // namespace

CaseResult run_kernel_case(const Case& c, const KernelFault& fault) {
  const std::optional<Start> start = start_of(c);
  if (!start) return {};
  return dispatch_playout_game(c.width, c.height, c.rules, [&]<class G>(TypeTag<G>) {
    return KernelComparison<G>(c, *start, fault).run();
  });
}

}  // namespace tengen::differential
