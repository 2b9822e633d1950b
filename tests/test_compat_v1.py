"""compat.v1: a TensorFlow 1-style script (create -> initialize -> update -> Session.run)."""
import collections
import inspect

import numpy as np
import pytest

import varrt
import varrt.compat.v1 as tf1


_TF1_SCRIPT = r"""
import numpy as np
import varrt.compat.v1 as tf1
tf1.disable_eager_execution()  # process-wide, as in TensorFlow
w = tf1.Variable(tf1.zeros([2, 2]), name="weights")
b = tf1.Variable(tf1.random_normal([2], seed=1), name="bias")
init = tf1.global_variables_initializer()
print(type(init).__name__, init.name, init.type, tf1.executing_eagerly())
with tf1.Session() as sess:
    print(sess.run(init))
    sess.run(w.assign(tf1.ones([2, 2])))
    update = w.assign_add(tf1.fill([2, 2], 2.0))
    value = sess.run(update)
    print(value.tolist(), type(value).__name__)
    out = sess.run({"w": w, "pair": (b, tf1.local_variables_initializer()), "list": [tf1.constant(1)]})
    print(out["w"].tolist(), out["pair"][1], type(out["pair"]).__name__, out["list"])
    print(sess.run(tf1.matmul(w, w))[0, 0])
try:
    sess.run(w)
except RuntimeError as e:
    print(e)
"""


def test_tf1_style_script():
    """disable_eager_execution() builds graphs for the rest of the program: run in a subprocess."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", _TF1_SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "Operation init NoOp False",
        "None",
        "[[3.0, 3.0], [3.0, 3.0]] ndarray",
        "[[3.0, 3.0], [3.0, 3.0]] None tuple [np.int32(1)]",
        "18.0",
        "Attempted to use a closed Session.",
    ]


def test_initializer_functions_return_none():
    v = varrt.Variable(1.0)
    assert tf1.global_variables_initializer() is None
    assert tf1.initialize_all_variables() is None
    assert tf1.local_variables_initializer() is None
    assert tf1.variables_initializer([v]) is None
    assert tf1.variables_initializer([]) is None
    assert tf1.global_variables() == [] and tf1.trainable_variables() == []
    assert v.numpy() == 1.0


def test_session_run_structures_and_errors():
    P = collections.namedtuple("P", "a b")
    s = tf1.Session()
    p = s.run(P(varrt.constant(1.0), varrt.Variable([1, 2])))
    assert isinstance(p, P) and p.a == np.float32(1.0) and p.b.tolist() == [1, 2]
    assert s.run(None) is None
    with pytest.raises(TypeError, match="Fetch argument 1 has invalid type <class 'int'>"):
        s.run(1)
    with pytest.raises(RuntimeError, match="no placeholders"):
        s.run(varrt.constant(1), feed_dict={"x": 1})
    s.close()
    assert issubclass(tf1.InteractiveSession, tf1.Session)


def test_names():
    assert tf1.Variable is varrt.Variable
    assert tf1.random_normal is varrt.random.normal
    assert tf1.set_random_seed is varrt.random.set_seed
    assert tf1.constant is varrt.constant  # everything else comes from varrt
    assert tf1.executing_eagerly() is True
    with pytest.raises(RuntimeError, match="tf.placeholder\\(\\) is not compatible with eager execution."):
        tf1.placeholder(varrt.float32)
    assert varrt.compat.v1 is tf1
    assert varrt.compat.v2 is varrt
    with pytest.raises(AttributeError):
        tf1.no_such_name


def test_train_resolves_lazily():
    import varrt.train
    assert tf1.train.Saver is varrt.train.Saver


def test_tf1_saver_save_and_restore(tmp_path):
    v = tf1.Variable([1.0, 2.0], name="v")
    c = tf1.Variable(3, name="counter")
    saver = tf1.train.Saver([v, c])
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        path = saver.save(sess, str(tmp_path / "model.ckpt"))
        sess.run(v.assign([5.0, 6.0]))
        sess.run(c.assign_add(1))
        saver.restore(sess, path)
        np.testing.assert_array_equal(sess.run(v), [1.0, 2.0])
        assert sess.run(c) == 3


def test_compat_v1_in_top_k_takes_tensorflow_1s_argument_order():
    # TensorFlow 2.21: inspect.signature(tf.compat.v1.nn.in_top_k) is (predictions, targets, k, name=None), and
    # tf.compat.v1.nn.in_top_k([[0.1, 0.9], [0.8, 0.2]], [1, 1], 1) is [True, False].
    assert list(inspect.signature(tf1.nn.in_top_k).parameters) == ["predictions", "targets", "k", "name"]
    assert tf1.nn.in_top_k([[0.1, 0.9], [0.8, 0.2]], [1, 1], 1).numpy().tolist() == [True, False]
    assert tf1.nn.in_top_k(predictions=[[0.1, 0.9]], targets=[0], k=2).numpy().tolist() == [True]
