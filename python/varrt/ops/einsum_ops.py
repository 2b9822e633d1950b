"""`tf.einsum` (TensorFlow's Einsum op, its equation checks and texts), lowered as TensorFlow's
CPU kernel lowers it: each operand's repeated labels to a diagonal, labels only it has summed
away, then one contraction of two operands at a time as a transposition (skipped when it is the
identity or a matmul transpose flag does it), a reshape to [batch..., rows, inner] and
[batch..., inner, columns] (skipped when each group is one label), a batched GEMM (the core's
MatMul/BatchMatMulV2, broadcasting the ellipsis dimensions), and a reshape and transposition into
the output's order. Gradients come from those ops; sizes unknown while a graph is built are
read from the graph's Shape nodes when it runs. More than two operands are contracted left to
right (TensorFlow asks opt_einsum for an order; the values agree up to rounding)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, diag_ops, linalg_ops, op_def_lib, reduction_ops
from varrt.ops.einsum_equation import ELLIPSIS as _ELLIPSIS, parse
from varrt.ops.op_util import check_dtype, is_tensor_like, kernel_error, mismatch, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# The dimensions an ellipsis covers, by position from the right (so operands broadcast): labels
# no equation can use.
_ELLIPSIS_DIMS = [chr(0x100 + i) for i in range(64)]
# TensorFlow's CPU Einsum for float32 and bfloat16 is oneDNN's (its error names that kernel).
_ONEDNN_KERNEL = {"float32", "bfloat16"}


def _kernel_equation_error(text, dtype, name, end, count):
    node = f"__MklEinsum_N_{count}" if dtype.name in _ONEDNN_KERNEL else None
    return kernel_error("Einsum", text, name, node=node or f"Einsum_N_{count}", end=end)


def _shape_text(shape):
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _expand_ellipsis(labels, shape, ellipsis_rank):
    """The operand's labels with "..." replaced by one label per dimension it covers (numbered
    from the right, so that operands broadcast); ValueError if the rank does not fit."""
    if _ELLIPSIS not in labels:
        return list(labels)
    if labels.count(_ELLIPSIS) > 1:
        raise ValueError(f"Too many ellipses in input label {labels.replace(_ELLIPSIS, '...')}.")
    named = len(labels) - 1
    covered = ellipsis_rank if shape is None else len(shape) - named
    at = labels.index(_ELLIPSIS)
    dims = [_ELLIPSIS_DIMS[covered - 1 - i] for i in range(covered)]
    return list(labels[:at]) + dims + list(labels[at + 1:])


class _Operand:
    """A tensor and the label of each of its dimensions."""

    __slots__ = ("x", "labels")

    def __init__(self, x, labels):
        self.x = x
        self.labels = labels

    def dims(self):
        """Each dimension's size: an int when known now, else a scalar of the graph's Shape."""
        static = self.x.shape.as_list()
        dynamic = None
        out = []
        for i, d in enumerate(static):
            if d is None:
                dynamic = array_ops.shape(self.x) if dynamic is None else dynamic
                d = dynamic[i]
            out.append(d)
        return out


def _product(sizes):
    known = 1
    unknown = None
    for s in sizes:
        if isinstance(s, int):
            known *= s
        else:
            unknown = s if unknown is None else unknown * s
    return known if unknown is None else unknown * known


def _reshaped(x, sizes):
    if all(isinstance(s, int) for s in sizes) and x.shape.as_list() == list(sizes):
        return x
    if any(not isinstance(s, int) for s in sizes):
        sizes = array_ops.stack([convert_to_tensor(s) if isinstance(s, int) else s for s in sizes])
    return array_ops.reshape(x, sizes)


def _transposed(op, order):
    perm = [op.labels.index(label) for label in order]
    x = op.x if perm == list(range(len(perm))) else array_ops.transpose(op.x, perm)
    return _Operand(x, list(order))


def _take_diagonals(op):
    """Repeated labels of one operand become one: its diagonal along them."""
    while True:
        seen = [label for label in op.labels if op.labels.count(label) > 1]
        if not seen:
            return op
        label = seen[0]
        at = [i for i, lb in enumerate(op.labels) if lb == label]
        perm = [i for i, lb in enumerate(op.labels) if lb != label] + at[:2]
        x = op.x if perm == list(range(len(perm))) else array_ops.transpose(op.x, perm)
        op = _Operand(diag_ops.diag_part(x), [op.labels[i] for i in perm[:-2]] + [label])


def _sum_away(op, keep):
    """Sums the dimensions whose labels no other operand and not the output has."""
    axes = [i for i, label in enumerate(op.labels) if label not in keep]
    if not axes:
        return op
    return _Operand(reduction_ops.reduce_sum(op.x, axes), [lb for lb in op.labels if lb in keep])


def _matmul_side(op, batch, free, inner, inner_last):
    """`op` as [batch..., free, inner] (inner_last) or [batch..., inner, free], whichever needs no
    transposition, and whether it came out transposed relative to the wanted layout."""
    wanted = batch + (free + inner if inner_last else inner + free)
    other = batch + (inner + free if inner_last else free + inner)
    if op.labels == wanted or op.labels != other:
        return _transposed(op, wanted), False
    return op, True


def _contract(a, b, keep):
    """a and b contracted into one operand whose labels are those of `keep` they have: batch
    labels (both, kept), inner (both, not kept), and each one's own free labels."""
    batch = [lb for lb in a.labels if lb in b.labels and lb in keep]
    inner = [lb for lb in a.labels if lb in b.labels and lb not in keep]
    free_a = [lb for lb in a.labels if lb not in b.labels]
    free_b = [lb for lb in b.labels if lb not in a.labels]
    a, flip_a = _matmul_side(a, batch, free_a, inner, inner_last=True)
    b, flip_b = _matmul_side(b, batch, free_b, inner, inner_last=False)
    size_a, size_b = dict(zip(a.labels, a.dims())), dict(zip(b.labels, b.dims()))
    batch_a = [size_a[lb] for lb in batch]
    batch_b = [size_b[lb] for lb in batch]
    rows, cols, depth = (_product([size_a[lb] for lb in free_a]), _product([size_b[lb] for lb in free_b]),
                         _product([size_a[lb] for lb in inner]))
    xa = _reshaped(a.x, batch_a + ([depth, rows] if flip_a else [rows, depth]))
    xb = _reshaped(b.x, batch_b + ([cols, depth] if flip_b else [depth, cols]))
    product = linalg_ops.matmul(xa, xb, transpose_a=flip_a, transpose_b=flip_b)
    # The batch dimensions as they broadcast: the product's own.
    batch_out = _Operand(product, [None] * len(product.shape)).dims()[:len(batch)]
    out = _reshaped(product, batch_out + [size_a[lb] for lb in free_a] + [size_b[lb] for lb in free_b])
    return _Operand(out, batch + free_a + free_b)


def _check_sizes(ops, output, dtype, name, end, count):
    """Each label's size agrees across operands; "..." dimensions broadcast (TensorFlow's texts)."""
    sizes = {}
    for op in ops:
        shape = op.x.shape.as_list()
        for axis, (label, d) in enumerate(zip(op.labels, shape)):
            if label in _ELLIPSIS_DIMS or d is None:
                continue
            if label in sizes and sizes[label] != d:
                raise _kernel_equation_error(
                    f"Expected dimension {sizes[label]} at axis {axis} of the input shaped "
                    f"{_shape_text(shape)} but got dimension {d}", dtype, name, end, count)
            sizes.setdefault(label, d)
    if count == 2 and not _broadcastable(*ops):
        a, b = ops
        raise _kernel_equation_error(f"Invalid broadcasting dimensions: {_shape_text(_rank3(a, b, output, True))} vs. "
                                     f"{_shape_text(_rank3(b, a, output, False))}", dtype, name, end, count)


def _broadcastable(a, b):
    da, db = dict(zip(a.labels, a.x.shape.as_list())), dict(zip(b.labels, b.x.shape.as_list()))
    return all(da[lb] in (None, 1) or db.get(lb) in (None, 1, da[lb]) for lb in da if lb in _ELLIPSIS_DIMS)


def _rank3(op, other, output, lhs):
    """The [batch, free, inner] (lhs) or [batch, inner, free] shape TensorFlow's kernel reshapes an
    operand to, as its broadcasting error shows it."""
    size = dict(zip(op.labels, op.x.shape.as_list()))
    batch = [size[lb] for lb in op.labels if lb in _ELLIPSIS_DIMS or lb in other.labels and lb in output]
    inner = [size[lb] for lb in op.labels if lb in other.labels and lb not in _ELLIPSIS_DIMS and lb not in output]
    free = [size[lb] for lb in op.labels if lb not in other.labels and lb not in _ELLIPSIS_DIMS]
    prod = [_product(batch), _product(free), _product(inner)]
    return prod if lhs else [prod[0], prod[2], prod[1]]


def _operands(inputs, name, end):
    """The inputs as tensors: values that are not tensors converted to the first one's dtype (as
    TensorFlow converts a list input); tensors of another dtype refused with its text."""
    first = convert_to_tensor(inputs[0])
    out = [first]
    for i, x in enumerate(inputs[1:], 1):
        if is_tensor_like(x):
            t = convert_to_tensor(x)
            if t.dtype != first.dtype:
                node = "_MklEinsum" if first.dtype.name in _ONEDNN_KERNEL else "Einsum"
                raise mismatch("Einsum", i, first.dtype, t.dtype, name, node=node)
            out.append(t)
        else:
            out.append(convert_to_tensor(np.asarray(x).astype(first.dtype.as_numpy_dtype)))
    return out


@op_def_lib.implements("Einsum")
def _raw_einsum(inputs, equation, name=None) -> Tensor:
    return einsum(equation, *inputs, name=name)


def einsum(equation, *inputs, **kwargs) -> Tensor:
    """The tensor contraction `equation` describes over `inputs` (TensorFlow's `tf.einsum`).

    Args:
        equation: Subscripts such as "ij,jk->ik", "bhqd,bhkd->bhqk" or "...ij,...jk": a label
            per dimension of each input, "..." for broadcast dimensions; without "->" the output
            is the labels used once, in alphabetical order.
        *inputs: The tensors, one per comma-separated group of the equation.
        **kwargs: `name`, and `optimize` (TensorFlow's contraction-order hint; accepted).

    Returns:
        The contracted tensor, of the inputs' dtype.

    Raises:
        ValueError: If the equation is malformed or does not fit the inputs.
        InvalidArgumentError: If a label's sizes differ between inputs.
    """
    name = kwargs.pop("name", None)
    kwargs.pop("optimize", None)
    if kwargs:
        raise TypeError(f'Invalid keyword arguments for einsum: {", ".join(kwargs)}. '
                        "Valid arguments: name, optimize, greedy.")
    labels, output, _ = parse(equation, len(inputs))
    end = suffix(name, *inputs)
    tensors = _operands(inputs, name, end)
    dtype = tensors[0].dtype
    check_dtype("Einsum", dtype, name, end, attrs={"equation": equation, "N": len(tensors)})
    count = len(tensors)
    ellipsis_rank = max([len(t.shape) - (len(lb) - 1) for t, lb in zip(tensors, labels) if _ELLIPSIS in lb] or [0])
    ops = []
    for i, (t, lb) in enumerate(zip(tensors, labels)):
        expanded = _expand_ellipsis(lb, t.shape.as_list(), ellipsis_rank)
        if len(expanded) != len(t.shape):
            raise _kernel_equation_error(f"Expected input {i} to have rank {len(expanded)} but got: {len(t.shape)}",
                                         dtype, name, end, count)
        ops.append(_Operand(t, expanded))
    broadcast = [_ELLIPSIS_DIMS[ellipsis_rank - 1 - i] for i in range(ellipsis_rank)]
    if _ELLIPSIS not in output and broadcast:
        raise _kernel_equation_error(f"Output contains {ellipsis_rank} broadcasting dimension(s) but no ellipsis (...) "
                                     "was found in the output subscripts.", dtype, name, end, count)
    out_labels = []
    for label in output:
        out_labels += broadcast if label == _ELLIPSIS else [label]
    _check_sizes(ops, out_labels, dtype, name, end, count)
    ops = [_take_diagonals(op) for op in ops]
    current = ops[0]
    for i, nxt in enumerate(ops[1:] + [None]):
        later = set(out_labels).union(*[set(o.labels) for o in ops[i + 1:]])
        current = _sum_away(current, later)
        if nxt is None:
            break
        keep = set(out_labels).union(*[set(o.labels) for o in ops[i + 2:]])
        current = _contract(current, _sum_away(nxt, later | set(current.labels)), keep)
    return _transposed(current, out_labels).x
