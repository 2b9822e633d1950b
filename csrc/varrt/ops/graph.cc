#include "varrt/ops/graph.h"

#include <algorithm>
#include <cstring>

#include "varrt/core/error.h"
#include "varrt/device/device_scope.h"
#include "varrt/device/executor.h"
#include "varrt/ops/graph_fusion.h"

namespace varrt {
namespace {

thread_local int last_failed_node = -1;

}  // namespace

int Graph::failed_node() { return last_failed_node; }

const OpAttr* NodeCall::find_attr(const char* name) const {
  for (int i = 0; i < num_attrs; ++i) {
    if (std::strcmp(attrs[i].name, name) == 0) return &attrs[i];
  }
  return nullptr;
}

int64_t NodeCall::attr(const char* name, int64_t fallback) const {
  const OpAttr* a = find_attr(name);
  return a != nullptr ? a->value : fallback;
}

double NodeCall::real_attr(const char* name, double fallback) const {
  const OpAttr* a = find_attr(name);
  if (a == nullptr) return fallback;
  return a->is_real ? a->real : static_cast<double>(a->value);
}

std::vector<int64_t> NodeCall::ints_attr(const char* name) const {
  const OpAttr* a = find_attr(name);
  if (a == nullptr || a->ints == nullptr) return {};
  return std::vector<int64_t>(a->ints, a->ints + a->num_ints);
}

int Graph::add_constant(PlacedTensor value) {
  const int slot = num_slots_++;
  constants_.emplace_back(slot, std::move(value));
  return slot;
}

int Graph::add_node(std::string op, std::vector<int> inputs, std::vector<OwnedAttr> attrs,
                    std::vector<ResourceHandle> resources, int num_outputs, std::shared_ptr<const NodeKernel> kernel,
                    std::vector<int> resource_args, std::string device) {
  if (!resource_args.empty() && resource_args.size() != resources.size()) {
    throw_error(Code::kInvalidArgument, "graph node " + op + ": one resource_args entry per resource");
  }
  for (int in : inputs) {
    if (in < 0 || in >= num_slots_) throw_error(Code::kInvalidArgument, "graph node " + op + " reads a missing value");
  }
  if (kernel == nullptr) throw_error(Code::kInvalidArgument, "graph node " + op + " has no kernel");
  Node n;
  n.op = std::move(op);
  n.inputs = std::move(inputs);
  n.owned_attrs = std::move(attrs);
  bind_attrs(n);
  n.resources = std::move(resources);
  n.resource_args = std::move(resource_args);
  n.device = std::move(device);
  n.first_output = num_slots_;
  n.num_outputs = num_outputs;
  n.kernel = std::move(kernel);
  num_slots_ += num_outputs;
  nodes_.push_back(std::move(n));
  return nodes_.back().first_output;
}

void Graph::bind_attrs(Node& n) {
  n.attrs.assign(n.owned_attrs.size(), OpAttr());
  for (size_t i = 0; i < n.owned_attrs.size(); ++i) {
    const OwnedAttr& o = n.owned_attrs[i];
    OpAttr& a = n.attrs[i];
    a.name = o.name.c_str();
    a.value = o.value;
    if (o.is_list) {
      a.ints = o.ints.empty() ? OpAttr::kNoInts : o.ints.data();
      a.num_ints = static_cast<int>(o.ints.size());
    }
    a.real = o.real;
    a.is_real = o.is_real;
  }
}

namespace {

class PrunedKernel : public NodeKernel {
 public:
  void run(NodeCall&) const override {}
};

}  // namespace

void Graph::disable_node(int i) {
  if (i < 0 || i >= num_nodes()) throw_error(Code::kInvalidArgument, "no such graph node");
  Node& n = nodes_[static_cast<size_t>(i)];
  static const auto pruned = std::make_shared<PrunedKernel>();
  n.kernel = pruned;
  n.pruned = true;
  n.inputs.clear();
  n.resources.clear();
  n.resource_args.clear();
}

void Graph::set_outputs(std::vector<int> outputs) {
  for (int o : outputs) {
    if (o < 0 || o >= num_slots_) throw_error(Code::kInvalidArgument, "a graph output names a missing value");
  }
  outputs_ = std::move(outputs);
  fuse_nodes();
  fuse_matmul_nodes();
  std::vector<int> last_reader(static_cast<size_t>(num_slots_), -1);
  for (size_t i = 0; i < nodes_.size(); ++i) {
    for (int in : nodes_[i].inputs) last_reader[static_cast<size_t>(in)] = static_cast<int>(i);
  }
  std::vector<bool> kept(static_cast<size_t>(num_slots_), false);
  for (int o : outputs_) kept[static_cast<size_t>(o)] = true;
  for (const auto& c : constants_) kept[static_cast<size_t>(c.first)] = true;
  for (Node& n : nodes_) n.release.clear();
  for (int slot = 0; slot < num_slots_; ++slot) {
    const int reader = last_reader[static_cast<size_t>(slot)];
    if (reader >= 0 && !kept[static_cast<size_t>(slot)]) nodes_[static_cast<size_t>(reader)].release.push_back(slot);
  }
}

std::vector<PlacedTensor> Graph::run(const std::vector<PlacedTensor>& args,
                                     const std::vector<ResourceHandle>& resource_args) const {
  if (args.size() != input_slots_.size()) {
    throw_error(Code::kInvalidArgument, "a graph of " + std::to_string(input_slots_.size()) +
                                            " inputs was given " + std::to_string(args.size()));
  }
  std::vector<PlacedTensor> slots(static_cast<size_t>(num_slots_));
  for (size_t i = 0; i < args.size(); ++i) slots[static_cast<size_t>(input_slots_[i])] = args[i];
  for (const auto& c : constants_) slots[static_cast<size_t>(c.first)] = c.second;
  Executor::Quiet quiet;
  std::vector<PlacedTensor> inputs;
  std::vector<ResourceHandle> bound;  // a node's resources with its variable arguments filled in
  PlacedTensor split[2];              // a node with an extra output (Node::extra_output) writes here first
  int index = -1;
  for (const Node& n : nodes_) {
    ++index;
    inputs.clear();
    for (int in : n.inputs) inputs.push_back(slots[static_cast<size_t>(in)]);
    const ResourceHandle* resources = n.resources.data();
    if (!n.resource_args.empty()) {
      bound = n.resources;
      for (size_t r = 0; r < bound.size(); ++r) {
        const int k = n.resource_args[r];
        if (k < 0) continue;
        if (static_cast<size_t>(k) >= resource_args.size()) {
          throw_error(Code::kInvalidArgument, "a graph run lacks variable argument " + std::to_string(k));
        }
        bound[r] = resource_args[static_cast<size_t>(k)];
      }
      resources = bound.data();
    }
    const bool has_extra = n.extra_output >= 0;
    NodeCall call{n.op.c_str(),
                  inputs.data(),
                  static_cast<int>(inputs.size()),
                  n.attrs.data(),
                  static_cast<int>(n.attrs.size()),
                  resources,
                  static_cast<int>(n.resources.size()),
                  &resource_args,
                  has_extra ? split : slots.data() + n.first_output,
                  has_extra ? 2 : n.num_outputs};
    uint64_t scope = 0;
    try {
      if (!n.device.empty()) scope = DeviceScope::enter(&n.device);
      n.kernel->run(call);
    } catch (...) {
      if (scope != 0) DeviceScope::exit(scope);
      // A subgraph's failure is reported by the node that ran it, set last; a fused node's by the
      // node of the op that failed.
      last_failed_node = n.fused_from.empty() ? index : n.fused_from[static_cast<size_t>(fused_failed_stage())];
      throw;
    }
    if (scope != 0) DeviceScope::exit(scope);
    if (has_extra) {
      slots[static_cast<size_t>(n.first_output)] = std::move(split[0]);
      slots[static_cast<size_t>(n.extra_output)] = std::move(split[1]);
    }
    for (int r : n.release) slots[static_cast<size_t>(r)] = PlacedTensor{};
  }
  std::vector<PlacedTensor> out;
  out.reserve(outputs_.size());
  for (int o : outputs_) out.push_back(slots[static_cast<size_t>(o)]);
  return out;
}

}  // namespace varrt
