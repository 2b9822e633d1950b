"""What TensorFlow's guides (function, migrate/tf1_vs_tf2, basics, intro_to_modules) use: a
ConcreteFunction's argument binding, the `__tf_tracing_type__` protocol, `tf.types.experimental`,
`ConcreteFunction.inference_fn`, `FuncGraph.as_graph_def()`, `tf.py_function` as a decorator,
`TensorShape.dims` as Dimensions, `tf.compat.v1.disable_tensor_equality`, Keras configs of plain
functions, `keras.saving` and the profiler's session: values, printed text and errors compared with
TensorFlow 2.21's recorded outcomes (tests/guide_cases.py, recorded by
tests/tools/record_guide_cases.py)."""
import os
import pathlib
import tempfile
import warnings

import pytest

import guide_cases
import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("guide_cases_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(guide_cases.CASES)


@pytest.mark.parametrize("code", guide_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    linalg_cases.assert_outcome(guide_cases.run_case(tf, code, tf.keras), RECORDED[code])


def test_a_profiling_session_says_varrt_records_nothing(capfd):
    # TensorFlow writes LOGDIR/plugins/profile/RUN/HOST.xplane.pb; varrt has no profiler and says so.
    with tempfile.TemporaryDirectory() as logdir:
        tf.profiler.experimental.start(logdir)
        tf.constant(1.) + 1.
        tf.profiler.experimental.stop()
        assert (f"WARNING:tensorflow:varrt has no profiler: this profiling session records nothing and writes no "
                f"profile to {logdir}.") in capfd.readouterr().err
        assert list(pathlib.Path(logdir).rglob("*")) == []


def test_a_plain_function_initializer_loads_as_keras_fails_to(tmp_path):
    # Keras 3 saves `kernel_initializer=tf.random.normal` by name and cannot load it back (a TypeError).
    m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, kernel_initializer=tf.random.normal)])
    m.save(os.fspath(tmp_path / "m.keras"))
    with warnings.catch_warnings(), pytest.raises(TypeError, match="could not be deserialized properly"):
        warnings.simplefilter("ignore")
        tf.keras.models.load_model(os.fspath(tmp_path / "m.keras"))
