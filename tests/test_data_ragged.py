"""RaggedTensor elements through tf.data: one program (tests/ragged_data_program.py) run under
varrt is compared, case by case, with what TensorFlow 2.21 gave for it
(tests/fixtures/ragged_data/, recorded by tests/tools/record_keras_program.py; again live when
VARRT_TF_PYTHON is set): slices, batch, ragged_batch and dense_to_ragged_batch (sizes that do not
divide the rows, drop_remainder, row-splits dtypes), unbatch, from_generator, nests, the other
transformations, element specs and errors. Functions traced over RaggedTensor elements (map,
filter, a for loop in a tf.function) are what varrt does not build yet: they say so."""
import numpy as np
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "ragged_data_program.py"
TF = recorded("ragged_data")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "ragged_data")


def test_batches_of_slices_and_of_elements_are_the_rows():
    rng = np.random.RandomState(7)
    rows = [list(rng.randint(0, 9, rng.randint(0, 4))) for _ in range(13)]
    rt = tf.ragged.constant(rows, dtype=tf.int64)
    for size in (1, 4, 5, 13, 20):
        by_slices = list(tf.data.Dataset.from_tensor_slices(rt).batch(size))
        by_elements = list(tf.data.Dataset.from_tensors(rt).unbatch().batch(size))  # stacked element by element
        for batches in (by_slices, by_elements):
            assert len(batches) == -(-13 // size)
            assert [r for b in batches for r in b.to_list()] == rows


@pytest.mark.parametrize("make", [
    lambda ds: ds.map(lambda x: x * 2),
    lambda ds: ds.filter(lambda x: True),
    lambda ds: ds.reduce(0, lambda s, x: s),
    lambda ds: tf.function(lambda: [x for x in ds])(),
])
def test_traced_functions_over_ragged_elements_say_varrt_does_not_implement_them(make):
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]]]))
    with pytest.raises(NotImplementedError, match="varrt does not implement RaggedTensor elements in tf.data's "
                                                  "traced functions"):
        make(ds)
