// The state CSV's rows of a run (state_csv.h), kept in bounded memory so that the
// page's export equals `contactlab run --csv` of the same run: rows are kept as the
// numbers StateRowFormat captures (13 per moving body, 3 per joint, a few more) and
// printed only when written. Once the rows fill the byte budget, each new row drops
// the oldest. Rows are of consecutive steps: the page's timeline can take the
// simulation back and step it again (bit-identical), and a step already kept is not
// kept twice; what the run drops after a step it goes on from, the log drops too.
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <vector>

#include "session/state_csv.h"

namespace contactlab {

class StateLog {
 public:
  // 36 MiB: 44 s of barrett_phone (251 columns, the most of the built-in scenes) at
  // h = 2.5 ms, 11 minutes of brick_slide (17 columns).
  static constexpr std::size_t kDefaultMaxBytes = std::size_t{36} << 20;

  explicit StateLog(std::size_t max_bytes = kDefaultMaxBytes) : max_bytes_(max_bytes) {}

  // A new run of `model` under `options` (loaded or restarted): no rows.
  void restart(const Model& model, const Options& options);
  // Adds the row of the state in `data` (the initial state, or the state after a step),
  // with the grasp columns refreshed as the command line refreshes them. A step at or
  // before last_step() is already kept and is not added again; a step past the next
  // one (rows missing in between) counts the missing rows as dropped.
  void record(const Model& model, const Options& options, const Data& data);
  // Drops the rows after `step`, and the grasp columns go on as they were at it.
  void discard_after(long step);

  // The step of the newest row; -1 before the first.
  long last_step() const { return static_cast<long>(dropped_ + rows_) - 1; }

  // Rows kept, and rows dropped before the first kept one.
  std::size_t rows() const { return rows_; }
  std::size_t dropped() const { return dropped_; }
  // Rows the byte budget holds.
  std::size_t capacity() const { return capacity_; }

  void write_header(const Model& model, std::ostream& out) const;
  // Rows [first, first + count) of those kept (0: the oldest), one line each.
  void write_rows(const Model& model, std::size_t first, std::size_t count, std::ostream& out) const;

 private:
  std::size_t max_bytes_;
  std::unique_ptr<StateRowFormat> format_;
  GraspSchedule grasp_;
  std::vector<double> values_;  // a ring of capacity_ rows once full
  // The grasp schedule as it was after each row (scenes with articulations only, whose
  // grasp columns depend on when the analysis was last refreshed): discard_after()
  // takes it back. Same ring as values_.
  std::vector<GraspSchedule> schedules_;
  bool keeps_schedules_ = false;
  std::size_t capacity_ = 0;
  std::size_t oldest_ = 0;  // the ring's first row
  std::size_t rows_ = 0;
  std::size_t dropped_ = 0;

  // Puts the ring's oldest row first, so that rows can be dropped from its end.
  void unwrap();
};

}  // namespace contactlab
