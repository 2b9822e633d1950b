"""name_scope and how variable names are built under it (TensorFlow's eager rules)."""
import threading

import pytest

import varrt as tf


def name(**kw):
    return tf.Variable(1.0, **kw).name


def test_names_without_scope():
    assert name() == "Variable:0"
    assert name(name="x:0") == "x:0:0"
    assert name(name="a/") == "a:0"
    assert name(name="") == ":0"


def test_names_in_scope():
    with tf.name_scope("s") as scope:
        assert scope == "s/"
        assert name() == "s/Variable:0"
        assert name(name="x") == "s/x:0"
        assert name(name="a/") == "a:0"  # trailing slash: absolute
        assert name(name="/a") == "s//a:0"
        assert name(name="") == ":0"
        with tf.name_scope("t/"):
            assert name() == "t/Variable:0"
        with tf.name_scope(""):
            assert name() == "Variable:0"
        with tf.name_scope("s"):  # no uniquification in eager mode
            assert name() == "s/s/Variable:0"
        assert name() == "s/Variable:0"
    assert name() == "Variable:0"


def test_nested_and_reentered_scope_object():
    ns = tf.name_scope("q")
    assert ns.name == "q"
    with ns as outer:
        with ns as inner:
            assert (outer, inner) == ("q/", "q/q/")
            assert name(name="x") == "q/q/x:0"
        assert name(name="x") == "q/x:0"
    assert name(name="x") == "x:0"


@pytest.mark.parametrize("bad", [None, 5, b"x"])
def test_non_string_names_raise(bad):
    with pytest.raises(ValueError, match="name for name_scope must be a string."):
        tf.name_scope(bad)


def test_non_string_variable_name_raises():
    with pytest.raises(ValueError, match="name for name_scope must be a string."):
        tf.Variable(1.0, name=5)


def test_scope_is_per_thread():
    seen = []
    entered, release = threading.Event(), threading.Event()

    def other():
        entered.wait()
        seen.append(tf.Variable(1.0).name)
        release.set()

    t = threading.Thread(target=other)
    t.start()
    with tf.name_scope("main_only"):
        entered.set()
        release.wait()
    t.join()
    assert seen == ["Variable:0"]


def test_deepcopy_names_the_copy_under_the_current_scope():
    import copy
    v = tf.Variable(1.0, name="keep")
    with tf.name_scope("elsewhere"):  # as TensorFlow 2.21 does
        assert copy.deepcopy(v).name == "elsewhere/keep:0"


def test_scopes_are_made_unique_while_a_graph_is_built():
    # TensorFlow 2.21's names for this program (a TF1 graph and a tf.function); eagerly scopes
    # are never made unique (the tests above).
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [], name="x")
        names = []
        for _ in range(2):
            with tf.name_scope("a"):
                names.append((x * 2.0).name)
        with tf.name_scope("a"):
            with tf.name_scope("b"):
                names.append((x + 1.0).name)
        with tf.name_scope("a/"):  # absolute: the scope itself again
            names.append((x - 1.0).name)
        for _ in range(2):
            with tf1.variable_scope("s"):
                names.append((x * 3.0).name)
        with tf.name_scope("a"):
            names.append(tf.Variable(1.0, name="w").name)
    assert names == ["a/mul:0", "a_1/mul:0", "a_2/b/add:0", "a/sub:0", "s/mul:0", "s_1/mul:0", "a_3/w:0"]

    traced = []

    @tf.function
    def f(x):
        for _ in range(2):
            with tf.name_scope("a"):
                traced.append((x * 2.0).name)
        return x
    f(tf.constant(1.0))
    assert traced == ["a/mul:0", "a_1/mul:0"]
