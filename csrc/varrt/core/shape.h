// Shapes. `Shape` is a fully known shape (what a tensor has); `PartialShape` is what a
// variable declares: unknown rank, or known rank with unknown (-1) dimensions.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace varrt {

// Dimensions are kept inline up to kInline so that copying a tensor (every read) does not
// touch the heap.
class Shape {
 public:
  static constexpr int kInline = 6;

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims);
  explicit Shape(const std::vector<int64_t>& dims);
  Shape(const int64_t* dims, int rank);
  Shape(const Shape& other);
  Shape& operator=(const Shape& other);
  ~Shape();

  int rank() const { return rank_; }
  int64_t dim(int i) const { return data()[i]; }
  const int64_t* data() const { return rank_ <= kInline ? inline_ : heap_; }
  std::vector<int64_t> dims() const { return std::vector<int64_t>(data(), data() + rank_); }

  // Product of the dimensions. Throws InvalidArgument for negative dimensions and
  // ResourceExhausted when the count overflows int64.
  int64_t num_elements() const;

  bool operator==(const Shape& other) const;
  bool operator!=(const Shape& other) const { return !(*this == other); }

  // Python tuple style, as TensorShape prints: "()", "(3,)", "(2, 2)".
  std::string to_string() const;
  // TensorFlow's kernel-message style: "[]", "[3]", "[2,2]".
  std::string debug_string() const;

 private:
  void assign(const int64_t* dims, int rank);
  int rank_ = 0;
  int64_t inline_[kInline] = {0, 0, 0, 0, 0, 0};
  int64_t* heap_ = nullptr;
};

class PartialShape {
 public:
  PartialShape() = default;  // unknown rank
  explicit PartialShape(std::vector<int64_t> dims) : known_rank_(true), dims_(std::move(dims)) {}
  static PartialShape from(const Shape& s) { return PartialShape(s.dims()); }

  bool known_rank() const { return known_rank_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  bool fully_defined() const;
  bool is_compatible_with(const Shape& s) const;
  std::string to_string() const;  // "(None, 2)", "<unknown>"

 private:
  bool known_rank_ = false;
  std::vector<int64_t> dims_;
};

}  // namespace varrt
