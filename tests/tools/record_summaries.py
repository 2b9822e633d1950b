"""Records the TensorBoard event files TensorFlow 2.21 (with TensorBoard 2.20's summary ops, which
tf.summary re-exports) writes for the programs in tests/summary_programs.py, parsed by
TensorFlow's own reader (tf.compat.v1.train.summary_iterator) into tests/fixtures/tf_summaries.json:
per program, each event file (by its directory under the log dir and its name pattern) as events
(wall_time left out, see tests/summary_events.py for the form), and what the program returned.

    PYTHONPATH=/path/to/unpacked/tensorboard-2.20.0 /work/tfenv/bin/python tests/tools/record_summaries.py

(TensorBoard must be importable: without it TensorFlow's tf.summary.scalar raises TBNotInstalledError.)
"""
import json
import os
import sys
import tempfile

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from summary_programs import PROGRAMS  # noqa: E402
from summary_events import event_dict, read_logdir  # noqa: E402


def decode_png(data):
    return tf.io.decode_png(data).numpy().tolist()


def main():
    out = {}
    for name, source in PROGRAMS.items():
        logdir = tempfile.mkdtemp(prefix=f"tfsum_{name}_")
        scope = {"tf": tf, "LOGDIR": logdir}
        exec(source, scope)
        result = scope.get("RESULT")
        files = read_logdir(logdir, lambda path: [event_dict(_fields(e), decode_png)
                                                  for e in tf.compat.v1.train.summary_iterator(path)])
        out[name] = {"files": files, "result": result}
        print(name, {k: len(v) for k, v in files.items()})
    path = os.path.join(HERE, "..", "fixtures", "tf_summaries.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", path)


def _fields(message):
    """A message's set fields as a nested dict of protobuf's field names."""
    out = {}
    for field, value in message.ListFields():
        if field.message_type is not None:
            if field.is_repeated:
                value = [_fields(v) for v in value]
            else:
                value = _fields(value)
        elif field.is_repeated:
            value = list(value)
        out[field.name] = value
    return out


if __name__ == "__main__":
    main()
