"""A tensorflow.StructuredValue (struct.proto: how a SavedModel records a concrete function's
input signature and outputs) as the Python value it describes (`decode`), and a value as one
(`encode`): TensorSpecs, shapes, dtypes,
tuples, named tuples, lists, dicts and scalars. Kinds varrt cannot rebuild yet (type specs of composite tensors,
bounded tensor specs) raise NotImplementedError naming the kind."""
import collections

from varrt.base import dtypes
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec


def shape_fields(shape):
    """The tensorflow.TensorShapeProto fields of a TensorShape."""
    if shape.rank is None:
        return {"unknown_rank": True}
    return {"dim": [{"size": -1 if d is None else d} for d in shape.as_list()]} if shape.rank else {}


def tensor_spec_fields(spec, name=None):
    """The StructuredValue of a TensorSpec, named `name` (default: its own name, else none)."""
    return {"tensor_spec_value": {"name": name if name is not None else (spec.name or ""),
                                  "shape": shape_fields(spec.shape), "dtype": spec.dtype._enum}}


def encode(value):
    """The StructuredValue fields of a Python value: TensorSpecs, None, scalars, strings, and
    lists, tuples and dicts of them (an empty list or tuple is written as TensorFlow writes it:
    the kind with no values)."""
    if isinstance(value, TensorSpec):
        return tensor_spec_fields(value)
    if value is None:
        return {"none_value": {}}
    if isinstance(value, bool):
        return {"bool_value": value}
    if isinstance(value, int):
        return {"int64_value": value}
    if isinstance(value, float):
        return {"float64_value": value}
    if isinstance(value, str):
        return {"string_value": value}
    if isinstance(value, dict):
        return {"dict_value": {"fields": {k: encode(v) for k, v in value.items()}} if value else {}}
    if isinstance(value, (list, tuple)):
        kind = "list_value" if isinstance(value, list) else "tuple_value"
        return {kind: {"values": [encode(v) for v in value]} if value else {}}
    raise NotImplementedError(f"varrt cannot write a StructuredValue of a {type(value).__name__} yet")


def shape_from_proto(shape):
    """A tensorflow.TensorShapeProto Message as a TensorShape (-1 dimensions unknown)."""
    if shape.unknown_rank:
        return TensorShape(None)
    return TensorShape([None if d.size == -1 else d.size for d in shape.dim])


def decode(value):
    """The Python value of a StructuredValue Message."""
    kind = value.WhichOneof("kind")
    if kind is None or kind == "none_value":
        return None
    if kind in ("float64_value", "int64_value", "string_value", "bool_value"):
        return getattr(value, kind)
    if kind == "tensor_shape_value":
        return shape_from_proto(value.tensor_shape_value)
    if kind == "tensor_dtype_value":
        return dtypes.as_dtype(value.tensor_dtype_value)
    if kind == "tensor_spec_value":
        spec = value.tensor_spec_value
        return TensorSpec(shape_from_proto(spec.shape), dtypes.as_dtype(spec.dtype), spec.name or None)
    if kind == "list_value":
        return [decode(v) for v in value.list_value.values]
    if kind == "tuple_value":
        return tuple(decode(v) for v in value.tuple_value.values)
    if kind == "dict_value":
        return {k: decode(v) for k, v in value.dict_value.fields.items()}
    if kind == "named_tuple_value":
        pairs = value.named_tuple_value.values
        cls = collections.namedtuple(value.named_tuple_value.name, [p.key for p in pairs])
        return cls(*(decode(p.value) for p in pairs))
    raise NotImplementedError(f"varrt cannot rebuild a StructuredValue of kind {kind} yet")
