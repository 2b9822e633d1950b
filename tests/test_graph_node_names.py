"""Graph nodes take TensorFlow's names (`name=`, name scopes, `_1` suffixes), so a shape error
raised while a graph is built reads as TensorFlow 2.21's (recorded from it on the same programs)."""
import pytest

import varrt as tf


def test_a_build_time_shape_error_names_the_node_and_its_inputs_as_tensorflow():
    @tf.function
    def f(x):
        ones = tf.ones([4], name="ones")
        return tf.add(x, ones, name="y")

    with pytest.raises(ValueError) as info:
        f(tf.ones([3]))
    lines = str(info.value).splitlines()
    assert lines[0] == "in user code:"
    assert lines[-1].strip() == ("ValueError: Dimensions must be equal, but are 3 and 4 for '{{node y}} = "
                                 "AddV2[T=DT_FLOAT](x, ones)' with input shapes: [3], [4].")


def test_names_scopes_and_suffixes_in_a_tensorflow_1_graph():
    with tf.Graph().as_default():
        a = tf.compat.v1.placeholder(tf.float32, [None, 2], name="a")
        with tf.name_scope("layer"):
            b = tf.multiply(a, 2.0, name="scaled")
            c = a + 1
            d = a + 2
        e = tf.math.exp(a, name="e")
        with pytest.raises(ValueError) as info:
            tf.add(a, tf.ones([3]), name="bad")
    assert [t.name for t in (a, b, c, d, e)] == ["a:0", "layer/scaled:0", "layer/add:0", "layer/add_1:0", "e:0"]
    # TensorFlow 2.21's text, the unknown batch dimension written as ?
    assert str(info.value) == ("Dimensions must be equal, but are 2 and 3 for '{{node bad}} = AddV2[T=DT_FLOAT](a, "
                               "ones)' with input shapes: [?,2], [3].")
