"""Parsing ops (tf.io.parse_example, decode_csv, decode_raw, serialize_tensor, parse_tensor), the sparse op
tf.sparse.to_dense runs, and AsString (tf.strings.as_string, values to text).

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('ParseExampleV2', 'serialized: string, names: string, sparse_keys: string, dense_keys: string, ragged_keys: string, dense_defaults: Tdense -> sparse_indices: num_sparse * int64, sparse_values: sparse_types, sparse_shapes: num_sparse * int64, dense_values: Tdense, ragged_values: ragged_value_types, ragged_row_splits: ragged_split_types', 'Tdense: list({float, int64, string}) >= 0', 'num_sparse: int >= 0', 'sparse_types: list({float, int64, string}) >= 0', 'ragged_value_types: list({float, int64, string}) >= 0', 'ragged_split_types: list({int32, int64}) >= 0', 'dense_shapes: list(shape) >= 0', shape=shape_fns.parse_example_v2)
register('SparseToDense', 'sparse_indices: Tindices, output_shape: Tindices, sparse_values: T, default_value: T -> dense: T', 'validate_indices: bool = true', 'T: type', 'Tindices: {int32, int64}', shape=shape_fns.sparse_to_dense)
register('SerializeTensor', 'tensor: T -> serialized: string', 'T: type', shape=shape_fns.scalar)
register('ParseTensor', 'serialized: string -> output: out_type', 'out_type: type', shape=shape_fns.unknown)
register('DecodeCSV', 'records: string, record_defaults: OUT_TYPE -> output: OUT_TYPE', 'OUT_TYPE: list({float, double, int32, int64, string}) >= 1', 'field_delim: string = ","', 'use_quote_delim: bool = true', 'na_value: string = ""', 'select_cols: list(int) = []', shape=shape_fns.decode_csv)
register('AsString', 'input: T -> output: string', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, complex64, complex128, bool, variant, string}', 'precision: int = -1', 'scientific: bool = false', 'shortest: bool = false', 'width: int = -1', 'fill: string = ""', shape=shape_fns.unchanged)
register('DecodeRaw', 'bytes: string -> output: out_type', 'out_type: {half, float, double, int32, uint16, uint8, int16, int8, int64, complex64, complex128, bool, bfloat16}', 'little_endian: bool = true', shape=shape_fns.decode_raw)
register('DecodePaddedRaw', 'input_bytes: string, fixed_length: int32 -> output: out_type', 'out_type: {half, float, double, int32, uint16, uint8, int16, int8, int64, bfloat16}', 'little_endian: bool = true', shape=shape_fns.decode_padded_raw,
         kernels='CPU: bfloat16, int64, int8, int16, uint8, uint16, int32, double, float')
