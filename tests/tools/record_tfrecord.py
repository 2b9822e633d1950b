"""Records what TensorFlow 2.21 writes and reads for TFRecord files and tf.train.Example
(tests/test_tfrecord.py and tests/test_example_parsing.py compare varrt with it). Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/record_tfrecord.py

Writes tests/fixtures/tfrecord/: the same five Examples in a plain, a GZIP and a ZLIB file (as
TensorFlow writes them), and expected.json: their parsed values, printed texts and the error
types and texts of damaged files and bad parses.
"""
import json
import os

import numpy as np
import tensorflow as tf

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures", "tfrecord")


def example(i):
    f = {
        "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 1000 - 7])),
        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i + 0.25, -i * 1.5, 1e-3 * i])),
        "label": tf.train.Feature(bytes_list=tf.train.BytesList(value=[f"label-{i}".encode()])),
        "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[bytes([65 + j, 0, 255]) for j in range(i % 4)])),
        "seq": tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i, 3 * i)))),
    }
    return tf.train.Example(features=tf.train.Features(feature=f))


SPEC = {
    "id": tf.io.FixedLenFeature([], tf.int64),
    "x": tf.io.FixedLenFeature([3], tf.float32),
    "label": tf.io.FixedLenFeature([], tf.string),
    "tags": tf.io.VarLenFeature(tf.string),
    "seq": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=-1),
    "missing": tf.io.FixedLenFeature([2], tf.float32, default_value=[0.5, 1.5]),
}


def plain(value):
    if isinstance(value, tf.SparseTensor):
        return {"indices": value.indices.numpy().tolist(), "values": plain(value.values),
                "dense_shape": value.dense_shape.numpy().tolist()}
    v = np.asarray(value.numpy(), dtype=object if value.dtype == tf.string else None)
    if v.dtype == object:
        return {"dtype": "string", "shape": list(v.shape), "hex": [bytes(b).hex() for b in v.reshape(-1)]}
    return {"dtype": value.dtype.name, "shape": list(v.shape), "values": v.reshape(-1).tolist()}


def error_of(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is recorded
        return [type(e).__name__, str(e)]
    return None


def main():
    os.makedirs(OUT, exist_ok=True)
    records = [example(i).SerializeToString() for i in range(5)]
    for name, options in (("plain", None), ("gzip", "GZIP"), ("zlib", "ZLIB")):
        with tf.io.TFRecordWriter(os.path.join(OUT, f"examples_{name}.tfrecord"), options) as w:
            for r in records:
                w.write(r)
    out = {"records_hex_sizes": [len(r) for r in records]}
    ds = tf.data.TFRecordDataset(os.path.join(OUT, "examples_plain.tfrecord"))
    out["dataset_repr"] = repr(ds)
    out["parse_example"] = {k: plain(v) for k, v in tf.io.parse_example(records, SPEC).items()}
    out["parse_single_example"] = [{k: plain(v) for k, v in tf.io.parse_single_example(r, SPEC).items()}
                                   for r in records]
    out["parsed_keys_order"] = list(tf.io.parse_example(records, SPEC))
    # str() of one-feature Examples (a single map entry: no order to differ in)
    texts = {}
    for name, feature in (
            ("floats", tf.train.Feature(float_list=tf.train.FloatList(
                value=[0.1, 2.0, 1e20, -1.5e-7, float("inf"), float("-inf"), 3.4028235e38, 123456.7]))),
            ("ints", tf.train.Feature(int64_list=tf.train.Int64List(value=[0, -1, 2 ** 63 - 1, -2 ** 63]))),
            ("bytes", tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"plain", b"\x00\x01\n\t\r'\"\\\x7f\x80\xff"]))),
            ("empty_list", tf.train.Feature(float_list=tf.train.FloatList()))):
        texts[name] = str(tf.train.Example(features=tf.train.Features(feature={"k": feature})))
    texts["empty_feature"] = str(tf.train.Feature())
    texts["empty_example"] = str(tf.train.Example())
    texts["features_only"] = str(tf.train.Features(feature={"a": tf.train.Feature(
        int64_list=tf.train.Int64List(value=[1]))}))
    texts["feature_repr"] = repr(tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2])))
    out["texts"] = texts
    out["float_values"] = list(tf.train.FloatList(value=[0.1, 1e-3, 2.5]).value)
    out["feature_reprs"] = [repr(tf.io.FixedLenFeature([2], tf.float32)), repr(tf.io.VarLenFeature(tf.int64)),
                            repr(tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True)),
                            repr(tf.io.FixedLenFeature([], tf.string, default_value=b"x"))]
    sparse = tf.io.parse_single_example(records[3], {"tags": tf.io.VarLenFeature(tf.string)})["tags"]
    out["sparse_repr"] = repr(sparse)
    out["sparse_to_dense"] = plain(tf.sparse.to_dense(sparse))
    out["sparse_to_dense_default"] = plain(tf.sparse.to_dense(
        tf.io.parse_example(records, {"seq": tf.io.VarLenFeature(tf.int64)})["seq"], default_value=-9))

    # Errors: damaged files, bad parses.
    data = open(os.path.join(OUT, "examples_plain.tfrecord"), "rb").read()
    damaged = {}
    second = 12 + len(records[0]) + 4
    cases = {
        "data_crc": lambda b: b[:20] + bytes([b[20] ^ 1]) + b[21:],
        "length_crc": lambda b: b[:2] + bytes([b[2] ^ 4]) + b[3:],
        "second_length_crc": lambda b: b[:second + 9] + bytes([b[second + 9] ^ 1]) + b[second + 10:],
        "cut_in_data": lambda b: b[:second + 20],
        "cut_in_footer": lambda b: b[:-2],
    }
    for name, change in cases.items():
        path = os.path.join(OUT, f"_damaged_{name}.tfrecord")
        open(path, "wb").write(change(data))
        damaged[name] = {
            "dataset": error_of(lambda: list(tf.data.TFRecordDataset(path))),
            "iterator": error_of(lambda: list(tf.compat.v1.io.tf_record_iterator(path))),
            "records_before": sum(1 for _ in _records_until_error(path)),
        }
        os.remove(path)
    out["damaged"] = damaged
    out["second_record_offset"] = second
    out["missing_file"] = error_of(lambda: list(tf.data.TFRecordDataset(os.path.join(OUT, "no_such.tfrecord"))))
    out["bad_compression_writer"] = error_of(lambda: tf.io.TFRecordWriter(os.path.join(OUT, "_x"), "BAD"))
    out["gzip_read_as_zlib"] = error_of(lambda: list(tf.data.TFRecordDataset(
        os.path.join(OUT, "examples_gzip.tfrecord"), "ZLIB")))
    w = tf.io.TFRecordWriter(os.path.join(OUT, "_closed"))
    w.close()
    out["write_after_close"] = error_of(lambda: w.write(b"x"))
    os.remove(os.path.join(OUT, "_closed"))
    s = records[1]
    parse_errors = {}
    for name, spec in (("count_more", {"x": tf.io.FixedLenFeature([4], tf.float32)}),
                       ("count_fewer", {"x": tf.io.FixedLenFeature([2], tf.float32)}),
                       ("int_count", {"id": tf.io.FixedLenFeature([2], tf.int64)}),
                       ("bytes_scalar", {"tags": tf.io.FixedLenFeature([], tf.string)}),
                       ("dense_type", {"x": tf.io.FixedLenFeature([3], tf.int64)}),
                       ("sparse_type", {"id": tf.io.VarLenFeature(tf.float32)}),
                       ("missing", {"nope": tf.io.FixedLenFeature([], tf.float32)}),
                       ("stride", {"seq": tf.io.FixedLenSequenceFeature([3], tf.int64, allow_missing=True)}),
                       ("bad_dtype", {"id": tf.io.FixedLenFeature([], tf.int32)})):
        parse_errors[name] = {"single": error_of(lambda: tf.io.parse_single_example(s, spec)),
                              "batch": error_of(lambda: tf.io.parse_example([records[3], s], spec))}
    parse_errors["empty_features"] = error_of(lambda: tf.io.parse_example([s], {}))
    parse_errors["no_allow_missing"] = error_of(lambda: tf.io.parse_example(
        [s], {"seq": tf.io.FixedLenSequenceFeature([], tf.int64)}))
    parse_errors["from_string"] = error_of(lambda: tf.train.Example.FromString(b"\x0a\x05\x01"))
    out["parse_errors"] = parse_errors

    # Traced: static shapes of parse_example's outputs with an unknown batch.
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def traced(x):
        r = tf.io.parse_example(x, SPEC)
        out["traced_shapes"] = {k: (str(v.shape) if not isinstance(v, tf.SparseTensor) else
                                    [str(v.indices.shape), str(v.values.shape), str(v.dense_shape.shape)])
                                for k, v in r.items()}
        return r["x"]
    traced.get_concrete_function()
    # A dataset of records mapped through parse_single_example, then batched.
    mapped = tf.data.TFRecordDataset(os.path.join(OUT, "examples_gzip.tfrecord"), "GZIP").map(
        lambda r: tf.io.parse_single_example(r, {"x": SPEC["x"], "id": SPEC["id"]})).batch(2)
    out["mapped_spec"] = repr(mapped.element_spec)
    out["mapped"] = [{k: plain(v) for k, v in b.items()} for b in mapped]
    # VarLen features through map and batch: SparseTensor elements.
    sparse_ds = tf.data.TFRecordDataset(os.path.join(OUT, "examples_zlib.tfrecord"), "ZLIB").map(
        lambda r: tf.io.parse_single_example(r, {"tags": SPEC["tags"], "id": SPEC["id"]}))
    out["sparse_mapped_spec"] = repr(sparse_ds.element_spec)
    out["sparse_batched_spec"] = repr(sparse_ds.batch(2).element_spec)
    out["sparse_batched"] = [{k: plain(v) for k, v in b.items()} for b in sparse_ds.batch(2)]
    # serialize_tensor / parse_tensor, read_file / write_file.
    tensors = {}
    for name, value in (("float32", np.arange(6, dtype=np.float32).reshape(2, 3) / 4),
                        ("int64", np.array([-(2 ** 62), 3], np.int64)), ("int32_scalar", np.int32(-7)),
                        ("bool", np.array([True, False, True])), ("float16", np.array([0.5, -2], np.float16)),
                        ("uint8", np.arange(5, dtype=np.uint8)), ("float64_empty", np.zeros((0, 3))),
                        ("string", np.array([[b"a", b""], [b"\x00\xff", b"xyz"]], dtype=object))):
        t = tf.constant(value)
        tensors[name] = {"hex": tf.io.serialize_tensor(t).numpy().hex(), "value": plain(t)}
    out["serialized_tensors"] = tensors
    # A TensorProto with typed values instead of tensor_content (the last value repeats).
    proto = tf.make_tensor_proto([1.5, 2.5, 2.5, 2.5], dtype=tf.float32)
    proto.ClearField("tensor_content")
    proto.float_val[:] = [1.5, 2.5]
    out["typed_proto"] = {"hex": proto.SerializeToString().hex(),
                          "value": plain(tf.io.parse_tensor(proto.SerializeToString(), tf.float32))}
    serialized = tf.io.serialize_tensor(tf.constant([1.0]))
    out["parse_tensor_errors"] = {
        "type": error_of(lambda: tf.io.parse_tensor(serialized, tf.int32)),
        "garbage": error_of(lambda: tf.io.parse_tensor(b"\xff\xff", tf.int32)),
    }
    out["read_file_missing"] = error_of(lambda: tf.io.read_file(os.path.join(OUT, "no_such_file")))

    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def traced_parse(s):
        t = tf.io.parse_tensor(s, tf.float32)
        out["traced_parse_tensor"] = str(t)
        return t
    traced_parse.get_concrete_function()
    # decode_csv: values and errors.
    csv = {}
    for name, call in (
            ("mixed", lambda: tf.io.decode_csv(["1,2.5,a", '3,,"b,c"', '-7,1e3,"say ""hi"""'],
                                               record_defaults=[[0], [1.0], ["x"]])),
            ("scalar", lambda: tf.io.decode_csv("1;2", record_defaults=[tf.constant([], tf.int64), [0.0]],
                                                field_delim=";")),
            ("matrix", lambda: tf.io.decode_csv([["1,a", "2,b"], ["3,", "4,d"]], record_defaults=[[0], ["z"]])),
            ("na_value", lambda: tf.io.decode_csv(["NA,2", "1.5,NA"], record_defaults=[[0.0], [7]], na_value="NA")),
            ("select_cols", lambda: tf.io.decode_csv(["1,2,3", "4,5,6"], record_defaults=[[0], [0.0]],
                                                     select_cols=[0, 2])),
            ("doubles_int64", lambda: tf.io.decode_csv(["0.1,9007199254740993"],
                                                       record_defaults=[tf.constant([0.0], tf.float64),
                                                                        tf.constant([0], tf.int64)])),
            ("no_quotes", lambda: tf.io.decode_csv(['"a",b'], record_defaults=[[""], [""]], use_quote_delim=False))):
        csv[name] = [plain(t) for t in call()]
    for name, call in (
            ("too_many", lambda: tf.io.decode_csv(["1,2,3"], record_defaults=[[0], [0]])),
            ("not_int", lambda: tf.io.decode_csv(["a,2"], record_defaults=[[0], [0]])),
            ("required", lambda: tf.io.decode_csv([",2"], record_defaults=[tf.constant([], tf.int32), [0]])),
            ("float_as_int", lambda: tf.io.decode_csv(["1.5,2"], record_defaults=[[0], [0]])),
            ("bad_quote", lambda: tf.io.decode_csv(['"a"b,2'], record_defaults=[[""], [0]])),
            ("not_float", lambda: tf.io.decode_csv(["x,2"], record_defaults=[[0.0], [0]])),
            ("bad_dtype", lambda: tf.io.decode_csv(["1"], record_defaults=[[True]]))):
        csv[name] = error_of(call)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def traced_csv(x):
        r = tf.io.decode_csv(x, [[0], [0.0], [""]])
        csv["traced"] = [str(t) for t in r]
        return r
    traced_csv.get_concrete_function()
    out["decode_csv"] = csv
    # CsvDataset over small files (their text is in the test too).
    import tempfile
    csv_files = {"a.csv": 'h1,h2\n1,x\n2,"y,z"\n3,\n', "b.csv": "1,x\r\n2,y\n\n3,z"}
    csv_ds = {}
    with tempfile.TemporaryDirectory() as tmp:
        for fname, text in csv_files.items():
            with open(os.path.join(tmp, fname), "w", newline="") as fh:
                fh.write(text)
        a, b = os.path.join(tmp, "a.csv"), os.path.join(tmp, "b.csv")
        for name, make in (
                ("defaults", lambda: tf.data.experimental.CsvDataset(a, [tf.int32, tf.constant("d")], header=True)),
                ("select", lambda: tf.data.experimental.CsvDataset(a, [[0]], header=True, select_cols=[0])),
                ("int64_float", lambda: tf.data.experimental.CsvDataset(a, [tf.int64, [0.5]], header=True,
                                                                       select_cols=[0, 0 + 1]) if False else
                 tf.data.experimental.CsvDataset(a, [tf.int64, tf.string], header=True, na_value="")),
                ("no_header", lambda: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string])),
                ("bad_select", lambda: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string], header=True,
                                                                      select_cols=[0, 1, 2])),
                ("na_value", lambda: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string], header=True,
                                                                    na_value="x")),
                ("not_int", lambda: tf.data.experimental.CsvDataset(a, [tf.int32, tf.int32], header=True)),
                ("blank_line", lambda: tf.data.experimental.CsvDataset(b, [tf.int32, tf.string])),
                ("blank_line_default", lambda: tf.data.experimental.CsvDataset(b, [[-1], ["?"]]))):
            def run():
                ds = make()
                return {"repr": repr(ds), "rows": [[plain(t) for t in row] for row in ds]}
            result = error_of(run)
            csv_ds[name] = result if result is not None else run()
    out["csv_dataset"] = {"files": csv_files, "cases": csv_ds}
    # SequenceExample: texts of one-entry maps, values through bytes.
    seq = tf.train.SequenceExample(
        context=tf.train.Features(feature={"len": tf.train.Feature(int64_list=tf.train.Int64List(value=[3]))}),
        feature_lists=tf.train.FeatureLists(feature_list={"tokens": tf.train.FeatureList(feature=[
            tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"a"])),
            tf.train.Feature(float_list=tf.train.FloatList(value=[0.5, 2])),
            tf.train.Feature()])}))
    empty_lists = tf.train.SequenceExample(feature_lists=tf.train.FeatureLists())
    out["sequence_example"] = {"text": str(seq), "hex": seq.SerializeToString().hex(),
                               "empty_lists_text": str(empty_lists),
                               "empty_lists_hex": empty_lists.SerializeToString().hex(),
                               "feature_list_text": str(seq.feature_lists.feature_list["tokens"])}
    # Paths in texts are written as {FIXTURES}: the tests put their own checkout's in.
    text = json.dumps(out, indent=1, sort_keys=True).replace(json.dumps(OUT)[1:-1], "{FIXTURES}")
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        f.write(text + "\n")


def _records_until_error(path):
    it = tf.compat.v1.io.tf_record_iterator(path)
    while True:
        try:
            yield next(it)
        except StopIteration:
            return
        except tf.errors.OpError:
            return


if __name__ == "__main__":
    main()
