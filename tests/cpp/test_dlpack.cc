// DLPack export/import in the core (varrt/api/dlpack.h): zero-copy both ways, read-only
// flag, copies on request, strided and misaligned inputs copied, deleters called exactly once.
#include <cstring>
#include <vector>

#include "check.h"
#include "varrt/varrt.h"

using namespace varrt;

namespace {

// A producer's tensor: owns its shape/strides/data and counts deleter calls.
struct Producer {
  std::vector<float> data;
  std::vector<int64_t> shape, strides;
  int* deleted;
  DLManagedTensorVersioned managed{};
};

void delete_producer(DLManagedTensorVersioned* self) {
  auto* p = static_cast<Producer*>(self->manager_ctx);
  ++*p->deleted;
  delete p;
}

DLManagedTensorVersioned* produce(std::vector<float> data, std::vector<int64_t> shape, std::vector<int64_t> strides,
                                  int* deleted, uint64_t byte_offset = 0) {
  auto* p = new Producer{std::move(data), std::move(shape), std::move(strides), deleted};
  p->managed.version = {1, 0};
  p->managed.manager_ctx = p;
  p->managed.deleter = &delete_producer;
  DLTensor& t = p->managed.dl_tensor;
  t.data = p->data.data();
  t.device = {kDLCPU, 0};
  t.ndim = static_cast<int32_t>(p->shape.size());
  t.dtype = {kDLFloat, 32, 1};
  t.shape = p->shape.data();
  t.strides = p->strides.empty() ? nullptr : p->strides.data();
  t.byte_offset = byte_offset;
  return &p->managed;
}

}  // namespace

TEST(export_shares_memory_read_only) {
  Variable v = Variable::create(make_tensor<float>({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
  Tensor t = v.read();
  DLManagedTensorVersioned* m = to_dlpack_versioned(t);
  CHECK(m->version.major == 1);
  CHECK(m->flags == DLPACK_FLAG_BITMASK_READ_ONLY);
  CHECK(m->dl_tensor.data == t.data());
  CHECK(m->dl_tensor.ndim == 2 && m->dl_tensor.shape[0] == 2 && m->dl_tensor.shape[1] == 3);
  CHECK(m->dl_tensor.strides[0] == 3 && m->dl_tensor.strides[1] == 1);
  CHECK(m->dl_tensor.dtype.code == kDLFloat && m->dl_tensor.dtype.bits == 32 && m->dl_tensor.dtype.lanes == 1);
  CHECK(m->dl_tensor.device.device_type == kDLCPU);
  // The export holds the buffer: the variable's next update copies instead of writing into it.
  t = Tensor();
  v.assign_add(make_filled(Shape{2, 3}, 1.0f));
  CHECK(static_cast<const float*>(m->dl_tensor.data)[0] == 1.0f);
  CHECK(typed_data<float>(v.read())[0] == 2.0f);
  m->deleter(m);
}

TEST(export_copy_is_private_and_writable) {
  Tensor t = make_tensor({1.0f, 2.0f});
  DLManagedTensorVersioned* m = to_dlpack_versioned(t, /*copy=*/true);
  CHECK(m->flags == DLPACK_FLAG_BITMASK_IS_COPIED);
  CHECK(m->dl_tensor.data != t.data());
  static_cast<float*>(m->dl_tensor.data)[0] = 9.0f;
  CHECK(typed_data<float>(t)[0] == 1.0f);
  m->deleter(m);
}

TEST(export_legacy_and_scalar) {
  DLManagedTensor* m = to_dlpack(make_scalar<int64_t>(7));
  CHECK(m->dl_tensor.ndim == 0);
  CHECK(*static_cast<const int64_t*>(m->dl_tensor.data) == 7);
  m->deleter(m);
  std::string s = "x";
  Tensor strings = Tensor::allocate(DType::kString, Shape{1});
  CHECK_THROWS_CODE(to_dlpack_versioned(strings), Code::kInvalidArgument);
  CHECK_THROWS_CODE(to_dlpack_versioned(strings, true), Code::kInvalidArgument);
}

TEST(round_trip_every_dtype) {
  const DType all[] = {DType::kFloat16, DType::kFloat32, DType::kFloat64, DType::kBFloat16, DType::kInt8,
                       DType::kInt16,   DType::kInt32,   DType::kInt64,   DType::kUInt8,    DType::kUInt16,
                       DType::kUInt32,  DType::kUInt64,  DType::kComplex64, DType::kComplex128, DType::kBool};
  for (DType d : all) {
    CHECK(from_dlpack_dtype(to_dlpack_dtype(d)) == d);
    Tensor t = make_zeros(d, Shape{3});
    Tensor back = from_dlpack(to_dlpack_versioned(t));
    CHECK(back.dtype() == d && back.shape() == Shape{3} && back.data() == t.data());
  }
  CHECK(from_dlpack_dtype(DLDataType{kDLFloat, 32, 4}) == DType::kInvalid);  // vector lanes
  CHECK(from_dlpack_dtype(DLDataType{kDLFloat, 8, 1}) == DType::kInvalid);
}

TEST(import_shares_memory_and_releases_once) {
  int deleted = 0;
  DLManagedTensorVersioned* m = produce({1, 2, 3, 4}, {2, 2}, {}, &deleted);
  const void* data = m->dl_tensor.data;
  {
    Tensor t = from_dlpack(m);
    CHECK(t.data() == data);
    Tensor copy = t;
    CHECK(deleted == 0);
    // Assigning it to a variable copies: variables never alias foreign memory.
    Variable v = Variable::create(t);
    CHECK(v.read().data() != data);
  }
  CHECK(deleted == 1);
}

TEST(import_strided_and_offset_copies) {
  int deleted = 0;
  // A transposed 2x3 view of row-major [[1,2,3],[4,5,6]] (strides 1, 2 over a 3x2 buffer).
  Tensor t = from_dlpack(produce({1, 4, 2, 5, 3, 6}, {2, 3}, {1, 2}, &deleted));
  CHECK(deleted == 1);  // copied, so the producer's memory was released at once
  CHECK((to_vector<float>(t) == std::vector<float>{1, 2, 3, 4, 5, 6}));
  // Compact strides with size-1 dims are still compact; byte_offset is honoured.
  Tensor u = from_dlpack(produce({0, 7, 8}, {2, 1}, {1, 99}, &deleted, sizeof(float)));
  CHECK(deleted == 1);
  CHECK((to_vector<float>(u) == std::vector<float>{7, 8}));
  // Misaligned data is copied.
  Tensor w = from_dlpack(produce({0, 7, 8}, {1}, {}, &deleted, 2));
  CHECK(deleted == 2);
  CHECK(reinterpret_cast<uintptr_t>(w.data()) % 4 == 0);
}

TEST(import_errors_leave_ownership_with_caller) {
  int deleted = 0;
  DLManagedTensorVersioned* m = produce({1}, {1}, {}, &deleted);
  m->dl_tensor.device.device_type = kDLCUDA;
  CHECK_THROWS_CODE(from_dlpack(m), Code::kInvalidArgument);
  m->dl_tensor.device.device_type = kDLCPU;
  m->dl_tensor.dtype = DLDataType{kDLOpaqueHandle, 64, 1};
  CHECK_THROWS_CODE(from_dlpack(m), Code::kInvalidArgument);
  m->dl_tensor.dtype = DLDataType{kDLFloat, 32, 1};
  m->dl_tensor.byte_offset = 1;  // misaligned: sharing impossible
  CHECK_THROWS_CODE(from_dlpack(m, DLPackCopy::kNever), Code::kInvalidArgument);
  m->dl_tensor.byte_offset = 0;
  m->version.major = 2;
  CHECK_THROWS_CODE(from_dlpack(m), Code::kInvalidArgument);
  CHECK(deleted == 0);
  m->deleter(m);
  CHECK(deleted == 1);
}

TEST(import_copy_on_request) {
  int deleted = 0;
  DLManagedTensorVersioned* m = produce({1, 2}, {2}, {}, &deleted);
  const void* data = m->dl_tensor.data;
  Tensor t = from_dlpack(m, DLPackCopy::kAlways);
  CHECK(t.data() != data && deleted == 1);
  CHECK((to_vector<float>(t) == std::vector<float>{1, 2}));
}

TEST_MAIN()
