"""tf.timestamp (Timestamp): the time since the epoch in seconds, a float64 scalar, read when the
op runs (in a graph, on each run)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import time
from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import run

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("Timestamp")
def timestamp(name=None) -> Tensor:
    """Seconds since the epoch as a float64 scalar (tf.timestamp)."""
    return run("Timestamp", lambda: np.float64(time.time()), (), dtypes.float64, name=name)
