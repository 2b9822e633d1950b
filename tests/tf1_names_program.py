"""One program over tf.compat.v1's TensorFlow 1 names (losses, layers, initializers, learning-rate
schedules, the top-level functions), run under TensorFlow 2.21 (by tests/tools/record_tf1_names.py,
into tests/fixtures/tf1_names/) and under varrt (by tests/test_tf1_names.py), each in a fresh
interpreter: graphs and their Sessions, eager calls, and the errors TensorFlow raises.

    python tf1_names_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal (dtypes, shapes, names, error types
and messages) and {"num:" + case: [floats]} for values, compared bit for bit unless the case name
says "close:" (within 1e-6)."""
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

v1 = tf.compat.v1
out_dir = sys.argv[2]
# the TensorFlow 1 checkpoint of the layers restored: the one given, else the one the program writes
CHECKPOINT = sys.argv[3] if len(sys.argv) > 3 else os.path.join(out_dir, "layers_ckpt")
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value):
    results["num:" + name] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        text = text.replace(CHECKPOINT, "<checkpoint>")  # the fixture's path differs from the recording's
        record(name, f"{type(e).__name__}: {text.splitlines()[0] if text else text}")
    else:
        record(name, "no error")


def in_session(fetches, feed=None, init=False):
    """Runs `fetches` in a Session of the default graph (after the variables' initializer)."""
    with v1.Session() as sess:
        if init:
            sess.run(v1.global_variables_initializer())
        return sess.run(fetches, feed_dict=feed)


def tensor_text(t):
    return f"{t.dtype.name} {t.shape}"


RNG = np.random.RandomState(7)
PRED = RNG.uniform(0.05, 0.95, size=(5, 3)).astype(np.float32)
LABEL = (RNG.uniform(size=(5, 3)) > 0.5).astype(np.float32)
WEIGHTS = {"scalar": 2.5, "row": np.array([[1.0], [0.0], [2.0], [0.5], [3.0]], np.float32),
           "full": RNG.uniform(0, 2, size=(5, 3)).astype(np.float32) * (RNG.uniform(size=(5, 3)) > 0.3)}
LOGITS = RNG.normal(size=(5, 4)).astype(np.float32)
ONEHOT = np.eye(4, dtype=np.float32)[[0, 3, 1, 2, 3]]
SPARSE = np.array([0, 3, 1, 2, 3], np.int32)


def losses_section():
    L = v1.losses
    record("losses.Reduction.all", repr(L.Reduction.all()))
    pairs = {
        "mean_squared_error": lambda w, r: L.mean_squared_error(LABEL, PRED, weights=w, reduction=r),
        "absolute_difference": lambda w, r: L.absolute_difference(LABEL, PRED, weights=w, reduction=r),
        "hinge_loss": lambda w, r: L.hinge_loss(LABEL, PRED * 4 - 2, weights=w, reduction=r),
        "huber_loss": lambda w, r: L.huber_loss(LABEL * 3, PRED * 2, weights=w, delta=0.7, reduction=r),
        "log_loss": lambda w, r: L.log_loss(LABEL, PRED, weights=w, reduction=r),
        "sigmoid_cross_entropy": lambda w, r: L.sigmoid_cross_entropy(LABEL, PRED * 6 - 3, weights=w,
                                                                      label_smoothing=0.2, reduction=r),
        "cosine_distance": lambda w, r: L.cosine_distance(LABEL, PRED, axis=1, weights=w if np.ndim(w) == 0 else
                                                          np.asarray(w)[:, :1], reduction=r),
        "compute_weighted_loss": lambda w, r: L.compute_weighted_loss(PRED, weights=w, reduction=r),
    }
    reductions = [L.Reduction.SUM_BY_NONZERO_WEIGHTS, L.Reduction.NONE, L.Reduction.SUM, L.Reduction.MEAN,
                  L.Reduction.SUM_OVER_BATCH_SIZE]
    for name, fn in pairs.items():
        for wname, w in WEIGHTS.items():
            for r in reductions:
                with tf.Graph().as_default():
                    t = fn(w, r)
                    record(f"losses.{name}.{wname}.{r}.type", tensor_text(t))
                    record(f"losses.{name}.{wname}.{r}.collected", len(v1.get_collection(v1.GraphKeys.LOSSES)))
                    record_num(f"close:losses.{name}.{wname}.{r}", in_session(t))
        record_num(f"close:losses.{name}.eager", fn(1.0, L.Reduction.SUM_BY_NONZERO_WEIGHTS))
    for wname, w in WEIGHTS.items():
        with tf.Graph().as_default():
            t = L.softmax_cross_entropy(ONEHOT, LOGITS, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, 0],
                                        label_smoothing=0.1)
            u = L.sparse_softmax_cross_entropy(SPARSE, LOGITS, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, 0])
            p = L.mean_pairwise_squared_error(LABEL, PRED, weights=w if np.ndim(w) == 0 else np.asarray(w)[:, :1])
            record(f"losses.xent.{wname}.type", tensor_text(t) + " " + tensor_text(u) + " " + tensor_text(p))
            record_num(f"close:losses.xent.{wname}", in_session([t, u, p]))
    # unknown batch: fed placeholders
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [None, 3])
        y = v1.placeholder(tf.float32, [None, 3])
        w = v1.placeholder(tf.float32, [None, 1])
        t = L.mean_squared_error(y, x, weights=w)
        p = L.mean_pairwise_squared_error(y, x, weights=w)
        record("losses.placeholder.type", tensor_text(t))
        big = RNG.uniform(size=(9, 3)).astype(np.float32)
        record_num("close:losses.placeholder", in_session([t, p], {x: big, y: big[::-1], w: np.ones((9, 1)) * 0.5}))
    # collections
    with tf.Graph().as_default():
        a = L.mean_squared_error(LABEL, PRED)
        L.absolute_difference(LABEL, PRED, loss_collection=None)
        L.add_loss(tf.constant(3.0))
        v1.add_to_collection(v1.GraphKeys.REGULARIZATION_LOSSES, tf.constant(0.25))
        record("losses.get_losses", len(L.get_losses()))
        record("losses.get_regularization_losses", len(L.get_regularization_losses()))
        record_num("close:losses.totals", in_session([L.get_total_loss(), L.get_total_loss(False),
                                                 L.get_regularization_loss(), a]))
    with tf.Graph().as_default():
        record_num("losses.no_regularization", in_session(L.get_regularization_loss()))
        record_error("losses.get_total_loss.empty", lambda: L.get_total_loss())
    record("losses.eager.get_losses", len(L.get_losses()))
    # errors
    record_error("losses.error.reduction", lambda: L.mean_squared_error(LABEL, PRED, reduction="mean"))
    record_error("losses.error.labels_none", lambda: L.mean_squared_error(None, PRED))
    record_error("losses.error.logits_none", lambda: L.softmax_cross_entropy(ONEHOT, None))
    record_error("losses.error.axis", lambda: L.cosine_distance(LABEL, PRED))
    record_error("losses.error.shapes", lambda: L.mean_squared_error(LABEL[:, :2], PRED))
    record_error("losses.error.weights_rank", lambda: L.mean_squared_error(LABEL, PRED, weights=np.ones(3)))
    record_error("losses.error.weights_dim", lambda: L.mean_squared_error(LABEL, PRED, weights=np.ones((5, 2))))


def layers_api():
    """v1.layers, or under TensorFlow 2.21 (which routes them to tf_keras and raises without it) the same
    layers written with TensorFlow 1's own ops after tf_keras's legacy source (tf1_layers_reference.py)."""
    if sys.argv[1] != "tensorflow":
        return v1.layers
    record_error("tensorflow_only:layers.dense", lambda: v1.layers.dense)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import tf1_layers_reference  # noqa: E402 - only under TensorFlow
    return tf1_layers_reference


IMAGES = RNG.normal(size=(3, 7, 7, 3)).astype(np.float32)
SEQUENCES = RNG.normal(size=(3, 9, 2)).astype(np.float32)
VOLUMES = RNG.normal(size=(2, 4, 5, 5, 2)).astype(np.float32)


def build_network(L, seed_base):
    """A TensorFlow 1 tutorial's network over fed images; returns its placeholder and outputs."""
    init = (lambda k: v1.glorot_uniform_initializer(seed=seed_base + k)) if seed_base is not None else \
        (lambda k: v1.zeros_initializer())
    x = v1.placeholder(tf.float32, [None, 7, 7, 3], name="images")
    c1 = L.conv2d(x, 4, 3, padding="same", activation=tf.nn.relu, kernel_initializer=init(1))
    p1 = L.max_pooling2d(c1, 2, 2)
    c2 = L.conv2d(p1, 5, (2, 2), strides=(1, 1), kernel_initializer=init(2),
                  bias_initializer=v1.constant_initializer(0.1) if seed_base is not None else init(9))
    p2 = L.average_pooling2d(c2, 2, 1, padding="same")
    f = L.flatten(p2)
    d1 = L.dense(f, 6, activation=tf.nn.tanh, kernel_initializer=init(3))
    dr = L.dropout(d1, 0.4)
    logits = L.dense(dr, 3, kernel_initializer=init(4), name="logits")
    with v1.variable_scope("head"):
        h = L.dense(d1, 2, kernel_initializer=init(5), use_bias=False)
    again = L.dense(dr, 3, name="logits", reuse=True)
    t = L.conv2d_transpose(c1, 2, 3, strides=2, kernel_initializer=init(6))
    sep = L.separable_conv2d(x, 3, 2, depth_multiplier=2, depthwise_initializer=init(7),
                             pointwise_initializer=init(8))
    return x, [c1, p1, c2, p2, f, d1, dr, logits, h, again, t, sep]


def layers_section():
    L = layers_api()
    with tf.Graph().as_default():
        x, outputs = build_network(L, 10)
        record("layers.variables", [(v.name, v.shape.as_list()) for v in v1.global_variables()])
        record("layers.trainable", [v.name for v in v1.trainable_variables()])
        record("layers.output_shapes", [(o.dtype.name, o.shape.as_list()) for o in outputs])
        values = in_session(outputs, {x: IMAGES}, init=True)
        for i, value in enumerate(values):
            record_num(f"close:layers.output{i}", value)
        record_error("layers.error.exists", lambda: L.dense(outputs[5], 3, name="logits"))
        record_error("layers.error.missing", lambda: L.dense(outputs[5], 3, name="nothing", reuse=True))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            v1.train.Saver().save(sess, os.path.join(out_dir, "layers_ckpt"), write_meta_graph=False)
            record_num("close:layers.written", sess.run(outputs[7], {x: IMAGES[:2]}))
    # A checkpoint TensorFlow wrote for these names restores into varrt's layers (built with other values).
    checkpoint = CHECKPOINT
    with tf.Graph().as_default():
        x, outputs = build_network(L, None)
        with v1.Session() as sess:
            v1.train.Saver().restore(sess, checkpoint)
            record_num("close:layers.restored", sess.run(outputs[7], {x: IMAGES[:2]}))
    with tf.Graph().as_default():
        s = v1.placeholder(tf.float32, [None, 9, 2])
        c = L.conv1d(s, 3, 2, strides=1, padding="same", kernel_initializer=v1.glorot_normal_initializer(seed=4))
        m = L.max_pooling1d(c, 2, 2)
        a = L.average_pooling1d(c, 3, 2, padding="same")
        vol = v1.placeholder(tf.float32, [None, 4, 5, 5, 2])
        c3 = L.conv3d(vol, 2, (2, 3, 3), kernel_initializer=v1.glorot_uniform_initializer(seed=5),
                      bias_initializer=v1.constant_initializer(-0.2))
        wide = L.dense(v1.placeholder_with_default(IMAGES, [None, 7, 7, 3]) if hasattr(v1, "placeholder_with_default")
                       else tf.constant(IMAGES), 2, kernel_initializer=v1.glorot_uniform_initializer(seed=6))
        record("layers.more_variables", [v.name for v in v1.global_variables()])
        record("layers.more_shapes", [o.shape.as_list() for o in (c, m, a, c3, wide)])
        for i, value in enumerate(in_session([c, m, a, c3, wide], {s: SEQUENCES, vol: VOLUMES}, init=True)):
            record_num(f"close:layers.more{i}", value)
    # init_from_checkpoint: a network under another scope starts from TensorFlow's checkpoint
    with tf.Graph().as_default():
        with v1.variable_scope("fine"):
            x, outputs = build_network(L, None)
        store = {v.name: v for v in v1.global_variables()}
        v1.train.init_from_checkpoint(checkpoint, {"logits/": "fine/logits/", "dense/kernel": "fine/dense/kernel",
                                                   "conv2d/bias": store["fine/conv2d/bias:0"]})
        record_error("layers.init_from_checkpoint.missing",
                     lambda: v1.train.init_from_checkpoint(checkpoint, {"nothing/kernel": "fine/dense/kernel"}))
        record_error("layers.init_from_checkpoint.shape",
                     lambda: v1.train.init_from_checkpoint(checkpoint, {"dense/kernel": "fine/logits/kernel"}))
        record_error("layers.init_from_checkpoint.scope",
                     lambda: v1.train.init_from_checkpoint(checkpoint, {"logits": "fine/logits/"}))
        record_error("layers.init_from_checkpoint.scope_missing",
                     lambda: v1.train.init_from_checkpoint(checkpoint, {"head/": "fine/conv2d/"}))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for name in ("fine/logits/kernel:0", "fine/logits/bias:0", "fine/dense/kernel:0", "fine/conv2d/bias:0",
                         "fine/dense/bias:0"):
                record_num(f"layers.init_from_checkpoint.{name}", sess.run(store[name]))
    with tf.Graph().as_default():
        with v1.variable_scope("fine"):
            x, outputs = build_network(L, None)
        v1.train.init_from_checkpoint(checkpoint, {"/": "fine/"})  # every variable, by scope
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            record_num("close:layers.init_from_checkpoint.logits", sess.run(outputs[7], {x: IMAGES[:2]}))
    eager_kernel = v1.get_variable("eager_logits_kernel", [6, 3], initializer=v1.zeros_initializer())
    v1.train.init_from_checkpoint(checkpoint, {"logits/kernel": eager_kernel})
    record_num("layers.init_from_checkpoint.eager", eager_kernel)
    # batch normalization: a training step's updates through UPDATE_OPS, then inference
    with tf.Graph().as_default():
        img = v1.placeholder(tf.float32, [None, 7, 7, 3])
        vec = v1.placeholder(tf.float32, [None, 5])
        bn_img = L.batch_normalization(img, training=True, momentum=0.9)
        bn_vec = L.batch_normalization(vec, training=True)
        bn_vec_eval = L.batch_normalization(vec, training=False, name="batch_normalization_1", reuse=True)
        bn_img_eval = L.batch_normalization(img, name="batch_normalization", reuse=True)
        updates = v1.get_collection(v1.GraphKeys.UPDATE_OPS)
        record("layers.bn.variables", [(v.name, v.shape.as_list(), v.trainable) for v in v1.global_variables()])
        record("layers.bn.updates", len(updates))
        feed = {img: IMAGES * 2 + 1, vec: SEQUENCES.reshape(-1, 6)[:, :5] * 3 - 1}
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for step in range(2):
                out = sess.run([bn_img, bn_vec] + updates, feed)
                for i, value in enumerate(out):
                    record_num(f"close:layers.bn.train{step}.{i}", value)
            for i, value in enumerate(sess.run([bn_img_eval, bn_vec_eval], feed)):
                record_num(f"close:layers.bn.eval{i}", value)
            moving = sess.run([v for v in v1.global_variables() if "moving" in v.name])
            record_num("close:layers.bn.moving", np.concatenate(moving))
    # eagerly: variables named as in a graph, numbered on
    e1 = L.dense(IMAGES[0, 0], 2, kernel_initializer=v1.glorot_uniform_initializer(seed=1))
    record("layers.eager", tensor_text(e1))
    record_num("close:layers.eager", e1)


def initializers_section():
    inits = {
        "glorot_uniform": lambda s: v1.glorot_uniform_initializer(seed=s),
        "glorot_normal": lambda s: v1.glorot_normal_initializer(seed=s),
        "truncated_normal": lambda s: v1.truncated_normal_initializer(mean=0.5, stddev=2.0, seed=s),
        "random_normal": lambda s: v1.random_normal_initializer(seed=s),
        "random_uniform": lambda s: v1.random_uniform_initializer(seed=s),
        "random_uniform_range": lambda s: v1.random_uniform_initializer(-3.0, 2.0, seed=s),
        "uniform_unit_scaling": lambda s: v1.uniform_unit_scaling_initializer(factor=1.5, seed=s),
        "variance_scaling": lambda s: v1.variance_scaling_initializer(seed=s),
        "variance_scaling_avg_uniform": lambda s: v1.variance_scaling_initializer(2.0, "fan_avg", "uniform", seed=s),
        "variance_scaling_out_untruncated": lambda s: v1.variance_scaling_initializer(0.5, "fan_out",
                                                                                        "untruncated_normal", seed=s),
        "orthogonal": lambda s: v1.orthogonal_initializer(gain=1.5, seed=s),
    }
    shapes = [(5, 3), (2, 3, 4, 6), (7,)]
    for name, make in inits.items():
        for shape in shapes:
            if name == "orthogonal" and len(shape) < 2:
                record_error(f"init.{name}.{shape}", lambda: make(1)(shape))
                continue
            key = ("close:" if name == "orthogonal" else "") + f"init.{name}.{shape}"
            record_num(key + ".eager", make(11)(shape))
            record_num(key + ".eager64", make(12)(shape, dtype=tf.float64))
            with tf.Graph().as_default():
                v1.set_random_seed(5)
                w = v1.get_variable("w", shape, initializer=make(13))
                u = v1.get_variable("u", shape, initializer=make(None)) if name != "orthogonal" else None
                record(f"init.{name}.{shape}.dtype", w.dtype.name)
                record_num(key + ".graph", in_session(w, init=True))
                del u
        record(f"init.{name}.config", repr(sorted(make(3).get_config().items())))
    record_error("init.error.dtype", lambda: v1.glorot_uniform_initializer(dtype=tf.int32))
    record_error("init.error.scale", lambda: v1.variance_scaling_initializer(scale=0.0))
    record_error("init.error.mode", lambda: v1.variance_scaling_initializer(mode="fan"))
    record_error("init.error.distribution", lambda: v1.variance_scaling_initializer(distribution="gamma"))


def schedules_section():
    T = v1.train
    schedules = {
        "exponential": lambda g: T.exponential_decay(0.1, g, 7, 0.96),
        "exponential_staircase": lambda g: T.exponential_decay(0.5, g, 4, 0.5, staircase=True),
        "natural_exp": lambda g: T.natural_exp_decay(0.1, g, 5, 0.3),
        "natural_exp_staircase": lambda g: T.natural_exp_decay(0.2, g, 3, 0.7, staircase=True),
        "inverse_time": lambda g: T.inverse_time_decay(0.1, g, 6, 0.5),
        "inverse_time_staircase": lambda g: T.inverse_time_decay(0.3, g, 4, 2.0, staircase=True),
        "polynomial": lambda g: T.polynomial_decay(0.1, g, 9, 0.01, power=0.5),
        "polynomial_cycle": lambda g: T.polynomial_decay(0.1, g, 6, power=2.0, cycle=True),
        "cosine": lambda g: T.cosine_decay(0.1, g, 11),
        "cosine_alpha": lambda g: T.cosine_decay(0.3, g, 8, alpha=0.2),
        "cosine_restarts": lambda g: T.cosine_decay_restarts(0.1, g, 4),
        "cosine_restarts_t1": lambda g: T.cosine_decay_restarts(0.2, g, 3, t_mul=1.0, m_mul=0.8, alpha=0.1),
        "linear_cosine": lambda g: T.linear_cosine_decay(0.1, g, 13),
        "linear_cosine_periods": lambda g: T.linear_cosine_decay(0.1, g, 10, num_periods=2.0, alpha=0.1, beta=0.01),
        "piecewise": lambda g: T.piecewise_constant(g, [3, 7, 12], [1.0, 0.5, 0.1, 0.05]),
        "piecewise_decay": lambda g: T.piecewise_constant_decay(g, [5], [0.25, 0.125]),
    }
    steps = [0, 1, 3, 4, 7, 10, 15, 23]
    for name, make in schedules.items():
        with tf.Graph().as_default():
            step = v1.train.get_or_create_global_step()
            rate = make(step)
            record(f"schedule.{name}.type", tensor_text(rate))
            with v1.Session() as sess:
                sess.run(v1.global_variables_initializer())
                values = []
                for n in steps:
                    sess.run(step.assign(n))
                    values.append(sess.run(rate))
            # TensorFlow's Session rewrites the graph's arithmetic (grappler: a division by a constant
            # becomes a multiplication), an ulp off its own eager rates, which varrt's match bit for bit
            record_num(f"close:schedule.{name}", values)
        step = tf.Variable(0, dtype=tf.int64)
        rate = make(step)
        record(f"schedule.{name}.eager_callable", repr(callable(rate)))
        values = []
        for n in steps:
            step.assign(n)
            values.append(rate().numpy())
        record_num(f"schedule.{name}.eager", values)
    with tf.Graph().as_default():
        step = v1.placeholder(tf.int32, [])
        noisy = T.noisy_linear_cosine_decay(0.1, step, 10)
        record("schedule.noisy.type", tensor_text(noisy))
        with v1.Session() as sess:
            late = [sess.run(noisy, {step: n}) for n in (10, 12)]
        # past decay_steps the cosine factor is 0, leaving beta * learning_rate whatever the noise
        record_num("close:schedule.noisy.late", late)
    record_error("schedule.error.piecewise_dtype", lambda: T.piecewise_constant(tf.constant(1.0), [1, 2], [1.0, 2.0, 3.0]))
    record_error("schedule.error.piecewise_values", lambda: T.piecewise_constant(1, [1, 2], [1.0, 2, 3.0]))
    # the global step
    with tf.Graph().as_default():
        created = v1.train.create_global_step()
        record("global_step.created", f"{created.name} {created.dtype.name} {created.shape} {created.trainable}")
        record("global_step.same", repr(v1.train.get_global_step() is created and
                                        v1.train.get_or_create_global_step() is created))
        record("global_step.in_globals", repr([v.name for v in v1.global_variables()]))
        record_error("global_step.error.exists", lambda: v1.train.create_global_step())
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            sess.run(created.assign_add(5))
            record("global_step.value", repr(v1.train.global_step(sess, created)))
    with tf.Graph().as_default():
        record("global_step.none", repr(v1.train.get_global_step()))


def resolve(path):
    value = tf
    for part in path.split("."):
        value = getattr(value, part)
    return value


# aliases of TensorFlow 2 names varrt has (compat_v1_aliases.py lists them all)
ALIASES = {"log": "math.log", "mod": "math.mod", "floormod": "math.mod", "floordiv": "math.floordiv",
           "ceil": "math.ceil", "div_no_nan": "math.divide_no_nan", "squared_difference": "math.squared_difference",
           "rsqrt": "math.rsqrt", "log1p": "math.log1p", "erf": "math.erf", "is_nan": "math.is_nan",
           "matrix_transpose": "linalg.matrix_transpose", "lin_space": "linspace", "where_v2": "where",
           "reverse_v2": "reverse", "OpError": "errors.OpError", "NoGradient": "no_gradient",
           "random_normal": "random.normal", "random_uniform": "random.uniform", "qr": "linalg.qr"}


def top_level_section():
    for name, path in ALIASES.items():
        record(f"alias.{name}", repr(getattr(v1, name) is resolve(path)))
    m = np.arange(24, dtype=np.float32).reshape(2, 3, 4) % 5 - 1.5
    with tf.Graph().as_default():
        x = v1.placeholder_with_default(m, [None, 3, 4])
        outs = {
            "reduce_sum": v1.reduce_sum(x, reduction_indices=[1], keep_dims=True),
            "reduce_mean": v1.reduce_mean(x, axis=2, keep_dims=False),
            "reduce_max": v1.reduce_max(x, reduction_indices=0),
            "reduce_min": v1.reduce_min(x, keepdims=True),
            "reduce_prod": v1.reduce_prod(x, [0, 2]),
            "reduce_logsumexp": v1.reduce_logsumexp(x, reduction_indices=[2], keep_dims=True),
            "reduce_all": v1.reduce_all(x > -2, reduction_indices=1),
            "reduce_any": v1.reduce_any(x > 2, keep_dims=True),
            "math.reduce_sum": v1.math.reduce_sum(x, reduction_indices=2),
            "count_nonzero": v1.count_nonzero(x, reduction_indices=[1, 2], keep_dims=True),
            "count_nonzero_input": v1.count_nonzero(input=x, axis=0, dtype=tf.int32),
            "argmax": v1.argmax(x),
            "argmax_dimension": v1.argmax(x, dimension=2),
            "argmin": v1.argmin(x, 1, output_type=tf.int32),
            "math.argmax": v1.math.argmax(x, dimension=1),
            "arg_max": v1.arg_max(x, 2),
            "arg_min": v1.arg_min(x, dimension=0),
            "div_int": v1.div(tf.constant([7, -7, 9]), tf.constant([2, 2, -4])),
            "div_float": v1.div(x, 4.0),
            "floor_div": v1.floor_div(tf.constant([7, -7, 9]), tf.constant([2, 2, -4])),
            "floor_div_float": v1.floor_div(x, 1.5),
            "to_float": v1.to_float(tf.constant([1, 2])),
            "to_double": v1.to_double(x),
            "to_int32": v1.to_int32(x),
            "to_int64": v1.to_int64(x),
            "to_complex64": v1.to_complex64(x),
            "mod": v1.mod(tf.constant([7, -7]), 3),
            "log": v1.log(tf.constant([1.0, 2.0])),
        }
        for name, t in outs.items():
            record(f"top.{name}.type", tensor_text(t))
        values = in_session(list(outs.values()))
        fed = in_session(outs["reduce_sum"], {x: np.ones((5, 3, 4), np.float32)})
        for name, value in zip(outs, values):
            if name == "to_complex64":
                value = np.stack([np.real(value), np.imag(value)])
            record_num(("close:" if name == "reduce_logsumexp" else "") + f"top.{name}", value)
        record_num("top.placeholder_with_default.fed", fed)
        record_error("top.placeholder_with_default.error", lambda: v1.placeholder_with_default([1.0, 2.0], [3]))
    record_num("top.eager.reduce_sum", v1.reduce_sum(m, reduction_indices=[0, 1], keep_dims=True))
    record_num("top.eager.placeholder_with_default", v1.placeholder_with_default(m[0], [3, None]))
    record_error("top.error.both_axes", lambda: v1.reduce_sum(m, axis=1, reduction_indices=1))
    record_error("top.error.both_keepdims", lambda: v1.reduce_mean(m, keepdims=True, keep_dims=True))
    record_error("top.error.argmax_both", lambda: v1.argmax(m, 1, dimension=1))
    record_error("top.error.div_dtypes", lambda: v1.div(tf.constant([1, 2]), tf.constant([1.0, 2.0])))
    # state functions in a Session
    with tf.Graph().as_default():
        v = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3))
        w = tf.Variable([1, 2, 3, 4, 5])
        ops = [("assign", lambda: v1.assign(v, np.ones((4, 3), np.float32) * 2)),
               ("assign_add", lambda: v1.assign_add(v, np.full((4, 3), 0.5, np.float32))),
               ("assign_sub", lambda: v1.assign_sub(w, [1, 1, 1, 1, 1])),
               ("scatter_update", lambda: v1.scatter_update(v, [3, 0], [[9.0, 8.0, 7.0], [6.0, 5.0, 4.0]])),
               ("scatter_add", lambda: v1.scatter_add(v, [1, 1], [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])),
               ("scatter_sub", lambda: v1.scatter_sub(w, [0, 4], [10, 20])),
               ("scatter_mul", lambda: v1.scatter_mul(v, [2], [[3.0, -1.0, 0.5]])),
               ("scatter_div", lambda: v1.scatter_div(v, [0], [[2.0, 4.0, 8.0]])),
               ("scatter_min", lambda: v1.scatter_min(w, [1, 2], [0, 9])),
               ("scatter_max", lambda: v1.scatter_max(w, [3], [100])),
               ("scatter_nd_update", lambda: v1.scatter_nd_update(v, [[0, 1], [3, 2]], [-1.0, -2.0])),
               ("scatter_nd_add", lambda: v1.scatter_nd_add(w, [[0], [0]], [5, 6])),
               ("scatter_nd_sub", lambda: v1.scatter_nd_sub(v, [[2]], [[1.0, 1.0, 1.0]]))]
        built = [(name, make()) for name, make in ops]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for name, op in built:
                record_num(f"state.{name}", sess.run(op))
            record_num("state.final", np.concatenate([sess.run(v).ravel(), sess.run(w).astype(np.float32)]))
    e = tf.Variable([1.0, 2.0, 3.0])
    v1.scatter_update(e, [2], [7.0])
    v1.assign_add(e, [1.0, 1.0, 1.0])
    record_num("state.eager", e)
    # collections
    with tf.Graph().as_default():
        ref = v1.get_collection_ref("things")
        ref.append("a")
        v1.add_to_collections(["things", "more"], "b")
        v1.add_to_collection(v1.GraphKeys.MODEL_VARIABLES, tf.Variable(1.0, name="m"))
        v1.add_to_collection(v1.GraphKeys.LOCAL_VARIABLES, tf.Variable(2.0, name="l"))
        v1.add_to_collection(v1.GraphKeys.MOVING_AVERAGE_VARIABLES, tf.Variable(3.0, name="avg"))
        record("collections.things", repr(v1.get_collection("things")) + repr(v1.get_collection("more")))
        record("collections.same_ref", repr(v1.get_collection_ref("things") is ref))
        record("collections.variables", repr([[x.name for x in f()] for f in (
            v1.model_variables, v1.local_variables, v1.moving_average_variables, v1.all_variables)]))
        record("collections.scoped", repr([x.name for x in v1.model_variables(scope="m")] +
                                          [x.name for x in v1.local_variables(scope="q")]))
        record("collections.initialize_variables", v1.initialize_variables([]).type + " " +
               v1.initialize_local_variables().type)
    record("collections.eager", repr([v1.local_variables(), v1.model_variables(), v1.moving_average_variables()]))
    # Dimension
    D = v1.Dimension
    record("dimension.repr", repr([repr(D(3)), str(D(3)), str(D(None)), repr(D(None))]))
    record("dimension.arith", repr([str(D(3) + 2), str(D(3) + D(None)), str(D(4) // 3), str(D(3) * D(2)),
                                    str(D(3) - 1), str(D(7) % D(4)), str(2 + D(5)), str(10 - D(4))]))
    record("dimension.compare", repr([D(3) == 3, D(None) == 3, D(3) != 4, D(3) < D(4), D(3) < D(None),
                                      D(2) >= 2, int(D(5)), D(3).value, D(None).value]))
    record("dimension.merge", repr([str(D(3).merge_with(None)), D(3).is_compatible_with(None),
                                    D(3).is_compatible_with(4)]))
    record_error("dimension.error.merge", lambda: D(3).merge_with(4))
    record_error("dimension.error.negative", lambda: D(-1))
    record_error("dimension.error.str", lambda: D("a"))
    record_error("dimension.error.float", lambda: D(2.5))
    shape = tf.TensorShape([3, None, 5])
    record("dimension.functions", repr([v1.dimension_value(D(4)), v1.dimension_value(7), v1.dimension_value(None),
                                        repr(v1.dimension_at_index(shape, 0)), repr(v1.dimension_at_index(shape, 1)),
                                        repr(v1.dimension_at_index(tf.TensorShape(None), 2)),
                                        tf.compat.dimension_value(D(6))]))


def misc_section():
    T = v1.train
    # get_variable's regularizer and the layers' kernel_regularizer, summed by the losses' functions
    with tf.Graph().as_default():
        w = v1.get_variable("w", [3, 2], initializer=v1.constant_initializer(np.arange(6.0).reshape(3, 2)),
                            regularizer=lambda v: 0.5 * tf.reduce_sum(tf.square(v)))
        v1.get_variable("u", [2], regularizer=v1.no_regularizer)
        layers = layers_api()
        out = layers.dense(tf.constant(IMAGES[0, 0]), 2, kernel_initializer=v1.constant_initializer(0.25),
                           kernel_regularizer=lambda v: tf.reduce_sum(tf.abs(v)), name="reg") \
            if sys.argv[1] != "tensorflow" else None
        if out is None:  # tf_keras's legacy layer adds its kernel's regularization loss to the collection
            with v1.variable_scope("reg"):
                kernel = v1.get_variable("kernel", [3, 2], initializer=v1.constant_initializer(0.25))
                v1.get_variable("bias", [2], initializer=v1.zeros_initializer())
            v1.add_to_collection(v1.GraphKeys.REGULARIZATION_LOSSES, tf.reduce_sum(tf.abs(kernel)))
        record("misc.regularization_losses", len(v1.losses.get_regularization_losses()))
        record("misc.variables", [v.name for v in v1.global_variables()])
        total, w_value = in_session([v1.losses.get_regularization_loss(), w], init=True)
        record_num("misc.regularization", [total] + list(w_value.ravel()))
    record("misc.no_regularizer", repr(v1.no_regularizer(tf.constant(1.0))))
    record("misc.executing_eagerly_outside_functions", repr(v1.executing_eagerly_outside_functions()))
    with tf.Graph().as_default():
        record("misc.executing_eagerly_outside_functions.graph", repr(v1.executing_eagerly_outside_functions()))
        record("misc.get_seed.graph", repr(v1.get_seed(5)))
        v1.set_random_seed(11)
        record("misc.get_seed.graph_seeded", repr(v1.get_seed(7)))
    record("misc.get_seed.eager", repr(v1.get_seed(9)))
    # the session-run hook classes
    args = T.SessionRunArgs(fetches=[1, 2])
    context = T.SessionRunContext(args, None)
    hook = T.SessionRunHook()
    before = hook.before_run(context)
    context.request_stop()
    record("misc.hooks", repr([args, T.SessionRunArgs(1, {"a": 2}, None), T.SessionRunValues(1, None, None),
                               before, context.stop_requested, context.original_args is args, hook.begin(),
                               hook.after_run(context, None), hook.end(None),
                               hook.after_create_session(None, None)]))
    # multinomial: categorical's draws with TensorFlow 1's arguments
    logits = np.log(np.array([[0.1, 0.6, 0.3], [0.5, 0.25, 0.25]], np.float32))
    with tf.Graph().as_default():
        draws = [v1.multinomial(logits, 7, seed=3), v1.random.multinomial(logits, 5, seed=4, output_dtype=tf.int32)]
        record("misc.multinomial.types", repr([tensor_text(d) for d in draws]))
        record_num("misc.multinomial", np.concatenate([np.ravel(d) for d in in_session(draws)]))
    with tf.Graph().as_default():
        v1.random.set_random_seed(21)
        record("misc.random.set_random_seed", repr(v1.get_seed(2)))
    # get_variable's default initializer: TensorFlow 1's glorot_uniform_initializer, drawn by the graph seed
    with tf.Graph().as_default():
        v1.set_random_seed(3)
        first = v1.get_variable("w", [2, 2])
        second = v1.get_variable("u", [3])
        record_num("misc.default_initializer", np.concatenate([np.ravel(t) for t in in_session([first, second],
                                                                                               init=True)]))
    # get_variable's collections and get_local_variable
    with tf.Graph().as_default():
        local = v1.get_local_variable("counter", [2], initializer=v1.ones_initializer())
        v1.get_variable("m", [1], collections=[v1.GraphKeys.GLOBAL_VARIABLES, v1.GraphKeys.MODEL_VARIABLES])
        v1.get_variable("g", [1], initializer=v1.zeros_initializer())
        record("misc.collections", repr([[v.name for v in f()] for f in (
            v1.global_variables, v1.local_variables, v1.model_variables, v1.trainable_variables)] + [local.trainable]))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            first = sess.run(v1.report_uninitialized_variables()).tolist()
            sess.run(v1.local_variables_initializer())
            record("misc.local_variables_initializer",
                   repr([first, sess.run(v1.report_uninitialized_variables()).tolist(), sess.run(local).tolist()]))
    # is_variable_initialized, report_uninitialized_variables
    with tf.Graph().as_default():
        a = tf.Variable([1.0, 2.0], name="a")
        with v1.variable_scope("s"):
            b = v1.get_variable("b", [2])
        checks = [v1.is_variable_initialized(a), v1.report_uninitialized_variables(),
                  v1.report_uninitialized_variables([b])]
        record("misc.uninitialized.types", repr([tensor_text(t) for t in checks]))
        with v1.Session() as sess:
            before = sess.run(checks)
            sess.run(a.initializer)
            after = sess.run(checks)
            sess.run(v1.global_variables_initializer())
            done = sess.run(checks)
        record("misc.uninitialized", repr([[bool(x[0]), list(x[1]), list(x[2])] for x in (before, after, done)]))
    record("misc.uninitialized.eager", repr([v1.report_uninitialized_variables().numpy().tolist(),
                                            bool(v1.is_variable_initialized(tf.Variable(1.0)))]))
    # tables_initializer (no tables: a NoOp in a graph, None eagerly)
    with tf.Graph().as_default():
        record("misc.tables_initializer", repr([v1.tables_initializer().type, v1.tables_initializer().name,
                                                v1.initialize_all_tables(name="t").name]))
    record("misc.tables_initializer.eager", repr(v1.tables_initializer()))
    # a checkpoint's files: their times, and removing them
    with tf.Graph().as_default():
        tf.Variable([1.0, 2.0], name="kept")
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            prefix = v1.train.Saver().save(sess, os.path.join(out_dir, "to_remove"), write_meta_graph=False)
    mtimes = T.get_checkpoint_mtimes([prefix, prefix + "-missing"])
    listed = sorted(n for n in os.listdir(out_dir) if n.startswith("to_remove"))
    T.remove_checkpoint(prefix)
    record("misc.remove_checkpoint", repr([len(mtimes), isinstance(mtimes[0], float), listed,
                                          sorted(n for n in os.listdir(out_dir) if n.startswith("to_remove"))]))
    # resource variables on and off
    flags = [v1.resource_variables_enabled()]
    with tf.Graph().as_default():
        v1.disable_resource_variables()
        flags.append(v1.resource_variables_enabled())
        reprs = [repr(v1.get_variable("w", [2])), repr(v1.get_variable("u", [2], use_resource=True))]
        v1.enable_resource_variables()
        reprs.append(repr(v1.get_variable("z", [2])))
        flags.append(v1.resource_variables_enabled())
    record("misc.resource_variables", repr(flags + reprs))
    # ExponentialMovingAverage: shadow variables, their updates with and without num_updates
    with tf.Graph().as_default():
        a = tf.Variable([1.0, -2.0, 0.5], name="a")
        with v1.variable_scope("model"):
            b = v1.get_variable("b", [2, 2], initializer=v1.constant_initializer([[1.0, 2.0], [3.0, 4.0]]))
        step = v1.train.get_or_create_global_step()
        ema = T.ExponentialMovingAverage(0.99, num_updates=step)
        update = ema.apply([a, b])
        slow = T.ExponentialMovingAverage(0.7, name="Slow")
        slow_update = slow.apply([a])
        record("ema.names", repr([ema.average(a).name, ema.average(b).name, ema.average_name(b),
                                  slow.average(a).name, ema.average(step), ema.name]))
        record("ema.collection", repr([v.name for v in v1.moving_average_variables()]))
        record("ema.restore", repr(sorted((k, v.name) for k, v in ema.variables_to_restore().items())))
        record("ema.trainable", repr([v.name for v in v1.trainable_variables()]))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            values = []
            for n in range(4):
                sess.run([a.assign(a * 1.5 + n), b.assign_add(tf.ones([2, 2]) * 0.25), step.assign_add(3)])
                sess.run([update, slow_update])
                values.append(np.concatenate([sess.run(ema.average(a)), sess.run(ema.average(b)).ravel(),
                                              sess.run(slow.average(a))]))
            record_num("ema.values", values)
        record("ema.twice", type(ema.apply([a])).__name__ + " " + ema.average(a).name)
        record_error("ema.error.dtype", lambda: ema.apply([step]))
    e = tf.Variable([2.0, 4.0])
    eager_ema = T.ExponentialMovingAverage(0.5)
    record("ema.eager_apply", repr(eager_ema.apply([e])))
    e.assign([4.0, 0.0])
    eager_ema.apply([e])  # applied again: the same shadow variable, updated
    record_num("ema.eager", eager_ema.average(e))
    T.assert_global_step(tf.Variable(3, dtype=tf.int64))
    record_error("misc.assert_global_step.float", lambda: T.assert_global_step(tf.Variable(3.0)))
    record_error("misc.assert_global_step.vector", lambda: T.assert_global_step(tf.Variable([1, 2])))
    record_error("misc.assert_global_step.type", lambda: T.assert_global_step(3))


def nn_section():
    N = v1.nn
    x = RNG.normal(size=(4, 6)).astype(np.float32)
    w = RNG.normal(size=(6, 3)).astype(np.float32)
    b = np.array([0.1, -0.2, 0.3], np.float32)
    with tf.Graph().as_default():
        keep = v1.placeholder(tf.float32, [])
        inp = v1.placeholder(tf.float32, [None, 6])
        outs = {
            "dropout_keep_prob": N.dropout(inp, keep, seed=5),
            "dropout_positional": N.dropout(inp, 0.75, seed=6),
            "dropout_rate": N.dropout(inp, rate=0.4, seed=7),
            "softmax_dim": N.softmax(inp, dim=0),
            "softmax": N.softmax(inp),
            "log_softmax_dim": N.log_softmax(inp, dim=1),
            "xw_plus_b": N.xw_plus_b(inp, w, b),
            "relu_layer": N.relu_layer(inp, w, b),
            "xent": N.softmax_cross_entropy_with_logits(labels=N.softmax(x[:, :3] * 2), logits=inp[:, 3:]),
            "xent_v2": N.softmax_cross_entropy_with_logits_v2(labels=N.softmax(x[:, :3]), logits=inp[:, 3:], dim=-1),
        }
        mean, var = N.moments(inp, [0], keep_dims=True)
        outs["moments_mean"], outs["moments_var"] = mean, var
        record("nn.types", repr({k: tensor_text(t) for k, t in outs.items()}))
        with v1.Session() as sess:
            values = sess.run(list(outs.values()), {inp: x, keep: 0.6})
            unit = sess.run(outs["dropout_keep_prob"], {inp: x, keep: 1.0})
        for name, value in zip(outs, values):
            record_num(("close:" if name.startswith(("softmax", "log_softmax", "xent", "moments")) else "") +
                       f"nn.{name}", value)
        record_num("nn.dropout_keep_1", unit)
        # the labels get no gradient from the TensorFlow 1 cross-entropy, they do from _v2
        labels = v1.placeholder(tf.float32, [None, 3])
        g1 = v1.gradients(N.softmax_cross_entropy_with_logits(labels=labels, logits=x[:, 3:]), [labels])[0]
        g2 = v1.gradients(N.softmax_cross_entropy_with_logits_v2(labels=labels, logits=x[:, 3:]), [labels])[0]
        record("nn.xent_label_gradient", repr([g1 is None, g2 is None]))
        with v1.Session() as sess:
            record_num("close:nn.xent_v2_label_gradient", sess.run(g2, {labels: x[:, :3]}))
    record_error("nn.error.dropout_both", lambda: N.dropout(x, 0.5, rate=0.5))
    record_error("nn.error.dropout_none", lambda: N.dropout(x))
    record_error("nn.error.dropout_keep_prob", lambda: N.dropout(x, "a"))
    record_error("nn.error.softmax_both", lambda: N.softmax(x, axis=0, dim=0))
    record_error("nn.error.xent_missing", lambda: N.softmax_cross_entropy_with_logits(logits=x))
    record_num("close:nn.eager.moments", np.concatenate([np.ravel(t) for t in N.moments(x, [1], keep_dims=False)]))


SECTIONS = [losses_section, layers_section, initializers_section, schedules_section, top_level_section,
            misc_section, nn_section]


def main():
    for section in SECTIONS:
        section()
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        # one result a line: the fixture stays small and its diffs readable
        f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(results[k])}" for k in sorted(results)) + "\n}\n")


if __name__ == "__main__":
    main()
