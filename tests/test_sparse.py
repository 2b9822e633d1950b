"""tf.sparse against TensorFlow 2.21: tests/sparse_program.py (TensorFlow's sparse tensor guide
and the functions users commonly need: from_dense, reorder, add, concat, slice, transpose,
reshape, reduce_sum/reduce_max, sparse_dense_matmul, map_values, retain, fill_empty_rows,
expand_dims, to_indicator, reset_shape, eye, maximum/minimum, SparseTensor * dense, with_values,
printing, gradients; ranks 1-3, float32/int32/int64/bool values, empty SparseTensors, errors)
runs under varrt and each case is compared with TensorFlow's (tests/fixtures/sparse/results.json,
recorded by tests/tools/record_keras_program.py; live too when VARRT_TF_PYTHON is set). Below:
tf.function behaviour and what varrt does not build."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "sparse_program.py"
TF = recorded("sparse")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "sparse")


def test_the_fixture_covers_the_areas():
    areas = {name.split("/")[0] for name in TF}
    assert areas >= {"from_dense", "reorder", "add", "concat", "slice", "transpose", "reshape", "reduce_sum",
                     "reduce_max", "matmul", "map_values", "retain", "fill_empty_rows", "expand_dims",
                     "to_indicator", "reset_shape", "eye", "maximum", "minimum", "grad", "print"}
    assert sum(v.startswith("InvalidArgumentError") for v in TF.values()) >= 10  # errors are compared too


def _sp():
    return tf.sparse.SparseTensor([[0, 1], [1, 0]], [1.0, 2.0], [2, 2])


@pytest.mark.parametrize("name", ["segment_sum", "segment_mean", "segment_sqrt_n"])
def test_sparse_segment_gradients_say_so(name):
    with pytest.raises(NotImplementedError, match="sparse_gradient=True"):
        getattr(tf.sparse, name)(tf.ones([2, 2]), [0, 1], [0, 0], sparse_gradient=True)


def test_softmax_on_unordered_indices_says_so():
    with pytest.raises(NotImplementedError, match="out of row-major order"):
        tf.sparse.softmax(tf.sparse.SparseTensor([[1, 0], [0, 1]], [1.0, 2.0], [2, 3]))


def test_host_ops_on_graph_values_say_so():
    @tf.function
    def f(v):
        return tf.sparse.to_dense(tf.sparse.reorder(tf.sparse.SparseTensor([[0, 1], [1, 0]], v, [2, 2])))

    with pytest.raises(NotImplementedError, match="tf.sparse.reorder in a tf.function"):
        f(tf.constant([1.0, 2.0]))


def test_the_differentiable_ops_trace_on_graph_values():
    @tf.function
    def f(v):
        s = tf.sparse.SparseTensor([[0, 1], [1, 0]], v, [2, 2])
        return (tf.sparse.sparse_dense_matmul(s, tf.ones([2, 3])), tf.sparse.reduce_sum(s, 1),
                tf.sparse.add(s, tf.ones([2, 2])), tf.sparse.to_dense(s * tf.constant(2.0)))

    mm, rs, added, mul = f(tf.constant([1.0, 2.0]))
    np.testing.assert_array_equal(mm.numpy(), [[1, 1, 1], [2, 2, 2]])
    np.testing.assert_array_equal(rs.numpy(), [1, 2])
    np.testing.assert_array_equal(added.numpy(), [[1, 2], [3, 1]])
    np.testing.assert_array_equal(mul.numpy(), [[0, 2], [4, 0]])


def test_host_ops_on_constants_in_a_graph():
    @tf.function
    def f():
        return tf.sparse.to_dense(tf.sparse.transpose(_sp()))

    np.testing.assert_array_equal(f().numpy(), [[0, 2], [1, 0]])
