// A graph: a recorded program of ops over values, executed by the core without returning to
// the caller per op (what a traced tf.function and a TF1 Session run).
//
// Values live in slots: the graph's arguments first (fed per run), then constants (captured
// tensors, kept by the graph), inputs added while building (a subgraph's captures of values of
// the graph around it, fed per run after the arguments) and every node's outputs, in the order
// they were added. Nodes run in the
// order they were recorded, so stateful ops (variable updates, prints) keep the program's
// order: that order is the graph's control dependencies. Each node runs through the op
// dispatch like an eager op (placed, seen by a gradient tape or a recorder), with placement
// logging quiet: a run logs one line for the whole graph (see Graph::run).
//
// Ownership: a Graph owns its nodes, constants and node kernels; variables are held by
// ResourceHandle (a captured variable stays alive as long as the graph). Immutable once built
// (add_* before the first run); runs may happen on several threads at once.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "varrt/device/device_copy.h"
#include "varrt/ops/dispatch.h"
#include "varrt/resource/resource_mgr.h"

namespace varrt {

// What a node's kernel gets: its inputs, attributes and variables; it fills `outputs`.
struct NodeCall {
  const char* op;
  const PlacedTensor* inputs;
  int num_inputs;
  const OpAttr* attrs;
  int num_attrs;
  const ResourceHandle* resources;  // the node's variables, var first (training ops: var, slots)
  int num_resources;
  // The variables the run was given (a function's variable arguments), for kernels that run
  // subgraphs (If, While): passed on to them.
  const std::vector<ResourceHandle>* run_resources;
  PlacedTensor* outputs;
  int num_outputs;

  const OpAttr* find_attr(const char* name) const;
  int64_t attr(const char* name, int64_t fallback = 0) const;
  double real_attr(const char* name, double fallback = 0.0) const;
  std::vector<int64_t> ints_attr(const char* name) const;
};

// How a node runs. Core ops have one (op_registry.h); the bindings add kernels that call back
// into Python (a NumPy kernel, tf.py_function) and the control-flow kernels hold subgraphs.
class NodeKernel {
 public:
  virtual ~NodeKernel() = default;
  virtual void run(NodeCall& call) const = 0;
  // False for a kernel that calls out of the core (a Python kernel): what Graph::node_is_native
  // reports, so a test can tell which ops of a graph still leave it.
  virtual bool native() const { return true; }
};

// An attribute with owned storage (OpAttr points into it).
struct OwnedAttr {
  std::string name;
  int64_t value = 0;
  std::vector<int64_t> ints;
  bool is_list = false;
  double real = 0.0;
  bool is_real = false;
};

class Graph {
 public:
  explicit Graph(int num_args) : num_args_(num_args < 0 ? 0 : num_args), num_slots_(num_args_) {
    for (int i = 0; i < num_args_; ++i) input_slots_.push_back(i);
  }

  // Adds an input fed after the arguments (run takes num_inputs() values); returns its slot.
  int add_input() {
    input_slots_.push_back(num_slots_);
    return num_slots_++;
  }
  int num_inputs() const { return static_cast<int>(input_slots_.size()); }

  // Adds a constant slot; returns its slot index.
  int add_constant(PlacedTensor value);
  // Adds a node reading `inputs` (slot indices); returns the slot index of its first output.
  // `resource_args`, when given, has one entry per resource: -1 for the resource itself, k for
  // the run's k-th variable argument (a function traced once for any variable of a dtype and
  // shape: the resource at that position then only stands for it while tracing).
  // `device`: the device scope the op was recorded under (tf.device inside the function), entered
  // around the node when it runs; empty for none (the caller's scope then applies).
  int add_node(std::string op, std::vector<int> inputs, std::vector<OwnedAttr> attrs,
               std::vector<ResourceHandle> resources, int num_outputs, std::shared_ptr<const NodeKernel> kernel,
               std::vector<int> resource_args = {}, std::string device = "");
  // Prunes node `i` (before set_outputs): it reads and runs nothing (dead code: no result or
  // stateful node depends on it). Its outputs stay empty.
  void disable_node(int i);
  // The graph's results; ends building (each intermediate value is then released right after
  // its last reader runs, so a variable's value read earlier does not force a copy-on-write
  // when a later node updates the variable in place).
  void set_outputs(std::vector<int> outputs);

  int num_args() const { return num_args_; }
  int num_nodes() const { return static_cast<int>(nodes_.size()); }
  int num_slots() const { return num_slots_; }
  const std::vector<int>& outputs() const { return outputs_; }
  const std::string& node_op(int i) const { return nodes_[static_cast<size_t>(i)].op; }
  bool node_is_native(int i) const { return nodes_[static_cast<size_t>(i)].kernel->native(); }
  // False for a node pruned, or fused into another (it runs nothing).
  bool node_runs(int i) const { return !nodes_[static_cast<size_t>(i)].pruned; }

  // Runs the graph on `args` (num_inputs() of them). Nodes run quietly (no placement line each).
  // When a node fails its error propagates unchanged; failed_node() then names it.
  std::vector<PlacedTensor> run(const std::vector<PlacedTensor>& args,
                                const std::vector<ResourceHandle>& resource_args = {}) const;
  // The index of the node whose failure ended this thread's last failed run (of any graph), or -1.
  // For a fused node (ops/graph_fusion.h), the node of the op that failed.
  static int failed_node();

 private:
  struct Node {
    std::string op;
    std::vector<int> inputs;
    std::vector<OwnedAttr> owned_attrs;
    std::vector<OpAttr> attrs;  // views of owned_attrs
    std::vector<ResourceHandle> resources;
    std::vector<int> resource_args;  // empty, or per resource: -1 or a variable argument's index
    std::string device;              // the device scope to run under, or empty
    int first_output = 0;
    int num_outputs = 0;
    // A fused node's second output (ops/graph_fusion_matmul.cc), whose slot is that of the node it
    // stands for too: -1 for none (every output at first_output on).
    int extra_output = -1;
    std::shared_ptr<const NodeKernel> kernel;
    std::vector<int> release;  // slots whose last reader is this node
    // A fused node (ops/graph_fusion.h): the nodes it stands for, in program order (disabled).
    std::vector<int> fused_from;
    bool pruned = false;  // disable_node
  };

  // What the fusion passes read of the graph before rewriting it (ops/graph_fusion.cc): how many
  // node inputs and graph outputs read each slot, and the node that produces each slot.
  struct FusionScan {
    explicit FusionScan(const Graph& graph);
    // A core op's node as recorded, running, with one output.
    static bool plain(const Node& n);
    // The node after `after` reading `slot` when it is the slot's one reader, else -1.
    int only_reader(int slot, size_t after) const;
    const Graph& graph;
    std::vector<int> readers;
    std::vector<int> producer;
  };

  // The fusions of ops/graph_fusion.h, done once the outputs are known (set_outputs).
  void fuse_nodes();
  // Those of ops/graph_fusion_matmul.cc (a matrix product with its bias and Relu), after them.
  void fuse_matmul_nodes();
  static void bind_attrs(Node& n);  // n.attrs as views of n.owned_attrs

  int num_args_;
  std::vector<int> input_slots_;
  int num_slots_;  // args + constants + node outputs, assigned as they are added
  std::vector<std::pair<int, PlacedTensor>> constants_;
  std::vector<Node> nodes_;
  std::vector<int> outputs_;
};

}  // namespace varrt
