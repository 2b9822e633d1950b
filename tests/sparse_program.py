"""tf.sparse (TensorFlow's sparse tensor guide and the functions users commonly need): one case
program run under TensorFlow 2.21 (recorded into tests/fixtures/sparse/) and under varrt.

    python tests/sparse_program.py tensorflow|varrt OUT_DIR

writes OUT_DIR/results.json: {case: text}, each case what the library prints or raises (the
exception's type and message)."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

results = {}
S = tf.sparse.SparseTensor


def case(name, fn):
    """What fn() gives, printed as TensorFlow prints it, or the error raised."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - recording the error is the point
        # The class's module differs between the libraries: its name is what is compared.
        text = str(e)
        for module in ("tensorflow.python.framework.sparse_tensor.", "varrt.framework.sparse_tensor."):
            text = text.replace(module, "")
        results[name] = f"{type(e).__name__}: {text}"
        return
    text = repr(value) if not isinstance(value, S) else str(value)
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        text += f" shape={value.shape} dtype={value.dtype!r}"
    results[name] = text


def sp(indices, values, shape, dtype=None):
    return S(indices, tf.cast(tf.constant(values), dtype) if dtype else values, shape)


DTYPES = {"float32": tf.float32, "int32": tf.int32, "int64": tf.int64}
st1 = sp([[1], [4]], [3.0, -2.0], [6])
st2 = sp([[0, 3], [2, 4]], [10, 20], [3, 10])
st3 = sp([[0, 1, 0], [1, 0, 2], [1, 2, 1]], [1.5, 2.5, -4.0], [2, 3, 3])
unordered = sp([[2, 1], [0, 3], [0, 0]], [1.0, 2.0, 3.0], [3, 4])
empty2 = S(tf.zeros([0, 2], tf.int64), tf.constant([], tf.float32), [3, 4])
CASES = {"st1": st1, "st2": st2, "st3": st3, "unordered": unordered, "empty2": empty2}

# --- construction and printing ---
for n, s in CASES.items():
    case(f"print/{n}", lambda: s)
    case(f"shape/{n}", lambda: (s.shape, s.dtype, s.indices.dtype, s.dense_shape.dtype))
case("with_values", lambda: st2.with_values(tf.constant([1.5, 2.5])))
case("dense_mul", lambda: st2 * tf.constant([[2], [3], [4]]))
case("dense_mul_row", lambda: st3 * tf.constant([1.0, 2.0, 3.0]))
case("dense_mul_bad", lambda: st2 * tf.ones([2, 2], tf.int32))

# --- from_dense ---
for dn, dt in {**DTYPES, "bool": tf.bool}.items():
    case(f"from_dense/rank2_{dn}", lambda: tf.sparse.from_dense(tf.cast([[1, 0, 2], [0, 0, 3]], dt)))
case("from_dense/rank1", lambda: tf.sparse.from_dense([0.0, 1.5, 0.0, -2.0]))
case("from_dense/rank3", lambda: tf.sparse.from_dense(np.arange(12).reshape(2, 3, 2) % 3))
case("from_dense/zeros", lambda: tf.sparse.from_dense(tf.zeros([2, 3])))
case("from_dense/strings", lambda: tf.sparse.from_dense(tf.constant([["a", ""], ["", "b"]])))

# --- to_dense of results, reorder ---
case("reorder/unordered", lambda: tf.sparse.reorder(unordered))
case("reorder/rank3", lambda: tf.sparse.reorder(sp([[1, 0, 0], [0, 2, 1], [0, 2, 0]], [1, 2, 3], [2, 3, 2])))
case("reorder/empty", lambda: tf.sparse.reorder(empty2))
case("reorder/not_sparse", lambda: tf.sparse.reorder(tf.ones([2])))
case("to_dense/reordered", lambda: tf.sparse.to_dense(tf.sparse.reorder(unordered)))

# --- add ---
a = sp([[0, 0], [1, 2], [2, 1]], [1.0, 2.0, -3.0], [3, 4])
b = sp([[0, 0], [1, 1], [2, 1]], [-1.0, 5.0, 3.25], [3, 4])
case("add/sparse", lambda: tf.sparse.add(a, b))
case("add/threshold", lambda: tf.sparse.add(a, b, threshold=0.5))
case("add/threshold_big", lambda: tf.sparse.add(a, b, threshold=3))
case("add/unordered", lambda: tf.sparse.add(unordered, a))
case("add/empty", lambda: tf.sparse.add(empty2, a))
case("add/dense_negative_zero", lambda: tf.sparse.add(sp([[0, 0], [1, 1]], [2.0, 1.0], [2, 2]), -tf.zeros([2, 2])))
case("add/dense_duplicates", lambda: tf.sparse.add(sp([[0, 0], [0, 0]], [2, 3], [2, 2]), tf.ones([2, 2], tf.int32)))
case("add/both_empty", lambda: tf.sparse.add(empty2, empty2))
case("add/negative_zero", lambda: tf.sparse.add(sp([[0, 0], [1, 1]], [-0.0, 1.0], [2, 2]),
                                                sp([[1, 0]], [-0.0], [2, 2])))
case("add/int", lambda: tf.sparse.add(st2, sp([[0, 3], [1, 0]], [1, 2], [3, 10])))
case("add/dense", lambda: tf.sparse.add(a, tf.ones([3, 4])))
case("add/dense_first", lambda: tf.sparse.add(tf.ones([3, 4]), a))
case("add/rank1_dense", lambda: tf.sparse.add(st1, tf.range(6, dtype=tf.float32)))
case("add/shape_mismatch", lambda: tf.sparse.add(a, sp([[0, 0]], [1.0], [3, 5])))
case("add/rank_mismatch", lambda: tf.sparse.add(a, st1))
case("add/dense_shape_mismatch", lambda: tf.sparse.add(a, tf.ones([2, 4])))
case("add/dense_dense", lambda: tf.sparse.add(tf.ones([2]), tf.ones([2])))

# --- concat ---
c1 = sp([[0, 2], [1, 0]], [1, 2], [2, 3])
c2 = sp([[0, 1], [1, 3]], [3, 4], [2, 4])
c3 = sp([[0, 0], [2, 1]], [5, 6], [3, 3])
case("concat/axis1", lambda: tf.sparse.concat(1, [c1, c2]))
case("concat/axis_neg", lambda: tf.sparse.concat(-1, [c1, c2, c1]))
case("concat/axis0", lambda: tf.sparse.concat(0, [c1, c3]))
case("concat/axis0_bad", lambda: tf.sparse.concat(0, [c1, c2]))
case("concat/expand", lambda: tf.sparse.concat(0, [c1, c2], expand_nonconcat_dims=True))
case("concat/expand1", lambda: tf.sparse.concat(1, [c1, c3], expand_nonconcat_dims=True))
case("concat/rank1", lambda: tf.sparse.concat(0, [st1, sp([[0]], [9.0], [2])]))
case("concat/rank3", lambda: tf.sparse.concat(2, [st3, st3]))
case("concat/one", lambda: tf.sparse.concat(0, [c1]))
case("concat/rank_mismatch", lambda: tf.sparse.concat(0, [c1, sp([[1]], [7], [3])]))
case("concat/axis_out", lambda: tf.sparse.concat(2, [c1, c2]))

# --- slice ---
big = sp([[0, 0], [0, 2], [1, 1], [2, 3], [3, 0], [3, 4]], [1, 2, 3, 4, 5, 6], [4, 5])
case("slice/middle", lambda: tf.sparse.slice(big, [1, 1], [2, 3]))
case("slice/past_end", lambda: tf.sparse.slice(big, [2, 2], [5, 5]))
case("slice/empty", lambda: tf.sparse.slice(big, [0, 3], [1, 1]))
case("slice/rank1", lambda: tf.sparse.slice(st1, [2], [3]))
case("slice/rank3", lambda: tf.sparse.slice(st3, [1, 0, 1], [1, 3, 2]))
case("slice/bad_rank", lambda: tf.sparse.slice(big, [1], [2]))

# --- transpose ---
case("transpose/default", lambda: tf.sparse.transpose(big))
case("transpose/rank3", lambda: tf.sparse.transpose(st3, [2, 0, 1]))
case("transpose/rank1", lambda: tf.sparse.transpose(st1))
case("transpose/empty", lambda: tf.sparse.transpose(empty2))
case("transpose/bad_perm", lambda: tf.sparse.transpose(st3, [0, 1]))

# --- reshape ---
case("reshape/flat", lambda: tf.sparse.reshape(big, [-1]))
case("reshape/2x10", lambda: tf.sparse.reshape(big, [2, 10]))
case("reshape/rank3", lambda: tf.sparse.reshape(st3, [3, -1, 2]))
case("reshape/bad", lambda: tf.sparse.reshape(big, [3, 7]))
case("reshape/two_unknown", lambda: tf.sparse.reshape(big, [-1, -1]))

# --- reductions ---
for n, s in CASES.items():
    case(f"reduce_sum/{n}/all", lambda: tf.sparse.reduce_sum(s))
    case(f"reduce_max/{n}/all", lambda: tf.sparse.reduce_max(s))
    case(f"reduce_sum/{n}/axis0_keep", lambda: tf.sparse.reduce_sum(s, 0, keepdims=True))
    case(f"reduce_max/{n}/axis-1", lambda: tf.sparse.reduce_max(s, -1))
case("reduce_sum/st3/axes", lambda: tf.sparse.reduce_sum(st3, [0, 2]))
case("reduce_max/st3/axes_keep", lambda: tf.sparse.reduce_max(st3, [2, 0], keepdims=True))
case("reduce_max/neg", lambda: tf.sparse.reduce_max(sp([[0, 0], [2, 1]], [-3, -5], [3, 2]), 1))
case("reduce_sum/bad_axis", lambda: tf.sparse.reduce_sum(big, 2))
case("reduce_sum/dup", lambda: tf.sparse.reduce_sum(sp([[0, 0], [0, 0]], [1.0, 2.0], [2, 2]), 1))
case("reduce_sum/bool", lambda: tf.sparse.reduce_sum(sp([[0, 0]], [True], [2, 2])))

# --- sparse_dense_matmul ---
m = sp([[0, 0], [1, 2], [2, 1]], [1.0, 2.0, -3.0], [3, 4])
dense = tf.reshape(tf.range(8, dtype=tf.float32), [4, 2])
case("matmul/plain", lambda: tf.sparse.sparse_dense_matmul(m, dense))
case("matmul/adjoint_a", lambda: tf.sparse.sparse_dense_matmul(m, tf.ones([3, 2])))
case("matmul/adjoint_a_true", lambda: tf.sparse.sparse_dense_matmul(m, tf.ones([3, 2]), adjoint_a=True))
case("matmul/adjoint_b", lambda: tf.sparse.sparse_dense_matmul(m, tf.ones([2, 4]), adjoint_b=True))
case("matmul/both", lambda: tf.sparse.sparse_dense_matmul(m, tf.ones([5, 3]), adjoint_a=True, adjoint_b=True))
case("matmul/dense_sparse", lambda: tf.sparse.sparse_dense_matmul(tf.ones([2, 3]), m))
case("matmul/int", lambda: tf.sparse.sparse_dense_matmul(st2, tf.ones([10, 2], tf.int32)))
case("matmul/empty", lambda: tf.sparse.sparse_dense_matmul(empty2, tf.ones([4, 1])))
case("matmul/bad_inner", lambda: tf.sparse.sparse_dense_matmul(m, tf.ones([3, 2])))
case("matmul/rank3", lambda: tf.sparse.sparse_dense_matmul(st3, tf.ones([3, 2])))

# --- map_values, retain, fill_empty_rows, expand_dims, mask, to_indicator, reset_shape, eye ---
case("map_values/add", lambda: tf.sparse.map_values(tf.add, st2, 5))
case("map_values/ones_like", lambda: tf.sparse.map_values(tf.ones_like, st3))

case("retain/mask", lambda: tf.sparse.retain(big, [True, False, True, False, False, True]))
case("retain/none", lambda: tf.sparse.retain(big, tf.zeros([6], tf.bool)))
case("retain/bad", lambda: tf.sparse.retain(big, [True, False]))
fe = sp([[0, 1], [2, 0], [2, 2]], [1.0, 2.0, 3.0], [5, 3])
case("fill_empty_rows/float", lambda: tf.sparse.fill_empty_rows(fe, -1.0))
case("fill_empty_rows/int", lambda: tf.sparse.fill_empty_rows(sp([[1, 1]], [4], [3, 2]), 0))
case("fill_empty_rows/empty", lambda: tf.sparse.fill_empty_rows(empty2, 7.0))
case("fill_empty_rows/rank1", lambda: tf.sparse.fill_empty_rows(st1, 0.0))
case("expand_dims/0", lambda: tf.sparse.expand_dims(st2, 0))
case("expand_dims/-1", lambda: tf.sparse.expand_dims(st2))
case("expand_dims/1", lambda: tf.sparse.expand_dims(st3, 1))

case("to_indicator", lambda: tf.sparse.to_indicator(sp([[0, 0], [0, 1], [1, 0]], [0, 3, 1], [2, 2], tf.int64), 4))
case("to_indicator/rank3", lambda: tf.sparse.to_indicator(
    sp([[0, 0, 0], [1, 1, 0], [1, 1, 1]], [2, 0, 3], [2, 2, 2], tf.int64), 5))
case("to_indicator/int32", lambda: tf.sparse.to_indicator(sp([[0, 0]], [1], [1, 1], tf.int32), 3))
case("to_indicator/float", lambda: tf.sparse.to_indicator(sp([[0, 0]], [1.0], [1, 1]), 3))
case("reset_shape/none", lambda: tf.sparse.reset_shape(sp([[0, 1], [2, 3]], [1, 2], [5, 6])))
case("reset_shape/given", lambda: tf.sparse.reset_shape(st2, [4, 12]))
case("reset_shape/too_small", lambda: tf.sparse.reset_shape(st2, [2, 12]))
case("reset_shape/rank", lambda: tf.sparse.reset_shape(st2, [4, 12, 1]))
case("eye/3", lambda: tf.sparse.eye(3))
case("eye/2x4", lambda: tf.sparse.eye(2, 4, dtype=tf.int32))
case("eye/4x2", lambda: tf.sparse.eye(4, 2))
case("eye/0", lambda: tf.sparse.eye(0))

# --- maximum, minimum ---
case("maximum", lambda: tf.sparse.maximum(a, b))
case("minimum", lambda: tf.sparse.minimum(a, b))
case("maximum/int", lambda: tf.sparse.maximum(st2, sp([[0, 3], [1, 1]], [15, -2], [3, 10])))
case("maximum/shape", lambda: tf.sparse.maximum(st2, sp([[0, 3]], [1], [3, 11])))

# --- gradients ---
def grad_matmul(adjoint_a, adjoint_b):
    values = tf.Variable([1.0, 2.0, -3.0])
    d = tf.Variable(tf.reshape(tf.range(8.0), [4, 2]) if not adjoint_b else tf.reshape(tf.range(8.0), [2, 4]))
    with tf.GradientTape() as tape:
        s = S([[0, 0], [1, 2], [2, 1]], values, [3, 4] if not adjoint_a else [4, 3])
        y = tf.reduce_sum(tf.sparse.sparse_dense_matmul(s, d, adjoint_a=adjoint_a, adjoint_b=adjoint_b) ** 2)
    return tape.gradient(y, [values, d])


for aa in (False, True):
    for ab in (False, True):
        case(f"grad/matmul/{aa}_{ab}", lambda: grad_matmul(aa, ab))


def grad_reduce_sum(axis):
    values = tf.Variable([1.0, 2.0, -3.0])
    with tf.GradientTape() as tape:
        s = S([[0, 0], [1, 2], [2, 1]], values, [3, 4])
        y = tf.reduce_sum(tf.sparse.reduce_sum(s, axis) * tf.range(1.0, 4.0 if axis == 1 else 5.0))
    return tape.gradient(y, values)


case("grad/reduce_sum/1", lambda: grad_reduce_sum(1))
case("grad/reduce_sum/0", lambda: grad_reduce_sum(0))

# --- more dtypes, ranks and empties ---
for dn, dt in {**DTYPES, "bool": tf.bool}.items():
    s3 = sp([[1, 2, 0], [0, 1, 1], [0, 0, 1]], [1, 0, 1], [2, 3, 2], dt)
    case(f"dtypes/{dn}/reorder", lambda: tf.sparse.reorder(s3))
    case(f"dtypes/{dn}/concat", lambda: tf.sparse.concat(1, [s3, s3]))
    case(f"dtypes/{dn}/slice", lambda: tf.sparse.slice(s3, [0, 1, 0], [2, 2, 2]))
    case(f"dtypes/{dn}/transpose", lambda: tf.sparse.transpose(s3, [1, 2, 0]))
    case(f"dtypes/{dn}/reshape", lambda: tf.sparse.reshape(s3, [6, 2]))
    case(f"dtypes/{dn}/retain", lambda: tf.sparse.retain(s3, [False, True, True]))
    case(f"dtypes/{dn}/fill_empty_rows", lambda: tf.sparse.fill_empty_rows(
        sp([[1, 0]], [1], [3, 2], dt), tf.cast(1, dt)))
    case(f"dtypes/{dn}/expand_dims", lambda: tf.sparse.expand_dims(s3, -2))
    case(f"dtypes/{dn}/reset_shape", lambda: tf.sparse.reset_shape(s3))
    case(f"dtypes/{dn}/eye", lambda: tf.sparse.eye(2, 3, dtype=dt))
    case(f"dtypes/{dn}/to_dense", lambda: tf.sparse.to_dense(tf.sparse.reorder(s3)))
    if dn != "bool":
        case(f"dtypes/{dn}/add", lambda: tf.sparse.add(tf.sparse.reorder(s3), tf.sparse.reorder(s3)))
        case(f"dtypes/{dn}/add_dense", lambda: tf.sparse.add(s3, tf.ones([2, 3, 2], dt)))
        case(f"dtypes/{dn}/reduce_sum", lambda: tf.sparse.reduce_sum(s3, [1, 2]))
        case(f"dtypes/{dn}/reduce_max", lambda: tf.sparse.reduce_max(s3, 0, keepdims=True))
        case(f"dtypes/{dn}/maximum", lambda: tf.sparse.maximum(tf.sparse.reorder(s3), tf.sparse.reorder(s3)))
        case(f"dtypes/{dn}/mul", lambda: s3 * tf.constant([2, 3], dt))
        case(f"dtypes/{dn}/matmul", lambda: tf.sparse.sparse_dense_matmul(
            sp([[0, 1], [1, 0]], [2, 3], [2, 2], dt), tf.constant([[1, 2, 3], [4, 5, 6]], dt)))
empty3 = S(tf.zeros([0, 3], tf.int64), tf.constant([], tf.int32), [2, 0, 3])
case("empty/rank3_reorder", lambda: tf.sparse.reorder(empty3))
case("empty/rank3_sum", lambda: tf.sparse.reduce_sum(empty3, 2))
case("empty/rank3_max", lambda: tf.sparse.reduce_max(empty3, 0))
case("empty/rank3_concat", lambda: tf.sparse.concat(1, [empty3, empty3]))
case("empty/rank3_reshape", lambda: tf.sparse.reshape(empty3, [-1, 3]))
case("empty/slice", lambda: tf.sparse.slice(empty2, [1, 1], [5, 5]))
case("empty/from_dense_rank0", lambda: tf.sparse.from_dense(tf.constant(3.0)))
case("expand_dims/neg_bad", lambda: tf.sparse.expand_dims(st2, -4))
case("expand_dims/bad", lambda: tf.sparse.expand_dims(st2, 4))
case("expand_dims/3", lambda: tf.sparse.expand_dims(st2, 2))
case("reshape/scalar_target", lambda: tf.sparse.reshape(sp([[0]], [4.0], [1]), []))
case("slice/negative_size", lambda: tf.sparse.slice(big, [1, 1], [-1, 2]))
case("mul/scalar", lambda: st3 * 2.0)
case("mul/python_int", lambda: st2 * 3)


def grad_dense_ops():
    values = tf.Variable([1.0, 2.0, -3.0])
    d = tf.Variable(tf.reshape(tf.range(12.0), [3, 4]))
    with tf.GradientTape() as tape:
        s = S([[0, 0], [1, 2], [2, 1]], values, [3, 4])
        y = (tf.reduce_sum(tf.sparse.add(s, d) ** 2) + tf.reduce_sum(tf.sparse.to_dense(s * d) ** 2)
             + tf.reduce_sum(tf.sparse.reduce_sum(s, 0, keepdims=True) ** 2))
    return tape.gradient(y, [values, d])


case("grad/dense_ops", grad_dense_ops)


def grad_rank3():
    values = tf.Variable([1.0, 2.0, -3.0])
    with tf.GradientTape() as tape:
        s = S([[0, 1, 0], [1, 0, 2], [1, 2, 1]], values, [2, 3, 3])
        y = tf.reduce_sum(tf.sparse.reduce_sum(s, [0, 2]) * tf.constant([1.0, 10.0, 100.0]))
    return tape.gradient(y, values)


case("grad/reduce_sum_rank3", grad_rank3)

# --- element-wise functions on a SparseTensor's values (TensorFlow's list) and the guide ---
def _rounded(result):
    """A SparseTensor's parts with its values to 5 decimals (the element-wise kernels may differ in
    the last bit)."""
    return (type(result).__name__, result.indices.numpy().tolist(), np.round(result.values.numpy(), 5).tolist(),
            result.dense_shape.numpy().tolist(), result.dtype.name)


def _slices(result):
    return (type(result).__name__, result.indices, result.values, result.dense_shape)


unary_in = tf.sparse.from_dense([[-0.5, 0.0, 3.0], [0.0, 0.25, 0.0]])
for fn_name in ["abs", "negative", "sign", "square", "sqrt", "erf", "tanh", "bessel_i0e", "bessel_i1e", "exp", "sin",
                "log1p", "atan", "round", "floor", "softplus", "sinh", "asinh", "atanh", "tan", "reciprocal", "cos",
                "sigmoid", "asin", "acos"]:
    case(f"unary/{fn_name}", lambda: _rounded(getattr(tf.math, fn_name)(unary_in)))
case("unary/cast", lambda: tf.cast(unary_in, tf.int32))
case("unary/tf_abs", lambda: tf.abs(unary_in))
case("unary/relu", lambda: tf.nn.relu(unary_in))
case("mask/indexed_slices", lambda: _slices(tf.sparse.mask(
    tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), tf.constant([4, 0, 7]), tf.constant([10, 2])),
    [4, 9])))
case("mask/int64", lambda: _slices(tf.sparse.mask(
    tf.IndexedSlices(tf.constant([1, 2, 3]), tf.constant([2, 5, 2], tf.int64)), tf.constant([5], tf.int64))))


@tf.function
def guide_matmul(x, y):
    return tf.sparse.sparse_dense_matmul(x, y)


guide_a = S(indices=[[0, 3], [2, 4]], values=[15, 25], dense_shape=[3, 10])
case("guide/traced_matmul", lambda: guide_matmul(guide_a, tf.sparse.to_dense(tf.sparse.transpose(guide_a))))
case("guide/reduce_max", lambda: tf.sparse.reduce_max(tf.sparse.from_dense([-5, 0, -3])))
case("guide/iterate", lambda: [(i.numpy().tolist(), v.numpy().tolist()) for i, v in zip(st2.indices, st2.values)])
pattern_a = S([[2, 4], [3, 3], [3, 4], [4, 3], [4, 4], [5, 4]], [1, 1, 1, 1, 1, 1], [8, 5])
pattern_b = S([[0, 2], [1, 1], [1, 3], [2, 0], [2, 4], [2, 5], [3, 5], [4, 5], [5, 0], [5, 4], [5, 5], [6, 1], [6, 3],
               [7, 2]], [1] * 14, [8, 6])
pattern_c = S([[3, 0], [4, 0]], [1, 1], [8, 6])
pattern = tf.sparse.concat(axis=1, sp_inputs=[pattern_a, pattern_b, pattern_c])
case("guide/pattern", lambda: tf.sparse.to_dense(pattern))
case("guide/slice_b", lambda: tf.sparse.to_dense(tf.sparse.slice(pattern_b, start=[0, 5], size=[8, 6])))
case("guide/slice_c", lambda: tf.sparse.to_dense(tf.sparse.slice(pattern_c, start=[0, 10], size=[8, 6])))
case("guide/matmul", lambda: tf.sparse.sparse_dense_matmul(S(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17],
                                                              dense_shape=(2, 2)), tf.constant([[4], [6]])))

# --- SparseTensor / dense, from_value ---
case("div/float", lambda: st3 / tf.constant([1.0, 2.0, 4.0]))
case("div/int", lambda: st2 / tf.constant([[2], [3], [4]]))
case("div/int64_scalar", lambda: sp([[0, 1]], [7], [2, 2], tf.int64) / 2)
case("div/bad", lambda: st2 / tf.ones([4], tf.int32))
case("div/zero", lambda: st1 / 0.0)
case("from_value", lambda: S.from_value(st2))

# --- the reductions' output_is_sparse=True ---
for n, s in CASES.items():
    case(f"reduce_sum_sparse/{n}/all", lambda: tf.sparse.reduce_sum(s, output_is_sparse=True))
    case(f"reduce_max_sparse/{n}/all_keep", lambda: tf.sparse.reduce_max(s, keepdims=True, output_is_sparse=True))
    case(f"reduce_sum_sparse/{n}/axis0", lambda: tf.sparse.reduce_sum(s, 0, output_is_sparse=True))
    case(f"reduce_max_sparse/{n}/axis-1_keep", lambda: tf.sparse.reduce_max(s, -1, True, output_is_sparse=True))
case("reduce_sum_sparse/dup_zero", lambda: tf.sparse.reduce_sum(sp([[1, 0], [1, 1], [0, 1]], [2, -2, 5], [2, 2]), 1,
                                                                 output_is_sparse=True))
case("reduce_max_sparse/st3_axes", lambda: tf.sparse.reduce_max(st3, [0, 2], output_is_sparse=True))
case("reduce_sum_sparse/bad_axis", lambda: tf.sparse.reduce_sum(big, 3, output_is_sparse=True))

# --- gradients through the structural functions (TensorFlow's: None for concat) ---
GRAD_FNS = {
    "reorder": lambda s, t: tf.sparse.reorder(s),
    "concat": lambda s, t: tf.sparse.concat(0, [s, s]),
    "slice": lambda s, t: tf.sparse.slice(s, [1, 0], [2, 4]),
    "transpose": lambda s, t: tf.sparse.transpose(s),
    "reshape": lambda s, t: tf.sparse.reshape(s, [4, 3]),
    "fill_empty_rows": lambda s, t: tf.sparse.fill_empty_rows(s, 0.5)[0],
    "expand_dims": lambda s, t: tf.sparse.expand_dims(s, 0),
    "reset_shape": lambda s, t: tf.sparse.reset_shape(s),
    "add": lambda s, t: tf.sparse.add(s, t),
    "add_threshold": lambda s, t: tf.sparse.add(s, t, threshold=7.0),
    "mul": lambda s, t: s * tf.constant([[1.0], [2.0], [3.0]]),
    "map_values": lambda s, t: tf.sparse.map_values(tf.square, s),
}


def grad_through(fn):
    v = tf.Variable([1.0, 2.0, -3.0])
    w = tf.Variable([5.0, 7.0])
    with tf.GradientTape() as tape:
        s = S([[0, 0], [2, 1], [1, 2]], v, [3, 4])
        t = S([[0, 0], [1, 1]], w, [3, 4])
        r = fn(s, t)
        y = tf.reduce_sum(r.values * tf.range(1.0, tf.cast(tf.size(r.values), tf.float32) + 1))
    return [None if g is None else g.numpy().tolist() for g in tape.gradient(y, [v, w])]


for n, fn in GRAD_FNS.items():
    case(f"grad/through/{n}", lambda: grad_through(fn))


def grad_retain():
    v = tf.Variable([1.0, 2.0, -3.0])
    with tf.GradientTape() as tape:
        r = tf.sparse.retain(S([[0, 0], [2, 1], [1, 2]], v, [3, 4]), [True, False, True])
        y = tf.reduce_sum(r.values * tf.constant([1.0, 2.0]))
    g = tape.gradient(y, v)
    return "IndexedSlices" if isinstance(g, tf.IndexedSlices) else "Tensor", tf.convert_to_tensor(g)


case("grad/through/retain", grad_retain)

# --- split ---
case("split/axis1_3", lambda: tf.sparse.split(sp_input=big, num_split=3, axis=1))
case("split/axis0_2", lambda: tf.sparse.split(sp_input=unordered, num_split=2, axis=0))
case("split/neg_axis", lambda: tf.sparse.split(sp_input=st3, num_split=2, axis=-1))
case("split/rank1", lambda: tf.sparse.split(sp_input=st1, num_split=4, axis=0))
case("split/empty", lambda: tf.sparse.split(sp_input=empty2, num_split=2, axis=1))
case("split/too_many", lambda: tf.sparse.split(sp_input=big, num_split=6, axis=1))
case("split/bad_axis", lambda: tf.sparse.split(sp_input=big, num_split=2, axis=2))
case("split/zero", lambda: tf.sparse.split(sp_input=big, num_split=0, axis=1))
case("split/no_axis", lambda: tf.sparse.split(sp_input=big, num_split=2))
case("split/no_num_split", lambda: tf.sparse.split(sp_input=big, axis=1))
case("split/no_input", lambda: tf.sparse.split(num_split=2, axis=1))

# --- the sparse segment reductions (dense data, rows picked by indices) ---
seg_data = tf.constant([[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0], [5.0, 6.0, 7.0, 8.0]])
for red in ("segment_sum", "segment_mean", "segment_sqrt_n"):
    f = getattr(tf.sparse, red)
    case(f"{red}/basic", lambda: f(seg_data, tf.constant([0, 1]), tf.constant([0, 0])))
    case(f"{red}/two", lambda: f(seg_data, tf.constant([0, 1, 2]), tf.constant([0, 0, 1])))
    case(f"{red}/gap", lambda: f(seg_data, tf.constant([0, 2]), tf.constant([0, 2])))
    case(f"{red}/num_segments", lambda: f(seg_data, tf.constant([0, 1]), tf.constant([0, 2]), num_segments=4))
    case(f"{red}/int64", lambda: f(seg_data, tf.constant([2, 2], tf.int64), tf.constant([0, 1], tf.int64)))
    case(f"{red}/rank1", lambda: f(tf.constant([1.0, 2.0, 4.0]), tf.constant([2, 0, 1]), tf.constant([0, 1, 1])))
    case(f"{red}/few_segments", lambda: f(seg_data, tf.constant([0, 1]), tf.constant([0, 2]), num_segments=2))
    case(f"{red}/rank3", lambda: f(tf.reshape(tf.range(12.0), [3, 2, 2]), tf.constant([2, 0, 1]),
                                   tf.constant([0, 0, 1])))
    case(f"{red}/thirds", lambda: f(tf.constant([1.0, 2.0, 4.0, 0.1]), tf.constant([0, 1, 2, 3, 0, 3]),
                                    tf.constant([0, 0, 0, 1, 1, 1])))
    case(f"{red}/empty", lambda: f(seg_data, tf.constant([], tf.int32), tf.constant([], tf.int32)))
    case(f"{red}/unsorted", lambda: f(seg_data, tf.constant([0, 1]), tf.constant([1, 0])))
    case(f"{red}/bad_index", lambda: f(seg_data, tf.constant([0, 3]), tf.constant([0, 0])))
    case(f"{red}/mismatch", lambda: f(seg_data, tf.constant([0, 1]), tf.constant([0])))
    case(f"{red}/int_data", lambda: f(tf.constant([[1, 2], [3, 4]]), tf.constant([0, 1]), tf.constant([0, 0])))

    def seg_grad():
        d = tf.Variable(seg_data)
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(f(d, tf.constant([0, 2, 2]), tf.constant([0, 0, 1])) * tf.constant([[1.0], [3.0]]))
        g = tape.gradient(y, d)
        return "IndexedSlices" if isinstance(g, tf.IndexedSlices) else "Tensor", tf.convert_to_tensor(g)

    case(f"{red}/grad", seg_grad)

# --- bool values where TensorFlow's kernels refuse them ---
bools = sp([[0, 0], [1, 1]], [True, False], [2, 2], tf.bool)
case("bool/reduce_max", lambda: tf.sparse.reduce_max(bools))
case("bool/reduce_max_sparse", lambda: tf.sparse.reduce_max(bools, output_is_sparse=True))
case("bool/reduce_sum_sparse", lambda: tf.sparse.reduce_sum(bools, output_is_sparse=True))
case("bool/add", lambda: tf.sparse.add(bools, bools))
case("bool/add_dense", lambda: tf.sparse.add(bools, tf.ones([2, 2], tf.bool)))
case("bool/maximum", lambda: tf.sparse.maximum(bools, bools))
case("bool/matmul", lambda: tf.sparse.sparse_dense_matmul(bools, tf.ones([2, 2], tf.bool)))
case("bool/mul", lambda: bools * tf.ones([2, 2], tf.bool))

# --- softmax ---
case("softmax/rank2", lambda: tf.sparse.softmax(sp([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]],
                                                  [1.0, 2.0, 3.0, -1.0, 0.5], [3, 4])))
case("softmax/rank3", lambda: tf.sparse.softmax(st3))
case("softmax/empty", lambda: tf.sparse.softmax(empty2))
case("softmax/large", lambda: tf.sparse.softmax(sp([[0, 0], [0, 1]], [1000.0, 999.0], [1, 2])))
case("softmax/float64", lambda: tf.sparse.softmax(sp([[0, 0], [0, 1]], [0.5, 0.25], [1, 2], tf.float64)))
case("softmax/rank1", lambda: tf.sparse.softmax(st1))
case("softmax/int", lambda: tf.sparse.softmax(st2))


def grad_softmax():
    v = tf.Variable([1.0, 2.0, 3.0, -1.0])
    with tf.GradientTape() as tape:
        r = tf.sparse.softmax(S([[0, 0], [0, 2], [1, 1], [2, 0]], v, [3, 4]))
        y = tf.reduce_sum(r.values * tf.constant([1.0, 2.0, 3.0, 4.0]))
    return np.round(tape.gradient(y, v).numpy(), 5).tolist()  # the formulas differ in the last bit


case("grad/softmax", grad_softmax)

out = sys.argv[2]
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
