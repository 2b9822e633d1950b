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
  Shape(const int64_t* dims, int rank) {
    if (rank >= 0 && rank <= kInline) {
      copy_inline(dims, rank);
    } else {
      assign(dims, rank);
    }
  }
  // Copies, moves and the destructor are inline for shapes of at most kInline dimensions:
  // a small op copies its tensors' shapes several times, and an out-of-line call each time
  // was a tenth of `v[1].assign(5.)`.
  Shape(const Shape& other) {
    if (other.rank_ <= kInline) {
      copy_inline(other.inline_, other.rank_);
    } else {
      assign(other.heap_, other.rank_);
    }
  }
  Shape(Shape&& other) noexcept : rank_(other.rank_), heap_(other.heap_) {
    copy_words(other.inline_);
    other.rank_ = 0;
    other.heap_ = nullptr;
  }
  Shape& operator=(const Shape& other) {
    if (this != &other) {
      if (other.rank_ <= kInline) {
        copy_inline(other.inline_, other.rank_);
      } else {
        assign(other.heap_, other.rank_);
      }
    }
    return *this;
  }
  Shape& operator=(Shape&& other) noexcept {
    if (this != &other) {
      delete[] heap_;
      rank_ = other.rank_;
      heap_ = other.heap_;
      copy_words(other.inline_);
      other.rank_ = 0;
      other.heap_ = nullptr;
    }
    return *this;
  }
  ~Shape() { delete[] heap_; }

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
  // Fills the inline dimensions (rank <= kInline); a heap array kept from a larger shape stays
  // for reuse, as assign keeps it.
  void copy_inline(const int64_t* dims, int rank) {
    for (int i = 0; i < rank; ++i) inline_[i] = dims[i];
    rank_ = rank;
  }
  void copy_words(const int64_t* from) {
    for (int i = 0; i < kInline; ++i) inline_[i] = from[i];
  }
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
