"""Neural-network ops: activations, softmax, bias, losses and their gradient ops.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('AvgPool', 'value: T -> output: T', 'ksize: list(int) >= 4', 'strides: list(int) >= 4', "padding: {'SAME', 'VALID'}", 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'T: {half, bfloat16, float, double}', shape=shape_fns.avg_pool)
register('AvgPoolGrad', 'orig_input_shape: int32, grad: T -> output: T', 'ksize: list(int) >= 4', 'strides: list(int) >= 4', "padding: {'SAME', 'VALID'}", 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'T: {half, bfloat16, float, double}', shape=shape_fns.avg_pool_grad)
register('BiasAdd', 'value: T, bias: T -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', "data_format: {'NHWC', 'NCHW'} = \"NHWC\"", shape=shape_fns.bias_add)
register('BiasAddGrad', 'out_backprop: T -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', "data_format: {'NHWC', 'NCHW'} = \"NHWC\"", shape=shape_fns.bias_add_grad)
register('Conv2D', 'input: T, filter: T -> output: T', 'T: {half, bfloat16, float, double, int32}', 'strides: list(int)', 'use_cudnn_on_gpu: bool = true', "padding: {'SAME', 'VALID', 'EXPLICIT'}", 'explicit_paddings: list(int) = []', 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'dilations: list(int) = [1, 1, 1, 1]', shape=shape_fns.conv2d)
register('Conv2DBackpropFilter', 'input: T, filter_sizes: int32, out_backprop: T -> output: T', 'T: {half, bfloat16, float, double}', 'strides: list(int)', 'use_cudnn_on_gpu: bool = true', "padding: {'SAME', 'VALID', 'EXPLICIT'}", 'explicit_paddings: list(int) = []', 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'dilations: list(int) = [1, 1, 1, 1]', shape=shape_fns.conv2d_backprop_filter)
register('Conv2DBackpropInput', 'input_sizes: int32, filter: T, out_backprop: T -> output: T', 'T: {half, bfloat16, float, double, int32}', 'strides: list(int)', 'use_cudnn_on_gpu: bool = true', "padding: {'SAME', 'VALID', 'EXPLICIT'}", 'explicit_paddings: list(int) = []', 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'dilations: list(int) = [1, 1, 1, 1]', shape=shape_fns.conv2d_backprop_input)
register('Elu', 'features: T -> activations: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged)
register('EluGrad', 'gradients: T, outputs: T -> backprops: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.merge_both)
register('InTopKV2', 'predictions: float, targets: T, k: T -> precision: bool', 'T: {int32, int64} = int32', shape=shape_fns.in_top_k)
register('L2Loss', 't: T -> output: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.l2_loss)
register('LeakyRelu', 'features: T -> activations: T', 'alpha: float = 0.2', 'T: {half, bfloat16, float, double} = float', shape=shape_fns.unchanged)
register('LogSoftmax', 'logits: T -> logsoftmax: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged_at_least_rank_1)
register('MaxPool', 'input: T -> output: T', 'T: {half, bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8} = float', 'ksize: list(int) >= 4', 'strides: list(int) >= 4', "padding: {'SAME', 'VALID', 'EXPLICIT'}", 'explicit_paddings: list(int) = []', 'data_format: {\'NHWC\', \'NCHW\', \'NCHW_VECT_C\'} = "NHWC"', shape=shape_fns.max_pool)
register('MaxPoolGrad', 'orig_input: T, orig_output: T, grad: T -> output: T', 'ksize: list(int) >= 4', 'strides: list(int) >= 4', "padding: {'SAME', 'VALID', 'EXPLICIT'}", 'explicit_paddings: list(int) = []', 'data_format: {\'NHWC\', \'NCHW\'} = "NHWC"', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64} = float', shape=shape_fns.max_pool_grad)
register('Relu', 'features: T -> activations: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8}', shape=shape_fns.unchanged)
register('Relu6', 'features: T -> activations: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.unchanged)
register('ReluGrad', 'gradients: T, features: T -> backprops: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', shape=shape_fns.merge_both)
register('Selu', 'features: T -> activations: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged)
register('SeluGrad', 'gradients: T, outputs: T -> backprops: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.merge_both)
register('Sigmoid', 'x: T -> y: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('SigmoidGrad', 'y: T, dy: T -> z: T', 'T: {bfloat16, half, float, double, complex64, complex128}', shape=shape_fns.unchanged)
register('Softmax', 'logits: T -> softmax: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged_at_least_rank_1)
register('SoftmaxCrossEntropyWithLogits', 'features: T, labels: T -> loss: T, backprop: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.softmax_cross_entropy)
register('Softplus', 'features: T -> activations: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged)
register('SoftplusGrad', 'gradients: T, features: T -> backprops: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.merge_both)
register('Softsign', 'features: T -> activations: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.unchanged)
register('SoftsignGrad', 'gradients: T, features: T -> backprops: T', 'T: {half, bfloat16, float, double}', shape=shape_fns.merge_both)
register('SparseSoftmaxCrossEntropyWithLogits', 'features: T, labels: Tlabels -> loss: T, backprop: T', 'T: {half, bfloat16, float, double}', 'Tlabels: {int32, int64} = int64', shape=shape_fns.sparse_softmax_cross_entropy)
register('TopKV2', 'input: T, k: Tk -> values: T, indices: index_type', 'sorted: bool = true', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tk: {int16, int32, int64} = int32', 'index_type: {int16, int32, int64} = int32', shape=shape_fns.top_k)
