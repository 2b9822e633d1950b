"""The public names TensorFlow 2.21 gives auto dtype conversion (its ops/weak_tensor_ops.py patches
them at import; varrt wraps them when `experimental_enable_numpy_behavior(dtype_conversion_mode=
"safe" | "all")` first turns that mode on, so other modes pay nothing): the lists below are
TensorFlow's, read from its public API with the mode on, plus the functions its operators reach
through wrapped internals (subtract, truediv, floordiv, pow, equal). A name varrt lacks is skipped.
The wrappers themselves are ops/weak_tensor_ops.py's; Tensor's operators are installed there."""
import sys

from varrt.framework.tensor import constant
from varrt.framework.variables import Variable
from varrt.ops import weak_tensor_ops

# Unary: a Python value (or a WeakTensor) gives a weak result.
_UNARY = """
    tf.abs tf.acos tf.acosh tf.asin tf.asinh tf.atan tf.atanh tf.clip_by_value tf.cos tf.cosh tf.exp
    tf.expand_dims tf.floor tf.identity tf.image.extract_patches tf.linalg.diag tf.linalg.diag_part
    tf.linalg.matrix_transpose tf.linalg.tensor_diag_part tf.linalg.trace tf.math.abs tf.math.acos tf.math.acosh
    tf.math.angle tf.math.asin tf.math.asinh tf.math.atan tf.math.atanh tf.math.bessel_i0 tf.math.bessel_i0e
    tf.math.bessel_i1 tf.math.bessel_i1e tf.math.ceil tf.math.conj tf.math.cos tf.math.cosh tf.math.digamma
    tf.math.erf tf.math.erfc tf.math.erfcinv tf.math.erfinv tf.math.exp tf.math.expm1 tf.math.floor tf.math.imag
    tf.math.lgamma tf.math.log tf.math.log1p tf.math.log_sigmoid tf.math.log_softmax tf.math.ndtri
    tf.math.negative tf.math.real tf.math.reciprocal tf.math.reciprocal_no_nan tf.math.reduce_euclidean_norm
    tf.math.reduce_logsumexp tf.math.reduce_max tf.math.reduce_mean tf.math.reduce_min tf.math.reduce_prod
    tf.math.reduce_std tf.math.reduce_sum tf.math.reduce_variance tf.math.rint tf.math.round tf.math.rsqrt
    tf.math.sigmoid tf.math.sign tf.math.sin tf.math.sinh tf.math.softplus tf.math.sqrt tf.math.square tf.math.tan
    tf.math.tanh tf.negative tf.nn.depth_to_space tf.nn.gelu tf.nn.leaky_relu tf.nn.log_softmax tf.nn.relu6
    tf.nn.sigmoid tf.nn.silu tf.nn.softplus tf.nn.space_to_depth tf.nn.swish tf.nn.tanh tf.ones_like
    tf.reduce_logsumexp tf.reduce_max tf.reduce_mean tf.reduce_min tf.reduce_prod tf.reduce_sum tf.reshape
    tf.round tf.sigmoid tf.sign tf.sin tf.sinh tf.sqrt tf.square tf.squeeze tf.stop_gradient tf.tan tf.tanh
    tf.transpose tf.zeros_like tnp.abs tnp.absolute tnp.amax tnp.amin tnp.angle tnp.arange tnp.arccos tnp.arcsin
    tnp.arcsinh tnp.arctan tnp.arctanh tnp.around tnp.array tnp.asanyarray tnp.asarray tnp.ascontiguousarray
    tnp.average tnp.bitwise_not tnp.cbrt tnp.ceil tnp.conj tnp.conjugate tnp.copy tnp.cos tnp.cosh tnp.cumprod
    tnp.cumsum tnp.deg2rad tnp.diag tnp.diagflat tnp.diagonal tnp.diff tnp.empty_like tnp.exp tnp.exp2
    tnp.expand_dims tnp.expm1 tnp.fabs tnp.fix tnp.flatten tnp.flip tnp.fliplr tnp.flipud tnp.floor tnp.full_like
    tnp.imag tnp.log tnp.log10 tnp.log1p tnp.log2 tnp.max tnp.mean tnp.min tnp.moveaxis tnp.nanmean tnp.negative
    tnp.ones_like tnp.positive tnp.prod tnp.rad2deg tnp.ravel tnp.real tnp.reciprocal tnp.repeat tnp.reshape
    tnp.rot90 tnp.round tnp.sin tnp.sinc tnp.sinh tnp.sort tnp.sqrt tnp.square tnp.squeeze tnp.std tnp.sum
    tnp.swapaxes tnp.tan tnp.tanh tnp.trace tnp.transpose tnp.triu tnp.vander tnp.var tnp.zeros_like
""".split()

# Binary: the operands promote by the lattice; their second argument's name where it is not the
# second parameter's.
_BINARY = """
    tf.add tf.divide tf.linalg.matmul tf.math.add tf.math.divide tf.math.divide_no_nan tf.math.floormod
    tf.math.mod tf.math.multiply tf.math.multiply_no_nan tf.matmul tf.multiply tf.realdiv tf.truncatediv
    tf.truncatemod tnp.matmul
    tf.subtract tf.math.subtract tf.math.truediv tf.truediv tf.math.floordiv tf.floordiv tf.pow tf.math.pow
""".split()
_BINARY_Y = {"tf.matmul": "b", "tf.linalg.matmul": "b", "tnp.matmul": "x2"}

# Comparisons: promoted, never weak.
_COMPARISON = """
    tf.math.maximum tf.math.minimum tf.maximum tf.minimum
    tf.equal tf.math.equal
""".split()

_MODULES = {"tf": "varrt", "tf.math": "varrt.math", "tf.nn": "varrt.nn", "tf.linalg": "varrt.linalg",
            "tf.bitwise": "varrt.bitwise", "tf.image": "varrt.image", "tnp": "varrt.experimental.numpy"}
_installed = []


def _resolve(dotted):
    """The object a public name is bound to, or None where varrt lacks it."""
    module_name, _, attr = dotted.rpartition(".")
    module = sys.modules.get(_MODULES[module_name])
    return vars(module).get(attr) if module is not None else None


def _is_wrapper(fn):
    return any(fn is w for w in weak_tensor_ops._wrappers.values())


def _replace_everywhere(original, wrapper):
    """Every public name bound to `original` (an op's aliases: tf.abs and tf.math.abs) now the wrapper."""
    for module_name in _MODULES.values():
        module = sys.modules.get(module_name)
        if module is None:
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                setattr(module, attr, wrapper)


def install():
    """Wraps TensorFlow's list of public ops, tf.constant and the Variable updates (once)."""
    if _installed:
        return
    _installed.append(True)
    weak_tensor_ops.install_operators()
    for kind, names, special in (("unary", _UNARY, None), ("binary", _BINARY, None),
                                 ("binary", _COMPARISON, "comparison-method")):
        for dotted in names:
            original = _resolve(dotted)
            if callable(original) and not _is_wrapper(original):
                _replace_everywhere(original, weak_tensor_ops.wrap(original, kind, special, _BINARY_Y.get(dotted)))
    _replace_everywhere(constant, weak_tensor_ops.binary_op_wrapper(constant, "dtype", "constant"))
    for method, argument in (("assign", "value"), ("assign_add", "delta"), ("assign_sub", "delta")):
        setattr(Variable, method, weak_tensor_ops.binary_op_wrapper(_variable_update(getattr(Variable, method),
                                                                                     argument), argument,
                                                                    "variable_method"))


def _variable_update(method, argument):
    """A Variable update (a core method, without a Python signature) with TensorFlow's parameters."""
    if argument == "value":
        def update(self, value, use_locking=None, name=None, read_value=True):
            return method(self, value, use_locking, name, read_value)
    else:
        def update(self, delta, use_locking=None, name=None, read_value=True):
            return method(self, delta, use_locking, name, read_value)
    update.__name__ = update.__qualname__ = method.__name__
    update.__doc__ = method.__doc__
    return update
