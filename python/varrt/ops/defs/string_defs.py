"""tf.strings' ops: case, stripping, lengths, substrings, joins (element-wise, along axes, by
segment), regular expressions, numbers from text, hash buckets, transcoding, decoding to and
encoding from code points (tf.strings.unicode_decode and unicode_encode run these ops' kernels
eagerly). StringJoin and StaticRegexFullMatch are in a SavedModel's saver too.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('StringLower', 'input: string -> output: string', 'encoding: string = ""', shape=shape_fns.unchanged)
register('StringUpper', 'input: string -> output: string', 'encoding: string = ""', shape=shape_fns.unchanged)
register('StringJoin', 'inputs: N * string -> output: string', 'N: int >= 0', 'separator: string = ""', shape=shape_fns.string_join)
register('StringStrip', 'input: string -> output: string', shape=shape_fns.unchanged)
register('StringLength', 'input: string -> output: int32', 'unit: {\'BYTE\', \'UTF8_CHAR\'} = "BYTE"', shape=shape_fns.unchanged)
register('Substr', 'input: string, pos: T, len: T -> output: string', 'T: {int32, int64}', 'unit: {\'BYTE\', \'UTF8_CHAR\'} = "BYTE"', shape=shape_fns.substr)
register('ReduceJoin', 'inputs: string, reduction_indices: int32 -> output: string', 'keep_dims: bool = false', 'separator: string = ""', shape=shape_fns.reduce_join)
register('RegexReplace', 'input: string, pattern: string, rewrite: string -> output: string', 'replace_global: bool = true', shape=shape_fns.regex_replace)
register('StaticRegexReplace', 'input: string -> output: string', 'pattern: string', 'rewrite: string', 'replace_global: bool = true', shape=shape_fns.unchanged)
register('StaticRegexFullMatch', 'input: string -> output: bool', 'pattern: string', shape=shape_fns.unchanged)
register('RegexFullMatch', 'input: string, pattern: string -> output: bool', shape=shape_fns.regex_full_match)
register('StringToNumber', 'string_tensor: string -> output: out_type', 'out_type: {float, double, int32, int64, uint32, uint64} = float', shape=shape_fns.unchanged)
register('StringToHashBucketFast', 'input: string -> output: int64', 'num_buckets: int >= 1', shape=shape_fns.unchanged)
register('StringToHashBucketStrong', 'input: string -> output: int64', 'num_buckets: int >= 1', 'key: list(int)', shape=shape_fns.unchanged)
register('StringToHashBucket', 'string_tensor: string -> output: int64', 'num_buckets: int >= 1', shape=shape_fns.unchanged)
register('UnicodeTranscode', 'input: string -> output: string', 'input_encoding: string', "output_encoding: {'UTF-8', 'UTF-16-BE', 'UTF-32-BE'}", 'errors: {\'strict\', \'replace\', \'ignore\'} = "replace"', 'replacement_char: int = 65533', 'replace_control_characters: bool = false', shape=shape_fns.unchanged)
register('UnicodeDecode', 'input: string -> row_splits: Tsplits, char_values: int32', 'input_encoding: string', 'errors: {\'strict\', \'replace\', \'ignore\'} = "replace"', 'replacement_char: int = 65533', 'replace_control_characters: bool = false', 'Tsplits: {int32, int64} = int64', shape=shape_fns.unicode_decode)
register('UnicodeDecodeWithOffsets', 'input: string -> row_splits: Tsplits, char_values: int32, char_to_byte_starts: int64', 'input_encoding: string', 'errors: {\'strict\', \'replace\', \'ignore\'} = "replace"', 'replacement_char: int = 65533', 'replace_control_characters: bool = false', 'Tsplits: {int32, int64} = int64', shape=shape_fns.unicode_decode)
register('UnicodeEncode', 'input_values: int32, input_splits: Tsplits -> output: string', 'errors: {\'ignore\', \'replace\', \'strict\'} = "replace"', "output_encoding: {'UTF-8', 'UTF-16-BE', 'UTF-32-BE'}", 'replacement_char: int = 65533', 'Tsplits: {int32, int64} = int64', shape=shape_fns.unicode_encode)
register('UnsortedSegmentJoin', 'inputs: string, segment_ids: Tindices, num_segments: Tnumsegments -> output: string', 'separator: string = ""', 'Tindices: {int32, int64}', 'Tnumsegments: {int32, int64} = int32', shape=shape_fns.unsorted_segment_join)
