"""`tf.strings`: string ops under TensorFlow's tf.strings names."""
from varrt.ops.logging_ops import string_format as format  # noqa: F401,A001  (TensorFlow's name)
from varrt.ops.as_string_ops import as_string  # noqa: F401

# The element-wise ops (one output element per input element, or joins of them).
from varrt.ops.string_ops import join, length, lower, reduce_join, strip, substr, upper  # noqa: F401
from varrt.ops.regex_ops import regex_full_match, regex_replace  # noqa: F401
from varrt.ops.string_to_number_ops import to_number  # noqa: F401
from varrt.ops.string_hash_ops import to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong  # noqa: F401
from varrt.ops.unicode_ops import unicode_transcode  # noqa: F401

# The ops returning ragged tensors.
from varrt.ops.ragged.ragged_string_ops import bytes_split, split  # noqa: F401
from varrt.ops.ragged.ragged_unicode_ops import (unicode_decode, unicode_decode_with_offsets, unicode_encode,  # noqa: F401
                                                 unicode_split, unicode_split_with_offsets)
from varrt.ops.ragged.ragged_ngrams_ops import ngrams  # noqa: F401
from varrt.ops.string_ops import unsorted_segment_join  # noqa: F401
