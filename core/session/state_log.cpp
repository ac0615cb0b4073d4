#include "session/state_log.h"

#include <algorithm>

namespace contactlab {

void StateLog::restart(const Model& model, const Options& options) {
  format_ = std::make_unique<StateRowFormat>(model, options);
  grasp_ = GraspSchedule();
  keeps_schedules_ = !model.articulations.empty();
  const std::size_t row_bytes =
      format_->size() * sizeof(double) + (keeps_schedules_ ? sizeof(GraspSchedule) : 0);
  capacity_ = std::max<std::size_t>(1, max_bytes_ / row_bytes);
  values_.clear();
  schedules_.clear();
  oldest_ = 0;
  rows_ = 0;
  dropped_ = 0;
}

void StateLog::record(const Model& model, const Options& options, const Data& data) {
  if (data.step_count <= last_step()) return;
  if (data.step_count > last_step() + 1) {
    values_.clear();
    schedules_.clear();
    oldest_ = 0;
    rows_ = 0;
    dropped_ = static_cast<std::size_t>(data.step_count);
  }
  const std::size_t size = format_->size();
  const GraspReport& grasp = grasp_.update(model, options, data);
  std::size_t slot;
  if (rows_ < capacity_) {
    // Growing by whole rows: vector's doubling keeps the copies to a few per run.
    slot = (oldest_ + rows_) % capacity_;
    values_.resize(values_.size() + size);
    if (keeps_schedules_) schedules_.emplace_back();
    ++rows_;
  } else {
    slot = oldest_;
    oldest_ = (oldest_ + 1) % capacity_;
    ++dropped_;
  }
  format_->capture(model, data, grasp, values_.data() + slot * size);
  if (keeps_schedules_) schedules_[slot] = grasp_;
}

void StateLog::discard_after(long step) {
  if (step >= last_step()) return;
  unwrap();
  const long first = static_cast<long>(dropped_);
  if (step < first) {
    // Before the oldest row kept: the grasp columns start afresh.
    rows_ = 0;
    dropped_ = static_cast<std::size_t>(std::max(0L, step + 1));
    grasp_ = GraspSchedule();
  } else {
    rows_ = static_cast<std::size_t>(step - first + 1);
    if (keeps_schedules_) grasp_ = schedules_[rows_ - 1];
  }
  values_.resize(rows_ * (format_ ? format_->size() : 0));
  if (keeps_schedules_) schedules_.resize(rows_);
}

void StateLog::unwrap() {
  if (oldest_ == 0) return;
  const std::size_t size = format_->size();
  std::rotate(values_.begin(), values_.begin() + static_cast<std::ptrdiff_t>(oldest_ * size), values_.end());
  if (keeps_schedules_) {
    std::rotate(schedules_.begin(), schedules_.begin() + static_cast<std::ptrdiff_t>(oldest_), schedules_.end());
  }
  oldest_ = 0;
}

void StateLog::write_header(const Model& model, std::ostream& out) const {
  if (format_) format_->write_header(model, out);
}

void StateLog::write_rows(const Model& model, std::size_t first, std::size_t count, std::ostream& out) const {
  const std::size_t size = format_ ? format_->size() : 0;
  const std::size_t end = std::min(rows_, first + count);
  for (std::size_t i = first; i < end; ++i) {
    format_->write_row(model, values_.data() + ((oldest_ + i) % capacity_) * size, out);
  }
}

}  // namespace contactlab
