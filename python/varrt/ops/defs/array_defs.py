"""Array ops: shapes, reshapes, slices, gathers, concatenation, packing, padding.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('BatchToSpaceND', 'input: T, block_shape: Tblock_shape, crops: Tcrops -> output: T', 'T: type', 'Tblock_shape: {int32, int64} = int32', 'Tcrops: {int32, int64} = int32', shape=shape_fns.batch_to_space_nd)
register('BroadcastTo', 'input: T, shape: Tidx -> output: T', 'T: type', 'Tidx: {int32, int64} = int32', shape=shape_fns.broadcast_to)
register('ConcatV2', 'values: N * T, axis: Tidx -> output: T', 'N: int >= 2', 'T: type', 'Tidx: {int32, int64} = int32', shape=shape_fns.concat_v2)
register('ConjugateTranspose', 'x: T, perm: Tperm -> y: T', 'T: type', 'Tperm: {int32, int64} = int32', shape=shape_fns.transpose)
register('ExpandDims', 'input: T, dim: Tdim -> output: T', 'T: type', 'Tdim: {int32, int64} = int32', shape=shape_fns.expand_dims,
         api_names={"dim": "axis"})
register('Fill', 'dims: index_type, value: T -> output: T', 'T: type', 'index_type: {int32, int64} = int32', shape=shape_fns.fill)
register('GatherNd', 'params: Tparams, indices: Tindices -> output: Tparams', 'Tparams: type', 'Tindices: {int16, int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.gather_nd)
register('GatherV2', 'params: Tparams, indices: Tindices, axis: Taxis -> output: Tparams', 'batch_dims: int = 0', 'Tparams: type', 'Tindices: {int16, int32, int64}', 'Taxis: {int32, int64}', shape=shape_fns.gather_v2)
register('InvertPermutation', 'x: T -> y: T', 'T: {int32, int64} = int32', shape=shape_fns.invert_permutation)
register('OneHot', 'indices: TI, depth: int32, on_value: T, off_value: T -> output: T', 'axis: int = -1', 'T: type', 'TI: {uint8, int8, int32, int64} = int64', shape=shape_fns.one_hot)
register('Pack', 'values: N * T -> output: T', 'N: int >= 1', 'T: type', 'axis: int = 0', shape=shape_fns.pack)
register('Reshape', 'tensor: T, shape: Tshape -> output: T', 'T: type', 'Tshape: {int32, int64} = int32', shape=shape_fns.reshape)
register('ScatterNd', 'indices: Tindices, updates: T, shape: Tindices -> output: T', 'T: type', 'Tindices: {int16, int32, int64}', 'bad_indices_policy: string = ""', shape=shape_fns.scatter_nd)
register('Shape', 'input: T -> output: out_type', 'T: type', 'out_type: {int32, int64} = int32', shape=shape_fns.shape, folds_from_shape=shape_fns.shape_value)
register('ShapeN', 'input: N * T -> output: N * out_type', 'N: int >= 1', 'T: type', 'out_type: {int32, int64} = int32', shape=shape_fns.shape_n, folds_from_shape=shape_fns.shape_value)
register('IdentityN', 'input: T -> output: T', 'T: list(type) >= 1', shape=shape_fns.identity_n)
register('Rank', 'input: T -> output: int32', 'T: type', shape=shape_fns.rank_or_size)
register('Size', 'input: T -> output: out_type', 'T: type', 'out_type: {int32, int64} = int32', shape=shape_fns.rank_or_size, folds_from_shape=shape_fns.size_value)
register('SpaceToBatchND', 'input: T, block_shape: Tblock_shape, paddings: Tpaddings -> output: T', 'T: type', 'Tblock_shape: {int32, int64} = int32', 'Tpaddings: {int32, int64} = int32', shape=shape_fns.space_to_batch_nd)
register('Squeeze', 'input: T -> output: T', 'T: type', 'squeeze_dims: list(int) >= 0 = []', shape=shape_fns.squeeze,
         api_names={"squeeze_dims": "axis"})
register('StridedSlice', 'input: T, begin: Index, end: Index, strides: Index -> output: T', 'T: type', 'Index: {int16, int32, int64}', 'begin_mask: int = 0', 'end_mask: int = 0', 'ellipsis_mask: int = 0', 'new_axis_mask: int = 0', 'shrink_axis_mask: int = 0', shape=shape_fns.strided_slice)
register('StridedSliceGrad', 'shape: Index, begin: Index, end: Index, strides: Index, dy: T -> output: T', 'T: type', 'Index: {int32, int64}', 'begin_mask: int = 0', 'end_mask: int = 0', 'ellipsis_mask: int = 0', 'new_axis_mask: int = 0', 'shrink_axis_mask: int = 0', shape=shape_fns.strided_slice_grad)
register('Tile', 'input: T, multiples: Tmultiples -> output: T', 'T: type', 'Tmultiples: {int32, int64} = int32', shape=shape_fns.tile)
register('Transpose', 'x: T, perm: Tperm -> y: T', 'T: type', 'Tperm: {int32, int64} = int32', shape=shape_fns.transpose)
register('Unpack', 'value: T -> output: num * T', 'num: int >= 0', 'T: type', 'axis: int = 0', shape=shape_fns.unpack)
register('Where', 'input: T -> index: int64', 'T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, bool} = bool', shape=shape_fns.where,
         api_names={"input": "condition"})
register('MatrixDiagPartV3', 'input: T, k: int32, padding_value: T -> diagonal: T', 'T: type', 'align: {\'LEFT_RIGHT\', \'RIGHT_LEFT\', \'LEFT_LEFT\', \'RIGHT_RIGHT\'} = "RIGHT_LEFT"', shape=shape_fns.matrix_diag_part_v3)
register('MatrixDiagV3', 'diagonal: T, k: int32, num_rows: int32, num_cols: int32, padding_value: T -> output: T', 'T: type', 'align: {\'LEFT_RIGHT\', \'RIGHT_LEFT\', \'LEFT_LEFT\', \'RIGHT_RIGHT\'} = "RIGHT_LEFT"', shape=shape_fns.matrix_diag_v3)
register('MatrixSetDiagV3', 'input: T, diagonal: T, k: int32 -> output: T', 'T: type', 'align: {\'LEFT_RIGHT\', \'RIGHT_LEFT\', \'LEFT_LEFT\', \'RIGHT_RIGHT\'} = "RIGHT_LEFT"', shape=shape_fns.matrix_set_diag_v3)
register('MatrixBandPart', 'input: T, num_lower: Tindex, num_upper: Tindex -> band: T', 'T: type', 'Tindex: {int32, int64} = int64', shape=shape_fns.unchanged)
register('MirrorPad', 'input: T, paddings: Tpaddings -> output: T', 'T: type', 'Tpaddings: {int32, int64} = int32', "mode: {'REFLECT', 'SYMMETRIC'}", shape=shape_fns.pad)
register('MirrorPadGrad', 'input: T, paddings: Tpaddings -> output: T', 'T: type', 'Tpaddings: {int32, int64} = int32', "mode: {'REFLECT', 'SYMMETRIC'}", shape=shape_fns.mirror_pad_grad)
register('Pad', 'input: T, paddings: Tpaddings -> output: T', 'T: type', 'Tpaddings: {int32, int64} = int32', shape=shape_fns.pad)
register('PadV2', 'input: T, paddings: Tpaddings, constant_values: T -> output: T', 'T: type', 'Tpaddings: {int32, int64} = int32', shape=shape_fns.pad)
register('ReverseV2', 'tensor: T, axis: Tidx -> output: T', 'Tidx: {int32, int64} = int32', 'T: {uint8, int8, uint16, int16, int32, uint32, int64, uint64, bool, bfloat16, half, float, double, complex64, complex128, string}', shape=shape_fns.reverse_v2)
register('Roll', 'input: T, shift: Tshift, axis: Taxis -> output: T', 'T: type', 'Tshift: {int32, int64}', 'Taxis: {int32, int64}', shape=shape_fns.roll)
register('Slice', 'input: T, begin: Index, size: Index -> output: T', 'T: type', 'Index: {int32, int64}', shape=shape_fns.slice_)
register('Split', 'split_dim: int32, value: T -> output: num_split * T', 'num_split: int >= 1', 'T: type', shape=shape_fns.split,
         api_names={"split_dim": "axis"})
register('SplitV', 'value: T, size_splits: Tlen, split_dim: int32 -> output: num_split * T', 'num_split: int >= 1', 'T: type', 'Tlen: {int8, int32, int64} = int64', shape=shape_fns.split_v,
         api_names={"split_dim": "axis"})
register('DepthToSpace', 'input: T -> output: T', 'T: type', 'block_size: int >= 2', 'data_format: {\'NHWC\', \'NCHW\', \'NCHW_VECT_C\'} = "NHWC"', shape=shape_fns.depth_to_space)
register('SpaceToDepth', 'input: T -> output: T', 'T: type', 'block_size: int >= 2', 'data_format: {\'NHWC\', \'NCHW\', \'NCHW_VECT_C\'} = "NHWC"', shape=shape_fns.space_to_depth)
register('CheckNumerics', 'tensor: T -> output: T', 'T: {bfloat16, half, float, double}', 'message: string', stateful=True, shape=shape_fns.unchanged)
register('CheckNumericsV2', 'tensor: T -> output: T', 'T: {bfloat16, half, float, double}', 'message: string', stateful=True, shape=shape_fns.unchanged)
