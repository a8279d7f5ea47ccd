// PLACEHOLDER until the gtp command is written; replaced by its owner.
#include "tools/commands.h"

namespace tengen::tools {

void add_gtp_command(CLI::App& app) { (void)app; }

}  // namespace tengen::tools
