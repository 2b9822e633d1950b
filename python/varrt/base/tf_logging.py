"""TensorFlow's Python logger: warnings TensorFlow logs (rather than raises) print as it prints
them, `WARNING:tensorflow:<message>` on stderr. `tf.get_logger()` returns it, so ported code
that silences TensorFlow's logger (`tf.get_logger().setLevel("ERROR")`) silences varrt's.
"""
import logging
import sys

_logger = logging.getLogger("varrt")
_logger.propagate = False


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a message is logged (pytest and users swap it)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value):
        pass


_handler = _StderrHandler()
_handler.setFormatter(logging.Formatter("%(levelname)s:tensorflow:%(message)s"))
_logger.addHandler(_handler)
_logger.setLevel(logging.INFO)

_first_n_counts = {}


def get_logger():
    """The `tensorflow` logging.Logger varrt writes its warnings to (tf.get_logger)."""
    return _logger


def warning(msg, *args):
    _logger.warning(msg, *args)


def log_first_n(level, msg, n, *args):
    """Logs `msg` the first `n` times this call site's message is logged (TensorFlow's helper)."""
    key = msg
    count = _first_n_counts.get(key, 0)
    if count < n:
        _first_n_counts[key] = count + 1
        _logger.log(level, msg, *args)
