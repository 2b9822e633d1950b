"""What the recorded-case modules (tests/einsum_cases.py, tests/array_api_cases.py) run their
snippets with, in either framework: the gradients of a weighted sum of a call's output, a call
traced with every dimension unknown, and the snippet runner that turns a result or an error into
JSON (values through tests/linalg_cases.py's outcome)."""
import numpy as np

import linalg_cases


def outcome(value):
    """linalg_cases.outcome, with string tensors as ["string", shape, their texts] (which its
    mismatch compares element by element)."""
    if isinstance(value, (list, tuple)):
        return [outcome(v) for v in value]
    if getattr(getattr(value, "dtype", None), "name", None) == "string":
        a = np.asarray(value.numpy(), dtype=object)
        return ["string", list(a.shape)] + [x.decode() for x in a.reshape(-1)]
    return linalg_cases.outcome(value)


def grads(tf, fn, *xs):
    """The gradients of sum(fn(*xs) * w) (w a fixed ramp) with respect to every float input, dense."""
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as tape:
        for x in xs:
            if x.dtype.is_floating:
                tape.watch(x)
        y = fn(*xs)
        w = tf.constant(np.linspace(-1., 1., int(np.prod(y.shape))).reshape(y.shape.as_list()), y.dtype)
        loss = tf.reduce_sum(y * w)
    return [tf.convert_to_tensor(g) for g in tape.gradient(loss, [x for x in xs if x.dtype.is_floating])]


def traced(tf, fn, *xs):
    """fn(*xs) in a tf.function whose signature leaves every dimension unknown."""
    specs = [tf.TensorSpec([None] * np.ndim(x), tf.as_dtype(np.asarray(x).dtype)) for x in xs]
    wrappers = {1: lambda a: fn(a), 2: lambda a, b: fn(a, b), 3: lambda a, b, c: fn(a, b, c)}
    return tf.function(wrappers[len(xs)], input_signature=specs)(*xs)


def run_case(tf, code, scope):
    """Runs `code` with `tf`, `np`, `grads`, `traced` and `scope`'s names bound: {"out": JSON} or
    {"error": type name, "message": text}."""
    names = {"tf": tf, "np": np, "grads": lambda fn, *xs: grads(tf, fn, *xs),
             "traced": lambda fn, *xs: traced(tf, fn, *xs), **scope}
    try:
        exec(code, names)  # noqa: S102 - the recorded cases
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": outcome(names["out"])}
