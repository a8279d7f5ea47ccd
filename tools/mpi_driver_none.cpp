// The MPI driver of a build without MPI: one process, rank 0 of 1.
#include <stdexcept>

#include "tools/mpi_driver.h"

namespace tengen::tools {

bool mpi_built() {
  return false;
}

MpiSession::MpiSession() = default;
MpiSession::~MpiSession() = default;

selfplay::RunResult mpi_run(const selfplay::RunConfig&, const selfplay::RunCallbacks&,
                            const std::atomic<bool>*, MpiSession&) {
  throw std::logic_error("this tengen was built without MPI");
}

}  // namespace tengen::tools
