"""TFRecord files: `tf.io.TFRecordOptions`, `tf.io.TFRecordWriter` and
`tf.compat.v1.io.tf_record_iterator`, over the core's record writer and reader
(csrc/varrt/io/record_writer.h, record_reader.h)."""
from varrt import _C

RecordReader = _C.RecordReader

_COMPRESSIONS = {"": 0, "ZLIB": 1, "GZIP": 2}


class TFRecordCompressionType:
    """TensorFlow 1's `tf.compat.v1.io.TFRecordCompressionType`."""
    NONE = 0
    ZLIB = 1
    GZIP = 2


_TYPE_NAMES = {TFRecordCompressionType.NONE: "", TFRecordCompressionType.ZLIB: "ZLIB",
               TFRecordCompressionType.GZIP: "GZIP"}


class TFRecordOptions:
    """How a TFRecord file is compressed: `compression_type` "", "ZLIB" or "GZIP", and zlib's
    `compression_level` (0-9, -1 or None its default). The other zlib settings TensorFlow takes
    are accepted and, but for the level, left at zlib's defaults."""

    compression_type_map = {TFRecordCompressionType.ZLIB: "ZLIB", TFRecordCompressionType.GZIP: "GZIP",
                            TFRecordCompressionType.NONE: ""}

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None, output_buffer_size=None,
                 window_bits=None, compression_level=None, compression_method=None, mem_level=None,
                 compression_strategy=None):
        if compression_type not in (None, "") and compression_type not in _COMPRESSIONS \
                and compression_type not in _TYPE_NAMES:
            raise ValueError(f'Not a valid compression_type: "{compression_type}"')
        self.compression_type = compression_type
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options):
        """The compression's name ("", "ZLIB" or "GZIP") of options, a name or a TFRecordCompressionType."""
        if not options:
            return ""
        if isinstance(options, TFRecordOptions):
            return cls.get_compression_type_string(options.compression_type)
        if isinstance(options, str):
            if options not in _COMPRESSIONS:
                raise ValueError(f'Not a valid compression_type: "{options}"')
            return options
        if options in _TYPE_NAMES:
            return _TYPE_NAMES[options]
        raise ValueError(f'Not a valid compression_type: "{options}"')


def compression_code(compression_type):
    """The core's code of a compression name (tf.data's compression_type argument)."""
    name = TFRecordOptions.get_compression_type_string(compression_type)
    return _COMPRESSIONS[name]


def _as_path(path):
    if hasattr(path, "__fspath__"):
        path = path.__fspath__()
    if isinstance(path, bytes):
        path = path.decode()
    return str(path)


class TFRecordWriter:
    """`tf.io.TFRecordWriter`: writes records (bytes) to a TFRecord file, a context manager."""

    def __init__(self, path, options=None):
        if not isinstance(options, TFRecordOptions):
            options = TFRecordOptions(compression_type=TFRecordOptions.get_compression_type_string(options))
        level = -1 if options.compression_level is None else int(options.compression_level)
        self._writer = _C.RecordWriter(_as_path(path), compression_code(options), level)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def write(self, record):
        """Writes one record (bytes; a str as its UTF-8)."""
        if isinstance(record, str):
            record = record.encode()
        self._writer.write(bytes(record))

    def flush(self):
        """Writes what is buffered to the file."""
        self._writer.flush()

    def close(self):
        """Flushes and closes the file (ends its compressed stream)."""
        self._writer.close()


def tf_record_iterator(path, options=None):
    """`tf.compat.v1.io.tf_record_iterator`: the records of a TFRecord file, as bytes."""
    reader = RecordReader(_as_path(path), compression_code(options), 0)
    while True:
        record = reader.next()
        if record is None:
            return
        yield record
