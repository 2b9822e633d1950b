"""Keras 3's `ops.einsum` on the TensorFlow backend (keras/src/backend/tensorflow/numpy.py): the
equation's letters renamed in order of appearance, then the equations EinsumDense and
MultiHeadAttention use most run as Keras runs them, as transposes, reshapes and one `matmul`
(not TensorFlow's Einsum), so the sums are taken in Keras's order; any other equation is
`tf.einsum`. The result has the operands' common dtype (integers computed in float32)."""
import string

from varrt.ops import array_ops, einsum_ops, linalg_ops, math_ops

# Equations whose operands' shapes do not matter.
_ALWAYS = ("a,b->ab", "ab,b->a", "ab,bc->ac", "ab,cb->ac", "abc,cd->abd", "abc,dc->abd", "abcd,abde->abce",
           "abcd,abed->abce", "abcd,acbe->adbe", "abcd,adbe->acbe", "abcd,aecd->acbe", "abcd,aecd->aceb")
# Equations that reshape with the operands' static sizes (all known) after the batch: where each
# operand's letters are in the equation, the size of every letter taken from either operand.
_SIZED = {"abc,cde->abde", "abc,dce->abde", "abc,dec->abde", "abcd,cde->abe", "abcd,ced->abe", "abcd,ecd->abe",
          "abcde,aebf->adbcf", "abcde,afce->acdbf"}


def normalize_subscripts(subscripts):
    """Keras's renaming: the n-th distinct letter becomes the n-th of ascii_letters."""
    mapping = {}
    normalized = ""
    for c in subscripts:
        if c in string.ascii_letters:
            if c not in mapping:
                mapping[c] = string.ascii_letters[len(mapping)]
            normalized += mapping[c]
        else:
            normalized += c
    return normalized


def _sizes(subscripts, x, y):
    """Each letter but the batch letter `a`: its static size in x, else in y (None if neither)."""
    x_labels, rest = subscripts.split(",")
    y_labels = rest.split("->")[0]
    sizes = {}
    for labels, shape in ((x_labels, x.shape.as_list()), (y_labels, y.shape.as_list())):
        for label, size in zip(labels, shape):
            if sizes.get(label) is None:
                sizes[label] = size
    sizes.pop("a", None)
    return sizes


def _valid_for_matmul(subscripts, x, y):
    if subscripts in _ALWAYS:
        return True
    return subscripts in _SIZED and None not in _sizes(subscripts, x, y).values()


def _result_type(x, y):
    """Keras's result dtype of two operands (varrt: equal dtypes, or two floats: the wider)."""
    if x.dtype == y.dtype:
        return x.dtype.name
    if x.dtype.is_floating and y.dtype.is_floating:
        return max((x.dtype, y.dtype), key=lambda d: d.size).name
    raise NotImplementedError(f"varrt's Keras einsum does not implement operands of dtypes {x.dtype.name} and "
                              f"{y.dtype.name} yet.")


def _matmul_form(subscripts, x, y):
    """Keras's `use_custom_ops`: the equation as transposes, reshapes and one matmul."""
    mm, tr, rs = linalg_ops.matmul, array_ops.transpose, array_ops.reshape
    s = _sizes(subscripts, x, y)
    if subscripts == "a,b->ab":
        return mm(array_ops.expand_dims(x, -1), array_ops.expand_dims(y, 0))
    if subscripts == "ab,b->a":
        return array_ops.squeeze(mm(x, array_ops.expand_dims(y, -1)), axis=-1)
    if subscripts in ("ab,bc->ac", "abc,cd->abd", "abcd,abde->abce"):
        return mm(x, y)
    if subscripts in ("ab,cb->ac", "abc,dc->abd"):
        return mm(x, tr(y, [1, 0]))
    if subscripts == "abc,cde->abde":
        return rs(mm(x, rs(y, [s["c"], -1])), [-1, s["b"], s["d"], s["e"]])
    if subscripts == "abc,dce->abde":
        return rs(mm(x, rs(tr(y, [1, 0, 2]), [s["c"], -1])), [-1, s["b"], s["d"], s["e"]])
    if subscripts == "abc,dec->abde":
        return rs(mm(x, rs(tr(y, [2, 0, 1]), [s["c"], -1])), [-1, s["b"], s["d"], s["e"]])
    if subscripts == "abcd,abed->abce":
        return mm(x, tr(y, [0, 1, 3, 2]))
    if subscripts == "abcd,acbe->adbe":
        return tr(mm(tr(x, [0, 1, 3, 2]), tr(y, [0, 2, 1, 3])), [0, 2, 1, 3])
    if subscripts == "abcd,adbe->acbe":
        return tr(mm(x, tr(y, [0, 2, 1, 3])), [0, 2, 1, 3])
    if subscripts == "abcd,aecd->acbe":
        return mm(tr(x, [0, 2, 1, 3]), tr(y, [0, 2, 3, 1]))
    if subscripts == "abcd,aecd->aceb":
        return tr(mm(tr(x, [0, 2, 1, 3]), tr(y, [0, 2, 3, 1])), [0, 1, 3, 2])
    if subscripts == "abcd,cde->abe":
        return mm(rs(x, [-1, s["b"], s["c"] * s["d"]]), rs(y, [-1, s["e"]]))
    if subscripts == "abcd,ced->abe":
        return mm(rs(x, [-1, s["b"], s["c"] * s["d"]]), rs(tr(y, [0, 2, 1]), [-1, s["e"]]))
    if subscripts == "abcd,ecd->abe":
        return mm(rs(x, [-1, s["b"], s["c"] * s["d"]]), rs(tr(y, [1, 2, 0]), [-1, s["e"]]))
    if subscripts == "abcde,aebf->adbcf":
        result = mm(rs(x, [-1, s["b"], s["c"] * s["d"], s["e"]]), tr(y, [0, 2, 1, 3]))
        return tr(rs(result, [-1, s["b"], s["c"], s["d"], s["f"]]), [0, 3, 1, 2, 4])
    if subscripts == "abcde,afce->acdbf":
        x = rs(tr(x, [0, 2, 3, 1, 4]), [-1, s["c"], s["d"] * s["b"], s["e"]])
        return rs(mm(x, tr(y, [0, 2, 3, 1])), [-1, s["c"], s["d"], s["b"], s["f"]])
    raise AssertionError(subscripts)


def einsum(subscripts, x, y):
    """Keras's `ops.einsum(subscripts, x, y)` for two tensors."""
    subscripts = normalize_subscripts(subscripts)
    if x.dtype.name == "int8" and y.dtype.name == "int8":
        raise NotImplementedError("varrt's Keras einsum does not implement int8 operands (int32 results) yet.")
    result_dtype = _result_type(x, y)
    compute_dtype = "float32" if "int" in result_dtype else result_dtype
    x, y = math_ops.cast(x, compute_dtype), math_ops.cast(y, compute_dtype)
    if _valid_for_matmul(subscripts, x, y):
        result = _matmul_form(subscripts, x, y)
    else:
        result = einsum_ops.einsum(subscripts, x, y)
    return math_ops.cast(result, result_dtype)
