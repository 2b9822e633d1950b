"""`tf.data.TextLineDataset`: the lines of text files as scalar strings, as TensorFlow's
TextLineDataset op reads them (its InputBuffer::ReadLine): split at each newline, every carriage
return dropped, no empty last line for a final newline; "GZIP" and "ZLIB" files decompressed as
they are read; `num_parallel_reads` files at a time, one line of each in turn."""
import gzip
import zlib

from varrt.base import dtypes, errors
from varrt.data import tfrecord
from varrt.data.dataset_ops import DatasetV2
from varrt.data.file_datasets import filenames_of, interleaved
from varrt.data.node import DatasetNode
from varrt.data.op_errors import PendingIteratorError
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec

_DEFAULT_BUFFER = 256 * 1024  # bytes read at a time, TensorFlow's default buffer_size


def _chunks(path, compression, size):
    """The file's decompressed bytes, `size` compressed bytes read at a time."""
    try:
        raw = open(path, "rb")
    except FileNotFoundError:
        raise PendingIteratorError(errors.NotFoundError, f"{path}; No such file or directory") from None
    except IsADirectoryError:
        raise PendingIteratorError(errors.FailedPreconditionError, f"{path}; Is a directory") from None
    with raw:
        if compression == "GZIP":
            source = gzip.GzipFile(fileobj=raw)
            read = source.read
        elif compression == "ZLIB":
            stream = zlib.decompressobj()

            def read(n):
                data = raw.read(n)
                return stream.decompress(data) if data else stream.flush()
        else:
            read = raw.read
        try:
            while True:
                data = read(size)
                if not data:
                    return
                yield data
        except (OSError, EOFError, zlib.error) as e:
            raise PendingIteratorError(errors.DataLossError, f"{path}; {e}") from None


def _lines(path, compression, size):
    """TensorFlow's lines of one file (bytes)."""
    rest = b""
    for data in _chunks(path, compression, size):
        parts = (rest + data).split(b"\n")
        rest = parts.pop()
        for line in parts:
            yield line.replace(b"\r", b"")
    if rest:
        yield rest.replace(b"\r", b"")


class _TextLineDatasetV2(DatasetNode):
    _TF_NAME = "TextLineDatasetV2"

    def __init__(self, filenames, compression_type, buffer_size, num_parallel_reads):
        self._files = list(filenames)
        self._compression = tfrecord.TFRecordOptions.get_compression_type_string(compression_type)
        self._buffer = _DEFAULT_BUFFER if not buffer_size else int(buffer_size)
        self._parallel = None if num_parallel_reads is None else int(num_parallel_reads)
        super().__init__(TensorSpec([], dtypes.string))

    def _file_lines(self, path):
        for line in _lines(path, self._compression, self._buffer):
            yield convert_to_tensor(line, dtype=dtypes.string)

    def _elements(self):
        return interleaved(self._files, self._parallel, self._file_lines)


class TextLineDatasetV2(DatasetV2):
    """`tf.data.TextLineDataset`: each line of the files as a scalar string tensor.

    Args:
        filenames: a path, a list of paths, a string tensor of them, or a dataset of them.
        compression_type: "" (none), "ZLIB" or "GZIP".
        buffer_size: bytes read from a file at a time (256 KB by default).
        num_parallel_reads: how many files are read at a time, their lines interleaved.
    """

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(_TextLineDatasetV2(filenames_of(filenames), compression_type, buffer_size,
                                            num_parallel_reads))
