"""`tf.Variable(host_value)` on its default path (one positional Python value, every other
argument at its default, at top level) runs in C with no Python frame; it keeps TensorFlow
2.21's names, dtypes, shapes and errors, and every other call shape keeps the general path.
Expected values were printed by TensorFlow 2.21 on the same programs."""
import numpy as np
import pytest

import varrt as tf
from python_frames import python_functions_run


def _make(value):
    return tf.Variable(value)


@pytest.mark.parametrize("value", [[[1.0, 2.0], [3.0, 4.0]], [1, 2], 2.5, 3, (1.0, 2)])
def test_default_creation_runs_no_python(value):
    assert python_functions_run(_make, value) == []


# (value, dtype, shape) as TensorFlow 2.21 prints them; every one is named "Variable:0".
DEFAULT_CASES = [
    ([[1.0, 2.0], [3.0, 4.0]], "float32", [2, 2]),
    ([[1, 2], [3, 4]], "int32", [2, 2]),
    ([1, 2**40], "int64", [2]),
    ((1.0, 2), "float32", [2]),
    (3, "int32", []),
    (2.5, "float32", []),
    (True, "bool", []),
    ([], "float32", [0]),
    ([[]], "float32", [1, 0]),
    ([1, 2.5], "float32", [2]),
]


@pytest.mark.parametrize("value,dtype,shape", DEFAULT_CASES)
def test_default_creation_matches_tensorflow(value, dtype, shape):
    v = tf.Variable(value)
    assert (v.name, v.dtype.name, v.shape.as_list(), v.trainable) == ("Variable:0", dtype, shape, True)
    assert np.array_equal(v.numpy(), np.array(value, dtype=dtype))


def test_successive_variables_share_the_default_name_as_in_eager_tensorflow():
    a, b = tf.Variable([[1.0, 2.0], [3.0, 4.0]]), tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert (a.name, b.name) == ("Variable:0", "Variable:0")
    a.assign([[5.0, 6.0], [7.0, 8.0]])
    assert b.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]  # two variables, not one


@pytest.mark.parametrize("value,error,text", [
    ([[1.0, 2.0], [3.0]], ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    ([1, "a"], ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([None], ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                         "Tensor."),
])
def test_default_creation_errors_are_tensorflows(value, error, text):
    with pytest.raises(error) as info:
        tf.Variable(value)
    assert str(info.value) == text


def test_other_call_shapes_take_the_general_path_with_tensorflows_results():
    with tf.name_scope("s"):
        assert tf.Variable([1.0]).name == "s/Variable:0"
        assert tf.Variable([1.0], name="w").name == "s/w:0"
    assert tf.Variable(lambda: [1.0, 2.0]).numpy().tolist() == [1.0, 2.0]
    assert tf.Variable([1, 2], dtype=tf.float64).dtype == tf.float64
    assert tf.Variable([1.0], name="x").name == "x:0"
    assert tf.Variable([1.0], trainable=False).trainable is False
    assert tf.Variable(initial_value=[1.0]).name == "Variable:0"
    assert tf.Variable(np.ones(2, np.float16)).dtype == tf.float16
    assert tf.Variable(tf.constant([1, 2])).dtype == tf.int32
    with pytest.raises(ValueError, match="The `initial_value` arg to `tf.Variable` must be specified"):
        tf.Variable()


def test_scopes_on_this_or_another_thread_name_the_variable_as_tensorflow_does():
    import threading
    with tf.compat.v1.variable_scope("vs"):
        assert tf.Variable([1.0]).name == "vs/Variable:0"
    with tf.init_scope():
        assert tf.Variable([1.0]).name == "Variable:0"
    names = []

    def in_a_scope():
        with tf.name_scope("t"):
            names.append(tf.Variable([1.0]).name)

    thread = threading.Thread(target=in_a_scope)
    thread.start()
    thread.join()
    assert (names, tf.Variable(1.0).name) == (["t/Variable:0"], "Variable:0")


def test_a_tf1_graph_uniquifies_default_names():
    with tf.Graph().as_default():
        x, y = tf.Variable([1.0, 2.0]), tf.Variable([[1.0, 2.0]])
        assert (x.name, y.name, x.shape.as_list()) == ("Variable:0", "Variable_1:0", [2])


def test_inside_a_function_creation_is_allowed_on_the_first_trace_only():
    made = []

    @tf.function
    def once():
        if not made:
            made.append(tf.Variable([1.0, 2.0]))
        return made[0].read_value()

    assert once().numpy().tolist() == [1.0, 2.0]

    @tf.function
    def every_call():
        return tf.Variable([1.0, 2.0]).read_value()

    with pytest.raises(ValueError, match="tf.function only supports singleton tf.Variables created on the first call"):
        every_call()


def test_a_subclass_reaches_the_default_path_through_super():
    class Scaled(tf.Variable):
        def __init__(self, value):
            super().__init__(value)
            self.scale = 2

    s = Scaled([1.0, 2.0])
    assert (s.name, s.scale, s.numpy().tolist()) == ("Variable:0", 2, [1.0, 2.0])


def test_the_constructor_keeps_its_signature():
    import inspect
    params = list(inspect.signature(tf.Variable).parameters)
    assert params[:13] == ["initial_value", "trainable", "validate_shape", "caching_device", "name", "variable_def",
                           "dtype", "import_scope", "constraint", "synchronization", "aggregation", "shape",
                           "experimental_enable_variable_lifting"]  # TensorFlow 2.21's __init__, then varrt's
