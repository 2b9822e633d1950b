"""TensorFlow 1 graphs and sessions (outputs from TensorFlow 2.21). In-process tests use
`with tf.Graph().as_default():`; `disable_eager_execution()` is process-wide, so its tests run
in subprocesses."""
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import errors

tf1 = tf.compat.v1


def test_placeholders_variables_initializers_and_feeds():
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
        v = tf.Variable(1.0)
        w = tf1.get_variable("w", shape=[3, 1], initializer=tf1.ones_initializer())
        y = tf.matmul(x, w) + v
        assert str(x) == 'Tensor("x:0", shape=(None, 3), dtype=float32)'
        assert str(y) == 'Tensor("add:0", shape=(None, 1), dtype=float32)'
        assert repr(w) == "<tf.Variable 'w:0' shape=(3, 1) dtype=float32>"
        init = tf1.global_variables_initializer()
        assert (type(init).__name__, init.type) == ("Operation", "NoOp")
        assert tf1.global_variables() == [v, w] and not tf.executing_eagerly()
        with tf1.Session() as sess:
            with pytest.raises(errors.FailedPreconditionError, match="it can also mean the variable is uninitialized"):
                sess.run(y, feed_dict={x: [[1, 2, 3]]})
            assert sess.run(init) is None
            assert sess.run(y, feed_dict={x: [[1, 2, 3]]}).tolist() == [[7.0]]
            with pytest.raises(errors.InvalidArgumentError,
                               match=r"You must feed a value for placeholder tensor 'x' with dtype float and shape "
                                     r"\[\?,3\]"):
                sess.run(y)
            out = sess.run([v, {"a": y}], feed_dict={x: [[1, 1, 1]]})
            assert out[0] == 1.0 and out[1]["a"].tolist() == [[4.0]]
            assert sess.run(v.assign_add(2.0)) == 3.0
            assert sess.run(v) == 3.0
            with pytest.raises(ValueError, match=r"Cannot feed value of shape \(2,\) for Tensor x:0"):
                sess.run(y, feed_dict={x: [1.0, 2.0]})
    assert tf.executing_eagerly() and g.get_collection(tf1.GraphKeys.TRAINABLE_VARIABLES) == [v, w]
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf1.placeholder(tf.float32)


def test_session_runs_only_what_fetches_need():
    with tf.Graph().as_default():
        v = tf.Variable(0.0)
        inc = v.assign_add(1.0)
        init = tf1.global_variables_initializer()
        with tf1.Session() as sess:
            sess.run(init)
            sess.run(init)  # the initializer alone: the update is not run with it
            assert sess.run(v) == 0.0
            sess.run(inc)
            sess.run(inc)
            assert sess.run(v) == 2.0


def test_minimize_and_gradients_in_a_graph():
    xs = np.linspace(0, 1, 10).astype(np.float32)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None], name="x")
        y = tf1.placeholder(tf.float32, [None], name="y")
        w = tf.Variable(0.0, name="w")
        b = tf.Variable(0.0, name="b")
        loss = tf.reduce_mean(tf.square(w * x + b - y))
        train = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
        gw = tf1.gradients(loss, [w])
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            feed = {x: xs, y: 3 * xs + 2}
            assert sess.run(loss, feed) == pytest.approx(13.166666, rel=1e-6)
            assert sess.run(gw, feed)[0] == pytest.approx(-4.111111, rel=1e-6)  # TensorFlow 2.21's value
            for _ in range(200):
                sess.run(train, feed_dict=feed)
            np.testing.assert_allclose(sess.run([w, b]), [2.942, 2.032], atol=1e-3)  # TensorFlow 2.21's


def test_variable_scopes_and_reuse():
    with tf.Graph().as_default():
        with tf1.variable_scope("layer"):
            v = tf1.get_variable("v", [2], initializer=tf1.zeros_initializer())
        with tf1.variable_scope("layer", reuse=True):
            assert tf1.get_variable("v") is v
        assert v.name == "layer/v:0"
        with pytest.raises(ValueError, match="Variable layer/v already exists, disallowed. Did you mean to set "
                                             "reuse=True or reuse=tf.AUTO_REUSE in VarScope?"):
            with tf1.variable_scope("layer"):
                tf1.get_variable("v", [2])
        with pytest.raises(ValueError, match="Variable other/u does not exist, or was not created with "
                                             "tf.get_variable()"):
            with tf1.variable_scope("other", reuse=True):
                tf1.get_variable("u", [1])
        with tf1.variable_scope("other", reuse=tf1.AUTO_REUSE):
            u = tf1.get_variable("u", [1])
            assert tf1.get_variable("u", [1]) is u
        with pytest.raises(NotImplementedError, match="partition"):
            tf1.get_variable("p", [4], partitioner=lambda *a: [2])


def test_each_new_graph_starts_with_no_get_variable_names():
    # CPython hands a new Graph the id() of a freed one: names must not carry over through it
    import gc
    ids = set()
    for _ in range(200):
        with tf.Graph().as_default() as g:
            ids.add(id(g))
            w = tf1.get_variable("w", [1], initializer=tf1.constant_initializer(2.0))
            assert w.name == "w:0"
        del g, w
        gc.collect()
    assert len(ids) < 200  # ids were reused, so the case above was exercised


_REENTERED = r"""
import varrt as tf
tf1 = tf.compat.v1
g = tf.Graph()
with g.as_default():
    x = tf1.placeholder(tf.float32, [2])
    with g.as_default():  # the same graph made the default again, inside its own block
        y = x * 2.0
        with tf.Graph().as_default():
            tf.constant(1.0)
        with g.as_default():
            z = y + 1.0
    v = tf1.get_variable("v", [2], initializer=tf1.ones_initializer())  # still recorded into g
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        print(sess.run([y, z, v * 3.0], {x: [1.0, 2.0]}))
"""


def test_a_graph_made_the_default_again_inside_its_own_block_keeps_recording(tmp_path):
    # Re-entering a graph replaced its recorder's hook, freed while the core still called it: a crash.
    script = tmp_path / "reentered.py"
    script.write_text(_REENTERED)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[array([2., 4.], dtype=float32), array([3., 5.], dtype=float32), array([3., 3.], dtype=float32)]\n"


def test_group_in_a_graph_is_an_operation_a_session_runs():
    # TensorFlow 1 programs make `train_op = tf.group(...)` and run it; None could not be run.
    with tf.Graph().as_default():
        v, w = tf.Variable(1.0), tf.Variable(0.0)
        g = tf.group(v.assign_add(1.0), [v.assign_add(2.0), w.assign(5.0)], name="train")
        assert (g.name, g.type) == ("train", "NoOp")
        assert tf.group().name == "group_deps"
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            assert sess.run(g) is None
            assert sess.run([v, w]) == [4.0, 5.0]
            sess.run(g)
            assert sess.run([v, w]) == [7.0, 5.0]


def test_an_assert_in_a_graph_is_an_operation_a_session_runs():
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [2])
        check = tf.debugging.Assert(tf.reduce_all(x > 0), [x])
        with tf1.Session() as sess:
            assert sess.run(check, {x: [1.0, 2.0]}) is None
            with pytest.raises(tf.errors.InvalidArgumentError, match=r"assertion failed: \[-1 2\]"):
                sess.run(check, {x: [-1.0, 2.0]})


_GRAPH_MODE = r"""
import varrt as tf
tf1 = tf.compat.v1
tf1.disable_v2_behavior()
x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
print(x)
w = tf1.get_variable("w", shape=[2], initializer=tf1.ones_initializer())
print(w)
print(tf.executing_eagerly())
with tf1.Session() as sess:
    sess.run(tf1.global_variables_initializer())
    print(sess.run(w * 2.0))
"""


def test_disable_v2_behavior_is_process_wide_graph_mode():
    out = subprocess.run([sys.executable, "-c", _GRAPH_MODE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [  # TensorFlow 2.21's output
        'Tensor("x:0", shape=(?, 3), dtype=float32)',
        "<tf.Variable 'w:0' shape=(2,) dtype=float32_ref>",
        "False",
        "[2. 2.]",
    ]


@pytest.mark.parametrize("make, expected", [
    (lambda: tf1.train.MomentumOptimizer(0.1, 0.9), [2.8609, 1.9507]),
    (lambda: tf1.train.AdamOptimizer(0.1), [2.6396, 2.4738]),
    (lambda: tf1.train.AdagradOptimizer(0.1), [1.1274, 1.1213]),
    (lambda: tf1.train.RMSPropOptimizer(0.1), [2.6261, 2.2098]),
])
def test_tf1_optimizers_with_slots_train_in_graphs_as_tensorflow(make, expected):
    xs = np.linspace(0, 1, 10).astype(np.float32)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None])
        y = tf1.placeholder(tf.float32, [None])
        w, b = tf.Variable(0.0), tf.Variable(0.0)
        loss = tf.reduce_mean(tf.square(w * x + b - y))
        step = tf1.train.get_or_create_global_step()
        train = make().minimize(loss, global_step=step)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for _ in range(50):
                sess.run(train, {x: xs, y: 3 * xs + 2})
            np.testing.assert_allclose(sess.run([w, b]), expected, atol=1e-4)  # TensorFlow 2.21, 50 steps
            assert sess.run(step) == 50


_SAVER_GUIDE = r"""
import os, sys, tempfile
import varrt as tf
tf1 = tf.compat.v1
tf1.disable_eager_execution()
v1 = tf1.get_variable("v1", shape=[3], initializer=tf1.zeros_initializer)
v2 = tf1.get_variable("v2", shape=[5], initializer=tf1.zeros_initializer)
inc_v1 = v1.assign(v1 + 1)
dec_v2 = v2.assign(v2 - 1)
init_op = tf1.global_variables_initializer()
saver = tf1.train.Saver()
d = sys.argv[1]
with tf1.Session() as sess:
    sess.run(init_op)
    sess.run(inc_v1)
    sess.run(dec_v2)
    save_path = saver.save(sess, os.path.join(d, "model.ckpt"))
    print("Model saved in path: %s" % os.path.basename(save_path))
tf1.reset_default_graph()
v1 = tf1.get_variable("v1", shape=[3])
v2 = tf1.get_variable("v2", shape=[5])
saver = tf1.train.Saver()
with tf1.Session() as sess:
    saver.restore(sess, os.path.join(d, "model.ckpt"))
    print("Model restored.")
    print("v1 : %s" % v1.eval())
    print("v2 : %s" % v2.eval())
"""


def test_the_tf1_saving_guide(tmp_path):
    out = subprocess.run([sys.executable, "-c", _SAVER_GUIDE, str(tmp_path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [  # TensorFlow 2.21's output
        "Model saved in path: model.ckpt", "Model restored.", "v1 : [1. 1. 1.]", "v2 : [-1. -1. -1. -1. -1.]"]


def test_placement_log_of_a_session(capfd):
    with tf.Graph().as_default():
        a = tf.constant(2.0, name="a")
        v = tf.Variable(1.0, name="v")
        b = a * v
        capfd.readouterr()
        tf.debugging.set_log_device_placement(True)
        try:
            with tf1.Session() as sess:
                sess.run(v.initializer)
                assert sess.run(b) == 2.0
                first = capfd.readouterr().err.splitlines()
                sess.run(b)
                second = capfd.readouterr().err.splitlines()
        finally:
            tf.debugging.set_log_device_placement(False)
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    # TensorFlow's placer lists the graph's nodes when a session first runs it; nothing after
    assert f"mul: (Mul): {device}" in first and f"AssignVariableOp: (AssignVariableOp): {device}" in first
    assert not any(line.startswith("Executing op") for line in first) and second == []


def test_tensors_and_feeds_by_name():
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [2], name="x")
        y = tf.multiply(x, 3.0, name="y")
        assert g.get_tensor_by_name("x:0") is not None
        with pytest.raises(KeyError, match="refers to a Tensor which does not exist"):
            g.get_tensor_by_name("nope:0")
        with tf1.Session() as sess:
            assert sess.run("y:0", feed_dict={"x:0": [1.0, 2.0]}).tolist() == [3.0, 6.0]  # the name= (TensorFlow)
            assert sess.run(y, feed_dict={x: [1.0, 1.0]}).tolist() == [3.0, 3.0]


def test_gradients_with_respect_to_any_tensor_of_the_graph():
    # tf.compat.v1.gradients takes tensors no placeholder or variable feeds (a fill, a random
    # draw, their product) as sources; values recorded from TensorFlow 2.21.
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        a = tf.ones([3]) * 2.0
        r = tf1.random_normal([3], seed=1)
        h = a * r
        y = tf.reduce_sum(h * h + a)
        grads = tf1.gradients(y, [a, r, h])
        assert all(g is not None for g in grads)
        with tf1.Session() as sess:
            got = sess.run(grads)
    np.testing.assert_allclose(got, [[3.632949113845825, 9.816133499145508, 1.0170717239379883],
                                     [-6.490545749664307, 11.876790046691895, 0.5226349830627441],
                                     [-3.2452728748321533, 5.938395023345947, 0.26131749153137207]], rtol=1e-6)


def test_constants_are_named_const_nodes_and_gradient_sources(capsys):
    # TensorFlow 2.21 prints exactly these lines for the same program.
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        c = tf.constant([1.0, 2.0])
        c2 = tf.constant(3.0, name="three")
        c3 = tf.constant([1, 2], shape=[2, 1])
        c4 = tf.constant(4.0, name="three")
        y = tf.reduce_sum(c * c * c2)
        print(c, c2, c3, c4)
        print([(o.name, o.type) for o in g.get_operations() if o.type == "Const"][:4])
        print(g.get_tensor_by_name("three_1:0"))
        grads = tf1.gradients(y, [c, c2])
        with tf1.Session() as sess:
            print(sess.run(grads), sess.run(c3).tolist())
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("Const:0", shape=(2,), dtype=float32) Tensor("three:0", shape=(), dtype=float32) '
        'Tensor("Const_1:0", shape=(2, 1), dtype=int32) Tensor("three_1:0", shape=(), dtype=float32)',
        "[('Const', 'Const'), ('three', 'Const'), ('Const_1', 'Const'), ('three_1', 'Const')]",
        'Tensor("three_1:0", shape=(), dtype=float32)',
        "[array([ 6., 12.], dtype=float32), np.float32(5.0)] [[1], [2]]"]


def test_tf2_checkpoints_of_tensorflow1_graph_variables(tmp_path):
    # The checkpoint-migration guide's TensorFlow 1 cells: tf.train.Checkpoint saves a graph's
    # variables from a session, restores them with run_restore_ops after the initializers, and
    # initialize_or_restore initializes what the checkpoint lacks (TensorFlow 2.21's results).
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(1))
        b = tf1.get_variable("b", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(2))
        with tf1.variable_scope("scoped"):
            c = tf1.get_variable("c", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(3))
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            ckpt = tf.train.Checkpoint(unscoped=[a, b], scoped=[c])
            path = ckpt.save(str(tmp_path / "tf2-ckpt"))
            sess.run(a.assign(10.0))
            ckpt.restore(path).run_restore_ops()
            assert sess.run([a, b, c]) == [1.0, 2.0, 3.0]
    assert path.endswith("tf2-ckpt-1")
    assert sorted(k for k, _ in tf.train.list_variables(path)) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "save_counter/.ATTRIBUTES/VARIABLE_VALUE", "scoped/0/.ATTRIBUTES/VARIABLE_VALUE",
        "unscoped/0/.ATTRIBUTES/VARIABLE_VALUE", "unscoped/1/.ATTRIBUTES/VARIABLE_VALUE"]
    with tf.Graph().as_default():
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        z = tf1.get_variable("z", shape=[2], dtype=tf.float32, initializer=tf1.ones_initializer())
        status = tf.train.Checkpoint(unscoped=[a], extra=z).restore(path)
        with tf1.Session() as sess:
            status.initialize_or_restore(sess)
            got_a, got_z = sess.run([a, z])
    assert got_a == 1.0 and got_z.tolist() == [1.0, 1.0]
    with tf.Graph().as_default():
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        status = tf.train.Checkpoint(unscoped=[a]).restore(path)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            status.run_restore_ops(sess)
            assert sess.run(a) == 1.0
