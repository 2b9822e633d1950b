"""Prints the op table record (ops/defs) of each TensorFlow op named on the command line, read
from TensorFlow 2.21's registry, so a new record starts from TensorFlow's facts. Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/tf_op_record.py Softplus SoftplusGrad

Paste the line into the family's file under python/varrt/ops/defs and give it its shape function.
"""
import sys

from tensorflow.core.framework import types_pb2
from tensorflow.python.framework import op_def_registry
import tensorflow as tf  # noqa: F401  (registers every op)


def type_name(enum):
    """TensorFlow's C++ name of a dtype (DataTypeString): "float", "half", "resource"."""
    return types_pb2.DataType.Name(enum)[3:].lower()


def arg_spec(arg):
    if arg.type:
        kind = type_name(arg.type)
    else:
        kind = arg.type_attr or arg.type_list_attr
    return f"{arg.name}: {arg.number_attr} * {kind}" if arg.number_attr else f"{arg.name}: {kind}"


def value_text(kind, value):
    if kind == "type":
        return type_name(value.type)
    if kind == "bool":
        return "true" if value.b else "false"
    if kind == "int":
        return str(value.i)
    if kind == "float":
        return "%g" % value.f
    if kind == "string":
        return '"' + value.s.decode().encode("unicode_escape").decode() + '"'
    if kind.startswith("list("):
        items = {"list(int)": value.list.i, "list(string)": value.list.s, "list(type)": value.list.type,
                 "list(shape)": value.list.shape}[kind]
        if items and kind != "list(int)":
            raise NotImplementedError(f"non-empty {kind} default")
        return "[" + ", ".join(map(str, items)) + "]"
    raise NotImplementedError(f"{kind} default")


def attr_spec(attr):
    kind = attr.type
    if attr.HasField("allowed_values"):
        if kind == "type":
            kind = "{" + ", ".join(type_name(t) for t in attr.allowed_values.list.type) + "}"
        else:
            kind = "{" + ", ".join(f"'{s.decode()}'" for s in attr.allowed_values.list.s) + "}"
    text = f"{attr.name}: {kind}"
    if attr.has_minimum:
        text += f" >= {attr.minimum}"
    if attr.HasField("default_value"):
        text += f" = {value_text(attr.type, attr.default_value)}"
    return text


def record(name):
    op = op_def_registry.get(name)
    if op is None:
        raise SystemExit(f"TensorFlow has no op {name}")
    sig = ", ".join(map(arg_spec, op.input_arg)) + " -> " + ", ".join(map(arg_spec, op.output_arg))
    args = [repr(name), repr(sig)] + [repr(attr_spec(a)) for a in op.attr]
    for flag, key in ((op.is_stateful, "stateful"), (op.is_commutative, "commutative"),
                      (op.is_aggregate, "aggregate")):
        if flag:
            args.append(f"{key}=True")
    return f"register({', '.join(args)}, shape=None)"


if __name__ == "__main__":
    for n in sys.argv[1:]:
        print(record(n))
