"""`tf.io`: TFRecord files, parsing serialized `tf.train.Example`s, tensors as TensorProto bytes,
whole files, the filesystem (`tf.io.gfile`, `matching_files`), raw bytes as numbers (`decode_raw`)."""
from varrt.ops.csv_ops import decode_csv
from varrt.ops.decode_raw_ops import decode_raw
from varrt.base import gfile
from varrt.ops.io_ops import matching_files, parse_tensor, read_file, serialize_tensor, write_file
from varrt.data.tfrecord import TFRecordOptions, TFRecordWriter
from varrt.ops.parsing_ops import (FixedLenFeature, FixedLenSequenceFeature, VarLenFeature, parse_example,
                                   parse_single_example)

__all__ = ["FixedLenFeature", "decode_csv", "decode_raw", "FixedLenSequenceFeature", "TFRecordOptions", "TFRecordWriter", "VarLenFeature",
           "gfile", "matching_files", "parse_example", "parse_single_example", "parse_tensor", "read_file", "serialize_tensor",
           "write_file"]
