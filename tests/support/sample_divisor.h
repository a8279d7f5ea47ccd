// How far a test cuts its samples in slow builds: by
// TENGEN_SELFPLAY_TEST_DIVISOR where the build sets it, else by the test's own
// `sanitized` factor under ASan or TSan (GCC marks both), else not at all.
#pragma once

#include <cstdint>

namespace tengen::props {

constexpr uint64_t sample_divisor([[maybe_unused]] uint64_t sanitized) {
#if defined(TENGEN_SELFPLAY_TEST_DIVISOR)
  return TENGEN_SELFPLAY_TEST_DIVISOR;
#elif defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return sanitized;
#else
  return 1;
#endif
}

}  // namespace tengen::props
