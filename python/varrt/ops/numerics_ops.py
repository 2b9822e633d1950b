"""`tf.debugging.check_numerics` (CheckNumerics) and CheckNumericsV2 (what
tf.debugging.enable_check_numerics adds): the input, unless it holds NaN or infinities, which raise
InvalidArgumentError with TensorFlow's text (CheckNumerics: "Inf and NaN"; V2 tells the signs of
the infinities: "-Inf, +Inf, and NaN")."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


# CheckNumerics's message attribute as the core carries attributes (integers): an index into
# this list of the messages seen, which the gradient reads back (message_of).
_MESSAGES: list[str] = []
_MESSAGE_INDEX: dict[str, int] = {}


def _message_attr(message):
    index = _MESSAGE_INDEX.get(message)
    if index is None:
        index = _MESSAGE_INDEX[message] = len(_MESSAGES)
        _MESSAGES.append(message)
    return index


def message_of(op):
    """The message of a recorded CheckNumerics op (its gradient adds it to its own)."""
    return _MESSAGES[int(op.get_attr("message"))]


def _problem(a):
    """TensorFlow's CheckNumerics kernel text for what `a` holds ("Inf", "NaN", both), or None."""
    found = [what for what, test in (("Inf", np.isinf), ("NaN", np.isnan)) if test(a).any()]
    return " and ".join(found) or None


def _signed_problem(a):
    """CheckNumericsV2's text: "-Inf", "+Inf", "NaN" found, listed as "x", "x and y" or "x, y, and z"."""
    inf = np.isinf(a)
    found = [what for what, hit in (("-Inf", inf & (a < 0)), ("+Inf", inf & (a > 0)), ("NaN", np.isnan(a)))
             if hit.any()]
    if len(found) < 3:
        return " and ".join(found) or None
    return ", ".join(found[:-1]) + ", and " + found[-1]


def _check(op, problem, tensor, message, name):
    a, dtype = operand(tensor)
    end = suffix(name, tensor)
    check_dtype(op, dtype, name, end)
    message = message.decode() if isinstance(message, bytes) else str(message)

    def kernel(a):
        found = problem(np.asarray(a, dtype=np.float64) if a.dtype.kind == "V" else a)
        if found is not None:
            raise kernel_error(op, f"{message} : Tensor had {found} values", name, end=end)
        return a
    return run(op, kernel, (a,), dtype, attrs={"message": _message_attr(message)}, name=name)


@op_def_lib.implements("CheckNumerics")
def check_numerics(tensor, message, name=None) -> Tensor:
    """`tensor` itself, checked for NaN and infinity (tf.debugging.check_numerics)."""
    return _check("CheckNumerics", _problem, tensor, message, name)


@op_def_lib.implements("CheckNumericsV2")
def check_numerics_v2(tensor, message, name=None) -> Tensor:
    """`tensor` itself, checked for NaN and infinities, which the error tells apart by sign."""
    return _check("CheckNumericsV2", _signed_problem, tensor, message, name)
