"""tf.debugging.enable_check_numerics cases run with either framework: each snippet runs with
checking enabled on this thread (and disabled after), leaving its result in `out`; an error is
recorded as its type and text. A graph op's text carries the stack of the op's creation, which
differs between frameworks (TensorFlow's own frames are in it), so `outcome` keeps what both
write: the header, dtype, shape, inputs and graph name, and the kernel's verdict after it.
tests/tools/record_check_numerics.py records TensorFlow 2.21's outcomes, tests/test_check_numerics.py
compares varrt's."""
import re

CASES = [
    # eager ops: the counts of -Inf, +Inf and NaN, one input or several
    "out = tf.math.log(tf.constant([0., 1., -1.]))",
    "out = tf.math.sqrt(np.array([[0.0, -1.0], [4.0, 3.0]]))",
    "out = tf.constant([1., 2.]) / tf.constant([0., 0.])",
    "out = tf.exp(tf.constant(1000.))",
    "out = tf.math.log(tf.constant([[-1., 0.5, 0.], [0., -2., 3.]], tf.float16))",
    "out = tf.linalg.svd(tf.constant([[np.nan, 1.], [1., 2.]]))",
    "out = tf.matmul(tf.constant([[1e30, 1e30]]), tf.constant([[1e30], [1e30]]))",
    # unchecked: constants, the safe ops, integer outputs, finite values
    "out = tf.constant(np.inf)",
    "out = tf.fill([2], np.nan)",
    "out = tf.reshape(tf.fill([2], np.inf), [2, 1])",
    "out = tf.math.floordiv(tf.constant([4, 2]), tf.constant([2, 1]))",
    "out = tf.math.log(tf.constant([1., 2., 3.]))",
    "out = tf.cast(tf.fill([2], np.nan), tf.int32) * 0",
    # a variable's value is read by ReadVariableOp, which is checked
    "v = tf.Variable([np.nan]); out = repr(v)",
    "v = tf.Variable([1., 2.]); out = v * np.inf",
    # tf.function: a CheckNumericsV2 node after each float output, with the graph's text
    "f = tf.function(lambda x: tf.math.square(tf.math.log(x + 1))); out = f(tf.constant([-1.0]))",
    "f = tf.function(lambda x: tf.math.square(tf.math.log(x + 1))); out = f(tf.constant([1.0, 3.0]))",
    "g = tf.function(lambda x, y: tf.math.log(x) * y); out = g(tf.constant([-1.0, 4.0]), tf.constant(2.0))",
    # disabling: eager ops go unchecked again; a function traced while it was on keeps its checks
    "f = tf.function(lambda x: tf.math.log(x)); f(tf.constant([1.0])); tf.debugging.disable_check_numerics(); "
    "out = [tf.math.log(tf.constant([0.])), f(tf.constant([0.0]))]",
    "tf.debugging.enable_check_numerics(); tf.debugging.disable_check_numerics(); tf.debugging.disable_check_numerics(); "
    "out = tf.math.log(tf.constant(-1.))",
]

_FUNCTION_NUMBER = re.compile(r"(__inference_\S+?)_\d+")
_GRAPH_DETAIL = re.compile(r"\n  Stack trace of op's creation.*?\n\n : Tensor had", re.S)


def outcome(value):
    if isinstance(value, (list, tuple)):
        return [outcome(v) for v in value]
    if hasattr(value, "numpy"):
        a = value.numpy()
        return {"dtype": str(a.dtype), "shape": list(a.shape), "repr": repr(a.tolist())}
    return value


def error_text(e):
    """The error's text, the graph op's creation stack cut out and a graph error's header (where
    the node was defined) dropped."""
    text = _GRAPH_DETAIL.sub("\n  [stack]\n\n : Tensor had", str(e))
    start = text.find("\n\n!!! Detected")
    if "graph op" in text and start >= 0:  # TensorFlow names the node's definition only for code read from a file
        text = "[graph error header]" + text[start:]
    return _FUNCTION_NUMBER.sub(r"\1_N", text)  # a function's number counts the functions made before it


def run_case(tf, np_module, code):
    scope = {"tf": tf, "np": np_module}
    tf.debugging.enable_check_numerics()
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": error_text(e)}
    finally:
        tf.debugging.disable_check_numerics()
    return {"out": outcome(scope["out"])}
