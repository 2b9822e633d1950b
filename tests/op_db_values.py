"""The op database's results as JSON (what the fixture stores) and their comparison: dtypes and
shapes exactly, values within a tolerance per dtype (exact for integers, bools and strings).
Framework-free: both the recorder (TensorFlow) and the test (varrt) use it."""
import math

import numpy as np

# (rtol, atol) per floating dtype; a complex dtype uses its components' float. Wide enough for
# a few ulps of difference in a transcendental function or a sum's order, no wider.
TOLERANCE = {
    "float16": (2e-3, 1e-3),
    "bfloat16": (1.6e-2, 1e-2),
    "float32": (2e-5, 2e-6),
    "float64": (1e-12, 1e-14),
}
_COMPONENT = {"complex64": "float32", "complex128": "float64"}


def encode(value, dtype):
    """{dtype, shape, values} for a NumPy value (or a scalar a Session returned) of dtype `dtype`
    (a dtype name as the framework prints it: "float32", "string", ...)."""
    arr = np.asarray(value, dtype=object if dtype == "string" else None)
    flat = arr.reshape(-1).tolist()
    if dtype == "string":
        values = [v.decode("latin-1") if isinstance(v, bytes) else str(v) for v in flat]
    elif dtype.startswith("complex"):
        values = [[float(v.real), float(v.imag)] for v in flat]
    elif dtype in TOLERANCE:
        values = [float(v) for v in flat]
    else:
        values = [bool(v) if dtype == "bool" else int(v) for v in flat]
    return {"dtype": dtype, "shape": list(arr.shape), "values": values}


def encode_tensor(t):
    """encode() of an eager tensor."""
    return encode(t.numpy(), t.dtype.name)


def mismatch(got, want):
    """None when `got` matches `want` (both encode() results, or None for "no gradient"), else
    what differs, in one line."""
    if got is None or want is None:
        return None if got is want else f"got {_brief(got)}, TensorFlow gives {_brief(want)}"
    if got["dtype"] != want["dtype"]:
        return f"dtype {got['dtype']}, TensorFlow's {want['dtype']}"
    if got["shape"] != want["shape"]:
        return f"shape {tuple(got['shape'])}, TensorFlow's {tuple(want['shape'])}"
    dtype = _COMPONENT.get(want["dtype"], want["dtype"])
    if dtype not in TOLERANCE:
        if got["values"] != want["values"]:
            return f"values {_clip(got['values'])}, TensorFlow's {_clip(want['values'])}"
        return None
    rtol, atol = TOLERANCE[dtype]
    g = np.asarray(got["values"], dtype=np.float64).reshape(-1)
    w = np.asarray(want["values"], dtype=np.float64).reshape(-1)
    if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
        worst = int(np.argmax(np.where(np.isnan(g) == np.isnan(w), np.abs(g - w), math.inf)))
        return (f"values differ beyond rtol={rtol}, atol={atol} "
                f"(element {worst}: {float(g[worst])!r} vs {float(w[worst])!r}): "
                f"{_clip(got['values'])}, TensorFlow's {_clip(want['values'])}")
    return None


def within_bounds(got, low, high):
    """None when every value of `got` (an encode() result) lies in [low, high], else a message."""
    vals = np.asarray(got["values"], dtype=np.float64)
    if vals.size and not (np.all(vals >= low) and np.all(vals <= high)):
        return f"values outside [{low}, {high}]: {_clip(got['values'])}"
    return None


def _brief(r):
    return "no gradient (None)" if r is None else f"a {r['dtype']} tensor of shape {tuple(r['shape'])}"


def _clip(values, n=8):
    text = repr(values[:n])
    return text[:-1] + ", ...]" if len(values) > n else text
