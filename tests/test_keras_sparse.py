"""Sparse Keras inputs (`tf.keras.Input(sparse=True)` into Dense): one program
(tests/keras_sparse_program.py) run under varrt is compared, case by case, with what Keras 3
under TensorFlow 2.21 gave for it (tests/fixtures/keras_sparse/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): calls, predict at
batch sizes that do not divide the rows, evaluate, fit on SparseTensors and on a dataset of
them, several inputs, a dense Input given a SparseTensor, the errors."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "keras_sparse_program.py"
TF = recorded("keras_sparse")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "keras_sparse")


def _model():
    x = tf.keras.Input(shape=(5,), sparse=True)
    return tf.keras.Model(x, tf.keras.layers.Dense(2, kernel_initializer="ones")(x))


def test_sparse_batches_share_one_trace_of_the_step():
    # Each batch's SparseTensor passes as its components: the first batch's trace, then one
    # relaxed to any number of values and rows (reduce_retracing), which every later batch and
    # call reuses (no retrace per batch, no retracing warning).
    model = _model()
    data = tf.sparse.from_dense(np.eye(9, 5, dtype=np.float32))  # batches of 2, 2, 1, 0 and 0 values
    for _ in range(3):
        out = model.predict(data, batch_size=2, verbose=0)
    np.testing.assert_array_equal(out, np.eye(9, 5).sum(axis=1, keepdims=True).repeat(2, axis=1))
    (traced,) = model._step_function("predict")._sparse.values()
    assert len(traced._traces) == 2
    model.predict(tf.sparse.from_dense(np.ones((7, 5), np.float32)), batch_size=3, verbose=0)
    assert len(traced._traces) == 2


def test_a_sparse_input_of_another_rank_says_varrt_does_not_implement_it():
    layer = tf.keras.layers.Dense(2)
    with pytest.raises(NotImplementedError, match="rank-2 SparseTensors only"):
        layer(tf.sparse.SparseTensor([[0, 0, 1]], [2.0], [1, 2, 3]))


def test_a_ragged_input_says_varrt_does_not_implement_it():
    with pytest.raises(NotImplementedError, match="no `ragged` inputs yet"):
        tf.keras.Input(shape=(None,), ragged=True)


@pytest.mark.parametrize("make", [
    lambda: tf.keras.layers.Add(), lambda: tf.keras.layers.Multiply(), lambda: tf.keras.layers.Concatenate(),
    lambda: tf.keras.layers.Maximum(),
])
def test_merging_sparse_inputs_says_varrt_does_not_implement_it(make):
    # Keras 3 on TensorFlow merges SparseTensors; varrt's merging layers take dense tensors only.
    sp = tf.sparse.SparseTensor([[0, 1]], [2.0], [2, 3])
    with pytest.raises(NotImplementedError, match="does not take SparseTensor inputs yet"):
        make()([sp, sp])


def test_flatten_of_a_sparse_input_says_varrt_does_not_implement_it():
    with pytest.raises(NotImplementedError, match="Flatten does not take SparseTensor inputs yet"):
        tf.keras.layers.Flatten()(tf.sparse.SparseTensor([[0, 1]], [2.0], [2, 3]))
