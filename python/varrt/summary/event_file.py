"""A TensorBoard event file as TensorFlow's EventsWriter writes it: TFRecord framing (the core's
record writer), named `events.out.tfevents.<seconds>.<host>.<pid>.<n><suffix>` (n counts the files
this process opened), the first record an Event with `file_version: "brain.Event:2"` and the
writer's source, then one Event per summary. Events wait in a queue of `max_queue` and reach the
file when it is full, when `flush_millis` have passed since the last flush, on `flush()` and on
`close()`, as TensorFlow's SummaryFileWriter does."""
import itertools
import os
import socket
import time

from varrt import _C
from varrt.saved_model.proto import Message

_FILE_VERSION = "brain.Event:2"
_SOURCE_WRITER = "tensorflow.core.util.events_writer"  # what TensorFlow's EventsWriter says it is
_file_numbers = itertools.count()


def encode_event(fields):
    """The serialized tensorflow.Event of a dict of its fields (the project's protobuf codec)."""
    return Message("tensorflow.Event", fields).to_bytes()


class EventFileWriter:
    """One event file, opened on creation (the directory made if missing)."""

    def __init__(self, logdir, max_queue=10, flush_millis=120000, filename_suffix=".v2"):
        os.makedirs(logdir, exist_ok=True)
        now = time.time()
        name = (f"events.out.tfevents.{int(now):010d}.{socket.gethostname()}.{os.getpid()}."
                f"{next(_file_numbers)}{filename_suffix}")
        self.path = os.path.join(logdir, name)
        self._writer = _C.RecordWriter(self.path, 0, -1)
        self._max_queue = max_queue
        self._flush_seconds = flush_millis / 1000.0
        self._queue = []
        self._last_flush = now
        self._writer.write(encode_event({"wall_time": now, "file_version": _FILE_VERSION,
                                         "source_metadata": {"writer": _SOURCE_WRITER}}))
        self._writer.flush()

    def add_event(self, fields):
        """Queues an Event (a dict of its fields; wall_time filled in if missing)."""
        fields.setdefault("wall_time", time.time())
        self._queue.append(encode_event(fields))
        if len(self._queue) > self._max_queue or time.time() - self._last_flush > self._flush_seconds:
            self.flush()

    def flush(self):
        for record in self._queue:
            self._writer.write(record)
        self._queue.clear()
        self._writer.flush()
        self._last_flush = time.time()

    def close(self):
        self.flush()
        self._writer.close()
