"""Unique values, sorted searches, segment reductions, tensor scatters, partitions and stitches,
histograms, index and shape arithmetic, and the other ops of tf's top level beside them.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('Unique', 'x: T -> y: T, idx: out_idx', 'T: type', 'out_idx: {int32, int64} = int32', shape=shape_fns.unique)
register('UniqueWithCounts', 'x: T -> y: T, idx: out_idx, count: out_idx', 'T: type', 'out_idx: {int32, int64} = int32', shape=shape_fns.unique)
register('LowerBound', 'sorted_inputs: T, values: T -> output: out_type', 'T: type', 'out_type: {int32, int64} = int32', shape=shape_fns.sorted_search)
register('UpperBound', 'sorted_inputs: T, values: T -> output: out_type', 'T: type', 'out_type: {int32, int64} = int32', shape=shape_fns.sorted_search)
register('TensorScatterUpdate', 'tensor: T, indices: Tindices, updates: T -> output: T', 'T: type', 'Tindices: {int16, int32, int64, uint16}', 'bad_indices_policy: string = ""', shape=shape_fns.tensor_scatter)
register('TensorScatterAdd', 'tensor: T, indices: Tindices, updates: T -> output: T', 'T: type', 'Tindices: {int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.tensor_scatter)
register('TensorScatterSub', 'tensor: T, indices: Tindices, updates: T -> output: T', 'T: type', 'Tindices: {int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.tensor_scatter)
register('TensorScatterMin', 'tensor: T, indices: Tindices, updates: T -> output: T', 'T: type', 'Tindices: {int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.tensor_scatter)
register('TensorScatterMax', 'tensor: T, indices: Tindices, updates: T -> output: T', 'T: type', 'Tindices: {int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.tensor_scatter)
register('SegmentSum', 'data: T, segment_ids: Tindices -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tindices: {int32, int64}', shape=shape_fns.segment_reduction)
register('SegmentMean', 'data: T, segment_ids: Tindices -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tindices: {int32, int64}', shape=shape_fns.segment_reduction)
register('SegmentMax', 'data: T, segment_ids: Tindices -> output: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tindices: {int32, int64}', shape=shape_fns.segment_reduction)
register('SegmentMin', 'data: T, segment_ids: Tindices -> output: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tindices: {int32, int64}', shape=shape_fns.segment_reduction)
register('SegmentProd', 'data: T, segment_ids: Tindices -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tindices: {int32, int64}', shape=shape_fns.segment_reduction)
register('UnsortedSegmentMax', 'data: T, segment_ids: Tindices, num_segments: Tnumsegments -> output: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tindices: {int32, int64}', 'Tnumsegments: {int32, int64} = int32', shape=shape_fns.unsorted_segment)
register('UnsortedSegmentMin', 'data: T, segment_ids: Tindices, num_segments: Tnumsegments -> output: T', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tindices: {int32, int64}', 'Tnumsegments: {int32, int64} = int32', shape=shape_fns.unsorted_segment)
register('UnsortedSegmentProd', 'data: T, segment_ids: Tindices, num_segments: Tnumsegments -> output: T', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}', 'Tindices: {int32, int64}', 'Tnumsegments: {int32, int64} = int32', shape=shape_fns.unsorted_segment)
register('BroadcastArgs', 's0: T, s1: T -> r0: T', 'T: {int32, int64} = int32', shape=shape_fns.broadcast_args)
register('EnsureShape', 'input: T -> output: T', 'shape: shape', 'T: type', shape=shape_fns.ensure_shape)
register('TruncateDiv', 'x: T, y: T -> z: T', 'T: {bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128}', shape=shape_fns.broadcast)
register('TruncateMod', 'x: T, y: T -> z: T', 'T: {int32, int64, bfloat16, half, float, double}', shape=shape_fns.broadcast)
register('ReverseSequence', 'input: T, seq_lengths: Tlen -> output: T', 'seq_dim: int', 'batch_dim: int = 0', 'T: type', 'Tlen: {int32, int64} = int64', shape=shape_fns.unchanged)
register('Timestamp', ' -> ts: double', stateful=True, shape=shape_fns.scalar)
register('DynamicPartition', 'data: T, partitions: int32 -> outputs: num_partitions * T', 'num_partitions: int >= 1', 'T: type', shape=shape_fns.dynamic_partition)
register('DynamicStitch', 'indices: N * int32, data: N * T -> merged: T', 'N: int >= 1', 'T: type', shape=shape_fns.dynamic_stitch)
register('HistogramFixedWidth', 'values: T, value_range: T, nbins: int32 -> out: dtype', 'T: {int32, int64, float, double}', 'dtype: {int32, int64} = int32', shape=shape_fns.histogram_fixed_width)
register('UnravelIndex', 'indices: Tidx, dims: Tidx -> output: Tidx', 'Tidx: {int32, int64} = int32', shape=shape_fns.unravel_index)
register('DenseBincount', 'input: Tidx, size: Tidx, weights: T -> output: T', 'Tidx: {int32, int64}', 'T: {int32, int64, float, double}', 'binary_output: bool = false', shape=shape_fns.dense_bincount)
register('Bitcast', 'input: T -> output: type', 'T: {bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, int8, int16, complex64, complex128, qint8, quint8, qint16, quint16, qint32}', 'type: {bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, int8, int16, complex64, complex128, qint8, quint8, qint16, quint16, qint32}', shape=shape_fns.bitcast)
