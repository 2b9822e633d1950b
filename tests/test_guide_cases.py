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
from varrt.data.tfrecord import tf_record_iterator
from varrt.saved_model.proto import Message, fields_of

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


def test_a_graph_summary_is_the_graph_def_with_shapes(tmp_path):
    @tf.function
    def f(a, b):
        return tf.matmul(a, b) + 1.
    g = f.get_concrete_function(tf.TensorSpec([None, 3]), tf.TensorSpec([3, 5])).graph
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        assert bool(tf.summary.graph(g))
    [path] = pathlib.Path(tmp_path).glob("events.out.tfevents.*")
    events = [fields_of(Message.from_bytes("tensorflow.Event", r)) for r in tf_record_iterator(str(path))]
    assert [sorted(e) for e in events] == [["file_version", "source_metadata", "wall_time"],
                                                  ["graph_def", "wall_time"]]
    written = Message.from_bytes("tensorflow.GraphDef", events[1]["graph_def"])
    assert written == g.as_graph_def(add_shapes=True)
    assert [str(s) for n in written.node for s in n.attr["_output_shapes"].list.shape][-1] == \
        "dim {\n  size: -1\n}\ndim {\n  size: 5\n}\n"


def test_a_plain_function_initializer_loads_as_keras_fails_to(tmp_path):
    # Keras 3 saves `kernel_initializer=tf.random.normal` by name and cannot load it back (a TypeError).
    m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, kernel_initializer=tf.random.normal)])
    m.save(os.fspath(tmp_path / "m.keras"))
    with warnings.catch_warnings(), pytest.raises(TypeError, match="could not be deserialized properly"):
        warnings.simplefilter("ignore")
        tf.keras.models.load_model(os.fspath(tmp_path / "m.keras"))
