"""fingerprint.pb: every tf.saved_model.save (and so every Keras export) writes one, each hash
computed over varrt's bytes as TensorFlow's fingerprinting.cc defines it, with FarmHash's
Fingerprint64 ported to Python (varrt/saved_model/farmhash.py).

Checked against TensorFlow: the port against tf.fingerprint's values (recorded by
tests/tools/record_farmhash.py); the five hashes varrt computes for TensorFlow's own SavedModels
(the fixtures) against the fingerprint.pb TensorFlow wrote with them; and live (VARRT_TF_PYTHON),
TensorFlow's tf.saved_model.experimental.read_fingerprint reading varrt's file and TensorFlow's
fingerprinting computing the same five hashes for varrt's export."""
import json
import subprocess
import textwrap

import numpy as np
import pytest

import varrt as tf
from varrt.base.farmhash import fingerprint64, fingerprint_cat64
from varrt.saved_model.fingerprinting import fingerprint_fields
from varrt.saved_model.saved_model_file import read_saved_model

from ckpt_helpers import required_tf_python
from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "saved_model"
HASHES = ("saved_model_checksum", "graph_def_program_hash", "signature_def_hash", "saved_object_graph_hash",
          "checkpoint_hash")


class Affine(tf.Module):
    def __init__(self, scale):
        super().__init__()
        self.w = tf.Variable(np.full((3, 2), scale, np.float32), name="w")
        self.b = tf.Variable([1.0, -1.0], name="b")

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


def test_fingerprint64_is_tensorflows():
    cases = json.loads((FIXTURES / "farmhash_expected.json").read_text())["cases"]
    assert len({len(data) for data, _ in cases}) == len(cases) > 70
    for data, expected in cases:
        assert fingerprint64(bytes.fromhex(data)) == expected, len(data) // 2


def test_fingerprint_cat64_depends_on_order():
    a, b = fingerprint64(b"serving_default"), fingerprint64(b"serve")
    assert fingerprint_cat64(a, b) != fingerprint_cat64(b, a)
    assert 0 <= fingerprint_cat64(a, b) < 2 ** 64


@pytest.mark.parametrize("name", ["module_one_signature", "module_two_signatures", "module_traced", "keras_sequential",
                                  "keras_export"])
def test_hashes_of_tensorflows_savedmodels_are_tensorflows(name):
    directory = FIXTURES / name
    mine = fingerprint_fields(read_saved_model(directory), directory)
    theirs = tf.saved_model.experimental.read_fingerprint(str(directory))
    for field in HASHES:
        assert mine[field] == getattr(theirs, field), field


def test_every_export_writes_its_fingerprint(tmp_path):
    tf.saved_model.save(Affine(0.5), tmp_path / "a")
    fingerprint = tf.saved_model.experimental.read_fingerprint(str(tmp_path / "a"))
    fields = fingerprint_fields(read_saved_model(tmp_path / "a"), tmp_path / "a")
    assert [getattr(fingerprint, f) for f in HASHES] == [fields[f] for f in HASHES]
    assert fingerprint.version.producer == 4 and all(getattr(fingerprint, f) for f in HASHES)
    assert len(fingerprint.singleprint().split("/")) == 4
    # Other values: another checkpoint, the same program.
    tf.saved_model.save(Affine(2.0), tmp_path / "b")
    other = tf.saved_model.experimental.read_fingerprint(str(tmp_path / "b"))
    assert other.checkpoint_hash != fingerprint.checkpoint_hash
    assert (other.graph_def_program_hash, other.signature_def_hash) == \
        (fingerprint.graph_def_program_hash, fingerprint.signature_def_hash)


TF_SCRIPT = textwrap.dedent(r'''
    import json, sys
    import tensorflow as tf
    from tensorflow.core.protobuf import fingerprint_pb2
    from tensorflow.python.saved_model.pywrap_saved_model import fingerprinting
    out = {}
    for path in sys.argv[1:]:
        read = tf.saved_model.experimental.read_fingerprint(path)
        computed = fingerprint_pb2.FingerprintDef()
        computed.ParseFromString(fingerprinting.CreateFingerprintDef(path))
        fields = ("saved_model_checksum", "graph_def_program_hash", "signature_def_hash",
                  "saved_object_graph_hash", "checkpoint_hash")
        out[path] = {"read": [getattr(read, f) for f in fields], "computed": [getattr(computed, f) for f in fields],
                     "singleprint": read.singleprint()}
    print(json.dumps(out))
''')


def test_tensorflow_reads_varrts_fingerprint_and_computes_its_hashes(tmp_path):
    python = required_tf_python()
    tf.saved_model.save(Affine(0.25), tmp_path / "module")
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
    model.export(str(tmp_path / "keras"), verbose=False)
    paths = [str(tmp_path / "module"), str(tmp_path / "keras")]
    run = subprocess.run([python, "-c", TF_SCRIPT, *paths], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    for path in paths:
        mine = tf.saved_model.experimental.read_fingerprint(path)
        assert got[path]["read"] == [getattr(mine, f) for f in HASHES]
        assert got[path]["computed"] == [getattr(mine, f) for f in HASHES]
        assert got[path]["singleprint"] == mine.singleprint()
