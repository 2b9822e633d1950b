// Hostile sizes through the C ABI (issue 15, finding 8): a shape whose byte count overflows
// size_t is refused with a status, never wrapped around into a small tensor.
#include <cstdint>
#include <string>

#include "check.h"
#include "varrt/varrt_c.h"

namespace {

int releases = 0;
void count_release(void*) { ++releases; }

}  // namespace

TEST(borrow_refuses_sizes_whose_product_overflows) {
  varrt_status* st = varrt_status_new();
  // 2**61 float64 elements fit int64, but their 2**64 bytes wrap size_t around to 0.
  int64_t dims[1] = {int64_t{1} << 61};
  varrt_tensor* t = varrt_tensor_borrow(VARRT_FLOAT64, dims, 1, nullptr, 0, count_release, nullptr, st);
  CHECK(t == nullptr);
  CHECK(varrt_status_code(st) == VARRT_RESOURCE_EXHAUSTED);
  CHECK(std::string(varrt_status_message(st)).find("does not fit in memory") != std::string::npos);
  // Two dimensions whose element count fits int64 but whose bytes do not.
  int64_t dims2[2] = {int64_t{1} << 31, int64_t{1} << 31};
  char byte = 0;
  t = varrt_tensor_borrow(VARRT_COMPLEX128, dims2, 2, &byte, 0, nullptr, nullptr, st);
  CHECK(t == nullptr && varrt_status_code(st) == VARRT_RESOURCE_EXHAUSTED);
  // varrt_tensor_new gives the same answer for the same shape.
  t = varrt_tensor_new(VARRT_FLOAT64, dims, 1, nullptr, 0, st);
  CHECK(t == nullptr && varrt_status_code(st) == VARRT_RESOURCE_EXHAUSTED);
  varrt_status_delete(st);
}

TEST(borrow_still_accepts_exact_sizes) {
  varrt_status* st = varrt_status_new();
  double values[3] = {1, 2, 3};
  int64_t dims[1] = {3};
  releases = 0;
  varrt_tensor* t = varrt_tensor_borrow(VARRT_FLOAT64, dims, 1, values, sizeof values, count_release, nullptr, st);
  CHECK(t != nullptr && varrt_status_code(st) == VARRT_OK);
  CHECK(varrt_tensor_num_elements(t) == 3);
  varrt_tensor_delete(t);
  CHECK(releases == 1);
  varrt_status_delete(st);
}

TEST_MAIN()
