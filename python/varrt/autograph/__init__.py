"""`tf.autograph`: Python control flow on tensors in `tf.function`s (see converter.py for what is
converted). `tf.function(autograph=True)`, the default, converts its function once."""
import functools
import types

import inspect

from varrt.autograph import converter, experimental  # noqa: F401


class AutoGraphError(Exception):
    """TensorFlow's base class of autograph's errors."""


class ConversionError(AutoGraphError):
    """A function autograph cannot convert (TensorFlow's tf.autograph error class)."""


def _require_source(fn):
    """TensorFlow's ConversionError for a function whose source cannot be read (defined in an
    interactive shell, or by exec): to_graph and to_code convert explicitly, so they refuse it."""
    try:
        inspect.getsource(fn.__code__)
    except (OSError, TypeError) as e:
        raise ConversionError(
            f"converting {fn}: InaccessibleSourceCodeError: Unable to locate the source code of {fn}. Note that "
            "functions defined in certain environments, like the interactive Python shell, do not expose their "
            "source code. If that is the case, you should define them in a .py source file. If you are certain the "
            "code is graph-compatible, wrap the call using @tf.autograph.experimental.do_not_convert. Original "
            f"error: {e}") from None


def convert(fn):
    """`fn` converted (cached per function), or `fn` itself when it cannot or need not be."""
    if getattr(fn, "__ag_do_not_convert__", False):
        return fn
    if isinstance(fn, types.MethodType):
        return types.MethodType(convert(fn.__func__), fn.__self__)
    if isinstance(fn, functools.partial):
        return functools.partial(convert(fn.func), *fn.args, **fn.keywords)
    if not isinstance(fn, types.FunctionType):
        call = getattr(type(fn), "__call__", None)
        # varrt's own callables (a Keras layer mapped over a dataset) are library code, which
        # TensorFlow's autograph leaves as written too.
        if getattr(call, "__module__", "").startswith("varrt."):
            return fn
        if isinstance(call, types.FunctionType) and not isinstance(fn, type):
            return types.MethodType(convert(call), fn)
        return fn
    cached = fn.__dict__.get(converter.CONVERTED_ATTRIBUTE)
    # functools.wraps copies __dict__ onto a wrapper: a copied entry belongs to another function.
    if cached is not None and (cached is fn or getattr(cached, "__wrapped__", None) is fn):
        return cached
    cached = converter.convert_function(fn)
    fn.__dict__[converter.CONVERTED_ATTRIBUTE] = cached
    return cached


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """The function with its control flow converted (TensorFlow's tf.autograph.to_graph).

    Raises:
      ConversionError: the function's source cannot be read.
    """
    fn = entity.__func__ if isinstance(entity, types.MethodType) else entity
    if isinstance(fn, types.FunctionType):
        _require_source(fn)
    return convert(entity)


def to_code(entity, recursive=True, experimental_optional_features=None):
    """The converted source of a function (readable; not TensorFlow's generated text).

    Raises:
      ConversionError: the function's source cannot be read.
    """
    fn = entity.__func__ if isinstance(entity, types.MethodType) else entity
    _require_source(fn)
    return converter.transformed_source(fn) + "\n"
