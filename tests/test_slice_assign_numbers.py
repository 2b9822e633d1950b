"""`v[key].assign(number)` with a Python float or int and a key of integers: the program
(tests/slice_assign_program.py) run under varrt is compared, case by case, with what TensorFlow 2.21
gave for it (tests/fixtures/slice_assign/, recorded by tests/tools/record_keras_program.py; again
live when VARRT_TF_PYTHON is set): every dtype a number can be written to, numbers at the edges of
their conversion, keys of one and several integers, negative and out of range, and what kept
slices, kept reads, tapes and tf.function see. varrt writes such a number in place without making
a tensor for it when nothing observes the op (ops::AssignElementAtIndex); the checks below hold it
to the variable's copy-on-write and to the general path's results."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("slice_assign")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("slice_assign_program.py", TF, "slice_assign")


@pytest.mark.parametrize("dtype, number", [(np.float32, 5.0), (np.float64, -2.5), (np.int32, 7), (np.int64, -9),
                                           (np.float32, 3), (np.float64, 2**40)])
def test_numbers_are_written_in_place_without_allocating(dtype, number):
    v = tf.Variable(np.zeros((3, 5), dtype))
    v[0, 0].assign(number)  # warm: a first call may make what later calls reuse
    before = tf.experimental.memory_stats()["num_allocs"]
    for i in range(3):
        for j in range(5):
            v[i, j].assign(number)
        v[i].assign(number)
        v[-1 - i, -1].assign(number)
    assert tf.experimental.memory_stats()["num_allocs"] == before
    np.testing.assert_array_equal(v.numpy(), np.full((3, 5), number, dtype))


def test_a_read_kept_from_before_the_write_keeps_its_value():
    v = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    kept = v.read_value()
    row = v[1]
    v[1, 2].assign(-1.0)
    v[0].assign(7)
    np.testing.assert_array_equal(kept.numpy(), np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(row.numpy(), [3.0, 4.0, 5.0])
    np.testing.assert_array_equal(v.numpy(), [[7.0, 7.0, 7.0], [3.0, 4.0, -1.0]])


def test_an_out_of_range_index_leaves_the_variable_and_says_tensorflows_error():
    v = tf.Variable([[1, 2], [3, 4]], dtype=tf.int64)
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index 2 of dimension 1 out of bounds"):
        v[0, 2].assign(9)
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index -1 of dimension 0 out of bounds"):
        v[-3].assign(9)
    np.testing.assert_array_equal(v.numpy(), [[1, 2], [3, 4]])
