"""tf.strings' element-wise ops: one program (tests/strings_program.py) run under varrt is
compared, case by case, with what TensorFlow 2.21 gave for it (tests/fixtures/strings/, recorded
by tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): values, dtypes
and shapes eagerly, traced and in tf.data maps, and the errors' types and texts. Below, what
varrt alone must do: RE2 constructs Python's re cannot express say so."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("strings")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("strings_program.py", TF, "strings")


@pytest.mark.parametrize("pattern", [r"\pL", r"\p{Greek}", "(?U)a+", "[[:^alpha:]]", r"\C"])
def test_re2_constructs_python_cannot_express_are_not_implemented(pattern):
    with pytest.raises(NotImplementedError, match="varrt does not implement RE2's"):
        tf.strings.regex_full_match(["a"], pattern)


def test_a_graph_runs_the_regex_of_its_tensor_pattern_each_call():
    f = tf.function(lambda x, p: tf.strings.regex_full_match(x, p))
    assert f(tf.constant(["ab", "b"]), tf.constant("a.")).numpy().tolist() == [True, False]
    assert f(tf.constant(["ab", "b"]), tf.constant("b")).numpy().tolist() == [False, True]


def test_the_hash_bucket_rule_has_one_home():
    # Keras's Hashing layer buckets what tf.strings.to_hash_bucket_fast / _strong bucket.
    values = ["a", "é", ""]
    fast = tf.keras.layers.Hashing(num_bins=7)(tf.constant(values)).numpy().reshape(-1).tolist()
    assert fast == tf.strings.to_hash_bucket_fast(values, 7).numpy().tolist()
    strong = tf.keras.layers.Hashing(num_bins=7, salt=[3, 5])(tf.constant(values)).numpy().reshape(-1).tolist()
    assert strong == tf.strings.to_hash_bucket_strong(values, 7, [3, 5]).numpy().tolist()
