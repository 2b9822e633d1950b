"""A dataset's elements as tf.data sees them: nests of tuples, namedtuples and dicts whose
leaves are tensors or datasets (a list is a value, converted to one tensor, as tf.data converts
it), and their `element_spec`, the same nest of `TensorSpec`s and `DatasetSpec`s."""
import collections

from varrt.data import ragged_rows, sparse_rows
from varrt.data.dataset_spec import DatasetSpec
from varrt.framework.sparse_tensor import SparseTensor, SparseTensorSpec
from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.ops import array_ops
from varrt.ops.ragged.ragged_tensor import RaggedTensor
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec


def _is_structure(x):
    return isinstance(x, (tuple, dict))


def map_leaves(fn, element):
    """`fn` over the leaves of `element`, tuples and dicts being structure, lists leaves. `fn`
    runs in tf.nest's order (dict keys sorted); a dict keeps its own key order, as
    tf.nest.pack_sequence_as keeps it (an element spec prints the keys as the function made them),
    and its type (an OrderedDict stays one, as make_csv_dataset's features are)."""
    if isinstance(element, dict):
        done = {k: map_leaves(fn, element[k]) for k in sorted(element)}
        if type(element) is dict:
            return {k: done[k] for k in element}
        if isinstance(element, collections.defaultdict):
            return collections.defaultdict(element.default_factory, ((k, done[k]) for k in element))
        return type(element)((k, done[k]) for k in element)
    if isinstance(element, tuple):
        items = [map_leaves(fn, x) for x in element]
        return type(element)(*items) if hasattr(type(element), "_fields") else tuple(items)
    return fn(element)


def _flat_tuple(element):
    """Whether `element` is a plain tuple of leaves (no nested tuple or dict): the common
    element, (features, label), which the fast paths below take as it is."""
    return type(element) is tuple and not any(isinstance(x, (tuple, dict)) for x in element)


def leaves(element):
    """The leaves of `element` in tf.nest's order (dict keys sorted)."""
    if type(element) is Tensor:
        return [element]
    if _flat_tuple(element):
        return list(element)
    if isinstance(element, dict):
        return [x for k in sorted(element) for x in leaves(element[k])]
    if isinstance(element, tuple):
        return [x for item in element for x in leaves(item)]
    return [element]


def pack(structure, flat):
    """`flat` (leaves in order) in the shape of `structure`."""
    if _flat_tuple(structure) and len(flat) == len(structure):
        return tuple(flat)
    it = iter(flat)
    return map_leaves(lambda _: next(it), structure)


def is_dataset(x):
    """Whether a leaf is a dataset (an element of a dataset of datasets, as `window` makes)."""
    return hasattr(x, "element_spec") and hasattr(x, "_elements")


def to_tensors(element):
    """The element with every leaf a Tensor (TensorFlow's conversion rules) or a dataset."""
    return map_leaves(lambda x: x if isinstance(x, (Tensor, SparseTensor, RaggedTensor)) or is_dataset(x)
                      else _tensor(x), element)


def _tensor(x):
    if hasattr(type(x), "_type_spec"):  # a composite tensor varrt's datasets do not hold
        raise NotImplementedError(f"varrt does not implement {type(x).__name__} elements in tf.data yet")
    return convert_to_tensor(x)


def spec_of(element):
    """The element's `element_spec`: a TensorSpec (its static shape and dtype) per tensor leaf,
    a DatasetSpec per dataset leaf."""
    def spec(t):
        if is_dataset(t):
            return DatasetSpec(t.element_spec)
        if isinstance(t, SparseTensor):
            return SparseTensorSpec(t.shape, t.dtype)
        if isinstance(t, RaggedTensor):
            return RaggedTensorSpec.from_value(t)
        return TensorSpec(t.shape, t.dtype)
    return map_leaves(spec, element)


def components(element):
    """The leaves of `element` (values or specs) with each SparseTensor as its three tensors
    (indices, values, dense_shape) and each SparseTensorSpec as theirs: what a traced function
    takes and returns for it."""
    out = []
    for x in leaves(element):
        if isinstance(x, SparseTensor):
            out += [x.indices, x.values, x.dense_shape]
        elif isinstance(x, SparseTensorSpec):
            out += x.component_specs
        elif isinstance(x, (RaggedTensor, RaggedTensorSpec)):
            # A RaggedTensor in a graph is what varrt does not build yet (map, filter, ... trace one).
            raise NotImplementedError("varrt does not implement RaggedTensor elements in tf.data's traced functions "
                                      "(map, filter, reduce, ...) or in a tf.function yet")
        else:
            out.append(x)
    return out


def from_components(structure, flat):
    """`flat` (components in order) in the shape of `structure`, three of them per SparseTensor
    or SparseTensorSpec there. A SparseTensorSpec of a fully known shape gives its shape as the
    dense shape, a constant (TensorFlow's SparseTensorSpec._from_compatible_tensor_list: a traced
    function's argument then has a static shape, which what it returns keeps)."""
    it = iter(flat)

    def take(leaf):
        if isinstance(leaf, (SparseTensor, SparseTensorSpec)):
            indices, values, dense_shape = next(it), next(it), next(it)
            if isinstance(leaf, SparseTensorSpec) and leaf.shape.rank is not None and \
                    any(d is not None for d in leaf.shape.as_list()):
                dense_shape = _known_dims(dense_shape, leaf.shape.as_list())
            return SparseTensor(indices, values, dense_shape)
        return next(it)
    return map_leaves(take, structure)


def _known_dims(dense_shape, dims):
    """A dense shape with the spec's known dimensions as constants: the whole shape when all are
    known, else a stack of the known ones and the others unstacked (TensorFlow's, whose shape
    inference then knows the known ones)."""
    if None not in dims:
        return constant(dims, dtypes.int64)
    pieces = [constant(d, dtypes.int64) if d is not None else dense_shape[i] for i, d in enumerate(dims)]
    return array_ops.stack(pieces)


def as_numpy(element):
    """The element with every leaf a NumPy value (what `as_numpy_iterator` yields; a SparseTensor
    its dense array, as TensorFlow's iterator gives it)."""
    return map_leaves(lambda t: sparse_rows.dense_array(t) if isinstance(t, SparseTensor) else t.numpy(), element)


def batched(spec, size):
    """The spec of a batch of `size` (None: unknown) elements of `spec`."""
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(TensorShape([size]).concatenate(spec.shape), spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return ragged_rows.batched(spec, size)
    return TensorSpec(TensorShape([size]).concatenate(spec.shape), spec.dtype)


def unbatched(spec):
    """The spec of one row of a batch of `spec` (TensorFlow's TensorSpec._unbatch and
    SparseTensorSpec._unbatch, their errors for a scalar)."""
    if isinstance(spec, RaggedTensorSpec):
        return ragged_rows.unbatched(spec)
    if isinstance(spec, SparseTensorSpec):
        if spec.shape.rank == 0:
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        return SparseTensorSpec(spec.shape[1:], spec.dtype)
    if spec.shape.rank == 0:
        raise ValueError("Unbatching a tensor is only supported for rank >= 1")
    return TensorSpec(spec.shape[1:], spec.dtype)


def row(leaf, i):
    """Row `i` of a leaf (a tensor, a SparseTensor, or a RaggedTensor: a Tensor for one of ragged rank 1)."""
    return sparse_rows.row(leaf, i) if isinstance(leaf, SparseTensor) else leaf[i]


def rows(leaf, start, stop):
    """Rows [start, stop) of a leaf (a tensor, a SparseTensor or a RaggedTensor)."""
    return sparse_rows.rows(leaf, start, stop) if isinstance(leaf, SparseTensor) else leaf[start:stop]


def most_specific_compatible_spec(a, b):
    if isinstance(a, RaggedTensorSpec) or isinstance(b, RaggedTensorSpec):
        if type(a) is not type(b) or a.dtype != b.dtype or a.ragged_rank != b.ragged_rank or \
                a.row_splits_dtype != b.row_splits_dtype:
            return None
        if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
            return RaggedTensorSpec(TensorShape(None), a.dtype, a.ragged_rank, a.row_splits_dtype)
        return RaggedTensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())],
                                a.dtype, a.ragged_rank, a.row_splits_dtype)
    if a.dtype != b.dtype or isinstance(a, SparseTensorSpec) != isinstance(b, SparseTensorSpec):
        return None
    if isinstance(a, SparseTensorSpec):
        if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
            return SparseTensorSpec(TensorShape(None), a.dtype)
        return SparseTensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())],
                                a.dtype)
    if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
        return TensorSpec(TensorShape(None), a.dtype)
    return TensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())], a.dtype)


def common_spec(a, b):
    """The most specific spec both nests match, or None when their structures or dtypes differ."""
    flat_a, flat_b = leaves(a), leaves(b)
    if len(flat_a) != len(flat_b) or repr(map_leaves(lambda _: 0, a)) != repr(
            map_leaves(lambda _: 0, b)):
        return None
    merged = [most_specific_compatible_spec(x, y) for x, y in zip(flat_a, flat_b)]
    return None if None in merged else pack(a, merged)
