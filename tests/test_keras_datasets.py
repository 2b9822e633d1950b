"""`tf.keras.utils.get_file`, `tf.keras.datasets` and the plain-Python utilities beside them
(`pad_sequences`, also as `tf.keras.preprocessing.sequence.pad_sequences`; `to_categorical`,
`normalize`, `Progbar`) against Keras 3.15 under TensorFlow 2.21.

tests/keras_datasets_program.py runs in a fresh interpreter under varrt and each of its results is
compared with Keras's (tests/fixtures/keras_datasets/results.json, recorded by
tests/tools/record_keras_program.py; live too with VARRT_TF_PYTHON, required under CI=true):
downloads from a server on 127.0.0.1 the program starts (what is printed, the cache's names, hash
checks, re-use without a request, extraction of tar and zip archives and the folders' names,
unsafe members, errors), and each dataset's `load_data` on synthetic files laid out as the real
downloads in a temporary KERAS_HOME (dtypes, shapes, values, every argument, errors, the hashes
the loaders check). Nothing connects anywhere but 127.0.0.1."""
import os
import pathlib
import subprocess
import sys

import pytest

import varrt as tf
from conftest import REPO
from keras_programs import comparison_tests, recorded

PROGRAM = "keras_datasets_program.py"
KERAS = recorded("keras_datasets")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, KERAS, "datasets")


def test_without_keras_home_the_cache_is_in_the_home_folder(tmp_path):
    # A file:// origin: urllib reads it without a network.
    source = tmp_path / "source.bin"
    source.write_bytes(b"payload")
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "KERAS_HOME"}
    env["HOME"] = str(home)  # the interpreter's varrt as this run's (installed, or PYTHONPATH's)
    code = ("import varrt as tf; print(tf.keras.utils.get_file('copy.bin', origin=%r))"
            % source.as_uri())
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    expected = home / ".keras" / "datasets" / "copy.bin"
    assert result.stdout.splitlines()[-1] == str(expected)
    assert expected.read_bytes() == b"payload"
    assert result.stdout.startswith(f"Downloading data from {source.as_uri()}\n")


@pytest.mark.parametrize("path, name", [
    ("preprocessing.image", "ImageDataGenerator"), ("preprocessing.text", "Tokenizer"),
    ("preprocessing.sequence", "TimeseriesGenerator"), ("preprocessing", "image_dataset_from_directory"),
    ("utils", "PyDataset"),
])
def test_keras_names_varrt_lacks_say_so(path, name):
    module = tf.keras
    for part in path.split("."):
        module = getattr(module, part)
    with pytest.raises(AttributeError, match=rf"varrt does not implement tf\.keras\.{path}\.{name} yet "
                                             r"\(TensorFlow 2\.21\.0 has it\)"):
        getattr(module, name)
    with pytest.raises(AttributeError, match=r"has no attribute 'no_such_name'$"):
        module.no_such_name  # noqa: B018


def test_pad_sequences_is_one_function_under_both_names():
    assert tf.keras.preprocessing.sequence.pad_sequences is tf.keras.utils.pad_sequences


def test_the_fixture_was_recorded_by_keras_of_tensorflow_2_21():
    # The program's own cases prove the recording is Keras's: its download printed Keras's bar.
    assert KERAS["get_file.download.printed"].startswith("Downloading data from http://127.0.0.1:PORT/data.bin\n")
    assert pathlib.Path(REPO / "tests" / "fixtures" / "keras_datasets" / "results.json").exists()
