// Per-call scratch with inline storage: boxes and small hulls never touch the heap;
// larger hulls fall back to a std::vector.
#pragma once

#include <array>
#include <vector>

namespace contactlab {

template <typename T, int kInlineCapacity>
class SmallArray {
 public:
  SmallArray() = default;
  SmallArray(const SmallArray&) = delete;
  SmallArray& operator=(const SmallArray&) = delete;

  // Sets the size; the contents are unspecified afterwards (callers fill them).
  void resize(int size) {
    size_ = size;
    if (size <= kInlineCapacity) {
      data_ = inline_.data();
    } else {
      heap_.resize(size);
      data_ = heap_.data();
    }
  }
  void clear() { resize(0); }
  void push_back(const T& value) {
    if (size_ < kInlineCapacity && data_ == inline_.data()) {
      inline_[size_++] = value;
      return;
    }
    if (data_ == inline_.data()) heap_.assign(inline_.begin(), inline_.begin() + size_);
    heap_.resize(size_);
    heap_.push_back(value);
    data_ = heap_.data();
    ++size_;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](int i) { return data_[i]; }
  const T& operator[](int i) const { return data_[i]; }
  T* data() { return data_; }
  const T* data() const { return data_; }

 private:
  std::array<T, kInlineCapacity> inline_;
  std::vector<T> heap_;
  T* data_ = inline_.data();
  int size_ = 0;
};

}  // namespace contactlab
