"""SparseTensor elements through tf.data: one program (tests/sparse_data_program.py) run under
varrt is compared, case by case, with what TensorFlow 2.21 gave for it
(tests/fixtures/sparse_data/, recorded by tests/tools/record_keras_program.py; again live when
VARRT_TF_PYTHON is set): slices of a SparseTensor alone and in tuples, dicts and nests, batches
(sizes that do not divide the rows, drop_remainder, dense shapes that differ), unbatch, maps into
and out of sparse, the other transformations, element specs and errors."""
import numpy as np

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "sparse_data_program.py"
TF = recorded("sparse_data")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "sparse_data")


def test_a_batch_of_slices_is_the_rows_of_the_sparse_tensor():
    rng = np.random.RandomState(4)
    dense = (rng.rand(11, 3, 2) > 0.6) * rng.randint(1, 9, (11, 3, 2))
    sp = tf.sparse.from_dense(dense)
    for size in (1, 3, 4, 11, 12):
        batches = list(tf.data.Dataset.from_tensor_slices(sp).batch(size))
        assert len(batches) == -(-11 // size)
        got = np.concatenate([tf.sparse.to_dense(b).numpy() for b in batches])
        np.testing.assert_array_equal(got, dense)


def test_a_sparse_element_spec_of_a_batched_map():
    ds = tf.data.Dataset.from_tensor_slices(tf.sparse.from_dense(np.eye(3, dtype=np.float32))).batch(2)
    assert ds.map(lambda x: x * 2.0).element_spec == tf.SparseTensorSpec([None, 3], tf.float32)
