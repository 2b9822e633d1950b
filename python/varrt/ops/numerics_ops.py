"""`tf.debugging.check_numerics` (CheckNumerics): its input, unless it holds NaN or infinities,
which raise InvalidArgumentError with TensorFlow's text (NaN reported before Inf)."""
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


@op_def_lib.implements("CheckNumerics")
def check_numerics(tensor, message, name=None) -> Tensor:
    """`tensor` itself, checked for NaN and infinity (tf.debugging.check_numerics)."""
    a, dtype = operand(tensor)
    end = suffix(name, tensor)
    check_dtype("CheckNumerics", dtype, name, end)
    message = message.decode() if isinstance(message, bytes) else str(message)

    def kernel(a):
        found = _problem(np.asarray(a, dtype=np.float64) if a.dtype.kind == "V" else a)
        if found is not None:
            raise kernel_error("CheckNumerics", f"{message} : Tensor had {found} values", name, end=end)
        return a
    return run("CheckNumerics", kernel, (a,), dtype, attrs={"message": _message_attr(message)}, name=name)
