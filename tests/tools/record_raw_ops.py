"""Records what TensorFlow 2.21's tf.raw_ops does, for tests/test_raw_ops_table.py: the Python
signature of every raw op of the op table (function name and keyword arguments) and the outcome
of each case below (values, dtype, shape, or the error's type and text). Run with TensorFlow's
Python; writes tests/fixtures/tf_raw_ops.json:

    /path/to/tf/python tests/tools/record_raw_ops.py

A case is a snippet run with `tf` and `np` bound; what it leaves in `out` is recorded.
"""
import inspect
import json
import os

import numpy as np
import tensorflow as tf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGISTRY = os.path.join(ROOT, "tests", "fixtures", "tf_op_registry.json")
OUT = os.path.join(ROOT, "tests", "fixtures", "tf_raw_ops.json")

CASES = [
    # math
    "out = tf.raw_ops.AddV2(x=1., y=2.)",
    "out = tf.raw_ops.AddV2(x=tf.constant([1, 2]), y=tf.constant([3, 4]))",
    "out = tf.raw_ops.Sub(x=[5., 3.], y=2.)",
    "out = tf.raw_ops.Mul(x=tf.constant([[1., 2.]]), y=tf.constant([[3.], [4.]]))",
    "out = tf.raw_ops.RealDiv(x=[1., 2.], y=[4., 0.])",
    "out = tf.raw_ops.FloorDiv(x=[7, -7], y=[2, 2])",
    "out = tf.raw_ops.FloorMod(x=[7, -7], y=[3, 3])",
    "out = tf.raw_ops.Maximum(x=[1, 5], y=[3, 2])",
    "out = tf.raw_ops.Pow(x=[2., 3.], y=[3., 2.])",
    "out = tf.raw_ops.SquaredDifference(x=[1., 2.], y=[3., 5.])",
    "out = tf.raw_ops.Abs(x=[-1.5, 2.])",
    "out = tf.raw_ops.Neg(x=[1, -2])",
    "out = tf.raw_ops.Exp(x=[0., 1.])",
    "out = tf.raw_ops.Log1p(x=[0., 1.])",
    "out = tf.raw_ops.Sqrt(x=tf.constant([4., 9.], tf.float64))",
    "out = tf.raw_ops.Tanh(x=[0.5])",
    "out = tf.raw_ops.Sigmoid(x=[0., 2.])",
    "out = tf.raw_ops.Round(x=[0.5, 1.5, 2.5])",
    "out = tf.raw_ops.Atan(x=[0.5, -2.])",
    "out = tf.raw_ops.Atan2(y=[1., -1.], x=[-2., 0.5])",
    "out = tf.raw_ops.Erf(x=tf.constant([0.5, -1.], tf.float64))",
    "out = tf.raw_ops.ShapeN(input=[tf.zeros([2, 3]), [1, 2]], out_type=tf.int64)",
    "out = tf.raw_ops.Cast(x=[1.7, -2.2], DstT=tf.int32)",
    "out = tf.raw_ops.MatMul(a=[[1., 2.]], b=[[3., 4.]], transpose_b=True)",
    "out = tf.raw_ops.BatchMatMulV2(x=tf.ones([2, 2, 3]), y=tf.ones([3, 1]))",
    "out = tf.raw_ops.AddN(inputs=[[1, 2], [3, 4], [5, 6]])",
    "out = tf.raw_ops.Equal(x=[1, 2], y=[1, 3])",
    "out = tf.raw_ops.Equal(x=[1, 2], y=[1, 2, 3], incompatible_shape_error=False)",
    "out = tf.raw_ops.Less(x=[1., 2.], y=[2., 2.])",
    "out = tf.raw_ops.LogicalAnd(x=[True, False], y=[True, True])",
    "out = tf.raw_ops.BitwiseXor(x=[5, 3], y=[1, 1])",
    # reductions and scans
    "out = tf.raw_ops.Sum(input=[[1, 2], [3, 4]], axis=1)",
    "out = tf.raw_ops.Mean(input=[[1., 2.], [3., 5.]], axis=[0, 1], keep_dims=True)",
    "out = tf.raw_ops.Max(input=[[1, 7], [3, 4]], axis=0)",
    "out = tf.raw_ops.Prod(input=[1., 2., 3.], axis=0)",
    "out = tf.raw_ops.All(input=[[True, False]], axis=1)",
    "out = tf.raw_ops.ArgMax(input=[[1, 9, 3]], dimension=1)",
    "out = tf.raw_ops.ArgMin(input=[[1, 9, 3]], dimension=1, output_type=tf.int32)",
    "out = tf.raw_ops.Cumsum(x=[1, 2, 3], axis=0, exclusive=True, reverse=True)",
    "out = tf.raw_ops.Range(start=1, limit=10, delta=3)",
    # nn
    "out = tf.raw_ops.Relu(features=[-1., 2.])",
    "out = tf.raw_ops.Relu6(features=[-1., 7.])",
    "out = tf.raw_ops.Elu(features=[-1., 2.])",
    "out = tf.raw_ops.LeakyRelu(features=[-1., 2.], alpha=0.1)",
    "out = tf.raw_ops.Softmax(logits=[[1., 2., 3.]])",
    "out = tf.raw_ops.LogSoftmax(logits=[[1., 2., 3.]])",
    "out = tf.raw_ops.Softplus(features=[0., 1.])",
    "out = tf.raw_ops.BiasAdd(value=[[1., 2.], [3., 4.]], bias=[10., 20.])",
    "out = tf.raw_ops.Conv2D(input=np.arange(18, dtype=np.float32).reshape(1, 3, 3, 2), "
    "filter=np.ones((2, 2, 2, 1), np.float32), strides=[1, 1, 1, 1], padding='VALID')",
    "out = tf.raw_ops.Conv2D(input=np.ones((1, 3, 3, 1)), filter=np.ones((1, 1, 1, 1)), strides=[1, 1, 1, 1], "
    "padding='SAME', data_format='NHWC', dilations=[1, 1, 1, 1])",
    "out = tf.raw_ops.MaxPool(input=np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1), ksize=[1, 2, 2, 1], "
    "strides=[1, 2, 2, 1], padding='VALID')",
    "out = tf.raw_ops.AvgPool(value=np.arange(16, dtype=np.float64).reshape(1, 4, 4, 1), ksize=[1, 3, 3, 1], "
    "strides=[1, 2, 2, 1], padding='SAME')",
    "out = tf.raw_ops.AvgPool(value=np.ones((1, 4, 4, 1), np.float64), ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], "
    "padding='EXPLICIT')",
    "out = tf.raw_ops.L2Loss(t=[1., 2., 3.])",
    # arrays and indexing
    "out = tf.raw_ops.Reshape(tensor=[1, 2, 3, 4, 5, 6], shape=[2, -1])",
    "out = tf.raw_ops.Transpose(x=[[1, 2, 3]], perm=[1, 0])",
    "out = tf.raw_ops.ConcatV2(values=[[1, 2], [3]], axis=0)",
    "out = tf.raw_ops.Pack(values=[[1, 2], [3, 4]], axis=1)",
    "out = tf.raw_ops.Unpack(value=[[1, 2], [3, 4]], num=2)",
    "out = tf.raw_ops.ExpandDims(input=[1, 2], axis=0)",
    "out = tf.raw_ops.Squeeze(input=[[[1], [2]]])",
    "out = tf.raw_ops.Squeeze(input=[[[1], [2]]], axis=[2])",
    "out = tf.raw_ops.Tile(input=[[1, 2]], multiples=[2, 1])",
    "out = tf.raw_ops.Split(split_dim=1, value=[[1, 2], [3, 4]], num_split=2)",
    "out = tf.raw_ops.SplitV(value=[1, 2, 3], size_splits=[2, -1], split_dim=0, num_split=2)",
    "out = tf.raw_ops.Slice(input=[[1, 2, 3]], begin=[0, 1], size=[1, -1])",
    "out = tf.raw_ops.Pad(input=[1, 2], paddings=[[1, 2]])",
    "out = tf.raw_ops.PadV2(input=[1., 2.], paddings=[[1, 0]], constant_values=-1.)",
    "out = tf.raw_ops.MirrorPad(input=[1, 2, 3], paddings=[[2, 1]], mode='REFLECT')",
    "out = tf.raw_ops.MirrorPadGrad(input=[1, 2, 3, 4, 5], paddings=[[1, 1]], mode='SYMMETRIC')",
    "out = tf.raw_ops.ReverseV2(tensor=[[1, 2], [3, 4]], axis=[1])",
    "out = tf.raw_ops.Roll(input=[1, 2, 3, 4], shift=1, axis=0)",
    "out = tf.raw_ops.CheckNumerics(tensor=[1., 2.], message='fine')",
    "out = tf.raw_ops.Bitcast(input=[1., 2.], type=tf.int32)",
    "out = tf.raw_ops.BroadcastArgs(s0=[2, 1], s1=[3])",
    "out = tf.raw_ops.EnsureShape(input=[[1., 2.]], shape=[1, None])",
    "out = tf.raw_ops.TruncateDiv(x=[-7, 7], y=[2, 2])",
    "out = tf.raw_ops.TruncateMod(x=[-7, 7], y=[2, 2])",
    "out = tf.raw_ops.ReverseSequence(input=[[1, 2, 3]], seq_lengths=[2], seq_dim=1)",
    "out = tf.raw_ops.DynamicPartition(data=[1, 2, 3], partitions=[1, 0, 1], num_partitions=2)",
    "out = tf.raw_ops.DynamicStitch(indices=[[1], [0]], data=[[5.], [6.]])",
    "out = tf.raw_ops.HistogramFixedWidth(values=[0., 1., 2.], value_range=[0., 2.], nbins=2)",
    "out = tf.raw_ops.UnravelIndex(indices=[4], dims=[2, 3])",
    "out = tf.raw_ops.DenseBincount(input=[1, 1, 3], size=4, weights=tf.constant([], tf.float32))",
    "out = tf.raw_ops.StridedSlice(input=[1, 2, 3, 4], begin=[1], end=[3], strides=[1])",
    "out = list(tf.raw_ops.Unique(x=[4, 2, 4], out_idx=tf.int64))",
    "out = list(tf.raw_ops.UniqueWithCounts(x=[4, 2, 4]))",
    "out = tf.raw_ops.LowerBound(sorted_inputs=[[1, 3, 5]], values=[[3, 4]])",
    "out = tf.raw_ops.UpperBound(sorted_inputs=[[1, 3, 5]], values=[[3, 4]], out_type=tf.int64)",
    "out = tf.raw_ops.TensorScatterUpdate(tensor=[1, 2, 3], indices=[[0]], updates=[7])",
    "out = tf.raw_ops.TensorScatterAdd(tensor=[1, 2, 3], indices=[[0]], updates=[7])",
    "out = tf.raw_ops.TensorScatterSub(tensor=[1, 2, 3], indices=[[0]], updates=[7])",
    "out = tf.raw_ops.TensorScatterMin(tensor=[1, 2, 3], indices=[[0]], updates=[-7])",
    "out = tf.raw_ops.TensorScatterMax(tensor=[1, 2, 3], indices=[[0]], updates=[7])",
    "out = tf.raw_ops.SegmentSum(data=[1., 2., 3.], segment_ids=[0, 0, 2])",
    "out = tf.raw_ops.SegmentMean(data=[1., 2., 3.], segment_ids=[0, 0, 2])",
    "out = tf.raw_ops.SegmentMax(data=[1., 2., 3.], segment_ids=[0, 0, 2])",
    "out = tf.raw_ops.SegmentMin(data=[1., 2., 3.], segment_ids=[0, 0, 2])",
    "out = tf.raw_ops.SegmentProd(data=[1., 2., 3.], segment_ids=[0, 0, 2])",
    "out = tf.raw_ops.UnsortedSegmentMax(data=[1., 2., 3.], segment_ids=[1, 0, 1], num_segments=3)",
    "out = tf.raw_ops.UnsortedSegmentMin(data=[1., 2., 3.], segment_ids=[1, 0, 1], num_segments=3)",
    "out = tf.raw_ops.UnsortedSegmentProd(data=[1., 2., 3.], segment_ids=[1, 0, 1], num_segments=3)",
    "out = tf.raw_ops.Einsum(inputs=[[[1., 2.]], [[3.], [4.]]], equation='ij,jk->ik')",
    "out = tf.raw_ops.CheckNumerics(tensor=[1., float('inf')], message='raw')",
    "out = tf.raw_ops.TopKV2(input=[[1, 3, 2]], k=2, index_type=tf.int64)",
    # parsing and serialization
    "out = tf.raw_ops.ParseTensor(serialized=tf.raw_ops.SerializeTensor(tensor=[[1, 2]]), out_type=tf.int32)",
    "out = tf.raw_ops.DecodeCSV(records=['1,2', '3,'], record_defaults=[[0], [9]])[1]",
    "out = tf.raw_ops.SparseToDense(sparse_indices=[[0, 1], [1, 0]], output_shape=[2, 3], sparse_values=[5., 6.], default_value=-1.)",
    "out = tf.raw_ops.InTopKV2(predictions=[[1., 3., 2.], [4., 4., 4.]], targets=[2, 1], k=1)",
    "out = tf.raw_ops.MatrixDiagV3(diagonal=[1, 2], k=0, num_rows=-1, num_cols=3, padding_value=9)",
    "out = tf.raw_ops.MatrixDiagPartV3(input=[[1, 2], [3, 4]], k=[-1, 0], padding_value=0, align='LEFT_LEFT')",
    "out = tf.raw_ops.MatrixSetDiagV3(input=[[1, 2], [3, 4]], diagonal=[7, 8], k=0)",
    "out = tf.raw_ops.MatrixBandPart(input=[[1, 2], [3, 4]], num_lower=0, num_upper=-1)",
    "out = tf.raw_ops.Fill(dims=[2, 2], value=7.)",
    "out = tf.raw_ops.Shape(input=tf.zeros([2, 3]), out_type=tf.int64)",
    "out = tf.raw_ops.Size(input=tf.zeros([2, 3]))",
    "out = tf.raw_ops.GatherV2(params=[[1, 2], [3, 4], [5, 6]], indices=[2, 0], axis=0)",
    "out = tf.raw_ops.OneHot(indices=[0, 2], depth=3, on_value=1., off_value=0.)",
    "out = tf.raw_ops.ZerosLike(x=[[1, 2]])",
    "out = tf.raw_ops.Where(condition=[[True, False], [False, True]])",
    "out = tf.raw_ops.SelectV2(condition=[True, False], t=[1, 2], e=[3, 4])",
    "out = tf.raw_ops.BroadcastTo(input=[1, 2], shape=[2, 2])",
    # the fused training ops
    "v = tf.Variable([1., 2.]); r = tf.raw_ops.ResourceApplyGradientDescent(var=v.handle, alpha=0.1, delta=[1., 4.])"
    "; out = (r, tf.identity(v))",
    "v = tf.Variable([1., 2.]); a = tf.Variable([0.5, 0.5]); tf.raw_ops.ResourceApplyMomentum(var=v.handle, "
    "accum=a.handle, lr=0.1, grad=[1., 1.], momentum=0.9, use_nesterov=True); out = (tf.identity(v), tf.identity(a))",
    "v = tf.Variable([1., 2.]); m = tf.Variable([0., 0.]); s = tf.Variable([0., 0.]); tf.raw_ops.ResourceApplyAdam("
    "var=v.handle, m=m.handle, v=s.handle, beta1_power=0.9, beta2_power=0.999, lr=0.01, beta1=0.9, beta2=0.999, "
    "epsilon=1e-7, grad=[0.5, -1.]); out = (tf.identity(v), tf.identity(m), tf.identity(s))",
    "v = tf.Variable([[1., 2.], [3., 4.]]); a = tf.Variable([[0.1, 0.1], [0.1, 0.1]]); "
    "tf.raw_ops.ResourceSparseApplyAdagrad(var=v.handle, accum=a.handle, lr=0.5, grad=[[1., 2.]], indices=[1]); "
    "out = (tf.identity(v), tf.identity(a))",
    "v = tf.Variable([1., 2.]); ms = tf.Variable([0.1, 0.1]); mom = tf.Variable([0., 0.]); "
    "tf.raw_ops.ResourceApplyRMSProp(var=v.handle, ms=ms.handle, mom=mom.handle, lr=0.01, rho=0.9, momentum=0.5, "
    "epsilon=1e-7, grad=[1., -2.]); out = (tf.identity(v), tf.identity(ms), tf.identity(mom))",
    # dtype errors
    "out = tf.raw_ops.Relu(features=['a'])",
    "out = tf.raw_ops.Abs(x=tf.constant([1 + 2j]))",
    "out = tf.raw_ops.Erfc(x=tf.constant([1, 2]))",
    "out = tf.raw_ops.MatMul(a=tf.constant([[1]], tf.uint8), b=tf.constant([[1]], tf.uint8))",
    "out = tf.raw_ops.AddV2(x=tf.constant(1), y=tf.constant(2.))",
    "out = tf.raw_ops.Sqrt(x=tf.constant([4, 9]))",
    # (a float64 step on a float32 variable is a CHECK failure that aborts TensorFlow: not a case)
    "v = tf.Variable([1., 2.]); out = tf.raw_ops.ResourceApplyGradientDescent(var=v.handle, alpha=0.1, "
    "delta=[1., 2., 3.])",
    # linear algebra
    "out = tf.raw_ops.MatrixInverse(input=[[4., 7.], [2., 6.]], adjoint=True)",
    "out = tf.raw_ops.MatrixInverse(input=[[1., 2.], [2., 4.]])",
    "out = tf.raw_ops.MatrixDeterminant(input=np.arange(8.).reshape(2, 2, 2))",
    "out = tf.raw_ops.LogMatrixDeterminant(input=[[0., 2.], [3., 1.]])",
    "out = tf.raw_ops.MatrixSolve(matrix=[[2., 1.], [1., 3.]], rhs=[[1.], [2.]], adjoint=True)",
    "out = tf.raw_ops.MatrixSolve(matrix=[[2., 1.], [1., 3.]], rhs=[[1.], [2.], [3.]])",
    "out = tf.raw_ops.MatrixTriangularSolve(matrix=[[2., 0.], [1., 4.]], rhs=[[1.], [2.]], lower=True)",
    "out = tf.raw_ops.MatrixTriangularSolve(matrix=[[2., 5.], [1., 4.]], rhs=[[1.], [2.]], lower=False, adjoint=True)",
    "out = tf.raw_ops.Cholesky(input=[[4., 2.], [2., 3.]])",
    "out = tf.raw_ops.Qr(input=np.array([[1., 2.], [3., 4.], [5., 6.]]), full_matrices=True)",
    "out = tf.raw_ops.Svd(input=[[3., 0.], [0., -2.], [0., 0.]], compute_uv=False)[0]",
    "out = tf.raw_ops.SelfAdjointEigV2(input=[[2., 1.], [1., 2.]], compute_v=False)[0]",
    "out = tf.raw_ops.MatrixSolveLs(matrix=[[1., 0.], [0., 1.], [1., 1.]], rhs=[[1.], [2.], [3.]], l2_regularizer=0.)",
    "out = tf.raw_ops.MatrixSolveLs(matrix=[[0., 0.], [0., 0.], [0., 0.]], rhs=[[1.], [2.], [3.]], l2_regularizer=0.)",
    "out = tf.raw_ops.MatrixSolveLs(matrix=[[1., 1.], [1., 1.]], rhs=[[1.], [2.]], l2_regularizer=0., fast=False)",
    # images
    "out = tf.raw_ops.AdjustHue(images=[[[0.2, 0.5, 0.9], [0.7, 0.1, 0.3]]], delta=0.25)",
    "out = tf.raw_ops.RGBToHSV(images=[[0.2, 0.5, 0.9], [0.7, 0.7, 0.7]])",
    "out = tf.raw_ops.ResizeNearestNeighbor(images=tf.reshape(tf.range(12.), [1, 3, 4, 1]), size=[2, 5])",
    "out = tf.raw_ops.ImageProjectiveTransformV3(images=tf.reshape(tf.range(12.), [1, 3, 4, 1]), "
    "transforms=[[1., 0., 1., 0., 1., -1., 0., 0.]], output_shape=[3, 4], fill_value=-1., interpolation='NEAREST')",
    "out = tf.raw_ops.ImageProjectiveTransformV3(images=tf.zeros([1, 2, 2, 1]), transforms=[[1., 0., 0., 0., 1., 0., "
    "0., 0.]], output_shape=[2, 2], fill_value=0., interpolation='CUBIC')",
    # argument errors
    "out = tf.raw_ops.AddV2(1., 2.)",
    "out = tf.raw_ops.AddV2(x=1.)",
    "out = tf.raw_ops.Sum(input=[1.], axis=0, keepdims=True)",
    "out = tf.raw_ops.MatMul()",
    "out = tf.raw_ops.Cast(x=[1.])",
    "out = tf.raw_ops.ResourceApplyAdam(var=None, m=None, v=None)",
    "out = tf.raw_ops.Relu(features=[1.], alpha=0.2)",
    # strings (tf.strings' ops; tests/test_strings.py has the rest)
    "out = tf.raw_ops.StringLower(input=['AbÇ', 'X'], encoding='utf-8')",
    "out = tf.raw_ops.StringUpper(input=['abç'])",
    "out = tf.raw_ops.StringStrip(input=' a ')",
    "out = tf.raw_ops.StringLength(input=['aé', ''], unit='UTF8_CHAR')",
    "out = tf.raw_ops.Substr(input=['hello', 'abc'], pos=1, len=2)",
    "out = tf.raw_ops.Substr(input=['hello'], pos=[9], len=[2])",
    "out = tf.raw_ops.StringJoin(inputs=[['a', 'b'], 'c'], separator='-')",
    "out = tf.raw_ops.ReduceJoin(inputs=[['a', 'b'], ['c', 'd']], reduction_indices=[0], separator=',')",
    "out = tf.raw_ops.ReduceJoin(inputs=[['a', 'b']], reduction_indices=[1, 1])",
    "out = tf.raw_ops.RegexReplace(input=['abab'], pattern='b', rewrite='<\\\\0>', replace_global=False)",
    "out = tf.raw_ops.StaticRegexReplace(input=['abab'], pattern='(a)', rewrite='[\\\\1]')",
    "out = tf.raw_ops.RegexFullMatch(input=['ab', 'b'], pattern='a.')",
    "out = tf.raw_ops.StaticRegexFullMatch(input=['ab', 'b'], pattern='(?=a)')",
    "out = tf.raw_ops.StringToNumber(string_tensor=['1', '-2'], out_type=tf.int64)",
    "out = tf.raw_ops.StringToNumber(string_tensor=['1x'])",
    "out = tf.raw_ops.StringToHashBucketFast(input=['a', 'b'], num_buckets=10)",
    "out = tf.raw_ops.StringToHashBucketStrong(input=['a', 'b'], num_buckets=10, key=[3, 4])",
    "out = tf.raw_ops.StringToHashBucket(string_tensor=['a', 'b'], num_buckets=10)",
    "out = tf.raw_ops.UnicodeTranscode(input=['é', b'\\xff'], input_encoding='UTF-8', output_encoding='UTF-8', replacement_char=63)",
    "out = tf.raw_ops.UnicodeDecode(input=[['ab', 'é'], ['😀', '']], input_encoding='UTF-8', Tsplits=tf.int32)",
    "out = tf.raw_ops.UnicodeDecode(input=tf.constant([b'a\\xff']), input_encoding='UTF-8', errors='strict', name='d')",
    "out = tf.raw_ops.UnicodeDecode(input=[b'a\\xff'], input_encoding='UTF-8', errors='strict')",
    "out = tf.raw_ops.UnicodeDecode(input=tf.constant([1]), input_encoding='UTF-8')",
    "out = tf.raw_ops.UnicodeDecodeWithOffsets(input='a\\x01é', input_encoding='UTF-8', replace_control_characters=True)",
    "out = tf.raw_ops.UnicodeDecodeWithOffsets(input=['a'], input_encoding='UTF-8', errors='x')",
    "out = tf.raw_ops.UnicodeEncode(input_values=[97, 98, 128512], input_splits=[0, 1, 3], output_encoding='UTF-16-BE')",
    "out = tf.raw_ops.UnicodeEncode(input_values=[97, -1], input_splits=tf.constant([0, 2], tf.int32), output_encoding='UTF-8', errors='strict')",
    "out = tf.raw_ops.UnicodeEncode(input_values=[97], input_splits=[0, 1], output_encoding='UTF-7')",
    "out = tf.raw_ops.UnsortedSegmentJoin(inputs=[['a', 'b'], ['c', 'd'], ['e', 'f']], segment_ids=[1, 0, 1], num_segments=3, separator='+')",
    "out = tf.raw_ops.UnsortedSegmentJoin(inputs=['a', 'b'], segment_ids=[0, 2], num_segments=2)",
    "out = tf.raw_ops.DecodeRaw(bytes=['abcd', 'efgh'], out_type=tf.int16, little_endian=False)",
    "out = tf.raw_ops.DecodeRaw(bytes=['abc'], out_type=tf.int16)",
    "out = tf.raw_ops.DecodePaddedRaw(input_bytes=[['ab'], ['cdef']], fixed_length=4, out_type=tf.uint16)",
    "out = tf.raw_ops.DecodePaddedRaw(input_bytes=['ab'], fixed_length=3, out_type=tf.float32)",
]


def outcome(value):
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        return [outcome(v) for v in value]
    a = np.asarray(value)
    if a.dtype == object:  # strings: their bytes as UTF-8 text in the JSON
        a = np.vectorize(lambda b: b.decode("utf-8", "backslashreplace"), otypes=[object])(a)
    return {"dtype": tf.as_dtype(value.dtype).name, "shape": list(a.shape),
            "value": a.astype(object if a.dtype == np.bool_ else a.dtype).tolist()}


def run_case(code):
    scope = {"tf": tf, "np": np}
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": outcome(scope["out"])}


def signatures():
    with open(REGISTRY) as fh:
        names = json.load(fh)
    out = {}
    for name in sorted(names):
        fn = getattr(tf.raw_ops, name, None)
        if fn is not None:
            inner = inspect.unwrap(fn)
            out[name] = {"function": inner.__name__, "args": list(inspect.signature(inner).parameters)}
    return out


def main():
    data = {"signatures": signatures(), "cases": {code: run_case(code) for code in CASES}}
    with open(OUT, "w") as fh:
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"{len(data['signatures'])} signatures, {len(CASES)} cases -> {OUT}")


if __name__ == "__main__":
    main()
