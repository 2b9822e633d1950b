"""tf.strings' element-wise ops (lower, upper, strip, length, substr, join, reduce_join,
regex_replace, regex_full_match, to_number, the hash buckets), run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/strings/) and under varrt (by
tests/test_strings.py).

    python strings_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}. Each op runs eagerly on scalars, vectors and [N, 1]
matrices of text with accents, emoji and empty strings, inside a traced function, in a tf.data
map, and with bad arguments (the error's type and text)."""
import json
import os
import re
import string
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}

TEXT = ["Hello Wörld", "  ÉCOLE  été\t", "", "emoji 😀 OK!", "ǅungla İstanbul ß", "a<br />b, c."]


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def show(t):
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t)
    return f"{t.dtype.name} {tuple(t.shape)} {a.tolist()!r}"


def case(name, fn):
    """The value of fn(), or its error's type and text."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        record(name, f"{type(e).__name__}: {e}")
    else:
        record(name, show(value))


def shapes(name, fn, *, errors=True):
    """fn on a scalar, a vector and an [N, 1] matrix of TEXT; traced and in a tf.data map too."""
    case(f"{name} scalar", lambda: fn(tf.constant(TEXT[1])))
    case(f"{name} vector", lambda: fn(tf.constant(TEXT)))
    case(f"{name} matrix", lambda: fn(tf.constant([[t] for t in TEXT])))
    case(f"{name} empty", lambda: fn(tf.constant([], tf.string)))
    case(f"{name} traced", lambda: tf.function(fn)(tf.constant(TEXT)))
    ds = tf.data.Dataset.from_tensor_slices(TEXT).map(fn)
    record(f"{name} dataset spec", repr((ds.element_spec.dtype.name, tuple(ds.element_spec.shape))))
    record(f"{name} dataset", repr([np.asarray(v).tolist() for v in ds]))
    ds = tf.data.Dataset.from_tensor_slices(TEXT).batch(4).map(fn)
    record(f"{name} batched dataset", repr([np.asarray(v).tolist() for v in ds]))


# --- case, stripping and lengths ----------------------------------------------------------------

shapes("lower", tf.strings.lower)
shapes("lower utf-8", lambda x: tf.strings.lower(x, encoding="utf-8"))
shapes("upper", tf.strings.upper)
shapes("upper utf-8", lambda x: tf.strings.upper(x, encoding="utf-8"))
case("upper bad encoding", lambda: tf.strings.upper(TEXT, encoding="latin-1"))
case("lower of ints", lambda: tf.strings.lower(tf.constant([1, 2])))
shapes("strip", tf.strings.strip)
case("strip whitespace", lambda: tf.strings.strip(["\t\n\x0b\x0c\r a b \r\n", " ", "x "]))
shapes("length", tf.strings.length)
shapes("length utf8", lambda x: tf.strings.length(x, unit="UTF8_CHAR"))
case("length bad unit", lambda: tf.strings.length(TEXT, unit="CHAR"))
case("length python list", lambda: tf.strings.length(["ab", "ü"]))

# --- substr ---------------------------------------------------------------------------------------

WORDS = ["hello", "wörld", "😀ab", "abc"]
shapes("substr 0 3", lambda x: tf.strings.substr(x, 0, 3))
shapes("substr utf8 0 3", lambda x: tf.strings.substr(x, 0, 3, unit="UTF8_CHAR"))
for pos, n in [(1, 2), (-2, 2), (-3, 5), (0, -1), (2, 0), (3, 10), (-1, -1), (5, 1), (-5, 2), (4, 1)]:
    case(f"substr {pos} {n}", lambda: tf.strings.substr(WORDS, pos, n))
    case(f"substr utf8 {pos} {n}", lambda: tf.strings.substr(WORDS, pos, n, unit="UTF8_CHAR"))
case("substr per element", lambda: tf.strings.substr(WORDS, [0, 1, 2, 3], [1, 2, 3, 4]))
case("substr per element utf8", lambda: tf.strings.substr(WORDS, [0, 1, 2, -1], [1, 2, 3, 4], unit="UTF8_CHAR"))
case("substr broadcast", lambda: tf.strings.substr([["hello"], ["wörld"]], [1, 2, 3], [2, 2, 2]))
case("substr broadcast row", lambda: tf.strings.substr("hello", [0, 1, 2], [1, 2, 3]))
case("substr broadcast out of range", lambda: tf.strings.substr([["hello"], ["ab"]], [1, 3], [1, 1]))
case("substr broadcast out of range utf8",
     lambda: tf.strings.substr([["hello"], ["ab"]], [1, 3], [1, 1], unit="UTF8_CHAR"))
case("substr broadcast 3-d", lambda: tf.strings.substr([[["ab"]]], [[[0, 1]]], [[[1, 1]]]))
case("substr incompatible", lambda: tf.strings.substr(["ab", "cd", "ef"], [0, 1], [1, 1]))
case("substr pos len shapes", lambda: tf.strings.substr(["ab", "cd"], [0, 1], [1]))
case("substr empty pos", lambda: tf.strings.substr([], tf.constant([], tf.int32), tf.constant([], tf.int32)))
case("substr int64", lambda: tf.strings.substr(WORDS, tf.constant(1, tf.int64), tf.constant(2, tf.int64)))
case("substr mixed types", lambda: tf.strings.substr(WORDS, tf.constant(1, tf.int64), tf.constant(2)))
case("substr traced", lambda: tf.function(lambda x, p: tf.strings.substr(x, p, 2))(tf.constant(WORDS), 1))

# --- joins ----------------------------------------------------------------------------------------

case("join", lambda: tf.strings.join([TEXT, "|", TEXT], separator="-"))
case("join scalars", lambda: tf.strings.join(["a", "b", "é"]))
case("join none", lambda: tf.strings.join([]))
case("join matrix", lambda: tf.strings.join([[["a"], ["b"]], "x"], separator=", "))
case("join mismatch", lambda: tf.strings.join([["a", "b"], ["a", "b", "c"]]))
case("join traced", lambda: tf.function(lambda a, b: tf.strings.join([a, b], separator=" "))(
    tf.constant(["x", "y"]), tf.constant(["1", "2"])))
GRID = [["a", "b", "c"], ["d", "é", ""]]
for axis in [None, 0, 1, -1, [0, 1], [1, 0], [], -2]:
    case(f"reduce_join {axis}", lambda: tf.strings.reduce_join(GRID, axis=axis))
    case(f"reduce_join {axis} keepdims sep", lambda: tf.strings.reduce_join(GRID, axis=axis, keepdims=True,
                                                                                   separator="/"))
case("reduce_join 3-d", lambda: tf.strings.reduce_join(np.array(list("abcdefghijkl")).reshape(2, 3, 2), axis=[2, 0]))
case("reduce_join scalar", lambda: tf.strings.reduce_join("abc"))
case("reduce_join empty", lambda: tf.strings.reduce_join(tf.zeros([2, 0], tf.string), axis=1, separator=","))
case("reduce_join bad axis", lambda: tf.strings.reduce_join(GRID, axis=2))
case("reduce_join duplicate axis", lambda: tf.strings.reduce_join(GRID, axis=[1, -1]))
case("reduce_join traced", lambda: tf.function(lambda x: tf.strings.reduce_join(x, axis=1, separator=" "))(
    tf.constant(GRID)))

# --- regular expressions -----------------------------------------------------------------------

PUNCT = "[%s]" % re.escape(string.punctuation)
shapes("regex_replace vowels", lambda x: tf.strings.regex_replace(x, "[aeiouéö]", "#"))
shapes("regex_replace first", lambda x: tf.strings.regex_replace(x, "[aeiouéö]", "#", replace_global=False))
shapes("regex_replace punctuation", lambda x: tf.strings.regex_replace(x, PUNCT, ""))
shapes("regex_full_match", lambda x: tf.strings.regex_full_match(x, ".*[Oo].*"))


def custom_standardization(input_data):
    # The text-classification tutorial's function.
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")


shapes("custom_standardization", custom_standardization)
for pattern, rewrite in [(r"(\w+) (\w+)", r"\2 \1"), (r"o", r"<\0>"), ("a*", "-"), ("x*", "-"), ("$", "$"),
                         ("^", ">"), (r"\s+", " "), (r"(?i)é", "E"), (r"\bw", "W"), ("[[:punct:]]", ""),
                         (r"\QOK!\E", "ok"), ("o", r"\\"), ("o", r"\q"), ("(o)", r"\2"), ("ö|😀", "?"),
                         (r"\d", "D"), (".", "."), ("(?s).$", "!"), (r"a\z", "Z")]:
    case(f"regex_replace {pattern!r} {rewrite!r}", lambda: tf.strings.regex_replace(TEXT, pattern, rewrite))
    case(f"regex_replace once {pattern!r} {rewrite!r}",
         lambda: tf.strings.regex_replace(TEXT, pattern, rewrite, replace_global=False))
for pattern in ["(a)\\1", "a(?=b)", "(?<!a)b", "(?P<x>a)(?P=x)", "(?>a)", "a*+", "\\Z", "(a", "a)", "*a", "[a",
                "a{2,1}", "a{1001}", "(?#c)", "(?x)a", "[b-a]", "a**", "\\"]:
    case(f"regex_replace invalid {pattern!r}", lambda: tf.strings.regex_replace(TEXT, pattern, ""))
    case(f"regex_full_match invalid {pattern!r}", lambda: tf.strings.regex_full_match(TEXT, pattern))
for pattern in ["", ".*", "[a-z ]+", "(?i)hello.*", "\\w+", ".{0,5}", ".*😀.*", "ǅ.*"]:
    case(f"regex_full_match {pattern!r}", lambda: tf.strings.regex_full_match(TEXT, pattern))
case("regex_replace tensor pattern", lambda: tf.strings.regex_replace(TEXT, tf.constant("[lo]"), "_"))
case("regex_replace tensor pattern invalid", lambda: tf.strings.regex_replace(TEXT, tf.constant("(?=a)"), "_"))
case("regex_replace pattern not scalar", lambda: tf.strings.regex_replace(TEXT, tf.constant(["a", "b"]), "_"))
case("regex_full_match tensor pattern", lambda: tf.strings.regex_full_match(TEXT, tf.constant(".*l.*")))
case("regex_full_match pattern not scalar", lambda: tf.strings.regex_full_match(TEXT, tf.constant(["a"])))
case("regex traced tensor pattern", lambda: tf.function(lambda x, p: tf.strings.regex_replace(x, p, "+"))(
    tf.constant(TEXT), tf.constant("l+")))

# --- numbers ----------------------------------------------------------------------------------------

NUMBERS = ["1.5", " 2 ", "3e2", "-7", "+5", "1.", ".5", "inf", "-Infinity", "nan", "0x1A", "-0x10", "\t7\n",
           "00000000000000000000000000000000000001", "1e40", "99999999999", "2147483647", "-2147483648",
           "2147483648", "18446744073709551615", "-1", "1_0", "", "abc", "1e", "- 5", "5 6", "١", "1,5", "0x"]
for dtype in [tf.float32, tf.float64, tf.int32, tf.int64]:
    for v in NUMBERS:
        case(f"to_number {dtype.name} {v!r}", lambda: tf.strings.to_number([v], out_type=dtype))
case("to_number default", lambda: tf.strings.to_number([["1", "2.5"], ["-3", "4e-1"]]))
case("to_number scalar", lambda: tf.strings.to_number("12", tf.int32))
case("to_number bad type", lambda: tf.strings.to_number(["1"], out_type=tf.int8))
case("to_number traced", lambda: tf.function(lambda x: tf.strings.to_number(x, tf.int64))(tf.constant(["4", "-5"])))
ds = tf.data.Dataset.from_tensor_slices(["1", "2.5", "-3"]).map(tf.strings.to_number)
record("to_number dataset", repr([float(v) for v in ds]))

# --- hash buckets -------------------------------------------------------------------------------------

for buckets in [1, 7, 1000003, 2 ** 40]:
    shapes(f"to_hash_bucket_fast {buckets}", lambda x: tf.strings.to_hash_bucket_fast(x, buckets))
    shapes(f"to_hash_bucket_strong {buckets}", lambda x: tf.strings.to_hash_bucket_strong(x, buckets, [7, 11]))
    shapes(f"to_hash_bucket {buckets}", lambda x: tf.strings.to_hash_bucket(x, buckets))
LONG = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "é" * 13, "😀" * 17]
case("to_hash_bucket lengths", lambda: tf.strings.to_hash_bucket(LONG, 2 ** 62))
case("to_hash_bucket_fast lengths", lambda: tf.strings.to_hash_bucket_fast(LONG, 2 ** 62))
case("to_hash_bucket_strong lengths", lambda: tf.strings.to_hash_bucket_strong(LONG, 2 ** 62, [2 ** 40, 3]))
case("to_hash_bucket_strong bad key", lambda: tf.strings.to_hash_bucket_strong(TEXT, 7, [1]))
case("to_hash_bucket_fast 0 buckets", lambda: tf.strings.to_hash_bucket_fast(TEXT, 0))
case("to_hash_bucket of ints", lambda: tf.strings.to_hash_bucket(tf.constant([1]), 5))

# --- transcoding ----------------------------------------------------------------------------------

RAW = [b"Hello", "émile 😀".encode(), b"", b"bad\xff\xfeutf8\xc3", b"ctl\x01\x1f\x7f\xc2\x85", b"a\xed\xa0\x80b",
       b"\xf4\x90\x80\x80", b"\xc0\xaf"]
for out_encoding in ["UTF-8", "UTF-16-BE", "UTF-32-BE", "ISO-8859-1"]:
    for errors in ["replace", "ignore", "strict"]:
        case(f"unicode_transcode UTF-8 {out_encoding} {errors}",
             lambda: tf.strings.unicode_transcode(RAW, "UTF-8", out_encoding, errors=errors))
for in_encoding, data in [("UTF-16-BE", [b"\x00h\xd8\x3d\xde\x00", b"\xd8\x00", b"\x00"]),
                          ("UTF-32-BE", [b"\x00\x00\xd8\x00", b"\x00\x01\xf6\x00"]),
                          ("ISO-8859-1", [b"caf\xe9"]), ("US-ASCII", [b"a\xe9", b"\x80"]), ("FOO", [b"a"])]:
    case(f"unicode_transcode from {in_encoding}", lambda: tf.strings.unicode_transcode(data, in_encoding, "UTF-8"))
case("unicode_transcode controls", lambda: tf.strings.unicode_transcode(RAW, "UTF-8", "UTF-8",
                                                                        replace_control_characters=True))
case("unicode_transcode replacement", lambda: tf.strings.unicode_transcode(RAW, "UTF-8", "UTF-8", replacement_char=63))
case("unicode_transcode replacement range", lambda: tf.strings.unicode_transcode(RAW, "UTF-8", "UTF-8",
                                                                                 replacement_char=0x110000))
case("unicode_transcode errors", lambda: tf.strings.unicode_transcode(RAW, "UTF-8", "UTF-8", errors="boom"))
shapes("unicode_transcode", lambda x: tf.strings.unicode_transcode(x, "UTF-8", "UTF-16-BE"))

# --- TensorFlow 1's signatures ---------------------------------------------------------------------

v1 = tf.compat.v1
case("v1 reduce_join keep_dims", lambda: v1.strings.reduce_join(GRID, reduction_indices=[1], keep_dims=True))
case("v1 reduce_join both", lambda: v1.strings.reduce_join(GRID, axis=0, reduction_indices=[1]))
case("v1 top reduce_join", lambda: v1.reduce_join(GRID, 0, None, "+"))
case("v1 to_number string_tensor", lambda: v1.strings.to_number(string_tensor=["1", "2"], out_type=tf.int32))
case("v1 to_number both", lambda: v1.strings.to_number(string_tensor=["1"], input=["2"]))
case("v1 string_to_number", lambda: v1.string_to_number(["3.5"]))
case("v1 string_to_hash_bucket", lambda: v1.string_to_hash_bucket(TEXT, 9))
case("v1 to_hash_bucket input", lambda: v1.strings.to_hash_bucket(input=TEXT, num_buckets=9))
case("v1 substr positional name", lambda: v1.substr(WORDS, 1, 2, "s", "UTF8_CHAR"))
case("v1 length positional name", lambda: v1.strings.length(TEXT, "n", "UTF8_CHAR"))
case("v2 length positional unit", lambda: tf.strings.length(TEXT, "UTF8_CHAR"))
case("v1 string_join", lambda: v1.string_join([WORDS, WORDS], "/"))
case("v1 string_strip", lambda: v1.string_strip(TEXT))
case("v1 regex_replace", lambda: v1.regex_replace(TEXT, "[aeiou]", "."))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True, ensure_ascii=False)
