"""`Dataset.from_generator`'s rules: the element spec its arguments give (TensorFlow's checks and
messages), and each yielded value checked and converted as TensorFlow's `numpy_function` around
the generator does (its TypeErrors reach the iterator as InvalidArgumentError, with the traceback
TensorFlow appends)."""
import traceback

import numpy as np

from varrt.base import dtypes, errors, nest
from varrt.data import structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.op_errors import PendingIteratorError
from varrt.framework.sparse_tensor import SparseTensor, SparseTensorSpec
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape, as_shape
from varrt.framework.tensor_spec import TensorSpec
from varrt.ops.ragged.ragged_tensor import RaggedTensor
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec


def element_spec(generator, output_types, output_shapes, output_signature):
    """The element spec of `from_generator(generator, ...)`, or TensorFlow's TypeError."""
    if not callable(generator):
        raise TypeError("`generator` must be a Python callable.")
    if output_signature is not None:
        if output_types is not None:
            raise TypeError("The `output_types` argument can not be used together with the `output_signature` "
                            "argument.")
        if output_shapes is not None:
            raise TypeError("The `output_shapes` argument can not be used together with the `output_signature` "
                            "argument.")
        for spec in nest.flatten(output_signature):
            if not isinstance(spec, (TensorSpec, SparseTensorSpec, RaggedTensorSpec, DatasetSpec)):
                raise TypeError(f"`output_signature` must contain objects that are subclass of `tf.TypeSpec` but "
                                f"found {type(spec)} which is not.")
        if any(isinstance(s, DatasetSpec) for s in nest.flatten(output_signature)):
            raise NotImplementedError("varrt's from_generator yields tensors only (a DatasetSpec in "
                                      "output_signature is not supported yet)")
        return _as_tuples(output_signature)
    if output_types is None:
        raise TypeError("To specify the output signature you need to provide either the `output_signature` "
                        "argument or the `output_types` argument.")
    output_types = _as_tuples(output_types)
    flat_types = structure.leaves(output_types)
    flat_shapes = [None] * len(flat_types) if output_shapes is None else _flatten_up_to(output_types, output_shapes)
    return structure.pack(output_types, [TensorSpec(as_shape(s) if s is not None else TensorShape(None),
                                                    dtypes.as_dtype(t)) for s, t in zip(flat_shapes, flat_types)])


def _flatten_up_to(shallow, value):
    """tf.nest.flatten_up_to: `value`'s parts at `shallow`'s leaves (TypeError/ValueError when
    `value` does not have `shallow`'s structure)."""
    if isinstance(shallow, dict):
        if not isinstance(value, dict):
            raise TypeError(f"If shallow structure is a sequence, input must also be a sequence. Input has type: "
                            f"{type(value)}.")
        if set(shallow) != set(value):
            raise ValueError("The two structures don't have the same keys.")
        return [x for k in sorted(shallow) for x in _flatten_up_to(shallow[k], value[k])]
    if isinstance(shallow, (tuple, list)):
        if not isinstance(value, (tuple, list)):
            raise TypeError(f"If shallow structure is a sequence, input must also be a sequence. Input has type: "
                            f"{type(value)}.")
        if len(value) != len(shallow):
            raise ValueError("The two structures don't have the same sequence length.")
        return [x for s, v in zip(shallow, value) for x in _flatten_up_to(s, v)]
    return [value]


def _as_tuples(spec):
    if isinstance(spec, list):
        return tuple(_as_tuples(s) for s in spec)
    if isinstance(spec, dict):
        return {k: _as_tuples(v) for k, v in spec.items()}
    if type(spec) is tuple:
        return tuple(_as_tuples(s) for s in spec)
    return spec


def _convert(value, dtype):
    """TensorFlow's `FuncRegistry._convert`: NumPy's conversion, strings kept as bytes objects."""
    result = np.asarray(value, dtype=dtype.as_numpy_dtype, order="C")
    if dtype == dtypes.string:
        result = np.vectorize(lambda v: v.encode("utf8") if isinstance(v, str) else v, otypes=[object])(result) \
            if result.size else result.astype(object)
    return result


def _check(values, spec):
    types = structure.map_leaves(lambda s: s.dtype, spec)
    try:
        flat = _flatten_up_to(types, values)
    except (TypeError, ValueError) as e:
        raise TypeError(f"`generator` yielded an element that did not match the expected structure. The expected "
                        f"structure was {types}, but the yielded element was {values}.") from e
    tensors = []
    for value, leaf in zip(flat, structure.leaves(spec)):
        if isinstance(leaf, (SparseTensorSpec, RaggedTensorSpec)):
            tensors.append(_composite(value, leaf, spec, values))
            continue
        try:
            array = _convert(value, leaf.dtype)
        except (TypeError, ValueError) as e:
            raise TypeError(f"`generator` yielded an element that could not be converted to the expected type. The "
                            f"expected type was {leaf.dtype.name}, but the yielded element was {value}.") from e
        if not leaf.shape.is_compatible_with(array.shape):
            raise TypeError(f"`generator` yielded an element of shape {array.shape} where an element of shape "
                            f"{leaf.shape} was expected.")
        tensors.append(convert_to_tensor(array, dtype=leaf.dtype))
    return structure.pack(spec, tensors)


def _composite(value, spec, signature, values):
    """A yielded SparseTensor or RaggedTensor for a SparseTensorSpec or RaggedTensorSpec leaf of
    `signature` (TensorFlow's normalize_element then its compatibility check, whose TypeError
    names the whole element's spec and the signature)."""
    if isinstance(spec, SparseTensorSpec):
        if not all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
            raise TypeError(f"`generator` yielded an element that did not match the expected structure. The "
                            f"expected structure was {signature}, but the yielded element was {values}.")
        result = value if isinstance(value, SparseTensor) else SparseTensor(
            value.indices, _convert(value.values, spec.dtype), value.dense_shape)
        ok = result.dtype == spec.dtype and spec.shape.is_compatible_with(result.shape)
    else:
        result = value if isinstance(value, RaggedTensor) else convert_to_tensor(value, dtype=spec.dtype)
        ok = isinstance(result, RaggedTensor) and spec.is_compatible_with(result)
    if not ok:
        raise TypeError(f"`generator` yielded an element of {structure.spec_of(_as_tuples(values))} where an element "
                        f"of {signature} was expected.")
    return result


def _failure(e):
    """A Python exception in the generator or the checks, as TensorFlow's py_func kernel reports it
    (py_func.cc: its class by the exception's, its message the exception and its traceback)."""
    if isinstance(e, (ValueError, TypeError)):
        cls = errors.InvalidArgumentError
    elif isinstance(e, MemoryError):
        cls = errors.ResourceExhaustedError
    elif isinstance(e, NotImplementedError):
        cls = errors.UnimplementedError
    else:
        cls = errors.UnknownError
    return PendingIteratorError(cls, f"{type(e).__name__}: {e}\nTraceback (most recent call last):\n\n"
                                + "".join(traceback.format_tb(e.__traceback__)))


def elements(generator, args, spec):
    """The elements `generator(*args)` yields (tensor arguments passed as NumPy values, as
    TensorFlow's numpy_function passes them), each checked against `spec`."""
    values = iter(())
    try:
        values = iter(generator(*[a.numpy() for a in args]))
    except Exception as e:  # noqa: BLE001 - any exception is the iterator's error, as in TensorFlow
        raise _failure(e) from e
    while True:
        try:
            value = next(values)
            element = _check(value, spec)
        except StopIteration:
            return
        except Exception as e:  # noqa: BLE001
            raise _failure(e) from e
        yield element
