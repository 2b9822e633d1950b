"""TensorFlow 1 optimizers name their slots and non-slot variables as TensorFlow 2.21 does (names
recorded from it), so the default `tf.compat.v1.train.Saver()` saves them all under TensorFlow's
keys: a variable's second slot is "<var>/Adam_1" (each slot opens a uniquely named variable
scope), a TF1 graph's variables have unique names ("beta1_power_1" for a second Adam's), and
TensorFlow reads the file (checked live with VARRT_TF_PYTHON, and must be under CI=true)."""
import json
import subprocess

import numpy as np
import pytest

import varrt as tf

from ckpt_helpers import required_tf_python

tf1 = tf.compat.v1

OPTIMIZERS = {
    "gd": lambda: tf1.train.GradientDescentOptimizer(0.1),
    "momentum": lambda: tf1.train.MomentumOptimizer(0.1, 0.9),
    "adam": lambda: tf1.train.AdamOptimizer(0.1),
    "adagrad": lambda: tf1.train.AdagradOptimizer(0.1),
    "rmsprop": lambda: tf1.train.RMSPropOptimizer(0.1),
    "rmsprop_centered": lambda: tf1.train.RMSPropOptimizer(0.1, centered=True),
    "rmsprop_momentum": lambda: tf1.train.RMSPropOptimizer(0.1, momentum=0.5),
}

# TensorFlow 2.21, variables under variable_scope("model") then opt.minimize(loss): the graph's
# global variables, the slots of model/w, and the keys of the default Saver's checkpoint.
RMSPROP = {"global_variables": ["model/w:0", "model/b:0", "model/w/RMSProp:0", "model/w/RMSProp_1:0",
                                "model/b/RMSProp:0", "model/b/RMSProp_1:0"],
           "slots_of_w": {"momentum": "model/w/RMSProp_1:0", "rms": "model/w/RMSProp:0"},
           "checkpoint_keys": ["model/b", "model/b/RMSProp", "model/b/RMSProp_1", "model/w", "model/w/RMSProp",
                               "model/w/RMSProp_1"]}
RECORDED = {
    "gd": {"global_variables": ["model/w:0", "model/b:0"], "slots_of_w": {},
           "checkpoint_keys": ["model/b", "model/w"]},
    "momentum": {"global_variables": ["model/w:0", "model/b:0", "model/w/Momentum:0", "model/b/Momentum:0"],
                 "slots_of_w": {"momentum": "model/w/Momentum:0"},
                 "checkpoint_keys": ["model/b", "model/b/Momentum", "model/w", "model/w/Momentum"]},
    "adam": {"global_variables": ["model/w:0", "model/b:0", "beta1_power:0", "beta2_power:0", "model/w/Adam:0",
                                  "model/w/Adam_1:0", "model/b/Adam:0", "model/b/Adam_1:0"],
             "slots_of_w": {"m": "model/w/Adam:0", "v": "model/w/Adam_1:0"},
             "checkpoint_keys": ["beta1_power", "beta2_power", "model/b", "model/b/Adam", "model/b/Adam_1", "model/w",
                                 "model/w/Adam", "model/w/Adam_1"]},
    "adagrad": {"global_variables": ["model/w:0", "model/b:0", "model/w/Adagrad:0", "model/b/Adagrad:0"],
                "slots_of_w": {"accumulator": "model/w/Adagrad:0"},
                "checkpoint_keys": ["model/b", "model/b/Adagrad", "model/w", "model/w/Adagrad"]},
    "rmsprop": RMSPROP,
    "rmsprop_centered": {"global_variables": ["model/w:0", "model/b:0", "model/w/RMSProp:0", "model/w/RMSProp_1:0",
                                              "model/w/RMSProp_2:0", "model/b/RMSProp:0", "model/b/RMSProp_1:0",
                                              "model/b/RMSProp_2:0"],
                         "slots_of_w": {"mg": "model/w/RMSProp_1:0", "momentum": "model/w/RMSProp_2:0",
                                        "rms": "model/w/RMSProp:0"},
                         "checkpoint_keys": ["model/b", "model/b/RMSProp", "model/b/RMSProp_1", "model/b/RMSProp_2",
                                             "model/w", "model/w/RMSProp", "model/w/RMSProp_1", "model/w/RMSProp_2"]},
    "rmsprop_momentum": RMSPROP,
}


def build(kind):
    """The graph the names were recorded with: (w, b, optimizer, its training step)."""
    with tf1.variable_scope("model"):
        w = tf1.get_variable("w", [2, 3], initializer=tf1.ones_initializer())
        b = tf1.get_variable("b", [3], initializer=tf1.zeros_initializer())
    loss = tf.reduce_sum(tf.matmul(tf.ones([1, 2]), w) + b)
    opt = OPTIMIZERS[kind]()
    return w, b, opt, opt.minimize(loss)


@pytest.mark.parametrize("kind", sorted(OPTIMIZERS))
def test_slot_and_non_slot_names_and_saver_keys_are_tensorflows(kind, tmp_path):
    with tf.Graph().as_default():
        w, _, opt, step = build(kind)
        names = [v.name for v in tf1.global_variables()]
        slots = {s: opt.get_slot(w, s).name for s in opt.get_slot_names()}
        saver = tf1.train.Saver()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(step)
            path = saver.save(sess, str(tmp_path / "ckpt"))
            saved = {v.name[:-2]: sess.run(v) for v in tf1.global_variables()}
    keys = [k for k, _ in tf.train.list_variables(path)]
    assert {"global_variables": names, "slots_of_w": slots, "checkpoint_keys": keys} == RECORDED[kind]
    for key in keys:
        np.testing.assert_array_equal(tf.train.load_variable(path, key), saved[key])


def test_names_stay_unique_across_optimizers_in_a_graph():
    with tf.Graph().as_default():
        with tf1.variable_scope("model"):
            w = tf1.get_variable("w", [2], initializer=tf1.ones_initializer())
        tf.Variable([1.0, 2.0], name="beta1_power")
        loss = tf.reduce_sum(w)
        tf1.train.AdamOptimizer(0.1).minimize(loss)
        second = tf1.train.AdamOptimizer(0.1)
        second.minimize(loss)
        tf1.train.MomentumOptimizer(0.1, 0.9).minimize(loss)
        assert [v.name for v in tf1.global_variables()] == [  # TensorFlow 2.21's
            "model/w:0", "beta1_power:0", "beta1_power_1:0", "beta2_power:0", "model/w/Adam:0", "model/w/Adam_1:0",
            "beta1_power_2:0", "beta2_power_1:0", "model/w/Adam_2:0", "model/w/Adam_3:0", "model/w/Momentum:0"]
        assert [v.name for v in second.variables()] == ["beta1_power_2:0", "beta2_power_1:0", "model/w/Adam_2:0",
                                                        "model/w/Adam_3:0"]
        tf1.train.Saver()  # every name unique: the default Saver accepts the graph


def test_eager_slots_are_named_by_unique_scopes_too():
    # Eagerly TensorFlow counts scopes program-wide: a second optimizer's slots of the same
    # variable go on with _2, _3 (a name no other test uses keeps this test's count its own).
    w = tf.Variable([1.0, 2.0], name="eager_slot_names/w")
    for expected in (["eager_slot_names/w/Adam:0", "eager_slot_names/w/Adam_1:0"],
                     ["eager_slot_names/w/Adam_2:0", "eager_slot_names/w/Adam_3:0"]):
        opt = tf1.train.AdamOptimizer(0.1)
        opt.apply_gradients([(tf.constant([1.0, 1.0]), w)])
        assert [opt.get_slot(w, "m").name, opt.get_slot(w, "v").name] == expected
        assert [v.name for v in opt.variables()] == ["beta1_power:0", "beta2_power:0"] + expected
    opt = tf1.train.RMSPropOptimizer(0.1, centered=True)
    opt.apply_gradients([(tf.constant([1.0, 1.0]), w)])
    assert {s: opt.get_slot(w, s).name for s in opt.get_slot_names()} == {
        "mg": "eager_slot_names/w/RMSProp_1:0", "momentum": "eager_slot_names/w/RMSProp_2:0",
        "rms": "eager_slot_names/w/RMSProp:0"}


TF_RESTORE = r'''
import json, sys, numpy as np, tensorflow as tf
tf1 = tf.compat.v1
path = sys.argv[1]
with tf.Graph().as_default():
    with tf1.variable_scope("model"):
        w = tf1.get_variable("w", [2, 3], initializer=tf1.ones_initializer())
        b = tf1.get_variable("b", [3], initializer=tf1.zeros_initializer())
    loss = tf.reduce_sum(tf.matmul(tf.ones([1, 2]), w) + b)
    tf1.train.AdamOptimizer(0.1).minimize(loss)
    with tf1.Session() as sess:
        tf1.train.Saver().restore(sess, path)
        print(json.dumps({v.name[:-2]: np.asarray(sess.run(v)).tolist() for v in tf1.global_variables()}))
'''


def test_tensorflow_restores_a_default_savers_adam_checkpoint(tmp_path):
    python = required_tf_python()
    with tf.Graph().as_default():
        _, _, _, step = build("adam")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for _ in range(3):
                sess.run(step)
            path = tf1.train.Saver().save(sess, str(tmp_path / "ckpt"))
            saved = {v.name[:-2]: np.asarray(sess.run(v)).tolist() for v in tf1.global_variables()}
    script = tmp_path / "restore.py"
    script.write_text(TF_RESTORE)
    out = subprocess.run([python, str(script), path], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == saved
