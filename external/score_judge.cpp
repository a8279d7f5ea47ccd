#include "external/score_judge.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace tengen::external {
namespace {

// How long GNU Go may take to start (the record's own limit starts after).
constexpr auto kStartTimeout = std::chrono::seconds(60);

}  // namespace

GnuGoJudge::GnuGoJudge(const std::string& program, const Rules& rules,
                       std::chrono::milliseconds record_timeout)
    : program_(find_gnugo(program == "auto" ? "" : program)),
      record_timeout_(record_timeout),
      rules_(rules) {
  if (record_timeout_.count() <= 0) {
    throw std::invalid_argument("GNU Go: the time limit of a record must be positive");
  }
  if (program_.empty()) {
    throw std::invalid_argument(program.empty() || program == "auto"
                                    ? "GNU Go: no gnugo program found (install gnugo, or name it "
                                      "with --gnugo PATH)"
                                    : "--gnugo: '" + program + "' is not a program");
  }
  gnugo_ = std::make_unique<GnuGo>(program_, rules_, kStartTimeout);
}

void GnuGoJudge::set_stop(const std::atomic<bool>* stop) {
  stop_ = stop;
  if (gnugo_) gnugo_->set_stop(stop);
}

void GnuGoJudge::limit_to_deadline() {
  using namespace std::chrono;
  const auto left = duration_cast<milliseconds>(deadline_ - steady_clock::now());
  if (left.count() <= 0) {
    throw GtpError(fmt::format("GNU Go took more than the record's {} s",
                               double(record_timeout_.count()) / 1000));
  }
  gnugo_->set_timeout(left);
}

void GnuGoJudge::set_up(const Game& game) {
  const Board& board = game.board();
  if (board.width() != board.height() || board.width() > kGnuGoMaxSide) {
    throw std::invalid_argument(fmt::format("GNU Go has no {}x{} board (square, up to 19x19)",
                                            board.width(), board.height()));
  }
  if (!gnugo_) {
    gnugo_ = std::make_unique<GnuGo>(program_, rules_, kStartTimeout);
    gnugo_->set_stop(stop_);
  }
  deadline_ = std::chrono::steady_clock::now() + record_timeout_;
  try {
    limit_to_deadline();
    gnugo_->new_game(board.width(), board.width(), game.rules().komi);
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        if (board.at(p) == Color::Empty) continue;
        if (const GtpReply reply = gnugo_->play(board, board.at(p), p); !reply.ok) {
          throw GtpError("GNU Go refused a stone of the position: " + reply.text);
        }
      }
    }
  } catch (const GtpError&) {
    gnugo_.reset();  // the next position gets a fresh GNU Go
    throw;
  }
}

scoring::StoneCalls GnuGoJudge::call(const Game& game) {
  set_up(game);
  try {
    limit_to_deadline();
    std::vector<Point> dead = gnugo_->final_status_list(game.board(), "dead");
    limit_to_deadline();
    return {std::move(dead), gnugo_->final_status_list(game.board(), "seki")};
  } catch (const GtpError&) {
    gnugo_.reset();
    throw;
  }
}

void GnuGoJudge::compare(const Game& game, scoring::RecordScore& g) {
  const Board& board = game.board();
  set_up(game);
  try {
    limit_to_deadline();
    g.other_dead = gnugo_->final_status_list(board, "dead");
  } catch (const GtpError&) {
    gnugo_.reset();
    throw;
  }
  std::vector<uint8_t> ours(size_t(board.array_size()), 0), theirs(ours);
  for (Point p : g.dead) ours[p] = 1;
  for (Point p : *g.other_dead) theirs[p] = 1;
  for (int i = 0; i < board.array_size(); ++i) {
    const Color c = board.at(Point(i));
    if (c != Color::Black && c != Color::White) continue;
    ++g.stones;
    g.stones_agreeing += ours[size_t(i)] == theirs[size_t(i)];
  }
}

}  // namespace tengen::external
