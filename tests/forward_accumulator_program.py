"""tf.autodiff.ForwardAccumulator as the advanced-autodiff guide and TensorFlow's docstring use
it: run as `python forward_accumulator_program.py tf|varrt`, it prints one line per case,
`label | outcome`, the outcome the JVP's values (as a list, float repr), None, or the error's type
and text (test_forward_accumulator.py compares it with TensorFlow's recorded output)."""
import sys

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf


def shown(x):
    if x is None:
        return "None"
    if isinstance(x, (list, tuple, dict)):
        return repr(tf.nest.map_structure(lambda t: None if t is None else np.asarray(t).tolist(), x))
    return f"{x.dtype.name} {np.asarray(x).tolist()}"


def case(label, fn):
    try:
        out = shown(fn())
    except Exception as e:  # noqa: BLE001 - the outcome is what is compared
        out = f"{type(e).__name__} | {' '.join(str(e).split())[:400]}"
    print(f"{label} | {out}")


x = tf.constant([1.0, 2.0])
acc = tf.autodiff.ForwardAccumulator(x, tf.constant([3.0, 4.0]))
case("primal before entering", lambda: acc.jvp(x))
with acc:
    y = x * x
    z = tf.constant(5.0)
    w = tf.cast(x, tf.int32) * 2
case("square", lambda: acc.jvp(y))
case("unconnected", lambda: acc.jvp(z))
case("unconnected zero", lambda: acc.jvp(z, unconnected_gradients="zero"))
case("integer", lambda: acc.jvp(w))
case("structure", lambda: acc.jvp([y, {"a": x}]))
case("bad unconnected", lambda: acc.jvp(y, unconnected_gradients="bad"))
case("duplicate primal", lambda: tf.autodiff.ForwardAccumulator([x, x], [x, x]))
case("structure mismatch", lambda: tf.autodiff.ForwardAccumulator([x], x))
case("tangent list mismatch", lambda: tf.autodiff.ForwardAccumulator(x, [1.0, 2.0]))


def reenter():
    a = tf.autodiff.ForwardAccumulator(x, x)
    with a:
        with a:
            pass


case("re-entered", reenter)

# The docstring's Hessian-vector product: forward over backward.
v = tf.Variable([1.0, 2.0, -0.5])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0, 2.0])) as acc:
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v ** 3.0)
    backward = tape.gradient(loss, v)
case("hvp backward", lambda: backward)
case("hvp", lambda: acc.jvp(backward))
case("variable primal", lambda: acc.jvp(v))
case("loss", lambda: acc.jvp(loss))

# Nested accumulators: the outer one takes the inner one's JVP's JVP.
primal = tf.constant(1.1)
with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.0)) as outer:
    with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.0)) as inner:
        primal_out = primal ** tf.constant(3.5)
inner_jvp = inner.jvp(primal_out)
case("inner", lambda: inner_jvp)
case("outer of inner", lambda: outer.jvp(inner_jvp))
case("outer", lambda: outer.jvp(primal_out))
case("inner of outer", lambda: inner.jvp(outer.jvp(primal_out)))

# Backward over forward: a tape around the accumulator differentiates the JVP.
xm = tf.constant([[2.0, 3.0, 0.5], [1.0, 4.0, -1.0], [0.0, 1.5, 2.5]])
with tf.GradientTape() as tape:
    tape.watch(xm)
    with tf.autodiff.ForwardAccumulator(xm, tf.ones_like(xm)) as acc:
        ym = tf.tanh(tf.matmul(xm, xm))
    jm = acc.jvp(ym)
case("matmul tanh", lambda: jm)
case("tape of jvp", lambda: tape.gradient(jm, xm))

# The docstring's Dense layer: with Keras 3 its kernel's dtype is a string, which TensorFlow's
# accumulator cannot watch (AttributeError); a tf.Variable of the same values can.
data = tf.constant([[2.0, 3.0], [1.0, 4.0], [0.5, -1.0]])
targets = tf.constant([[1.0], [-1.0], [0.25]])
dense = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant([[0.5], [-0.25]]))
dense.build([None, 2])
case("keras kernel", lambda: tf.autodiff.ForwardAccumulator(dense.kernel, tf.constant([[1.0], [0.0]])))
kernel = tf.Variable([[0.5], [-0.25]])
for i, tangent in enumerate(([[1.0], [0.0]], [[0.0], [1.0]])):
    with tf.autodiff.ForwardAccumulator(kernel, tf.constant(tangent)) as acc:
        fp_loss = tf.reduce_sum((tf.matmul(data, kernel) - targets) ** 2.0)
    case(f"kernel column {i}", lambda acc=acc, fp_loss=fp_loss: acc.jvp(fp_loss))


@tf.function
def traced(t):
    with tf.autodiff.ForwardAccumulator(t, tf.ones_like(t)) as a:
        out = tf.sin(t) * tf.exp(t)
    return a.jvp(out)


case("in tf.function", lambda: traced(tf.constant([0.5, 1.5, -2.0])))
square_tanh = tf.function(lambda t: tf.tanh(t) ** 2)
with tf.autodiff.ForwardAccumulator(xm, tf.ones_like(xm)) as acc:
    yf = square_tanh(xm)
case("calling a tf.function", lambda: acc.jvp(yf))
with tf.autodiff.ForwardAccumulator(xm, tf.ones_like(xm) * 0.5) as acc:
    gathered = tf.gather(xm, [2, 0, 2])
    mean = tf.reduce_mean(tf.square(gathered))
case("gather", lambda: acc.jvp(gathered))
case("gather mean", lambda: acc.jvp(mean))
xd = tf.constant([0.3, -1.2, 2.0, 0.7], dtype=tf.float64)
with tf.autodiff.ForwardAccumulator(xd, tf.constant([1.0, 2.0, 3.0, 4.0], dtype=tf.float64)) as acc:
    sd = tf.nn.softmax(xd * xd)
case("float64 softmax", lambda: acc.jvp(sd))
