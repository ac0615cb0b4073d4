// Scratch storage whose entries are always written before they are read (a basis
// inverse's stored columns, a factorisation's block): it only grows, and growing
// neither copies nor zeroes what it held. An island larger than any before so costs
// one allocation, whose pages are touched only as they are written, not the copy and
// the n^2 zeros of std::vector::resize; the capacity grows by half at least, so that
// islands growing a few unknowns a step (cubes gathering into a pile) reallocate
// seldom.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>

namespace contactlab {

template <typename T>
class ScratchArray {
 public:
  // At least `size` entries, of unspecified values.
  void reserve(std::size_t size) {
    if (size <= capacity_) return;
    capacity_ = std::max(size, capacity_ + capacity_ / 2);
    data_.reset(new T[capacity_]);
  }
  std::size_t capacity() const { return capacity_; }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t capacity_ = 0;
};

}  // namespace contactlab
