"""Parsing serialized `tf.train.Example`s: `tf.io.parse_example`, `parse_single_example` and the
feature configurations (`FixedLenFeature`, `VarLenFeature`, `FixedLenSequenceFeature`), on the
ParseExampleV2 op, whose kernel is the core's parser (csrc/varrt/io/example_parser.cc)."""
import collections

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, named
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
    if dtype == dtypes.string:  # str defaults are bytes, as any string tensor's elements ('' -> b'')
        array = _as_bytes(np.asarray(value, dtype=object))
    else:
        array = np.asarray(value, dtype=np_dtype)
    if isinstance(feature, FixedLenSequenceFeature):
        return array.reshape(())
    return array.reshape(dims)


# TensorFlow's name scopes of the ParseExampleV2 node (which share their names with TensorFlow 1's ops).
_PARSE_SCOPE, _PARSE_SINGLE_SCOPE = "ParseExample", "ParseSingleExample"


_as_bytes = np.vectorize(lambda v: v.encode() if isinstance(v, str) else v, otypes=[object])


def _string_array(values):
    return np.array([v.encode() if isinstance(v, str) else bytes(v) for v in values], dtype=object)


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
    with name_scope(_PARSE_SCOPE):
        serialized = convert_to_tensor(serialized, dtype=dtypes.string)
        if serialized.shape.rank is not None and serialized.shape.rank > 1:
            raise ValueError(f"Shape must be at most rank 1 but is rank {serialized.shape.rank}")
        names = _string_array([] if example_names is None else list(example_names))
        inputs = [serialized, names, _string_array(sparse_keys), _string_array(dense_keys), _string_array([])]
        inputs += defaults
        n = len(sparse_keys)
        shapes = dense_shapes_attr([([-1] if s else []) + d for d, s in zip(dense_dims, sequence)])
        # The core's op (csrc/varrt/ops/parsing_ops.cc): a graph node runs it without leaving the core.
        outputs = named(name, _C.parse_example_v2, inputs, n, [t._enum for t in sparse_types],
                        [t._enum for t in dense_types], list(shapes), None)
    result = {k: SparseTensor(outputs[i], outputs[n + i], outputs[2 * n + i]) for i, k in enumerate(sparse_keys)}
    result.update(zip(dense_keys, outputs[3 * n:]))
    return result


@op_def_lib.implements("ParseExampleV2")
def _raw_parse_example_v2(serialized, names, sparse_keys, dense_keys, ragged_keys, dense_defaults, num_sparse,
                          sparse_types, ragged_value_types, ragged_split_types, dense_shapes, name=None):
    if len(ragged_value_types) or len(ragged_split_types):
        raise NotImplementedError("varrt's ParseExampleV2 parses no ragged features")
    inputs = [convert_to_tensor(x, dtype=dtypes.string) for x in (serialized, names, sparse_keys, dense_keys,
                                                                   ragged_keys)]
    defaults = [convert_to_tensor(d) for d in dense_defaults]
    shapes = [[-1 if d is None else int(d) for d in (s.as_list() if hasattr(s, "as_list") else s)]
              for s in dense_shapes]
    out = named(name, _C.parse_example_v2, inputs + defaults, int(num_sparse),
                [dtypes.as_dtype(t)._enum for t in sparse_types], [d.dtype._enum for d in defaults],
                list(dense_shapes_attr(shapes)), None)
    n = int(num_sparse)
    return list(out[:n]), list(out[n:2 * n]), list(out[2 * n:3 * n]), list(out[3 * n:]), [], []


def parse_single_example(serialized, features, example_names=None, name=None):
    """`tf.io.parse_single_example`: parse_example of one serialized Example (a scalar)."""
    if not features:
        raise ValueError(f"Argument `features` cannot be None or falsy. Got {features}")
    with name_scope(_PARSE_SINGLE_SCOPE):
        return parse_example(serialized, features, example_names, name)
