"""`tf.data.experimental.make_csv_dataset`: CSV files as batches of (OrderedDict of columns, label),
ported from TensorFlow's data/experimental/ops/readers.py (make_csv_dataset_v2 and its helpers):
the column names read from the header, the column types inferred from the first rows with
Python's csv module (int32, int64, float32, float64 or string, each the least permissive that
holds every value seen), the files read by CsvDataset one after another, shuffled, repeated and
batched in TensorFlow's order (its shuffle draws for a seed)."""
import collections
import csv
import gzip

import numpy as np

from varrt.base import dtypes, gfile
from varrt.data.constants import AUTOTUNE
from varrt.data.csv_dataset import _CsvDatasetV2
from varrt.data.dataset_ops import DatasetV2
from varrt.data.file_datasets import filenames_of
from varrt.framework.tensor import Tensor, constant, convert_to_tensor

_ACCEPTABLE_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)


def _is_valid_int32(str_val):
    try:
        # Equal to its int64 value: no int32 overflow.
        return np.int32(str_val) == np.int64(str_val)
    except (ValueError, OverflowError):
        return False


def _is_valid_int64(str_val):
    try:
        np.int64(str_val)
        return True
    except (ValueError, OverflowError):
        return False


def _is_valid_float(str_val, numpy_type):
    try:
        return numpy_type(str_val) < np.inf
    except ValueError:
        return False


_TYPES = (  # least permissive first
    (dtypes.int32, _is_valid_int32),
    (dtypes.int64, _is_valid_int64),
    (dtypes.float32, lambda s: _is_valid_float(s, np.float32)),
    (dtypes.float64, lambda s: _is_valid_float(s, np.float64)),
    (dtypes.string, lambda s: True),
)


def _infer_type(str_val, na_value, prev_type):
    """The least permissive type that holds `str_val` and every value the column had before
    (`prev_type`); an empty or NA field tells nothing."""
    if str_val in ("", na_value):
        return prev_type
    allowed = [t for t, _ in _TYPES]
    for i, (dtype, valid) in enumerate(_TYPES):
        if valid(str_val) and (prev_type is None or prev_type in allowed[:i + 1]):
            return dtype


def _reader(f, field_delim, use_quote_delim):
    return csv.reader(f, delimiter=field_delim, quoting=csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE)


def _next_csv_row(filenames, num_cols, field_delim, use_quote_delim, header, file_io_fn):
    """The rows of the files in order (after each header)."""
    for fn in filenames:
        with file_io_fn(fn) as f:
            rdr = _reader(f, field_delim, use_quote_delim)
            row_num = 1
            if header:
                next(rdr)
                row_num += 1
            for csv_row in rdr:
                if len(csv_row) != num_cols:
                    raise ValueError(f"Problem inferring types: CSV row {row_num} has {len(csv_row)} number of "
                                     f"fields. Expected: {num_cols}.")
                row_num += 1
                yield csv_row


def _infer_column_defaults(filenames, num_cols, field_delim, use_quote_delim, na_value, header,
                           num_rows_for_inference, select_columns, file_io_fn):
    """The column defaults of the types inferred from the first `num_rows_for_inference` rows: 0
    or "" (every column optional); a column with no value seen is a string."""
    if select_columns is None:
        select_columns = range(num_cols)
    inferred = [None] * len(select_columns)
    for i, row in enumerate(_next_csv_row(filenames, num_cols, field_delim, use_quote_delim, header, file_io_fn)):
        if num_rows_for_inference is not None and i >= num_rows_for_inference:
            break
        for j, col in enumerate(select_columns):
            inferred[j] = _infer_type(row[col], na_value, inferred[j])
    inferred = [t or dtypes.string for t in inferred]
    return [constant([0 if t != dtypes.string else ""], dtype=t) for t in inferred]


def _infer_column_names(filenames, field_delim, use_quote_delim, file_io_fn):
    """The first file's header row, which every file must share."""
    with file_io_fn(filenames[0]) as f:
        try:
            column_names = next(_reader(f, field_delim, use_quote_delim))
        except StopIteration:
            raise ValueError(f"Failed when reading the header line of {filenames[0]}. Is it an empty file?") from None
    for name in filenames[1:]:
        with file_io_fn(name) as f:
            try:
                if next(_reader(f, field_delim, use_quote_delim)) != column_names:
                    raise ValueError("All input CSV files should have the same column names in the header row. "
                                     f"File {name} has different column names.")
            except StopIteration:
                raise ValueError(f"Failed when reading the header line of {name}. Is it an empty file?") from None
    return column_names


def _get_sorted_col_indices(select_columns, column_names):
    """`select_columns` (indices or names) as sorted column indices."""
    names_to_indices = {n: i for i, n in enumerate(column_names)}
    num_cols = len(column_names)
    results = []
    for v in select_columns:
        if isinstance(v, int):
            if v < 0 or v >= num_cols:
                raise ValueError(f"Column index {v} specified in `select_columns` should be > 0 "
                                 f" and <= {num_cols}, which is the number of columns.")
            results.append(v)
        elif v not in names_to_indices:
            raise ValueError(f"Column {v} specified in `select_columns` must be of one of the "
                             f"columns: {names_to_indices.keys()}.")
        else:
            results.append(names_to_indices[v])
    results = sorted(set(results))
    if len(results) != len(select_columns):
        # TensorFlow's message names the duplicates among the deduplicated indices: an empty set.
        duplicates = set(a for a, b in zip(results[:-1], results[1:]) if a == b)
        raise ValueError(f"The `select_columns` argument contains duplicate columns: {duplicates}.")
    return results


def _maybe_shuffle_and_repeat(dataset, num_epochs, shuffle, shuffle_buffer_size, shuffle_seed):
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed)
    if num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    return dataset


def _get_file_names(file_pattern):
    """The files matching `file_pattern` (a glob or a list of them), sorted."""
    if isinstance(file_pattern, list):
        if not file_pattern:
            raise ValueError("Argument `file_pattern` should not be empty.")
        file_names = []
        for entry in file_pattern:
            file_names.extend(gfile.glob(entry))
    else:
        file_names = list(gfile.glob(file_pattern))
    if not file_names:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    return sorted(file_names)


def _file_io_fn(compression_type, encoding):
    """How the header and the inference rows are read: text, or GZIP's text (TensorFlow's errors
    for ZLIB and unknown types)."""
    if compression_type is None:
        return lambda filename: open(filename, "r", encoding=encoding)
    value = compression_type
    if isinstance(value, Tensor):
        value = value.numpy()
        value = value.decode() if isinstance(value, bytes) else value
    if value == "GZIP":
        return lambda filename: gzip.open(filename, "rt", encoding=encoding)
    if value == "ZLIB":
        raise ValueError(f"`compression_type` {compression_type} is not supported for probing columns.")
    if value != "":
        raise ValueError(f"Received unknown `compression_type` {compression_type}. Expected: GZIP, ZLIB or "
                         " (empty string).")
    return lambda filename: open(filename, "r", encoding=encoding)


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    """`tf.data.experimental.make_csv_dataset`: batches of CSV rows, each an OrderedDict of column
    name to a batch of values (with the `label_name` column apart: `(features, label)`).

    Column names come from the header of the first file (every file must have the same one)
    unless given; column types from `column_defaults`, else inferred from the first
    `num_rows_for_inference` rows (int32, int64, float32, float64, string; empty fields default to 0
    or ""). The files are shuffled (with `shuffle`), read one after another, their rows shuffled in
    a buffer of `shuffle_buffer_size` with `shuffle_seed` (TensorFlow's draws), repeated
    `num_epochs` times (None: forever, with full batches only) and batched.

    `num_parallel_reads` above 1 reads that many files at a time, one row of each in turn (the
    deterministic order; `sloppy` is accepted, its order being one TensorFlow may give;
    `tf.data.AUTOTUNE` reads a third of the machine's cores' worth of files at once, as TensorFlow's
    interleave does);
    `prefetch_buffer_size` is accepted (varrt reads when asked). `ignore_errors` skips the rows
    that fail to parse.

    Raises:
        ValueError: TensorFlow's, for no files, a missing header or `column_names`, duplicate or
            unknown columns, rows of another length than the columns while inferring types, a
            `label_name` not among the columns, and `column_defaults` and `select_columns` of
            different lengths.
    """
    if num_parallel_reads is None:
        num_parallel_reads = 1
    filenames = _get_file_names(file_pattern)
    dataset = DatasetV2.from_tensor_slices(filenames)
    if shuffle:
        dataset = dataset.shuffle(len(filenames), shuffle_seed)

    if column_names is None or column_defaults is None:
        file_io_fn = _file_io_fn(compression_type, encoding)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` arguments. Neither is provided.")
        column_names = _infer_column_names(filenames, field_delim, use_quote_delim, file_io_fn)
    if len(column_names) != len(set(column_names)):
        sorted_names = sorted(column_names)
        duplicates = set(a for a, b in zip(sorted_names[:-1], sorted_names[1:]) if a == b)
        raise ValueError("Either `column_names` argument or CSV header row contains duplicate column names: "
                         f"{duplicates}.")
    if select_columns is not None:
        select_columns = _get_sorted_col_indices(select_columns, column_names)
    if column_defaults is not None:
        # Tensors made here, eagerly: the per-file CsvDataset is made in a traced function.
        column_defaults = [constant([], dtype=x) if not isinstance(x, Tensor) and x in _ACCEPTABLE_CSV_TYPES
                           else convert_to_tensor(x) for x in column_defaults]
    else:
        column_defaults = _infer_column_defaults(filenames, len(column_names), field_delim, use_quote_delim,
                                                 na_value, header, num_rows_for_inference, select_columns,
                                                 file_io_fn)
    if select_columns is not None and len(column_defaults) != len(select_columns):
        raise ValueError("If specified, `column_defaults` and `select_columns` must have the same length: "
                         f"`column_defaults` has length {len(column_defaults)}, `select_columns` has length "
                         f"{len(select_columns)}.")
    if select_columns is not None and len(column_names) > len(select_columns):
        column_names = [column_names[i] for i in select_columns]
    if label_name is not None and label_name not in column_names:
        raise ValueError(f"`label_name` provided must be one of the columns: {column_names}. Received: {label_name}.")

    def filename_to_dataset(filename):
        return DatasetV2(_CsvDatasetV2(
            filenames_of(filename), column_defaults, compression_type, header, field_delim, use_quote_delim,
            na_value, select_columns, ignore_errors))

    def map_fn(*columns):
        features = collections.OrderedDict(zip(column_names, columns))
        if label_name is not None:
            label = features.pop(label_name)
            return features, label
        return features

    if num_parallel_reads == AUTOTUNE:
        # TensorFlow's interleave with autotuned calls: the number of files read at once (and so
        # the order of the rows) is a third of the machine's cores, at least one.
        dataset = dataset.interleave(filename_to_dataset, num_parallel_calls=AUTOTUNE)
    elif num_parallel_reads == 1:
        dataset = dataset.flat_map(filename_to_dataset)
    else:
        dataset = dataset.interleave(filename_to_dataset, cycle_length=num_parallel_reads, block_length=1)
    dataset = _maybe_shuffle_and_repeat(dataset, num_epochs, shuffle, shuffle_buffer_size, shuffle_seed)
    # Full batches only when repeating forever: the batch dimension is static then (TensorFlow's).
    dataset = dataset.batch(batch_size=batch_size, drop_remainder=num_epochs is None)
    dataset = dataset.map(map_fn)
    return dataset.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)
