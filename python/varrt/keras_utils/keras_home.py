"""Where Keras keeps its files (keras/src/backend/config.py): `$KERAS_HOME` when the variable is
set, else `~/.keras`, or `/tmp/.keras` when the home folder is not writable. Keras reads the
variable once, when it is imported; so does varrt, when this module is. Keras also creates the
folder then (and writes its `keras.json` there); varrt creates it when it is first asked for it
(by `get_file`), and writes no configuration file."""
import os


def _keras_dir():
    if "KERAS_HOME" in os.environ:
        return os.environ.get("KERAS_HOME")
    base = os.path.expanduser("~")
    if not os.access(base, os.W_OK):
        base = "/tmp"
    return os.path.join(base, ".keras")


_KERAS_DIR = _keras_dir()


def keras_home():
    if not os.path.exists(_KERAS_DIR):
        try:
            os.makedirs(_KERAS_DIR)
        except OSError:  # no permission, or another process made it first
            pass
    return _KERAS_DIR
