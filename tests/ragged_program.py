"""tf.ragged and tf.RaggedTensor (the core of TensorFlow's ragged tensor guide): one case
program run under TensorFlow 2.21 (recorded into tests/fixtures/ragged/) and under varrt.

    python tests/ragged_program.py tensorflow|varrt OUT_DIR

writes OUT_DIR/results.json: {case: text}, each case what the library prints or raises (the
exception's type and message)."""
import json
import os
import sys

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

results = {}
R = tf.RaggedTensor


def case(name, fn):
    """What fn() gives, printed as TensorFlow prints it (repr and shape/dtype), or the error raised."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - recording the error is the point
        results[name] = f"{type(e).__name__}: {e}"
        return
    text = repr(value)
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        text += f" shape={value.shape} dtype={value.dtype!r}"
    if isinstance(value, R):
        text += f" ragged_rank={value.ragged_rank} splits={value.row_splits.dtype!r}"
    results[name] = text


c = tf.ragged.constant
digits = c([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
words = c([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
rt3 = c([[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]])
rt_inner = c([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1)
zero_rows = R.from_row_splits(tf.constant([], tf.float32), [0])
DTYPES = {"int32": tf.int32, "int64": tf.int64, "float32": tf.float32, "string": tf.string}

# --- tf.ragged.constant: dtype, ragged_rank, inner_shape, errors ---
for name, args, kwargs in [
        ("ints", ([[3, 1, 4, 1], [], [5, 9, 2], [6], []],), {}),
        ("strings", ([["Hi"], ["How", "are", "you"]],), {}),
        ("rank3", ([[[1, 2], [3]], [[4, 5]]],), {}),
        ("floats", ([[1, 2], [3.5]],), {}),
        ("bools", ([[True], [False, True]],), {}),
        ("big", ([[2 ** 40], [1]],), {}),
        ("dtype_float", ([[1, 2], [3]],), {"dtype": tf.float32}),
        ("dtype_int_bad", ([[1, 2], [3.5]],), {"dtype": tf.int32}),
        ("ragged_rank1_inner", ([[[1, 2], [3, 4]], [[5, 6]]],), {"ragged_rank": 1}),
        ("inner_shape", ([[[1, 2]], [[3, 4], [5, 6]]],), {"inner_shape": (2,)}),
        ("splits_int32", ([[1, 2], [3]],), {"row_splits_dtype": tf.int32}),
        ("splits_float", ([[1, 2], [3]],), {"row_splits_dtype": tf.float32}),
        ("mixed_types", ([["one", "two"], [3, 4]],), {}),
        ("mixed_depth", (["A", ["B", "C"]],), {}),
        ("ragged_rank_too_big", ([[1, 2], [3]],), {"ragged_rank": 2}),
        ("ragged_rank0", ([[1, 2], [3]],), {"ragged_rank": 0}),
        ("scalar", (5,), {}),
        ("empty", ([],), {}),
        ("empty_row", ([[]],), {}),
        ("empty_rows", ([[], []],), {"ragged_rank": 1}),
        ("inner_inconsistent", ([[[1, 2], [3]]],), {"ragged_rank": 1}),
        ("empty_nesting", ([[[]], [1]],), {}),
        ("rank4", ([[[["I", "like"]], [["Oh"], ["What", "can"]]], [[["Yes."]]]],), {})]:
    case(f"constant/{name}", lambda: c(*args, **kwargs))

# --- factories and their validation ---
V = [3, 1, 4, 1, 5, 9, 2]
for name, fn in [
        ("row_splits", lambda: R.from_row_splits(V, [0, 4, 4, 6, 7])),
        ("row_splits_int32", lambda: R.from_row_splits(V, tf.constant([0, 4, 4, 6, 7], tf.int32))),
        ("row_lengths", lambda: R.from_row_lengths(V, [4, 0, 2, 1])),
        ("value_rowids", lambda: R.from_value_rowids(V, [0, 0, 0, 0, 2, 2, 3])),
        ("value_rowids_nrows", lambda: R.from_value_rowids(V, [0, 0, 0, 0, 2, 2, 3], nrows=6)),
        ("row_starts", lambda: R.from_row_starts(V, [0, 4, 4, 6])),
        ("row_limits", lambda: R.from_row_limits(V, [4, 4, 6, 7])),
        ("nested_splits", lambda: R.from_nested_row_splits([10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
                                                          ([0, 1, 1, 5], [0, 3, 3, 5, 9, 10]))),
        ("nested_lengths", lambda: R.from_nested_row_lengths([1, 2, 3, 4], ([2, 0, 1], [1, 0, 3]))),
        ("inner_dims", lambda: R.from_row_splits([[1, 3], [0, 0], [1, 3], [5, 3], [3, 3], [1, 2]], [0, 3, 4, 6])),
        ("uniform", lambda: R.from_uniform_row_length(R.from_row_splits(list(range(10, 20)), [0, 3, 5, 9, 10]), 2)),
        ("zero_rows", lambda: zero_rows),
        ("bad_zero", lambda: R.from_row_splits([1, 2, 3], [1, 3])),
        ("bad_monotonic", lambda: R.from_row_splits([1, 2, 3], [0, 3, 2])),
        ("bad_end", lambda: R.from_row_splits([1, 2, 3], [0, 2])),
        ("bad_empty", lambda: R.from_row_splits([1, 2, 3], [])),
        ("bad_rank", lambda: R.from_row_splits([1, 2, 3], [[0, 3]])),
        ("bad_dtype", lambda: R.from_row_splits([1, 2, 3], [0., 3.])),
        ("bad_lengths_sum", lambda: R.from_row_lengths([1, 2, 3], [1, 1])),
        ("bad_lengths_negative", lambda: R.from_row_lengths([1, 2, 3], [4, -1])),
        ("bad_rowids_order", lambda: R.from_value_rowids([1, 2, 3], [0, 2, 1])),
        ("bad_rowids_count", lambda: R.from_value_rowids([1, 2, 3], [0, 1])),
        ("bad_nrows", lambda: R.from_value_rowids([1, 2, 3], [0, 1, 1], nrows=1)),
        ("bad_starts", lambda: R.from_row_starts([1, 2, 3], [1, 2])),
        ("bad_limits", lambda: R.from_row_limits([1, 2, 3], [2, 1])),
        ("private_constructor", lambda: R([1], [0, 1])),
        ("scalar_values", lambda: R.from_row_splits(1, [0, 1])),
        ("splits_dtype_mismatch", lambda: R.from_row_splits(c([[1], [2]], row_splits_dtype=tf.int32),
                                                            tf.constant([0, 2], tf.int64))),
        ("lengths_dtype_mismatch", lambda: R.from_row_lengths(c([[1], [2]]), tf.constant([2], tf.int32))),
        ("nested_value_rowids", lambda: R.from_nested_value_rowids([1, 2, 3, 4], ([0, 0, 2], [0, 1, 1, 2]))),
        ("nested_value_rowids_nrows", lambda: R.from_nested_value_rowids([1, 2, 3], ([0, 1], [0, 0, 1]),
                                                                         nested_nrows=[3, 2])),
        ("nested_splits_tensor", lambda: R.from_nested_row_splits([1, 2], tf.constant([[0, 2]]))),
        ("value_rowids_empty", lambda: R.from_value_rowids(tf.zeros([0]), tf.zeros([0], tf.int64), nrows=3)),
        ("value_rowids_nrows_tensor", lambda: R.from_value_rowids([1, 2], [0, 2], nrows=tf.constant(4, tf.int64))),
        ("row_starts_empty", lambda: R.from_row_starts(tf.zeros([0], tf.int32), tf.zeros([0], tf.int64))),
        ("float64", lambda: R.from_row_lengths(tf.constant([1e-8, 2.5, 1e20], tf.float64), [1, 2])),
        ("uint8", lambda: R.from_row_lengths(tf.constant([1, 2, 255], tf.uint8), [1, 0, 2])),
        ("float_repr", lambda: c([[0.1, 1.0 / 3], [123456.789]])),
        ("long_rows", lambda: c([list(range(40)), [1]])),
        ("from_tensor", lambda: R.from_tensor([[1, 3, -1, -1], [2, -1, -1, -1], [4, 5, 8, 9]])),
        ("from_tensor_padding", lambda: R.from_tensor([[1, 3, -1, -1], [2, -1, -1, -1], [4, 5, 8, 9]], padding=-1)),
        ("from_tensor_lengths", lambda: R.from_tensor([[1, 0, 0], [2, 3, 0]], lengths=[1, 2])),
        ("from_tensor_padding_inner", lambda: R.from_tensor([[[1, 0], [0, 0]], [[2, 3], [0, 0]]], padding=[0, 0])),
        ("from_tensor_rr2", lambda: R.from_tensor([[[1, 0], [0, 0]], [[2, 3], [0, 0]]], ragged_rank=2)),
        ("from_tensor_rr2_padding", lambda: R.from_tensor([[[1, 0], [0, 0]], [[2, 3], [0, 0]]], padding=0,
                                                          ragged_rank=2)),
        ("from_tensor_nested_lengths", lambda: R.from_tensor([[[1, 0], [0, 0]], [[2, 3], [0, 0]]],
                                                             lengths=([1, 2], [1, 0, 2]), ragged_rank=2)),
        ("from_tensor_empty", lambda: R.from_tensor(tf.zeros([0, 3]))),
        ("from_tensor_both", lambda: R.from_tensor([[1]], lengths=[1], padding=0)),
        ("from_tensor_rank1", lambda: R.from_tensor([1, 2])),
        ("from_tensor_strings", lambda: R.from_tensor([["a", ""], ["", ""]], padding="")),
        ("from_sparse", lambda: R.from_sparse(tf.SparseTensor([[0, 0], [2, 0], [2, 1]], ["a", "b", "c"], [3, 3]))),
]:
    case(f"factory/{name}", fn)

# --- properties and conversions, several dtypes ---
for dname, dtype in DTYPES.items():
    rt = c([[1, 2], [3, 4, 5], [6], [], [7]], dtype=dtype) if dtype != tf.string else \
        c([["a", "b"], ["c", "d", "e"], ["f"], [], ["g"]])
    for prop in ["values", "row_splits", "flat_values", "nested_row_splits", "row_lengths()", "value_rowids()",
                 "nrows()", "row_starts()", "row_limits()", "shape", "dtype", "ragged_rank", "bounding_shape()",
                 "to_tensor()", "to_list()", "numpy()", "to_sparse()", "nested_row_lengths()"]:
        case(f"prop/{dname}/{prop}", lambda: eval(f"rt.{prop}"))  # noqa: S307 - the case names the expression
    case(f"to_tensor/{dname}/shape", lambda: rt.to_tensor(shape=[2, 1]))
    case(f"to_tensor/{dname}/shape_none", lambda: rt.to_tensor(shape=[None, 4]))
    case(f"str/{dname}", lambda: str(rt))
for name, fn in [
        ("rt3_shape", lambda: (rt3.shape, rt3.ragged_rank, rt3.nested_row_splits)),
        ("rt3_row_lengths2", lambda: rt3.row_lengths(axis=2)),
        ("rt3_bounding", lambda: rt3.bounding_shape()),
        ("rt3_to_tensor", lambda: rt3.to_tensor(default_value=-1)),
        ("rt3_to_sparse", lambda: rt3.to_sparse()),
        ("inner_to_sparse", lambda: rt_inner.to_sparse()),
        ("inner_to_tensor", lambda: rt_inner.to_tensor()),
        ("inner_shape", lambda: (rt_inner.shape, rt_inner.flat_values.shape)),
        ("zero_rows_props", lambda: (zero_rows.shape, zero_rows.to_tensor(), zero_rows.to_list(), zero_rows.numpy(),
                                     zero_rows.bounding_shape())),
        ("default_value", lambda: words.to_tensor(default_value="?", shape=[None, 6])),
        ("bounding_axis", lambda: digits.bounding_shape(axis=1)),
        ("nrows_int32", lambda: digits.nrows(out_type=tf.int32)),
        ("with_values", lambda: digits.with_values(tf.cast(digits.values, tf.float32) * 2)),
        ("with_flat_values", lambda: rt3.with_flat_values(rt3.flat_values * 10)),
        ("with_values_bad", lambda: digits.with_values([1, 2])),
        ("spec", lambda: tf.type_spec_from_value(digits)),
        ("spec_rt3", lambda: tf.type_spec_from_value(rt3)),
        ("spec_inner", lambda: tf.type_spec_from_value(rt_inner)),
        ("spec_ctor", lambda: tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)),
        ("spec_ragged_rank", lambda: tf.RaggedTensorSpec(None, tf.int32, 2)),
        ("spec_no_rank", lambda: tf.RaggedTensorSpec(None, tf.int32)),
        ("spec_rank_too_big", lambda: tf.RaggedTensorSpec([None, None], tf.int32, 2)),
        ("iter", lambda: list(c([[1, 2], [3]]))),
        ("with_row_splits_dtype", lambda: rt3.with_row_splits_dtype(tf.int32)),
        ("with_row_splits_dtype_bad", lambda: rt3.with_row_splits_dtype(tf.float32)),
        ("nested_value_rowids_of", lambda: rt3.nested_value_rowids()),
        ("bounding_out_type", lambda: rt3.bounding_shape(out_type=tf.int32)),
        ("bounding_axes", lambda: rt3.bounding_shape(axis=[0, 2])),
        ("row_lengths_axis0", lambda: digits.row_lengths(axis=0)),
        ("row_lengths_neg", lambda: rt3.row_lengths(axis=-1)),
        ("row_lengths_inner", lambda: rt_inner.row_lengths(axis=2)),
        ("row_lengths_bad", lambda: digits.row_lengths(axis=2)),
        ("uniform_row_length", lambda: (digits.uniform_row_length,
                                        R.from_uniform_row_length([1, 2, 3, 4], 2).uniform_row_length)),
        ("get_shape", lambda: rt3.get_shape()),
        ("is_tensor", lambda: tf.is_tensor(digits)),
        ("nest_flatten", lambda: tf.nest.flatten({"a": rt3, "b": 1})),
        ("nest_flatten_expand", lambda: tf.nest.flatten({"a": rt3, "b": 1}, expand_composites=True)),
        ("nest_pack_expand", lambda: tf.nest.pack_sequence_as(
            rt3, [tf.constant(list(range(20, 30))), tf.constant([0, 2, 5, 6, 8], tf.int64),
                  tf.constant([0, 3, 4, 5, 5, 6, 7, 9, 10], tf.int64)], expand_composites=True)),
        ("nest_map_expand", lambda: tf.nest.map_structure(lambda v: v * 2, c([[[1], [2, 3]], [[4]]]),
                                                           expand_composites=True)),
        ("nest_map", lambda: tf.nest.map_structure(lambda v: v * 2, [digits, 1])),
        ("bool", lambda: bool(digits)),
]:
    case(f"prop/{name}", fn)

# --- indexing ---
queries = c([["Who", "is", "George", "Washington"], ["What", "is", "the", "weather", "tomorrow"], ["Goodnight"]])
for key in ["[1]", "[1, 2]", "[1:]", "[:, :3]", "[:, -2:]", "[::2]", "[:, ::-1]", "[:, 1:-1]", "[5]", "[:, 1]",
            "[..., :1]", "['a']", "[1.0]", "[-1]", "[2:1]"]:
    case(f"getitem/queries{key}", lambda: eval(f"queries{key}"))  # noqa: S307
for key in ["[1]", "[3, 0]", "[:, 1:3]", "[:, -1:]", "[1:3, :, :1]", "[1, 2]", "[:, :, 1:]"]:
    case(f"getitem/rt3{key}", lambda: eval(f"rt3{key}"))  # noqa: S307
for key in ["[:, :, 0]", "[0, 1]", "[:, 1:]", "[1:, ..., 1]"]:
    case(f"getitem/inner{key}", lambda: eval(f"rt_inner{key}"))  # noqa: S307

# --- element-wise ops and broadcasting ---
x = c([[1, 2], [3], [4, 5, 6]])
fl = c([[1.5, 2.0], [], [3.25]])
for name, fn in [
        ("add_scalar", lambda: tf.add(digits, 3)), ("plus_scalar", lambda: digits + 3), ("radd", lambda: 3 + digits),
        ("add_same", lambda: digits + c([[1, 2, 3, 4], [], [5, 6, 7], [8], []])),
        ("sub_tensor", lambda: tf.constant(10) - digits), ("mul", lambda: x * x), ("neg", lambda: -x),
        ("truediv", lambda: x / 2), ("floordiv", lambda: x // 2), ("mod", lambda: x % 2), ("pow", lambda: x ** 2),
        ("less", lambda: x < 3), ("greater_equal", lambda: tf.greater_equal(x, 3)), ("equal", lambda: tf.equal(x, 3)),
        ("logical", lambda: tf.logical_and(x > 1, x < 5)), ("maximum", lambda: tf.maximum(x, 3)),
        ("sqrt", lambda: tf.math.sqrt(tf.cast(x, tf.float32))), ("floor", lambda: tf.floor(tf.cast(x, tf.float64) / 4)),
        ("abs", lambda: tf.abs(-x)), ("square", lambda: tf.square(x)), ("cast", lambda: tf.cast(x, tf.float32)),
        ("sin", lambda: tf.sin(tf.ragged.constant([[0.5], []]))),
        ("acos", lambda: tf.math.acos(c([[0.5, -1.0], [], [0.25]]))),
        ("lgamma", lambda: tf.math.lgamma(c([[0.5, 3.0], []]))),
        ("relu", lambda: tf.nn.relu(c([[-1.5, 2.0], [], [3.0, -0.5]]))),
        ("leaky_relu", lambda: tf.nn.leaky_relu(c([[-1.5, 2.0], []]), alpha=0.1)),
        ("softplus", lambda: tf.math.softplus(c([[-1.0], [0.0, 1.0]]))),
        ("erfc", lambda: tf.math.erfc(c([[0.5], [0.0]]))),
        ("map_flat_values", lambda: tf.ragged.map_flat_values(lambda v: v * 2 + 1, digits)),
        ("map_flat_values_two", lambda: tf.ragged.map_flat_values(tf.add, x, x)),
        ("map_flat_values_mismatch", lambda: tf.ragged.map_flat_values(tf.add, x, c([[1, 2, 3], [4], [5, 6]]))),
        ("map_flat_values_sizes", lambda: tf.ragged.map_flat_values(tf.add, c([[1, 2, 3], [4], [5, 6]]),
                                                                    c([[10, 20], [30, 40], [50]]))),
        ("bcast_column", lambda: c([[10, 87, 12], [19, 53], [12, 32]]) + [[1000], [2000], [3000]]),
        ("bcast_inner", lambda: rt_inner + tf.constant([[10]])),
        ("bcast_rr2", lambda: c([[[[1], [2]], [], [[3]], [[4]]], [[[5], [6]], [[7]]]], ragged_rank=2)
         + tf.constant([10, 20, 30])),
        ("bcast_row_vector", lambda: rt_inner * tf.constant([1, -1])),
        ("bcast_bad_rows", lambda: x + tf.ones([4, 1], tf.int32)),
        ("bad_dense", lambda: c([[1, 2], [3, 4, 5, 6], [7]]) + tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])),
        ("bad_ragged", lambda: c([[1, 2, 3], [4], [5, 6]]) + c([[10, 20], [30, 40], [50]])),
        ("bad_inner", lambda: c([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10]]])
         + c([[[1, 2, 0], [3, 4, 0], [5, 6, 0]], [[7, 8, 0], [9, 10, 0]]])),
        ("string_add", lambda: words + "!"),
        ("zero_rows_add", lambda: zero_rows + 1.0),
]:
    case(f"elementwise/{name}", fn)

# --- ==, !=, hash, merge_dims ---
e1, e2, e3 = c([[1, 2], [3]]), c([[1, 5], [3]]), c([[1, 2], [3, 4]])
for name, fn in [
        ("eq", lambda: e1 == e2), ("ne", lambda: e1 != e2), ("eq_scalar", lambda: e1 == 1),
        ("eq_incompatible", lambda: e1 == e3), ("ne_incompatible", lambda: e1 != e3),
        ("eq_dense_incompatible", lambda: e1 == tf.constant([[1, 2], [3, 4]])),
        ("dense_eq_incompatible", lambda: tf.constant([[1, 2], [3, 4]]) == e1),
        ("eq_dense", lambda: e3 == tf.constant([[1, 2], [3, 4]])), ("dense_eq", lambda: tf.constant([[1, 2], [3, 4]]) == e3),
        ("eq_none", lambda: e1 == None), ("ne_none", lambda: e1 != None),  # noqa: E711
        ("in_list", lambda: [1, 2] in [e1]), ("hash", lambda: hash(e1)), ("len", lambda: len(e1)),
        ("matmul", lambda: e1 @ e1), ("invert", lambda: ~(e1 > 1)), ("and_ints", lambda: e1 & e1),
        ("or_bool", lambda: c([[True], [False]]) | True), ("rpow", lambda: 2 ** e1), ("div_self", lambda: e1 / e1),
        ("neg_floordiv", lambda: -e1 // 2), ("abs", lambda: abs(-e1)),
        ("merge_01", lambda: e1.merge_dims(0, 1)), ("merge_rt3_01", lambda: rt3.merge_dims(0, 1)),
        ("merge_rt3_12", lambda: rt3.merge_dims(1, 2)), ("merge_rt3_02", lambda: rt3.merge_dims(0, 2)),
        ("merge_rt3_neg", lambda: rt3.merge_dims(-2, -1)), ("merge_inner_12", lambda: rt_inner.merge_dims(1, 2)),
        ("merge_inner_02", lambda: rt_inner.merge_dims(0, 2)), ("merge_same", lambda: rt3.merge_dims(1, 1)),
        ("merge_bad_order", lambda: rt3.merge_dims(2, 1)), ("merge_bad_axis", lambda: rt3.merge_dims(0, 3)),
]:
    case(f"operators/{name}", fn)

# --- reductions ---
for name, fn in [
        ("sum_axis1", lambda: tf.reduce_sum(digits, axis=1)), ("mean_axis1", lambda: tf.reduce_mean(digits, axis=1)),
        ("max_axis1", lambda: tf.reduce_max(digits, axis=1)), ("min_axis_neg1", lambda: tf.reduce_min(digits, axis=-1)),
        ("sum_axis0", lambda: tf.reduce_sum(digits, axis=0)), ("mean_axis0", lambda: tf.reduce_mean(digits, axis=0)),
        ("sum_all", lambda: tf.reduce_sum(digits)), ("mean_all", lambda: tf.reduce_mean(digits)),
        ("max_float", lambda: tf.reduce_max(fl, axis=1)), ("min_float", lambda: tf.reduce_min(fl, axis=1)),
        ("mean_float", lambda: tf.reduce_mean(fl, axis=1)), ("prod", lambda: tf.reduce_prod(digits, axis=1)),
        ("sum_both", lambda: tf.reduce_sum(digits, axis=[0, 1])),
        ("rt3_axis2", lambda: tf.reduce_sum(rt3, axis=2)), ("rt3_axis_neg1", lambda: tf.reduce_max(rt3, axis=-1)),
        ("inner_axis2", lambda: tf.reduce_sum(rt_inner, axis=2)), ("inner_axis1", lambda: tf.reduce_sum(rt_inner, axis=1)),
        ("any", lambda: tf.reduce_any(digits > 4, axis=1)), ("all", lambda: tf.reduce_all(digits > 0, axis=1)),
        ("bad_axis", lambda: tf.reduce_sum(digits, axis=2)),
        ("math_reduce_max", lambda: tf.math.reduce_max(x, axis=-1)),
]:
    case(f"reduce/{name}", fn)

# --- concat, stack, gather, boolean_mask, range, segment ids ---
ragged_x = c([["John"], ["a", "big", "dog"], ["my", "cat"]])
ragged_y = c([["fell", "asleep"], ["barked"], ["is", "fuzzy"]])
y = c([[10, 20], [30, 40], [50]])
for name, fn in [
        ("concat0_dense", lambda: tf.concat([digits, [[5, 3]]], axis=0)),
        ("concat1", lambda: tf.concat([ragged_x, ragged_y], axis=1)),
        ("concat1_marker", lambda: tf.concat([tf.fill([queries.nrows(), 1], "#"), queries,
                                              tf.fill([queries.nrows(), 1], "#")], axis=1)),
        ("concat1_dense", lambda: tf.concat([x, tf.constant([[1], [2], [3]])], axis=1)),
        ("concat1_bad_rows", lambda: tf.concat([x, c([[1]])], axis=1)),
        ("concat_neg1", lambda: tf.concat([x, y], axis=-1)),
        ("concat0_rt3", lambda: tf.concat([rt3, rt3[:1]], axis=0)),
        ("concat2_rt3", lambda: tf.concat([rt3, rt3], axis=2)),
        ("concat_inner2", lambda: tf.concat([rt_inner, rt_inner * 2], axis=2)),
        ("concat_rank_mismatch", lambda: tf.concat([x, rt3], 0)),
        ("concat0_mixed_ragged_rank", lambda: tf.concat([rt_inner, c([[[7, 8]], [[9, 10], [1, 1]]])], 0)),
        ("concat1_mixed_ragged_rank", lambda: tf.concat([rt_inner, c([[[7, 8]], [[9, 10]]])], axis=1)),
        ("stack0_mixed_ragged_rank", lambda: tf.ragged.stack([rt_inner, c([[[7, 8]], [[9, 10], [1, 1]]])])),
        ("concat2_dense_inner", lambda: tf.concat([rt_inner, rt_inner], axis=-1)),
        ("stack0", lambda: tf.ragged.stack([x, y])), ("stack1", lambda: tf.ragged.stack([x, y], axis=1)),
        ("stack_dense", lambda: tf.ragged.stack([tf.constant([1, 2]), tf.constant([3, 4])])),
        ("tf_stack", lambda: tf.stack([x, y], axis=0)),
        ("gather", lambda: tf.gather(x, [2, 0, 2])), ("gather_2d", lambda: tf.gather(x, [[2], [0]])),
        ("gather_rt3", lambda: tf.gather(rt3, [3, 1])),
        ("gather_ragged_indices", lambda: tf.gather(tf.constant([10, 20, 30]), c([[2, 0], [], [1]]))),
        ("gather_bad", lambda: tf.gather(x, [5])),
        ("mask_ragged", lambda: tf.ragged.boolean_mask(digits, digits > 2)),
        ("mask_rows", lambda: tf.ragged.boolean_mask(x, [True, False, True])),
        ("mask_dense", lambda: tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]),
                                                      tf.constant([[True, False], [False, False]]))),
        ("mask_dense_data_ragged_mask", lambda: tf.ragged.boolean_mask(tf.constant([[1, 2, 3], [4, 5, 6]]),
                                                                       c([[True, False, True], [False, True, True]]))),
        ("mask_mismatch", lambda: tf.ragged.boolean_mask(x, c([[True, False], [True, True], [False]]))),
        ("mask_bad_rows", lambda: tf.ragged.boolean_mask(x, [True, False])),
        ("range", lambda: tf.ragged.range([3, 0, 2])), ("range_limits", lambda: tf.ragged.range([1, 2], [5, 3])),
        ("range_deltas", lambda: tf.ragged.range([1., 2], [5, 3], [2, 1])),
        ("range_negative", lambda: tf.ragged.range(5, [0, 2], -2)),
        ("range_zero_delta", lambda: tf.ragged.range([1, 2], [5, 3], 0)),
        ("range_int64", lambda: tf.ragged.range(tf.constant([1, 2], tf.int64), 5)),
        ("range_scalar", lambda: tf.ragged.range(3)),
        ("splits_to_ids", lambda: tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])),
        ("ids_to_splits", lambda: tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2])),
        ("ids_to_splits_n", lambda: tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=4)),
]:
    case(f"array/{name}", fn)

# --- the same ops over dtypes, int32 partitions and zero rows ---
for dname, dtype in DTYPES.items():
    for splits in (tf.int64, tf.int32):
        sname = f"{dname}/{splits.name}"
        if dtype == tf.string:
            a = c([["a", "b"], [], ["c"]], row_splits_dtype=splits)
            b = c([["d"], ["e", "f"], []], row_splits_dtype=splits)
            a3 = c([[["a"], []], [["b", "c"]]], row_splits_dtype=splits)
        else:
            a = c([[1, 2], [], [3]], dtype=dtype, row_splits_dtype=splits)
            b = c([[4], [5, 6], []], dtype=dtype, row_splits_dtype=splits)
            a3 = c([[[1], []], [[2, 3]]], dtype=dtype, row_splits_dtype=splits)
        z = R.from_row_splits(tf.zeros([0], dtype), tf.constant([0], splits))
        for name, fn in [
                ("concat0", lambda: tf.concat([a, b], axis=0)), ("concat1", lambda: tf.concat([a, b], axis=1)),
                ("concat0_zero", lambda: tf.concat([a, z], axis=0)), ("stack0", lambda: tf.ragged.stack([a, b])),
                ("stack1", lambda: tf.ragged.stack([a, b], axis=1)), ("gather", lambda: tf.gather(a, [2, 2, 0])),
                ("gather_empty", lambda: tf.gather(a, tf.zeros([0], tf.int32))), ("slice", lambda: a[1:]),
                ("col_slice", lambda: a[:, 1:]), ("row", lambda: a[0]), ("rt3_row", lambda: a3[1]),
                ("rt3_cols", lambda: a3[:, :1]), ("mask", lambda: tf.ragged.boolean_mask(a, [True, False, True])),
                ("to_tensor", lambda: a.to_tensor()), ("rt3_to_tensor", lambda: a3.to_tensor()),
                ("to_sparse", lambda: a3.to_sparse()), ("zero_to_tensor", lambda: z.to_tensor()),
                ("zero_props", lambda: (z.shape, z.to_list(), z.row_lengths(), z.bounding_shape(), z.nrows())),
                ("zero_slice", lambda: a[3:]), ("zero_gather", lambda: tf.gather(z, tf.zeros([0], tf.int32))),
                ("from_tensor", lambda: R.from_tensor(a.to_tensor(), lengths=[2, 0, 1], row_splits_dtype=splits)),
                ("row_lengths", lambda: (a.row_lengths(), a3.row_lengths(axis=2), a3.nested_row_lengths())),
                ("value_rowids", lambda: (a.value_rowids(), a3.nested_value_rowids())),
                ("mixed_splits", lambda: tf.concat([a, c([[1]], dtype=dtype if dtype != tf.string else None,
                                                         row_splits_dtype=tf.int64 if splits == tf.int32
                                                         else tf.int32) if dtype != tf.string else
                                                    c([["x"]], row_splits_dtype=tf.int64 if splits == tf.int32
                                                      else tf.int32)], axis=0)),
        ]:
            case(f"dtypes/{sname}/{name}", fn)
        if dtype != tf.string:
            for name, fn in [
                    ("add", lambda: a + a), ("mul_scalar", lambda: a * 2),
                    ("sum1", lambda: tf.reduce_sum(a, axis=1)), ("max1", lambda: tf.reduce_max(a, axis=1)),
                    ("min0", lambda: tf.reduce_min(a, axis=0)), ("mean1", lambda: tf.reduce_mean(a, axis=1)),
                    ("sum_rt3_2", lambda: tf.reduce_sum(a3, axis=2)), ("zero_sum1", lambda: tf.reduce_sum(z, axis=1)),
                    ("zero_add", lambda: z + 1), ("range", lambda: tf.ragged.range(tf.constant([2, 0], dtype)
                                                                                    if dtype != tf.float32 else
                                                                                    tf.constant([2.5, 0.0]),
                                                                                    row_splits_dtype=splits)),
            ]:
                case(f"dtypes/{sname}/{name}", fn)

# --- tf.strings.split ---
sentences = tf.constant(["What makes you think she is a witch?", "She turned me into a newt.", "A newt?",
                         "Well, I got better."])
for name, fn in [
        ("guide", lambda: tf.strings.split(sentences, " ")),
        ("whitespace_maxsplit", lambda: tf.strings.split(["a  b  c ", " ", "", "x\ty\nz"], maxsplit=1)),
        ("sep", lambda: tf.strings.split(["a,,b", "", ","], ",")),
        ("sep_maxsplit", lambda: tf.strings.split(["a,,b,c", "", ","], ",", maxsplit=1)),
        ("scalar", lambda: tf.strings.split("hello world")),
        ("rank2", lambda: tf.strings.split([["a b"], ["c"]])),
        ("ragged", lambda: tf.strings.split(c([["a b"], []]))),
        ("empty_sep", lambda: tf.strings.split(["a b"], "")),
        ("ints", lambda: tf.strings.split([1, 2])),
        ("whole_sep", lambda: tf.strings.split(["ab"], "ab")),
        ("long_sep", lambda: tf.strings.split(["a<>b<>"], "<>")),
        ("maxsplit0", lambda: tf.strings.split(["a b"], sep=None, maxsplit=0)),
        ("no_rows", lambda: tf.strings.split(tf.constant([], tf.string))),
        ("non_ascii_space", lambda: tf.strings.split(["a\xa0b c"])),
        ("tensor_sep", lambda: tf.strings.split(["a b"], tf.constant(" "))),
        ("bytes_sep", lambda: tf.strings.split(["ab"], b"b")),
        ("then_to_tensor", lambda: tf.strings.split(sentences).to_tensor()),
        ("then_lengths", lambda: tf.strings.split(sentences).row_lengths()),
]:
    case(f"strings_split/{name}", fn)

# --- tf.shape: DynamicRaggedShape ---
rt_shape = tf.shape(c([[1], [2, 3, 4], [], [5, 6]]))
xs = tf.constant([["a", "b"], ["c", "d"], ["e", "f"]])
for name, fn in [
        ("repr", lambda: rt_shape), ("props", lambda: (rt_shape.rank, rt_shape.num_row_partitions, rt_shape.dtype,
                                                       rt_shape.inner_shape, rt_shape.static_lengths(),
                                                       rt_shape.is_uniform(0), rt_shape.is_uniform(1))),
        ("index0", lambda: rt_shape[0]), ("index1", lambda: rt_shape[1]), ("index_neg", lambda: rt_shape[-1]),
        ("index_out", lambda: rt_shape[2]), ("prefix1", lambda: rt_shape[:1]), ("prefix2", lambda: rt_shape[0:2]),
        ("suffix", lambda: rt_shape[1:]), ("list", lambda: list(rt_shape)), ("len", lambda: len(rt_shape)),
        ("int64", lambda: tf.shape(digits, out_type=tf.int64)),
        ("inner", lambda: tf.shape(rt_inner)), ("inner_index2", lambda: tf.shape(rt_inner)[2]),
        ("inner_prefix2", lambda: tf.shape(rt_inner)[:2]), ("inner_inner_shape", lambda: tf.shape(rt_inner).inner_shape),
        ("rt3", lambda: tf.shape(rt3)), ("uniform", lambda: tf.shape(R.from_uniform_row_length([1, 2, 3, 4], 2))),
        ("reshape", lambda: tf.reshape(xs, rt_shape)), ("zeros", lambda: tf.zeros(rt_shape)),
        ("ones", lambda: tf.ones(rt_shape)), ("ones_int", lambda: tf.ones(rt_shape, tf.int32)),
        ("fill", lambda: tf.fill(rt_shape, "x")), ("fill_number", lambda: tf.fill(rt_shape, 9)),
        ("reshape_bad", lambda: tf.reshape(tf.range(5), rt_shape)),
        ("zeros_splits", lambda: tf.zeros(rt_shape).row_splits),
        ("zeros_inner", lambda: tf.zeros(tf.shape(rt_inner))),
        ("zeros_rt3", lambda: tf.zeros(tf.shape(rt3), tf.int64)),
        ("from_lengths", lambda: tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])),
        ("from_lengths_ones", lambda: tf.ones(tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 2), 2]),
                                              tf.int32)),
        ("from_lengths_dtype", lambda: tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 2)]).dtype),
]:
    case(f"shape/{name}", fn)

# --- tf.tile ---
for name, fn in [
        ("guide", lambda: tf.tile(digits, [1, 2])), ("rows_and_cols", lambda: tf.tile(digits, [2, 3])),
        ("inner", lambda: tf.tile(rt_inner, [1, 2, 2])), ("rt3", lambda: tf.tile(c([[[1], [2, 3]], [[4]]]), [2, 1, 2])),
        ("uniform", lambda: tf.tile(R.from_uniform_row_length([1, 2, 3, 4], 2), [2, 2])),
        ("zero", lambda: tf.tile(digits, [0, 2])), ("strings", lambda: tf.tile(words, [1, 2])),
        ("tensor_multiples", lambda: tf.tile(digits, tf.constant([1, 2], tf.int64))),
        ("short", lambda: tf.tile(digits, [2])), ("zero_rows", lambda: tf.tile(zero_rows, [3, 2])),
]:
    case(f"tile/{name}", fn)

# --- more ops TensorFlow dispatches to ragged tensors ---
r2 = c([[1, 2], [3], []])
for name, fn in [
        ("identity", lambda: tf.identity(r2)), ("ones_like", lambda: tf.ones_like(r2)),
        ("zeros_like_dtype", lambda: tf.zeros_like(r2, dtype=tf.float32)), ("size", lambda: tf.size(r2)),
        ("size_int64", lambda: tf.size(rt3, out_type=tf.int64)), ("rank", lambda: tf.rank(r2)), ("rank3", lambda: tf.rank(rt3)),
        ("where", lambda: tf.where(r2 > 1, r2, r2 * 10)), ("where_scalar", lambda: tf.where(r2 > 1, r2, 0)),
        ("where_dense_column", lambda: tf.where(r2 > 1, [[7], [8], [9]], r2)),
        ("reverse1", lambda: tf.reverse(r2, [1])), ("reverse0", lambda: tf.reverse(r2, [0])),
        ("reverse_rt3_2", lambda: tf.reverse(rt3, [2])), ("reverse_rt3_01", lambda: tf.reverse(rt3, [0, 1])),
        ("reverse_inner", lambda: tf.reverse(rt_inner, [-1])), ("reverse_strings", lambda: tf.reverse(words, [1])),
        ("clip", lambda: tf.clip_by_value(r2, 2, 2)), ("clip_float", lambda: tf.clip_by_value(fl, 1.75, 3.0)),
        ("add_n", lambda: tf.math.add_n([r2, r2, r2])), ("add_n_mixed", lambda: tf.math.add_n([r2, 1, r2])),
        ("expand0", lambda: tf.expand_dims(r2, 0)), ("expand1", lambda: tf.expand_dims(r2, 1)),
        ("expand2", lambda: tf.expand_dims(r2, 2)), ("expand_neg", lambda: tf.expand_dims(r2, -1)),
        ("expand_rt3_2", lambda: tf.expand_dims(rt3, 2)), ("expand_bad", lambda: tf.expand_dims(r2, 3)),
        ("map_fn", lambda: tf.map_fn(tf.math.square, digits)),
        ("map_fn_dense_out", lambda: tf.map_fn(tf.reduce_sum, digits, fn_output_signature=tf.int32)),
        ("map_fn_dense_spec", lambda: tf.map_fn(tf.reduce_max, fl, fn_output_signature=tf.TensorSpec([], tf.float32))),
        ("map_fn_slice", lambda: tf.map_fn(lambda r: r[:1], digits)),
        ("map_fn_rt3", lambda: tf.map_fn(lambda r: r, rt3)),
        ("map_fn_scalar_error", lambda: tf.map_fn(tf.reduce_sum, digits)),
        ("map_fn_concat", lambda: tf.map_fn(lambda r: tf.concat([r, r], 0), digits,
                                            fn_output_signature=tf.RaggedTensorSpec([None], tf.int32, 0))),
        ("map_fn_dense_to_ragged", lambda: tf.map_fn(lambda v: tf.range(v), tf.constant([1, 2, 0]),
                                                     fn_output_signature=tf.RaggedTensorSpec([None], tf.int32))),
        ("map_fn_zero_rows", lambda: tf.map_fn(tf.math.square, zero_rows)),
        ("map_fn_strings", lambda: tf.map_fn(lambda r: r[::-1], words)),
]:
    case(f"more_ops/{name}", fn)

# --- tf.experimental.RowPartition ---
RP = tf.experimental.RowPartition
p = RP.from_row_lengths([5, 3, 2])
for name, fn in [
        ("from_row_lengths", lambda: (p, p.row_splits(), p.nrows(), p.nvals(), p.row_lengths(), p.value_rowids(),
                                      p.uniform_row_length(), p.dtype)),
        ("from_row_splits", lambda: RP.from_row_splits([0, 2, 2, 5])),
        ("from_row_splits_int32", lambda: RP.from_row_splits(tf.constant([0, 2], tf.int32)).row_splits()),
        ("from_value_rowids", lambda: RP.from_value_rowids([0, 0, 2], nrows=4)),
        ("uniform", lambda: (RP.from_uniform_row_length(2, nvals=4), RP.from_uniform_row_length(2, nvals=4).row_splits())),
        ("bad_lengths", lambda: RP.from_row_lengths([1, -1])),
        ("bad_splits", lambda: RP.from_row_splits([1, 2])),
        ("shape", lambda: tf.experimental.DynamicRaggedShape(row_partitions=[p], inner_shape=[10, 8])),
        ("shape_partitions", lambda: tf.experimental.DynamicRaggedShape(row_partitions=[p], inner_shape=[10, 8])
         .row_partitions),
        ("of_tensor", lambda: tf.shape(digits).row_partitions),
        ("of_uniform", lambda: tf.shape(R.from_uniform_row_length([1, 2, 3, 4], 2)).row_partitions),
]:
    case(f"row_partition/{name}", fn)

# --- gradients through ragged ops reach the flat values ---
def gradient(fn, values=(1.0, -2.0, 3.0, 4.0, 0.5), splits=(0, 2, 2, 5)):
    x = tf.constant(list(values))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = fn(R.from_row_splits(x, list(splits)))
    g = tape.gradient(loss, x)
    return "IndexedSlices" if isinstance(g, tf.IndexedSlices) else "Tensor", tf.convert_to_tensor(g)


for name, fn in [
        ("sum_axis1", lambda r: tf.reduce_sum(tf.reduce_sum(r, axis=1) * tf.constant([1.0, 2.0, 3.0]))),
        ("max_axis1", lambda r: tf.reduce_sum(tf.reduce_max(r, axis=1) * tf.constant([1.0, 0.0, 3.0]))),
        ("min_axis0", lambda r: tf.reduce_sum(tf.reduce_min(r, axis=0))),
        ("prod_axis1", lambda r: tf.reduce_sum(tf.reduce_prod(r, axis=1))),
        ("square", lambda r: tf.reduce_sum(tf.square(r).flat_values)),
        ("elementwise_sum", lambda r: tf.reduce_sum(r * 3.0 + r)),
        ("to_tensor", lambda r: tf.reduce_sum(r.to_tensor() * tf.constant([[1.0, 2.0, 3.0]]))),
        ("to_tensor_default", lambda r: tf.reduce_sum(r.to_tensor(default_value=7.0) ** 2)),
        ("to_tensor_shape", lambda r: tf.reduce_sum(r.to_tensor(shape=[None, 2]) * 2.0)),
        ("gather", lambda r: tf.reduce_sum(tf.gather(r, [2, 0, 2]).flat_values)),
        ("slice_cols", lambda r: tf.reduce_sum(r[:, 1:].flat_values * 5.0)),
        ("row", lambda r: tf.reduce_sum(r[2] * r[2])),
        ("concat1", lambda r: tf.reduce_sum(tf.reduce_max(tf.concat([r, r * 2.0], axis=1), axis=1))),
        ("boolean_mask", lambda r: tf.reduce_sum(tf.ragged.boolean_mask(r, r > 0.7).flat_values * 2.0)),
        ("tile", lambda r: tf.reduce_sum(tf.tile(r, [2, 2]).flat_values)),
]:
    case(f"gradient/{name}", lambda: gradient(fn))
def dense_operand_gradient():
    v = tf.Variable([[1.0], [2.0], [3.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((tf.cast(x, tf.float32) * v).flat_values)
    return tape.gradient(loss, v)


case("gradient/dense_operand", dense_operand_gradient)
case("gradient/mean_axis1", lambda: gradient(lambda r: tf.reduce_sum(tf.reduce_mean(r, axis=1)), splits=(0, 2, 5)))

# --- the guide's cells on nested partitions ---
case("guide/nested_from_row_splits", lambda: (R.from_row_splits(R.from_row_splits(
    [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], [0, 3, 3, 5, 9, 10]), [0, 1, 1, 5]).shape))
conversations = c([[[["I", "like", "ragged", "tensors."]], [["Oh", "yeah?"], ["What", "can", "you", "use", "them", "for?"]],
                    [["Processing", "variable", "length", "data!"]]],
                   [[["I", "like", "cheese."], ["Do", "you?"]], [["Yes."], ["I", "do."]]]])
case("guide/conversations", lambda: (conversations.shape, conversations.ragged_rank, conversations.flat_values))
case("guide/ragged_sentences_to_tensor", lambda: c([["Hi"], ["Welcome", "to", "the", "fair"], ["Have", "fun"]])
     .to_tensor(default_value="", shape=[None, 10]))
case("guide/python_list", lambda: (c([[1, 2], [3, 4, 5], [6], [], [7]]).to_list(),
                                   c([[1, 2], [3, 4, 5], [6], [], [7]]).numpy(),
                                   c([[1, 2], [3, 4, 5], [6], [], [7]])[1].numpy()))
case("guide/shape_of_ragged", lambda: c([[1], [2, 3], [], [4]]).shape)

with open(os.path.join(sys.argv[2], "results.json"), "w") as f:
    json.dump(results, f, sort_keys=True, separators=(",", ":"))
