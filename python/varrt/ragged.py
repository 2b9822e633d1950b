"""`tf.ragged`: building RaggedTensors and the ops made for them (`tf.RaggedTensor` itself is
varrt/ops/ragged/ragged_tensor.py; importing this module registers the ragged dispatch of
tf.add, tf.reduce_sum, tf.concat, ...)."""
from varrt.ops.ragged import ragged_dispatch as _ragged_dispatch  # noqa: F401  (registers the handlers)
from varrt.ops.ragged.ragged_array_ops import (boolean_mask, map_flat_values, ragged_range as range,  # noqa: A004
                                               row_splits_to_segment_ids, segment_ids_to_row_splits, stack)
from varrt.ops.ragged.ragged_factory import constant

__all__ = ["boolean_mask", "constant", "map_flat_values", "range", "row_splits_to_segment_ids",
           "segment_ids_to_row_splits", "stack"]
