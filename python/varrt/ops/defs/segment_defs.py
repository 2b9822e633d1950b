"""Unique values, sorted searches, segment reductions and tensor scatters.

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
