"""Resuming training from a checkpoint in a new process, as a user writes it: a Keras 3 optimizer
restored BEFORE its first step, its slots then built inside a tf.function step. The saved
moments are restored when the slots appear, the load status counts them as matched, and the
next step continues exactly where the saving process would have (TensorFlow 2.21's values,
recorded below by running this same program under TensorFlow)."""
import json
import subprocess
import sys

import numpy as np
import pytest

from ckpt_helpers import required_tf_python

PROGRAM = r'''
import importlib, json, os, sys
import numpy as np
tf = importlib.import_module(sys.argv[1])
kind, phase, directory = sys.argv[2:5]


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[0.5, -1.0], [2.0, 0.25]], name="w")
        self.b = tf.Variable([0.1, -0.2], name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


optimizers = tf.keras.optimizers
opt = {"adam": lambda: optimizers.Adam(0.1), "sgd": lambda: optimizers.SGD(0.1, momentum=0.9),
       "rmsprop": lambda: optimizers.RMSprop(0.1), "adagrad": lambda: optimizers.Adagrad(0.1)}[kind]()
model = Model()
x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
y = tf.constant([[0.0, 1.0], [1.0, 0.0]])


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, [model.w, model.b])
    opt.apply_gradients(zip(grads, [model.w, model.b]))
    return loss


def state():
    return {"model": [model.w.numpy().tolist(), model.b.numpy().tolist()],
            "optimizer": [np.asarray(v.numpy()).tolist() for v in opt.variables]}


ckpt = tf.train.Checkpoint(model=model, optimizer=opt)
out = {}
if phase == "train":  # three steps, save, then one more step: what resuming must give
    for _ in range(3):
        train_step()
    ckpt.save(os.path.join(directory, "ckpt"))
    train_step()
else:  # a new process: restore before the first step, then train
    status = ckpt.restore(tf.train.latest_checkpoint(directory))
    train_step()
    try:
        status.assert_existing_objects_matched()
        out["existing_objects_matched"] = True
    except AssertionError as e:
        out["existing_objects_matched"] = str(e)
out.update(state())
print(json.dumps(out))
'''

# What TensorFlow 2.21 printed for the resume phase of PROGRAM (its last line), per optimizer;
# each optimizer's variables in `optimizer.variables` order: iteration, learning_rate, slots.
TF_RESUMED = {
    'adagrad': {'existing_objects_matched': True,
                'model': [[[0.5257516503334045, -0.7391141653060913], [1.729770302772522, 0.24017931520938873]],
                          [-0.16126161813735962, 0.060023024678230286]],
                'optimizer': [4,
                              0.10000000149011612,
                              [[0.1941068470478058, 108.58272552490234], [97.93452453613281, 0.10065092891454697]],
                              [7.950832366943359, 19.980690002441406]]},
    'adam': {'existing_objects_matched': True,
             'model': [[[0.5742234587669373, -0.6050267219543457], [1.6017051935195923, 0.30742204189300537]],
                       [-0.2944117784500122, 0.19508574903011322]],
             'optimizer': [4,
                           0.10000000149011612,
                           [[-0.07896673679351807, -1.6770875453948975], [1.6612472534179688, -0.011056105606257915]],
                           [[0.0004435832961462438, 0.1008538007736206], [0.09518011659383774, 6.579947512364015e-05]],
                           [0.4407992362976074, -0.7219106554985046],
                           [0.006865624338388443, 0.018746046349406242]]},
    'rmsprop': {'existing_objects_matched': True,
                'model': [[[0.6170297265052795, -0.3136517107486725], [1.1794754266738892, 0.238039031624794]],
                          [-0.614666223526001, 0.4953625202178955]],
                'optimizer': [4,
                              0.10000000149011612,
                              [[0.30294230580329895, 4.640799522399902], [6.040165901184082, 0.04754406586289406]],
                              [0.34715497493743896, 0.907349169254303]]},
    'sgd': {'existing_objects_matched': True,
            'model': [[[0.4720437526702881, 0.8348108530044556], [-1.101393699645996, 0.3852015733718872]],
                      [-0.7980936765670776, 0.6249765157699585]],
            'optimizer': [4,
                          0.10000000149011612,
                          [[0.019918767735362053, -0.057970255613327026], [-0.7612687349319458, 0.07823281735181808]],
                          [-0.20896872878074646, -0.002492189407348633]]},
}


def run(tmp_path, module, kind, phase, python=sys.executable):
    result = subprocess.run([python, "-c", PROGRAM, module, kind, phase, str(tmp_path)], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("kind", sorted(TF_RESUMED))
def test_keras_optimizer_restored_before_a_traced_first_step_resumes_as_tensorflow(kind, tmp_path):
    continued = run(tmp_path, "varrt", kind, "train")
    resumed = run(tmp_path, "varrt", kind, "resume")
    assert resumed.pop("existing_objects_matched") is True
    # The saved moments were loaded: resuming gives what the saving process computed next.
    assert resumed == continued
    expected = {key: value for key, value in TF_RESUMED[kind].items() if key != "existing_objects_matched"}
    # Within 1 ulp: a traced step's arithmetic (the bias gradient's reduction, RMSprop's update)
    # differs from TensorFlow's in the last bit of an element or two, resumed or not.
    for got, want in zip(resumed["model"] + resumed["optimizer"], expected["model"] + expected["optimizer"]):
        np.testing.assert_allclose(got, want, rtol=2.5e-7, atol=0)


@pytest.mark.parametrize("kind", sorted(TF_RESUMED))
def test_the_recorded_values_are_tensorflows(kind, tmp_path):
    python = required_tf_python()
    run(tmp_path, "tensorflow", kind, "train", python)
    assert run(tmp_path, "tensorflow", kind, "resume", python) == TF_RESUMED[kind]
