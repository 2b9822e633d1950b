"""What a TensorFlow 1 Session raises, in TensorFlow 2.21's words: an op failing while the graph
runs is a "Graph execution error" naming the node and where it was defined (error class kept,
`e.op` the node); run(None) and feed_dict keys that name no tensor of the graph are TypeErrors.
Texts recorded from TensorFlow 2.21; with VARRT_TF_PYTHON set the script also runs under
TensorFlow (and must, under CI=true)."""
import json
import subprocess
import sys

import pytest

import varrt as tf

from ckpt_helpers import required_tf_python

tf1 = tf.compat.v1

# Line numbers matter: the messages name where each node was defined.
SCRIPT = '''import json
import sys
if sys.argv[1] == "tensorflow":
    import tensorflow as tf
else:
    import varrt as tf
tf1 = tf.compat.v1


def build(x):
    return tf.reshape(x, [2, 2])


with tf.Graph().as_default():
    x = tf1.placeholder(tf.float32, [None], name="x")
    v = tf.Variable([1.0, 2.0], name="v")
    y = build(x)
    z = v + x
    with tf1.Session() as sess:
        cases = [(z, {x: [1.0, 2.0]}), (y, None)]  # before the initializer runs
        cases += [(tf1.global_variables_initializer(), None), (y, {x: [1.0, 2.0, 3.0]}), (z, {x: [1.0, 2.0, 3.0]})]
        for fetch, feed in cases:
            try:
                sess.run(fetch, feed)
            except tf.errors.OpError as e:
                print(json.dumps([type(e).__name__, e.op.name, e.message]))
'''

# TensorFlow 2.21's (class, e.op.name, e.message) for each failing run; {path} is the script.
RECORDED = [
    ("FailedPreconditionError", "ReadVariableOp",
     "Graph execution error:\n\nDetected at node 'ReadVariableOp' defined at (most recent call last):\n"
     '    File "{path}", line 18, in <module>\n'
     "Node: 'ReadVariableOp'\nCould not find variable v. This could mean that the variable has been deleted. In "
     "TF1, it can also mean the variable is uninitialized. Debug info: container=localhost, status error "
     "message=Container localhost does not exist. (Could not find resource: localhost/v)\n"
     "\t [[{{node ReadVariableOp}}]]"),
    ("InvalidArgumentError", "x",
     "Graph execution error:\n\nDetected at node 'x' defined at (most recent call last):\n"
     '    File "{path}", line 15, in <module>\n'
     "Node: 'x'\nYou must feed a value for placeholder tensor 'x' with dtype float and shape [?]\n"
     "\t [[{{node x}}]]"),
    ("InvalidArgumentError", "Reshape",
     "Graph execution error:\n\nDetected at node 'Reshape' defined at (most recent call last):\n"
     '    File "{path}", line 17, in <module>\n'
     '    File "{path}", line 11, in build\n'
     "Node: 'Reshape'\nInput to reshape is a tensor with 3 values, but the requested shape has 4\n"
     "\t [[{{node Reshape}}]]"),
    ("InvalidArgumentError", "add",
     "Graph execution error:\n\nDetected at node 'add' defined at (most recent call last):\n"
     '    File "{path}", line 18, in <module>\n'
     "Node: 'add'\nIncompatible shapes: [2] vs. [3]\n\t [[{{node add}}]]"),
]


def run_script(python, library, tmp_path):
    path = tmp_path / "session_errors.py"
    path.write_text(SCRIPT)
    out = subprocess.run([python, str(path), library], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return path, [tuple(json.loads(line)) for line in out.stdout.splitlines()]


def test_run_time_op_errors_are_tensorflows_graph_execution_errors(tmp_path):
    path, got = run_script(sys.executable, "varrt", tmp_path)
    assert got == [(cls, op, message.replace("{path}", str(path))) for cls, op, message in RECORDED]


def test_tensorflow_reports_the_same(tmp_path):
    python = required_tf_python()
    assert run_script(python, "tensorflow", tmp_path) == run_script(sys.executable, "varrt", tmp_path)


NONE_FETCH = 'Argument `fetch` = None has invalid type "NoneType". Cannot be None'


@pytest.mark.parametrize("fetches", [None, [None], {"a": None}, "pair"])
def test_fetching_none_is_a_type_error(fetches):
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None], name="x")
        y = x * 2.0
        with tf1.Session() as sess:
            with pytest.raises(TypeError) as e:
                sess.run((y, None) if fetches == "pair" else fetches, feed_dict={x: [1.0]})
    assert str(e.value) == NONE_FETCH


# TensorFlow 2.21's TypeError for each feed_dict key ("Cannot interpret feed_dict key as Tensor: " + this).
KEY_ERRORS = {
    "nope": "The name 'nope' looks like an (invalid) Operation name, not a Tensor. Tensor names must be of the form "
            '"<op_name>:<output_index>".',
    "missing:0": "The name 'missing:0' refers to a Tensor which does not exist. The operation, 'missing', does not "
                 "exist in the graph.",
    "x:1": "The name 'x:1' refers to a Tensor which does not exist. The operation, 'x', exists but only has 1 outputs.",
    3: "Can not convert a int into a Tensor.",
    None: "Can not convert a NoneType into a Tensor.",
    2.5: "Can not convert a float into a Tensor.",
    "other graph": 'Tensor Tensor("other:0", shape=(None,), dtype=float32) is not an element of this graph.',
    "an operation": "Can not convert a Operation into a Tensor.",
}


@pytest.mark.parametrize("key", list(KEY_ERRORS), ids=str)
def test_a_feed_key_naming_no_tensor_of_the_graph_is_tensorflows_type_error(key):
    # The other graph is held here: a varrt symbolic tensor does not keep its graph alive (a
    # TensorFlow tensor does; issue 24), and once collected the tensor prints as "unknown:0".
    other_graph = tf.Graph()
    with other_graph.as_default():
        other = tf1.placeholder(tf.float32, [None], name="other")
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None], name="x")
        y = x * 2.0
        fed = {"other graph": other, "an operation": tf1.local_variables_initializer()}.get(key, key)
        with tf1.Session() as sess:
            with pytest.raises(TypeError) as e:
                sess.run(y, feed_dict={fed: [1.0]})
            assert sess.run(y, feed_dict={"x:0": [3.0]}).tolist() == [6.0]  # a name that is one is fed
    assert str(e.value) == "Cannot interpret feed_dict key as Tensor: " + KEY_ERRORS[key]
