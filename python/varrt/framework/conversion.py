"""Conversion of Python and NumPy values to arrays with TensorFlow's rules.

The rules (dtype inference, requested dtypes, TensorFlow's messages) live in the C++ core
(csrc/varrt/tf/conversion_rules.h, walked from Python objects in csrc/bindings/interop/);
this is the Python layer's name for them. Tensors and Variables are not values here: their
rules are convert_to_tensor's (varrt/framework/tensor.py).
"""
from varrt import _C

_convert = _C.convert


def to_array(value, dtype=None):
    """`value` (a Python or NumPy value) as a C-contiguous native ndarray of `dtype` (a DType,
    or None to infer it); strings as an object array of bytes."""
    return _convert(value, 0 if dtype is None else dtype._enum)

