"""protobuf's text format of a message (what `print(message)` shows with the upb protobuf
TensorFlow ships): set fields in field-number order, two spaces of indent per level, submessages
as `name {` ... `}`, bytes and strings C-escaped (octal for bytes outside printable ASCII), floats
in the shortest of %.6g / %.9g (doubles %.15g / %.17g) that reads back to the same value, and
DataType fields by their enum names (the only enum the SavedModel schema names; others print
their numbers)."""
import math

import numpy as np

from varrt.saved_model.data_type_names import data_type_name

_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"', ord("'"): "\\'",
            ord("\\"): "\\\\"}
# (message, field) pairs of kind enum that hold a tensorflow.DataType.
_DATA_TYPE_FIELDS = frozenset({
    ("tensorflow.TensorProto", "dtype"), ("tensorflow.TensorInfo", "dtype"), ("tensorflow.AttrValue", "type"),
    ("tensorflow.AttrValue.ListValue", "type"), ("tensorflow.TensorSpecProto", "dtype"),
    ("tensorflow.BoundedTensorSpecProto", "dtype"), ("tensorflow.StructuredValue", "tensor_dtype_value"),
    ("tensorflow.SavedVariable", "dtype"), ("tensorflow.ResourceHandleProto.DtypeAndShape", "dtype"),
})


def _escaped(data):
    return "".join(_ESCAPES.get(b) or (chr(b) if 0x20 <= b < 0x7F else f"\\{b:03o}") for b in data)


def _shortest(value, digits, readback):
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = "%.*g" % (digits, value)
    if readback(float(text)) != readback(value):
        text = "%.*g" % (digits + 3 if digits == 6 else digits + 2, value)
    return text


def _scalar(message_type, name, kind, value):
    if kind == "float":
        return _shortest(value, 6, np.float32)
    if kind == "double":
        return _shortest(value, 15, float)
    if kind == "bool":
        return "true" if value else "false"
    if kind in ("string", "bytes"):
        return '"' + _escaped(value.encode() if isinstance(value, str) else bytes(value)) + '"'
    if kind == "enum" and (message_type, name) in _DATA_TYPE_FIELDS:
        return data_type_name(value)
    return str(int(value))


def lines(message_type, fields, schema, indent=""):
    """The text lines of a message of `message_type` whose set fields are `fields` (pruned, as
    ListFields lists them); `schema` maps a type name to (map_entry, {field: (number, kind, ...)})."""
    table = schema[message_type][1]
    out = []
    for name in sorted(fields, key=lambda n: table[n][0] if n in table else 1 << 30):
        if name not in table:
            continue
        _, kind, repeated, _, _, sub = table[name][:6]
        value = fields[name]
        if sub is not None and schema[sub][0]:  # a map: one entry message per key
            items = [{"key": k, "value": v} for k, v in value.items()]
            repeated, value = True, items
        values = value if repeated else [value]
        for v in values:
            if sub is not None:
                out.append(f"{indent}{name} {{")
                out += lines(sub, v, schema, indent + "  ")
                out.append(f"{indent}}}")
            else:
                out.append(f"{indent}{name}: {_scalar(message_type, name, kind, v)}")
    return out
