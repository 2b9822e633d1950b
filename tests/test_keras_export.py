"""Keras 3's SavedModel export: `model.export(path, format="tf_saved_model")`, `tf.keras.export.
ExportArchive` (track, add_endpoint, add_variable_collection, write_out) and
`tf.saved_model.save(model)` of a Sequential MLP, a functional model of two inputs, a small CNN
and a subclassed model, against Keras 3 on TensorFlow 2.21.

tests/keras_export_program.py runs in a fresh interpreter under varrt and each of its results is
compared with Keras's (tests/fixtures/keras_export/results.json, recorded by
tests/tools/record_keras_program.py): what export prints, the SignatureDefs (keys, input names,
tensor names, shapes), the object graph's root, the directory's files, error types and messages,
and the loaded endpoints' values (each library reading its own export). With VARRT_TF_PYTHON set
(required under CI=true) TensorFlow runs the program reading varrt's exports: its values must be
varrt's (bit for bit for the dense models, 1e-6 for the CNN, whose graph TensorFlow's convolution
kernel runs), and `saved_model_cli show --all` must list varrt's export as `varrt saved_model show` does."""
import ast
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from varrt.__main__ import main
from ckpt_helpers import required_tf_python
from keras_programs import assert_same, recorded, run_program

PROGRAM = "keras_export_program.py"
TF = recorded("keras_export")
# What varrt's loader cannot run yet (its StridedSlice takes begin/end/strides while a graph is
# built, not as graph inputs, as the CNN's Flatten needs): the program reads the CNN under
# TensorFlow only. The export itself is checked (and TensorFlow reads it in the live test).
NOT_READ_BY_VARRT = {"num:1e-06:read.cnn.serve", "num:1e-06:read.cnn.serving_default",
                     "num:1e-06:read.cnn_save.serving_default", "read.cnn.serving_default.keys"}


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_keras_export_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir)


def test_the_program_records_what_tensorflow_recorded(varrt_run):
    assert set(TF) - set(varrt_run) == NOT_READ_BY_VARRT
    assert set(varrt_run) <= set(TF)


@pytest.mark.parametrize("name", sorted(set(TF) - NOT_READ_BY_VARRT))
def test_matches_tensorflow(varrt_run, name):
    assert_same(name, TF[name], varrt_run.get(name))


def test_tensorflow_serves_varrts_exports(tmp_path, varrt_run, varrt_dir):
    python = required_tf_python()
    theirs = run_program(python, PROGRAM, "tensorflow", tmp_path, varrt_dir)  # reads varrt's exports
    assert set(theirs) == set(TF)
    for name in sorted(TF):
        assert_same(name, theirs[name], TF[name])
    # What TensorFlow computes running varrt's graphs is what varrt computes.
    for model in ("mlp", "two_inputs", "cnn", "subclassed"):
        (call,) = [k for k in varrt_run if k.startswith("num:") and k.endswith(f":{model}.call")]
        rtol = float(call.split(":")[1])
        for endpoint in ("serve", "serving_default"):
            key = f"num:{rtol:g}:read.{model}.{endpoint}" if rtol else f"num:0:read.{model}.{endpoint}"
            np.testing.assert_allclose(theirs[key], varrt_run[call], rtol=rtol, atol=rtol, err_msg=key)
    for key in ("num:0:read.archive.logits", "num:0:read.archive.dense_weights"):
        assert theirs[key] == varrt_run[key]


def test_saved_model_cli_lists_varrts_export_as_varrt_does(varrt_run, varrt_dir, capsys):
    python = required_tf_python()
    cli = str(__import__("pathlib").Path(python).parent / "saved_model_cli")
    theirs = subprocess.run([cli, "show", "--dir", str(varrt_dir / "mlp"), "--all"], capture_output=True, text=True,
                            timeout=600)
    assert theirs.returncode == 0, theirs.stderr[-3000:]
    assert main(["saved_model", "show", "--dir", str(varrt_dir / "mlp"), "--all"]) == 0
    mine = capsys.readouterr().out.splitlines()
    theirs = theirs.stdout.splitlines()
    ops = [i for i, line in enumerate(theirs) if "contains the following ops:" in line]
    assert len(ops) == 1 and len(mine) == len(theirs)
    assert [m for i, m in enumerate(mine) if i != ops[0]] == [t for i, t in enumerate(theirs) if i != ops[0]]
    as_set = lambda line: ast.literal_eval(line.split("ops: ", 1)[1])  # noqa: E731
    assert as_set(mine[ops[0]]) == as_set(theirs[ops[0]])
    assert "signature_def['serve']:" in theirs and "  Function Name: 'serve'" in theirs


# --- varrt alone ---------------------------------------------------------------------------

def test_varrt_reads_its_export_back_at_other_batch_sizes(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, activation="tanh")])
    model.export(str(tmp_path / "m"), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    name = model.inputs[0].name  # keras_tensor, keras_tensor_1, ...: Keras counts them program-wide
    for batch in (1, 11):
        x = np.linspace(-2, 2, batch * 3, dtype=np.float32).reshape(batch, 3)
        np.testing.assert_array_equal(loaded.serve(x).numpy(), model(x).numpy())
        np.testing.assert_array_equal(
            loaded.signatures["serving_default"](**{name: tf.constant(x)})["output_0"].numpy(), model(x).numpy())
    assert sorted(v.name for v in loaded.variables) == sorted(v.path + ":0" for v in model.weights)


def test_public_names():
    assert tf.keras.export.ExportArchive.__name__ == "ExportArchive"
    assert callable(tf.keras.Model.export)
