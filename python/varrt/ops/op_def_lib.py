"""The op table: one record per op, as TensorFlow's REGISTER_OP writes it.

A record is the op's TensorFlow name, its signature (inputs and outputs, resource inputs
marked by their type `resource`), its attributes with types, defaults and allowed values (in
TensorFlow's order, which its messages keep), whether it is stateful, and its shape function.
Everything else is derived from the records: the dtype checks and their TensorFlow texts
(`Op<name=...; signature=...>`, "All kernels registered for op ..."), the output dtypes and
static shapes of graph nodes, which nodes pruning keeps, `tf.raw_ops` (ops/raw_op.py). The
records live in `ops/defs/`, one file per family; the facts are TensorFlow 2.21's registry
(tests/fixtures/tf_op_registry.json, read from an installed TensorFlow by
tests/tools/dump_tf_op_registry.py, is what tests/test_op_table.py compares them with).

    register("AddV2", "x: T, y: T -> z: T", "T: {bfloat16, half, float, double, ...}",
             commutative=True, aggregate=True, shape=shape_fns.broadcast)

Arguments: "name: T" (typed by attr T), "name: float" (a fixed dtype), "name: N * T" (a list of
N tensors of type T), "name: resource". Attributes: "T: {float, double}" (a type from a list),
"T: type", "keep_dims: bool = false", "Tdense: list({float, int64}) >= 0" (a list of types from a list), "N: int >= 1", "perm: list(int)", "alpha: float = 0.2",
"data_format: {'NHWC', 'NCHW'} = \"NHWC\"" (a string from a list), "shape: shape = { unknown_rank:
true }". Beside them: `kernels=` when TensorFlow declares dtypes it has no CPU kernel for (its
kernel list as it prints it: "XLA_CPU_JIT: float, double; DEFAULT: int32; CPU: double, half", every
CPU or DEFAULT dtype one registration), and `api_names=` for the arguments TensorFlow's Python API
renames ({"reduction_indices": "axis"}).

Adding an op (say Softplus, with its gradient):
1. The record. `/path/to/tf/python tests/tools/tf_op_record.py Softplus` prints it from TensorFlow's
   registry; paste it into the family's file in ops/defs, give it its shape function (ops/shape_fns/, by
   family; TensorFlow's C++ shape function is the model: a graph's static shapes and build errors come
   from it, and no kernel runs while a graph is built),
   and add `kernels=` / `api_names=` if TensorFlow has them (the test below says so). Then run
   `/path/to/tf/python tests/tools/dump_tf_op_registry.py` to add TensorFlow's entry to the fixture.
2. The kernel, in the module of its family (ops/math_ops.py, ops/nn_ops.py, ...): convert the operands
   (op_util.operand, pair, matching), `check_dtype("Softplus", dtype, name)` (the allowed dtypes and
   TensorFlow's texts come from the record), and `run("Softplus", kernel, inputs, dtype)`. Decorate the
   function that takes TensorFlow's argument names with `@op_def_lib.implements("Softplus")` (or write
   a small adapter beside it) and tf.raw_ops.Softplus exists; run `tests/tools/gen_raw_ops_stub.py` so
   its type stub (raw_ops.pyi) has it too. The public function says what it returns (`-> Tensor`).
3. The gradient, keyed by the op's name: `@RegisterGradient("Softplus")` in ops/gradients (or
   `NotDifferentiable`).
4. A test entry: tests/test_op_table.py checks the record against TensorFlow's by itself; add shape
   cases to tests/tools/record_tf_shapes.py and an entry to tests/op_db.py (the public call, its input
   shapes with a batch dimension, whether it has a gradient, a dtype it refuses), rerun both tools and
   tests/tools/record_raw_ops.py with TensorFlow: tests/test_shape_fns.py, tests/test_op_db.py (eager,
   traced with an unknown batch, a TF1 Session, the gradients, at batch sizes no trace saw) and
   tests/test_raw_ops_table.py then compare varrt with what TensorFlow returned.
No other file needs to name the op.
"""
import re
from typing import Any, Callable, TypeVar

_Function = TypeVar("_Function", bound=Callable[..., Any])

_TF_TYPE_NAMES = {
    "half": "DT_HALF", "bfloat16": "DT_BFLOAT16", "float": "DT_FLOAT", "double": "DT_DOUBLE", "int8": "DT_INT8",
    "int16": "DT_INT16", "int32": "DT_INT32", "int64": "DT_INT64", "uint8": "DT_UINT8", "uint16": "DT_UINT16",
    "uint32": "DT_UINT32", "uint64": "DT_UINT64", "complex64": "DT_COMPLEX64", "complex128": "DT_COMPLEX128",
    "bool": "DT_BOOL", "string": "DT_STRING", "resource": "DT_RESOURCE", "variant": "DT_VARIANT",
    "qint8": "DT_QINT8", "quint8": "DT_QUINT8", "qint16": "DT_QINT16", "quint16": "DT_QUINT16",
    "qint32": "DT_QINT32", "float8_e5m2": "DT_FLOAT8_E5M2", "float8_e4m3fn": "DT_FLOAT8_E4M3FN",
    "int4": "DT_INT4", "uint4": "DT_UINT4",
}


class ArgDef:
    """One input or output: its name and type (an attr's name, a fixed "DT_..." type), and for a
    list of tensors the attr that counts them."""

    __slots__ = ("name", "type_attr", "dtype", "number_attr", "type_list_attr")

    def __init__(self, name, type_attr=None, dtype=None, number_attr=None, type_list_attr=None):
        self.name = name
        self.type_attr = type_attr
        self.dtype = dtype
        self.number_attr = number_attr
        self.type_list_attr = type_list_attr

    @property
    def is_resource(self):
        return self.dtype == "DT_RESOURCE"

    def summary(self):
        """As TensorFlow's op summary writes it: "x:T", "inputs:N*T", "resource:resource", and
        "input:" for a list of tensors typed by a list(type) attr (TensorFlow prints no type there)."""
        if self.dtype:
            kind = _type_name(self.dtype)
        else:
            kind = self.type_attr or ""
        return f"{self.name}:{self.number_attr}*{kind}" if self.number_attr else f"{self.name}:{kind}"


class AttrDef:
    """One attribute: name, type ("type", "int", "bool", "float", "list(int)", "string", "shape",
    "list(type)"), default (None: required), allowed values ("DT_..." dtypes, or strings for a
    string attr, in TensorFlow's order, which its messages keep) and minimum."""

    __slots__ = ("name", "type", "default", "allowed", "minimum")

    def __init__(self, name, type, default=None, allowed=None, minimum=None):  # noqa: A002
        self.name = name
        self.type = type
        self.default = default
        self.allowed = allowed
        self.minimum = minimum

    def summary(self):
        """As TensorFlow's op summary writes it: "T:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"."""
        text = f"{self.name}:{self.type}"
        if self.default is not None:
            text += f",default={_value_text(self.type, self.default)}"
        if self.minimum is not None:
            text += f",min={self.minimum}"
        if self.allowed is not None:
            element = self.type[5:-1] if self.type.startswith("list(") else self.type  # list({float, ...})
            text += ",allowed=" + _value_text(f"list({element})", self.allowed)
        return text


def _value_text(kind, value):
    """An attr value as TensorFlow's SummarizeAttrValue writes it."""
    if kind.startswith("list("):
        return "[" + ", ".join(_value_text(kind[5:-1], v) for v in value) + "]"
    if kind == "bool":
        return "true" if value else "false"
    if kind == "float":
        return f"{value:g}"
    if kind == "string":
        return '"' + _c_escape(value) + '"'
    if kind == "shape":
        return "<unknown>" if value is UNKNOWN_RANK else "[" + ",".join("?" if d is None else str(d) for d in value) + "]"
    return str(value)


def _c_escape(text):
    """absl's CEscape, which TensorFlow applies to string attrs in its texts."""
    special = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}
    return "".join(special.get(c, c if " " <= c < "\x7f" else f"\\{ord(c):03o}") for c in text)


UNKNOWN_RANK = "<unknown rank>"  # the default of Placeholder's shape: "shape = { unknown_rank: true }"


class OpDef:
    """One op: what TensorFlow's registry says of it, the CPU kernels TensorFlow lists for it when
    some dtype it declares has none, and the shape function varrt gives it."""

    __slots__ = ("name", "inputs", "outputs", "attrs", "is_stateful", "is_commutative", "is_aggregate",
                 "shape_fn", "origin", "kernels", "api_names", "node_name", "in_graphs", "folds_from_shape",
                 "_summary")

    def __init__(self, name, inputs, outputs, attrs, is_stateful, is_commutative, is_aggregate, shape_fn,
                 origin="tensorflow", kernels=None, api_names=None, node_name=None, in_graphs=True,
                 folds_from_shape=None):
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs  # name -> AttrDef, in registration order
        self.is_stateful = is_stateful
        self.is_commutative = is_commutative
        self.is_aggregate = is_aggregate
        self.shape_fn = shape_fn
        self.origin = origin  # "tensorflow" (its registry is the reference), or "varrt" (an op of its own)
        # TensorFlow's kernel registrations for the dtype attr, as (device, ["DT_...", ...]) in the
        # order it lists them, or None when it has a CPU kernel for every dtype the attr allows.
        self.kernels = kernels
        # TensorFlow's Python names of arguments its api_def renames ({"reduction_indices": "axis"}).
        self.api_names = api_names or {}
        # How graphs treat it: the name TensorFlow's Python API gives its node ("add" for AddV2;
        # the op's name otherwise); whether it is a node at all (a handle's creation and
        # destruction run as they come, even while a graph is built); whether its value is its
        # input's static shape, known while building when that shape is: the function from the
        # fully known dims to the value (Shape, Size), or None.
        self.node_name = node_name or name
        self.in_graphs = in_graphs
        self.folds_from_shape = folds_from_shape or None
        self._summary = None

    @property
    def resource_inputs(self):
        return [a for a in self.inputs if a.is_resource]

    @property
    def dtype_attr(self):
        """The type attr a dtype check means when it names none: the first with allowed values, else
        (an op of any type whose kernels are listed: Einsum) its first type attr."""
        constrained = next((a for a in self.attrs.values() if a.type == "type" and a.allowed is not None), None)
        if constrained is None and self.kernels is not None:
            return next((a for a in self.attrs.values() if a.type == "type"), None)
        return constrained

    def decode_attrs(self, attrs):
        """`attrs` as TensorFlow holds them: a core op's attributes hold no strings, so a string attr
        with allowed values (Conv2D's padding, data_format) comes from the core as the index of its
        value in the record's allowed list (csrc/varrt/ops/window_geometry.h); the same dict when
        nothing needs decoding."""
        out = None
        for name, value in attrs.items():
            a = self.attrs.get(name)
            if a is not None and a.type == "string" and a.allowed and isinstance(value, int):
                out = dict(attrs) if out is None else out
                out[name] = a.allowed[value]
        return attrs if out is None else out

    def summary(self):
        """TensorFlow's SummarizeOpDef: the text its dtype errors end with."""
        if self._summary is None:
            sig = ", ".join(a.summary() for a in self.inputs) + " -> " + ", ".join(a.summary() for a in self.outputs)
            parts = [f"name={self.name}", f"signature={sig}"]
            parts += [f"attr={a.summary()}" for a in self.attrs.values()]
            if self.is_commutative:
                parts.append("is_commutative=true")
            if self.is_aggregate:
                parts.append("is_aggregate=true")
            if self.is_stateful:
                parts.append("is_stateful=true")
            self._summary = "Op<" + "; ".join(parts) + ">"
        return self._summary

    def attr_value_error(self, attr, type_name):
        """TensorFlow's text for a dtype (DataTypeString `type_name`) that type attr `attr` does
        not allow, or a string (quoted) a string attr does not: its allowed list in the registry's
        order, the node, the op's summary."""
        attr_def = self.attrs[attr]
        if attr_def.type == "string":  # a string from a list (MatrixDiagV3's align): quoted
            allowed = ", ".join(f'"{_c_escape(v)}"' for v in attr_def.allowed)
        else:
            allowed = ", ".join(_type_name(t) for t in attr_def.allowed)
        return (f"Value for attr '{attr}' of {type_name} is not in the list of allowed values: {allowed}\n"
                f"\t; NodeDef: {{{{node {self.name}}}}}; {self.summary()}")

    # --- the texts of TensorFlow's graph builder (op_def_library.py), raised while a graph is built

    def input_at(self, index):
        """The ArgDef of input number `index` (a list argument takes every index from its own on)."""
        position = 0
        for arg in self.inputs:
            if position == index or arg.number_attr or arg.type_list_attr:
                return arg
            position += 1
        return None

    def _param_of(self, attr):
        # The graph builder checks a type attr where an input first sets it; an attr no input sets
        # is checked as itself.
        return next((a.name for a in self.inputs if a.type_attr == attr), attr)

    def graph_attr_value_error(self, attr, dtype_name):
        """TensorFlow's TypeError text for dtype "DT_..." `dtype_name` that type attr `attr` does not
        allow, as its Python graph builder writes it (its Python dtype names)."""
        allowed = ", ".join(python_type_name(t) for t in self.attrs[attr].allowed)
        return (f"Value passed to parameter '{self._param_of(attr)}' has DataType {python_type_name(dtype_name)} "
                f"not in list of allowed values: {allowed}")

    def graph_input_mismatch(self, index, expected, got):
        """TensorFlow's TypeError text for input number `index` of dtype "DT_..." `got` where `expected`
        is needed: a fixed type, or the type an earlier input set its attr to."""
        arg = self.input_at(index)
        prefix = f"Input '{arg.name}' of '{self.name}' Op has type {python_type_name(got)} that does not match"
        if arg.dtype:
            return f"{prefix} expected type of {python_type_name(arg.dtype)}."
        return f"{prefix} type {python_type_name(expected)} of argument '{self._param_of(arg.type_attr)}'."

    def graph_list_mismatch(self, index, dtype_names):
        """TensorFlow's TypeError text for a list input (the one at `index`) whose tensors' dtypes
        ("DT_..." `dtype_names`) differ."""
        arg = self.input_at(index)
        types = ", ".join(python_type_name(t) for t in dtype_names)
        return f"Tensors in list passed to '{arg.name}' of '{self.name}' Op have types [{types}] that don't all match."

    def cpu_kernel_dtypes(self):
        """The "DT_..." dtypes TensorFlow has a CPU kernel for (every allowed one without `kernels`)."""
        if self.kernels is None:
            return set(self.dtype_attr.allowed)
        return {t for device, types, _ in self.kernels if device in ("CPU", "DEFAULT") for t in types}

    def no_device_error(self, dtype_name, attrs=None):
        """TensorFlow's text when no device has a kernel for dtype "DT_..." `dtype_name`: the node with
        its attributes (`attrs`, else their defaults) sorted by name, then every kernel registered."""
        values = {a.name: a.default for a in self.attrs.values() if a.default is not None}
        values.update(attrs or {})
        values[self.dtype_attr.name] = dtype_name
        node = ", ".join(f"{n}={_value_text(self.attrs[n].type, values[n])}" for n in sorted(values))
        attr = self.dtype_attr.name
        lines = "".join(f"  device='{device}'; {other}{attr} in [{', '.join(types)}]\n"
                        for device, types, other in self.kernels)
        return (f"Could not find device for node: {{{{node {self.name}}}}} = {self.name}[{node}]\n"
                f"All kernels registered for op {self.name}:\n{lines}")

    def __repr__(self):
        return self.summary()


def _type_name(enum_name):
    """TensorFlow's DataTypeString of "DT_FLOAT": "float"."""
    return enum_name[3:].lower()


_PYTHON_TYPE_NAMES = {"DT_HALF": "float16", "DT_FLOAT": "float32", "DT_DOUBLE": "float64"}


def enum_name(type_name):
    """"DT_FLOAT" for TensorFlow's DataTypeString "float", or None for a name it does not have."""
    return _TF_TYPE_NAMES.get(type_name)


def python_type_name(enum_name):
    """TensorFlow's Python name of "DT_FLOAT" (tf.float32.name): "float32"."""
    return _PYTHON_TYPE_NAMES.get(enum_name) or _type_name(enum_name)


def _parse_kernels(text):
    """ "XLA_CPU_JIT: float, double; DEFAULT: int32; CPU: double, half" -> TensorFlow's kernel list
    of (device, dtypes, other constraints): an XLA device registers one kernel for its list, every
    other device one kernel per dtype. "XLA_CPU_JIT: T=int32, int64 / float, double": that kernel
    also constrains attr T (TensorFlow lists it first)."""
    if text is None:
        return None
    out = []
    for part in text.split(";"):
        device, _, types = part.partition(":")
        other = ""
        if "/" in types:
            constraint, _, types = types.partition("/")
            attr, _, other_types = constraint.partition("=")
            other = f"{attr.strip()} in [{', '.join(_TF_TYPE_NAMES[t.strip()] for t in other_types.split(','))}]; "
        device, types = device.strip(), [_TF_TYPE_NAMES[t.strip()] for t in types.split(",")]
        out += [(device, types, other)] if device.startswith("XLA_") else [(device, [t], other) for t in types]
    return out


_REGISTRY = {}

_ARG = re.compile(r"^\s*(\w+)\s*:\s*(?:(\w+)\s*\*\s*)?(\w+)\s*$")
_ATTR = re.compile(r"^\s*(\w+)\s*:\s*((?:[^=>]|>=)+?)\s*(?:=\s*(.+?))?\s*$", re.S)


def _parse_args(text, attr_names):
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        m = _ARG.match(part)
        if m is None:
            raise ValueError(f"bad argument spec {part!r}")
        name, number, kind = m.groups()
        if kind in _TF_TYPE_NAMES:
            out.append(ArgDef(name, dtype=_TF_TYPE_NAMES[kind], number_attr=number))
        elif kind in attr_names and attr_names[kind] == "list(type)":
            out.append(ArgDef(name, type_list_attr=kind))
        else:
            out.append(ArgDef(name, type_attr=kind, number_attr=number))
    return out


def _parse_attr(text):
    m = _ATTR.match(text)
    if m is None:
        raise ValueError(f"bad attr spec {text!r}")
    name, kind, default = m.groups()
    minimum = None
    allowed = None
    if ">=" in kind:
        kind, lo = (s.strip() for s in kind.split(">="))
        minimum = int(lo)
    if kind.startswith("list({"):  # a list of types from a list: "Tdense: list({float, int64, string}) >= 0"
        allowed = [_TF_TYPE_NAMES[t.strip()] for t in kind[5:-1].strip("{}").split(",")]
        kind = "list(type)"
    elif kind.startswith("{"):
        items = [t.strip() for t in kind.strip("{}").split(",")]
        if items[0].startswith("'"):  # a string from a list: {'NHWC', 'NCHW'}
            allowed = [t.strip("'") for t in items]
            kind = "string"
        else:
            allowed = [_TF_TYPE_NAMES[t] for t in items]
            kind = "type"
    return AttrDef(name, kind, _parse_default(kind, default), allowed, minimum)


def _parse_default(kind, text):
    if text is None:
        return None
    if kind == "bool":
        return text == "true"
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "type":
        return text if text.startswith("DT_") else _TF_TYPE_NAMES[text]
    if kind == "shape":
        if text.replace(" ", "") != "{unknown_rank:true}":
            raise ValueError(f"unsupported shape default {text!r}")
        return UNKNOWN_RANK
    if kind.startswith("list("):
        inner = text.strip("[]").strip()
        return [int(x) for x in inner.split(",")] if inner and kind == "list(int)" else []
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'" else text


def register(name, signature, *attrs, stateful=False, commutative=False, aggregate=False, shape=None,
             origin="tensorflow", kernels=None, api_names=None, node_name=None, in_graphs=True,
             folds_from_shape=None):
    """Adds an op to the table (see the module docstring for the spec syntax); returns its OpDef."""
    if name in _REGISTRY:
        raise ValueError(f"op {name} is registered twice")
    attr_defs = {}
    for text in attrs:
        a = _parse_attr(text)
        attr_defs[a.name] = a
    kinds = {n: a.type for n, a in attr_defs.items()}
    ins, _, outs = signature.partition("->")
    op = OpDef(name, _parse_args(ins, kinds), _parse_args(outs, kinds), attr_defs, stateful, commutative, aggregate,
               shape, origin, _parse_kernels(kernels), api_names, node_name, in_graphs, folds_from_shape)
    _REGISTRY[name] = op
    return op


_IMPLEMENTATIONS = {}
# Functions(fn, op names) -> fn run on each implementation as it registers: ops/op_docs.py adds
# the Args/Returns/Raises of the op's record to its docstring.
IMPLEMENTATION_HOOKS = []


def implements(*names: str) -> Callable[[_Function], _Function]:
    """Registers the decorated function as what runs ops `names` from `tf.raw_ops`: it takes the
    op's TensorFlow Python arguments (inputs and attributes by their names, `name`) as keywords,
    all of them, defaults already filled in (see ops/raw_op.py). The function keeps its own type
    (its annotations are what type checkers show for the public op)."""
    def register_implementation(fn: _Function) -> _Function:
        for n in names:
            if n in _IMPLEMENTATIONS:
                raise ValueError(f"op {n} has two implementations")
            _IMPLEMENTATIONS[n] = fn
        for hook in IMPLEMENTATION_HOOKS:
            fn = hook(fn, names)
        return fn
    return register_implementation


def implementation(name):
    """The function registered for op `name` by `implements`, or None."""
    return _IMPLEMENTATIONS.get(name)


def get(name):
    """The OpDef of `name`, or None when the table has no such op."""
    return _REGISTRY.get(name)


def all_ops():
    """Every OpDef in the table, by name."""
    return dict(_REGISTRY)
