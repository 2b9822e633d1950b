"""tf.io.decode_csv against TensorFlow 2.21's values and errors
(tests/fixtures/tfrecord/expected.json, recorded by tests/tools/record_tfrecord.py)."""
import json
import os

import numpy as np
import pytest

import varrt as tf

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tfrecord")
EXPECTED = json.loads(open(os.path.join(FIXTURES, "expected.json")).read())["decode_csv"]

CALLS = {
    "mixed": lambda: tf.io.decode_csv(["1,2.5,a", '3,,"b,c"', '-7,1e3,"say ""hi"""'],
                                      record_defaults=[[0], [1.0], ["x"]]),
    "scalar": lambda: tf.io.decode_csv("1;2", record_defaults=[tf.constant([], tf.int64), [0.0]], field_delim=";"),
    "matrix": lambda: tf.io.decode_csv([["1,a", "2,b"], ["3,", "4,d"]], record_defaults=[[0], ["z"]]),
    "na_value": lambda: tf.io.decode_csv(["NA,2", "1.5,NA"], record_defaults=[[0.0], [7]], na_value="NA"),
    "select_cols": lambda: tf.io.decode_csv(["1,2,3", "4,5,6"], record_defaults=[[0], [0.0]], select_cols=[0, 2]),
    "doubles_int64": lambda: tf.io.decode_csv(["0.1,9007199254740993"],
                                              record_defaults=[tf.constant([0.0], tf.float64),
                                                               tf.constant([0], tf.int64)]),
    "no_quotes": lambda: tf.io.decode_csv(['"a",b'], record_defaults=[[""], [""]], use_quote_delim=False),
}
ERRORS = {
    "too_many": lambda: tf.io.decode_csv(["1,2,3"], record_defaults=[[0], [0]]),
    "not_int": lambda: tf.io.decode_csv(["a,2"], record_defaults=[[0], [0]]),
    "required": lambda: tf.io.decode_csv([",2"], record_defaults=[tf.constant([], tf.int32), [0]]),
    "float_as_int": lambda: tf.io.decode_csv(["1.5,2"], record_defaults=[[0], [0]]),
    "bad_quote": lambda: tf.io.decode_csv(['"a"b,2'], record_defaults=[[""], [0]]),
    "not_float": lambda: tf.io.decode_csv(["x,2"], record_defaults=[[0.0], [0]]),
    "bad_dtype": lambda: tf.io.decode_csv(["1"], record_defaults=[[True]]),
}


def plain(value):
    v = np.asarray(value.numpy(), dtype=object if value.dtype == tf.string else None)
    if v.dtype == object:
        return {"dtype": "string", "shape": list(v.shape), "hex": [bytes(b).hex() for b in v.reshape(-1)]}
    return {"dtype": value.dtype.name, "shape": list(v.shape), "values": v.reshape(-1).tolist()}


@pytest.mark.parametrize("case", sorted(CALLS))
def test_columns_are_tensorflows(case):
    assert [plain(t) for t in CALLS[case]()] == EXPECTED[case]


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_are_tensorflows(case):
    with pytest.raises(Exception) as info:
        ERRORS[case]()
    assert [type(info.value).__name__, str(info.value)] == EXPECTED[case]


def test_traced_with_an_unknown_batch():
    texts = []

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def decode(x):
        r = tf.io.decode_csv(x, [[0], [0.0], [""]])
        texts.extend(str(t) for t in r)
        return r

    rows = [f"{i},{i / 4},s{i}" for i in range(9)]  # a size the trace never saw
    ints, floats, strings = decode(tf.constant(rows))
    assert ints.numpy().tolist() == list(range(9))
    assert floats.numpy().tolist() == [i / 4 for i in range(9)]
    assert strings.numpy().tolist() == [f"s{i}".encode() for i in range(9)]
    assert texts == EXPECTED["traced"]


def test_a_csv_file_through_a_dataset(tmp_path):
    path = str(tmp_path / "data.csv")
    tf.io.write_file(path, "\n".join(f"{i},{i * 0.5}" for i in range(10)))
    lines = tf.io.read_file(path).numpy().split(b"\n")
    ds = tf.data.Dataset.from_tensor_slices(lines).batch(4).map(lambda r: tf.io.decode_csv(r, [[0], [0.0]]))
    got = [(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds]
    assert got[0] == ([0, 1, 2, 3], [0.0, 0.5, 1.0, 1.5]) and len(got) == 3


CSV_DATASET = json.loads(open(os.path.join(FIXTURES, "expected.json")).read())["csv_dataset"]
DATASETS = {
    "defaults": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int32, tf.constant("d")], header=True),
    "select": lambda a, b: tf.data.experimental.CsvDataset(a, [[0]], header=True, select_cols=[0]),
    "int64_float": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int64, tf.string], header=True, na_value=""),
    "no_header": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string]),
    "bad_select": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string], header=True,
                                                              select_cols=[0, 1, 2]),
    "na_value": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int32, tf.string], header=True, na_value="x"),
    "not_int": lambda a, b: tf.data.experimental.CsvDataset(a, [tf.int32, tf.int32], header=True),
    "blank_line": lambda a, b: tf.data.experimental.CsvDataset(b, [tf.int32, tf.string]),
    "blank_line_default": lambda a, b: tf.data.experimental.CsvDataset(b, [[-1], ["?"]]),
}


@pytest.mark.parametrize("case", sorted(DATASETS))
def test_csv_datasets_read_as_tensorflows(tmp_path, case):
    for name, text in CSV_DATASET["files"].items():
        with open(tmp_path / name, "w", newline="") as f:
            f.write(text)
    expected = CSV_DATASET["cases"][case]

    def run():
        ds = DATASETS[case](str(tmp_path / "a.csv"), str(tmp_path / "b.csv"))
        return {"repr": repr(ds), "rows": [[plain(t) for t in row] for row in ds]}
    if isinstance(expected, dict):
        assert run() == expected
    else:
        with pytest.raises(Exception) as info:
            run()
        assert [type(info.value).__name__, str(info.value)] == expected
