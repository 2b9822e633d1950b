"""tf.strings' ragged and Unicode ops (bytes_split, unicode_decode, unicode_split and their offsets,
unicode_encode, ngrams) and tf.io.decode_raw: one program (tests/unicode_strings_program.py) run
under varrt is compared, case by case, with what TensorFlow 2.21 gave for it
(tests/fixtures/unicode_strings/, recorded by tests/tools/record_keras_program.py; again live when
VARRT_TF_PYTHON is set): the guides' cells, values, dtypes, ranks and row partitions of every
input rank, encoding and error mode, and the errors' types and texts. Below, what varrt alone must
do."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("unicode_strings")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("unicode_strings_program.py", TF, "unicode_strings")


def test_decode_and_encode_round_trip_every_code_point_class():
    # One code point of each UTF-8 length and each UTF-16 form, in every output encoding.
    points = [0x41, 0xE9, 0x20AC, 0xFFFD, 0x1F986, 0x10FFFF]
    for encoding in ("UTF-8", "UTF-16-BE", "UTF-32-BE"):
        text = "".join(map(chr, points)).encode(encoding.lower())
        encoded = tf.strings.unicode_encode(points, encoding)
        assert encoded.numpy() == text
        decoded, offsets = tf.strings.unicode_decode_with_offsets(encoded, encoding)
        assert decoded.numpy().tolist() == points
        widths = [len(chr(p).encode(encoding.lower())) for p in points]
        assert offsets.numpy().tolist() == np.concatenate([[0], np.cumsum(widths)[:-1]]).tolist()


def test_ragged_ops_in_a_graph_being_built_say_varrt_does_not_implement_them():
    f = tf.function(lambda x: tf.strings.unicode_decode(x, "UTF-8"))
    with pytest.raises(NotImplementedError, match="varrt does not implement RaggedTensor in a graph"):
        f(tf.constant(["ab"]))


def test_unicode_script_is_a_missing_name():
    with pytest.raises(AttributeError, match="varrt does not implement tf.strings.unicode_script yet"):
        tf.strings.unicode_script  # noqa: B018
