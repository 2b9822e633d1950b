"""The names of TensorFlow's DataType enum values (tensorflow/core/framework/types.proto), as
saved_model_cli prints a TensorInfo's dtype: the enum covers types varrt has no DType for
(DT_INVALID, DT_VARIANT, the quantized and 8-bit float types), so it is its own table."""

DATA_TYPE_NAMES = {
    0: "DT_INVALID", 1: "DT_FLOAT", 2: "DT_DOUBLE", 3: "DT_INT32", 4: "DT_UINT8", 5: "DT_INT16", 6: "DT_INT8",
    7: "DT_STRING", 8: "DT_COMPLEX64", 9: "DT_INT64", 10: "DT_BOOL", 11: "DT_QINT8", 12: "DT_QUINT8", 13: "DT_QINT32",
    14: "DT_BFLOAT16", 15: "DT_QINT16", 16: "DT_QUINT16", 17: "DT_UINT16", 18: "DT_COMPLEX128", 19: "DT_HALF",
    20: "DT_RESOURCE", 21: "DT_VARIANT", 22: "DT_UINT32", 23: "DT_UINT64", 24: "DT_FLOAT8_E5M2", 25: "DT_FLOAT8_E4M3FN",
    26: "DT_FLOAT8_E4M3FNUZ", 27: "DT_FLOAT8_E4M3B11FNUZ", 28: "DT_FLOAT8_E5M2FNUZ", 29: "DT_INT4", 30: "DT_UINT4",
    31: "DT_INT2", 32: "DT_UINT2", 33: "DT_FLOAT4_E2M1FN",
}
# Reference types (a TF1 graph's `float32_ref`) are the value plus 100.
_REF_OFFSET = 100


def data_type_name(value):
    """`DT_FLOAT` for 1, `DT_FLOAT_REF` for 101; protobuf's KeyError for a number the enum lacks."""
    if value > _REF_OFFSET and value - _REF_OFFSET in DATA_TYPE_NAMES:
        return DATA_TYPE_NAMES[value - _REF_OFFSET] + "_REF"
    return DATA_TYPE_NAMES[value]
