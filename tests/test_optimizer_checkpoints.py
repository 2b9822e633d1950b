"""Optimizer state in tf.train.Checkpoint under TensorFlow's keys (Keras 3: optimizer/_iterations,
optimizer/_learning_rate, optimizer/_variables/<i>; v1: .OPTIMIZER_SLOT keys and beta powers):
TensorFlow's checkpoints restore into varrt and the next steps match TensorFlow's bit for bit,
and varrt's checkpoints have TensorFlow's keys and restore the same way."""
import numpy as np
import pytest

import varrt as tf
from optimizer_cases import HERE

REC = np.load(f"{HERE}/ckpt.npz")
MAKE = {"keras": lambda: tf.keras.optimizers.Adam(0.0123), "v1": lambda: tf.compat.v1.train.AdamOptimizer(0.0123)}


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(np.zeros((3, 2), np.float32), name="w")
        self.b = tf.Variable(np.zeros(2, np.float32), name="b")


def fresh(kind):
    model, opt = Model(), MAKE[kind]()
    if kind == "keras":
        opt.build([model.w, model.b])  # varrt restores into built optimizers only
    return model, opt


def step(opt, model, i):
    opt.apply_gradients([(tf.constant(REC["gw"][i]), model.w), (tf.constant(REC["gb"][i]), model.b)])


def check_next_steps(kind, model, opt):
    for i in range(2, 4):
        step(opt, model, i)
        assert model.w.numpy().tobytes() == REC[f"{kind}/w/{i}"].tobytes(), i
        assert model.b.numpy().tobytes() == REC[f"{kind}/b/{i}"].tobytes(), i


@pytest.mark.parametrize("kind", ["keras", "v1"])
def test_tensorflow_checkpoint_restores_and_continues_bit_identically(kind):
    model, opt = fresh(kind)
    tf.train.Checkpoint(optimizer=opt, model=model).read(f"{HERE}/ckpt_{kind}/ckpt").assert_consumed()
    check_next_steps(kind, model, opt)


@pytest.mark.parametrize("kind", ["keras", "v1"])
def test_varrt_checkpoint_has_tensorflows_keys_and_round_trips(kind, tmp_path):
    model, opt = Model(), MAKE[kind]()
    model.w.assign(REC["w0"])
    model.b.assign(REC["b0"])
    for i in range(2):
        step(opt, model, i)
    path = tf.train.Checkpoint(optimizer=opt, model=model).write(str(tmp_path / "ckpt"))
    assert sorted(name for name, _ in tf.train.list_variables(path)) == sorted(REC[f"{kind}/keys"])
    model2, opt2 = fresh(kind)
    tf.train.Checkpoint(optimizer=opt2, model=model2).read(path).assert_consumed()
    check_next_steps(kind, model2, opt2)


TF_CONTINUE = r'''
import sys, numpy as np, tensorflow as tf
kind, path, out = sys.argv[1:4]
rec = np.load(sys.argv[4])
model = tf.Module()
model.w = tf.Variable(np.zeros((3, 2), np.float32), name="w")
model.b = tf.Variable(np.zeros(2, np.float32), name="b")
opt = tf.keras.optimizers.Adam(0.0123) if kind == "keras" else tf.compat.v1.train.AdamOptimizer(0.0123)
if kind == "keras":
    opt.build([model.w, model.b])
# v1 creates its slots and beta powers at the first step; TensorFlow restores them then.
tf.train.Checkpoint(optimizer=opt, model=model).read(path).assert_existing_objects_matched()
res = {}
for i in range(2, 4):
    opt.apply_gradients([(tf.constant(rec["gw"][i]), model.w), (tf.constant(rec["gb"][i]), model.b)])
    res[f"w/{i}"], res[f"b/{i}"] = model.w.numpy(), model.b.numpy()
np.savez(out, **res)
'''


@pytest.mark.parametrize("kind", ["keras", "v1"])
def test_tensorflow_restores_varrts_checkpoint_and_continues_identically(kind, tmp_path):
    import subprocess
    from ckpt_helpers import required_tf_python
    python = required_tf_python()
    model, opt = Model(), MAKE[kind]()
    model.w.assign(REC["w0"])
    model.b.assign(REC["b0"])
    for i in range(2):
        step(opt, model, i)
    path = tf.train.Checkpoint(optimizer=opt, model=model).write(str(tmp_path / "ckpt"))
    script = tmp_path / "continue.py"
    script.write_text(TF_CONTINUE)
    subprocess.run([python, str(script), kind, path, str(tmp_path / "out.npz"), f"{HERE}/ckpt.npz"], check=True,
                   capture_output=True)
    got = np.load(tmp_path / "out.npz")
    for i in range(2, 4):
        assert got[f"w/{i}"].tobytes() == REC[f"{kind}/w/{i}"].tobytes()
        assert got[f"b/{i}"].tobytes() == REC[f"{kind}/b/{i}"].tobytes()


def test_keras_optimizer_restored_before_build_gets_its_slots_at_build():
    model, opt = Model(), MAKE["keras"]()
    tf.train.Checkpoint(optimizer=opt, model=model).read(f"{HERE}/ckpt_keras/ckpt")
    assert opt.iterations.numpy() == 2 and len(opt.variables) == 2  # slots come with build, as in TensorFlow
    check_next_steps("keras", model, opt)
