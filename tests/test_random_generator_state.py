"""tf.random.Generator keeps its state in a variable as TensorFlow does:
random_generator_program.py (the state printed as it advances, a checkpoint restored mid-stream
with TensorFlow's key `generator/_state_var/...`, draws in a tf.function, an assigned state,
tf.random.Algorithm) prints under varrt what it printed under TensorFlow 2.21 (recorded in
fixtures/random_generator/; re-record: `$VARRT_TF_PYTHON tests/random_generator_program.py tf >
tests/fixtures/random_generator/tensorflow.out`), and live against TensorFlow in CI."""
import sys

import numpy as np

import varrt as tf
from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "random_generator" / "tensorflow.out"


def test_the_program_prints_what_tensorflow_printed():
    assert printed_lines(sys.executable, "random_generator_program.py", "varrt") == \
        [line for line in RECORDED.read_text().splitlines() if line.strip()]


def test_the_recorded_output_is_what_tensorflow_prints():
    assert printed_lines(required_tf_python(), "random_generator_program.py", "tf") == \
        [line for line in RECORDED.read_text().splitlines() if line.strip()]


def test_a_checkpoint_restores_the_stream_at_sizes_no_example_used(tmp_path):
    g = tf.random.Generator.from_seed(123)
    g.uniform([1000])
    path = tf.train.Checkpoint(gen=g).write(str(tmp_path / "ck"))
    expected = g.normal([37, 3]).numpy()
    g.normal([5000])
    tf.train.Checkpoint(gen=g).read(path)
    np.testing.assert_array_equal(g.normal([37, 3]).numpy(), expected)
    # A new generator restores the saved state too.
    other = tf.random.Generator.from_seed(9)
    tf.train.Checkpoint(gen=other).read(path)
    np.testing.assert_array_equal(other.normal([37, 3]).numpy(), expected)
