"""WeakTensor support in ops (TensorFlow's ops/weak_tensor_ops.py): the wrappers that give an op
auto dtype conversion while the mode is "safe" or "all" (framework/flexible_dtypes.py), and the
operators of Tensor and WeakTensor in those modes.

A unary wrapper reads a Python value (or a WeakTensor) as a weak tensor of the lattice's dtype and
returns a WeakTensor when its input was weak; a Tensor input, or an explicit `dtype`, runs the op
unchanged. A binary wrapper converts both operands to the lattice's result of the two and returns
a WeakTensor when that result is weak (never for comparisons). In any other mode the wrappers call
the op as it is. Which public names are wrapped, as TensorFlow wraps them, is decided in
experimental/numpy/weak_tensor_api.py; the wrappers are made once per op here."""
import inspect

from varrt.base import dtypes, tf_logging
from varrt.framework import flexible_dtypes
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable
from varrt.framework.weak_tensor import WeakTensor, convert_to_weak_tensor_or_tensor
from varrt.ops import linalg_ops, math_ops, overloads
from varrt.ops.op_util import is_tensor_like

_wrappers = {}  # (op, kind, special, y_arg_name) -> its wrapper: one per op, whichever name reaches it


def _convert_or_cast(x, dtype):
    """`x` in `dtype`: a tensor or variable cast, a Python or NumPy value converted."""
    if isinstance(x, WeakTensor):
        x = x.tensor
    if is_tensor_like(x) or isinstance(x, SparseTensor) or hasattr(type(x), "_composite_components"):
        return math_ops.cast(x, dtype)
    return convert_to_tensor(x, dtype)


def _fallback_warning(op, *values):
    types = ", ".join(str(type(v)) for v in values)
    tf_logging.warning(f"The new dtype semantics do not support {op.__module__}.{op.__name__}({types}). Falling back "
                       "to old semantics.")


def _decorate(op, wrapper):
    wrapper.__name__ = getattr(op, "__name__", "wrapper")
    wrapper.__qualname__ = getattr(op, "__qualname__", wrapper.__name__)
    wrapper.__doc__ = getattr(op, "__doc__", None)
    wrapper.__module__ = getattr(op, "__module__", __name__)
    wrapper.__wrapped__ = op
    return wrapper


def unary_op_wrapper(op, x_arg_name=None):
    """`op` with auto dtype conversion of its first argument (or `x_arg_name`)."""
    key = (op, "unary", None, x_arg_name)
    if key in _wrappers:
        return _wrappers[key]
    signature = inspect.signature(op)
    if x_arg_name is None:
        x_arg_name = next(iter(signature.parameters))

    def wrapper(*args, **kwargs):
        if not flexible_dtypes.is_auto_dtype_conversion_enabled():
            return op(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = bound.arguments
        x = arguments[x_arg_name]
        if isinstance(x, Tensor) or arguments.get("dtype", None) is not None:
            return op(*bound.args, **bound.kwargs)
        try:
            target, is_weak = flexible_dtypes.result_type(x)
        except NotImplementedError:
            _fallback_warning(op, x)
            return op(*bound.args, **bound.kwargs)
        arguments[x_arg_name] = _convert_or_cast(x, target)
        return convert_to_weak_tensor_or_tensor(op(*bound.args, **bound.kwargs), is_weak)

    _wrappers[key] = wrapper = _decorate(op, wrapper)
    return wrapper


def binary_op_wrapper(op, y_arg_name=None, special_handling=None):
    """`op` with its first two arguments (or the first and `y_arg_name`) converted to their
    promotion result. `special_handling`: "comparison-method" (the result is never weak),
    "variable_method" (a Variable's update: its dtype cannot change), "constant" (tf.constant,
    whose second argument is the dtype)."""
    key = (op, "binary", special_handling, y_arg_name)
    if key in _wrappers:
        return _wrappers[key]
    signature = inspect.signature(op)
    names = iter(signature.parameters)
    x_arg_name = next(names)
    if y_arg_name is None:
        y_arg_name = next(names)

    def wrapper(*args, **kwargs):
        if not flexible_dtypes.is_auto_dtype_conversion_enabled():
            return op(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = bound.arguments
        x, y = arguments[x_arg_name], arguments[y_arg_name]
        try:
            target, is_weak = flexible_dtypes.result_type(x, y)
        except NotImplementedError:
            _fallback_warning(op, x, y)
            return op(*bound.args, **bound.kwargs)
        if special_handling == "variable_method":
            if target != x.dtype:
                raise TypeError(f"Variable dtype is immutable. Calling {op.__name__} of Variable (with dtype "
                                f"{x.dtype}) on {y} requires converting {y} to {x.dtype}. This is disabled in the "
                                f"current promotion semantics. Please convert {y} manually before calling "
                                f"{op.__name__}.")
            arguments[y_arg_name] = _convert_or_cast(y, target)
            return op(*bound.args, **bound.kwargs)
        if special_handling == "constant":
            if isinstance(x, WeakTensor):
                arguments[x_arg_name] = x.tensor
            if y is not None:
                is_weak = False
                if target != y:
                    return op(*bound.args, **bound.kwargs)
                if isinstance(x, (Tensor, WeakTensor)) or is_tensor_like(x):
                    arguments[x_arg_name] = _convert_or_cast(x, target)
            else:
                arguments["dtype"] = target
        else:
            arguments[x_arg_name] = _convert_or_cast(x, target)
            arguments[y_arg_name] = _convert_or_cast(y, target)
        if special_handling == "comparison-method":
            is_weak = False
        return convert_to_weak_tensor_or_tensor(op(*bound.args, **bound.kwargs), is_weak)

    _wrappers[key] = wrapper = _decorate(op, wrapper)
    return wrapper


# The ops Tensor's operators reach in the auto modes (TensorFlow's operators call math_ops' functions,
# which its weak_tensor_ops replaces): `+ - * / // % ** @` promote, `==` promotes and is never weak.
def _x_y(fn):
    """`fn` as a function of (x, y) only, so the wrappers bind its operands by position."""
    def op(x, y):
        return fn(x, y)
    op.__name__ = op.__qualname__ = fn.__name__
    op.__module__ = getattr(fn, "__module__", __name__)
    return op


_OPERATOR_OPS = {
    "add": binary_op_wrapper(_x_y(math_ops.add)),
    "sub": binary_op_wrapper(_x_y(math_ops.subtract)),
    "mul": binary_op_wrapper(_x_y(math_ops.multiply)),
    "truediv": binary_op_wrapper(_x_y(math_ops.truediv)),
    "floordiv": binary_op_wrapper(_x_y(math_ops.floordiv)),
    "mod": binary_op_wrapper(_x_y(math_ops.floormod)),
    "pow": binary_op_wrapper(_x_y(math_ops.pow)),
}


def _matmul(a, b):
    return linalg_ops.matmul(a, b)


_OPERATOR_OPS["matmul"] = binary_op_wrapper(_matmul)
_weak_abs = unary_op_wrapper(math_ops.abs)
_weak_negative = unary_op_wrapper(math_ops.negative)


def _invert_op(x):
    """`~x` of a tensor or a value (TensorFlow's invert_: logical not of bools, bitwise of integers)."""
    return overloads.BINARY["__invert__"](convert_to_tensor(x) if not is_tensor_like(x) else x)


_weak_invert = unary_op_wrapper(_invert_op)


def _auto_operator(base, reflected, original):
    """Tensor's operator for `base` ("add", ...; `reflected`: its __r...__ form): the weak-aware op
    in the auto modes, else `original`."""
    weak_op = _OPERATOR_OPS[base]

    def operator(self, other):
        if not flexible_dtypes.is_auto_dtype_conversion_enabled():
            return original(self, other)
        if base == "mul" and dtypes.bool in (getattr(self, "dtype", None), getattr(other, "dtype", None)):
            return original(self, other)  # TensorFlow's `*` on bools: a logical and, unpromoted
        if reflected:
            return weak_op(other, self)
        try:
            return weak_op(self, other)
        except (TypeError, ValueError) as e:
            # TensorFlow's binary_op_wrapper: the other operand's reflected operator gets a chance
            # (a NumPy scalar computes it itself), else the first error stands.
            method = getattr(type(other), f"__r{base}__", None)
            if method is None or isinstance(other, (Tensor, WeakTensor, Variable)):
                raise
            try:
                out = method(other, self)
            except (TypeError, ValueError):
                raise e from None
            if out is NotImplemented:
                raise
            return out

    operator.__name__ = f"__r{base}__" if reflected else f"__{base}__"
    return operator


def _tensor_equals(original):
    """`==` in the auto modes: both operands in their promotion result (SAFE's TypeError propagates),
    then Tensor's own equality (False for shapes that do not broadcast); never weak."""
    def operator(self, other):
        if not flexible_dtypes.is_auto_dtype_conversion_enabled() or other is None:
            return original(self, other)
        try:
            target, _ = flexible_dtypes.result_type(self, other)
        except NotImplementedError:
            return original(self, other)
        x, y = _convert_or_cast(self, target), _convert_or_cast(other, target)
        return original(x, y)
    operator.__name__ = "__eq__"
    return operator


def _unary_operator(name, weak_op, original):
    def operator(self):
        if not flexible_dtypes.is_auto_dtype_conversion_enabled():
            return original(self)
        return weak_op(self)
    operator.__name__ = name
    return operator


_PROMOTING = {f"__{b}__" for b in _OPERATOR_OPS} | {f"__r{b}__" for b in _OPERATOR_OPS} | {"__eq__"}
_installed = []


def install_operators():
    """Tensor's promoting operators become weak-aware, and WeakTensor gets Tensor's operators (once)."""
    if _installed:
        return
    _installed.append(True)
    for base in _OPERATOR_OPS:
        for name, reflected in ((f"__{base}__", False), (f"__r{base}__", True)):
            for cls in (Tensor, Variable):  # a Variable's operators are its value's, as in TensorFlow
                setattr(cls, name, _auto_operator(base, reflected, getattr(cls, name)))
    for cls in (Tensor, Variable):
        cls.__eq__ = _tensor_equals(cls.__eq__)
        cls.__abs__ = _unary_operator("__abs__", _weak_abs, cls.__abs__)
        cls.__invert__ = _unary_operator("__invert__", _weak_invert, cls.__invert__)
    for name in overloads.BINARY:
        if name in ("__neg__", "__abs__", "__invert__"):
            continue
        setattr(WeakTensor, name, _weak_operator(name))
    WeakTensor.__getitem__ = _weak_getitem
    WeakTensor.__neg__ = _weak_negative
    WeakTensor.__abs__ = _weak_abs
    WeakTensor.__invert__ = _weak_invert


def _weak_operator(name):
    """WeakTensor's operator `name`: Tensor's, given the weak tensor itself (it converts as its
    tensor, on TensorFlow's slow path: errors without the " name: " part)."""
    tensor_method = getattr(Tensor, name)
    promotes = name in _PROMOTING

    def operator(self, other):
        if promotes and flexible_dtypes.is_auto_dtype_conversion_enabled():
            return tensor_method(self, other)
        return overloads.BINARY[name](self, other)

    operator.__name__ = name
    return operator


def _weak_getitem(self, key):
    return self.tensor[key]  # slicing is not patched: a strict tensor


def wrap(op, kind, special_handling=None, y_arg_name=None):
    """The wrapper of `op` of `kind` ("unary" or "binary")."""
    if kind == "unary":
        return unary_op_wrapper(op, y_arg_name)
    return binary_op_wrapper(op, y_arg_name, special_handling)
