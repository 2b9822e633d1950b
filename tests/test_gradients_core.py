"""The first gradient functions, checked numerically through the tape (gradient_checks)."""
import numpy as np

import varrt as tf
from gradient_checks import check_gradients


def test_binary_ops_with_broadcasting():
    check_gradients(lambda x, y: x * y + x - y / (y + 3.0), np.random.rand(2, 3), np.random.rand(3) + 1)


def test_matmul_every_transpose():
    a, b = np.random.rand(2, 3), np.random.rand(3, 4)
    check_gradients(lambda x, y: tf.matmul(x, y), a, b)
    check_gradients(lambda x, y: tf.matmul(x, y, transpose_a=True), a.T, b)
    check_gradients(lambda x, y: tf.matmul(x, y, transpose_b=True), a, b.T)
    check_gradients(lambda x, y: tf.matmul(x, y, transpose_a=True, transpose_b=True), a.T, b.T)


def test_reductions_and_square():
    x = np.random.rand(2, 3, 4)
    check_gradients(lambda x: tf.reduce_mean(tf.square(x), axis=1), x)
    check_gradients(lambda x: tf.reduce_sum(x * x, axis=[0, 2], keepdims=True), x)
    check_gradients(lambda x: tf.reduce_mean(x), x)
    check_gradients(lambda x: -tf.add_n([x, x, x]), x)


def test_add_n_of_scalars():
    assert tf.add_n([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)]).numpy() == 6.0
