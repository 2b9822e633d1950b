"""`Dataset.padded_batch`'s rules (TensorFlow's padded_batch_op.py: padded shapes, padding values,
their checks and messages) and its kernel: each batch padded, per component, to the padded shape,
an unknown dimension to the batch's largest."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.data import structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.op_errors import PendingIteratorError
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape, as_shape
from varrt.framework.tensor_spec import TensorSpec


def _compatible(padded, shape):
    if padded.rank is None or shape.rank is None:
        return True
    if padded.rank != shape.rank:
        return False
    return all(p is None or s is None or p >= s for p, s in zip(padded.as_list(), shape.as_list()))


def _padded_shape(padded_shape, input_shape):
    if isinstance(padded_shape, Tensor):
        padded_shape = [None if d < 0 else int(d) for d in padded_shape.numpy().tolist()]
    shape = as_shape(padded_shape) if padded_shape is not None else TensorShape(None)
    if shape.rank is not None:
        shape = TensorShape([None if d is not None and d < 0 else d for d in shape.as_list()])
    if not _compatible(shape, input_shape):
        raise ValueError(f"The padded shape {shape} is not compatible with the shape {input_shape} of the "
                         "corresponding input component.")
    return shape


def _padding_value(value, dtype):
    if value is None:
        return convert_to_tensor("" if dtype == dtypes.string else np.zeros((), dtype.as_numpy_dtype))
    value = convert_to_tensor(value)
    if value.shape.rank not in (None, 0):
        raise ValueError(f"Invalid `padding_values`. `padding_values` values should be scalars, but got "
                         f"{value.shape}.")
    if value.dtype != dtype:
        raise TypeError(f"Invalid `padding_values`. `padding_values` values type {value.dtype} does not match "
                        f"type {dtype} of the corresponding input component.")
    return value


def _flat_up_to(spec, value):
    """`value` spread over `spec`'s leaves: a single value (not a structure) stands for every leaf."""
    if not isinstance(value, (tuple, dict)):
        return [value] * len(structure.leaves(spec))
    return structure.leaves(structure.pack(spec, _leaves_up_to(spec, value)))


def _leaves_up_to(spec, value):
    if isinstance(spec, dict):
        return [x for k in sorted(spec) for x in _leaves_up_to(spec[k], value[k])]
    if isinstance(spec, tuple):
        return [x for s, v in zip(spec, value) for x in _leaves_up_to(s, v)]
    return [value]


class Padding:
    """What padded_batch pads each component to and with, checked when the dataset is made."""

    def __init__(self, element_spec, batch_size, padded_shapes, padding_values, drop_remainder):
        for spec in structure.leaves(element_spec):
            if isinstance(spec, DatasetSpec):
                raise TypeError("`padded_batch` is not supported for datasets of datasets")
            if not isinstance(spec, TensorSpec):  # a SparseTensorSpec
                raise TypeError("`padded_batch` is only supported for datasets that produce tensor elements but type "
                                "spec of elements in the input dataset is not a subclass of TensorSpec: "
                                f"`{spec}`.")
        flat_specs = structure.leaves(element_spec)
        if padded_shapes is None:
            for i, spec in enumerate(flat_specs):
                if spec.shape.rank is None:
                    raise ValueError(f"You must provide `padded_shapes` argument because component {i} has unknown "
                                     "rank.")
            flat_shapes = [spec.shape for spec in flat_specs]
        else:
            flat_shapes = _leaves_up_to(element_spec, _lists_as_shapes(padded_shapes, element_spec))
        self.shapes = [_padded_shape(p, s.shape) for p, s in zip(flat_shapes, flat_specs)]
        self.values = [_padding_value(v, s.dtype) for v, s in zip(_flat_up_to(element_spec, padding_values),
                                                                   flat_specs)]
        lead = batch_size if drop_remainder else None
        self.element_spec = structure.pack(element_spec, [
            structure.batched(TensorSpec(p, s.dtype), lead) for p, s in zip(self.shapes, flat_specs)])

    def batch(self, elements):
        """The elements (each a list of leaves) padded and stacked, one array per component."""
        return [_pad_column([e[i] for e in elements], shape, value)
                for i, (shape, value) in enumerate(zip(self.shapes, self.values))]


def _lists_as_shapes(padded_shapes, element_spec):
    """A list in padded_shapes is one shape (a leaf), not a structure, where the element has a leaf."""
    if isinstance(element_spec, dict):
        return {k: _lists_as_shapes(padded_shapes[k], element_spec[k]) for k in element_spec}
    if isinstance(element_spec, tuple):
        return tuple(_lists_as_shapes(p, s) for p, s in zip(padded_shapes, element_spec))
    return padded_shapes


def _pad_column(tensors, padded_shape, value):
    shapes = [t.shape.as_list() for t in tensors]
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        raise PendingIteratorError(errors.InvalidArgumentError,
                                   "All elements in a batch must have the same rank as the padded shape for "
                                   f"component0: expected rank {rank} but got element with rank "
                                   f"{next(len(s) for s in shapes if len(s) != rank)}")
    wanted = padded_shape.as_list() if padded_shape.rank is not None else [None] * rank
    target = [w if w is not None else max(s[d] for s in shapes) for d, w in enumerate(wanted)]
    if any(s[d] > target[d] for s in shapes for d in range(rank)):
        raise PendingIteratorError(errors.DataLossError, "Attempted to pad to a smaller size than the input element.")
    fill = value.numpy()
    if value.dtype == dtypes.string:
        out = np.full([len(tensors)] + target, fill, dtype=object)
    else:
        out = np.full([len(tensors)] + target, fill, dtype=value.dtype.as_numpy_dtype)
    for i, t in enumerate(tensors):
        out[(i,) + tuple(slice(0, n) for n in t.shape.as_list())] = t.numpy()
    return convert_to_tensor(out, dtype=value.dtype)
