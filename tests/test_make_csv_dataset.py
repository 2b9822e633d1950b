"""`tf.data.experimental.make_csv_dataset` (python/varrt/data/make_csv_dataset.py) against
TensorFlow 2.21: tests/make_csv_dataset_program.py writes small CSV files and runs cases under
varrt, each compared with TensorFlow's (tests/fixtures/make_csv_dataset/results.json, recorded by
tests/tools/record_keras_program.py): element specs (OrderedDict features, label), batches with
their dtypes and values, type inference (int32, int64, float32, string; empty and NA fields;
num_rows_for_inference), select_columns by name and index, given column_defaults, no header,
several files (a list, a glob), num_epochs with the batch remainder and forever with full
batches, seeded shuffles, GZIP, a field delimiter, two parallel reads, ignore_errors, and
TensorFlow's errors for bad arguments. With VARRT_TF_PYTHON set the program also runs live under
TensorFlow."""
import collections
import os

import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "make_csv_dataset_program.py"
TF = recorded("make_csv_dataset")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "make_csv_dataset")


def test_a_dataset_function_keeps_an_ordered_dict_result():
    # tf.nest keeps a mapping's type: make_csv_dataset's features are an OrderedDict, as TensorFlow's.
    ds = tf.data.Dataset.range(3).map(lambda x: collections.OrderedDict(b=x, a=x * 2))
    assert type(ds.element_spec) is collections.OrderedDict and list(ds.element_spec) == ["b", "a"]
    element = next(iter(ds.batch(2)))
    assert type(element) is collections.OrderedDict and element["a"].numpy().tolist() == [0, 2]
    plain = tf.data.Dataset.range(1).map(lambda x: {"b": x, "a": x})
    assert type(plain.element_spec) is dict and list(plain.element_spec) == ["b", "a"]


def test_autotuned_parallel_reads_read_as_many_files_as_tensorflows_interleave(tmp_path):
    # TensorFlow's make_csv_dataset interleaves with autotuned calls: a third of the cores' worth
    # of files at once (one on this project's 2-core machines), whose order a fixed count gives.
    for name, rows in (("a.csv", range(0, 5)), ("b.csv", range(10, 15)), ("c.csv", range(20, 25))):
        (tmp_path / name).write_text("a,b\n" + "".join(f"{i},{i + 1}\n" for i in rows))
    files = [str(tmp_path / n) for n in ("a.csv", "b.csv", "c.csv")]
    reads = -(-(os.cpu_count() or 1) // 3)

    def ids(n):
        ds = tf.data.experimental.make_csv_dataset(files, 4, num_epochs=1, shuffle=False, num_parallel_reads=n)
        return [v for features in ds for v in features["a"].numpy().tolist()]

    assert ids(tf.data.AUTOTUNE) == ids(reads)
    assert sorted(ids(tf.data.AUTOTUNE)) == sorted(list(range(0, 5)) + list(range(10, 15)) + list(range(20, 25)))
