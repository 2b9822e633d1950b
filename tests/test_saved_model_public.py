"""`tf.saved_model`'s names varrt has: the constants, `contains_saved_model` and
`experimental.read_fingerprint` / `Fingerprint`, against what TensorFlow 2.21 printed for the
recorded fixtures (python -c on /work/tfenv, values below)."""
import pytest

import varrt as tf

from conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "saved_model" / "module_one_signature"


def test_constants_are_tensorflows():
    assert (tf.saved_model.SERVING, tf.saved_model.TRAINING, tf.saved_model.GPU, tf.saved_model.TPU) == (
        "serve", "train", "gpu", "tpu")
    assert tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY == "serving_default"
    assert tf.saved_model.PREDICT_METHOD_NAME == "tensorflow/serving/predict"
    assert tf.saved_model.CLASSIFY_OUTPUT_SCORES == "scores"
    assert tf.saved_model.SAVED_MODEL_FILENAME_PB == "saved_model.pb"
    assert tf.saved_model.SAVED_MODEL_SCHEMA_VERSION == 1
    assert tf.saved_model.DEBUG_INFO_FILENAME_PB == "saved_model_debug_info.pb"


def test_contains_saved_model(tmp_path):
    assert tf.saved_model.contains_saved_model(FIXTURE) is True
    assert tf.saved_model.contains_saved_model(str(tmp_path)) is False
    (tmp_path / "saved_model.pbtxt").write_text("")
    assert tf.saved_model.contains_saved_model(tmp_path) is True


def test_read_fingerprint_prints_as_tensorflow():
    fingerprint = tf.saved_model.experimental.read_fingerprint(str(FIXTURE))
    assert isinstance(fingerprint, tf.saved_model.experimental.Fingerprint)
    assert repr(fingerprint) == ("Fingerprint(3016804510863903984, 8185272460150869702, 819990609152880085, "
                                 "5438591198416537464, 13428138311969308096)")
    assert str(fingerprint) == ("SavedModel Fingerprint\n"
                                "  saved_model_checksum: 3016804510863903984\n"
                                "  graph_def_program_hash: 8185272460150869702\n"
                                "  signature_def_hash: 819990609152880085\n"
                                "  saved_object_graph_hash: 5438591198416537464\n"
                                "  checkpoint_hash: 13428138311969308096")
    assert fingerprint.singleprint() == ("8185272460150869702/819990609152880085/5438591198416537464/"
                                         "13428138311969308096")
    assert fingerprint.version.producer == 4
    again = tf.saved_model.experimental.Fingerprint.from_proto((FIXTURE / "fingerprint.pb").read_bytes())
    assert again == fingerprint
    with pytest.raises(ValueError, match="Encounted invalid fingerprint values"):
        tf.saved_model.experimental.Fingerprint().singleprint()


def test_read_fingerprint_errors(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        tf.saved_model.experimental.read_fingerprint(str(tmp_path))
    assert str(info.value) == (f"SavedModel Fingerprint Error: Could not find fingerprint in directory: {tmp_path}\n"
                               f"NOT_FOUND: {tmp_path}/fingerprint.pb not found")
    (tmp_path / "fingerprint.pb").write_bytes(b"\x08")  # a truncated varint
    with pytest.raises(tf.errors.DataLossError, match="fingerprint.pb is not a valid tensorflow.FingerprintDef"):
        tf.saved_model.experimental.read_fingerprint(str(tmp_path))
