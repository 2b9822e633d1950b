"""Keras's encoding of integer category indices (keras/src/utils/numerical_utils.py
`encode_categorical_inputs` and its TensorFlow fast path in keras/src/utils/tf_utils.py), the
one home of the rule CategoryEncoding and the lookup layers share: "int" casts; "one_hot" adds
(or fills a trailing 1) a dimension of `depth`; "multi_hot" and "count" reduce the last axis of
inputs of rank 2 or less through tf.math.bincount (indices at or past `depth` are dropped), and
of higher rank through one_hot and a reduction over axis 1; "tf_idf" weighs the counts."""
from varrt.ops import array_ops, bincount_ops, index_ops, math_ops, reduction_ops


def _dense_bincount(inputs, depth, binary_output, dtype, count_weights):
    result = bincount_ops.bincount(inputs, weights=count_weights, minlength=depth, maxlength=depth, dtype=dtype,
                                   axis=-1, binary_output=binary_output)
    if hasattr(result, "set_shape"):  # a traced call: Keras sets the static shape the output size always has
        result.set_shape((depth,) if inputs.shape.rank == 1 else (inputs.shape[0], depth))
    return result


def _fast_path(inputs, output_mode, depth, dtype, count_weights=None, idf_weights=None):
    original_shape = inputs.shape
    if inputs.shape.rank == 0:
        inputs = array_ops.expand_dims(inputs, -1)
    if output_mode == "one_hot" and inputs.shape[-1] != 1:
        inputs = array_ops.expand_dims(inputs, -1)
    if inputs.shape.rank > 2:
        raise ValueError("When output_mode is not `'int'`, maximum supported output rank is 2. Received output_mode "
                         f"{output_mode} and input shape {original_shape}, which would result in output rank "
                         f"{inputs.shape.rank}.")
    binary_output = output_mode in ("multi_hot", "one_hot")
    bincounts = math_ops.cast(_dense_bincount(inputs, depth, binary_output, dtype, count_weights), dtype)
    if output_mode != "tf_idf":
        return bincounts
    if idf_weights is None:
        raise ValueError("When output mode is `'tf_idf'`, idf_weights must be provided. Received: "
                         f"output_mode={output_mode} and idf_weights={idf_weights}")
    return math_ops.multiply(bincounts, idf_weights)


def fast_encode(inputs, output_mode, depth, dtype="float32", count_weights=None, idf_weights=None):
    """Keras's `tf_encode_categorical_inputs` (the lookup layers call it directly)."""
    if output_mode == "int":
        return array_ops.identity(math_ops.cast(inputs, dtype))
    return _fast_path(inputs, output_mode, depth, dtype, count_weights, idf_weights)


def _one_hot(x, depth, dtype):
    return index_ops.one_hot(math_ops.cast(x, "int64"), depth, dtype=dtype)


def encode_categorical_inputs(inputs, output_mode, depth, dtype, count_weights=None):
    """Keras's `encode_categorical_inputs` on the TensorFlow backend."""
    if output_mode == "int":
        return math_ops.cast(inputs, dtype)
    if inputs.shape.rank == 0:
        inputs = array_ops.expand_dims(inputs, -1)
    if inputs.shape.rank <= 2 and output_mode in ("multi_hot", "count"):
        try:
            return _fast_path(inputs, output_mode, depth, dtype, count_weights)
        except ValueError:
            pass
    if output_mode == "multi_hot":
        outputs = _one_hot(inputs, depth, dtype)
        reduction_axis = 1 if inputs.shape.rank > 1 else 0
        if dtype == "bool":
            return reduction_ops.reduce_any(outputs, axis=reduction_axis)
        return reduction_ops.reduce_max(outputs, axis=reduction_axis)
    if output_mode == "one_hot":
        if inputs.shape.rank > 1 and inputs.shape[-1] == 1:
            inputs = array_ops.squeeze(inputs, axis=-1)
        return _one_hot(inputs, depth, dtype)
    # "count": one_hot summed over axis 1 (the batch's values), weighted when asked.
    reduction_axis = 1 if inputs.shape.rank > 1 else 0
    if count_weights is not None:
        dtype = count_weights.dtype
    one_hot = _one_hot(inputs, depth, dtype)
    if count_weights is not None:
        one_hot = one_hot * array_ops.expand_dims(count_weights, -1)
    return reduction_ops.reduce_sum(one_hot, axis=reduction_axis)
