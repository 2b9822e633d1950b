// Graph control flow: the node kernels of tf.cond and tf.while_loop inside a graph. Each holds
// subgraphs whose inputs are the node's inputs (after the predicate for a cond; the loop
// variables, then the captured values, for a loop): the subgraphs run through the same graph
// executor, so their ops are dispatched (and seen by a tape) like any other node's.
#pragma once

#include <memory>

#include "varrt/ops/graph.h"

namespace varrt {

// Inputs: pred (a bool scalar), then_graph's inputs (num_then of them), else_graph's inputs.
std::shared_ptr<const NodeKernel> cond_kernel(std::shared_ptr<const Graph> then_graph,
                                              std::shared_ptr<const Graph> else_graph, int num_then);

// Inputs: the loop variables (num_vars), cond_graph's captures (num_cond), body_graph's captures.
// cond_graph(vars, its captures) gives a bool scalar; body_graph(vars, its captures) the next
// vars. maximum_iterations < 0: no limit.
std::shared_ptr<const NodeKernel> while_kernel(std::shared_ptr<const Graph> cond_graph,
                                               std::shared_ptr<const Graph> body_graph, int num_vars, int num_cond,
                                               int64_t maximum_iterations);

}  // namespace varrt
