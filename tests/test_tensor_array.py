"""tf.TensorArray eagerly and in tf.function loops (outputs from TensorFlow 2.21)."""
import pytest

import varrt as tf
from varrt import errors


def test_eager_writes_reads_and_clear_after_read():
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    ta = ta.write(0, 10)
    ta = ta.write(1, 20)
    ta = ta.write(2, 30)
    assert [ta.read(i).numpy() for i in range(3)] == [10.0, 20.0, 30.0]
    assert ta.stack().numpy().tolist() == [0.0, 0.0, 0.0]  # TensorFlow's eager reads clear elements
    assert ta.size().numpy() == 3
    kept = tf.TensorArray(tf.int32, size=3, clear_after_read=False).unstack([1, 2, 3])
    assert kept.read(1).numpy() == 2 and kept.gather([0, 2]).numpy().tolist() == [1, 3]
    assert kept.stack().numpy().tolist() == [1, 2, 3]
    ta3 = tf.TensorArray(tf.float32, size=2, element_shape=[2]).write(0, [1.0, 2.0]).write(1, [3.0, 4.0])
    assert ta3.stack().numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert ta3.concat().numpy().tolist() == [1.0, 2.0, 3.0, 4.0]


def test_bad_writes():
    with pytest.raises(errors.OutOfRangeError, match="Tried to write to index 5 but array is not resizeable"):
        tf.TensorArray(tf.float32, size=2).write(5, 1.0)
    with pytest.raises(errors.InvalidArgumentError, match="TensorArray dtype is float32"):
        tf.TensorArray(tf.float32, size=2).write(0, tf.constant(1))
    with pytest.raises(ValueError, match="Inconsistent shapes"):
        tf.TensorArray(tf.float32, size=2, element_shape=[2]).write(0, [1.0, 2.0, 3.0])


def test_tensor_arrays_in_traced_loops():
    @tf.function
    def squares(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i * i, tf.float32))
        return ta.stack()

    @tf.function
    def rnn(xs):
        ta = tf.TensorArray(tf.float32, size=tf.shape(xs)[0])
        state = tf.constant(0.0)
        for i in tf.range(tf.shape(xs)[0]):
            state = state * 0.5 + xs[i]
            ta = ta.write(i, state)
        return ta.stack()

    assert squares(tf.constant(4)).numpy().tolist() == [0.0, 1.0, 4.0, 9.0]
    assert squares(tf.constant(6)).numpy().tolist() == [0.0, 1.0, 4.0, 9.0, 16.0, 25.0]
    assert squares.experimental_get_tracing_count() == 1
    assert rnn(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [1.0, 2.5, 4.25]
