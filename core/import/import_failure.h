// How the URDF import (urdf_scene.h) stops at its first error: a stage throws one
// line naming the link, joint or file, and import_urdf returns it as a failed Status,
// having written nothing.
#pragma once

#include <string>

namespace contactlab {

struct ImportFailure {
  std::string message;
};

[[noreturn]] void fail_import(std::string message);

}  // namespace contactlab
