"""Keras's note on an error raised inside a layer's `call`: the exception is raised again, of
the same type, with "Exception encountered when calling Dense.call()." and the arguments the
call received added to its message (keras/src/utils/traceback_utils.py,
`inject_argument_info_in_traceback`, on by default). A layer's own checks before `call`
(input specs) are not wrapped, and an error wrapped by an inner layer is not wrapped again."""
import inspect

from varrt.base import errors, nest
from varrt.framework.tensor import Tensor


def _format_argument(value):
    if isinstance(value, Tensor):
        return f"tf.Tensor(shape={tuple(value.shape.as_list()) if value.shape.rank is not None else None}, " \
               f"dtype={value.dtype.name})"
    return repr(value)


def _with_arguments(e, fn, object_name, args, kwargs):
    if hasattr(e, "_keras_call_info_injected"):
        return e
    signature = inspect.signature(fn)
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return e
    lines = []
    for parameter in signature.parameters.values():
        if parameter.name in bound.arguments:
            value = nest.map_structure(_format_argument, bound.arguments[parameter.name])
        else:
            value = parameter.default
        lines.append(f"  • {parameter.name}={value}")
    if not lines:
        return e
    if isinstance(e, errors.OpError):
        message = e.message
    else:
        message = e.args[0] if e.args else ""
    message = (f"Exception encountered when calling {object_name}.\n\n\x1b[1m{message}\x1b[0m\n\n"
               f"Arguments received by {object_name}:\n" + "\n".join(lines))
    if isinstance(e, errors.OpError):
        new_e = type(e)(e.node_def, e.op, message, e.error_code)
    else:
        try:
            new_e = type(e)(message)
        except TypeError:
            new_e = RuntimeError(message)
    new_e._keras_call_info_injected = True
    return new_e


def call_with_argument_info(fn, object_name, args, kwargs):
    """`fn(*args, **kwargs)`, an exception raised again with Keras's note."""
    try:
        return fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - every type, as Keras
        new_e = _with_arguments(e, fn, object_name, args, kwargs)
        if new_e is e:
            raise
        raise new_e.with_traceback(e.__traceback__) from None
