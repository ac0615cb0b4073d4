// Reading the CLI's CSV outputs (--csv, --contacts) in a test: the header's column
// names and every row's cells as text, numbers on request.
#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {

struct CsvTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;

  // The index of column `name`; -1 (and a test failure) when there is none.
  int column(const std::string& name) const {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i] == name) return static_cast<int>(i);
    }
    ADD_FAILURE() << "no column " << name;
    return -1;
  }
  double number(std::size_t row, const std::string& name) const {
    return std::strtod(rows[row][column(name)].c_str(), nullptr);
  }
};

inline std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream stream(line);
  for (std::string cell; std::getline(stream, cell, ',');) cells.push_back(cell);
  return cells;
}

inline CsvTable read_csv_table(const std::string& path) {
  CsvTable table;
  std::ifstream file(path);
  std::string line;
  if (std::getline(file, line)) table.columns = csv_cells(line);
  while (std::getline(file, line)) table.rows.push_back(csv_cells(line));
  return table;
}

}  // namespace contactlab
