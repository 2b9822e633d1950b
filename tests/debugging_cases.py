"""tf.debugging's assertions and check_numerics, run with either framework (`tf` is TensorFlow or
varrt): each case a snippet that leaves its result in `out` or raises. tests/tools/record_debugging.py
records what TensorFlow 2.21 did (values, or the error's type and text) and tests/test_debugging.py
compares varrt's. `traced(fn, *args)` runs `fn` as a tf.function: its failed assertions are
Assert nodes failing when the graph runs, whose text is compared from "assertion failed:" on (the
lines before it name the caller's files)."""
import re

import numpy as np

CASES = [
    # passing checks return None eagerly
    "out = [tf.debugging.assert_equal([1, 2], [1, 2]), tf.debugging.assert_less(1., [2., 3.]), "
    "tf.debugging.assert_near([1., 2.], [1., 2.0000001]), tf.debugging.assert_rank(np.ones((2, 3)), 2), "
    "tf.debugging.assert_positive(tf.ones([3, 2])), tf.debugging.assert_type(tf.ones([2]), tf.float32)]",
    "out = [tf.assert_equal(np.float64(3), 3.), tf.assert_greater([3, 4], 2), tf.assert_rank(5, 0), "
    "tf.assert_less(tf.zeros([2, 5]), 1.)]",
    # eager failures: TensorFlow's eager texts
    "tf.debugging.assert_equal([1, 2, 5, 6], [1, 3, 5, 7])",
    "tf.debugging.assert_equal(tf.range(10), tf.range(10) * 0, summarize=2)",
    "tf.debugging.assert_equal(tf.range(6), tf.range(6) * 0, summarize=-1)",
    "tf.debugging.assert_equal([[1., 2.], [3., 4.]], 2., message='not two')",
    "tf.debugging.assert_equal([1, 2], [1, 2, 3])",
    "tf.debugging.assert_none_equal([1, 2, 3], [4, 2, 3])",
    "tf.debugging.assert_less([1., 2.], [1., 3.], message='hi')",
    "tf.debugging.assert_less([1., 2.], [1, 3])",
    "tf.debugging.assert_less_equal(np.arange(7.), 3.)",
    "tf.debugging.assert_greater(np.int64([5, 1]), np.int64(2), summarize=1)",
    "tf.debugging.assert_greater_equal(tf.constant([[3, 1], [0, 9]]), 2)",
    "tf.debugging.assert_positive([1., -2.])",
    "tf.debugging.assert_negative(np.arange(-3, 4), message='neg')",
    "tf.debugging.assert_non_negative(tf.constant([[0.5, -1.5, 2.]]))",
    "tf.debugging.assert_non_positive(7)",
    "tf.debugging.assert_near([1., 2.], [1., 2.1])",
    "tf.debugging.assert_near(np.float64([1., 2.]), [1.05, 2.], rtol=0.01, atol=0.01, message='far')",
    "tf.debugging.assert_near(tf.ones([4, 3]), tf.ones([4, 3]) * 1.5, summarize=5)",
    "tf.debugging.assert_rank([1., 2.], 2)",
    "tf.debugging.assert_rank(tf.ones([2, 3, 4]), 1, message='rank')",
    "tf.debugging.assert_rank(tf.ones([2]), [1])",
    "tf.debugging.assert_rank(tf.ones([2]), 1.)",
    "tf.debugging.assert_rank_at_least(tf.ones([2]), 3)",
    "out = tf.debugging.assert_rank_at_least(tf.ones([2, 2, 2]), 3)",
    "tf.debugging.assert_rank_in(tf.ones([2, 2]), [0, 1, 3])",
    "out = tf.debugging.assert_rank_in(tf.ones([2, 2]), (1, 2))",
    "tf.debugging.assert_type([1., 2.], tf.int32)",
    "tf.debugging.assert_type(tf.ones([2], tf.int64), 'int32', message='type')",
    "tf.debugging.assert_integer([1., 2.])",
    "out = tf.debugging.assert_integer(np.uint8([1]))",
    "tf.debugging.assert_scalar([1])",
    "out = tf.debugging.assert_scalar(3., message='m')",
    "tf.debugging.assert_scalar(tf.ones([2, 1]), message='m')",
    "tf.debugging.assert_proper_iterable(np.ones(2))",
    "tf.debugging.assert_proper_iterable('abc')",
    "tf.debugging.assert_proper_iterable(5)",
    "out = tf.debugging.assert_proper_iterable([1, 2])",
    "out = [tf.debugging.is_numeric_tensor(tf.ones([2])), tf.debugging.is_numeric_tensor(tf.constant([True])), "
    "tf.debugging.is_numeric_tensor(tf.constant('a')), tf.debugging.is_numeric_tensor(np.ones(2)), "
    "tf.debugging.is_numeric_tensor(tf.constant([1], tf.uint32))]",
    "out = [tf.debugging.assert_same_float_dtype([tf.ones([2]), tf.zeros([1])]).name, "
    "tf.debugging.assert_same_float_dtype().name, tf.debugging.assert_same_float_dtype(None, tf.float64).name]",
    "tf.debugging.assert_same_float_dtype([tf.ones([2], tf.int32)])",
    "out = tf.debugging.assert_shapes([(tf.ones([2, 3]), ('N', 'Q')), (tf.ones([3]), ('Q',)), (tf.ones([]), ())])",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), ('N', 'Q')), (tf.ones([3]), ('N',))])",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), ('N', 4))], message='shapes')",
    "tf.debugging.assert_shapes({tf.ones([2, 3, 5]): (..., 'N'), tf.ones([5]): ('N',)})",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), (..., 'N', 'Q', 'R'))])",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), ('N', ...))])",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), 5)])",
    "tf.debugging.assert_shapes([(tf.ones([2, 3]), ('N',))])",
    "out = tf.debugging.check_numerics(tf.constant([1.5, -2.]), 'fine')",
    "out = tf.debugging.check_numerics([1., np.nan], 'bad')",
    "out = tf.debugging.check_numerics(np.float64([np.inf, 1.]), 'inf')",
    "out = tf.debugging.check_numerics(np.float16([np.inf, np.nan]), 'both')",
    "out = tf.debugging.check_numerics([1, 2], 'int')",
    "out = tf.debugging.assert_all_finite(tf.constant([[1., np.inf]]), 'all finite')",
    "out = tf.debugging.assert_all_finite(tf.constant([[1., 2.]]), 'all finite')",
    "tf.debugging.Assert(False, ['hello', tf.constant([1, 2, 3, 4]), 2.5, np.float32([1.5, 2.])])",
    "tf.debugging.Assert(tf.constant(False), ['x', tf.constant([[1, 2], [3, 4]])], summarize=-1)",
    "with tf.GradientTape() as t:\n    x = tf.constant([1., 4.]); t.watch(x); y = tf.debugging.check_numerics(x * x, 'sq')\n"
    "out = t.gradient(y, x)",
    "with tf.GradientTape() as t:\n    x = tf.constant([0., 4.]); t.watch(x); y = tf.sqrt(tf.debugging.check_numerics(x, 'root'))\n"
    "out = t.gradient(y, x)",
    # in tf.function: Assert nodes that fail when the graph runs
    "out = traced(lambda x: (tf.debugging.assert_equal(x, 1), x + 1)[1], tf.constant([1, 1]))",
    "out = traced(lambda x: (tf.debugging.assert_equal(x, x), x + 1)[1], tf.constant([1, 1]))",
    "traced(lambda x, y: (tf.debugging.assert_equal(x, y), x + 1)[1], tf.constant([1, 2]), tf.constant([1, 3]))",
    "traced(lambda x, y: (tf.debugging.assert_less(x, y, message='less'), x)[1], tf.constant([[1., 2.]]), "
    "tf.constant([[1., 3.]]))",
    "traced(lambda x: (tf.debugging.assert_positive(x), x)[1], tf.constant([1.5, -2.5, 3., 4.]))",
    "traced(lambda x: (tf.debugging.assert_non_negative(x, summarize=5), x)[1], tf.constant([1, -2, 3, 4, 5, 6, 7]))",
    "traced(lambda x, y: (tf.debugging.assert_near(x, y), x)[1], tf.constant([1., 2.]), tf.constant([1., 2.5]))",
    "traced(lambda x: (tf.debugging.assert_rank(x, 2), x)[1], tf.constant([1, 2]))",
    "traced(lambda x: (tf.debugging.assert_type(x, tf.int64), x)[1], tf.constant([1, 2]))",
    "traced(lambda x: (tf.debugging.assert_scalar(x), x)[1], tf.constant([1, 2]))",
    "traced(lambda x: (tf.debugging.assert_integer(x), x)[1], tf.constant([1., 2]))",
    "traced(lambda x: tf.debugging.check_numerics(x, 'in graph'), tf.constant([1., np.nan]))",
    "out = traced(lambda x: tf.debugging.check_numerics(x * 2., 'in graph'), tf.constant([1., 2.]))",
    "traced(lambda x: (tf.debugging.Assert(tf.reduce_all(x > 1), ['x is', x, 'bool', x > 2], summarize=2), x)[1], "
    "tf.constant([[1, 2], [3, 4]]))",
    "traced(lambda x: (tf.debugging.Assert(False, [x, tf.constant([1e-7, 1e20, 2.5], tf.float64), "
    "tf.constant([0.1, 1 / 3.]), tf.constant(['ab', 'c'])]), x)[1], tf.constant(1.))",
]


def outcome(value):
    """A result as JSON: {dtype, shape, value} for tensors, lists element by element, other
    Python values as they are (None included)."""
    if isinstance(value, (list, tuple)):
        return [outcome(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if not hasattr(value, "dtype"):
        return repr(value)
    a = np.asarray(value)
    return {"dtype": value.dtype.name, "shape": list(a.shape), "value": a.astype(np.float64).tolist()}


def _error_text(e):
    """The text compared. A graph's failure from "assertion failed:" (or the kernel's own text) on,
    without the frames and the function's generated name around it; an error raised while tracing
    without AutoGraph's "in user code" frames. Graph constants' node names (varrt does not name
    them as TensorFlow's name scopes do) are left out."""
    text = str(e)
    at = text.find("assertion failed:")
    if at >= 0:
        text = text[at:]
    elif text.startswith("in user code:"):
        text = text.rstrip().splitlines()[-1].strip().split(": ", 1)[1]
    elif "Graph execution error" in text or "{{function_node __inference" in text:
        text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text.rstrip().splitlines()[-2 if "Graph" in text else 0])
    text = text.split("\n\t [[")[0]
    return re.sub(r'Tensor\(\\"[^"\\]*\\"', 'Tensor(\\"<name>\\"', text)


def run_case(tf, code):
    def traced(fn, *args):
        return tf.function(fn)(*args)
    scope = {"tf": tf, "np": np, "traced": traced}
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": _error_text(e)}
    return {"out": outcome(scope.get("out", "(no out)"))}
