// Bit-for-bit regression of every built-in scene in every formulation: the state CSV
// of `contactlab run SCENE --duration D --set formulation=NAME --csv` (D: the table's
// 2 s, or the entry's shorter duration) must hash to the value in
// tests/data/trajectory_hashes.json, both as text (17 significant digits) and as the
// state's doubles (the hash the WebAssembly test recomputes).
// A change that alters physics on purpose re-records the table
// (scripts/record_trajectory_hashes.mjs) in the same commit and says why.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "temp_path.h"

namespace contactlab {
namespace {

struct HashEntry {
  std::string scene;
  std::string formulation;
  int rows = 0;
  int state_columns = 0;
  std::string csv_hash;
  std::string state_hash;
  double duration = 0;
};

std::vector<HashEntry> read_table() {
  std::ifstream file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/trajectory_hashes.json");
  const nlohmann::json table = nlohmann::json::parse(file);
  std::vector<HashEntry> entries;
  for (const nlohmann::json& entry : table.at("entries")) {
    entries.push_back({entry.at("scene"), entry.at("formulation"), entry.at("rows"),
                       entry.at("state_columns"), entry.at("csv"), entry.at("state"),
                       entry.value("duration", table.at("duration").get<double>())});
  }
  return entries;
}

class Fnv1a64 {
 public:
  void add(const void* data, size_t size) {
    const unsigned char* bytes = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) hash_ = (hash_ ^ bytes[i]) * 0x100000001b3ULL;
  }
  std::string hex() const {
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash_));
    return buffer;
  }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

// The state columns of every row after the header, as little-endian doubles.
std::string state_hash(const std::string& csv, int columns, int& rows) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  Fnv1a64 hash;
  rows = 0;
  while (std::getline(lines, line)) {
    std::istringstream cells(line);
    std::string cell;
    for (int i = 0; i < columns && std::getline(cells, cell, ','); ++i) {
      const double value = std::strtod(cell.c_str(), nullptr);
      unsigned char bytes[8];
      std::memcpy(bytes, &value, 8);  // little-endian on every target we build
      hash.add(bytes, 8);
    }
    ++rows;
  }
  return hash.hex();
}

class TrajectoryHash : public testing::TestWithParam<HashEntry> {};

TEST_P(TrajectoryHash, StateCsvHashesToTheRecordedValue) {
  const HashEntry& entry = GetParam();
  const std::string csv_path = temp_path("trajectory_" + entry.scene + "_" + entry.formulation + ".csv");
  std::ostringstream out, err;
  char duration[32];
  std::snprintf(duration, sizeof duration, "%g", entry.duration);
  ASSERT_EQ(run_run_command({std::string(CONTACTLAB_SCENES_DIR) + "/" + entry.scene + ".json", "--duration",
                             duration, "--set", "formulation=" + entry.formulation, "--csv", csv_path},
                            out, err),
            0)
      << err.str();
  std::ifstream file(csv_path, std::ios::binary);
  const std::string csv((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::remove(csv_path.c_str());
  Fnv1a64 text;
  text.add(csv.data(), csv.size());
  int rows = 0;
  EXPECT_EQ(state_hash(csv, entry.state_columns, rows), entry.state_hash);
  EXPECT_EQ(rows, entry.rows);
  EXPECT_EQ(text.hex(), entry.csv_hash);
}

INSTANTIATE_TEST_SUITE_P(BuiltInScenes, TrajectoryHash, testing::ValuesIn(read_table()),
                         [](const testing::TestParamInfo<HashEntry>& info) {
                           return info.param.scene + "_" + info.param.formulation;
                         });

}  // namespace
}  // namespace contactlab
