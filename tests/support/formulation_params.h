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

// Every formulation and problem variant a scene can ask for, as the options it adds to
// a scene file's "options" object, for tests that loop over them on one scene.
struct SceneFormulationOptions {
  const char* name;
  const char* options;  // JSON members, e.g. "formulation": "soft", "soft_cone": 1
};
inline constexpr SceneFormulationOptions kSceneFormulationOptions[] = {
    {"lcp", R"("formulation": "lcp")"},
    {"convex", R"("formulation": "convex")"},
    {"soft pyramidal", R"("formulation": "soft", "soft_cone": 0)"},
    {"soft elliptic", R"("formulation": "soft", "soft_cone": 1)"},
    {"quasistatic qp", R"("formulation": "quasistatic", "quasistatic_problem": 0)"},
    {"quasistatic lcp", R"("formulation": "quasistatic", "quasistatic_problem": 1)"},
    {"compliant", R"("formulation": "compliant")"},
};

inline std::string setting_test_name(const ::testing::TestParamInfo<FormulationSetting>& info) {
  return info.param.name;
}

inline std::string formulation_test_name(const ::testing::TestParamInfo<Formulation>& info) {
  return formulation_name(info.param);
}

}  // namespace contactlab
