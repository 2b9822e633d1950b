"""tf.function calling itself by name, with converted control flow (issue 23, item 11). Outputs and
timings from TensorFlow 2.21 on the same programs."""
import subprocess
import sys
import textwrap
import time

import pytest

import varrt as tf


@tf.function
def factorial_power(x, n):
    if n <= 1:
        return x
    else:
        return x * factorial_power(x, n - 1)


@tf.function
def count_down(x, n):
    if x > 0:  # a tensor condition: converted, which is what broke the self-reference
        x = x + 1.0
    if n == 0:
        return x
    return count_down(x, n - 1)


def test_a_module_level_function_recurses_on_a_python_value():
    # TensorFlow 2.21: 32.0 and 5.0
    assert factorial_power(tf.constant(2.0), 5).numpy() == 32.0
    assert count_down(tf.constant(1.0), 3).numpy() == 5.0
    # One trace per depth, each for its own Python value: n=3..0 were traced by the first call.
    assert count_down.experimental_get_tracing_count() == 4
    assert count_down(tf.constant(4.0), 3).numpy() == 8.0
    assert count_down.experimental_get_tracing_count() == 4


def test_a_recursive_call_reuses_its_traces_for_other_values():
    @tf.function
    def count(x, n):
        if x > 0:
            x = x + 1.0
        if n == 0:
            return x
        return count(x, n - 1)

    assert count(tf.constant(1.0), 3).numpy() == 5.0
    # TensorFlow 2.21: -1.0 (the traces for n=2..0 are reused, their conditions decided at run time).
    assert count(tf.constant(-1.0), 3).numpy() == -1.0


def test_a_nested_function_recurses_through_its_closure():
    def make(step):
        @tf.function
        def walk(x, n):
            if x > 0:
                x = x + step
            else:
                x = x - step
            if n == 0:
                return x
            return walk(x, n - 1)
        return walk

    assert make(0.5)(tf.constant(1.0), 4).numpy() == 3.5
    assert make(2.0)(tf.constant(-1.0), 2).numpy() == -7.0


def test_recursive_calls_are_not_counted_as_retracing(capfd):
    # TensorFlow counts eager calls only: five traces made inside one call print no warning.
    @tf.function
    def deep(x, n):
        if x > 0:
            x = x * 2.0
        return x if n == 0 else deep(x, n - 1)

    assert deep(tf.constant(1.0), 6).numpy() == 128.0
    assert "triggered tf.function retracing" not in capfd.readouterr().err


def test_runaway_recursion_raises_recursion_error_quickly():
    # TensorFlow 2.21 gives up after about a second; 26 s here before the fix (each level rebuilt the
    # error's text at the limit of the stack).
    @tf.function
    def forever(x):
        if x > 0:
            x = x - 1.0
        return forever(x)

    start = time.monotonic()
    with pytest.raises(RecursionError):
        forever(tf.constant(1.0))
    assert time.monotonic() - start < 5.0
    # The process is usable afterwards, and the function still refuses the same way.
    assert factorial_power(tf.constant(3.0), 2).numpy() == 9.0
    with pytest.raises(RecursionError):
        forever(tf.constant(2.0))


def test_a_nested_functions_error_names_every_users_frame_once(tmp_path):
    # TensorFlow 2.21 lists the frames one after another, then a blank line and the error.
    script = textwrap.dedent("""
        import varrt as tf

        @tf.function
        def inner(x):
            return tf.gather(x, [5])

        @tf.function
        def outer(x):
            return inner(x) * 2.0

        try:
            outer(tf.constant([1.0, 2.0]))
        except tf.errors.InvalidArgumentError as e:
            print(str(e))
    """)
    path = tmp_path / "nested.py"
    path.write_text(script)
    out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, check=True).stdout
    lines = out.splitlines()
    # TensorFlow 2.21 (the error is the graph's, when it runs): the inner node, defined at the
    # outer call's line and then the inner one's.
    assert lines[:3] == ["Graph execution error:", "", "Detected at node GatherV2 defined at (most recent call last):"]
    assert lines[3].endswith(", line 10, in outer") and lines[5].endswith(", line 6, in inner")
    assert "indices[0] = 5 is not in [0, 2)" in lines and lines[-1].startswith("\t [[{{node GatherV2}}]]")
    assert lines[6] == ""
    assert out.count("in outer") == 1 and out.count("in inner") == 1
