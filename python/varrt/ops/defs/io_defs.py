"""Checkpoint ops and the file ops of tf.io (read_file, write_file).

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('RestoreV2', 'prefix: string, tensor_names: string, shape_and_slices: string -> tensors: dtypes', 'dtypes: list(type) >= 1', stateful=True, shape=shape_fns.restore_v2)
register('SaveV2', 'prefix: string, tensor_names: string, shape_and_slices: string, tensors: dtypes -> ', 'dtypes: list(type) >= 1', stateful=True, shape=shape_fns.no_outputs)
# What the save and restore functions of TensorFlow's SavedModels (their saver) are made of, beside
# SaveV2 and RestoreV2: varrt writes them into its exports (saved_model/saver.py); no kernels (its
# StringJoin and StaticRegexFullMatch are tf.strings' ops, in string_defs.py).
register('MergeV2Checkpoints', 'checkpoint_prefixes: string, destination_prefix: string -> ', 'delete_old_dirs: bool = true', 'allow_missing_files: bool = false', stateful=True, shape=shape_fns.no_outputs)
register('ShardedFilename', 'basename: string, shard: int32, num_shards: int32 -> filename: string', shape=shape_fns.scalar)
register('DisableCopyOnRead', 'resource: resource -> ', stateful=True, shape=shape_fns.no_outputs)
register('ReadFile', 'filename: string -> contents: string', shape=shape_fns.read_file)
register('WriteFile', 'filename: string, contents: string -> ', stateful=True, shape=shape_fns.no_outputs)
