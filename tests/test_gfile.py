"""tf.io.gfile, tf.io.matching_files and tf.data.Dataset.list_files: one program
(tests/gfile_program.py) run under varrt is compared, case by case, with what TensorFlow 2.21 gave
for it (tests/fixtures/gfile/, recorded by tests/tools/record_keras_program.py; again live when
VARRT_TF_PYTHON is set): listings, patterns (hidden files, classes, lists), file contents and
modes, statistics, copies and renames, TensorFlow's errors, and the files list_files yields sorted
and shuffled (seeded: TensorFlow's order)."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("gfile")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("gfile_program.py", TF, "gfile")


# --- varrt alone: what varrt does not build says so ---------------------------------------------

def test_listing_files_inside_a_graph_says_varrt_lists_them_eagerly_only(tmp_path):
    (tmp_path / "a.txt").write_text("a")

    @tf.function
    def listed():
        return tf.io.matching_files(str(tmp_path / "*"))

    with pytest.raises(NotImplementedError, match="only eagerly"):
        listed()
