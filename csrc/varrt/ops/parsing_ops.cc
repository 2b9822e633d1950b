#include "varrt/ops/parsing_ops.h"

#include <string>
#include <string_view>

#include "varrt/core/error.h"
#include "varrt/io/example_parser.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

std::vector<std::string> keys_of(const Tensor& t) {
  std::vector<std::string> out;
  const std::string* s = t.data_as<std::string>();
  for (int64_t i = 0; i < t.num_elements(); ++i) out.push_back(s[i]);
  return out;
}

}  // namespace

std::vector<PlacedTensor> ParseExampleV2(const std::vector<PlacedTensor>& in, const ParseExampleAttrs& a,
                                         const char* name) {
  const size_t n_dense = a.dense_types.size();
  const size_t n_sparse = static_cast<size_t>(a.num_sparse);
  if (in.size() != 5 + n_dense || a.sparse_types.size() != n_sparse) {
    throw_error(Code::kInvalidArgument, "ParseExampleV2 takes 5 inputs and one default per dense feature");
  }
  std::vector<Tensor> inputs;
  std::vector<const Device*> devices;
  for (const PlacedTensor& p : in) {
    inputs.push_back(p.tensor);
    devices.push_back(p.device);
  }
  OpAttr attrs[6];
  attrs[0].name = "num_sparse";
  attrs[0].value = a.num_sparse;
  const std::vector<int64_t>* lists[5] = {&a.sparse_types, &a.dense_types, &a.dense_shapes, nullptr, nullptr};
  const char* names[5] = {"sparse_types", "Tdense", "dense_shapes", "ragged_value_types", "ragged_split_types"};
  for (int i = 0; i < 5; ++i) {
    OpAttr& at = attrs[i + 1];
    at.name = names[i];
    const bool empty = lists[i] == nullptr || lists[i]->empty();
    at.ints = empty ? OpAttr::kNoInts : lists[i]->data();
    at.num_ints = empty ? 0 : static_cast<int>(lists[i]->size());
  }
  const size_t num_outputs = 3 * n_sparse + n_dense;
  std::vector<Tensor> outs(num_outputs);
  OpCall call("ParseExampleV2", inputs.data(), static_cast<int>(inputs.size()));
  call.input_devices = devices.data();
  call.attrs = attrs;
  call.num_attrs = 6;
  call.outputs = outs.data();
  call.num_outputs = static_cast<int>(num_outputs);
  const std::string node = "ParseExampleV2_Tdense_" + std::to_string(n_dense) + "_num_sparse_" +
                           std::to_string(n_sparse) + "_ragged_split_types_0_ragged_value_types_0_sparse_types_" +
                           std::to_string(n_sparse);
  Dispatch::run(call, [&](OpCall& c) {
    auto fail = [&](const std::string& message) {
      throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name, node.c_str()));
    };
    const Tensor& serialized = c.inputs[0];
    if (serialized.shape().rank() > 1) {
      fail("Expected serialized to be a scalar or vector, got shape: " + serialized.shape().debug_string());
    }
    std::vector<std::string_view> examples;
    const std::string* s = serialized.data_as<std::string>();
    for (int64_t i = 0; i < serialized.num_elements(); ++i) examples.emplace_back(s[i]);
    std::vector<std::string> sparse_keys = keys_of(c.inputs[2]), dense_keys = keys_of(c.inputs[3]);
    if (sparse_keys.size() != n_sparse || dense_keys.size() != n_dense) fail("Expected len(keys) to match the features");
    std::vector<example::SparseSpec> sparse;
    for (size_t i = 0; i < n_sparse; ++i) sparse.push_back({sparse_keys[i], static_cast<DType>(a.sparse_types[i])});
    std::vector<example::DenseSpec> dense;
    size_t at = 0;
    for (size_t i = 0; i < n_dense; ++i) {
      example::DenseSpec spec;
      spec.key = dense_keys[i];
      spec.dtype = static_cast<DType>(a.dense_types[i]);
      const size_t rank = at < a.dense_shapes.size() ? static_cast<size_t>(a.dense_shapes[at]) : 0;
      std::vector<int64_t> dims(a.dense_shapes.begin() + static_cast<std::ptrdiff_t>(at + 1),
                                a.dense_shapes.begin() + static_cast<std::ptrdiff_t>(at + 1 + rank));
      at += 1 + rank;
      spec.variable_length = !dims.empty() && dims[0] == -1;
      if (spec.variable_length) dims.erase(dims.begin());
      spec.shape = dims;
      if (c.inputs[5 + i].num_elements() > 0) spec.default_value = c.inputs[5 + i];
      dense.push_back(std::move(spec));
    }
    example::Parsed parsed;
    try {
      parsed = example::parse_examples(examples, serialized.shape().rank() == 0, sparse, dense);
    } catch (const Error& e) {
      if (e.code() != Code::kInvalidArgument) throw;
      fail(e.message());
    }
    size_t o = 0;
    for (auto* group : {&parsed.sparse_indices, &parsed.sparse_values, &parsed.sparse_shapes, &parsed.dense_values}) {
      for (Tensor& t : *group) c.outputs[o++] = std::move(t);
    }
  });
  std::vector<PlacedTensor> out;
  for (Tensor& t : outs) out.push_back(PlacedTensor{std::move(t), call.device});
  return out;
}

}  // namespace ops
}  // namespace varrt
