"""Keras 3's saving (issue 27): `.keras` archives, `.weights.h5` files, `tf.train.Checkpoint` of
Keras models and optimizers, and `ModelCheckpoint`, interoperable with Keras 3 under TensorFlow
2.21 both ways.

tests/keras_saving_program.py trains a Sequential and a registered subclassed model from fixed
weights, writes their files, then loads a set of files and records the predictions, the
optimizer's state, one more epoch of training (the state resumed), and the errors of bad input.
Keras ran it on its own files (tests/fixtures/keras_saving/, recorded by
tests/tools/record_keras_saving.py); here varrt runs it on Keras's files, and every result must
equal Keras's: the files' layouts and configs, texts and error messages exactly, numbers within
the tolerance their key names. With VARRT_TF_PYTHON set (required under CI=true) Keras also
loads the files varrt wrote and must give its own results again.

What only varrt can show (its optimizer resuming bit for bit, the error without h5py) is tested
on varrt alone below."""
import json
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO

PROGRAM = REPO / "tests" / "keras_saving_program.py"
FIXTURES = REPO / "tests" / "fixtures" / "keras_saving"
with open(FIXTURES / "results.json") as _f:
    KERAS = json.load(_f)
keras = tf.keras


def run_program(python, library, out_dir, in_dir):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    result = subprocess.run([python, str(PROGRAM), library, str(out_dir), str(in_dir)], capture_output=True,
                            text=True, env=env, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    with open(os.path.join(out_dir, "results.json")) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_saving_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    """varrt writes its files into varrt_dir and reads Keras's."""
    return run_program(sys.executable, "varrt", varrt_dir, FIXTURES)


def assert_same(name, expected, ours):
    if name.startswith("num:"):
        rtol = float(name.split(":")[1])
        assert ours is not None and len(ours) == len(expected), (name, expected, ours)
        np.testing.assert_allclose(ours, expected, rtol=rtol, atol=1e-6, err_msg=name)
    else:
        assert ours == expected, f"{name}\n keras: {expected}\n varrt: {ours}"


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_varrt_writes_and_reads_as_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_keras_reads_the_files_varrt_wrote(varrt_run, varrt_dir, tmp_path):
    python = required_tf_python()
    theirs = run_program(python, "tensorflow", tmp_path, varrt_dir)
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, KERAS[name], theirs[name])


# --- varrt alone ---------------------------------------------------------------------------

def _model(name):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"), keras.layers.Dense(2)],
                             name=name)
    model.set_weights([np.full(w.shape, 0.1 * (i + 1), np.float32) for i, w in enumerate(model.weights)])
    return model


DATA = (np.linspace(-1, 1, 60, dtype=np.float32).reshape(20, 3), np.linspace(0, 1, 40, dtype=np.float32).reshape(20, 2))


@pytest.mark.parametrize("optimizer", ["adam", "sgd", "rmsprop", "adagrad"])
def test_training_resumed_from_a_keras_file_is_bit_equal_to_training_on(tmp_path, optimizer):
    x, y = DATA
    straight = _model("straight")
    straight.compile(optimizer=optimizer, loss="mse")
    straight.fit(x, y, batch_size=4, epochs=4, shuffle=False, verbose=0)

    first = _model("first")
    first.compile(optimizer=optimizer, loss="mse")
    first.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    first.save(tmp_path / "half.keras")
    resumed = keras.models.load_model(tmp_path / "half.keras")
    assert resumed.optimizer.iterations.numpy() == 10
    resumed.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    for a, b in zip(straight.get_weights() + [v.numpy() for v in straight.optimizer.variables],
                    resumed.get_weights() + [v.numpy() for v in resumed.optimizer.variables]):
        np.testing.assert_array_equal(a, b)


def test_weights_files_round_trip_the_optimizer_state(tmp_path):
    x, y = DATA
    model = _model("m")
    model.compile(optimizer="adam", loss="mse")
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    model.save_weights(tmp_path / "w.weights.h5")
    other = _model("other")
    other.compile(optimizer="adam", loss="mse")
    other.optimizer.build(other.trainable_variables)
    other.load_weights(tmp_path / "w.weights.h5")
    for a, b in zip(model.optimizer.variables, other.optimizer.variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_without_h5py_saving_names_the_extra_to_install(tmp_path):
    program = textwrap.dedent(f"""
        import sys
        sys.modules["h5py"] = None  # as if h5py were not installed
        import varrt as tf
        m = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
        for save in (lambda: m.save_weights({str(tmp_path / "w.weights.h5")!r}),
                     lambda: m.save({str(tmp_path / "m.keras")!r})):
            try:
                save()
            except ImportError as e:
                print("ImportError:", e)
        """)
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert all(line.startswith("ImportError: ") and "pip install varrt[keras]" in line for line in lines)


def test_custom_object_scope_and_registered_names():
    class Scaled(keras.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, x):
            return x * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    config = keras.utils.serialize_keras_object(Scaled(3.0, name="scaled"))
    assert config["registered_name"] == "Scaled" and config["config"]["factor"] == 3.0
    with pytest.raises(TypeError, match="Could not locate class 'Scaled'"):
        keras.utils.deserialize_keras_object(config)
    with keras.utils.custom_object_scope({"Scaled": Scaled}):
        layer = keras.utils.deserialize_keras_object(config)
    assert type(layer) is Scaled and layer.factor == 3.0 and layer.name == "scaled"
    registered = keras.utils.register_keras_serializable("pkg")(Scaled)
    try:
        assert keras.utils.get_registered_name(registered) == "pkg>Scaled"
        assert keras.utils.get_registered_object("pkg>Scaled") is Scaled
        assert keras.utils.serialize_keras_object(Scaled(name="s2"))["registered_name"] == "pkg>Scaled"
    finally:
        del keras.utils.get_custom_objects()["pkg>Scaled"]


def test_a_loaded_model_is_a_new_model_with_the_saved_values(tmp_path):
    model = _model("orig")
    model.save(tmp_path / "m.keras")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an uncompiled model loads without warnings
        loaded = keras.models.load_model(tmp_path / "m.keras")
    assert not loaded.compiled
    assert all(a is not b for a, b in zip(model.weights, loaded.weights))
    for a, b in zip(model.get_weights(), loaded.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_pyproject_has_the_keras_extra():
    text = (REPO / "pyproject.toml").read_text()
    assert 'keras = ["h5py>=3"]' in text
    test_extra = text.split("\ntest = [", 1)[1].split("]", 1)[0]
    assert '"h5py' in test_extra


class _Unsaveable(keras.layers.Layer):
    """A layer whose weights cannot be written (its save fails half way through a model)."""

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones")

    def call(self, x):
        return x * self.w

    def save_own_variables(self, store):
        raise OSError("disk full")


@pytest.mark.parametrize("path", ["m.keras", "w.weights.h5"])
def test_a_failed_save_leaves_the_file_an_earlier_save_wrote(tmp_path, path):
    # Keras opens the target for writing first, so a failure there truncates it; varrt writes
    # beside it and moves the finished file into place.
    good = _model("good")
    save = (lambda m, p: m.save(p)) if path.endswith(".keras") else (lambda m, p: m.save_weights(p))
    save(good, tmp_path / path)
    before = (tmp_path / path).read_bytes()
    bad = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5), _Unsaveable()], name="bad")
    with pytest.raises(OSError, match="disk full"):
        save(bad, tmp_path / path)
    assert (tmp_path / path).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path]  # no partial file left beside it
    reloaded = _model("reloaded")
    reloaded.set_weights([np.zeros(w.shape, np.float32) for w in reloaded.weights])
    reloaded.load_weights(tmp_path / path)
    for a, b in zip(good.get_weights(), reloaded.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_a_keras_class_varrt_does_not_have_says_so():
    config = {"module": "keras.layers", "class_name": "Conv3DTranspose", "config": {"filters": 2, "kernel_size": 3},
              "registered_name": None}
    with pytest.raises(NotImplementedError, match=r"varrt does not have Keras's `keras.layers.Conv3DTranspose` yet"):
        keras.utils.deserialize_keras_object(config)


def test_an_archive_member_that_declares_far_more_than_it_stores_is_refused(tmp_path, monkeypatch):
    # Keras's guard against decompression bombs: a member above 4 GiB that expands more than
    # 100-fold. The floor is lowered here so a small, highly compressible config shows the rule.
    import zipfile
    from varrt.saving import saving_lib
    _model("zipped").save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as z:
        members = {name: z.read(name) for name in z.namelist()}
    members["config.json"] = members["config.json"] + b" " * 200_000  # JSON allows the padding
    with zipfile.ZipFile(tmp_path / "bomb.keras", "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    keras.models.load_model(tmp_path / "bomb.keras")  # under the real floor it loads
    monkeypatch.setattr(saving_lib, "_ZIP_BOMB_FLOOR_BYTES", 100_000)
    with pytest.raises(ValueError, match=r"^Not allowed: ZIP member 'config.json' declares 19\d.\d\d KB but only "
                                         r"[\d.]+ B are stored on disk; refusing to load a potential decompression "
                                         r"bomb.$"):
        keras.models.load_model(tmp_path / "bomb.keras")
