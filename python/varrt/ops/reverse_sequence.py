"""tf.reverse_sequence (ReverseSequence): for each index along `batch_axis`, the first
seq_lengths[i] elements along `seq_axis` reversed, the rest kept."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("ReverseSequence")
def _raw_reverse_sequence(input, seq_lengths, seq_dim, batch_dim=0, name=None) -> Tensor:  # noqa: A002
    a, dtype = operand(input)
    lengths, len_dtype = operand(seq_lengths, dtypes.int64)
    end = suffix(name, input, seq_lengths)
    check_dtype("ReverseSequence", len_dtype, name, end, attr="Tlen")

    def kernel(a, lengths):
        seq, batch = seq_dim % max(a.ndim, 1), batch_dim % max(a.ndim, 1)
        if lengths.ndim != 1:
            raise kernel_error("ReverseSequence", f"seq_lengths must be 1-dim, not {lengths.ndim}", name, end=end)
        if lengths.shape[0] != a.shape[batch]:
            raise kernel_error("ReverseSequence", f"Length of seq_lengths != input.dims({batch_dim}), "
                                                  f"({lengths.shape[0]} vs. {a.shape[batch]})", name, end=end)
        out = np.array(a, copy=True)
        for i, n in enumerate(lengths.tolist()):
            if n > a.shape[seq]:
                raise kernel_error("ReverseSequence", f"seq_lens({i}) > input.dims({seq_dim})", name, end=end)
            if n < 0:
                raise kernel_error("ReverseSequence", f"seq_lens({i}) < 0", name, end=end)
            src = [slice(None)] * a.ndim
            src[batch] = i
            src[seq] = slice(n - 1, None, -1) if n else slice(0, 0)
            dst = list(src)
            dst[seq] = slice(0, n)
            out[tuple(dst)] = a[tuple(src)]
        return out
    return run("ReverseSequence", kernel, (a, lengths), dtype,
               attrs={"seq_dim": seq_dim, "batch_dim": batch_dim, "Tlen": len_dtype._enum}, name=name)


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None) -> Tensor:  # noqa: A002
    """`input` with the first seq_lengths[i] elements along `seq_axis` reversed for each i along
    `batch_axis` (tf.reverse_sequence)."""
    return _raw_reverse_sequence(input, seq_lengths, seq_axis, 0 if batch_axis is None else batch_axis, name)
