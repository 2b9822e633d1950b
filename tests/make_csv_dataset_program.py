"""`tf.data.experimental.make_csv_dataset` over small CSV files the program writes, run under
TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/make_csv_dataset/)
and under varrt (by tests/test_make_csv_dataset.py).

    python make_csv_dataset_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}, each case's element spec and batches (keys, dtypes,
values) or its error's type and message (the files' directory replaced by OUT_DIR)."""
import gzip
import json
import os
import re
import sys

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}

FILES = {
    # ints, floats (one written as an int), strings, empty fields and an NA marker; a quoted field.
    "a.csv": "id,score,name,flag,label\n1,2.5,ann,,0\n2,3,\"b,b\",NA,1\n3,,cy,7,0\n4,1e3,dee,8,1\n5,-0.5,,9,0\n",
    "b.csv": "id,score,name,flag,label\n6,7.25,eve,1,1\n7,8,fay,2,0\n",
    "big.csv": "x,y\n3000000000,1\n4,2\n",  # an int64 column
    "noheader.csv": "1,a,0.5\n2,b,1.5\n3,c,2.5\n",
    "other.csv": "id,score\n1,2\n",
    "semi.csv": "p;q\n1;x\n2;y\n3;z\n",
    "bad.csv": "n,s\n1,a\nzz,b\n3,c\n",  # "zz" past the inference rows
    "dup.csv": "a,a\n1,2\n",
}
for name, text in FILES.items():
    with open(os.path.join(out_dir, name), "w") as f:
        f.write(text)
with gzip.open(os.path.join(out_dir, "z.csv.gz"), "wt") as f:
    f.write(FILES["b.csv"])


def path(name):
    return os.path.join(out_dir, name)


def text(value):
    return re.sub(re.escape(out_dir), "OUT_DIR", value)


def batch_text(element):
    if isinstance(element, tuple):
        return "(" + ", ".join(batch_text(e) for e in element) + ")"
    if isinstance(element, dict):
        return type(element).__name__ + "{" + ", ".join(f"{k}: {batch_text(v)}" for k, v in element.items()) + "}"
    return f"{element.dtype.name}{element.shape.as_list()}={element.numpy().tolist()}"


def case(name, make, batches=None):
    try:
        ds = make()
        lines = [repr(ds.element_spec)]
        for i, element in enumerate(ds):
            if batches is not None and i >= batches:
                break
            lines.append(batch_text(element))
        results[name] = text("\n".join(lines))
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        results[name] = text(f"{type(e).__name__}: {e}")


mcd = tf.data.experimental.make_csv_dataset
case("infer_label", lambda: mcd(path("a.csv"), 2, label_name="label", num_epochs=1, shuffle=False, na_value="NA"))
case("infer_no_na", lambda: mcd(path("a.csv"), 3, num_epochs=1, shuffle=False))
case("select_names", lambda: mcd(path("a.csv"), 4, select_columns=["label", "name", "id"], label_name="id",
                                 num_epochs=1, shuffle=False))
case("select_indices", lambda: mcd(path("a.csv"), 5, select_columns=[3, 1], num_epochs=1, shuffle=False,
                                   na_value="NA"))
case("defaults_given", lambda: mcd(path("a.csv"), 2, column_defaults=[tf.int64, [-1.0], ["?"], ["z"], [0]],
                                   label_name="label", num_epochs=1, shuffle=False))
case("defaults_select", lambda: mcd(path("a.csv"), 3, select_columns=[0, 4], column_defaults=[[0.0], tf.int32],
                                    num_epochs=1, shuffle=False))
case("no_header", lambda: mcd(path("noheader.csv"), 2, column_names=["n", "s", "f"], header=False, num_epochs=1,
                              shuffle=False))
case("two_files_list", lambda: mcd([path("b.csv"), path("a.csv")], 3, label_name="label", num_epochs=1,
                                   shuffle=False, na_value="NA"))
case("glob", lambda: mcd(path("[ab].csv"), 4, select_columns=["id"], num_epochs=2, shuffle=False))
case("repeat_forever", lambda: mcd(path("b.csv"), 3, label_name="label", shuffle=False), batches=3)
case("int64", lambda: mcd(path("big.csv"), 2, num_epochs=1, shuffle=False))
case("rows_for_inference", lambda: mcd(path("a.csv"), 5, select_columns=["score"], num_rows_for_inference=2,
                                       num_epochs=1, shuffle=False))
case("all_empty_is_string", lambda: mcd(path("a.csv"), 5, select_columns=["flag"], na_value="NA",
                                        num_rows_for_inference=2, num_epochs=1, shuffle=False))
case("delim", lambda: mcd(path("semi.csv"), 2, field_delim=";", num_epochs=1, shuffle=False))
case("gzip", lambda: mcd(path("z.csv.gz"), 2, compression_type="GZIP", num_epochs=1, shuffle=False))
case("shuffle_seeded", lambda: mcd(path("[ab].csv"), 2, select_columns=["id", "label"],
                                   label_name="label", num_epochs=2, shuffle_seed=7, shuffle_buffer_size=4))
case("shuffle_forever", lambda: mcd([path("a.csv"), path("b.csv")], 3, select_columns=["id"], shuffle_seed=3,
                                    shuffle_buffer_size=100), batches=4)
case("parallel_reads", lambda: mcd([path("a.csv"), path("b.csv")], 3, select_columns=["id"], num_epochs=1,
                                   shuffle=False, num_parallel_reads=2))
case("ignore_errors", lambda: mcd(path("bad.csv"), 2, num_rows_for_inference=1, ignore_errors=True,
                                  num_epochs=1, shuffle=False))
case("bad_row_error", lambda: mcd(path("bad.csv"), 2, num_rows_for_inference=1, num_epochs=1, shuffle=False))
# TensorFlow's errors for bad arguments.
case("missing_label", lambda: mcd(path("a.csv"), 2, label_name="nope"))
case("names_length", lambda: mcd(path("noheader.csv"), 2, column_names=["n", "s"], header=False))
case("no_names_no_header", lambda: mcd(path("noheader.csv"), 2, header=False))
case("bad_select_name", lambda: mcd(path("a.csv"), 2, select_columns=["id", "nope"]))
case("bad_select_index", lambda: mcd(path("a.csv"), 2, select_columns=[0, 9]))
case("dup_select", lambda: mcd(path("a.csv"), 2, select_columns=[0, "id"]))
case("dup_names", lambda: mcd(path("dup.csv"), 2))
case("defaults_length", lambda: mcd(path("a.csv"), 2, select_columns=[0, 1], column_defaults=[[0]]))
case("no_files", lambda: mcd(path("none*.csv"), 2))
case("empty_list", lambda: mcd([], 2))
case("header_differs", lambda: mcd([path("a.csv"), path("other.csv")], 2))
case("zlib_probe", lambda: mcd(path("a.csv"), 2, compression_type="ZLIB"))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
