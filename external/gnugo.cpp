#include "external/gnugo.h"

#include "external/command_line.h"

namespace tengen::external {
std::vector<std::string> gnugo_flags(const Rules& rules) {
  std::vector<std::string> flags = {"--mode", "gtp", "--quiet"};
  flags.push_back(rules.scoring == Scoring::Area ? "--chinese-rules" : "--japanese-rules");
  switch (rules.suicide) {
    case SuicideRule::Forbidden:
      flags.push_back("--forbid-suicide");
      break;
    case SuicideRule::Multi:
      flags.push_back("--allow-suicide");
      break;
    case SuicideRule::Allowed:
      flags.push_back("--allow-all-suicide");
      break;
  }
  switch (rules.ko) {
    case KoRule::Simple:
      flags.push_back("--simple-ko");
      break;
    case KoRule::Positional:
      flags.push_back("--positional-superko");
      break;
    case KoRule::Situational:
      flags.push_back("--situational-superko");
      break;
  }
  return flags;
}

std::string find_gnugo(const std::string& given) {
  if (!given.empty()) return is_executable(given) ? given : "";
  if (std::string found = find_program("gnugo"); !found.empty()) return found;
  return is_executable("/usr/games/gnugo") ? "/usr/games/gnugo" : "";
}

GnuGo::GnuGo(const std::string& program, const Rules& rules, std::chrono::milliseconds timeout)
    : Engine(
          [&] {
            std::vector<std::string> argv = {program};
            for (std::string& flag : gnugo_flags(rules)) argv.push_back(std::move(flag));
            return argv;
          }(),
          timeout, "GNU Go") {}

}  // namespace tengen::external
