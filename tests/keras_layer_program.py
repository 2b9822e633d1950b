"""One program over Keras 3's Layer and Dense, run under TensorFlow 2.21 (by
tests/tools/record_keras_layer.py, into tests/fixtures/keras_layer/) and under varrt (by
tests/test_keras_layer.py), in a fresh interpreter each: Keras's automatic names count layers
program-wide, so the program must start with none made.

    python keras_layer_program.py varrt|tensorflow OUT_DIR [CHECKPOINT_TO_RESTORE]

writes OUT_DIR/results.json ({case: text} for what must be equal, {case: [floats]} under
"num:" keys for what must agree within 1e-6) and the checkpoints it saves under OUT_DIR."""
import json
import os
import re
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


def record_num(name, value):
    results["num:" + name] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        # An object's default repr names its module and address, which differ between the
        # libraries by nature: its class name is compared.
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def keys(path):
    return [n for n, _ in tf.train.list_variables(path)]


KERNEL = np.arange(12, dtype=np.float32).reshape(4, 3) / 10 - 0.5
BIAS = np.array([0.1, -0.2, 0.3], dtype=np.float32)
X = np.array([[1.0, -2.0, 0.5, 3.0], [0.25, 0.0, -1.5, 2.0]], dtype=np.float32)


# The example the project started from: Keras 3 tracks only its own variables.
class MyLayer(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.my_var = tf.Variable(100.0)
        self.my_other_var_list = [tf.Variable(x) for x in range(2)]


m = MyLayer()
record("example.variables", str([v.numpy() for v in m.variables]))
record("example.state", (m.name, m.built, m.path, m.trainable, m.dtype, repr(m)))
record("example.checkpoint_keys", keys(tf.train.Checkpoint(layer=m).save(os.path.join(out_dir, "example"))))

# A Dense built on [4, 4] (so that its weights are the fixed KERNEL, BIAS).
d = tf.keras.layers.Dense(3)
record("dense.before_build", (d.name, d.built, d.path, repr(d)))
record_error("dense.kernel_before_build", lambda: d.kernel)
d.build((2, 4))
record("dense.after_build", (d.name, d.built, d.path, repr(d), repr(d.input_spec)))
d.set_weights([KERNEL, BIAS])
for w in (d.kernel, d.bias):
    record(f"dense.{w.name}", (repr(w), str(w), w.name, w.path, w.dtype, repr(w.shape), w.ndim, w.trainable,
                              w.value.name, isinstance(w, tf.Variable)))
record("dense.weights", [w.path for w in d.weights])
record("dense.config", d.get_config())
record("dense.count_params", d.count_params())
record("dense.output_shape", d.compute_output_shape((None, 4)))
y = d(X)
record("dense.output", (repr(y.shape), y.dtype.name))
record_num("dense.output", y)
record_num("dense.output_from_tensor", d(tf.constant(X)))

# The gradient of a loss through the layer, eagerly and in a tf.function.
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(d(X)))
gk, gb = tape.gradient(loss, [d.kernel, d.bias])
record_num("dense.grad_kernel", gk)
record_num("dense.grad_bias", gb)
record("dense.grad_types", (type(gk).__name__ == type(loss).__name__, repr(gk.shape), repr(gb.shape)))


@tf.function
def step(x):
    with tf.GradientTape() as t:
        out = tf.reduce_sum(tf.square(d(x)))
    return out, t.gradient(out, d.trainable_variables)


fn_loss, fn_grads = step(tf.constant(X))
record_num("dense.function_loss", fn_loss)
record_num("dense.function_grad_kernel", fn_grads[0])

# Inputs of other ranks and dtypes; a float64 layer.
X3 = np.stack([X, X[::-1] * 2])
y3 = d(X3)
record("dense.rank3", (repr(y3.shape), y3.dtype.name))
record_num("dense.rank3", y3)
y64 = d(X.astype(np.float64))
record("dense.float64_input", y64.dtype.name)
record_num("dense.float64_input", y64)
d64 = tf.keras.layers.Dense(3, dtype="float64", name="d64")
d64.build((None, 4))
d64.set_weights([KERNEL.astype(np.float64), BIAS.astype(np.float64)])
out64 = d64(X)
record("dense.float64_layer", (d64.dtype, d64.kernel.dtype, out64.dtype.name, repr(d64.dtype_policy),
                               d64.get_config()["dtype"]))
record_num("dense.float64_layer", out64)

# Keras variables in ops, assignment and arithmetic.
kv = d.kernel
record_num("variable.add", kv + 1.0)
record_num("variable.matmul", tf.matmul(X, kv))
assigned = kv.assign(KERNEL * 2)
record("variable.assign_returns", (type(assigned).__name__ == type(y).__name__, assigned is kv))
record_num("variable.after_assign", kv.numpy())
kv.assign_add(np.ones((4, 3), np.float32))
record_num("variable.after_assign_add", kv.numpy())
record_error("variable.assign_bad_shape", lambda: kv.assign(np.zeros((2, 2), np.float32)))
kv.assign(KERNEL)

# Activations: the Dense's argument, the layer and the functions.
a = tf.keras.layers.Dense(3, activation="relu")
a.build((None, 4))
a.set_weights([KERNEL, BIAS])
record_num("dense_relu.output", a(X))
s = tf.keras.layers.Dense(3, activation=tf.keras.activations.softmax, use_bias=False, name="probs")
s.build((None, 4))
s.set_weights([KERNEL])
record("dense_softmax.state", (s.name, [w.path for w in s.weights], s.get_config()["activation"], s.count_params()))
record_num("dense_softmax.output", s(X))
act = tf.keras.layers.Activation("tanh")
record("activation.state", (act.name, act.built, act.get_config()))
record_num("activation.output", act(X))
for fn in ("relu", "sigmoid", "softmax", "tanh", "linear"):
    record_num(f"activations.{fn}", getattr(tf.keras.activations, fn)(tf.constant(X)))
record("activations.get", [tf.keras.activations.get(n).__name__ for n in ("relu", "sigmoid", "linear")]
       + [tf.keras.activations.get(None).__name__])
record_error("activations.get_unknown", lambda: tf.keras.activations.get("nope"))


# A layer holding a sublayer and a list of layers, built on its first call.
class Outer(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = tf.keras.layers.Dense(2)
        self.stack = [tf.keras.layers.Dense(2), tf.keras.layers.Dense(1, use_bias=False)]
        self.scale = self.add_weight(shape=(), initializer="ones", trainable=False, name="scale")

    def call(self, x, training=None):
        x = self.inner(x)
        for layer in self.stack:
            x = layer(x)
        self.add_loss(tf.reduce_sum(x) * 0.0 + 1.5)
        return x * self.scale


o = Outer()
record("outer.before_call", (o.name, o.built, [v.path for v in o.variables], repr(o._layers)))
out = o(X)
record("outer.after_call", (o.built, o.path, repr(out.shape), [v.path for v in o.variables],
                            [v.path for v in o.trainable_variables], [v.path for v in o.non_trainable_variables],
                            repr(o._layers), o.count_params()))
record("outer.losses", [float(v) for v in o.losses])
for i, w in enumerate(o.weights):
    w.assign(np.linspace(-1.0, 1.0, int(np.prod(w.shape.as_list())) or 1, dtype=np.float32).reshape(w.shape))
record_num("outer.output", o(X))
record("outer.checkpoint_keys", keys(tf.train.Checkpoint(layer=o).save(os.path.join(out_dir, "outer"))))

# Dicts and tuples of layers are tracked too, and appended layers; a tf.Module held is saved.
class Containers(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.by_name = {"a": tf.keras.layers.Dense(1, name="in_dict")}
        self.pair = (tf.keras.layers.Dense(1, name="in_tuple"), 3)
        self.grown = []
        self.grown.append(tf.keras.layers.Dense(1, name="appended"))
        self.module = tf.Module()
        self.module.w = tf.Variable([1.0, 2.0])
        self.plain = tf.Variable(5.0)

    def call(self, x):
        return self.by_name["a"](x) + self.pair[0](x) + self.grown[0](x)


containers = Containers()
containers(X)
record("containers.layers", (repr(containers._layers), [v.path for v in containers.variables],
                             type(containers.by_name).__name__ == "dict", isinstance(containers.grown, list)))
record("containers.checkpoint_keys",
       keys(tf.train.Checkpoint(layer=containers).write(os.path.join(out_dir, "containers"))))

# Trainable toggling: the variables move between the lists; the flag reaches sublayers.
o.inner.trainable = False
record("trainable.inner_off", ([v.path for v in o.trainable_weights], [v.path for v in o.non_trainable_weights],
                               o.inner.kernel.trainable, o.trainable))
o.trainable = False
record("trainable.outer_off", ([v.path for v in o.trainable_variables], [v.path for v in o.non_trainable_variables],
                               o.inner.trainable, o.stack[0].trainable))
o.trainable = True
record("trainable.outer_on", ([v.path for v in o.trainable_variables], [v.path for v in o.non_trainable_variables]))

# Regularization losses and add_weight's own arguments.
r = tf.keras.layers.Dense(2, kernel_regularizer=lambda w: 0.5 * tf.reduce_sum(tf.square(w)), name="reg")
r(X)
r.kernel.assign(np.ones((4, 2), np.float32))
record("regularizer.losses", [round(float(v), 6) for v in r.losses])
lay = tf.keras.layers.Layer(name="holder")
w_int = lay.add_weight(shape=(2,), dtype="int32", name="count")
w_def = lay.add_weight(shape=(2, 2), initializer="zeros")
record("add_weight", (repr(w_int), w_def.path, w_def.name, lay.count_params() if lay.built else "unbuilt",
                      [v.path for v in lay.weights]))
record_error("add_weight.positional_name", lambda: lay.add_weight("w"))

# A Keras variable held directly by a checkpoint or a list in it is saved as the variable.
record("variable.checkpoint_keys",
       keys(tf.train.Checkpoint(v=d.kernel, l=[d.bias]).write(os.path.join(out_dir, "variables"))))


# A tf.Module does not look into a Keras layer (a layer is no tf.Module).
class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.layer = d
        self.w = tf.Variable(1.0, name="w")


holder = Holder()
record("module.holding_layer", ([v.name for v in holder.variables], len(holder.submodules), isinstance(d, tf.Module)))

# A Keras optimizer steps a layer's Keras variables.
sgd_layer = tf.keras.layers.Dense(3, name="sgd_dense")
sgd_layer.build((None, 4))
sgd_layer.set_weights([KERNEL, BIAS])
opt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(sgd_layer(X)))
    opt.apply_gradients(zip(tape.gradient(loss, sgd_layer.trainable_variables), sgd_layer.trainable_variables))
record_num("optimizer.kernel", sgd_layer.kernel.numpy())
record_num("optimizer.bias", sgd_layer.bias.numpy())

# Regularizers and constraints by name and by object.
rc = tf.keras.layers.Dense(3, kernel_regularizer="l2", bias_regularizer=tf.keras.regularizers.L1(0.5),
                           activity_regularizer=tf.keras.regularizers.L2(0.1), kernel_constraint="non_neg",
                           bias_constraint=tf.keras.constraints.MaxNorm(0.3), name="rc")
rc.build((None, 4))
rc.set_weights([KERNEL, BIAS])
rc(X)
record_num("regularizers.losses", [float(v) for v in rc.losses])
rc_config = rc.get_config()
record("regularizers.config", {k: rc_config[k] for k in ("kernel_regularizer", "bias_regularizer", "kernel_constraint",
                                                           "bias_constraint", "activity_regularizer")})
rc_opt = tf.keras.optimizers.SGD(learning_rate=1.0)
with tf.GradientTape() as tape:
    rc_loss = tf.reduce_sum(rc(X)) + tf.add_n(rc.losses)
rc_opt.apply_gradients(zip(tape.gradient(rc_loss, rc.trainable_variables), rc.trainable_variables))
record_num("constraints.after_step", np.concatenate([rc.kernel.numpy().reshape(-1), rc.bias.numpy()]))
record_num("regularizers.functions", [float(tf.keras.regularizers.L1L2(l1=0.1, l2=0.2)(KERNEL)),
                                      float(tf.keras.regularizers.get("l1")(KERNEL)),
                                      float(tf.keras.regularizers.get("l1l2")(KERNEL))])
record_error("regularizers.l1_l2_by_name", lambda: tf.keras.regularizers.get("l1_l2"))  # Keras's snake case: "l1l2"
record_num("constraints.functions", [tf.keras.constraints.MaxNorm(1.0)(KERNEL), tf.keras.constraints.NonNeg()(KERNEL)])
record("regularizers.get", (type(tf.keras.regularizers.get("l2")).__name__,
                            type(tf.keras.regularizers.get({"class_name": "L1", "config": {"l1": 0.3}})).__name__,
                            tf.keras.regularizers.get(None),
                            tf.keras.regularizers.serialize(tf.keras.regularizers.L2(0.5))))
record_error("regularizers.unknown", lambda: tf.keras.regularizers.get("l3"))
record_error("regularizers.negative", lambda: tf.keras.regularizers.L2(-1.0))
record_error("constraints.unknown", lambda: tf.keras.constraints.get("positive"))
record_error("variable.bad_regularizer", lambda: setattr(rc.kernel, "regularizer", 3))

# Built inside a tf.function: on the first trace, with the batch size unknown.
traced = tf.keras.layers.Dense(3, kernel_initializer="ones", name="traced")


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def traced_call(x):
    return traced(x)


record_num("function.build_in_trace", traced_call(tf.constant(X)))
traced_reprs = []


@tf.function
def repr_in_trace():
    traced_reprs.append(repr(traced.bias))  # no value while tracing
    return traced.bias + 1.0


repr_in_trace()
record("function.variable_repr", traced_reprs)
record("function.built", (traced.built, [v.path for v in traced.variables], traced.kernel.value.name))


# `training` reaches the layers a layer calls.
class Doubler(tf.keras.layers.Layer):
    def call(self, x, training=None):
        return x * (2.0 if training else 1.0)


class Wrapper(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.inner = Doubler()

    def call(self, x, training=None):
        return self.inner(x)


wrapper = Wrapper()
record_num("training.propagated", [float(tf.reduce_sum(wrapper(X, training=True))), float(tf.reduce_sum(wrapper(X))),
                                   float(tf.reduce_sum(wrapper(X, training=False)))])

# A checkpoint read before the layers are built restores when their variables are made.
early_src = Outer()
early_src(X)
for i, w in enumerate(early_src.weights):
    w.assign(np.full(w.shape.as_list(), -0.5 * (i + 1), np.float32))
early_dense = tf.keras.layers.Dense(3)
early_dense.build((None, 4))
early_dense.set_weights([KERNEL * 5, BIAS * 5])
early_path = tf.train.Checkpoint(outer=early_src, dense=early_dense).write(os.path.join(out_dir, "early"))
late_outer, late_dense = Outer(), tf.keras.layers.Dense(3)
early_status = tf.train.Checkpoint(outer=late_outer, dense=late_dense).read(early_path)
late_dense.build((None, 4))
late_outer(X)
record("deferred.inner_restored",
       [bool(np.all(w.numpy() == s.numpy())) for w, s in zip(late_outer.weights, early_src.weights)])
record_num("deferred.dense", np.concatenate([w.numpy().reshape(-1) for w in late_dense.weights]))
# Keras builds Outer (no `build` of its own) by a symbolic call: its sublayers' variables made
# there do not take the waiting values, its own `scale` (made in __init__) was restored at once.
record_num("deferred.outer_scale", late_outer.scale.numpy())


class BuildsInner(Outer):
    def build(self, input_shape):  # built by its own build: the sublayers' variables take the values
        self.inner.build(input_shape)
        self.stack[0].build((None, 2))
        self.stack[1].build((None, 2))


late_builds = BuildsInner()
tf.train.Checkpoint(outer=late_builds).read(early_path).expect_partial()
late_builds(X)
record_num("deferred.own_build", np.concatenate([w.numpy().reshape(-1) for w in late_builds.inner.weights]))

# Keras variables made directly: dtypes from the value, automatic names, tracked by a layer.
for init in (1.0, np.ones(2), np.ones(2, np.float32), [1, 2], 3):
    made = tf.keras.Variable(init)
    record(f"keras_variable.{made.path}", (repr(made), made.value.name))
made = tf.keras.Variable(np.ones(2), dtype="float16", name="w", trainable=False)
record("keras_variable.arguments", (repr(made), made.trainable))
record_error("keras_variable.initializer_without_shape", lambda: tf.keras.Variable(tf.keras.initializers.Ones()))


class HoldsVariables(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.v = tf.keras.Variable(2.0, name="hv")
        self.t = tf.keras.Variable(1.0, trainable=False)


holds = HoldsVariables()
record("keras_variable.tracked",
       ([x.path for x in holds.trainable_weights], [x.path for x in holds.non_trainable_weights]))

# Configs.
cfg = d.get_config()
d2 = tf.keras.layers.Dense.from_config(cfg)
record("from_config", (d2.name, d2.units, d2.built, d2.get_config() == cfg))
record("build_config",
       (d.get_build_config(), d2.get_build_config(), tf.keras.layers.Layer(name="bc").get_build_config()))
d2.build_from_config(d.get_build_config())
record("build_from_config", (d2.built, repr(d2.kernel.shape), d2.kernel.path))
record("layer.config", tf.keras.layers.Layer(name="plain").get_config())

# Errors with Keras's types and texts.
record_error("error.kwargs", lambda: tf.keras.layers.Dense(3, foo=1))
record_error("error.name", lambda: tf.keras.layers.Layer(name="a/b"))
record_error("error.trainable", lambda: tf.keras.layers.Layer(trainable=1))
record_error("error.units", lambda: tf.keras.layers.Dense(0))
record_error("error.count_params", lambda: tf.keras.layers.Dense(3, name="unbuilt").count_params())
record_error("error.set_weights_length", lambda: d.set_weights([KERNEL]))
record_error("error.set_weights_shape", lambda: d.set_weights([KERNEL.T, BIAS]))
record_error("error.input_axis", lambda: d(np.ones((2, 5), np.float32)))
record_error("error.input_rank", lambda: d(np.ones((4,), np.float32)))
record_error("error.positional_non_tensor", lambda: d(X, "x"))
record_error("error.python_list_input", lambda: d([[1.0, 2.0, 3.0, 4.0]]))
record_error("error.state_after_build", lambda: d.add_weight(shape=(1,), name="late"))


class Raises(tf.keras.layers.Layer):
    def call(self, x, training=None, scale=2):
        raise KeyError("boom")


class ReshapesBadly(tf.keras.layers.Layer):
    def call(self, x):
        return tf.reshape(x, [7])


class CallsRaises(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.inner = Raises()

    def call(self, x):
        return self.inner(x, scale=[1, 2])


record_error("error.in_call", lambda: Raises()(X, training=True))
record_error("error.op_in_call", lambda: ReshapesBadly()(X))
record_error("error.in_sublayer_call", lambda: CallsRaises()(X))
record_error("error.call_not_implemented", lambda: tf.keras.layers.Layer()(X))
record_error("error.compute_output_shape", lambda: tf.keras.layers.Layer().compute_output_shape((1, 2)))


class NoSuper(tf.keras.layers.Layer):
    def __init__(self):
        self.x = 1


record_error("error.no_super_init", lambda: NoSuper()(X))

# Restoring a checkpoint written by the other library into the same layers.
if len(sys.argv) > 3:
    d_r = tf.keras.layers.Dense(3)
    d_r.build((None, 4))
    o_r = Outer()
    o_r(X)
    ck = tf.train.Checkpoint(dense=d_r, outer=o_r)
    ck.read(sys.argv[3]).assert_consumed()
    record_num("restored.dense", np.concatenate([w.numpy().reshape(-1) for w in d_r.weights]))
    # Only what Keras's layer gives TensorFlow's checkpoint: the list's layers are not in it.
    record_num("restored.outer", np.concatenate([w.numpy().reshape(-1) for w in o_r.inner.weights + [o_r.scale]]))
else:
    d_w = tf.keras.layers.Dense(3)
    d_w.build((None, 4))
    d_w.set_weights([KERNEL * 3, BIAS * 3])
    o_w = Outer()
    o_w(X)
    for i, w in enumerate(o_w.weights):
        w.assign(np.full(w.shape.as_list(), 0.25 * (i + 1), np.float32))
    path = tf.train.Checkpoint(dense=d_w, outer=o_w).write(os.path.join(out_dir, "written"))
    record("written.keys", keys(path))
    record_num("written.dense", np.concatenate([w.numpy().reshape(-1) for w in d_w.weights]))
    record_num("written.outer", np.concatenate([w.numpy().reshape(-1) for w in o_w.inner.weights + [o_w.scale]]))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
