// Test entry point: sets RapidCheck's number of cases per property before any
// property runs. TENGEN_CASES=N asks for N cases (default: the build's
// TENGEN_PROPERTY_CASES); an explicit RC_PARAMS wins over both.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  if (std::getenv("RC_PARAMS") == nullptr) {
    const char* cases = std::getenv("TENGEN_CASES");
    std::string params =
        "max_success=" + std::string(cases ? cases : std::to_string(TENGEN_PROPERTY_CASES));
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
