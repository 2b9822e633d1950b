"""Parsing serialized `tf.train.Example`s: `tf.io.parse_example`, `parse_single_example` and the
feature configurations (`FixedLenFeature`, `VarLenFeature`, `FixedLenSequenceFeature`), on the
ParseExampleV2 op, whose kernel is the core's parser (csrc/varrt/io/example_parser.cc)."""
import collections

import numpy as np

from varrt import _C
from varrt.base import dtypes, errors
from varrt.framework.name_scopes import name_scope
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, named
from varrt.ops.shape_fns.parsing import dense_shapes_attr


class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature of any number of values, parsed into a SparseTensor."""


class FixedLenFeature(collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A feature of exactly `shape`'s number of values; `default_value` where an example lacks it
    (without one, the feature is required)."""

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """A feature of any number of `shape`-sized elements, parsed into a dense tensor of as many
    elements as the longest example has, the others padded with `default_value`."""

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


def _dims(shape):
    return [int(d) for d in (shape.as_list() if hasattr(shape, "as_list") else shape)]


def _default_array(feature, dtype, dims):
    """A dense feature's default as ParseExampleV2's dense_defaults input: reshaped to the
    feature's shape, or empty (required; a sequence feature pads with zeros)."""
    np_dtype = object if dtype == dtypes.string else dtype.as_numpy_dtype
    if feature.default_value is None:
        return np.zeros((0,), dtype=np_dtype)
    value = feature.default_value
    if isinstance(value, Tensor):
        value = value.numpy()
    array = np.asarray(value, dtype=np_dtype)
    if isinstance(feature, FixedLenSequenceFeature):
        return array.reshape(())
    return array.reshape(dims)


# TensorFlow's name scopes of the ParseExampleV2 node (which share their names with TensorFlow 1's ops).
_PARSE_SCOPE, _PARSE_SINGLE_SCOPE = "ParseExample", "ParseSingleExample"


def _string_array(values):
    return np.array([v.encode() if isinstance(v, str) else bytes(v) for v in values], dtype=object)


def _kernel_node(n_dense, n_sparse):
    """The name TensorFlow's eager errors give the op's wrapped function (its attributes)."""
    return (f"ParseExampleV2_Tdense_{n_dense}_num_sparse_{n_sparse}_ragged_split_types_0_ragged_value_types_0"
            f"_sparse_types_{n_sparse}")


def parse_example(serialized, features, example_names=None, name=None):
    """`tf.io.parse_example`: a dict from each feature's key to its parsed values (a Tensor, or a
    SparseTensor for a VarLenFeature) for a batch of serialized Examples (a vector), or for one (a
    scalar)."""
    if not features:
        raise ValueError(f"Argument `features` cannot be None or falsy. Got {features}")
    sparse_keys = sorted(k for k, f in features.items() if isinstance(f, VarLenFeature))
    dense_keys = sorted(k for k, f in features.items() if isinstance(f, (FixedLenFeature, FixedLenSequenceFeature)))
    for k, f in features.items():
        if not isinstance(f, (VarLenFeature, FixedLenFeature, FixedLenSequenceFeature)):
            raise ValueError(f"Unsupported feature type: {type(f).__name__}.")
        if isinstance(f, FixedLenSequenceFeature) and not f.allow_missing:
            raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to be True.")
    sparse_types = [dtypes.as_dtype(features[k].dtype) for k in sparse_keys]
    dense_types = [dtypes.as_dtype(features[k].dtype) for k in dense_keys]
    for t in dense_types:
        check_dtype("ParseExampleV2", t, name, end="", attr="Tdense")
    for t in sparse_types:
        check_dtype("ParseExampleV2", t, name, end="", attr="sparse_types")
    dense_dims = [_dims(features[k].shape) for k in dense_keys]
    sequence = [isinstance(features[k], FixedLenSequenceFeature) for k in dense_keys]
    defaults = [_default_array(features[k], t, d) for k, t, d in zip(dense_keys, dense_types, dense_dims)]
    specs_sparse = [(k, t._enum) for k, t in zip(sparse_keys, sparse_types)]
    specs_dense = [(k, t._enum, d, s) for k, t, d, s in zip(dense_keys, dense_types, dense_dims, sequence)]
    node = _kernel_node(len(dense_keys), len(sparse_keys))

    def kernel(serialized, names, sparse_keys_, dense_keys_, ragged_keys, *dense_defaults):
        dense = [spec + (d if np.size(d) else None,) for spec, d in zip(specs_dense, dense_defaults)]
        try:
            parsed = _C.parse_examples(np.reshape(serialized, -1), np.ndim(serialized) == 0, specs_sparse, dense)
        except errors.InvalidArgumentError as e:
            raise kernel_error("ParseExampleV2", e.message, name, node=node, end="") from None  # no " name: "
        return [t for group in parsed for t in group]

    with name_scope(_PARSE_SCOPE):
        serialized = convert_to_tensor(serialized, dtype=dtypes.string)
        if serialized.shape.rank is not None and serialized.shape.rank > 1:
            raise ValueError(f"Shape must be at most rank 1 but is rank {serialized.shape.rank}")
        names = _string_array([] if example_names is None else list(example_names))
        inputs = [serialized, names, _string_array(sparse_keys), _string_array(dense_keys), _string_array([])]
        inputs += defaults
        attrs = {"Tdense": tuple(t._enum for t in dense_types), "num_sparse": len(sparse_keys),
                 "sparse_types": tuple(t._enum for t in sparse_types), "ragged_value_types": (),
                 "ragged_split_types": (),
                 "dense_shapes": dense_shapes_attr([([-1] if s else []) + d for d, s in zip(dense_dims, sequence)])}
        n = len(sparse_keys)
        outputs = named(name, _C.execute, "ParseExampleV2", kernel, inputs, dtypes.int64._enum, None,
                        3 * n + len(dense_keys), attrs)
    result = {k: SparseTensor(outputs[i], outputs[n + i], outputs[2 * n + i]) for i, k in enumerate(sparse_keys)}
    result.update(zip(dense_keys, outputs[3 * n:]))
    return result


@op_def_lib.implements("ParseExampleV2")
def _raw_parse_example_v2(serialized, names, sparse_keys, dense_keys, ragged_keys, dense_defaults, num_sparse,
                          sparse_types, ragged_value_types, ragged_split_types, dense_shapes, name=None):
    if len(ragged_value_types) or len(ragged_split_types):
        raise NotImplementedError("varrt's ParseExampleV2 parses no ragged features")
    keys = [k.decode() if isinstance(k, bytes) else str(k) for k in np.reshape(np.asarray(
        sparse_keys.numpy() if isinstance(sparse_keys, Tensor) else sparse_keys, dtype=object), -1)]
    dkeys = [k.decode() if isinstance(k, bytes) else str(k) for k in np.reshape(np.asarray(
        dense_keys.numpy() if isinstance(dense_keys, Tensor) else dense_keys, dtype=object), -1)]
    features = {k: VarLenFeature(t) for k, t in zip(keys, sparse_types)}
    for k, default, shape in zip(dkeys, dense_defaults, dense_shapes):
        dims = _dims(shape)
        value = convert_to_tensor(default)
        if dims and dims[0] == -1:
            features[k] = FixedLenSequenceFeature(dims[1:], value.dtype, True, value if value.shape.num_elements() else None)
        else:
            features[k] = FixedLenFeature(dims, value.dtype, value if value.shape.num_elements() else None)
    parsed = parse_example(serialized, features, name=name)
    return ([parsed[k].indices for k in sorted(keys)], [parsed[k].values for k in sorted(keys)],
            [parsed[k].dense_shape for k in sorted(keys)], [parsed[k] for k in sorted(dkeys)], [], [])


def parse_single_example(serialized, features, example_names=None, name=None):
    """`tf.io.parse_single_example`: parse_example of one serialized Example (a scalar)."""
    if not features:
        raise ValueError(f"Argument `features` cannot be None or falsy. Got {features}")
    with name_scope(_PARSE_SINGLE_SCOPE):
        return parse_example(serialized, features, example_names, name)
