"""`tf.autograph`: Python control flow on tensors in `tf.function`s (see converter.py for what is
converted). `tf.function(autograph=True)`, the default, converts its function once."""
import functools
import types

from varrt.autograph import converter, experimental  # noqa: F401



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
    """The function with its control flow converted (TensorFlow's tf.autograph.to_graph)."""
    return convert(entity)


def to_code(entity, recursive=True, experimental_optional_features=None):
    """The converted source of a function (readable; not TensorFlow's generated text)."""
    fn = entity.__func__ if isinstance(entity, types.MethodType) else entity
    return converter.transformed_source(fn) + "\n"
