"""`tf.dtypes`: the public names of varrt.base.dtypes."""
from varrt.base.dtypes import (  # noqa: F401
    as_dtype, bfloat16, bool, complex128, complex64, core_name, double, DType, enum_name, float16, float32, float64,
    from_enum, half, int16, int32, int64, int8, string, uint16, uint32, uint64, uint8,
)
