// The reduction kernels (kernels/reduction.h): TensorFlow's semantics (wrapping integer sums,
// truncating integer means, NaN-propagating max/min, empty reductions), every axis combination
// against a plain reference, pairwise accuracy on inputs that defeat a running sum, the result
// not depending on the number of threads, and nothing allocated but the output.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <new>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "check.h"
#include "varrt/core/allocator.h"
#include "varrt/core/half.h"
#include "varrt/kernels/reduction.h"

using namespace varrt;
using kernels::Reduce;
using kernels::ReduceOp;

namespace {

template <class T>
Tensor make(DType dtype, const std::vector<T>& values, const Shape& shape) {
  Tensor t = Tensor::allocate(dtype, shape);
  if (!values.empty()) std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(T));
  return t;
}

template <class T>
std::vector<T> values(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.num_elements());
}

Tensor reduce(ReduceOp op, const Tensor& t, std::vector<int> axes, bool keep_dims = false) {
  return Reduce(op, t, axes, keep_dims, *Allocator::cpu());
}

template <class T>
T scalar(ReduceOp op, DType dtype, const std::vector<T>& v) {
  Tensor r = reduce(op, make(dtype, v, Shape{static_cast<int64_t>(v.size())}), {0});
  CHECK(r.shape() == Shape{});
  return r.data_as<T>()[0];
}

// Row-major strides, for the reference.
std::vector<int64_t> strides_of(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  for (int d = static_cast<int>(dims.size()) - 2; d >= 0; --d) s[d] = s[d + 1] * dims[d + 1];
  return s;
}

// A plain reference: for each output, visit its elements in order (long double for floats).
template <class T>
std::vector<long double> reference(ReduceOp op, const std::vector<T>& in, const std::vector<int64_t>& dims,
                                   const std::vector<bool>& reduced) {
  std::vector<int64_t> out_dims, kept, red;
  for (size_t d = 0; d < dims.size(); ++d) (reduced[d] ? red : kept).push_back(static_cast<int64_t>(d));
  int64_t outputs = 1, count = 1;
  for (int64_t d : kept) outputs *= dims[static_cast<size_t>(d)];
  for (int64_t d : red) count *= dims[static_cast<size_t>(d)];
  std::vector<int64_t> stride = strides_of(dims);
  std::vector<long double> out;
  for (int64_t o = 0; o < outputs; ++o) {
    int64_t base = 0, rest = o;
    for (int i = static_cast<int>(kept.size()) - 1; i >= 0; --i) {
      int64_t d = kept[static_cast<size_t>(i)];
      base += (rest % dims[static_cast<size_t>(d)]) * stride[static_cast<size_t>(d)];
      rest /= dims[static_cast<size_t>(d)];
    }
    long double acc = op == ReduceOp::kProd ? 1 : op == ReduceOp::kMax ? -INFINITY : op == ReduceOp::kMin ? INFINITY : 0;
    for (int64_t p = 0; p < count; ++p) {
      int64_t off = base;
      rest = p;
      for (int i = static_cast<int>(red.size()) - 1; i >= 0; --i) {
        int64_t d = red[static_cast<size_t>(i)];
        off += (rest % dims[static_cast<size_t>(d)]) * stride[static_cast<size_t>(d)];
        rest /= dims[static_cast<size_t>(d)];
      }
      long double x = in[static_cast<size_t>(off)];
      if (op == ReduceOp::kSum || op == ReduceOp::kMean) acc += x;
      if (op == ReduceOp::kProd) acc *= x;
      if (op == ReduceOp::kMax) acc = std::max(acc, x);
      if (op == ReduceOp::kMin) acc = std::min(acc, x);
    }
    if (op == ReduceOp::kMean) acc /= count;
    out.push_back(acc);
  }
  return out;
}

const ReduceOp kOps[] = {ReduceOp::kSum, ReduceOp::kProd, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kMean};

// Every subset of axes of `dims`, with and without keep_dims, for float64 and int32 (small values,
// so integer results are exact and means of integers are checked against truncation).
void check_all_axes(const std::vector<int64_t>& dims) {
  const int rank = static_cast<int>(dims.size());
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(42);
  std::vector<double> f(static_cast<size_t>(n));
  std::vector<int32_t> k(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    f[static_cast<size_t>(i)] = std::uniform_real_distribution<double>(0.5, 1.5)(rng);
    k[static_cast<size_t>(i)] = std::uniform_int_distribution<int32_t>(-3, 3)(rng);
  }
  Tensor tf = make(DType::kFloat64, f, Shape(dims));
  Tensor tk = make(DType::kInt32, k, Shape(dims));
  for (int mask = 0; mask < (1 << rank); ++mask) {
    std::vector<int> axes;
    std::vector<bool> reduced(dims.size());
    std::vector<int64_t> kept_dims, keep_dims;
    for (int d = rank - 1; d >= 0; --d) {  // axes in any order
      if (mask & (1 << d)) axes.push_back(d);
    }
    for (int d = 0; d < rank; ++d) {
      reduced[static_cast<size_t>(d)] = (mask >> d) & 1;
      if (!reduced[static_cast<size_t>(d)]) kept_dims.push_back(dims[static_cast<size_t>(d)]);
      keep_dims.push_back(reduced[static_cast<size_t>(d)] ? 1 : dims[static_cast<size_t>(d)]);
    }
    for (ReduceOp op : kOps) {
      Tensor r = reduce(op, tf, axes);
      CHECK(r.shape() == Shape(kept_dims));
      CHECK(reduce(op, tf, axes, true).shape() == Shape(keep_dims));
      std::vector<long double> want = reference(op, f, dims, reduced);
      std::vector<double> got = values<double>(r);
      CHECK(got.size() == want.size());
      for (size_t i = 0; i < got.size(); ++i) CHECK(std::fabs(got[i] - static_cast<double>(want[i])) <= 1e-12 * std::fabs(static_cast<double>(want[i])) + 1e-300);

      std::vector<long double> want_k = reference(op, k, dims, reduced);
      std::vector<int32_t> got_k = values<int32_t>(reduce(op, tk, axes));
      for (size_t i = 0; i < got_k.size(); ++i) {
        long double w = want_k[i];
        if (op == ReduceOp::kMean) w = std::trunc(w);
        if (op == ReduceOp::kProd) continue;  // may wrap; checked separately
        CHECK(got_k[i] == static_cast<int32_t>(w));
      }
    }
  }
}

}  // namespace

TEST(every_axis_subset_matches_the_reference) {
  check_all_axes({2, 3, 4});
  check_all_axes({3, 1, 5, 2});  // a size-1 dimension between others
  check_all_axes({1, 1});
  check_all_axes({700, 3});       // long runs (several blocks) along the outer axis
  check_all_axes({3, 700});       // and along the inner one
  check_all_axes({2, 300, 2, 3});  // reduced runs with reduced dimensions outside them
  check_all_axes({});             // a scalar: axes {} only
}

TEST(small_results_and_shapes) {
  Tensor t = make<float>(DType::kFloat32, {1, 2, 3, 4, 5, 6}, Shape{2, 3});
  CHECK(values<float>(reduce(ReduceOp::kSum, t, {0})) == (std::vector<float>{5, 7, 9}));
  CHECK(values<float>(reduce(ReduceOp::kSum, t, {1})) == (std::vector<float>{6, 15}));
  CHECK(values<float>(reduce(ReduceOp::kSum, t, {0, 1})) == (std::vector<float>{21}));
  CHECK(values<float>(reduce(ReduceOp::kSum, t, {})) == values<float>(t));
  CHECK(reduce(ReduceOp::kSum, t, {}).shape() == (Shape{2, 3}));
  CHECK(reduce(ReduceOp::kMax, t, {1}, true).shape() == (Shape{2, 1}));
  CHECK(values<float>(reduce(ReduceOp::kMean, t, {1})) == (std::vector<float>{2, 5}));
  CHECK(values<float>(reduce(ReduceOp::kProd, t, {0})) == (std::vector<float>{4, 10, 18}));
  CHECK(values<float>(reduce(ReduceOp::kMin, t, {1, 0}, true)) == (std::vector<float>{1}));
  CHECK(reduce(ReduceOp::kMin, t, {1, 0}, true).shape() == (Shape{1, 1}));
}

TEST(integer_sums_and_products_wrap_and_means_truncate) {
  CHECK(scalar<int32_t>(ReduceOp::kSum, DType::kInt32, {2147483647, 1}) == -2147483647 - 1);
  CHECK(scalar<int8_t>(ReduceOp::kSum, DType::kInt8, {100, 100}) == -56);
  CHECK(scalar<int8_t>(ReduceOp::kProd, DType::kInt8, {100, 100}) == 16);
  CHECK(scalar<uint16_t>(ReduceOp::kProd, DType::kUInt16, {65535, 65535}) == 1);  // no int promotion
  CHECK(scalar<uint32_t>(ReduceOp::kSum, DType::kUInt32, {4294967295u, 2}) == 1);
  // TensorFlow sums 8-32-bit integers in 64 bits for the mean; 64-bit ones wrap.
  CHECK(scalar<int32_t>(ReduceOp::kMean, DType::kInt32, {1 << 30, 1 << 30, 1 << 30}) == 1 << 30);
  CHECK(scalar<int8_t>(ReduceOp::kMean, DType::kInt8, {100, 100, 100}) == 100);
  CHECK(scalar<uint8_t>(ReduceOp::kMean, DType::kUInt8, {200, 200, 255}) == 218);
  CHECK(scalar<int16_t>(ReduceOp::kMean, DType::kInt16, {-32768, -32768, -1}) == -21845);
  CHECK(scalar<int32_t>(ReduceOp::kMean, DType::kInt32, {-7, 0}) == -3);
  CHECK(scalar<int64_t>(ReduceOp::kMean, DType::kInt64, {int64_t{1} << 62, int64_t{1} << 62, int64_t{1} << 62}) ==
        -1537228672809129301LL);
  CHECK(scalar<uint64_t>(ReduceOp::kMean, DType::kUInt64, {~uint64_t{0}, 1, 1}) == 0);
  CHECK(scalar<int8_t>(ReduceOp::kMax, DType::kInt8, {-128, 5}) == 5);
  CHECK(scalar<uint64_t>(ReduceOp::kMin, DType::kUInt64, {~uint64_t{0}, 7}) == 7);
  // Long enough for the vector lanes: 1000 * 3,000,000 wraps int32.
  std::vector<int32_t> big(1000, 3000000);
  CHECK(scalar<int32_t>(ReduceOp::kSum, DType::kInt32, big) == static_cast<int32_t>(static_cast<uint32_t>(3000000000u)));
  CHECK(scalar<int32_t>(ReduceOp::kMean, DType::kInt32, big) == 3000000);
}

TEST(empty_reductions_give_the_identity) {
  const float inf = std::numeric_limits<float>::infinity();
  Tensor e = Tensor::allocate(DType::kFloat32, Shape{0, 3});
  CHECK(values<float>(reduce(ReduceOp::kSum, e, {0})) == (std::vector<float>{0, 0, 0}));
  CHECK(values<float>(reduce(ReduceOp::kProd, e, {0})) == (std::vector<float>{1, 1, 1}));
  CHECK(values<float>(reduce(ReduceOp::kMax, e, {0})) == (std::vector<float>{-inf, -inf, -inf}));
  CHECK(values<float>(reduce(ReduceOp::kMin, e, {0, 1})) == (std::vector<float>{inf}));
  CHECK(std::isnan(values<float>(reduce(ReduceOp::kMean, e, {0}))[2]));
  CHECK(reduce(ReduceOp::kSum, e, {1}).shape() == (Shape{0}));  // no outputs
  CHECK(reduce(ReduceOp::kSum, e, {1}, true).shape() == (Shape{0, 1}));
  Tensor ei = Tensor::allocate(DType::kInt32, Shape{2, 0});
  CHECK(values<int32_t>(reduce(ReduceOp::kMax, ei, {1})) == (std::vector<int32_t>{INT32_MIN, INT32_MIN}));
  CHECK(values<int32_t>(reduce(ReduceOp::kMin, ei, {1})) == (std::vector<int32_t>{INT32_MAX, INT32_MAX}));
  CHECK(values<int32_t>(reduce(ReduceOp::kMean, ei, {1})) == (std::vector<int32_t>{0, 0}));
  Tensor eu = Tensor::allocate(DType::kUInt8, Shape{0});
  CHECK(values<uint8_t>(reduce(ReduceOp::kMin, eu, {0})) == (std::vector<uint8_t>{255}));
  CHECK(values<uint8_t>(reduce(ReduceOp::kMax, eu, {0})) == (std::vector<uint8_t>{0}));
  Tensor eh = Tensor::allocate(DType::kFloat16, Shape{0});
  CHECK(values<uint16_t>(reduce(ReduceOp::kMax, eh, {0})) == (std::vector<uint16_t>{0xFC00}));  // -inf
  Tensor ec = Tensor::allocate(DType::kComplex64, Shape{0});
  CHECK(values<std::complex<float>>(reduce(ReduceOp::kMean, ec, {0}))[0] == std::complex<float>(0, 0));
}

TEST(max_and_min_propagate_nan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(std::isnan(scalar<float>(ReduceOp::kMax, DType::kFloat32, {1, nan, 3})));
  CHECK(std::isnan(scalar<float>(ReduceOp::kMax, DType::kFloat32, {nan, 1, 3})));
  CHECK(std::isnan(scalar<float>(ReduceOp::kMin, DType::kFloat32, {1, 3, nan})));
  for (size_t at : {3, 517, 999}) {  // in the first vectors, the loop, the scalar tail
    std::vector<float> many(1000, 2.0f);
    many[at] = nan;
    CHECK(std::isnan(scalar<float>(ReduceOp::kMax, DType::kFloat32, many)));
    CHECK(std::isnan(scalar<float>(ReduceOp::kMin, DType::kFloat32, many)));
    std::vector<double> wide(many.begin(), many.end());
    CHECK(std::isnan(scalar<double>(ReduceOp::kMax, DType::kFloat64, wide)));
  }
  std::vector<double> d(777);
  for (size_t i = 0; i < d.size(); ++i) d[i] = std::sin(static_cast<double>(i));
  CHECK(scalar<double>(ReduceOp::kMax, DType::kFloat64, d) == *std::max_element(d.begin(), d.end()));
  CHECK(scalar<double>(ReduceOp::kMin, DType::kFloat64, d) == *std::min_element(d.begin(), d.end()));
  Tensor t = make<float>(DType::kFloat32, {1, nan, 3, 4}, Shape{2, 2});
  std::vector<float> m = values<float>(reduce(ReduceOp::kMax, t, {0}));
  CHECK(m[0] == 3 && std::isnan(m[1]));
}

TEST(half_types_accumulate_in_float) {
  std::vector<uint16_t> ones(10000, float_to_half(1.0f));
  CHECK(half_to_float(scalar<uint16_t>(ReduceOp::kSum, DType::kFloat16, ones)) == 10000.0f);
  std::vector<uint16_t> b(3072, float_to_bfloat16(1.0f));
  CHECK(bfloat16_to_float(scalar<uint16_t>(ReduceOp::kSum, DType::kBFloat16, b)) == 3072.0f);
  CHECK(bfloat16_to_float(scalar<uint16_t>(ReduceOp::kMean, DType::kBFloat16, b)) == 1.0f);
  std::vector<uint16_t> h = {float_to_half(1), float_to_half(2), float_to_half(4)};
  CHECK(scalar<uint16_t>(ReduceOp::kMean, DType::kFloat16, h) == float_to_half(7.0f / 3.0f));
  CHECK(half_to_float(scalar<uint16_t>(ReduceOp::kMax, DType::kFloat16, h)) == 4.0f);
}

TEST(complex_sum_prod_mean) {
  using C = std::complex<double>;
  CHECK(scalar<C>(ReduceOp::kSum, DType::kComplex128, {C(1, 2), C(0, 3)}) == C(1, 5));
  CHECK(scalar<C>(ReduceOp::kProd, DType::kComplex128, {C(1, 2), C(3, -1)}) == C(5, 5));
  CHECK(scalar<C>(ReduceOp::kMean, DType::kComplex128, {C(1, 2), C(0, 3)}) == C(0.5, 2.5));
}

TEST(unsupported_dtypes_and_bad_axes_throw) {
  Tensor b = Tensor::allocate(DType::kBool, Shape{2});
  CHECK_THROWS_CODE(reduce(ReduceOp::kSum, b, {0}), Code::kInvalidArgument);
  Tensor c = Tensor::allocate(DType::kComplex64, Shape{2});
  CHECK_THROWS_CODE(reduce(ReduceOp::kMax, c, {0}), Code::kInvalidArgument);
  CHECK(!kernels::reduce_supported(ReduceOp::kMin, DType::kComplex128));
  CHECK(kernels::reduce_supported(ReduceOp::kMean, DType::kComplex128));
  CHECK(!kernels::reduce_supported(ReduceOp::kSum, DType::kString));
  Tensor f = Tensor::allocate(DType::kFloat32, Shape{2, 2});
  CHECK_THROWS_CODE(reduce(ReduceOp::kSum, f, {2}), Code::kInvalidArgument);
  CHECK_THROWS_CODE(reduce(ReduceOp::kSum, f, {-1}), Code::kInvalidArgument);
  CHECK_THROWS_CODE(reduce(ReduceOp::kSum, f, {1, 1}), Code::kInvalidArgument);
  CHECK(std::string(kernels::reduce_op_name(ReduceOp::kMean)) == "Mean");
}

// Sums a running float32 total gets badly wrong (it stops growing at 2^24, and drifts on
// uniform data); the pairwise sum stays within a few ulps times log2(n), whole or along an axis.
TEST(float_sums_are_pairwise_accurate) {
  std::mt19937 rng(7);
  const int64_t n = (int64_t{1} << 24) + 4099;
  std::vector<float> x(static_cast<size_t>(n));
  double exact = 0;  // a double sum of floats: exact to ~1e-16 relative here
  for (auto& v : x) {
    v = std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    exact += v;
  }
  float got = scalar<float>(ReduceOp::kSum, DType::kFloat32, x);
  CHECK(std::fabs(got - exact) / exact < 4e-7);
  float sequential = 0;
  for (float v : x) sequential += v;
  CHECK(std::fabs(sequential - exact) / exact > 1e-5);  // the input does defeat a running sum
  // Ones: exact in the pairwise sum (every partial sum is representable), while a running sum
  // stalls at 2^24.
  const int64_t m = (int64_t{1} << 24) + (int64_t{1} << 20);
  std::vector<float> ones(static_cast<size_t>(m), 1.0f);
  CHECK(scalar<float>(ReduceOp::kSum, DType::kFloat32, ones) == static_cast<float>(m));
  CHECK(scalar<float>(ReduceOp::kMean, DType::kFloat32, ones) == 1.0f);
  // Along an outer axis: 2^22 rows of 4 columns, each column summed pairwise too.
  const int64_t rows = int64_t{1} << 22;
  Tensor cols = make(DType::kFloat32, std::vector<float>(x.begin(), x.begin() + rows * 4), Shape{rows, 4});
  std::vector<float> col_sums = values<float>(reduce(ReduceOp::kSum, cols, {0}));
  for (int c = 0; c < 4; ++c) {
    double e = 0;
    float running = 0;
    for (int64_t r = 0; r < rows; ++r) {
      e += x[static_cast<size_t>(r * 4 + c)];
      running += x[static_cast<size_t>(r * 4 + c)];
    }
    CHECK(std::fabs(col_sums[static_cast<size_t>(c)] - e) / e < 4e-7);
    CHECK(std::fabs(running - e) / e > 4e-6);
  }
}

// Sums printed by `--sums`, run again below with VARRT_NUM_THREADS=1: the pairwise tree depends
// only on the shape, so the bits match whatever the number of threads.
static std::string sums_text() {
  std::mt19937 rng(11);
  const int64_t n = (int64_t{1} << 23) + 77;
  std::vector<float> x(static_cast<size_t>(n));
  for (auto& v : x) v = std::uniform_real_distribution<float>(-1.0f, 2.0f)(rng);
  Tensor whole = make(DType::kFloat32, x, Shape{n});
  Tensor rows = make(DType::kFloat32, std::vector<float>(x.begin(), x.begin() + (int64_t{1} << 23)),
                     Shape{int64_t{1} << 21, 4});
  std::string out;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(reduce(ReduceOp::kSum, whole, {0}).data_as<float>()[0]));
  out += buf;
  for (float v : values<float>(reduce(ReduceOp::kSum, rows, {0}))) {
    std::snprintf(buf, sizeof buf, " %a", static_cast<double>(v));
    out += buf;
  }
  return out;
}

TEST(results_do_not_depend_on_the_number_of_threads) {
  std::string here = sums_text();
  char self[4096] = {};
  CHECK(readlink("/proc/self/exe", self, sizeof self - 1) > 0);
  std::string command = std::string("VARRT_NUM_THREADS=1 '") + self + "' --sums";
  FILE* p = popen(command.c_str(), "r");
  CHECK(p != nullptr);
  char buf[512] = {};
  size_t got = std::fread(buf, 1, sizeof buf - 1, p);
  CHECK(pclose(p) == 0);
  CHECK(std::string(buf, got) == here + "\n");
}

// Heap allocations made with operator new in this program (counted from the tests only). GCC
// pairs the replaced operator new with free() below and warns, wrongly: both sides are ours.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
static std::atomic<int64_t> g_news{0};
void* operator new(size_t n) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

TEST(small_reductions_allocate_only_their_output) {
  Allocator alloc("test");
  Tensor t = make<float>(DType::kFloat32, {1, 2, 3, 4}, Shape{2, 2});
  const std::vector<int> axes[] = {{0}, {1}, {0, 1}};
  int64_t news = g_news.load();
  Tensor alone = Tensor::allocate(DType::kFloat32, Shape{2}, &alloc);  // what the output alone costs
  const int64_t output_news = g_news.load() - news;
  for (ReduceOp op : kOps) {
    for (const auto& a : axes) {
      const int64_t before = alloc.stats().num_allocs;
      news = g_news.load();
      Tensor r = Reduce(op, t, a, false, alloc);
      CHECK(g_news.load() - news == output_news);
      CHECK(alloc.stats().num_allocs == before + 1);
    }
  }
}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--sums") {
    std::printf("%s\n", sums_text().c_str());
    return 0;
  }
  return check::run_all();
}
