#include "session/checkpoint_ring.h"

#include <algorithm>
#include <utility>

namespace contactlab {

void CheckpointRing::set_capacity(std::size_t capacity) {
  if (capacity == slots_.size()) return;
  // The newest `capacity` move to the front of a ring of that size, oldest first.
  const std::size_t keep = std::min(count_, capacity);
  std::vector<Checkpoint> slots(capacity);
  for (std::size_t i = 0; i < keep; ++i) slots[i] = std::move(kept(count_ - keep + i));
  slots_ = std::move(slots);
  first_ = 0;
  count_ = keep;
}

void CheckpointRing::save(const Simulation& simulation) {
  if (!simulation.has_scene() || slots_.empty()) return;
  const long step = simulation.data().step_count;
  discard_after(step - 1);
  if (count_ == slots_.size()) {
    first_ = (first_ + 1) % slots_.size();
    --count_;
  }
  simulation.save(kept(count_));
  ++count_;
}

const Checkpoint* CheckpointRing::at_or_before(long step) const {
  for (std::size_t i = count_; i-- > 0;) {
    if (kept(i).data.step_count <= step) return &kept(i);
  }
  return nullptr;
}

void CheckpointRing::discard_after(long step) {
  while (count_ > 0 && kept(count_ - 1).data.step_count > step) --count_;
}

void CheckpointRing::clear() {
  for (Checkpoint& slot : slots_) slot = Checkpoint();
  first_ = 0;
  count_ = 0;
}

long CheckpointRing::oldest_step() const { return count_ > 0 ? kept(0).data.step_count : -1; }

long CheckpointRing::newest_step() const { return count_ > 0 ? kept(count_ - 1).data.step_count : -1; }

}  // namespace contactlab
