// PLACEHOLDER until the verify command is written; replaced by its owner.
#include "tools/commands.h"

namespace tengen::tools {

void add_verify_command(CLI::App& app) { (void)app; }

}  // namespace tengen::tools
