#include "base/options.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(SetOption, AcceptsTheSeedSymbolsAsShortNames) {
  Options options;
  ASSERT_TRUE(set_option(options, "h", 0.001).ok());
  ASSERT_TRUE(set_option(options, "mu", 0.7).ok());
  ASSERT_TRUE(set_option(options, "gamma", 0.5).ok());
  ASSERT_TRUE(set_option(options, "u", 12).ok());
  EXPECT_EQ(options.time_step, 0.001);
  EXPECT_EQ(options.friction_coefficient, 0.7);
  EXPECT_EQ(options.error_reduction, 0.5);
  EXPECT_EQ(options.friction_edges, 12);
}

TEST(SetOption, RejectsOutOfRangeValuesWithTheNameAndRangeAndKeepsTheOldValue) {
  struct Case { const char* name; double value; const char* range_text; };
  const Case cases[] = {
      {"time_step", 0.6, "between 0.0001 and 0.5 s"},
      {"time_step", std::numeric_limits<double>::quiet_NaN(), "between 0.0001 and 0.5 s"},
      {"friction_coefficient", -0.5, "or -1"},
      {"torsional_friction", -0.5, "between 0 and 1 m, or -1 for the scene's materials"},
      {"torsional_friction", 1.5, "between 0 and 1 m"},
      {"error_reduction", 1.5, "between 0 and 1"},
      {"baumgarte_alpha", -1, "between 0 and 10000 1/s"},
      {"baumgarte_beta", 1e5, "between 0 and 10000 1/s"},
      {"friction_edges", 7, "even whole number from 2 to 32"},
      {"friction_edges", 34, "even whole number from 2 to 32"},
      {"contact_margin", -1e-3, "between 0 and 0.05 m"},
      {"gravity_z", std::numeric_limits<double>::infinity(), "between -100 and 100"},
  };
  for (const Case& c : cases) {
    Options options;
    const Options before = options;
    const Status status = set_option(options, c.name, c.value);
    ASSERT_FALSE(status.ok()) << c.name;
    EXPECT_EQ(status.message().rfind(c.name, 0), 0u) << status.message();
    EXPECT_NE(status.message().find(c.range_text), std::string::npos) << status.message();
    EXPECT_EQ(options.time_step, before.time_step);
    EXPECT_EQ(options.friction_edges, before.friction_edges);
    EXPECT_EQ(options.gravity, before.gravity);
    EXPECT_EQ(options.baumgarte_alpha, before.baumgarte_alpha);
    EXPECT_EQ(options.baumgarte_beta, before.baumgarte_beta);
  }
}

TEST(SetOption, UnknownNameListsTheKnownOnes) {
  Options options;
  const Status status = set_option(options, "timestep", 0.01);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("unknown option"), std::string::npos);
  EXPECT_NE(status.message().find("time_step"), std::string::npos);
}

TEST(GetOption, ReadsBackEveryNamedOption) {
  Options options;
  for (const std::string& name : option_names()) {
    double value = std::nan("");
    ASSERT_TRUE(get_option(options, name, value).ok()) << name;
    ASSERT_TRUE(set_option(options, name, value).ok()) << name;  // defaults are in range
  }
}

TEST(SetOption, FormulationParametersAreCheckedAgainstTheirRanges) {
  struct Case { const char* name; double value; const char* range_text; };
  const Case cases[] = {
      {"formulation", 6, "5 (hybrid)"},
      {"formulation", 1.5, "0 (lcp)"},
      {"soft_regularisation", 0, "between 1e-06 and 10"},
      {"soft_time_constant", 2, "between 0.001 and 1 s"},
      {"soft_cone", 2, "0 (pyramidal) or 1 (elliptic)"},
      {"quasistatic_problem", -1, "0 (qp) or 1 (lcp)"},
      {"compliant_stiffness", 1, "between 10 and 1e+09 N/m"},
      {"compliant_substeps", 0.5, "or 0 for as many as stability needs"},
      {"contact_search", 3, "0 (margin) or 1 (step_size)"},
  };
  for (const Case& c : cases) {
    Options options;
    const Status status = set_option(options, c.name, c.value);
    ASSERT_FALSE(status.ok()) << c.name;
    EXPECT_EQ(status.message().rfind(c.name, 0), 0u) << status.message();
    EXPECT_NE(status.message().find(c.range_text), std::string::npos) << status.message();
    EXPECT_EQ(options.formulation, Formulation::Lcp);
  }
  Options options;
  ASSERT_TRUE(set_option(options, "formulation", 3).ok());
  EXPECT_EQ(options.formulation, Formulation::Quasistatic);
  EXPECT_STREQ(formulation_name(options.formulation), "quasistatic");
}

TEST(OptionValueOfWord, NamesTheValuesOfOptionsThatHaveThem) {
  double value = -1;
  ASSERT_TRUE(option_value_of_word("formulation", "compliant", value).ok());
  EXPECT_EQ(value, 4);
  ASSERT_TRUE(option_value_of_word("autograsp", "static", value).ok());
  EXPECT_EQ(value, 1);
  ASSERT_TRUE(option_value_of_word("soft_cone", "elliptic", value).ok());
  EXPECT_EQ(value, 1);
  ASSERT_TRUE(option_value_of_word("contact_search", "step_size", value).ok());
  EXPECT_EQ(value, 1);

  const Status unknown_word = option_value_of_word("formulation", "mujoco", value);
  ASSERT_FALSE(unknown_word.ok());
  EXPECT_NE(unknown_word.message().find("must be one of lcp, convex, soft, quasistatic, compliant"),
            std::string::npos)
      << unknown_word.message();
  const Status numeric_only = option_value_of_word("time_step", "fast", value);
  ASSERT_FALSE(numeric_only.ok());
  EXPECT_EQ(numeric_only.message(), "time_step: must be between 0.0001 and 0.5 s, got \"fast\"");
}

TEST(OptionValueOfWord, NamesTheSpecialValuesOfNumericOptions) {
  double value = 0;
  ASSERT_TRUE(option_value_of_word("mu", "materials", value).ok());
  EXPECT_EQ(value, -1);
  ASSERT_TRUE(option_value_of_word("compliant_substeps", "auto", value).ok());
  EXPECT_EQ(value, 0);
  const Status unknown_word = option_value_of_word("friction_coefficient", "rubber", value);
  ASSERT_FALSE(unknown_word.ok());
  EXPECT_EQ(unknown_word.message(),
            "friction_coefficient: must be between 0 and 2, or -1 for the scene's materials (as a word: materials), "
            "got \"rubber\"");
}

TEST(OptionDescriptions, DescribeEveryOptionOnceInTheOrderOfItsNames) {
  std::vector<std::string> names;
  std::set<std::string> accepted;  // names and aliases
  for (const OptionDescription& option : option_descriptions()) {
    names.push_back(option.name);
    EXPECT_TRUE(accepted.insert(option.name).second) << option.name;
    EXPECT_FALSE(option.label.empty()) << option.name;
    for (const std::string& alias : option.aliases) {
      EXPECT_TRUE(accepted.insert(alias).second) << alias;
      Options options;
      ASSERT_TRUE(set_option(options, alias, option.max).ok()) << alias;
      double value = 0;
      ASSERT_TRUE(get_option(options, option.name, value).ok());
      EXPECT_EQ(value, option.max) << alias;
    }
  }
  EXPECT_EQ(names, option_names());
}

// Every option takes both ends of its range; a value just outside either end is
// refused with the description's allowed text.
TEST(OptionDescriptions, RangesAreWhatSetOptionAccepts) {
  for (const OptionDescription& option : option_descriptions()) {
    Options options;
    EXPECT_TRUE(set_option(options, option.name, option.min).ok()) << option.name;
    EXPECT_TRUE(set_option(options, option.name, option.max).ok()) << option.name;
    const double infinity = std::numeric_limits<double>::infinity();
    for (double outside : {std::nextafter(option.min, -infinity), std::nextafter(option.max, infinity)}) {
      const Status status = set_option(options, option.name, outside);
      ASSERT_FALSE(status.ok()) << option.name << " " << outside;
      EXPECT_EQ(status.message().rfind(option.name + ": must be " + option.allowed + ", got ", 0), 0u)
          << status.message();
    }
  }
}

TEST(OptionDescriptions, DefaultsAreTheOptionsOwnAndValid) {
  const Options defaults;
  for (const OptionDescription& option : option_descriptions()) {
    double value = std::nan("");
    ASSERT_TRUE(get_option(defaults, option.name, value).ok());
    EXPECT_EQ(option.default_value, value) << option.name;
    bool named = false;
    for (const NamedValue& special : option.values) named = named || special.value == option.default_value;
    EXPECT_TRUE(named || (option.default_value >= option.min && option.default_value <= option.max)) << option.name;
    Options options;
    EXPECT_TRUE(set_option(options, option.name, option.default_value).ok()) << option.name;
  }
}

TEST(OptionDescriptions, SlidersLieWithinTheRange) {
  for (const OptionDescription& option : option_descriptions()) {
    EXPECT_LT(option.min, option.max) << option.name;
    EXPECT_LE(option.min, option.slider_min) << option.name;
    EXPECT_LT(option.slider_min, option.slider_max) << option.name;
    EXPECT_LE(option.slider_max, option.max) << option.name;
    EXPECT_GT(option.step, 0) << option.name;
    if (option.scale == OptionScale::Log) {
      EXPECT_GT(option.min, 0) << option.name;  // log10 of every value exists
      EXPECT_FALSE(option.integer) << option.name;
    }
    if (option.integer) {
      EXPECT_EQ(option.step, std::floor(option.step)) << option.name;
    }
  }
}

TEST(OptionDescriptions, NamedValuesAreAcceptedByNameAndByNumber) {
  for (const OptionDescription& option : option_descriptions()) {
    std::set<std::string> names;
    for (const NamedValue& named : option.values) {
      EXPECT_TRUE(names.insert(named.name).second) << option.name << " " << named.name;
      EXPECT_FALSE(named.label.empty()) << option.name << " " << named.name;
      double value = std::nan("");
      ASSERT_TRUE(option_value_of_word(option.name, named.name, value).ok()) << option.name << " " << named.name;
      EXPECT_EQ(value, named.value);
      Options options;
      EXPECT_TRUE(set_option(options, option.name, named.value).ok()) << option.name << " " << named.value;
    }
  }
}

// A formulation's parameters are named after it (soft_cone, compliant_substeps, ...);
// the options every formulation uses have no owner.
TEST(OptionDescriptions, FormulationParametersNameTheirFormulation) {
  const std::vector<OptionDescription>& options = option_descriptions();
  const auto formulation_option = std::find_if(options.begin(), options.end(),
                                               [](const OptionDescription& o) { return o.name == "formulation"; });
  ASSERT_NE(formulation_option, options.end());
  const OptionDescription& formulation = *formulation_option;
  for (const OptionDescription& option : options) {
    std::string prefix_owner;
    for (const NamedValue& named : formulation.values) {
      if (option.name.rfind(named.name + "_", 0) == 0) prefix_owner = named.name;
    }
    EXPECT_EQ(option.formulation ? formulation_name(*option.formulation) : "", prefix_owner) << option.name;
  }
}

}  // namespace
}  // namespace contactlab
