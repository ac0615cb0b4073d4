// The checkpoints of one run, kept in a bounded ring and addressed by step count: the
// page's timeline seeks a step by restoring the newest checkpoint at or before it and
// stepping on from there (docs/page.md, "The timeline"). At most `capacity` are kept,
// the oldest dropped first; a slot's storage is reused when it is overwritten, so once
// the ring is full, saving allocates nothing for a run whose sizes have been seen.
#pragma once

#include <cstddef>
#include <vector>

#include "session/checkpoint.h"
#include "session/simulation.h"

namespace contactlab {

class CheckpointRing {
 public:
  explicit CheckpointRing(std::size_t capacity = 0) : slots_(capacity) {}

  // Keeps the newest `capacity` checkpoints (none: 0).
  void set_capacity(std::size_t capacity);
  std::size_t capacity() const { return slots_.size(); }
  std::size_t size() const { return count_; }

  // Saves `simulation` at its step count. Checkpoints of that step or later (of a course
  // left when an earlier one was restored) are dropped first; without a scene, or with
  // no capacity, nothing is saved.
  void save(const Simulation& simulation);
  // The newest checkpoint at or before `step`; null when there is none.
  const Checkpoint* at_or_before(long step) const;
  // Drops the checkpoints after `step`.
  void discard_after(long step);
  // Drops every checkpoint and frees their storage (another run is starting).
  void clear();

  // The step of the oldest and of the newest checkpoint kept; -1 when there is none.
  long oldest_step() const;
  long newest_step() const;

 private:
  // The i-th kept checkpoint, oldest first.
  Checkpoint& kept(std::size_t i) { return slots_[(first_ + i) % slots_.size()]; }
  const Checkpoint& kept(std::size_t i) const { return slots_[(first_ + i) % slots_.size()]; }

  std::vector<Checkpoint> slots_;
  std::size_t first_ = 0;  // the oldest's slot
  std::size_t count_ = 0;
};

}  // namespace contactlab
