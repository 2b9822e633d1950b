"""`tf.dtypes`: the public names of varrt.base.dtypes."""
from varrt.base.dtypes import (  # noqa: F401
    QUANTIZED_DTYPES, as_dtype, bfloat16, bool, complex128, complex64, core_name, double, DType, enum_name, float16,
    float32, float64, from_enum, half, int16, int32, int64, int8, qint8, qint16, qint32, quint8, quint16, resource,
    string, uint16, uint32, uint64, uint8, variant,
)
from varrt.ops.math_ops import cast  # noqa: F401
from varrt.ops.math_ops import complex_from_parts as complex  # noqa: F401,A001  (TensorFlow's name)
