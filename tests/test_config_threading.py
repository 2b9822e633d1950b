"""tf.config.threading as TensorFlow 2.21: settings read back, fixed once the runtime starts (the
first tensor), and the intra-op count reaching the kernels' thread pool. Each case runs in a fresh
process (the setting is process-wide and fixed by the first tensor). The expected lines are what
TensorFlow 2.21 printed for the same script (its `import tensorflow as tf` in place of varrt)."""
import subprocess
import sys
import textwrap

import pytest


def run(script):
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


SCRIPT = """
import varrt as tf
print(tf.config.threading.get_intra_op_parallelism_threads(), tf.config.threading.get_inter_op_parallelism_threads())
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(3)
print(tf.config.threading.get_intra_op_parallelism_threads(), tf.config.threading.get_inter_op_parallelism_threads())
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.constant(1.0) + 1
for setter in (tf.config.threading.set_intra_op_parallelism_threads, tf.config.threading.set_inter_op_parallelism_threads):
    try:
        setter(2)
    except Exception as e:
        print(type(e).__name__, e)
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(3)
print("same value accepted", tf.config.threading.get_intra_op_parallelism_threads())
"""

TF_OUTPUT = [  # TensorFlow 2.21
    "0 0",
    "1 3",
    "RuntimeError Intra op parallelism cannot be modified after initialization.",
    "RuntimeError Inter op parallelism cannot be modified after initialization.",
    "same value accepted 1",
]


def test_settings_read_back_and_are_fixed_by_the_first_tensor():
    assert run(SCRIPT) == TF_OUTPUT


def test_negative_and_zero_are_kept_and_a_float_is_a_type_error():
    lines = run("""
        import varrt as tf
        for v in (-1, 0, 3):
            tf.config.threading.set_inter_op_parallelism_threads(v)
            print(v, tf.config.threading.get_inter_op_parallelism_threads())
        try:
            tf.config.threading.set_intra_op_parallelism_threads(2.5)
        except TypeError as e:
            print("TypeError", e)
    """)
    assert lines == ["-1 -1", "0 0", "3 3", "TypeError 'float' object cannot be interpreted as an integer"]


def tasks_after_a_large_reduction(threads):
    """The number of threads of a process that set `threads` and then summed 2^24 floats (a loop
    large enough to split over the kernels' pool, whose workers are threads of the process)."""
    lines = run(f"""
        import os
        import numpy as np
        import varrt as tf
        tf.config.threading.set_intra_op_parallelism_threads({threads})
        print(float(tf.reduce_sum(tf.constant(np.ones(1 << 24, np.float32)))))
        print(len(os.listdir("/proc/self/task")))
    """)
    assert lines[0] == str(float(1 << 24))
    return int(lines[1])


def test_the_intra_op_count_reaches_the_kernels():
    one = tasks_after_a_large_reduction(1)
    assert tasks_after_a_large_reduction(2) == one + 1  # the caller and one worker
    assert tasks_after_a_large_reduction(3) == one + 2
