"""TensorFlow's auto-packing: inside a tf.function a list holding graph tensors converts to a
tensor by a Pack of its elements (`tf.reshape(x, [tf.shape(x)[0], -1])`, `tf.zeros((batch, 3))`),
in the first tensor's dtype, or cast to the dtype asked for. Expected results recorded from
TensorFlow 2.21 (the same expressions in its tf.function)."""
import pytest

import varrt as tf

# (expression, result dtype or error type, values), as TensorFlow printed them.
CASES = [
    ('tf.reshape(x, [tf.shape(x)[0], -1])', 'float32', '[[1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0]]'),
    ('tf.fill([tf.shape(x)[0], 2], 1.0)', 'float32', '[[1.0, 1.0], [1.0, 1.0]]'),
    ('tf.zeros((tf.shape(x)[0], 2), dtype=tf.int64)', 'int64', '[[0, 0], [0, 0]]'),
    ('tf.random.normal([tf.shape(x)[0], 2], seed=1)', 'float32', '[[-0.8113182187080383, 1.4845987558364868], [0.06532937288284302, -2.442704200744629]]'),
    ('tf.broadcast_to(1.0, [tf.shape(x)[0], 3])', 'float32', '[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]'),
    ('tf.convert_to_tensor([[tf.shape(x)[0], 3], [1, 2]])', 'int32', '[[2, 3], [1, 2]]'),
    ('tf.convert_to_tensor([tf.shape(x)[0], 1.5])', 'TypeError', 'in user code:'),
    ('tf.convert_to_tensor([tf.shape(x)[0], 3], dtype=tf.float32)', 'float32', '[2.0, 3.0]'),
    ('tf.ones([tf.shape(x)[1], tf.shape(x)[0]])', 'float32', '[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]'),
]


@pytest.mark.parametrize("expression, kind, values", CASES)
def test_a_list_holding_graph_tensors_packs_as_in_tensorflow(expression, kind, values):
    x = tf.ones((2, 5))
    f = tf.function(lambda x: eval(expression, {"tf": tf, "x": x}))  # noqa: S307 - the recorded expressions
    if kind == "TypeError":
        with pytest.raises(TypeError):
            f(x)
        return
    result = f(x)
    assert (result.dtype.name, repr(result.numpy().tolist())) == (kind, values)


def test_eager_lists_of_tensors_convert_by_value():
    x = tf.ones((2, 5))
    assert tf.reshape(x, [tf.shape(x)[0], -1]).shape == (2, 5)
    assert tf.convert_to_tensor([tf.shape(x)[0], 3]).numpy().tolist() == [2, 3]
