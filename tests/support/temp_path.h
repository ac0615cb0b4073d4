// A path in the test temporary directory that no other test process uses: ctest runs
// test cases in parallel, possibly from several checkouts, and they share /tmp.
#pragma once

#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

namespace contactlab {

inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "contactlab_" + std::to_string(::getpid()) + "_" + name;
}

}  // namespace contactlab
