"""Graph tensors used where their graph is not being built (the cases of issue 24's leak script,
and a few neighbours): run as `python symbolic_scope_cases.py tf|varrt`, it prints one line per
case, `label | exception type | first line of its message` (or `label | OK | result`), so the
same program's output under TensorFlow and varrt can be compared (test_symbolic_scope.py)."""
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf
import numpy as np


def case(label, fn):
    try:
        result = fn()
        print(f"{label} | OK | {result}")
    except Exception as e:  # noqa: BLE001 - the exception is the result being compared
        print(f"{label} | {type(e).__name__} | {str(e).splitlines()[0]}")


g = tf.Graph()
with g.as_default():
    p = tf.compat.v1.placeholder(tf.float32, [2])
case("placeholder eager add", lambda: tf.add(p, 1.0))
case("placeholder eager op+", lambda: p + 1.0)
case("variable from placeholder", lambda: tf.Variable(p))
leaked = []


@tf.function
def f(x):
    y = x * 2
    leaked.append(y)
    return y


f(tf.constant([1., 2.]))
v = tf.Variable([0., 0.])
case("leaked assign", lambda: v.assign(leaked[0]))
case("leaked add", lambda: leaked[0] + 1)
case("leaked reduce", lambda: tf.reduce_sum(leaked[0]))
case("leaked in other fn", lambda: tf.function(lambda: leaked[0] * 3)())
case("leaked returned by other fn", lambda: tf.function(lambda: leaked[0])())
case("leaked numpy", lambda: np.asarray(leaked[0]))
case("leaked Variable init", lambda: tf.Variable(leaked[0]))
case("leaked convert", lambda: tf.convert_to_tensor(leaked[0]))
case("leaked matmul", lambda: tf.matmul(tf.reshape(leaked[0], [1, 2]), tf.ones([2, 1])))
case("leaked to_dlpack", lambda: tf.experimental.dlpack.to_dlpack(leaked[0]))
case("variable after", lambda: v.numpy())


@tf.function
def in_init_scope(x):
    y = x * 2.0
    with tf.init_scope():
        return y + 1.0


case("trace tensor in init_scope", lambda: in_init_scope(tf.constant([1.0])))
g2 = tf.Graph()
with g2.as_default():
    case("placeholder other graph", lambda: p * 2)
