"""TensorFlow reads the SavedModels varrt writes back: each recorded fixture, edited through
varrt.saved_model (a signature renamed, one added, a tag appended) and re-encoded, is parsed by
TensorFlow's protobuf library into exactly the fields varrt holds, loaded by tf.saved_model.load
and by TensorFlow 1's loader (which serves the added SignatureDefs) and listed by saved_model_cli as `varrt saved_model show` lists it. Runs
the interpreter VARRT_TF_PYTHON names in a subprocess; skipped without one, failing under CI=true."""
import ast
import json
import shutil
import subprocess
import textwrap

import pytest

from varrt.__main__ import main
from varrt.saved_model.proto import fields_of
from varrt.saved_model.saved_model_file import read_saved_model, write_saved_model

from ckpt_helpers import required_tf_python
from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "saved_model"
NAMES = ["module_one_signature", "module_two_signatures", "keras_sequential", "keras_export"]
# TensorFlow 1's loader cannot serve the Keras model saved with tf.saved_model.save even as
# TensorFlow wrote it (FailedPreconditionError: its variables are made by a function it never runs).
TF1_SERVABLE = ["module_one_signature", "module_two_signatures", "keras_export"]

TF_SCRIPT = textwrap.dedent(r'''
    import json, os, subprocess, sys
    import numpy as np
    import tensorflow as tf
    from tensorflow.core.protobuf import saved_model_pb2
    root, fixtures, tf1_servable, names = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4:]

    def as_plain(message):
        out = {}
        for field, value in message.ListFields():
            if field.message_type is not None and field.message_type.GetOptions().map_entry:
                vf = field.message_type.fields_by_name["value"]
                out[field.name] = {k: (as_plain(v) if vf.message_type is not None else v) for k, v in value.items()}
            elif field.is_repeated:
                out[field.name] = [as_plain(v) if field.message_type is not None else v for v in value]
            elif field.message_type is not None:
                out[field.name] = as_plain(value)
            else:
                out[field.name] = value
        return out

    def serve_tf1(d):
        # TensorFlow 1's loader serves SignatureDefs by tensor name (TensorFlow 2's rebuilds its
        # signatures from the object graph), so it runs the SignatureDefs varrt added.
        served = {}
        with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
            meta_graph = tf.compat.v1.saved_model.load(sess, ["serve", "gpu"], d)
            for key, sig in sorted(meta_graph.signature_def.items()):
                if key.startswith("__"):
                    continue
                feed = {}
                for info in sig.inputs.values():
                    dims = [2 if x.size == -1 else x.size for x in info.tensor_shape.dim]
                    dtype = tf.dtypes.as_dtype(info.dtype).as_numpy_dtype
                    feed[info.name] = np.arange(1, 1 + int(np.prod(dims)), dtype=dtype).reshape(dims)
                fetched = sess.run({k: v.name for k, v in sig.outputs.items()}, feed)
                served[key] = {k: np.asarray(v).tolist() for k, v in fetched.items()}
        return served

    def serve_tf2(d, tags):
        fn = tf.saved_model.load(d, tags=tags).signatures["serving_default"]
        args = {k: np.ones([2 if s is None else s for s in spec.shape], spec.dtype.as_numpy_dtype)
                for k, spec in fn.structured_input_signature[1].items()}
        return {k: np.asarray(v).tolist() for k, v in fn(**args).items()}

    results = {}
    cli = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")
    for name in names:
        d = os.path.join(root, name)
        parsed = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            parsed.ParseFromString(f.read())
        with open(os.path.join(d, "tf_fields.txt"), "w") as f:
            f.write(repr(as_plain(parsed)))
        served = serve_tf1(d) if name in tf1_servable else {}
        tf2 = [serve_tf2(d, ["serve", "gpu"]), serve_tf2(os.path.join(fixtures, name), ["serve"])]
        show = subprocess.run([cli, "show", "--dir", d, "--all"], capture_output=True, text=True, check=True).stdout
        results[name] = {"served": served, "tf2": tf2, "show": show}
    print(json.dumps(results))
''')


def edit(saved_model):
    meta_graph = saved_model.meta_graphs[0]
    signatures = meta_graph.signature_def
    for key in [k for k in signatures.keys() if not k.startswith("__")]:
        copy = signatures["renamed_" + key]
        fields_of(copy).update(fields_of(signatures[key]))  # the same function served under a second key
        copy.method_name = "tensorflow/serving/predict"
    meta_graph.meta_info_def.tags.append("gpu")


@pytest.fixture(scope="module")
def exchanged(tmp_path_factory):
    python = required_tf_python()
    root = tmp_path_factory.mktemp("rewritten")
    for name in NAMES:
        shutil.copytree(FIXTURES / name / "variables", root / name / "variables")
        saved_model = read_saved_model(FIXTURES / name)
        edit(saved_model)
        write_saved_model(root / name, saved_model)
    out = subprocess.run([python, "-c", TF_SCRIPT, str(root), str(FIXTURES), ",".join(TF1_SERVABLE), *NAMES], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return root, json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", NAMES)
def test_tensorflow_parses_every_field_varrt_wrote(exchanged, name):
    root, _ = exchanged
    assert ast.literal_eval((root / name / "tf_fields.txt").read_text()) == fields_of(read_saved_model(root / name))


@pytest.mark.parametrize("name", TF1_SERVABLE)
def test_tensorflow_serves_the_added_signatures(exchanged, name):
    _, results = exchanged
    served = results[name]["served"]
    originals = [k for k in served if not k.startswith("renamed_")]
    assert originals and all(served["renamed_" + k] == served[k] for k in originals)


@pytest.mark.parametrize("name", NAMES)
def test_tensorflow_2_loads_the_rewritten_model_and_serves_the_same_outputs(exchanged, name):
    _, results = exchanged
    rewritten, original = results[name]["tf2"]
    assert rewritten == original and rewritten


@pytest.mark.parametrize("name", NAMES)
def test_saved_model_cli_lists_what_varrt_shows(exchanged, name, capsys):
    root, results = exchanged
    assert main(["saved_model", "show", str(root / name)]) == 0
    ours = capsys.readouterr().out
    theirs = results[name]["show"]
    strip_ops = lambda text: [line for line in text.splitlines() if "contains the following ops:" not in line]  # noqa: E731
    assert strip_ops(ours) == strip_ops(theirs)
    assert "signature_def['renamed_" in ours and "MetaGraphDef with tag-set: 'serve, gpu'" in ours


@pytest.mark.parametrize("name", NAMES)
def test_varrt_loads_and_serves_what_tensorflow_serves(exchanged, name):
    import numpy as np

    import varrt as tf
    _, results = exchanged
    tensorflow_outputs = results[name]["tf2"][1]  # TensorFlow's load of the fixture, inputs of ones
    signature = tf.saved_model.load(str(FIXTURES / name)).signatures["serving_default"]
    args = {k: np.ones([2 if s is None else s for s in spec.shape], spec.dtype.as_numpy_dtype)
            for k, spec in signature.structured_input_signature[1].items()}
    ours = {k: v.numpy().tolist() for k, v in signature(**args).items()}
    assert ours.keys() == tensorflow_outputs.keys()
    for key, value in ours.items():
        np.testing.assert_allclose(value, tensorflow_outputs[key], rtol=1e-6)
