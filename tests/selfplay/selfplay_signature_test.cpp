// The pinned signature (`tengen bench`): a fixed, seeded set of runs whose
// digest changes whenever any game, or any game's score, changes. When a
// change alters the games on purpose, update the values here and say so in
// the commit. Sanitizer builds replay only the two cheapest runs.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "selfplay/signature.h"

namespace tengen::selfplay {
namespace {

#if defined(TENGEN_SELFPLAY_TEST_DIVISOR) || defined(__SANITIZE_ADDRESS__) || \
    defined(__SANITIZE_THREAD__)
constexpr bool kFull = false;
#else
constexpr bool kFull = true;
#endif

constexpr uint64_t kSignature = 0x00905112aea8ddc2ull;

// The digest of each run of signature_runs(), in order.
const std::vector<uint64_t> kRunDigests = {
    0x293bacd4f8fae2adull, 0x6b85ef23d160f549ull, 0xa5cb37ab60db6160ull, 0x488268e2e1f17021ull,
    0x236691367ffc4dffull, 0xec4a78672ad35bfdull, 0x8222322a50063739ull,
};

TEST(SelfplaySignature, Pinned) {
  if (kFull) {
    const SignatureResult result = run_signature(2);
    ASSERT_EQ(result.runs.size(), kRunDigests.size());
    for (size_t i = 0; i < kRunDigests.size(); ++i) {
      EXPECT_EQ(digest_hex(result.runs[i].digest), digest_hex(kRunDigests[i])) << "run " << i;
    }
    EXPECT_EQ(digest_hex(result.digest), digest_hex(kSignature));
    return;
  }
  const std::vector<RunConfig> runs = signature_runs();
  ASSERT_EQ(runs.size(), kRunDigests.size());
  for (size_t i : {size_t(0), size_t(2)}) {
    RunConfig config = runs[i];
    config.threads = 2;
    EXPECT_EQ(digest_hex(run_selfplay(config).digest), digest_hex(kRunDigests[i])) << "run " << i;
  }
}

}  // namespace
}  // namespace tengen::selfplay
