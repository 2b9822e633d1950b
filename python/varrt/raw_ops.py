"""`tf.raw_ops`: every TensorFlow op of the op table that varrt runs, under TensorFlow's name and
keyword arguments, made from the op's record and the function registered beside its
implementation (ops/raw_op.py)."""
from varrt.ops import raw_op as _raw_op
from varrt.ops import training_ops as _training_ops  # noqa: F401  (registers the fused optimizer ops)


def __getattr__(name):
    fn = _raw_op.get(name)
    if fn is None:
        raise AttributeError(f"module 'varrt.raw_ops' has no attribute '{name}'")
    globals()[name] = fn  # made once
    return fn


def __dir__():
    return _raw_op.raw_op_names()
