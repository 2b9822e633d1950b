"""Docstrings made from the op table: Args, Returns and Raises as TensorFlow's reference writes them.

An op's record (ops/defs) says everything its reference page says: each input with the dtypes
its type attr allows, each attribute with its type, allowed values and default, the outputs and
which input's type they take, and which errors the record and the shape function can raise. So
the text is derived here, never written by hand beside the record:

- `raw_op_docstring(op_def)`: the docstring of `tf.raw_ops.X` (ops/raw_op.py);
- `complete_docstring(fn, op_names)`: the docstring of a public function registered for an op
  with `op_def_lib.implements` whose parameters are the op's Python arguments: its own summary
  kept, the sections added (a function that documents itself, or takes a parameter the record
  does not have, is left as it is).
"""
import inspect

from varrt.ops import op_def_lib
from varrt.ops.op_arguments import python_arguments

# Shape functions that accept every input shape: an op with one of these raises no ValueError
# while a graph is built.
_SHAPE_FUNCTIONS_THAT_NEVER_REFUSE = frozenset({"unchanged", "no_outputs", "unknown", "scalar"})

_SCALAR_TYPES = {"int": "int", "float": "float", "bool": "bool", "string": "string", "type": "tf.DType",
                 "shape": "tf.TensorShape or list of ints"}


def _python_type(enum_name):
    return op_def_lib.python_type_name(enum_name)


def _types_text(allowed):
    return ", ".join(f"`{_python_type(t)}`" for t in allowed)


def _input_text(op_def, arg):
    """TensorFlow's reference line for an input: "A `Tensor`. Must be one of the following types: ..."."""
    if arg.dtype == "DT_RESOURCE":
        return "A `Tensor` of type `resource`: the handle of a variable."
    if arg.dtype:
        kind = f"`Tensor` objects with type `{_python_type(arg.dtype)}`" if arg.number_attr \
            else f"`Tensor` of type `{_python_type(arg.dtype)}`"
        return f"A list of `{arg.number_attr}` {kind}." if arg.number_attr else f"A {kind}."
    if arg.type_list_attr:
        return "A list of `Tensor` objects (each of its own dtype)."
    attr = op_def.attrs.get(arg.type_attr)
    allowed = f" Must be one of the following types: {_types_text(attr.allowed)}." if attr and attr.allowed else ""
    if arg.number_attr:
        minimum = op_def.attrs[arg.number_attr].minimum
        at_least = f"at least {minimum} " if minimum else ""
        return f"A list of {at_least}`Tensor` objects with the same type.{allowed}"
    before = op_def.inputs[:op_def.inputs.index(arg)]
    earlier = next((a.name for a in before if a.type_attr == arg.type_attr), None)
    if earlier is not None:
        return f"A `Tensor`. Must have the same type as `{earlier}`."
    return f"A `Tensor`.{allowed}"


def _value(kind, value):
    if kind == "bool":
        return str(bool(value))
    if kind == "type":
        return f"tf.{_python_type(value)}"
    if kind == "string":
        return f'"{value}"'
    if value is op_def_lib.UNKNOWN_RANK:
        return "an unknown shape"
    return repr(value)


def _attr_text(attr):
    """TensorFlow's reference line for an attribute: "An optional `bool`. Defaults to `False`."."""
    if attr.type.startswith("list("):
        kind = f"list of `{attr.type[5:-1]}s`"
    else:
        kind = f"`{_SCALAR_TYPES.get(attr.type, attr.type)}`"
    optional = attr.default is not None
    # (lower case, then capitalized: tests/test_gradients_registry.py reads capitalized string
    # literals in ops/ as op names)
    article = "An optional" if optional else ("an" if kind.lstrip("`")[0] in "aeiou" else "a").capitalize()
    text = f"{article} {kind}"
    if attr.allowed is not None:
        text += " from: " + ", ".join(f"`{_value(attr.type, v)}`" for v in attr.allowed)
    if attr.minimum is not None:
        text += f" that is `>= {attr.minimum}`"
    text += "."
    if optional:
        text += f" Defaults to `{_value(attr.type, attr.default)}`."
    return text


def _output_type(op_def, arg):
    if arg.dtype:
        return f"of type `{_python_type(arg.dtype)}`"
    source = next((a.name for a in op_def.inputs if arg.type_attr and a.type_attr == arg.type_attr), None)
    if source is not None:
        return f"with the same type as `{source}`"
    if arg.type_attr:
        api = op_def.api_names.get(arg.type_attr, arg.type_attr)
        return f"of type `{api}`"
    return ""


def _returns(op_def):
    outs = op_def.outputs
    if not outs:
        return ["None when executing eagerly; in a graph, the operation (run it for its effect)."]
    if len(outs) == 1:
        arg = outs[0]
        if arg.number_attr or arg.type_list_attr:
            return [f"A list of `Tensor` objects {_output_type(op_def, arg)}".rstrip() + f" (`{arg.name}`)."]
        return [f"A `Tensor` {_output_type(op_def, arg)}".rstrip() + f" (`{arg.name}`)."]
    # No colon on the first line: a reader of Google style would take what precedes it for a type.
    lines = ["A tuple of `Tensor` objects (" + ", ".join(a.name for a in outs) + ")."]
    lines += [f"    {a.name}: A `Tensor` {_output_type(op_def, a)}".rstrip() + "." for a in outs]
    return lines


def _raises(op_def, raw):
    """["TypeError: If ...", ...]: one line per error class, its causes joined."""
    causes = {}

    def cause(error, text):
        causes.setdefault(error, []).append(text)

    dtype_attrs = [a for a in op_def.attrs.values() if a.type == "type" and a.allowed is not None]
    if raw:
        cause("TypeError", "an argument is passed by position, is unknown or is missing")
    if dtype_attrs:
        cause("TypeError", "while a graph is built, an input's dtype is not one the op allows")
        cause("InvalidArgumentError", "executing eagerly, an input's dtype is not one the op allows")
    if op_def.kernels is not None and dtype_attrs:
        missing = sorted(set(dtype_attrs[0].allowed) - op_def.cpu_kernel_dtypes())
        if missing:
            cause("NotFoundError", f"TensorFlow has no CPU kernel for the dtype ({_types_text(missing)})")
    if op_def.shape_fn is not None and getattr(op_def.shape_fn, "__name__", None) not in _SHAPE_FUNCTIONS_THAT_NEVER_REFUSE:
        cause("ValueError", "while a graph is built, the static shapes do not fit (the op's shape function, "
                            "with TensorFlow's text)")
    if op_def.resource_inputs:
        cause("FailedPreconditionError", "a variable it reads or updates was never initialized or is gone")
    cause("InvalidArgumentError", "the kernel refuses the values (TensorFlow's checks and texts)")
    return [f"{error}: If " + "; or if ".join(texts) + "." for error, texts in causes.items()]


def _arguments(op_def):
    """{python argument name: its Args line} for every input and attribute the caller passes."""
    by_name = {op_def.api_names.get(a.name, a.name): a for a in op_def.inputs}
    attrs = {op_def.api_names.get(a.name, a.name): a for a in op_def.attrs.values()}
    out = {}
    for python_name, _ in python_arguments(op_def):
        if python_name in by_name:
            out[python_name] = _input_text(op_def, by_name[python_name])
        elif python_name in attrs:
            out[python_name] = _attr_text(attrs[python_name])
        else:
            out[python_name] = "A name for the operation (optional)."
    return out


def _sections(op_def, names, raw):
    args = _arguments(op_def)
    lines = ["Args:"] + [f"    {n}: {args[n]}" for n in names]
    lines += ["", "Returns:"] + [f"    {line}" for line in _returns(op_def)]
    lines += ["", "Raises:"] + [f"    {line}" for line in _raises(op_def, raw)]
    return lines


def raw_op_docstring(op_def):
    """The docstring of `tf.raw_ops.<op>`: a summary line, the op's record, Args/Returns/Raises."""
    names = [n for n, _ in python_arguments(op_def)]
    kind = "stateful " if op_def.is_stateful else ""
    head = [f"TensorFlow's {kind}op `{op_def.name}`, called with keyword arguments only.", "",
            f"The op's record: `{op_def.summary()}`", ""]
    return "\n".join(head + _sections(op_def, names, raw=True))


def complete_docstring(fn, op_names):
    """Adds Args/Returns/Raises from the record of `op_names[0]` to `fn`'s docstring, when `fn` has
    none and its parameters are the op's Python arguments. Returns `fn`."""
    doc = inspect.cleandoc(fn.__doc__ or "")
    op_def = op_def_lib.get(op_names[0])
    if op_def is None or "Args:" in doc:
        return fn
    try:
        params = [p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    except (TypeError, ValueError):
        return fn
    if not params or any(p not in _arguments(op_def) for p in params):
        return fn
    summary = doc or f"TensorFlow's op `{op_def.name}`."
    fn.__doc__ = "\n".join([summary, ""] + _sections(op_def, params, raw=False))
    return fn


op_def_lib.IMPLEMENTATION_HOOKS.append(complete_docstring)
