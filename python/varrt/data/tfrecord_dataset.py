"""`tf.data.TFRecordDataset`: the records of TFRecord files, read by the core's reader; with
`num_parallel_reads`, records of that many files at a time, one from each in turn (TensorFlow's
interleave with block length 1, deterministic)."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.data import tfrecord
from varrt.data.constants import UNKNOWN_CARDINALITY
from varrt.data.dataset_ops import DatasetV2
from varrt.data.file_datasets import filenames_of, interleaved
from varrt.data.node import DatasetNode
from varrt.data.op_errors import PendingIteratorError
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec

_CHUNK = 256  # records a reader returns at a time when elements are taken one by one


def _read_error(e):
    return PendingIteratorError(type(e), e.message)


class _TFRecordDatasetV2(DatasetNode):
    _TF_NAME = "TFRecordDatasetV2"

    def __init__(self, filenames, compression_type, buffer_size, num_parallel_reads):
        self._files = list(filenames)
        self._compression = tfrecord.compression_code(compression_type)
        self._buffer = 0 if buffer_size is None else int(buffer_size)
        self._parallel = None if num_parallel_reads is None else int(num_parallel_reads)
        super().__init__(TensorSpec([], dtypes.string))

    def _reader(self, path):
        try:
            return tfrecord.RecordReader(path, self._compression, self._buffer)
        except errors.OpError as e:
            raise _read_error(e) from None

    def _chunks(self, reader, size):
        """Chunks of up to `size` records (string tensors) of one file."""
        while True:
            try:
                chunk = reader.next_batch(size)
            except errors.OpError as e:
                raise _read_error(e) from None
            if chunk.size == 0:
                return
            yield Tensor._wrap(chunk)
            if chunk.size < size:
                return

    def _file_records(self, path):
        for chunk in self._chunks(self._reader(path), _CHUNK):
            yield from chunk  # scalar string tensors

    def _elements(self):
        return interleaved(self._files, self._parallel, self._file_records)

    def _batches(self, size, drop_remainder):
        """Batches read whole from the files (no per-record work), when files are read one by one."""
        if self._parallel and self._parallel > 1:
            yield from _stacked(self._elements(), size, drop_remainder)
            return
        carry = []
        for path in self._files:
            for chunk in self._chunks(self._reader(path), size):
                if not carry and chunk.shape[0] == size:
                    yield chunk
                    continue
                carry += list(chunk.numpy())
                while len(carry) >= size:
                    yield convert_to_tensor(np.array(carry[:size], dtype=object), dtype=dtypes.string)
                    carry = carry[size:]
        if carry and not drop_remainder:
            yield convert_to_tensor(np.array(carry, dtype=object), dtype=dtypes.string)

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _stacked(elements, size, drop_remainder):
    batch = []
    for e in elements:
        batch.append(e.numpy())
        if len(batch) == size:
            yield convert_to_tensor(np.array(batch, dtype=object), dtype=dtypes.string)
            batch = []
    if batch and not drop_remainder:
        yield convert_to_tensor(np.array(batch, dtype=object), dtype=dtypes.string)


class TFRecordDatasetV2(DatasetV2):
    """`tf.data.TFRecordDataset`: each record of the files as a scalar string tensor.

    Args:
        filenames: a path, a list of paths, a string tensor of them, or a dataset of them.
        compression_type: "" (none), "ZLIB" or "GZIP".
        buffer_size: bytes read from a file at a time (256 KB by default).
        num_parallel_reads: how many files are read at a time, their records interleaved.
    """

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(_TFRecordDatasetV2(filenames_of(filenames), compression_type, buffer_size, num_parallel_reads))
