"""Checkpoint ops and the file ops of tf.io (read_file, write_file).

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('RestoreV2', 'prefix: string, tensor_names: string, shape_and_slices: string -> tensors: dtypes', 'dtypes: list(type) >= 1', stateful=True, shape=shape_fns.restore_v2)
register('SaveV2', 'prefix: string, tensor_names: string, shape_and_slices: string, tensors: dtypes -> ', 'dtypes: list(type) >= 1', stateful=True, shape=shape_fns.no_outputs)
register('ReadFile', 'filename: string -> contents: string', shape=shape_fns.read_file)
register('WriteFile', 'filename: string, contents: string -> ', stateful=True, shape=shape_fns.no_outputs)
