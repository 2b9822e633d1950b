"""An optimizer step recorded in a graph (a TF1 graph run by a Session, or a tf.function) whose
gradients' shapes are known only when it runs: it updates each variable once, as TensorFlow
2.21 does (values recorded from it), and a step that fails changes no variable, slot or
counter, as an eager step (TensorFlow itself stops half way: there the first variable is
already updated)."""
import numpy as np
import pytest

import varrt as tf
from varrt import errors

tf1 = tf.compat.v1

OPTIMIZERS = {
    "GradientDescent": lambda: tf1.train.GradientDescentOptimizer(0.1),
    "Momentum": lambda: tf1.train.MomentumOptimizer(0.1, 0.9),
    "Adam": lambda: tf1.train.AdamOptimizer(0.1),
    "Adagrad": lambda: tf1.train.AdagradOptimizer(0.1),
    "RMSProp": lambda: tf1.train.RMSPropOptimizer(0.1),
    "RMSProp centered": lambda: tf1.train.RMSPropOptimizer(0.1, centered=True),
}

# TensorFlow 2.21: tf1.global_variables() after one step with g1 = [1, 2], g2 = [3, 1, 2]
# (w1, w2, global_step, then the optimizer's variables), and the message of the failing step.
AFTER_ONE_STEP = {
    "GradientDescent": [[0.8999999761581421, 1.7999999523162842], [0.699999988079071, 1.899999976158142,
                                                                    2.799999952316284], 1],
    "Momentum": [[0.8999999761581421, 1.7999999523162842], [0.699999988079071, 1.899999976158142, 2.799999952316284],
                 1, [1.0, 2.0], [3.0, 1.0, 2.0]],
    "Adam": [[0.9000000357627869, 1.899999976158142], [0.8999999761581421, 1.9000000953674316, 2.9000000953674316], 1,
             0.809999942779541, 0.9980010390281677, [0.10000002384185791, 0.20000004768371582],
             [0.0009999871253967285, 0.003999948501586914], [0.30000007152557373, 0.10000002384185791,
                                                            0.20000004768371582],
             [0.008999884128570557, 0.0009999871253967285, 0.003999948501586914]],
    "Adagrad": [[0.9046537280082703, 1.9012269973754883], [0.9005509614944458, 1.904653787612915, 2.9012269973754883],
                1, [1.100000023841858, 4.099999904632568], [9.100000381469727, 1.100000023841858, 4.099999904632568]],
    "RMSProp": [[0.8999999761581421, 1.824588418006897], [0.7763931751251221, 1.899999976158142, 2.8245882987976074],
                1, [1.0, 1.3000000715255737], [0.10000000149011612, 0.17541159689426422],
                [1.8000001907348633, 1.0, 1.3000000715255737], [0.22360679507255554, 0.10000000149011612,
                                                                0.17541159689426422]],
    "RMSProp centered": [[0.8994961977005005, 1.8218258619308472], [0.7705842852592468, 1.8994961977005005,
                                                                    2.8218257427215576], 1,
                         [1.0, 1.3000000715255737], [0.10000002384185791, 0.20000004768371582],
                         [0.10050378739833832, 0.17817415297031403], [1.8000001907348633, 1.0, 1.3000000715255737],
                         [0.30000007152557373, 0.10000002384185791, 0.20000004768371582],
                         [0.22941572964191437, 0.10050378739833832, 0.17817415297031403]],
}
REFUSAL = {"GradientDescent": "var and delta do not have the same shape[3] [2]"}


def as_lists(values):
    return [np.asarray(v).tolist() for v in values]


@pytest.mark.parametrize("kind", sorted(OPTIMIZERS))
def test_a_graph_step_with_run_time_shapes_updates_once_and_a_failed_one_changes_nothing(kind):
    with tf.Graph().as_default():
        w1 = tf.Variable([1.0, 2.0], name="w1")
        w2 = tf.Variable([1.0, 2.0, 3.0], name="w2")
        g1 = tf1.placeholder(tf.float32, [None], name="g1")
        g2 = tf1.placeholder(tf.float32, [None], name="g2")
        step = OPTIMIZERS[kind]().apply_gradients([(g1, w1), (g2, w2)],
                                                  global_step=tf1.train.get_or_create_global_step())
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(step, {g1: [1.0, 2.0], g2: [3.0, 1.0, 2.0]})
            after_one_step = as_lists(sess.run(tf1.global_variables()))
            assert after_one_step == AFTER_ONE_STEP[kind]
            # g2 does not fit w2: the step fails at w2's update, after w1's in program order.
            with pytest.raises(errors.InvalidArgumentError) as failure:
                sess.run(step, {g1: [1.0, 1.0], g2: [1.0, 1.0]})
            assert as_lists(sess.run(tf1.global_variables())) == after_one_step
    message = failure.value.message
    assert message.startswith("Graph execution error:\n\nDetected at node 'ResourceApply")
    assert message.splitlines()[-2] == REFUSAL.get(kind, "var and grad do not have the same shape[3] [2]")


def test_a_traced_step_with_unknown_dimensions_updates_once_and_a_failed_one_changes_nothing():
    w1 = tf.Variable([1.0, 2.0])
    w2 = tf.Variable([1.0, 2.0, 3.0])
    opt = tf1.train.GradientDescentOptimizer(1.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
    def step(a, b):
        opt.apply_gradients([(a, w1), (b, w2)])

    step(tf.constant([1.0, 1.0]), tf.constant([1.0, 1.0, 1.0]))
    assert (w1.numpy().tolist(), w2.numpy().tolist()) == ([0.0, 1.0], [0.0, 1.0, 2.0])  # TensorFlow 2.21's
    with pytest.raises(errors.InvalidArgumentError, match=r"var and delta do not have the same shape\[3\] \[2\]"):
        step(tf.constant([1.0, 1.0]), tf.constant([1.0, 1.0]))
    assert (w1.numpy().tolist(), w2.numpy().tolist()) == ([0.0, 1.0], [0.0, 1.0, 2.0])
