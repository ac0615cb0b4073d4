// The URDF validation set (real robots with their meshes and expected.json), read in
// place from ../shared/validation/urdf beside the repository; tests that need it skip
// with this message when it is absent.
#pragma once

#include <string>
#include <sys/stat.h>

namespace contactlab {

inline const std::string kUrdfValidationDir = CONTACTLAB_URDF_VALIDATION_DIR;

inline bool urdf_validation_present() {
  struct stat info;
  return ::stat((kUrdfValidationDir + "/expected.json").c_str(), &info) == 0;
}

#define SKIP_WITHOUT_URDF_VALIDATION_SET()                                                          \
  if (!::contactlab::urdf_validation_present()) {                                                   \
    GTEST_SKIP() << ::contactlab::kUrdfValidationDir                                                \
                 << " not found: the URDF validation set is read in place from ../shared/validation/urdf"; \
  }

}  // namespace contactlab
