"""What every NumPy-kernel op shares: operand conversion with TensorFlow's rules, the dtype
checks and error texts of TensorFlow's op registry (read from the op table), and running a kernel through the core
dispatch (`run`).

Operands travel as (input, DType) pairs until the op runs: a Tensor contributes its core
TensorData, a Variable its value (ReadVariableOp), a Python or NumPy value a converted ndarray
(_EagerConst) without becoming a core tensor first, so an op costs one core allocation: its
output. `run` places and logs the op, lets hooks see it and hands the kernel its inputs as
arrays: views of the TensorDatas on the op's device, host values as they are.
"""
import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.ops import op_def_lib
from varrt.framework import name_scopes as _name_scopes
from varrt.framework.tensor import Tensor, convert_to_tensor, packs
from varrt.framework.tensor_shape import TensorShape, as_tensor_value
from varrt.framework import graph_building

_place_op = _C.place_op
_to_array = _C.convert  # the core's conversion rules: (value, dtype enum or 0, to_device, hint) -> ndarray
_ndarray = np.ndarray
_BY_NUMPY = dtypes._BY_NUMPY
_STRING = dtypes.string
_INEXACT = frozenset(d._enum for d in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                                       dtypes.complex64, dtypes.complex128))
_DT_NAMES = {dtypes.enum_name(d): d for d in dtypes._ALL}
_texts = _C.tf  # TensorFlow's message formats, owned by the core (csrc/varrt/tf)



def is_inexact(dtype):
    """Floating or complex: the dtypes whose NumPy kernels may warn (overflow, 0/0) where TF is silent."""
    return dtype._enum in _INEXACT


quiet = np.errstate  # `with quiet(all="ignore")`: TensorFlow returns inf/nan without warnings


# --- errors ------------------------------------------------------------------------------

def slow(*args):
    """Whether TensorFlow's eager fast path would give up on these arguments (Python sequences,
    strings or NumPy scalars it converts in Python instead, or objects that convert themselves, such as a Keras
    variable; tensors and tf.Variables it takes); its errors then end without the " name: " part."""
    for a in args:
        if type(a) is Tensor:  # the common case, first
            continue
        if isinstance(a, (list, tuple, str, bytes)):
            return True
        if isinstance(a, np.generic) and not isinstance(a, (float, complex)):
            return True  # a NumPy scalar (np.float64 is a Python float, which the fast path takes)
        if not isinstance(a, Tensor) and hasattr(a, "_as_tensor") and not hasattr(a, "sparse_read"):
            return True
    return False


def suffix(name, *args):
    """The `end` for op_error/kernel_error of an op called with `args`: "" (no " name: " part)
    on the slow path, None (the name part) otherwise."""
    return "" if slow(*args) else None


def error_name(name, end):
    """The core's `name` argument: None drops " name: " (end="", the slow path), else the name."""
    return (name or "") if end is None else None


def op_error(op, message, name="", cls=errors.InvalidArgumentError, end=None):
    """An error TensorFlow raises before the kernel runs (conversion and attribute checks):
    "<message> [Op:<op>] name: <name>", without the name part for end=""."""
    return cls(None, None, _texts.op_error(op, message, error_name(name, end)))


def kernel_error(op, message, name="", node=None, end=None, cls=errors.InvalidArgumentError):
    """An error raised by the kernel of the op just placed, which TensorFlow prefixes with the
    function it wrapped the op in (named after the op, or `node`, and its device)."""
    text = _texts.kernel_error(op, _C.current_device(), message, error_name(name, end), node)
    return cls(None, None, text)


def _building():
    """Whether a graph is being built on this thread: TensorFlow's graph builder then refuses a
    dtype with a TypeError of its own text where eager execution raises InvalidArgumentError, and
    names nodes after the ops' name= arguments."""
    from varrt.framework import graph_building  # the graph layer, above this one: asked only on an error
    return graph_building.building()


def mismatch(op, index, expected, got, name="", node=None, end=None):
    """Input `index` is a `got` tensor where `op` (wrapped as `node`) needs `expected`."""
    if _building():
        op_def = op_def_lib.get(op)
        arg = op_def.input_at(index)
        if arg.type_attr is not None:
            # The graph builder checks the first input's dtype against the attr before it compares.
            _, attr, allowed, _ = _dtype_rule(op, arg.type_attr)
            if allowed is not None and expected._enum not in allowed:
                return TypeError(op_def.graph_attr_value_error(attr, dtypes.enum_name(expected)))
        return TypeError(op_def.graph_input_mismatch(index, dtypes.enum_name(expected), dtypes.enum_name(got)))
    return op_error(op, _texts.input_dtype_mismatch(node or op, index, expected._enum, got._enum), name, end=end)


def _list_mismatch(op, index, values, name):
    """matching()'s error for the list input of `op` at `index`: while a graph is built TensorFlow
    names every tensor's dtype (Python values as they convert alone)."""
    op_def = op_def_lib.get(op)
    if not (_building() and op_def.input_at(index).number_attr):
        return None
    kinds = [tensor_operand(v)[1] if is_tensor_like(v) else dtype_of(_to_array(v)) for v in values]
    return TypeError(op_def.graph_list_mismatch(index, [dtypes.enum_name(d) for d in kinds]))


def _enums(type_names):
    return frozenset(_DT_NAMES[n]._enum for n in type_names if n in _DT_NAMES)


_DTYPE_RULES = {}  # (op, attr) -> (OpDef, attr, allowed enums, enums without a CPU kernel), from the table


def _dtype_rule(op, attr):
    rule = _DTYPE_RULES.get((op, attr))
    if rule is None:
        op_def = op_def_lib.get(op)
        attr_def = op_def.attrs[attr] if attr is not None else op_def.dtype_attr
        if attr_def is None:  # no dtype constraint (Identity's T: type)
            rule = (op_def, None, None, frozenset())
        else:
            allowed = _enums(attr_def.allowed if attr_def.allowed is not None else _DT_NAMES)
            no_kernel = allowed - _enums(op_def.cpu_kernel_dtypes()) if attr is None else frozenset()
            rule = (op_def, attr_def.name, allowed, no_kernel)
        _DTYPE_RULES[(op, attr)] = rule
    return rule


def attr_value_error(op, type_name, name="", end=None, attr=None):
    """TensorFlow's InvalidArgumentError for a dtype (DataTypeString `type_name`) that `op`'s type
    attr `attr` (by default its first with allowed values) does not take."""
    op_def, attr, _, _ = _dtype_rule(op, attr)
    enum_name = op_def_lib.enum_name(type_name)
    if enum_name is not None and _building():
        return TypeError(op_def.graph_attr_value_error(attr, enum_name))
    return op_error(op, op_def.attr_value_error(attr, type_name), name, end=end)


def check_dtype(op, dtype, name="", end=None, attr=None, attrs=None):
    """Raises TensorFlow's error when `op` does not take `dtype` for its type attr `attr` (by default
    its first with allowed values), or has no CPU kernel for it: all from the op's record. `attrs`
    are the node's other attribute values where they are not the defaults (TensorFlow lists them)."""
    op_def, _, allowed, no_kernel = _dtype_rule(op, attr)
    if allowed is None:
        return
    if dtype._enum not in allowed:
        raise attr_value_error(op, _texts.type_name(dtype._enum), name, end, attr)
    if dtype._enum in no_kernel:
        text = op_def.no_device_error(_texts.enum_name(dtype._enum), attrs)
        raise op_error(op, text, name, cls=errors.NotFoundError, end=end)


def type_string(dtype):
    """TensorFlow's DataTypeString of `dtype` (float, half, uint16, ...), as its messages write it."""
    return _texts.type_name(dtype._enum)


def shape_text(shape):
    """A shape as TensorFlow writes it in messages ([2,3])."""
    return "[" + ",".join(str(d) for d in shape) + "]"


# --- operands ----------------------------------------------------------------------------

def is_tensor_like(x):
    return type(x) is Tensor or isinstance(x, Tensor) or hasattr(x, "_as_tensor")


def dtype_of(array):
    d = _BY_NUMPY.get(array.dtype)
    return _STRING if d is None and array.dtype.kind in "OSU" else d


def tensor_operand(x):
    """(TensorData, dtype) of a Tensor or a Variable's current value."""
    if type(x) is not Tensor:
        x = x._as_tensor() if not isinstance(x, Tensor) else x
    data = x._data
    return data, dtypes._BY_ENUM[data.dtype]


def shape_of(input):  # noqa: A002
    """The shape of an ndarray, Tensor or variable as a tuple of ints."""
    if type(input) is _ndarray:
        return input.shape
    return input._shape_tuple if isinstance(input, Tensor) else tuple(input.shape)


def host(input):  # noqa: A002
    """The values of an unplaced input, for arguments TensorFlow reads on the host (shapes, bounds)."""
    return input if type(input) is _ndarray else input.view()


def host_if_known(input):  # noqa: A002
    """host(input), or None for a symbolic tensor's data: a value known only when its graph runs."""
    if type(input) is _ndarray:
        return input
    try:
        return input.view()
    except NotImplementedError:
        return None


def require_value(x, what="value"):
    """Refuses to read on the host, while a graph is built, a tensor whose value is known only when
    the graph runs (a function argument, a variable's value, what is computed from them): the
    value read now would be frozen into the graph."""
    if not getattr(type(x), "_is_symbolic", False):  # eager code: no import
        return
    if not graph_building.value_known(x):
        raise NotImplementedError(
            f"varrt reads this {what} ({x.name}) while tracing, but inside a tf.function its value is known only "
            "when the graph runs; pass it as a Python value, or compute it outside the function.")


def value_operand(x, dtype=None, strict=True):
    """(array, dtype) of a Python or NumPy value converted like convert_to_tensor: to `dtype`
    strictly (TypeError for 2.5 into int32), as a hint (falls back to inference), or inferred."""
    _place_op("_EagerConst")  # the conversion, logged as TensorFlow logs it; the value stays on the host
    try:
        if dtype is None:
            array = _to_array(x)
            return array, dtype_of(array)
        if strict:
            return _to_array(x, dtype._enum), dtype
        array = _to_array(x, dtype._enum, False, True)
        return array, dtype_of(array)
    except (TypeError, ValueError):
        if not isinstance(x, TensorShape):  # checked only here: free for every other value
            raise
    try:
        dims, dtype = as_tensor_value(x, dtype)
    except TypeError:  # another dtype wanted: TensorFlow converts the shape as it is, the op's type check fails
        dims, dtype = as_tensor_value(x)
    return _to_array(dims, dtype._enum), dtype


def operand(x, dtype=None, strict=True):
    """(data, dtype) of an op's operand: a tensor's or variable's own value, else `x` converted by value_operand."""
    if is_tensor_like(x):
        return tensor_operand(x)
    if isinstance(x, (list, tuple)) and graph_building.building() and packs(x):
        # A list holding graph tensors packs (TensorFlow's auto-packing, framework/tensor.py's rule).
        return tensor_operand(convert_to_tensor(x, dtype=dtype))
    return value_operand(x, dtype, strict)


def matching(op, values, name="", first_index=0, end=None):
    """TensorFlow's args_to_matching_eager: all inputs in the dtype of the first tensor among
    them (values converted strictly to it), else in the dtype inferred for the first value.
    `end`: as op_error's."""
    tensors = [tensor_operand(v) if is_tensor_like(v) else None for v in values]
    dtype = next((t[1] for t in tensors if t is not None), None)
    out = []
    for i, (v, t) in enumerate(zip(values, tensors)):
        a, d = t if t is not None else value_operand(v, dtype)
        if dtype is None:
            dtype = d
        elif d is not dtype:
            raise _list_mismatch(op, first_index, values, name) or mismatch(op, i + first_index, dtype, d, name, end=end)
        out.append(a)
    return out, dtype


def default_typed(values, dtype=dtypes.int32):
    """`values` for an op whose type attr defaults to `dtype` (int32: BroadcastArgs, UnravelIndex):
    with no tensor among them TensorFlow converts NumPy and Python values to that default."""
    if any(is_tensor_like(v) for v in values):
        return values
    return [np.asarray(v).astype(dtype.as_numpy_dtype) for v in values]


def pair(op, x, y, hint=False, name=""):
    """(x, y, dtype) for a binary op, inputs not yet placed. Strict: args_to_matching_eager. Hint (math_ops.add,
    matmul): x inferred, y converted with x's dtype as a hint, then the dtypes must agree."""
    if is_tensor_like(x):
        xa, xd = tensor_operand(x)
        ya, yd = tensor_operand(y) if is_tensor_like(y) else value_operand(y, xd, not hint)
    elif hint:
        xa, xd = value_operand(x)
        ya, yd = operand(y, xd, strict=False)
    elif is_tensor_like(y):
        ya, yd = tensor_operand(y)
        xa, xd = value_operand(x, yd)
    else:
        xa, xd = value_operand(x)
        ya, yd = value_operand(y, xd)
    if xd is not yd:
        raise mismatch(op, 1, xd, yd, name, end=suffix(name, x, y))
    return xa, ya, xd


def int_list(value, what="value"):
    """A Python list of ints from an int, a sequence, a NumPy array or an integer tensor."""
    if is_tensor_like(value):
        require_value(value, what)
        return [int(v) for v in tensor_operand(value)[0].view().reshape(-1)]
    if isinstance(value, (int, np.integer)):
        return [int(value)]
    a = _to_array(value, 0 if isinstance(value, np.ndarray) else dtypes.int32._enum)
    return [int(v) for v in a.reshape(-1)]


def attr_ints(value):
    """An int-list argument as an op attribute (a tuple of ints), or None when it does not
    convert: the op's kernel then raises TensorFlow's error, and no gradient is ever asked."""
    try:
        return tuple(int_list(value))
    except Exception:  # noqa: BLE001 - whatever the conversion raises, the kernel reports it
        return None


# --- running ------------------------------------------------------------------------------

_execute = _C.execute


def run(op, kernel, inputs, dtype, shape=None, attrs=None, name=None, resource=None):
    """Runs `op` through the core dispatch (placed, logged, seen by hooks) with a NumPy `kernel`
    and returns its output, a Tensor of `dtype`. `inputs` are operands (TensorData, Tensors or
    host arrays); the kernel gets them as arrays on the op's device. With `shape` (a tuple, or
    "broadcast" for the inputs' broadcast shape) the output is allocated by the core and the
    kernel writes into it (`kernel(*arrays, out=...)`); without, it returns its result, which
    is copied in unless it is all of a tensor input's memory (the input, or a reshaped view of
    it: the output then shares that input's buffer, as Reshape and Identity do).
    `attrs` are the op's TensorFlow attributes ({name: int, bool, float or tuple of ints}) that
    its gradient function (ops/gradients) or a graph needs; hooks see them, kernels do not.
    `resource`: the variable the kernel reads or updates (a tf.random.Generator's state), which
    hooks see as the op's resource (a traced graph records it, a SavedModel exports it)."""
    return named(name, _execute, op, kernel, inputs, dtype._enum, shape, None, attrs, resource)


def named(name, core_op, *args):
    """`core_op(*args)` (an op entering the core), its graph node named after the op's `name=`
    while a graph is built (TensorFlow's node names)."""
    if name and _building():
        previous = _name_scopes.request_node_name(name)
        try:
            return core_op(*args)
        finally:
            _name_scopes.request_node_name(previous)
    return core_op(*args)


def run_core(entry, name, *args):
    """Runs an op with a core kernel through its _C entry, `entry(*args)` (placed, logged, seen by
    hooks in the core); while a graph is built the node takes the op's `name=`, as run() does."""
    if name and _building():
        previous = _name_scopes.request_node_name(name)
        try:
            return entry(*args)
        finally:
            _name_scopes.request_node_name(previous)
    return entry(*args)


def run_outputs(op, kernel, inputs, dtype, num_outputs, attrs=None):
    """run() for an op with `num_outputs` outputs of `dtype` (Unpack): the kernel returns that
    many arrays; a tuple of Tensors."""
    return _execute(op, kernel, inputs, dtype._enum, None, num_outputs, attrs)


def run_failing(op, error, inputs=(), dtype=dtypes.float32):
    """Runs `op` with a kernel that raises `error`: a check TensorFlow makes inside the op's
    kernel (so after its log line) that varrt could make before it."""
    def kernel(*arrays, out=None):
        raise error
    run(op, kernel, inputs, dtype)


def _cast_into(a, out):
    np.copyto(out, a, casting="unsafe")


def cast_operand(input, dtype):  # noqa: A002
    """A Cast op (NumPy's astype semantics) of an operand, through the dispatch."""
    return run("Cast", _cast_into, (input,), dtype, shape_of(input))

