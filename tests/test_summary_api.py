"""tf.summary's writers, arguments and errors, and Keras's TensorBoard callback's options, against
what TensorFlow 2.21 (with TensorBoard 2.20) does (the texts below are TensorFlow's, printed by it);
and, with VARRT_TF_PYTHON set, TensorFlow's own reader (tf.compat.v1.train.summary_iterator) reading
varrt's event files."""
import base64
import json
import os
import re
import socket
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from varrt.summary.histogram_summary import buckets_of

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from summary_programs import PROGRAMS  # noqa: E402
from test_summary import EXPECTED, read_events, run_program  # noqa: E402


def _event_files(logdir):
    return sorted(f for f in os.listdir(logdir) if f.startswith("events.out.tfevents."))


def test_event_file_is_named_as_tensorflow_names_it(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path / "new" / "dir"), filename_suffix=".mine")
    (name,) = _event_files(tmp_path / "new" / "dir")
    match = re.fullmatch(r"events\.out\.tfevents\.(\d{10})\.(.+)\.(\d+)\.(\d+)\.mine", name)
    assert match and match.group(2) == socket.gethostname() and int(match.group(3)) == os.getpid()
    w2 = tf.summary.create_file_writer(str(tmp_path))
    (name2,) = _event_files(tmp_path)
    assert name2.endswith(f".{int(match.group(4)) + 1}.v2")  # the process's files are numbered in order
    w.close()
    w2.close()


def test_events_wait_in_a_queue_of_max_queue(tmp_path):
    # TensorFlow's sizes: the header event 78 bytes, then 59 per scalar event; with max_queue=1 the
    # second event flushes both, the third waits for flush().
    w = tf.summary.create_file_writer(str(tmp_path), max_queue=1, flush_millis=10 ** 9)
    (name,) = _event_files(tmp_path)
    sizes = []
    with w.as_default(step=1):
        for _ in range(3):
            tf.summary.scalar("s", 1.0)
            sizes.append(os.path.getsize(tmp_path / name))
        w.flush()
        sizes.append(os.path.getsize(tmp_path / name))
    assert sizes == [78, 196, 196, 255]


def test_closed_writer(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    w.close()
    w.close()
    assert w.flush() is None
    with pytest.raises(RuntimeError, match=re.escape(f"SummaryWriter {w!r} is already closed")):
        w.as_default()
    with pytest.raises(RuntimeError, match="is already closed"):
        w.set_as_default()


def test_writer_arguments_and_flush():
    with pytest.raises(ValueError, match=re.escape("Argument `logdir` cannot be None")):
        tf.summary.create_file_writer(None)
    assert tf.summary.flush() is None
    with pytest.raises(ValueError, match=re.escape("Invalid argument to flush(): 3")):
        tf.summary.flush(3)
    with tf.summary.create_noop_writer().as_default() as entered:
        assert entered is None
    assert isinstance(tf.summary.create_noop_writer(), tf.summary.SummaryWriter)
    assert not bool(tf.summary.should_record_summaries())
    assert not bool(tf.summary.scalar("s", 1.0, step=1))  # no writer: nothing, and no step needed
    assert not bool(tf.summary.text("t", "x"))


def test_bad_arguments_raise_tensorflows_errors(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=1):
        with pytest.raises(ValueError, match=re.escape("Expected scalar shape, saw shape: (2,).")):
            tf.summary.scalar("a", [1.0, 2.0])
        with pytest.raises(TypeError, match=re.escape("tensor must be of type tf.string; got tf.int32")):
            tf.summary.text("a", 1)
        with pytest.raises(ValueError, match=re.escape("Tensor  must have rank 4.  Received rank 1, shape (1,)")):
            tf.summary.image("a", [1.0])
        with pytest.raises(tf.errors.InvalidArgumentError, match="Condition x >= 0 did not hold element-wise"):
            tf.summary.image("a", np.zeros((1, 2, 2, 1), np.uint8), max_outputs=-1)
        with pytest.raises(tf.errors.InvalidArgumentError, match="image must have 1, 2, 3, or 4 channels, got 5"):
            tf.summary.image("a", np.zeros((1, 2, 2, 5), np.uint8))
        with pytest.raises(ValueError, match=re.escape("Argument `step` must be a scalar. Received step with shape "
                                                       "(2,).")):
            tf.summary.write("w", 1.0, step=[1, 2])
        with pytest.raises(tf.errors.DataLossError,
                           match="Bad tf.compat.v1.Summary binary proto tensor string at index 0"):
            tf.summary.experimental.write_raw_pb(b"\xff\xff", step=1)
        with pytest.raises(ValueError, match="Must enable trace before export through tf.summary.trace_on."):
            tf.summary.trace_export("x", step=1)
        with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(
                "cannot compute EncodeWav as input #0(zero-based) was expected to be a float tensor but is a double "
                "tensor")):
            tf.summary.audio("a", np.zeros((1, 4, 1)), 8000)
        with pytest.raises(ValueError, match=re.escape("Tensor  must have rank 3.  Received rank 2, shape (4, 1)")):
            tf.summary.audio("a", np.zeros((4, 1), np.float32), 8000)
        with pytest.raises(ValueError, match=re.escape("Unknown encoding: 'mp3'")):
            tf.summary.audio("a", np.zeros((1, 4, 1), np.float32), 8000, encoding="mp3")


def test_what_varrt_lacks_says_so(tmp_path):
    with pytest.raises(NotImplementedError, match="profiler"):
        tf.summary.trace_on(profiler=True)
    tf.summary.trace_on()
    tf.summary.trace_export("graph", step=0)  # writes nothing (no GraphDef), ends the trace
    with pytest.raises(ValueError, match="Must enable trace"):
        tf.summary.trace_export("graph", step=0)
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(NotImplementedError, match="TensorFlow 1 tf.Graph as a GraphDef"):
            tf.summary.graph(tf.Graph())
    with pytest.raises(NotImplementedError, match="profiler"):
        tf.keras.callbacks.TensorBoard(str(tmp_path), profile_batch=(2, 4))
    with pytest.raises(NotImplementedError, match="embedding projector"):
        tf.keras.callbacks.TensorBoard(str(tmp_path), embeddings_freq=1)


@pytest.mark.parametrize("profile_batch", [-1, (5, 2)])
def test_tensorboard_profile_batch_checks(tmp_path, profile_batch):
    with pytest.raises(ValueError, match=re.escape(
            "profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair of positive "
            f"integers signifies a range of batches to profile. Found: {profile_batch}")):
        tf.keras.callbacks.TensorBoard(str(tmp_path), profile_batch=profile_batch)


def test_histogram_buckets_at_sizes_no_program_used():
    # TensorBoard's rule at other sizes: every element counted once, edges from min to max.
    rng = np.random.RandomState(11)
    for size, count in ((2, 1), (3, 2), (1001, 30), (5000, 7)):
        data = rng.standard_normal(size) * 3
        b = buckets_of(data, count)
        assert b.shape == (count, 3) and b[:, 2].sum() == size
        assert b[0, 0] == data.min() and b[-1, 1] == data.max()
        assert np.all(b[1:, 0] == b[:-1, 1])


def test_histogram_buckets_of_nan_and_inf():
    # TensorBoard 2.20's _buckets on TensorFlow 2.21 gives these (printed by it).
    nan, inf = float("nan"), float("inf")
    np.testing.assert_equal(buckets_of([1.0, nan, 3.0], 3), [[nan, nan, 0.0]] * 3)
    np.testing.assert_equal(buckets_of([nan, nan], 3), [[nan, nan, 0.0]] * 3)
    np.testing.assert_equal(buckets_of([1.0, inf, 3.0], 3), [[1.0, inf, 2.0], [inf, inf, 0.0], [inf, inf, 0.0]])


def test_summary_in_a_function_writes_when_the_graph_runs(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))

    @tf.function
    def f(x):
        return tf.summary.scalar("v", x * 2.0, step=3)

    # TensorFlow 2.21: traced with no writer it writes nothing; called with one it traces again
    # (whether a writer is set is part of its trace key) and writes the values computed then.
    assert not bool(f(tf.constant(0.5)))
    with w.as_default():
        assert bool(f(tf.constant(1.5)))
        assert bool(f(tf.constant(4.0)))
    w.close()
    (name,) = _event_files(tmp_path)
    values = [np.frombuffer(base64.b64decode(e["summary"]["value"][0]["tensor"]["tensor_content"][4:]), np.float32)[0]
              for e in read_events(str(tmp_path / name))[1:]]
    assert values == [3.0, 8.0]


TF_READER = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import tensorflow as tf
from summary_events import event_dict, read_logdir

def fields(message):
    out = {}
    for field, value in message.ListFields():
        if field.message_type is not None:
            value = [fields(v) for v in value] if field.is_repeated else fields(value)
        elif field.is_repeated:
            value = list(value)
        out[field.name] = value
    return out

def decode_png(png):
    return tf.io.decode_png(png).numpy().tolist()

print(json.dumps(read_logdir(sys.argv[2], lambda path: [event_dict(fields(e), decode_png)
                                                         for e in tf.compat.v1.train.summary_iterator(path)])))
'''


@pytest.mark.parametrize("name", ["scalars", "text", "histograms", "images", "audio", "record_if", "fit_graph"])
def test_tensorflow_reads_varrts_event_files(tmp_path, name):
    python = required_tf_python()
    run_program(name, tmp_path)
    run = subprocess.run([python, "-c", TF_READER, HERE, str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == EXPECTED[name]["files"]
