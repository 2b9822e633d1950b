#include "varrt/core/shape.h"

#include <cstring>

#include "varrt/core/error.h"

namespace varrt {

Shape::Shape(std::initializer_list<int64_t> dims) { assign(dims.begin(), static_cast<int>(dims.size())); }
Shape::Shape(const std::vector<int64_t>& dims) { assign(dims.data(), static_cast<int>(dims.size())); }

void Shape::assign(const int64_t* dims, int rank) {
  if (rank < 0) throw_error(Code::kInvalidArgument, "Shape rank must be non-negative");
  int64_t* target = inline_;
  if (rank > kInline) {
    if (rank_ <= kInline || rank > rank_) {
      delete[] heap_;
      heap_ = new int64_t[rank];
    }
    target = heap_;
  }
  if (rank > 0) std::memmove(target, dims, sizeof(int64_t) * static_cast<size_t>(rank));
  rank_ = rank;
}

int64_t Shape::num_elements() const {
  int64_t n = 1;
  for (int i = 0; i < rank_; ++i) {
    int64_t d = dim(i);
    if (d < 0) throw_error(Code::kInvalidArgument, "Dimension " + std::to_string(d) + " must be >= 0");
    if (d != 0 && n > INT64_MAX / d) {
      throw_error(Code::kResourceExhausted, "Shape " + debug_string() + " has too many elements");
    }
    n *= d;
  }
  // An overflow is reported even when a later dimension is zero, as TensorFlow's shapes do.
  return n;
}

bool Shape::operator==(const Shape& other) const {
  return rank_ == other.rank_ &&
         std::memcmp(data(), other.data(), sizeof(int64_t) * static_cast<size_t>(rank_)) == 0;
}

std::string Shape::to_string() const {
  std::string s = "(";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ", ";
    s += std::to_string(dim(i));
  }
  if (rank_ == 1) s += ",";
  return s + ")";
}

std::string Shape::debug_string() const {
  std::string s = "[";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ",";
    s += std::to_string(dim(i));
  }
  return s + "]";
}

bool PartialShape::fully_defined() const {
  if (!known_rank_) return false;
  for (int64_t d : dims_) {
    if (d < 0) return false;
  }
  return true;
}

bool PartialShape::is_compatible_with(const Shape& s) const {
  if (!known_rank_) return true;
  if (static_cast<int>(dims_.size()) != s.rank()) return false;
  for (int i = 0; i < s.rank(); ++i) {
    if (dims_[i] >= 0 && dims_[i] != s.dim(i)) return false;
  }
  return true;
}

std::string PartialShape::to_string() const {
  if (!known_rank_) return "<unknown>";
  std::string s = "(";
  for (size_t i = 0; i < dims_.size(); ++i) {
    if (i) s += ", ";
    s += dims_[i] < 0 ? "None" : std::to_string(dims_[i]);
  }
  if (dims_.size() == 1) s += ",";
  return s + ")";
}

}  // namespace varrt
