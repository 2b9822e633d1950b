"""One program over the fused batch normalization ops (FusedBatchNormV3, FusedBatchNormGradV3) and
tf.compat.v1.nn.fused_batch_norm, run under TensorFlow 2.21 (by
tests/tools/record_fused_batch_norm.py, into tests/fixtures/fused_batch_norm/) and under varrt
(by tests/test_fused_batch_norm.py).

    python fused_batch_norm_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (shapes, dtypes, error types
and messages) and {"num:<tolerance>:case": [floats]} for values and gradients."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = str(e)
        if "in user code:" in text:  # a build error: its last line, without the traced file and line
            text = text.rstrip().rsplit("\n\n", 1)[-1].strip()
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def record_outputs(name, outputs, rtol):
    record(f"{name}.shapes", repr([(tuple(t.shape), t.dtype.name) for t in outputs]))
    for i, t in enumerate(outputs):
        record_num(f"{name}.{i}", t.numpy(), rtol)


rs = np.random.RandomState(11)


def normal(*shape, scale=1.0, shift=0.0):
    return tf.constant((rs.randn(*shape) * scale + shift).astype(np.float32))


def positive(*shape):
    return tf.constant(rs.uniform(0.5, 2.0, size=shape).astype(np.float32))


# --- the forward op ----------------------------------------------------------------------------

x = normal(3, 5, 4, 7, scale=2.0, shift=0.5)
scale, offset = positive(7), normal(7)
mean, variance = normal(7), positive(7)
empty = tf.constant(np.zeros(0, np.float32))
FBN = tf.raw_ops.FusedBatchNormV3
record_outputs("train", FBN(x=x, scale=scale, offset=offset, mean=empty, variance=empty, epsilon=0.001,
                            is_training=True), 1e-5)
record_outputs("train.factor", FBN(x=x, scale=scale, offset=offset, mean=mean, variance=variance, epsilon=0.01,
                                   exponential_avg_factor=0.25, is_training=True), 1e-5)
record_outputs("inference", FBN(x=x, scale=scale, offset=offset, mean=mean, variance=variance, epsilon=0.001,
                                is_training=False), 1e-5)
xc = normal(2, 6, 5, 3, shift=-1.0)
record_outputs("train.nchw", FBN(x=xc, scale=positive(6), offset=normal(6), mean=empty, variance=empty,
                                 data_format="NCHW"), 1e-5)
record_outputs("inference.nchw", FBN(x=xc, scale=positive(6), offset=normal(6), mean=normal(6), variance=positive(6),
                                     data_format="NCHW", is_training=False), 1e-5)
x5 = normal(2, 3, 4, 2, 5)
record_outputs("train.ndhwc", FBN(x=x5, scale=positive(5), offset=normal(5), mean=empty, variance=empty,
                                  data_format="NDHWC"), 1e-5)
record_outputs("train.ncdhw", FBN(x=x5, scale=positive(3), offset=normal(3), mean=empty, variance=empty,
                                  data_format="NCDHW"), 1e-5)
record_outputs("train.float16", FBN(x=tf.cast(x, tf.float16), scale=scale, offset=offset, mean=empty,
                                    variance=empty), 2e-3)
record_outputs("inference.bfloat16", FBN(x=tf.cast(x, tf.bfloat16), scale=scale, offset=offset, mean=mean,
                                         variance=variance, is_training=False), 1.6e-2)
record_outputs("compat.v1.fused_batch_norm", tf.compat.v1.nn.fused_batch_norm(x, scale, offset), 1e-5)
record_outputs("compat.v1.fused_batch_norm.inference", tf.compat.v1.nn.fused_batch_norm(
    x, scale, offset, mean, variance, epsilon=0.1, is_training=False), 1e-5)
record_outputs("compat.v1.fused_batch_norm.factor", tf.compat.v1.nn.fused_batch_norm(
    xc, positive(6), normal(6), normal(6), positive(6), data_format="NCHW", exponential_avg_factor=0.5), 1e-5)

# --- the gradient op and the gradients -------------------------------------------------------

dy = normal(3, 5, 4, 7)
train = FBN(x=x, scale=scale, offset=offset, mean=empty, variance=empty, epsilon=0.001)
FBNG = tf.raw_ops.FusedBatchNormGradV3
record_outputs("grad_op.train", FBNG(y_backprop=dy, x=x, scale=scale, reserve_space_1=train[3],
                                     reserve_space_2=train[4], reserve_space_3=train[5], epsilon=0.001), 1e-4)
record_outputs("grad_op.inference", FBNG(y_backprop=dy, x=x, scale=scale, reserve_space_1=mean,
                                         reserve_space_2=variance, reserve_space_3=train[5], epsilon=0.001,
                                         is_training=False), 1e-4)
record_outputs("grad_op.nchw", FBNG(y_backprop=normal(2, 6, 5, 3), x=xc, scale=positive(6),
                                    reserve_space_1=normal(6), reserve_space_2=positive(6), reserve_space_3=empty,
                                    data_format="NCHW"), 1e-4)


def gradients(name, fn, *inputs, rtol=1e-4):
    variables = [tf.Variable(v) for v in inputs]
    with tf.GradientTape() as tape:
        y = fn(*variables)
        loss = tf.reduce_sum(y * tf.cos(y))
    for i, g in enumerate(tape.gradient(loss, variables)):
        record_num(f"grad.{name}.{i}", g.numpy(), rtol)


gradients("train", lambda a, s, o: tf.compat.v1.nn.fused_batch_norm(a, s, o)[0], x, scale, offset)
gradients("inference", lambda a, s, o: tf.compat.v1.nn.fused_batch_norm(a, s, o, mean, variance,
                                                                        is_training=False)[0], x, scale, offset)
gradients("train.nchw", lambda a, s, o: tf.compat.v1.nn.fused_batch_norm(a, s, o, data_format="NCHW")[0], xc,
          positive(6), normal(6))
gradients("inference.nchw", lambda a, s, o: tf.compat.v1.nn.fused_batch_norm(
    a, s, o, normal(6), positive(6), data_format="NCHW", is_training=False)[0], xc, positive(6), normal(6))


@tf.function
def traced_step(a, s, o):
    with tf.GradientTape() as tape:
        tape.watch([a, s, o])
        y, m, v = tf.compat.v1.nn.fused_batch_norm(a, s, o, epsilon=0.01)
        loss = tf.reduce_sum(tf.nn.relu(y) * y)
    return [y, m, v] + tape.gradient(loss, [a, s, o])


for i, t in enumerate(traced_step(x, scale, offset)):
    record_num(f"traced_step.{i}", t.numpy(), 1e-4)
traced = traced_step.get_concrete_function(tf.TensorSpec([None, None, None, 7]), tf.TensorSpec([7]),
                                           tf.TensorSpec([7]))
record("traced_step.shapes", repr([tuple(t.shape) for t in traced.outputs]))

# --- errors ----------------------------------------------------------------------------------

record_error("error.rank", lambda: FBN(x=x[0], scale=scale, offset=offset, mean=mean, variance=variance))
record_error("error.scale", lambda: FBN(x=x, scale=scale[:3], offset=offset, mean=mean, variance=variance))
record_error("error.offset", lambda: FBN(x=x, scale=scale, offset=offset[:5], mean=mean, variance=variance))
record_error("error.inference_mean", lambda: FBN(x=x, scale=scale, offset=offset, mean=empty, variance=empty,
                                                 is_training=False))
record_error("error.factor_variance", lambda: FBN(x=x, scale=scale, offset=offset, mean=mean, variance=empty,
                                                  exponential_avg_factor=0.5))
record_error("error.dtype", lambda: FBN(x=tf.cast(x, tf.float64), scale=scale, offset=offset, mean=mean,
                                        variance=variance))
# (the raw op's default exponential_avg_factor is the int 1, which TensorFlow's fast path declines:
# its errors then end without " name: ")
record_error("error.scale.float_factor", lambda: FBN(x=x, scale=scale[:3], offset=offset, mean=mean,
                                                     variance=variance, exponential_avg_factor=1.0))
record_error("error.v1_inference_without_mean", lambda: tf.compat.v1.nn.fused_batch_norm(x, scale, offset,
                                                                                         is_training=False))
record_error("error.grad_shapes", lambda: FBNG(y_backprop=dy[:, :3], x=x, scale=scale, reserve_space_1=mean,
                                               reserve_space_2=variance, reserve_space_3=empty))
record_error("error.grad_reserve", lambda: FBNG(y_backprop=dy, x=x, scale=scale, reserve_space_1=mean[:2],
                                                reserve_space_2=variance, reserve_space_3=empty))


def graph_error(name, fn, *specs):
    record_error(name, lambda: tf.function(fn).get_concrete_function(*specs))


graph_error("graph_error.channels", lambda a, s: tf.compat.v1.nn.fused_batch_norm(a, s, s, s, s)[0],
            tf.TensorSpec([None, 4, 4, 3]), tf.TensorSpec([5]))
graph_error("graph_error.rank", lambda a, s: tf.compat.v1.nn.fused_batch_norm(a, s, s, s, s, epsilon=1e-5)[0],
            tf.TensorSpec([None, 4, 3]), tf.TensorSpec([3]))
graph_error("graph_error.inference_mean", lambda a, s, m: tf.compat.v1.nn.fused_batch_norm(
    a, s, s, m, m, is_training=False)[0], tf.TensorSpec([None, 4, 4, 3]), tf.TensorSpec([3]), tf.TensorSpec([2]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
