// `--device gpu` where it cannot run: a build without CUDA says so and how to
// get one (-DTENGEN_CUDA=ON); a CUDA build on a machine without a GPU or
// driver names what is missing. Exit 1, nothing on stdout, no output file
// made, no crash. A bad --device value is a bad value (105).
#include <gtest/gtest.h>

#include <filesystem>

#include "gpu/device.h"
#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

void expect_no_gpu_error(const Ran& r) {
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "");
  if (!gpu::built_with_cuda()) {
    EXPECT_TRUE(contains(r.err, "no CUDA")) << r.err;
    EXPECT_TRUE(contains(r.err, "-DTENGEN_CUDA=ON")) << r.err;
  } else {
    EXPECT_TRUE(contains(r.err, "GPU") || contains(r.err, "driver")) << r.err;
  }
}

bool has_gpu() {
  try {
    gpu::device_name();
    return true;
  } catch (const gpu::DeviceError&) {
    return false;
  }
}

TEST(CliDevice, SelfplayWithoutAGpuFailsCleanly) {
  if (has_gpu()) GTEST_SKIP() << "this machine has a GPU";
  TempDir dir;
  const Ran r = run({"selfplay", "--device", "gpu", "--games", "10", "--json", dir / "out.json"});
  expect_no_gpu_error(r);
  EXPECT_FALSE(std::filesystem::exists(dir / "out.json"));
}

TEST(CliDevice, BenchWithoutAGpuFailsCleanly) {
  if (has_gpu()) GTEST_SKIP() << "this machine has a GPU";
  expect_no_gpu_error(run({"bench", "--device", "gpu", "--no-signature"}));
}

TEST(CliDevice, BadDeviceIsABadValue) {
  const Ran r = run({"selfplay", "--device", "tpu", "--games", "10"});
  EXPECT_EQ(r.status, 105);
  EXPECT_TRUE(contains(r.err, "tpu")) << r.err;
  EXPECT_EQ(run({"bench", "--device", "npu"}).status, 105);
}

TEST(CliDevice, GpuRunWithoutAGpuThrowsDeviceError) {
  if (has_gpu()) GTEST_SKIP() << "this machine has a GPU";
  selfplay::RunConfig config;
  config.games = 10;
  EXPECT_THROW(gpu::run_gpu(config), gpu::DeviceError);
  config.width = 30;  // a bad config is still a bad config
  EXPECT_THROW(gpu::run_gpu(config), std::invalid_argument);
}

}  // namespace
}  // namespace tengen::test
