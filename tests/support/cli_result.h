// Running one of the tool's subcommands (cli/commands.h) in a test: its exit code and
// what it printed on each stream.
#pragma once

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"

namespace contactlab {

struct CommandResult {
  int code;
  std::string out;
  std::string err;
};

using Subcommand = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

inline CommandResult run_subcommand(Subcommand subcommand, const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = subcommand(args, out, err);
  return {code, out.str(), err.str()};
}

// `contactlab run ARGS...`.
inline CommandResult run_scene_command(const std::vector<std::string>& args) {
  return run_subcommand(run_run_command, args);
}

}  // namespace contactlab
