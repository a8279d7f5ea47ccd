// The MPI driver of a build without MPI: one process, rank 0 of 1.
#include <stdexcept>

#include "tools/mpi_driver.h"

namespace tengen::tools {

bool mpi_built() {
  return false;
}

MpiSession::MpiSession() {
  if (launched_by_mpi()) {
    throw std::runtime_error(
        "started by mpirun, but this tengen was built without MPI "
        "(install libopenmpi-dev and rebuild; scripts/setup.sh does)");
  }
}
MpiSession::~MpiSession() = default;

selfplay::RunResult mpi_run(const selfplay::RunConfig&, const selfplay::RunCallbacks&,
                            const std::atomic<bool>*, MpiSession&, const selfplay::Player&) {
  throw std::logic_error("this tengen was built without MPI");
}

}  // namespace tengen::tools
