// GNU Go on the final positions of scored records (scoring/record_score.h):
// its dead stones and seki for `tengen score --dead-stones gnugo` and
// tengen.score_record(dead_stones="gnugo"), and its dead stones beside the
// playouts' for `tengen score --gnugo`. The position is set up stone by
// stone (no stone of a legal position captures or suicides while its
// subsets are built); GNU Go's rules only set legality flags, the counting
// is ours.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/rules.h"
#include "external/gnugo.h"
#include "scoring/record_score.h"

namespace tengen::external {

class GnuGoJudge {
 public:
  // `program`: a path, or "" or "auto" to find gnugo (find_gnugo).
  // `record_timeout`: the most one position may take, setting up and calls
  // together (dead-stone analysis of an unfinished 19x19 position can take
  // minutes). Throws std::invalid_argument if there is no program or the
  // timeout is not positive, GtpError if it cannot start.
  GnuGoJudge(const std::string& program, const Rules& rules,
             std::chrono::milliseconds record_timeout = kDefaultRecordTimeout);
  static constexpr std::chrono::milliseconds kDefaultRecordTimeout = std::chrono::minutes(5);

  // final_status_list dead and seki. Throws std::invalid_argument for
  // a board GNU Go does not have (square, up to 19x19), GtpError if GNU Go
  // fails or the position takes longer than the record timeout (the next
  // call gets a fresh GNU Go).
  scoring::StoneCalls call(const Game& game);

  // GNU Go's dead stones beside `g.dead`: fills g.other_dead, g.stones and
  // g.stones_agreeing. Throws as call() does.
  void compare(const Game& game, scoring::RecordScore& g);

  // Once *stop is true, a call in progress ends within a tenth of a second
  // with GtpError(GtpFailure::Stopped) (GtpClient::set_stop).
  void set_stop(const std::atomic<bool>* stop);

 private:
  void set_up(const Game& game);
  // Each GTP answer waits at most what is left of the position's time.
  void limit_to_deadline();
  std::string program_;
  std::chrono::milliseconds record_timeout_;
  std::chrono::steady_clock::time_point deadline_;
  Rules rules_;
  std::unique_ptr<GnuGo> gnugo_;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace tengen::external
