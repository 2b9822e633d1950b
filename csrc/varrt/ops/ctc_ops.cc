#include "varrt/ops/ctc_ops.h"

#include <limits>
#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

OpAttr flag(const char* attr, bool value) {
  OpAttr a;
  a.name = attr;
  a.value = value;
  return a;
}

std::string index_text(const int64_t* row) { return "[" + std::to_string(row[0]) + "," + std::to_string(row[1]) + "]"; }

// TensorFlow's SparseTensor::IndicesValid for the labels' indices in a [batch, max_label_len]
// shape: in bounds and in strictly increasing row-major order. "" when valid.
std::string invalid_indices(const int64_t* ix, int64_t n, int64_t batch, int64_t max_label_len) {
  const std::string bound = "[" + std::to_string(batch) + "," + std::to_string(max_label_len) + "]";
  for (int64_t i = 0; i < n; ++i) {
    const int64_t* row = ix + 2 * i;
    const std::string at = "indices[" + std::to_string(i) + "] = " + index_text(row);
    if (row[0] < 0 || row[0] >= batch || row[1] < 0 || row[1] >= max_label_len) {
      return at + " is out of bounds: need 0 <= index < " + bound;
    }
    if (i == 0) continue;
    const int64_t* prev = row - 2;
    if (row[0] == prev[0] && row[1] == prev[1]) return at + " is repeated";
    if (row[0] < prev[0] || (row[0] == prev[0] && row[1] < prev[1])) {
      return at + " is out of order. Many sparse ops require sorted indices.\n"
                  "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n";
    }
  }
  return "";
}

}  // namespace

std::pair<PlacedTensor, PlacedTensor> CTCLoss(const PlacedTensor& inputs, const PlacedTensor& labels_indices,
                                              const PlacedTensor& labels_values, const PlacedTensor& sequence_length,
                                              const kernels::CtcLossOptions& options, const char* name) {
  Tensor out[2];
  const PlacedTensor in[4] = {inputs, labels_indices, labels_values, sequence_length};
  const OpAttr attrs[3] = {flag("preprocess_collapse_repeated", options.preprocess_collapse_repeated),
                           flag("ctc_merge_repeated", options.ctc_merge_repeated),
                           flag("ignore_longer_outputs_than_inputs", options.ignore_longer_outputs_than_inputs)};
  const Device* d = run_placed("CTCLoss", in, attrs, 3, out, 2, [options, name](OpCall& c) {
    const Tensor& x = c.inputs[0];
    const Tensor& ix = c.inputs[1];
    const Tensor& values = c.inputs[2];
    const Tensor& seq_len = c.inputs[3];
    // TensorFlow's CTCLossOp::Compute checks, in its order.
    if (x.shape().rank() != 3) fail(c, "inputs is not a 3-Tensor", name);
    if (seq_len.shape().rank() != 1) fail(c, "sequence_length is not a vector", name);
    if (ix.shape().rank() != 2) fail(c, "labels_indices is not a matrix", name);
    if (values.shape().rank() != 1) fail(c, "labels_values is not a vector", name);
    const int64_t max_time = x.shape().dim(0), batch = x.shape().dim(1), classes = x.shape().dim(2);
    if (classes >= std::numeric_limits<int>::max()) fail(c, "num_classes cannot exceed max int", name);
    if (batch != seq_len.shape().dim(0)) {
      fail(c, "len(sequence_length) != batch_size.  len(sequence_length):  " + std::to_string(seq_len.shape().dim(0)) +
                  " batch_size: " + std::to_string(batch), name);
    }
    if (ix.shape().dim(0) != values.shape().dim(0)) {
      fail(c, "labels_indices and labels_values must contain the same number of rows, but saw shapes: " +
                  ix.shape().debug_string() + " vs. " + values.shape().debug_string(), name);
    }
    if (batch == 0) fail(c, "batch_size must not be 0", name);
    if (x.dtype() != DType::kFloat32 && x.dtype() != DType::kFloat64) {
      throw_error(Code::kInternal, "no core CTCLoss kernel for this dtype");
    }
    const int64_t n = ix.shape().dim(0);
    const int64_t* rows = ix.data_as<int64_t>();
    int64_t max_label_len = 0;
    for (int64_t i = 0; i < n; ++i) max_label_len = std::max(max_label_len, rows[2 * i + 1] + 1);
    const std::string invalid = invalid_indices(rows, n, batch, max_label_len);
    if (!invalid.empty()) fail(c, "label SparseTensor is not valid: " + invalid, name);
    std::vector<std::vector<int>> labels(static_cast<size_t>(batch));
    for (int64_t i = 0; i < n; ++i) labels[rows[2 * i]].push_back(values.data_as<int32_t>()[i]);
    const int32_t* lengths = seq_len.data_as<int32_t>();
    for (int64_t b = 0; b < batch; ++b) {
      if (lengths[b] > max_time) fail(c, "sequence_length(" + std::to_string(b) + ") <= " + std::to_string(max_time), name);
    }
    c.outputs[0] = Tensor::allocate(x.dtype(), seq_len.shape(), c.allocator());
    c.outputs[1] = Tensor::allocate(x.dtype(), x.shape(), c.allocator());
    const std::string error = kernels::ctc_loss(x, labels, lengths, options, c.outputs[0], c.outputs[1]);
    if (!error.empty()) fail(c, error, name);
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

}  // namespace ops
}  // namespace varrt
