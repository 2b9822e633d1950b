"""`tf.io`: TFRecord files and parsing serialized `tf.train.Example`s."""
from varrt.data.tfrecord import TFRecordOptions, TFRecordWriter
from varrt.ops.parsing_ops import (FixedLenFeature, FixedLenSequenceFeature, VarLenFeature, parse_example,
                                   parse_single_example)

__all__ = ["FixedLenFeature", "FixedLenSequenceFeature", "TFRecordOptions", "TFRecordWriter", "VarLenFeature",
           "parse_example", "parse_single_example"]
