// `mpirun -np 3`, `-np 2` and `-np 1` give the one-process result, digest included:
// blocks of games are handed out dynamically and merged exactly; so do two
// ranks playing with the GPU's code (--device portable) and with the search. Skipped,
// saying why, when the build has no MPI.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

#if defined(TENGEN_MPIEXEC)
std::vector<std::string> selfplay(const std::string& json) {
  return {TENGEN_BINARY, "selfplay",  "--board", "9",      "--games", "1201",         "--seed",
          "7",           "--threads", "1",       "--json", json,      "--no-progress"};
}
#endif

TEST(SelfplayShardMpi, RanksGiveTheOneProcessDigest) {
#if !defined(TENGEN_MPIEXEC)
  GTEST_SKIP() << "MPI is not built (CMake found no MPI; scripts/setup.sh installs "
                  "libopenmpi-dev and openmpi-bin)";
#else
  TempDir dir;
  const Ran alone = run_program(selfplay(dir / "alone.json"), dir);
  ASSERT_EQ(alone.status, 0) << alone.err;
  // Shared memory without cross-memory attach: containers often forbid it.
  setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 1);
  // OpenMPI leaves allocations behind after MPI_Finalize, many in components
  // it has unloaded, which LeakSanitizer cannot name to suppress; so no leak
  // check for the ranks. The other tests check the same code for leaks.
  const char* asan = std::getenv("ASAN_OPTIONS");
  setenv("ASAN_OPTIONS", (std::string(asan ? asan : "") + ":detect_leaks=0").c_str(), 1);
  for (const char* ranks : {"3", "2", "1"}) {
    SCOPED_TRACE(std::string("-np ") + ranks);
    std::vector<std::string> args = {TENGEN_MPIEXEC, "--allow-run-as-root", "--oversubscribe",
                                     "-np", ranks};
    const std::string json = dir / (std::string("mpi-") + ranks + ".json");
    for (const std::string& a : selfplay(json)) args.push_back(a);
    const Ran mpi = run_program(args, dir);
    ASSERT_EQ(mpi.status, 0) << mpi.out << mpi.err;
    EXPECT_EQ(without_timings(mpi.out), without_timings(alone.out));
    EXPECT_EQ(without_timings(read_file(json)), without_timings(read_file(dir / "alone.json")));
  }
  // Each rank playing its blocks with the GPU's code (--device portable: on
  // one CPU thread, as --device gpu does on each rank's GPU).
  std::vector<std::string> args = {TENGEN_MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np",
                                   "2"};
  for (const std::string& a : selfplay(dir / "portable.json")) args.push_back(a);
  args.push_back("--device");
  args.push_back("portable");
  const Ran portable = run_program(args, dir);
  ASSERT_EQ(portable.status, 0) << portable.out << portable.err;
  EXPECT_EQ(without_timings(portable.out), without_timings(alone.out));
  EXPECT_EQ(without_timings(read_file(dir / "portable.json")),
            without_timings(read_file(dir / "alone.json")));

  // Searched games (both sides search): each rank plays its blocks, and the
  // ranks give the one process's result.
  const std::vector<std::string> searched = {
      TENGEN_BINARY, "selfplay", "--player",  "mcts",    "--playouts",   "30",
      "--board",     "5",        "--rules",   "chinese", "--games",      "40",
      "--seed",      "7",        "--threads", "1",       "--no-progress"};
  std::vector<std::string> one = searched;
  one.insert(one.end(), {"--json", dir / "mcts-alone.json"});
  const Ran mcts_alone = run_program(one, dir);
  ASSERT_EQ(mcts_alone.status, 0) << mcts_alone.err;
  std::vector<std::string> ranks = {TENGEN_MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np",
                                    "2"};
  ranks.insert(ranks.end(), searched.begin(), searched.end());
  ranks.insert(ranks.end(), {"--json", dir / "mcts-mpi.json"});
  const Ran mcts_mpi = run_program(ranks, dir);
  ASSERT_EQ(mcts_mpi.status, 0) << mcts_mpi.out << mcts_mpi.err;
  EXPECT_EQ(without_timings(mcts_mpi.out), without_timings(mcts_alone.out));
  EXPECT_EQ(without_timings(read_file(dir / "mcts-mpi.json")),
            without_timings(read_file(dir / "mcts-alone.json")));
#endif
}

}  // namespace
}  // namespace tengen::test
