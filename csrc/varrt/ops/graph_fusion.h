// Fusions of a graph's nodes, as TensorFlow's Grappler remapper makes them for its CPU kernels,
// done when the graph's outputs are set (Graph::set_outputs):
//   Conv2D -> BiasAdd (or AddV2 with a per-channel operand: a Keras Conv2D's bias) [-> Relu]
//     becomes one _FusedConv2DBias node (ops/conv_ops.h): bias and Relu applied to each output tile
//     while the GEMM's result is in cache;
//   MaxPoolGrad -> ReluGrad, the features being MaxPoolGrad's orig_input (a Relu's output pooled),
//     becomes one _FusedMaxPoolGradReluGrad node (ops/pooling_ops.h): one pass instead of two;
//   BlockLSTMGrad (or V2) whose x_grad no node reads keeps its op and runs without x's product
//   (its x_grad zeros);
// when each intermediate value is read by nothing else (no other node's input, not a graph
// output) and the nodes share their device scope. The fused node stands where the last op stood
// (its inputs all exist by then); the others are disabled. At run time it runs the fused kernel
// when it can (float32 or float64, NHWC, a per-channel bias, no dispatch hook: a gradient tape or
// a graph recorder sees the ops as they were recorded), else the recorded ops one after the
// other, with their own checks and errors. Either way the results are the bits of the ops it
// replaces.
#pragma once

namespace varrt {

// Which of the ops a fused node stands for (0: the first) ended the calling thread's last failed
// fused run: Graph::failed_node names that op's node.
int fused_failed_stage();
// Notes stage `stage` as the one that failed (the fused kernels of the other graph_fusion_*.cc files).
void set_fused_failed_stage(int stage);

}  // namespace varrt
