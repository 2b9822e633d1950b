"""TensorFlow's auto-packing (tensorflow/python/ops/array_ops.py `_autopacking_conversion_function`):
a list or tuple that holds tensors of a graph being built converts to a tensor by a `Pack` of
its elements (`tf.reshape(x, [tf.shape(x)[0], -1])`, `tf.zeros((batch, 3))` in a tf.function).
Eagerly such a list converts by value, with the same result. Installed into the conversion
rule (framework/tensor.py) when varrt.ops loads."""
from varrt.base import dtypes
from varrt.framework import graph_building, symbolic, tensor
from varrt.ops import array_ops, math_ops


def holds_graph_tensor(value):
    """Whether a (nested) list or tuple holds a tensor of a graph being built (each list is
    looked into once: a list holding itself is left to the conversion's own error)."""
    if not graph_building.building():
        return False
    stack, seen = [value], set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        for v in current:
            if symbolic.is_symbolic(v):
                return True
            if isinstance(v, (list, tuple)):
                stack.append(v)
    return False


def _first_dtype(value):
    # TensorFlow's _get_dtype_from_nested_lists: the first tensor's dtype, depth first.
    for v in value:
        if isinstance(v, tensor.Tensor):
            return v.dtype
        if isinstance(v, (list, tuple)):
            found = _first_dtype(v)
            if found is not None:
                return found
    return None


def autopack(value, dtype=None, name="packed"):
    """A Pack of `value`'s elements (nested lists packed first), in its first tensor's dtype; with
    `dtype` given, the tensors are cast to it (TensorFlow's _cast_nested_seqs_to_dtype)."""
    inferred = _first_dtype(value)
    dtype = dtypes.as_dtype(dtype) if dtype is not None else inferred
    elements = []
    for v in value:
        if isinstance(v, (list, tuple)):
            v = autopack(v, dtype) if holds_graph_tensor(v) else tensor.convert_to_tensor(v, dtype=dtype)
        elif isinstance(v, tensor.Tensor):
            if dtype is not None and v.dtype != dtype:
                v = math_ops.cast(v, dtype)
        else:
            v = tensor.convert_to_tensor(v, dtype=dtype)
        elements.append(v)
    return array_ops.stack(elements, name=name)


tensor.register_list_packing(holds_graph_tensor, autopack)
