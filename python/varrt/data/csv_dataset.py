"""`tf.data.experimental.CsvDataset`: the records of CSV files, one tuple of scalars per line,
split and converted by the rules of tf.io.decode_csv (ops/csv_ops.py). A record is one line: a
quoted field spanning lines is not read as TensorFlow reads it."""
import gzip
import zlib

import numpy as np

from varrt.base import dtypes, errors
from varrt.data import tfrecord
from varrt.data.dataset_ops import DatasetV2
from varrt.data.node import DatasetNode
from varrt.data.op_errors import PendingIteratorError, op_error
from varrt.data.file_datasets import filenames_of
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.ops.csv_ops import CsvError, convert_field, split_record


def _default(value):
    """A record default: a dtype (the field is required) or a value (its default)."""
    if isinstance(value, dtypes.DType) or (isinstance(value, type) and issubclass(value, np.generic)):
        return dtypes.as_dtype(value), None
    t = convert_to_tensor(value)
    return t.dtype, (np.asarray(t.numpy()).reshape(-1) if t.shape.num_elements() else None)


class _CsvDatasetV2(DatasetNode):
    _TF_NAME = "CsvDatasetV2"

    def __init__(self, files, defaults, compression_type, header, field_delim, use_quote_delim, na_value,
                 select_cols, ignore_errors=False):
        self._ignore_errors = ignore_errors  # make_csv_dataset's: a record that fails to parse is skipped
        self._files = [f.decode() if isinstance(f, bytes) else str(f) for f in files]
        self._defaults = [_default(d) for d in defaults]
        node = f"CSVDatasetV2_output_types_{len(self._defaults)}"
        if select_cols is not None and len(select_cols) != len(self._defaults):
            raise op_error(errors.InvalidArgumentError, "CSVDatasetV2", "select_cols should match output size", node)
        self._compression = tfrecord.TFRecordOptions.get_compression_type_string(compression_type)
        self._header = bool(header)
        self._delim = (field_delim.encode() if isinstance(field_delim, str) else bytes(field_delim))[0]
        self._quotes = bool(use_quote_delim)
        self._na = na_value.encode() if isinstance(na_value, str) else bytes(na_value)
        self._cols = list(select_cols) if select_cols is not None else None
        super().__init__(tuple(TensorSpec([], t) for t, _ in self._defaults))

    def _read(self, path):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise PendingIteratorError(errors.NotFoundError, f"{path}; {e.strerror}") from None
        if self._compression == "GZIP":
            return gzip.decompress(data)
        if self._compression == "ZLIB":
            return zlib.decompress(data)
        return data

    def _row(self, line):
        fields = split_record(line, self._delim, self._quotes)
        out = []
        for c, (dtype, default) in enumerate(self._defaults):
            index = self._cols[c] if self._cols is not None else c
            if index >= len(fields):
                raise CsvError(f"Expect {len(self._defaults)} fields but have {len(fields)} in record")
            text = fields[index]
            if text == b"" or text == self._na:
                if default is None:
                    raise CsvError(f"Field {c} is required but missing in record!")
                out.append(convert_to_tensor(default[0], dtype=dtype))
            else:
                out.append(convert_to_tensor(convert_field(text, dtype, c, None), dtype=dtype))
        return tuple(out)

    def _elements(self):
        for path in self._files:
            lines = self._read(path).split(b"\n")
            if lines and lines[-1] == b"":
                lines.pop()  # the newline ending the last record
            for line in lines[1 if self._header else 0:]:
                try:
                    yield self._row(line[:-1] if line.endswith(b"\r") else line)
                except CsvError as e:
                    if self._ignore_errors:
                        continue
                    raise PendingIteratorError(errors.InvalidArgumentError, str(e)) from None


class CsvDatasetV2(DatasetV2):
    """`tf.data.experimental.CsvDataset`: each line of the CSV files as a tuple of scalars, typed
    by `record_defaults` (a dtype: the field is required; a value: its default)."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None, name=None):
        if exclude_cols is not None:
            raise NotImplementedError("varrt's CsvDataset does not take exclude_cols yet; use select_cols")
        super().__init__(_CsvDatasetV2(filenames_of(filenames), record_defaults, compression_type, header, field_delim,
                                       use_quote_delim, na_value, select_cols))
