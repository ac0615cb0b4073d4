// Tests parameterised over formulations: the settings they run in, and the test names
// GoogleTest prints for them.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "base/options.h"

namespace contactlab {

// A formulation and, where it has one, the variant of its problem: the cone of soft
// contact (soft_cone) or the problem of quasi-static stepping (quasistatic_problem).
struct FormulationSetting {
  Formulation formulation;
  int variant;
  const char* name;  // the test's name

  void apply(Options& options) const {
    options.formulation = formulation;
    if (formulation == Formulation::Soft) options.soft_cone = variant;
    if (formulation == Formulation::Quasistatic) options.quasistatic_problem = variant;
  }
};

inline std::string setting_test_name(const ::testing::TestParamInfo<FormulationSetting>& info) {
  return info.param.name;
}

inline std::string formulation_test_name(const ::testing::TestParamInfo<Formulation>& info) {
  return formulation_name(info.param);
}

}  // namespace contactlab
