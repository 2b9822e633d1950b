"""`tf.keras.utils.get_file`, `tf.keras.datasets` and the plain-Python utilities beside them
(`pad_sequences`, `to_categorical`, `normalize`, `Progbar`), run under TensorFlow 2.21's Keras
(recorded by tests/tools/record_keras_program.py into tests/fixtures/keras_datasets/) and under
varrt (tests/test_keras_datasets.py).

    python keras_datasets_program.py varrt|tensorflow OUT_DIR

Nothing leaves 127.0.0.1: downloads come from a server on 127.0.0.1 started here
(tests/local_http.py), and urllib refuses every other host. The datasets' files are synthetic,
laid out as the real downloads (tests/dataset_files.py), in a KERAS_HOME under OUT_DIR. Their
hashes cannot be the real files', so each framework's hash check is replaced, for the datasets'
cases only, by one that records the hash the loader asked for and accepts the file.

Writes OUT_DIR/results.json: {case: text}."""
import contextlib
import hashlib
import io
import json
import os
import re
import sys
import warnings

import numpy as np

OUT_DIR = os.path.abspath(sys.argv[2])
KERAS_HOME = os.path.join(OUT_DIR, "keras_home")
os.environ["KERAS_HOME"] = KERAS_HOME  # before the import: Keras (and varrt) read it once, then
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files  # noqa: E402
import local_http  # noqa: E402

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    from keras.src.utils import file_utils as hash_module  # where Keras's get_file finds validate_file
else:
    import varrt as tf
    from varrt.keras_utils import file_hash as hash_module  # where varrt's get_file finds validate_file

keras = tf.keras
results = {}
SERVED = os.path.join(OUT_DIR, "served")
os.makedirs(SERVED)
local_http.only_loopback()
server = local_http.LocalServer(SERVED)
PORT = server.port
CLOSED_PORT = local_http.free_port()


def text(value):
    value = str(value).replace(KERAS_HOME, "KERAS_HOME").replace(OUT_DIR, "OUT_DIR")
    return value.replace(f"127.0.0.1:{PORT}", "127.0.0.1:PORT").replace(f"127.0.0.1:{CLOSED_PORT}", "127.0.0.1:CLOSED")


def record(name, value):
    results[name] = text(value if isinstance(value, str) else repr(value))


def describe_error(e):
    return text(f"{type(e).__name__}: {e}")


def printed_bar(out, every_drawing):
    """What was printed, its timings made X; of a download's bar, the first drawing and the last
    (the ones in between depend on the clock)."""
    out = re.sub(r"\d+(us|ms|s)/", "X/", out)
    out = re.sub(r"\x1b\[1m\d+(:\d\d)*s\x1b\[0m", "\x1b[1mXs\x1b[0m", out)
    out = re.sub(r" - \d+s - ", " - Xs - ", out)
    out = re.sub(r" *\x08+", "<erase>", out)  # how far a redraw erases depends on the timings' widths
    out = re.sub(r" +\n", "\n", out)
    parts = out.split("\r")
    if every_drawing:
        return out
    kept = [parts[0]] + ([parts[1].replace("<erase>", ""), parts[-1]] if len(parts) > 2 else parts[1:])
    return "\r".join(kept)


def call(name, fn, printed="bar"):
    """Records fn's result (or error), what it printed ("bar": a download's bar, "all": all of
    it, None: nothing) and the warnings it gave."""
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(out):
        warnings.simplefilter("always")
        try:
            value = fn()
        except Exception as e:  # noqa: BLE001 - the type and text are what is compared
            value = describe_error(e)
    record(name, value)
    if printed:
        record(f"{name}.printed", printed_bar(out.getvalue(), printed == "all"))
    record(f"{name}.warnings", [str(w.message) for w in caught])
    return value


def tree(path):
    """The files under `path`, with their sizes."""
    if not os.path.isdir(path):
        return f"no folder {text(path)}"
    return sorted((os.path.relpath(os.path.join(d, f), path), os.path.getsize(os.path.join(d, f)))
                  for d, _, files in os.walk(path) for f in files)


def serve(name, data):
    with open(os.path.join(SERVED, name), "wb") as f:
        f.write(data)
    return server.url(name)


def requests():
    """The requests since the last look."""
    seen, server.requests[:] = list(server.requests), []
    return seen


# --- get_file ------------------------------------------------------------------------------
DATA = bytes(range(256)) * 80  # 20480 bytes: three of urlretrieve's blocks
url = serve("data.bin", DATA)
SHA256, MD5 = hashlib.sha256(DATA).hexdigest(), hashlib.md5(DATA).hexdigest()
get_file = keras.utils.get_file
call("get_file.download", lambda: get_file("data.bin", origin=url))
record("get_file.download.requests", requests())
call("get_file.cached", lambda: get_file("data.bin", origin=url))
record("get_file.cached.requests", requests())
call("get_file.renamed", lambda: get_file("renamed.dat", url))
call("get_file.name_from_origin", lambda: get_file(origin=url + "?query=1"))
os.makedirs(os.path.join(OUT_DIR, "elsewhere"))  # a cache_dir that is not a writable folder means /tmp/.keras
call("get_file.cache_dir_subdir", lambda: get_file("d.bin", url, cache_dir=os.path.join(OUT_DIR, "elsewhere"),
                                                   cache_subdir="sub/dir"))
call("get_file.absolute_subdir", lambda: get_file("d.bin", url, cache_subdir=os.path.join(OUT_DIR, "absolute")))
call("get_file.sha256", lambda: get_file("h1.bin", url, file_hash=SHA256))
call("get_file.md5", lambda: get_file("h2.bin", url, file_hash=MD5))
call("get_file.md5_hash_argument", lambda: get_file("h3.bin", url, md5_hash=MD5))
call("get_file.sha256_named", lambda: get_file("h4.bin", url, file_hash=SHA256, hash_algorithm="sha256"))
call("get_file.wrong_hash", lambda: get_file("bad.bin", url, file_hash="0" * 64))
record("get_file.wrong_hash.kept", os.path.exists(os.path.join(KERAS_HOME, "datasets", "bad.bin")))
call("get_file.wrong_md5_named", lambda: get_file("bad2.bin", url, file_hash="0" * 64, hash_algorithm="md5"))
with open(os.path.join(KERAS_HOME, "datasets", "stale.bin"), "wb") as f:
    f.write(b"an old, incomplete copy")
requests()
call("get_file.stale_cached_copy", lambda: get_file("stale.bin", url, file_hash=SHA256))
record("get_file.stale_cached_copy.requests", requests())
record("get_file.stale_cached_copy.size", os.path.getsize(os.path.join(KERAS_HOME, "datasets", "stale.bin")))
call("get_file.cached_with_hash", lambda: get_file("stale.bin", url, file_hash=MD5))
call("get_file.force_download", lambda: get_file("data.bin", url, force_download=True))
record("get_file.force_download.requests", requests())
call("get_file.unsized", lambda: get_file("unsized.bin", server.url("unsized/data.bin")))
record("get_file.unsized.size", os.path.getsize(os.path.join(KERAS_HOME, "datasets", "unsized.bin")))
call("get_file.no_origin", lambda: get_file("x.bin"))
call("get_file.path_as_fname", lambda: get_file("a/b.bin", url))
call("get_file.origin_without_name", lambda: get_file(origin=server.url("")))
call("get_file.not_found", lambda: get_file("missing.bin", server.url("missing.bin")))
record("get_file.not_found.left", os.path.exists(os.path.join(KERAS_HOME, "datasets", "missing.bin")))
closed = f"http://127.0.0.1:{CLOSED_PORT}/x.bin"
call("get_file.refused", lambda: get_file("refused.bin", closed))
record("get_file.refused.left", os.path.exists(os.path.join(KERAS_HOME, "datasets", "refused.bin")))
call("get_file.other_host", lambda: get_file("far.bin", "https://example.com/far.bin"))

ARCHIVED = {"photos/a.txt": b"alpha\n", "photos/sub/b.txt": b"beta" * 3000, "top.txt": b"top"}
tgz = os.path.join(SERVED, "photos.tar.gz")
dataset_files.tar_gz(tgz, ARCHIVED)
dataset_files.zip_file(os.path.join(SERVED, "photos.zip"), ARCHIVED)
dataset_files.tar_gz(os.path.join(SERVED, "flowers.tgz"), ARCHIVED)
for case, kwargs in (
        ("dotted_name", dict(fname="photos.tar.gz", origin=server.url("photos.tar.gz"), extract=True)),
        ("plain_name", dict(fname="photos", origin=server.url("photos.tar.gz"), extract=True)),
        ("name_from_origin", dict(origin=server.url("flowers.tgz"), extract=True)),
        ("zip", dict(fname="zipped.zip", origin=server.url("photos.zip"), extract=True)),
        ("zip_plain_name", dict(fname="zipped", origin=server.url("photos.zip"), extract=True)),
        ("untar", dict(fname="untarred", origin=server.url("photos.tar.gz"), untar=True)),
        ("untar_a_zip", dict(fname="untar_zip", origin=server.url("photos.zip"), untar=True)),
        ("format_zip_of_a_tar", dict(fname="wrong_format", origin=server.url("photos.tar.gz"), extract=True,
                                     archive_format="zip")),
        ("format_tar", dict(fname="tar_only", origin=server.url("photos.tar.gz"), extract=True,
                            archive_format="tar")),
        ("format_none", dict(fname="no_format", origin=server.url("photos.tar.gz"), extract=True,
                             archive_format=None)),
        ("not_an_archive", dict(fname="plain.bin", origin=url, extract=True)),
        ("hash_of_archive", dict(fname="hashed.tar.gz", origin=server.url("photos.tar.gz"), extract=True,
                                 file_hash=hashlib.sha256(open(tgz, "rb").read()).hexdigest())),
):
    path = call(f"get_file.extract.{case}", lambda: get_file(**kwargs))
    record(f"get_file.extract.{case}.tree", tree(path))
    record(f"get_file.extract.{case}.cache", sorted(os.listdir(os.path.join(KERAS_HOME, "datasets"))))
call("get_file.extract.again_from_cache", lambda: get_file("photos", origin=server.url("photos.tar.gz"), extract=True))
dataset_files.tar_gz(os.path.join(SERVED, "escape.tar.gz"), {"../outside.txt": b"no", "inside.txt": b"yes"})
path = call("get_file.extract.unsafe_member", lambda: get_file("escape", server.url("escape.tar.gz"), extract=True))
record("get_file.extract.unsafe_member.tree", tree(path))
record("get_file.extract.unsafe_member.outside", os.path.exists(os.path.join(KERAS_HOME, "datasets", "outside.txt")))
dataset_files.zip_file(os.path.join(SERVED, "escape.zip"), {"../outside.txt": b"no", "inside.txt": b"yes"})
path = call("get_file.extract.unsafe_zip_member", lambda: get_file("escapez", server.url("escape.zip"), extract=True))
record("get_file.extract.unsafe_zip_member.tree", tree(path))


# --- the datasets --------------------------------------------------------------------------
def arrays(value):
    """dtype, shape and a digest of each array of a `load_data` result."""
    if isinstance(value, tuple):
        return tuple(arrays(v) for v in value)
    data = repr(value.tolist()) if value.dtype == object else value.tobytes()
    data = data.encode() if isinstance(data, str) else data
    return (str(value.dtype), value.shape, hashlib.sha256(data).hexdigest()[:16])


def listing(value):
    """The arrays of a small result in full."""
    if isinstance(value, tuple):
        return tuple(listing(v) for v in value)
    return (str(value.dtype), value.shape, value.tolist())


dataset_files.write_datasets(os.path.join(KERAS_HOME, "datasets"))
asked = []
real_validate = hash_module.validate_file


def accept_synthetic(fpath, file_hash, algorithm="auto", chunk_size=65535):
    asked.append((os.path.basename(fpath), file_hash, algorithm))
    return True


hash_module.validate_file = accept_synthetic
for case, fn, show in (
        ("mnist", lambda: keras.datasets.mnist.load_data(), arrays),
        ("mnist.path", lambda: keras.datasets.mnist.load_data(path="mnist_other.npz"), arrays),
        ("fashion_mnist", lambda: keras.datasets.fashion_mnist.load_data(), arrays),
        ("cifar10", lambda: keras.datasets.cifar10.load_data(), arrays),
        ("cifar100", lambda: keras.datasets.cifar100.load_data(), arrays),
        ("cifar100.coarse", lambda: keras.datasets.cifar100.load_data(label_mode="coarse"), arrays),
        ("cifar100.bad_label_mode", lambda: keras.datasets.cifar100.load_data(label_mode="medium"), arrays),
        ("imdb", lambda: keras.datasets.imdb.load_data(), listing),
        ("imdb.num_words_skip_top", lambda: keras.datasets.imdb.load_data(num_words=20, skip_top=5), listing),
        ("imdb.maxlen_seed", lambda: keras.datasets.imdb.load_data(maxlen=6, seed=4), listing),
        ("imdb.no_start_no_oov", lambda: keras.datasets.imdb.load_data(start_char=None, oov_char=None,
                                                                       num_words=15), listing),
        ("imdb.index_from_0", lambda: keras.datasets.imdb.load_data(start_char=None, index_from=0), listing),
        ("imdb.maxlen_too_small", lambda: keras.datasets.imdb.load_data(maxlen=2), listing),
        ("imdb.word_index", lambda: keras.datasets.imdb.get_word_index(), repr),
        ("reuters", lambda: keras.datasets.reuters.load_data(), listing),
        ("reuters.options", lambda: keras.datasets.reuters.load_data(num_words=25, skip_top=4, maxlen=9,
                                                                     test_split=0.4, seed=1, start_char=3,
                                                                     oov_char=0, index_from=5), listing),
        ("reuters.no_start_index_from_0", lambda: keras.datasets.reuters.load_data(start_char=None, index_from=0,
                                                                                   oov_char=None), listing),
        ("reuters.word_index", lambda: keras.datasets.reuters.get_word_index(), repr),
        ("reuters.label_names", lambda: keras.datasets.reuters.get_label_names(), repr),
        ("boston_housing", lambda: keras.datasets.boston_housing.load_data(), arrays),
        ("boston_housing.split_seed", lambda: keras.datasets.boston_housing.load_data(test_split=0.5, seed=3),
         arrays),
        ("boston_housing.split_1", lambda: keras.datasets.boston_housing.load_data(test_split=1), arrays),
        ("boston_housing.split_negative", lambda: keras.datasets.boston_housing.load_data(test_split=-0.1),
         arrays),
        ("california_housing", lambda: keras.datasets.california_housing.load_data(), arrays),
        ("california_housing.small", lambda: keras.datasets.california_housing.load_data(version="small",
                                                                                         test_split=0.1), arrays),
        ("california_housing.bad_version", lambda: keras.datasets.california_housing.load_data(version="tiny"),
         arrays),
):
    asked.clear()
    call(f"datasets.{case}", lambda: show(fn()))
    record(f"datasets.{case}.hashes_asked", list(asked))
hash_module.validate_file = real_validate
# With the real check, the synthetic file is not MNIST's: downloaded again, from a host the test refuses.
call("datasets.mnist.real_hash_checked", lambda: arrays(keras.datasets.mnist.load_data()))
record("datasets.mnist.real_hash_checked.left", os.path.exists(os.path.join(KERAS_HOME, "datasets", "mnist.npz")))
record("datasets.modules", {m: sorted(n for n in dir(getattr(keras.datasets, m)) if not n.startswith("_"))
                            for m in ("boston_housing", "california_housing", "cifar10", "cifar100",
                                      "fashion_mnist", "imdb", "mnist", "reuters")})
record("datasets.cache", tree(os.path.join(KERAS_HOME, "datasets")))

# --- pad_sequences, to_categorical, normalize, Progbar ------------------------------------
pad = keras.utils.pad_sequences
for case, fn in (
        ("default", lambda: pad([[1, 2, 3], [4, 5], [6], []])),
        ("maxlen_post", lambda: pad([[1, 2, 3, 4], [5]], maxlen=3, padding="post", truncating="post")),
        ("maxlen_pre_value", lambda: pad([[1, 2, 3, 4], [5]], maxlen=2, value=-1.5, dtype="float32")),
        ("steps", lambda: pad([np.ones((2, 3)), np.zeros((4, 3))], maxlen=3, dtype="float64")),
        ("strings", lambda: pad([["a", "b"], ["c"]], dtype=object, value="")),
        ("string_value_int_dtype", lambda: pad([[1]], value="x")),
        ("bad_padding", lambda: pad([[1, 2]], padding="middle")),
        ("bad_truncating", lambda: pad([[1, 2, 3]], maxlen=2, truncating="middle")),
        ("not_iterable", lambda: pad(5)),
        ("element_not_iterable", lambda: pad([[1], 2])),
        ("step_shape_mismatch", lambda: pad([np.ones((2, 3)), np.ones((2, 4))])),
        ("preprocessing_sequence", lambda: keras.preprocessing.sequence.pad_sequences([[7, 8, 9]], maxlen=5)),
):
    call(f"pad_sequences.{case}", lambda: listing(fn()), printed=None)
to_categorical = keras.utils.to_categorical
for case, fn in (
        ("list", lambda: listing(to_categorical([0, 2, 1, 3]))),
        ("num_classes", lambda: listing(to_categorical([[1], [0]], num_classes=4))),
        ("matrix", lambda: listing(to_categorical(np.array([[0, 1], [2, 1]])))),
        ("tensor", lambda: to_categorical(tf.constant([[1], [2], [0]]), num_classes=3)),
        ("tensor_row", lambda: to_categorical(tf.constant([2, 0]), 4)),
        ("variable", lambda: to_categorical(tf.Variable([[0], [3]]), 5)),
        ("out_of_range", lambda: listing(to_categorical([5], num_classes=3))),
):
    call(f"to_categorical.{case}", fn, printed=None)
normalize = keras.utils.normalize
X = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -2.0, 2.0]])
for case, fn in (
        ("numpy", lambda: listing(normalize(X))),
        ("numpy_axis0_order1", lambda: listing(normalize(X, axis=0, order=1))),
        ("numpy_float32_axis_none", lambda: listing(normalize(X.astype(np.float32)[0], axis=None))),
        ("tensor", lambda: normalize(tf.constant(X, dtype=tf.float32))),
        ("tensor_order1_axis0", lambda: normalize(tf.constant(X, dtype=tf.float32), axis=0, order=1)),
        ("tensor_order3", lambda: normalize(tf.constant(X[2:], dtype=tf.float64), order=3)),
        ("tensor_bad_order", lambda: normalize(tf.constant(X), order=0)),
        ("list", lambda: normalize([[3.0, 4.0]])),
):
    call(f"normalize.{case}", fn, printed=None)


def progbar_run(make, steps):
    bar = make()
    for current, values in steps:
        bar.update(current, values)
    return "done"


Progbar = keras.utils.Progbar
for case, make, steps in (
        ("stateless_average", lambda: Progbar(4, interval=0), [(1, [("loss", 1.0)]), (3, [("loss", 4.0)]),
                                                             (4, [("loss", 2.0)])]),
        ("stateful", lambda: Progbar(3, interval=0, stateful_metrics=["acc"]),
         [(1, [("acc", 0.25), ("loss", 0.5)]), (3, [("acc", 0.75), ("loss", 1e-5)])]),
        ("unknown_target", lambda: Progbar(None, interval=0, unit_name="sample"), [(5, None), (9, None)]),
        ("verbose2", lambda: Progbar(2, verbose=2, stateless_metrics=["x"]), [(1, [("x", 3.0)]), (2, [("x", 5.0)])]),
        ("both_lists", lambda: Progbar(2, stateful_metrics=[], stateless_metrics=[]), []),
):
    call(f"progbar.{case}", lambda: progbar_run(make, steps), printed="all")
bar = Progbar(5, interval=0, width=10)
call("progbar.add", lambda: [bar.add(2), bar.add(3, [("m", 0.001)])] and "done", printed="all")

server.close()
with open(os.path.join(OUT_DIR, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
