// A record's numbers in a flat Float64Array: one table of fields per record gives
// their order, names and units, both to the code that fills the array and to
// recordLayouts(), which tells JavaScript (a field added to the table shows up in both).
#pragma once

#include <vector>

namespace contactlab {

template <typename Record>
struct RecordField {
  const char* name;  // snake_case, as the docs and the CLI's CSV columns name it
  const char* unit;  // SI, "" when dimensionless or an index
  double (*value)(const Record&);
};

template <typename Record>
using RecordLayout = std::vector<RecordField<Record>>;

// Appends the record's numbers in the layout's order.
template <typename Record>
void append_record(const RecordLayout<Record>& layout, const Record& record, std::vector<double>& out) {
  for (const RecordField<Record>& field : layout) out.push_back(field.value(record));
}

}  // namespace contactlab
