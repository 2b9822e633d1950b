"""The op database's optimizer cases, for either framework (`tf` is TensorFlow or varrt): the
TensorFlow 1 pattern every tutorial teaches (issue 24) and the same model with Keras optimizers
in a tf.function. The variable w = [2.0], the loss mean(square(x * w)) over x fed through a
[None, 1] placeholder (or input_signature) at batch sizes 100, 7 and 3, a few steps each, in
one graph or trace: a mean's divisor or a gradient frozen at one batch size shows at the next.
Each run returns [[loss, w], ...] after every step.
"""
import numpy as np

BATCHES = (100, 7, 3)
STEPS_PER_BATCH = 2

# name: (table ops the case exercises, optimizer factory)
TF1 = {
    "GradientDescent": (("ResourceApplyGradientDescent",),
                        lambda tf: tf.compat.v1.train.GradientDescentOptimizer(0.1)),
    "Momentum": (("ResourceApplyMomentum",), lambda tf: tf.compat.v1.train.MomentumOptimizer(0.1, 0.9)),
    "Adam": (("ResourceApplyAdam",), lambda tf: tf.compat.v1.train.AdamOptimizer(0.1)),
    "RMSProp": (("ResourceApplyRMSProp",), lambda tf: tf.compat.v1.train.RMSPropOptimizer(0.1)),
    "RMSProp.centered": (("ResourceApplyCenteredRMSProp",),
                         lambda tf: tf.compat.v1.train.RMSPropOptimizer(0.1, centered=True)),
    "Adagrad": (("ResourceApplyAdagrad",), lambda tf: tf.compat.v1.train.AdagradOptimizer(0.1)),
}
KERAS = {
    "SGD": (("KerasSGD",), lambda tf: tf.keras.optimizers.SGD(0.1)),
    "SGD.momentum": (("KerasSGD",), lambda tf: tf.keras.optimizers.SGD(0.1, momentum=0.9)),
    "Adam": (("KerasAdam",), lambda tf: tf.keras.optimizers.Adam(0.1)),
    "RMSprop": (("KerasRMSprop",), lambda tf: tf.keras.optimizers.RMSprop(0.1)),
    "Adagrad": (("KerasAdagrad",), lambda tf: tf.keras.optimizers.Adagrad(0.1)),
}
# Every case creates, initializes, reads and assigns its variable.
VARIABLE_OPS = ("VarHandleOp", "ReadVariableOp", "AssignVariableOp", "VarIsInitializedOp")


def feeds():
    """The batches fed, in order: the same on every run."""
    rng = np.random.RandomState(24)
    return [rng.uniform(0.5, 1.5, size=(batch, 1)).astype(np.float32)
            for batch in BATCHES for _ in range(STEPS_PER_BATCH)]


def run_tf1(tf, name):
    """The TF1 case: get_variable, placeholder [None, 1], optimizer.minimize, one Session."""
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 1])
        w = tf.compat.v1.get_variable("w", [1], initializer=tf.constant_initializer(2.0))
        loss = tf.reduce_mean(tf.square(x * w))
        train = TF1[name][1](tf).minimize(loss)
        trace = []
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            for value in feeds():
                feed = {x: value}
                step_loss = sess.run(loss, feed)
                sess.run(train, feed)
                trace.append([float(step_loss), float(sess.run(w)[0])])
    return trace


def run_keras(tf, name):
    """The Keras case: a variable, a Keras optimizer, one tf.function step with input_signature [None, 1]."""
    w = tf.Variable([2.0])
    opt = KERAS[name][1](tf)
    opt.build([w])

    @tf.function(input_signature=[tf.TensorSpec([None, 1], tf.float32)])
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x * w))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        return loss

    return [[float(step(tf.constant(value)).numpy()), float(w.numpy()[0])] for value in feeds()]
