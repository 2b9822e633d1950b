"""tf.io.gfile, tf.io.matching_files and tf.data.Dataset.list_files on a directory tree this
program makes, run under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/gfile/) and under varrt (by tests/test_gfile.py).

    python gfile_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}, paths relative to the tree ("D/...", "OUT/..."): listings,
contents, statistics, errors (type and text), the files list_files yields sorted and shuffled
with seeds."""
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
d = os.path.join(out_dir, "tree")
results = {}


def plain(value):
    if hasattr(value, "numpy"):
        value = value.numpy()
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, bytes):
        value = value.decode()
    if isinstance(value, str):
        return relative(value)
    return value


def relative(text):
    return text.replace(d, "D").replace(out_dir, "OUT")


def case(name, fn):
    try:
        results[name] = repr(plain(fn()))
    except Exception as e:  # noqa: BLE001 - the case records which error and its text
        results[name] = f"{type(e).__name__}: {relative(str(e))}"


missing = os.path.join(out_dir, "missing")
case("listdir_missing", lambda: tf.io.gfile.listdir(missing))
case("read_missing", lambda: tf.io.gfile.GFile(os.path.join(missing, "a")).read())
case("remove_missing", lambda: tf.io.gfile.remove(missing))
case("stat_missing", lambda: tf.io.gfile.stat(missing))
case("mkdir_missing_parent", lambda: tf.io.gfile.mkdir(os.path.join(missing, "a", "b")))
case("rmtree_missing", lambda: tf.io.gfile.rmtree(missing))
case("rename_missing", lambda: tf.io.gfile.rename(missing, os.path.join(out_dir, "y")))
case("copy_missing", lambda: tf.io.gfile.copy(missing, os.path.join(out_dir, "y")))
case("bad_mode", lambda: tf.io.gfile.GFile(os.path.join(out_dir, "f"), "x"))
case("isdir_missing", lambda: tf.io.gfile.isdir(missing))
case("exists_missing", lambda: tf.io.gfile.exists(missing))
case("matching_files_none", lambda: tf.io.matching_files(os.path.join(missing, "*")))
case("list_files_none", lambda: tf.data.Dataset.list_files(os.path.join(missing, "*")))
case("list_files_none_list", lambda: tf.data.Dataset.list_files([os.path.join(missing, "*"), missing]))
case("glob_none", lambda: tf.io.gfile.glob(os.path.join(missing, "*")))
case("join", lambda: [tf.io.gfile.join("a", "b", "/c"), tf.io.gfile.join("a", "b", "c"), tf.io.gfile.join("a/", "b")])

case("makedirs", lambda: tf.io.gfile.makedirs(os.path.join(d, "sub", "deeper")))
case("makedirs_again", lambda: tf.io.gfile.makedirs(d))
case("mkdir_existing", lambda: tf.io.gfile.mkdir(d))
with open(os.path.join(d, "b.txt"), "w") as f:
    f.write("hello\nworld\n")
with open(os.path.join(d, ".hidden"), "w") as f:
    f.write("x")
with open(os.path.join(d, "sub", "a.txt"), "w") as f:
    f.write("a")
for i in range(13):
    with open(os.path.join(d, "sub", f"f{i}.csv"), "w") as f:
        f.write(str(i) * i)
case("glob_all", lambda: sorted(tf.io.gfile.glob(d + "/*")))
case("glob_nested", lambda: sorted(tf.io.gfile.glob(d + "/*/*.txt")))
case("glob_class", lambda: sorted(tf.io.gfile.glob(d + "/sub/f[0-3].csv")))
case("glob_question", lambda: sorted(tf.io.gfile.glob(d + "/sub/f1?.csv")))
case("glob_list", lambda: sorted(tf.io.gfile.glob([d + "/*.txt", d + "/sub/a*"])))
case("listdir", lambda: sorted(tf.io.gfile.listdir(d)))
case("matching_files", lambda: tf.io.matching_files(d + "/*"))
case("matching_files_list", lambda: tf.io.matching_files([d + "/sub/f[0-2].csv", d + "/*.txt"]))
case("matching_files_dtype", lambda: [tf.io.matching_files(d + "/*").dtype.name, tf.io.matching_files(d + "/*").shape.rank])
case("stat_file", lambda: [tf.io.gfile.stat(d + "/b.txt").length, tf.io.gfile.stat(d + "/b.txt").is_directory,
                           tf.io.gfile.stat(d + "/sub").is_directory])
case("walk", lambda: sorted((a, sorted(b), sorted(c)) for a, b, c in tf.io.gfile.walk(d)))
case("walk_bottom_up_first", lambda: [a for a, _, _ in tf.io.gfile.walk(d, topdown=False)][-1])
case("read_text", lambda: tf.io.gfile.GFile(d + "/b.txt").read())
case("size", lambda: tf.io.gfile.GFile(d + "/b.txt").size())
case("iterate_lines", lambda: list(tf.io.gfile.GFile(d + "/b.txt")))
case("readline_bytes", lambda: tf.io.gfile.GFile(d + "/b.txt", "rb").readline())
case("read_n_bytes", lambda: tf.io.gfile.GFile(d + "/b.txt", "rb").read(3))
case("readlines", lambda: tf.io.gfile.GFile(d + "/b.txt").readlines())
case("copy_onto_existing", lambda: tf.io.gfile.copy(d + "/b.txt", d + "/sub/a.txt"))
case("rename_onto_existing", lambda: tf.io.gfile.rename(d + "/b.txt", d + "/sub/a.txt"))
case("copy", lambda: tf.io.gfile.copy(d + "/b.txt", d + "/c.txt"))
case("copied", lambda: tf.io.gfile.GFile(d + "/c.txt").read())
case("rename_overwrite", lambda: tf.io.gfile.rename(d + "/c.txt", d + "/sub/a.txt", overwrite=True))
case("renamed", lambda: [tf.io.gfile.GFile(d + "/sub/a.txt").read(), tf.io.gfile.exists(d + "/c.txt")])
case("list_files_spec", lambda: repr(tf.data.Dataset.list_files(d + "/sub/*.csv", shuffle=False).element_spec))
case("list_files_sorted", lambda: list(tf.data.Dataset.list_files(d + "/sub/*.csv", shuffle=False).as_numpy_iterator()))
for seed in (3, 11, 1234):
    case(f"list_files_seed_{seed}",
         lambda seed=seed: list(tf.data.Dataset.list_files(d + "/sub/*.csv", seed=seed).as_numpy_iterator()))
case("list_files_list_seeded",
     lambda: list(tf.data.Dataset.list_files([d + "/sub/f1*.csv", d + "/*.txt"], seed=5).as_numpy_iterator()))
case("list_files_cardinality", lambda: int(tf.data.Dataset.list_files(d + "/sub/*.csv", seed=3).cardinality()))
tf.random.set_seed(7)
case("list_files_global_seed", lambda: list(tf.data.Dataset.list_files(d + "/sub/*.csv").as_numpy_iterator()))
case("list_files_then_read", lambda: list(tf.data.Dataset.list_files(d + "/sub/f1*.csv", shuffle=False)
                                          .map(tf.io.read_file).as_numpy_iterator()))


def write_and_append():
    with tf.io.gfile.GFile(d + "/w.txt", "w") as f:
        f.write("abc")
        f.write(b"def")
        position = f.tell()
    with tf.io.gfile.GFile(d + "/w.txt", "a") as f:
        f.write("\nmore")
    return [position, tf.io.gfile.GFile(d + "/w.txt").read()]


case("write_and_append", write_and_append)
case("read_write_only", lambda: tf.io.gfile.GFile(d + "/w.txt", "w").read())
case("rmtree", lambda: tf.io.gfile.rmtree(d + "/sub"))
case("rmtree_gone", lambda: tf.io.gfile.exists(d + "/sub"))
case("remove", lambda: tf.io.gfile.remove(d + "/w.txt"))
case("removed", lambda: sorted(tf.io.gfile.listdir(d)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
