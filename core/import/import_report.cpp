#include "import/import_report.h"

#include <cstdio>

namespace contactlab {

void ImportReport::ignore(const std::string& what, int line) {
  for (IgnoredItem& item : ignored) {
    if (item.what == what) {
      ++item.count;
      return;
    }
  }
  ignored.push_back({what, 1, line});
}

std::string ImportReport::text() const {
  std::string text;
  for (const std::string& warning : warnings) text += "warning: " + warning + "\n";
  for (const IgnoredItem& item : ignored) {
    text += "ignored: " + item.what + (item.count > 1 ? " x" + std::to_string(item.count) : "") +
            " (first at line " + std::to_string(item.first_line) + ")\n";
  }
  return text;
}

std::string report_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

}  // namespace contactlab
