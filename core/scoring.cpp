#include "core/scoring.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace tengen {
namespace {

using Colours = std::array<Color, Board::kMaxArray>;

// owner[p] for every point of the board: stones own themselves; an empty
// region is Black's or White's if it reaches only that colour, else Empty.
// Fixed-size arrays, so scoring a playout allocates nothing.
void find_owners(const Board& board, const Colours& colour, Colours& owner) {
  const int n = board.array_size();
  std::array<Point, Board::kMaxArray> region;
  std::array<bool, Board::kMaxArray> visited{};
  for (int i = 0; i < n; ++i) {
    owner[i] = colour[i];
  }
  for (int i = 0; i < n; ++i) {
    if (colour[i] != Color::Empty || visited[i]) continue;
    // Flood the empty region from i; `region` doubles as the work stack.
    int size = 0, next = 0;
    bool reaches_black = false, reaches_white = false;
    region[size++] = Point(i);
    visited[i] = true;
    while (next < size) {
      Point p = region[next++];
      for (int d : board.offsets()) {
        Point q = Point(p + d);
        Color c = colour[q];
        if (c == Color::Empty && !visited[q]) {
          visited[q] = true;
          region[size++] = q;
        }
        reaches_black |= c == Color::Black;
        reaches_white |= c == Color::White;
      }
    }
    Color who = reaches_black == reaches_white ? Color::Empty
                                               : (reaches_black ? Color::Black : Color::White);
    for (int k = 0; k < size; ++k) owner[region[k]] = who;
  }
}

void require_stones(const Board& board, const std::vector<Point>& points, const char* list) {
  for (Point p : points) {
    if (p >= board.array_size() || !board.on_board(p) || board.at(p) == Color::Empty) {
      throw std::invalid_argument(std::string(list) + " list names a point that holds no stone");
    }
  }
}

// SekiRule::Neutral: every empty region that touches a stone in seki counts
// for nobody. Such a region reaches the seki chain's colour, so find_owners
// gave it to that colour or to nobody; only the former changes.
void neutralise_seki(const Board& board, const Colours& colour, const std::vector<Point>& seki,
                     Colours& owner) {
  const int n = board.array_size();
  std::array<bool, Board::kMaxArray> in_seki{};
  for (Point p : seki) in_seki[p] = colour[p] != Color::Empty;  // dead beats seki
  std::array<Point, Board::kMaxArray> region;
  std::array<bool, Board::kMaxArray> visited{};
  for (int i = 0; i < n; ++i) {
    if (colour[i] != Color::Empty || visited[i]) continue;
    int size = 0;
    bool touches_seki = false;
    region[size++] = Point(i);
    visited[i] = true;
    for (int next = 0; next < size; ++next) {
      const Point p = region[next];
      for (int d : board.offsets()) {
        const Point q = Point(p + d);
        touches_seki |= in_seki[q];
        if (colour[q] == Color::Empty && !visited[q]) {
          visited[q] = true;
          region[size++] = q;
        }
      }
    }
    if (!touches_seki) continue;
    for (int k = 0; k < size; ++k) owner[region[k]] = Color::Empty;
  }
}

}  // namespace

Winner decide(double margin, TieRule tie) {
  if (margin > 0) return Winner::Black;
  if (margin < 0) return Winner::White;
  return tie == TieRule::White ? Winner::White : Winner::Draw;
}

namespace {

// The colours with the dead stones removed, and who each point counts for
// then (seki rule applied). Returns the dead stones removed, by colour.
std::pair<int, int> owners_after_removal(const Board& board, const Rules& rules,
                                         const ScoreContext& context, Colours& colour,
                                         Colours& owner) {
  const int n = board.array_size();
  for (int i = 0; i < n; ++i) colour[i] = board.at(Point(i));
  require_stones(board, context.dead, "dead stone");
  require_stones(board, context.seki, "seki");
  int dead_black = 0, dead_white = 0;
  for (Point p : context.dead) {
    if (colour[p] == Color::Empty) continue;  // listed twice
    (colour[p] == Color::Black ? dead_black : dead_white) += 1;
    colour[p] = Color::Empty;
  }
  find_owners(board, colour, owner);
  if (rules.seki == SekiRule::Neutral) neutralise_seki(board, colour, context.seki, owner);
  return {dead_black, dead_white};
}

}  // namespace

Score score(const Board& board, const Rules& rules, const ScoreContext& context) {
  const int n = board.array_size();
  Colours colour{}, owner;
  const auto [dead_black, dead_white] = owners_after_removal(board, rules, context, colour, owner);

  AreaCount count;
  for (int i = 0; i < n; ++i) {
    const bool stone = colour[i] != Color::Empty;
    if (owner[i] == Color::Black) {
      ++count.black;
      count.black_stones += stone;
    } else if (owner[i] == Color::White) {
      ++count.white;
      count.white_stones += stone;
    } else if (owner[i] == Color::Empty) {
      ++count.neutral;
    }
  }
  return score_count(count, rules, context, dead_black, dead_white);
}

Score score_count(const AreaCount& count, const Rules& rules, const ScoreContext& context,
                  int dead_black, int dead_white) {
  Score s;
  s.neutral = count.neutral;
  if (rules.scoring == Scoring::Territory) {
    s.black = count.black - count.black_stones + context.black_prisoners + dead_white;
    s.white = count.white - count.white_stones + context.white_prisoners + dead_black;
  } else {
    s.black = count.black;
    s.white = count.white;
    if (context.handicap_stones > 0) {
      switch (rules.handicap_bonus) {
        case HandicapBonus::None:
          break;
        case HandicapBonus::N:
          s.handicap_bonus = context.handicap_stones;
          break;
        case HandicapBonus::NMinusOne:
          s.handicap_bonus = context.handicap_stones - 1;
          break;
      }
    }
  }
  s.komi = rules.komi;
  s.margin = s.black - s.white - s.komi - s.handicap_bonus;
  s.winner = decide(s.margin, rules.tie);
  return s;
}

void final_owners(const Board& board, const Rules& rules, const ScoreContext& context,
                  std::vector<Color>& owner) {
  Colours colour{}, owners;
  owners_after_removal(board, rules, context, colour, owners);
  owner.assign(owners.begin(), owners.begin() + board.array_size());
}

void area_owners(const Board& board, std::vector<Color>& owner) {
  Colours colour{}, owners;
  const int n = board.array_size();
  for (int i = 0; i < n; ++i) colour[i] = board.at(Point(i));
  find_owners(board, colour, owners);
  owner.assign(owners.begin(), owners.begin() + n);
}

}  // namespace tengen
