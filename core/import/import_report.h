// What an import did not take as written: values it estimated or changed (warnings,
// each naming the link, joint or file) and the elements and attributes it ignored,
// counted by their place in the document.
#pragma once

#include <string>
#include <vector>

namespace contactlab {

struct IgnoredItem {
  std::string what;  // e.g. "<joint> <safety_controller>" or "<link> <visual> <material>"
  int count = 0;
  int first_line = 0;
};

struct ImportReport {
  std::vector<std::string> warnings;
  std::vector<IgnoredItem> ignored;

  void warn(std::string message) { warnings.push_back(std::move(message)); }
  // Counts one more ignored `what`, remembering the line of the first.
  void ignore(const std::string& what, int line);
  // One line per warning ("warning: ..."), then one per ignored kind
  // ("ignored: <gazebo> x3 (first at line 40)").
  std::string text() const;
};

// A number as the report's messages write it: 4 significant digits (printf's %.4g).
std::string report_number(double value);

}  // namespace contactlab
