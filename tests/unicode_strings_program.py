"""tf.strings' ragged and Unicode ops (bytes_split, unicode_decode and unicode_split with and without
offsets, unicode_encode, ngrams), unsorted_segment_join and tf.io.decode_raw, run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/unicode_strings/) and under varrt (by
tests/test_unicode_strings.py).

    python unicode_strings_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}. The cells of TensorFlow's tensor and Unicode guides,
then each op on scalars, vectors, matrices, rank-3 and ragged inputs, in each encoding and error
mode on malformed text, and with bad arguments (the error's type and text)."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def show(t):
    """dtype, shape and values of a Tensor; dtype, ragged rank, splits dtype and rows of a RaggedTensor."""
    if isinstance(t, tuple):
        return " | ".join(show(x) for x in t)
    if isinstance(t, tf.RaggedTensor):
        return f"ragged {t.dtype.name} rank={t.shape.rank} ragged_rank={t.ragged_rank} " \
               f"splits={t.row_splits.dtype.name} {t.to_list()!r}"
    a = np.asarray(t.numpy())
    return f"{t.dtype.name} {tuple(t.shape)} {a.tolist()!r}"


def case(name, fn):
    """The value of fn(), or its error's type and text."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        results[name] = f"{type(e).__name__}: {e}"
    else:
        results[name] = show(value)


# --- the guides' cells --------------------------------------------------------------------------

unicode_bytes = tf.constant("アヒル 🦆")
case("tensor guide bytes_split", lambda: tf.strings.bytes_split(tf.constant("Duck")))
case("tensor guide decode_raw", lambda: tf.io.decode_raw(tf.constant("Duck"), tf.uint8))
case("tensor guide unicode_split", lambda: tf.strings.unicode_split(unicode_bytes, "UTF-8"))
case("tensor guide unicode_decode", lambda: tf.strings.unicode_decode(unicode_bytes, "UTF-8"))

text_utf8 = tf.constant("语言处理")
text_chars = tf.constant([ord(char) for char in "语言处理"])
case("unicode guide decode", lambda: tf.strings.unicode_decode(text_utf8, input_encoding="UTF-8"))
case("unicode guide encode", lambda: tf.strings.unicode_encode(text_chars, output_encoding="UTF-8"))
case("unicode guide transcode", lambda: tf.strings.unicode_transcode(text_utf8, input_encoding="UTF8",
                                                                      output_encoding="UTF-16-BE"))
batch_utf8 = [s.encode("UTF-8") for s in ["hÃllo", "What is the weather tomorrow", "Göödnight", "😊"]]
batch_chars_ragged = tf.strings.unicode_decode(batch_utf8, input_encoding="UTF-8")
case("unicode guide batch", lambda: batch_chars_ragged)
batch_chars_padded = batch_chars_ragged.to_tensor(default_value=-1)
case("unicode guide padded", lambda: batch_chars_padded)
batch_chars_sparse = batch_chars_ragged.to_sparse()
case("unicode guide encode dense", lambda: tf.strings.unicode_encode([[99, 97, 116], [100, 111, 103], [99, 111, 119]],
                                                                     output_encoding="UTF-8"))
case("unicode guide encode ragged", lambda: tf.strings.unicode_encode(batch_chars_ragged, output_encoding="UTF-8"))
case("unicode guide encode from sparse", lambda: tf.strings.unicode_encode(
    tf.RaggedTensor.from_sparse(batch_chars_sparse), output_encoding="UTF-8"))
case("unicode guide encode from padded", lambda: tf.strings.unicode_encode(
    tf.RaggedTensor.from_tensor(batch_chars_padded, padding=-1), output_encoding="UTF-8"))
thanks = "Thanks 😊".encode("UTF-8")
case("unicode guide split", lambda: tf.strings.unicode_split(thanks, "UTF-8"))
case("unicode guide offsets", lambda: tf.strings.unicode_decode_with_offsets("🎈🎉🎊", "UTF-8"))
sentence_texts = ["Hello, world.", "世界こんにちは"]
sentence_char_codepoint = tf.strings.unicode_decode(sentence_texts, "UTF-8")
case("unicode guide sentences", lambda: sentence_char_codepoint)
# (The guide's word split reads scripts, tf.strings.unicode_script; here they are given.)
script = tf.ragged.constant([[25, 25, 25, 25, 25, 0, 0, 25, 25, 25, 25, 25, 0], [17, 17, 20, 20, 20, 20, 20]])
starts = tf.concat([tf.fill([script.nrows(), 1], True), tf.not_equal(script[:, 1:], script[:, :-1])], axis=1)
word_starts = tf.squeeze(tf.where(starts.values), axis=1)
word_char_codepoint = tf.RaggedTensor.from_row_starts(values=sentence_char_codepoint.values, row_starts=word_starts)
sentence_num_words = tf.reduce_sum(tf.cast(starts, tf.int64), axis=1)
words = tf.RaggedTensor.from_row_lengths(values=word_char_codepoint, row_lengths=sentence_num_words)
case("unicode guide words", lambda: tf.strings.unicode_encode(words, "UTF-8"))

# --- bytes_split --------------------------------------------------------------------------------

WORDS = ["Duck", "", "é😀", "a b"]
case("bytes_split scalar", lambda: tf.strings.bytes_split("héllo"))
case("bytes_split empty scalar", lambda: tf.strings.bytes_split(""))
case("bytes_split vector", lambda: tf.strings.bytes_split(WORDS))
case("bytes_split matrix", lambda: tf.strings.bytes_split([["ab", "c"], ["", "de"]]))
case("bytes_split rank 3", lambda: tf.strings.bytes_split([[["ab"]], [["c"]]]))
case("bytes_split ragged", lambda: tf.strings.bytes_split(tf.ragged.constant([["ab", "c"], [], ["d"]])))
case("bytes_split empty vector", lambda: tf.strings.bytes_split(tf.constant([], tf.string)))
case("bytes_split ints", lambda: tf.strings.bytes_split([1, 2]))

# --- unicode_decode and unicode_split -----------------------------------------------------------

MALFORMED = [b"a\xffb\xe3\x82c\xf0\x9f\xa6", b"\xed\xa0\x80", b"\xc0\xaf\xe0\x80\xbf",
             b"\xf8\x88\x80\x80\x80z\xf4\x90\x80\x80z\xc2\xe0\xa0", b"ok\x01\n\x7f"]
UTF16 = [b"\x00a\xd8\x3e\xdd\x86\xd8\x00\x00b\x00", b"\xdc\x00\x00a\xd8\x00", "é😀".encode("utf-16-be")]
UTF32 = [b"\x00\x00\x00a\x00\x11\x00\x00\x00\x00\xd8\x00\x00\x00\x00b\x00\x00", "é😀".encode("utf-32-be")]
TEXT = ["héllo", "", "😀 ok", "アヒル"]

for fn_name in ("unicode_decode", "unicode_decode_with_offsets", "unicode_split", "unicode_split_with_offsets"):
    fn = getattr(tf.strings, fn_name)
    case(f"{fn_name} scalar", lambda: fn("アヒル 🦆", "UTF-8"))
    case(f"{fn_name} empty scalar", lambda: fn("", "UTF-8"))
    case(f"{fn_name} vector", lambda: fn(TEXT, "UTF-8"))
    case(f"{fn_name} matrix", lambda: fn([TEXT[:2], TEXT[2:]], "UTF-8"))
    case(f"{fn_name} rank 3", lambda: fn([[TEXT[:2]], [TEXT[2:]]], "UTF-8"))
    case(f"{fn_name} ragged", lambda: fn(tf.ragged.constant([TEXT[:3], [], TEXT[3:]]), "UTF-8"))
    case(f"{fn_name} ragged rank 2", lambda: fn(tf.ragged.constant([[TEXT[:3], []], [TEXT[3:]]]), "UTF-8"))
    case(f"{fn_name} ragged uniform inner", lambda: fn(
        tf.RaggedTensor.from_row_splits(tf.constant([TEXT[:2], TEXT[2:], ["x", "y"]]), [0, 1, 3]), "UTF-8"))
    case(f"{fn_name} empty vector", lambda: fn(tf.constant([], tf.string), "UTF-8"))
    for errors in ("replace", "ignore", "strict"):
        case(f"{fn_name} UTF-8 {errors}", lambda: fn(MALFORMED, "UTF-8", errors=errors))
        case(f"{fn_name} UTF-16-BE {errors}", lambda: fn(UTF16, "UTF-16-BE", errors=errors))
        case(f"{fn_name} UTF-32-BE {errors}", lambda: fn(UTF32, "UTF-32-BE", errors=errors))
    case(f"{fn_name} replacement_char", lambda: fn(MALFORMED, "UTF-8", replacement_char=ord("?")))
    case(f"{fn_name} replacement_char 0", lambda: fn(MALFORMED, "UTF-8", replacement_char=0))
    case(f"{fn_name} replacement_char negative", lambda: fn(MALFORMED, "UTF-8", replacement_char=-1))
    case(f"{fn_name} replacement_char too big", lambda: fn(MALFORMED, "UTF-8", replacement_char=0x110000))
    case(f"{fn_name} bad errors", lambda: fn(TEXT, "UTF-8", errors="loose"))
    case(f"{fn_name} unknown encoding", lambda: fn(TEXT, "NO-SUCH-ENCODING"))
    case(f"{fn_name} ints", lambda: fn([1, 2], "UTF-8"))
    case(f"{fn_name} name", lambda: fn(MALFORMED, "UTF-8", errors="strict", name="dec"))

# Random byte strings made of the bytes where decoders' rules differ (leads, continuations, the
# bounds of the 2-, 3- and 4-byte ranges, surrogates' halves): each maximal malformed subpart.
_rng = np.random.default_rng(7)
_POOL = np.array([0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed,
                  0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xf8, 0xfc, 0xfe, 0xff, 0xd8, 0xdc, 0xdb, 0xdf, 0x10, 0x11],
                 np.uint8)
RANDOM = [bytes(_rng.choice(_POOL, size=int(_rng.integers(0, 10)))) for _ in range(60)]
for encoding in ("UTF-8", "UTF-16-BE", "UTF-32-BE"):
    case(f"unicode_decode_with_offsets random bytes {encoding}", lambda: tf.strings.unicode_decode_with_offsets(
        RANDOM, encoding))

for errors in ("replace", "ignore", "strict"):
    for fn_name in ("unicode_decode", "unicode_decode_with_offsets"):
        case(f"{fn_name} controls {errors}", lambda: getattr(tf.strings, fn_name)(
            [b"ok\x01\n\x1f \x7f", b"\x00\xff"], "UTF-8", errors=errors, replace_control_characters=True,
            replacement_char=ord("#")))
R32 = tf.RaggedTensor.from_row_splits(tf.constant(["ab", "c", "d"]), tf.constant([0, 2, 3], tf.int32))
case("unicode_decode int32 splits", lambda: tf.strings.unicode_decode(R32, "UTF-8"))
case("bytes_split int32 splits", lambda: tf.strings.bytes_split(R32))
case("unicode_encode int32 splits rank 2", lambda: tf.strings.unicode_encode(tf.RaggedTensor.from_row_splits(
    tf.ragged.constant([[97], [98, 99]], row_splits_dtype=tf.int32), tf.constant([0, 1, 2], tf.int32)), "UTF-8"))
case("unicode_decode variable", lambda: tf.strings.unicode_decode(tf.Variable(["ab"]), "UTF-8"))
case("decode_raw variable", lambda: tf.io.decode_raw(tf.Variable(["ab"]), tf.uint8))
case("unicode_encode int64 array", lambda: tf.strings.unicode_encode(np.array([[97, 98]]), "UTF-8"))
case("unicode_decode latin-1", lambda: tf.strings.unicode_decode(["é".encode("latin-1"), b"\xff"], "ISO-8859-1"))
case("unicode_decode UTF-16-LE", lambda: tf.strings.unicode_decode_with_offsets(["é😀".encode("utf-16-le")],
                                                                                  "UTF-16-LE"))
case("unicode_split latin-1", lambda: tf.strings.unicode_split(["é".encode("latin-1")], "ISO-8859-1"))

# --- unicode_encode -----------------------------------------------------------------------------

POINTS = [[104, 233, 108], [128512, 32, 111], [0, 65, 0x10FFFF]]
for encoding in ("UTF-8", "UTF-16-BE", "UTF-32-BE"):
    case(f"unicode_encode vector {encoding}", lambda: tf.strings.unicode_encode(POINTS[1], encoding))
    case(f"unicode_encode matrix {encoding}", lambda: tf.strings.unicode_encode(POINTS, encoding))
    case(f"unicode_encode ragged {encoding}", lambda: tf.strings.unicode_encode(
        tf.ragged.constant([[104, 233], [], [128512]]), encoding))
case("unicode_encode rank 3", lambda: tf.strings.unicode_encode([POINTS, POINTS[::-1]], "UTF-8"))
case("unicode_encode ragged rank 2", lambda: tf.strings.unicode_encode(
    tf.ragged.constant([[[104, 233], []], [[128512]]]), "UTF-8"))
case("unicode_encode ragged uniform inner", lambda: tf.strings.unicode_encode(
    tf.RaggedTensor.from_row_splits(tf.constant(POINTS), [0, 2, 3]), "UTF-8"))
case("unicode_encode empty rows", lambda: tf.strings.unicode_encode(tf.zeros([2, 0], tf.int32), "UTF-8"))
case("unicode_encode no rows", lambda: tf.strings.unicode_encode(tf.zeros([0, 3], tf.int32), "UTF-8"))
case("unicode_encode int32 splits", lambda: tf.strings.unicode_encode(
    tf.RaggedTensor.from_row_splits(tf.constant([97, 98, 99]), tf.constant([0, 1, 3], tf.int32)), "UTF-8"))
BAD = [[97, -1, 0x110000, 0xD800, 0xDFFF, 98]]
for errors in ("replace", "ignore", "strict"):
    for encoding in ("UTF-8", "UTF-16-BE"):
        case(f"unicode_encode bad points {encoding} {errors}", lambda: tf.strings.unicode_encode(
            BAD, encoding, errors=errors))
case("unicode_encode replacement_char", lambda: tf.strings.unicode_encode(BAD, "UTF-8", replacement_char=ord("?")))
case("unicode_encode replacement_char out of range", lambda: tf.strings.unicode_encode(
    BAD, "UTF-8", replacement_char=-3))
case("unicode_encode bad encoding", lambda: tf.strings.unicode_encode(POINTS, "latin-1"))
case("unicode_encode bad errors", lambda: tf.strings.unicode_encode(POINTS, "UTF-8", errors="loose"))
case("unicode_encode scalar", lambda: tf.strings.unicode_encode(97, "UTF-8"))
case("unicode_encode floats", lambda: tf.strings.unicode_encode([[97.0]], "UTF-8"))
case("unicode_encode int64", lambda: tf.strings.unicode_encode(tf.constant([[97]], tf.int64), "UTF-8"))
case("unicode round trip", lambda: tf.strings.unicode_encode(
    tf.strings.unicode_decode(TEXT, "UTF-8"), "UTF-16-BE"))

# --- ngrams -------------------------------------------------------------------------------------

TOKENS = ["a", "b", "c", "d", "e"]
ROWS = tf.ragged.constant([["a", "b", "c"], ["d"], [], ["e", "f"]])
case("ngrams vector", lambda: tf.strings.ngrams(TOKENS, 2))
case("ngrams vector widths", lambda: tf.strings.ngrams(TOKENS, (1, 3), separator="_"))
case("ngrams vector too wide", lambda: tf.strings.ngrams(TOKENS, 6))
case("ngrams matrix", lambda: tf.strings.ngrams([TOKENS[:3], TOKENS[2:]], [1, 3], pad_values="#", padding_width=1))
case("ngrams rank 3", lambda: tf.strings.ngrams([[TOKENS[:2], TOKENS[2:4]]], 2))
case("ngrams empty rows", lambda: tf.strings.ngrams(tf.zeros([2, 0], tf.string), 2))
case("ngrams empty vector padded", lambda: tf.strings.ngrams(tf.constant([], tf.string), 2, pad_values="x"))
case("ngrams ragged", lambda: tf.strings.ngrams(ROWS, 2))
case("ngrams ragged rank 2", lambda: tf.strings.ngrams(tf.ragged.constant([[["a", "b", "c"], []], [["d", "e"]]]), 2))
case("ngrams pad pair", lambda: tf.strings.ngrams(ROWS, 3, pad_values=("<s>", b"</s>")))
case("ngrams pad width", lambda: tf.strings.ngrams(ROWS, (2, 4), separator="|", pad_values="_", padding_width=2))
case("ngrams preserve short", lambda: tf.strings.ngrams(ROWS, 3, preserve_short_sequences=True))
case("ngrams preserve short padded", lambda: tf.strings.ngrams(ROWS, 6, pad_values="_", padding_width=1,
                                                               preserve_short_sequences=True))
case("ngrams int32 splits", lambda: tf.strings.ngrams(
    tf.RaggedTensor.from_row_splits(tf.constant(TOKENS), tf.constant([0, 2, 5], tf.int32)), 2))
case("ngrams width 0", lambda: tf.strings.ngrams(TOKENS, 0))
case("ngrams widths with 0", lambda: tf.strings.ngrams(TOKENS, [2, 0]))
case("ngrams scalar", lambda: tf.strings.ngrams("a", 1))
case("ngrams padding_width 0", lambda: tf.strings.ngrams(TOKENS, 2, pad_values="x", padding_width=0))
case("ngrams padding_width without pad", lambda: tf.strings.ngrams(TOKENS, 2, padding_width=1))
case("ngrams bad pad", lambda: tf.strings.ngrams(TOKENS, 2, pad_values=3))
case("ngrams bad pad pair", lambda: tf.strings.ngrams(TOKENS, 2, pad_values=("a", 3)))
case("ngrams ints", lambda: tf.strings.ngrams([1, 2], 2))
case("ngrams ragged ints", lambda: tf.strings.ngrams(tf.ragged.constant([[1, 2]]), 2))

# --- unsorted_segment_join ----------------------------------------------------------------------

join = tf.strings.unsorted_segment_join
case("unsorted_segment_join guide", lambda: join(["this", "a", "test", "is"], [0, 1, 1, 0], 2, " "))
case("unsorted_segment_join rows", lambda: join([["Y", "q", "c"], ["Y", "6", "6"], ["p", "G", "a"]], [1, 0, 1], 2,
                                                separator=":"))
case("unsorted_segment_join 2-D ids", lambda: join([["a", "b"], ["c", "d"]], [[0, 1], [1, 0]], 3))
case("unsorted_segment_join rank 3", lambda: join(tf.constant([[["a", "b"]], [["c", "d"]]]), [1, 1], 2, "-"))
case("unsorted_segment_join int64", lambda: join(["a", "b"], tf.constant([0, 0], tf.int64), tf.constant(1, tf.int64)))
case("unsorted_segment_join empty strings", lambda: join(["", "a", "", "b", "c", ""], [0, 0, 1, 1, 1, 1], 3, ":"))
case("unsorted_segment_join empty", lambda: join(tf.constant([], tf.string), tf.constant([], tf.int32), 2))
case("unsorted_segment_join traced", lambda: tf.function(lambda x, i: join(x, i, 3, "+"))(
    tf.constant([["a", "b"], ["c", "d"]]), tf.constant([2, 0])))
case("unsorted_segment_join negative id", lambda: join(["a", "b"], [0, -1], 2))
case("unsorted_segment_join id too big", lambda: join(tf.constant(["a", "b"]), tf.constant([0, 2]), 2, name="j"))
case("unsorted_segment_join short ids", lambda: join(["a", "b"], [0], 2))
case("unsorted_segment_join ids rank", lambda: join(["a", "b"], [[0], [0]], 1))
case("unsorted_segment_join scalar ids", lambda: join("a", 0, 1))
case("unsorted_segment_join negative count", lambda: join(["a", "b"], [0, 0], -1))
case("unsorted_segment_join count vector", lambda: join(["a", "b"], [0, 0], [2]))
case("unsorted_segment_join count empty", lambda: join(["a", "b"], [0, 0], tf.zeros([0], tf.int32)))
case("unsorted_segment_join float ids", lambda: join(["a", "b"], [0.0, 0.0], 1))
case("unsorted_segment_join float count", lambda: join(["a", "b"], [0, 0], 1.0))
case("unsorted_segment_join ints", lambda: join([1, 2], [0, 0], 1))
case("unsorted_segment_join int tensor", lambda: join(tf.constant([1, 2]), [0, 0], 1))

# --- decode_raw ---------------------------------------------------------------------------------

RAW = bytes(range(1, 17))
for dtype in (tf.half, tf.float32, tf.float64, tf.int32, tf.uint16, tf.uint8, tf.int16, tf.int8, tf.int64,
              tf.complex64, tf.complex128, tf.bool, tf.bfloat16):
    for little in (True, False):
        case(f"decode_raw {dtype.name} little_endian={little}", lambda: tf.io.decode_raw(
            [RAW, RAW[::-1]], dtype, little_endian=little))
    case(f"decode_raw {dtype.name} fixed_length", lambda: tf.io.decode_raw(
        [[RAW[:3]], [RAW]], dtype, fixed_length=16 if dtype.size > 8 else 8, little_endian=False))
case("decode_raw float specials", lambda: tf.io.decode_raw([np.array([np.inf, -0.0, 1.5], np.float32).tobytes()],
                                                           tf.float32))
case("decode_raw scalar", lambda: tf.io.decode_raw("12", tf.uint16))
case("decode_raw matrix", lambda: tf.io.decode_raw([["1234", "5678"]], tf.int16))
case("decode_raw empty strings", lambda: tf.io.decode_raw(["", ""], tf.int32))
case("decode_raw empty", lambda: tf.io.decode_raw(tf.constant([], tf.string), tf.int32))
case("decode_raw odd length", lambda: tf.io.decode_raw("123", tf.uint16))
case("decode_raw different lengths", lambda: tf.io.decode_raw(["12", "1234"], tf.uint8))
case("decode_raw string type", lambda: tf.io.decode_raw(["12"], tf.string))
case("decode_raw uint32", lambda: tf.io.decode_raw(["1234"], tf.uint32))
case("decode_raw ints", lambda: tf.io.decode_raw([1], tf.uint8))
case("decode_raw name", lambda: tf.io.decode_raw("123", tf.uint16, name="raw"))
case("decode_raw fixed_length truncates", lambda: tf.io.decode_raw("\x01\x02\x03\x04", tf.uint16, fixed_length=2))
case("decode_raw fixed_length tensor", lambda: tf.io.decode_raw(["12", "3456"], tf.int16,
                                                                fixed_length=tf.constant(4)))
case("decode_raw fixed_length not a multiple", lambda: tf.io.decode_raw(["1234"], tf.int32, fixed_length=6))
case("decode_raw fixed_length negative not a multiple", lambda: tf.io.decode_raw(["1234"], tf.int32,
                                                                                 fixed_length=-3))
case("decode_raw fixed_length 0", lambda: tf.io.decode_raw(["1234"], tf.int32, fixed_length=0))
case("decode_raw fixed_length negative", lambda: tf.io.decode_raw(["1234"], tf.int32, fixed_length=-4))
case("decode_raw fixed_length vector", lambda: tf.io.decode_raw(["1234"], tf.int32, fixed_length=[4]))
case("decode_raw fixed_length int64", lambda: tf.io.decode_raw(["1234"], tf.int32,
                                                               fixed_length=tf.constant(4, tf.int64)))
case("decode_raw fixed_length complex", lambda: tf.io.decode_raw(["1234"], tf.complex64, fixed_length=8))
case("decode_raw fixed_length bool", lambda: tf.io.decode_raw(["1234"], tf.bool, fixed_length=4))
case("decode_raw v1", lambda: tf.compat.v1.decode_raw(bytes="1234", out_type=tf.int16))
case("decode_raw v1 io", lambda: tf.compat.v1.io.decode_raw(["1234"], tf.int16, False))
case("decode_raw v1 both", lambda: tf.compat.v1.decode_raw(input_bytes="12", bytes="34", out_type=tf.int16))
case("decode_raw v1 no type", lambda: tf.compat.v1.decode_raw("12"))
case("decode_raw traced", lambda: tf.function(lambda x: tf.io.decode_raw(x, tf.int32))(tf.constant([RAW, RAW])))
case("decode_raw traced fixed_length", lambda: tf.function(
    lambda x: tf.io.decode_raw(x, tf.int16, fixed_length=6, little_endian=False))(tf.constant(["ab", RAW])))
case("decode_raw traced shape", lambda: tf.constant(repr(tf.function(
    lambda x: tf.io.decode_raw(x, tf.int16, fixed_length=6)).get_concrete_function(
    tf.TensorSpec([None, 2], tf.string)).structured_outputs.shape)))
try:
    tf.function(lambda x: tf.io.decode_raw(x, tf.int32, fixed_length=6)).get_concrete_function(
        tf.TensorSpec([None], tf.string))
except ValueError as e:  # the reason (the traceback's lines and the constant's node name differ)
    results["decode_raw traced not a multiple"] = str(e).split(" for '")[0].splitlines()[-1]
ds = tf.data.Dataset.from_tensor_slices([RAW, RAW[::-1]]).map(lambda x: tf.io.decode_raw(x, tf.int64))
results["decode_raw dataset spec"] = repr((ds.element_spec.dtype.name, tuple(ds.element_spec.shape)))
results["decode_raw dataset"] = repr([np.asarray(v).tolist() for v in ds])

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True, ensure_ascii=False)
