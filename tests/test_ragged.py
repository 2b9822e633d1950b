"""tf.ragged and tf.RaggedTensor against TensorFlow 2.21: tests/ragged_program.py (the core of
TensorFlow's ragged tensor guide: factories and their validation errors, tf.ragged.constant's
inference, properties, conversions, printing, indexing, element-wise ops with broadcasting,
reductions, concat/stack/gather/boolean_mask/range, over int32/int64/float32/string values,
int32 and int64 partitions and zero-row tensors) runs under varrt and each case is compared with
TensorFlow's (tests/fixtures/ragged/results.json, recorded by tests/tools/record_keras_program.py;
live too when VARRT_TF_PYTHON is set). Below: what varrt does not build says so."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

PROGRAM = "ragged_program.py"
TF = recorded("ragged")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "ragged")


def test_the_fixture_covers_the_areas():
    areas = {name.split("/")[0] for name in TF}
    assert areas >= {"constant", "factory", "prop", "getitem", "elementwise", "reduce", "array", "dtypes", "guide",
                     "strings_split", "shape", "tile", "row_partition", "gradient", "operators", "more_ops"}
    assert sum(v.startswith("InvalidArgumentError") for v in TF.values()) >= 10  # errors are compared too


@pytest.mark.parametrize("call, text", [
    (lambda rt: tf.reduce_sum(rt, axis=1, keepdims=True), "keepdims=True"),
    (lambda rt: tf.shape(rt)[::2], "stepped slices"),
    (lambda rt: tf.reshape(rt, tf.shape(rt)), "tf.reshape of a RaggedTensor"),
    (lambda rt: tf.gather(rt, [0], axis=1), "axis != 0"),
    (lambda rt: rt[tf.newaxis], "tf.newaxis"),
    (lambda rt: tf.RaggedTensorSpec([None, None], tf.int32, flat_values_spec=tf.TensorSpec([None], tf.int32)),
     "flat_values_spec"),
    (lambda rt: tf.reduce_sum(tf.ragged.constant([[[1], [2, 3]]]), axis=1), "ragged_rank > 1"),
    (lambda rt: rt + tf.ragged.constant([[[1]], [[2]]]), "different ragged ranks"),
    (lambda rt: rt + tf.ones([1, 2, 1], tf.int32), "dense operand of higher rank"),
    (lambda rt: tf.where(rt > 1), "where\\(condition, x, y\\)"),
])
def test_unbuilt_ragged_features_raise_not_implemented(call, text):
    rt = tf.ragged.constant([[1, 2], [3]])
    with pytest.raises(NotImplementedError, match=text):
        call(rt)


def test_a_ragged_tensor_built_in_a_traced_function_says_varrt_does_not_implement_it():
    @tf.function
    def f(x):
        return tf.RaggedTensor.from_row_splits(x, [0, 1, 2])

    with pytest.raises(NotImplementedError, match="varrt does not implement RaggedTensor in a graph"):
        f(tf.constant([1, 2]))


@pytest.mark.parametrize("call, text", [
    (lambda rt: tf.function(lambda x: x + 1)(rt), "RaggedTensor arguments of a tf.function"),
    (lambda rt: tf.function(lambda x: x + 1, input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])(rt),
     "RaggedTensorSpec in an input_signature"),
    (lambda rt: tf.function(lambda x: x + 1).get_concrete_function(tf.RaggedTensorSpec([None, None], tf.int32)),
     "RaggedTensorSpec in an input_signature"),
    (lambda rt: tf.function(lambda: tf.ragged.constant([[1], [2, 3]]))(), "returning a RaggedTensor"),
    (lambda rt: tf.function(lambda x: tf.strings.split(x))(tf.constant(["a b"])), "graph being built"),
    (lambda rt: tf.function(lambda x: tf.ragged.range(x))(tf.constant([2, 1])), "graph being built"),
    (lambda rt: tf.function(lambda x: tf.RaggedTensor.from_tensor(x))(tf.constant([[1]])), "graph being built"),
    (lambda rt: list(tf.data.Dataset.range(3).map(lambda i: tf.ragged.range(i))), "graph being built"),
    (lambda rt: tf.data.Dataset.from_tensor_slices(rt).map(lambda x: x + 1), "RaggedTensor elements in tf.data"),
    (lambda rt: tf.data.Dataset.from_tensors({"a": rt}).filter(lambda e: True), "RaggedTensor elements in tf.data"),
])
def test_ragged_tensors_in_graphs_and_datasets_say_varrt_does_not_implement_them(call, text):
    rt = tf.ragged.constant([[1, 2], [3]])
    with pytest.raises(NotImplementedError, match=text):
        call(rt)


def test_a_ragged_tensor_captured_by_a_traced_function_is_its_value():
    rt = tf.ragged.constant([[1, 2], [3]])
    f = tf.function(lambda: tf.reduce_sum(rt, axis=1))
    assert f().numpy().tolist() == [3, 3]


def test_dense_calls_keep_their_fast_paths_and_errors():
    # The dispatch wrapper runs the op first: dense calls and their errors are unchanged.
    assert type(tf.add).__name__ == "FastOp" and type(tf.reduce_sum).__name__ == "FastOp"
    assert tf.add(1, 2).numpy() == 3 and tf.concat([[1], [2]], 0).numpy().tolist() == [1, 2]
    with pytest.raises(ValueError, match="unsupported type"):
        tf.add(object(), 1)


def test_elementwise_results_flow_through_varrt_ops_on_the_flat_values():
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
    out = tf.math.sqrt(rt * rt)
    assert isinstance(out, tf.RaggedTensor) and out.flat_values.dtype == tf.float32
    assert out.to_list() == [[1.0, 2.0], [3.0]]
    assert out.row_splits is rt.row_splits  # the partition is shared, not copied
