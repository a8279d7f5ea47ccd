// `tengen selfplay` under mpirun: rank 0 hands out blocks of games to the
// ranks (itself included) as they ask for work, so fast and slow nodes
// balance; each rank plays its blocks on its own oneTBB threads and sends
// back the block's partial result (partial_result.h); rank 0 merges them. Statistics and the
// digest merge exactly, so the result does not depend on the schedule.
//
// MPI is optional: without it (CMake found none) the same calls report a
// single process and mpi_run is never needed. Nothing else in Tengen sees MPI.
#pragma once

#include <atomic>
#include <cstdlib>

#include "selfplay/run_legs.h"
#include "selfplay/runner.h"

namespace tengen::tools {

// Whether this binary was built with MPI.
bool mpi_built();

// Whether mpirun (or srun) started this process: their environment variables.
inline bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"}) {
    if (std::getenv(name)) return true;
  }
  return false;
}

// MPI for the lifetime of the object, when the process was started by
// mpirun (or srun) and MPI is built; otherwise a single process of rank 0.
// Without MPI built, a process started by mpirun is refused (std::runtime_error)
// rather than each rank playing the whole run.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  bool initialized_ = false;
  int rank_ = 0;
  int size_ = 1;
};

// Plays games [config.first_game, config.range_end()) over the session's
// ranks; rank 0 must have size() > 1. Returns the merged result on rank 0
// (progress goes to callbacks.on_progress there), an empty one elsewhere.
// On rank 0, *stop (if set) stops handing out blocks; the result then covers
// the blocks finished, and is marked interrupted.
// Every rank plays its blocks with `play` (empty: run_selfplay), e.g. each on
// its own GPU.
selfplay::RunResult mpi_run(const selfplay::RunConfig& config,
                            const selfplay::RunCallbacks& callbacks, const std::atomic<bool>* stop,
                            MpiSession& session, const selfplay::Player& play = {});

}  // namespace tengen::tools
