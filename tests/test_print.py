"""tf.print: TensorFlow 2.21's exact text (recorded here) for scalars, vectors, matrices,
strings, summaries and Python structures; streams, sep and end; the ops it logs."""
import io
import sys

import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops


def printed(*args, **kwargs):
    buf = io.StringIO()
    tf.print(*args, output_stream=buf, **kwargs)
    return buf.getvalue()


CASES = [
    ((tf.constant([1, 2, 3]),), {}, "[1 2 3]\n"),
    ((tf.constant(3.5),), {}, "3.5\n"),
    ((tf.constant(7),), {}, "7\n"),
    ((tf.constant([[1.5, 2.25], [3., 4.]]),), {}, "[[1.5 2.25]\n [3 4]]\n"),
    ((tf.constant(["a", "bc"]),), {}, '["a" "bc"]\n'),
    ((tf.constant("hello"),), {}, "hello\n"),
    ((tf.constant(['a"b', "c\n"]),), {}, '["a\\"b" "c\\n"]\n'),
    (("text", tf.constant([1, 2]), 5, [1, 2], {"a": tf.constant(1)}), {}, "text [1 2] 5 [1, 2] {'a': 1}\n"),
    (([tf.constant([1, 2]), "s"], (1,)), {}, "[[1 2], 's'] (1,)\n"),
    ((tf.range(20),), {}, "[0 1 2 ... 17 18 19]\n"),
    ((tf.range(20),), {"summarize": 2}, "[0 1 ... 18 19]\n"),
    ((tf.range(20),), {"summarize": -1}, "[" + " ".join(str(i) for i in range(20)) + "]\n"),
    ((tf.reshape(tf.range(100), [10, 10]),), {},
     "[[0 1 2 ... 7 8 9]\n [10 11 12 ... 17 18 19]\n [20 21 22 ... 27 28 29]\n ...\n [70 71 72 ... 77 78 79]\n"
     " [80 81 82 ... 87 88 89]\n [90 91 92 ... 97 98 99]]\n"),
    ((tf.constant([True, False]),), {}, "[1 0]\n"),
    ((tf.constant([0.1, 1e-8, 123456789.0]),), {}, "[0.1 1e-08 123456792]\n"),
    ((tf.constant(1.0 / 3),), {}, "0.333333343\n"),
    ((tf.constant(0.1, tf.float64), tf.constant([0.1], tf.float16), tf.constant([0.1], tf.bfloat16)), {},
     "0.1 [0.0999755859] [0.100097656]\n"),
    ((tf.Variable([1., 2.]),), {}, "[1 2]\n"),
    ((tf.constant(np.zeros((2, 0))),), {}, "[\n ...]\n"),
    ((tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]),), {}, "[[[1 2]\n  [3 4]]\n\n [[5 6]\n  [7 8]]]\n"),
    (("a", "b"), {"sep": "-", "end": "!\n"}, "a-b!\n"),
    ((tf.constant([-1.5, float("nan"), float("inf")]),), {}, "[-1.5 nan inf]\n"),
    ((tf.constant([1 + 2j]),), {}, "[?]\n"),
    ((None, 1.5, True), {}, "None 1.5 True\n"),
    ((), {}, "\n"),
]


@pytest.mark.parametrize("args, kwargs, text", CASES)
def test_text_matches_tensorflow(args, kwargs, text):
    assert printed(*args, **kwargs) == text


def test_streams(capsys):
    tf.print(tf.constant([1, 2]))
    assert capsys.readouterr() == ("", "[1 2]\n")
    tf.print(tf.constant([1, 2]), output_stream=sys.stdout)
    assert capsys.readouterr() == ("[1 2]\n", "")


def test_logs_string_format_and_print():
    x = tf.constant([1, 2])
    _, ops = logged_ops(lambda: tf.print(x, output_stream=io.StringIO()))
    assert ops == ["StringFormat", "PrintV2"]
