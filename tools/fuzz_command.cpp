// PLACEHOLDER until the fuzz command is written; replaced by its owner.
#include "tools/commands.h"

namespace tengen::tools {

void add_fuzz_command(CLI::App& app) { (void)app; }

}  // namespace tengen::tools
