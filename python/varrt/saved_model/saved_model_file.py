"""A SavedModel directory's protobuf files: `saved_model.pb` (a tensorflow.SavedModel) and
`fingerprint.pb` (a tensorflow.FingerprintDef), read into `proto.Message`s and written back, with
TensorFlow's file names and its errors for a directory that holds none (loader_impl.py)."""
import os

from varrt.saved_model.constants import FINGERPRINT_FILENAME, SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT
from varrt.saved_model.proto import Message, type_of

SAVED_MODEL_MESSAGE = "tensorflow.SavedModel"
FINGERPRINT_MESSAGE = "tensorflow.FingerprintDef"


def read_saved_model(export_dir):
    """The SavedModel message of `export_dir`/saved_model.pb.

    OSError as TensorFlow words it when there is no saved_model.pb; a saved_model.pbtxt (text
    format) alone is not read yet (NotImplementedError); damaged bytes raise DataLossError."""
    export_dir = os.fspath(export_dir)
    path = os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)
    if not os.path.exists(path):
        if os.path.exists(os.path.join(export_dir, SAVED_MODEL_FILENAME_PBTXT)):
            raise NotImplementedError(f"varrt does not read text-format SavedModels yet "
                                      f"({os.path.join(export_dir, SAVED_MODEL_FILENAME_PBTXT)})")
        raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}"
                      f"{{{SAVED_MODEL_FILENAME_PBTXT}|{SAVED_MODEL_FILENAME_PB}}}")
    with open(path, "rb") as f:
        data = f.read()
    return Message.from_bytes(SAVED_MODEL_MESSAGE, data, path)


def write_saved_model(export_dir, saved_model, deterministic=False):
    """Writes `saved_model` (a tensorflow.SavedModel Message) as `export_dir`/saved_model.pb,
    through a temporary file renamed into place, so a reader never sees half a file;
    `deterministic`: its maps by key (Message.to_bytes)."""
    if type_of(saved_model) != SAVED_MODEL_MESSAGE:
        raise TypeError(f"expected a {SAVED_MODEL_MESSAGE}, got a {type_of(saved_model)}")
    export_dir = os.fspath(export_dir)
    os.makedirs(export_dir, exist_ok=True)
    path = os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(saved_model.to_bytes(deterministic))
    os.replace(tmp, path)
    return path


def contains_saved_model(export_dir):
    """Whether `export_dir` holds a SavedModel file (binary or text), as TensorFlow checks it."""
    export_dir = os.fspath(export_dir)
    return (os.path.exists(os.path.join(export_dir, SAVED_MODEL_FILENAME_PBTXT))
            or os.path.exists(os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)))


def read_fingerprint_message(export_dir):
    """The FingerprintDef of `export_dir`/fingerprint.pb; FileNotFoundError as TensorFlow's
    read_fingerprint words it when the file is missing, DataLossError when it is damaged."""
    export_dir = os.fspath(export_dir)
    path = os.path.join(export_dir, FINGERPRINT_FILENAME)
    if not os.path.exists(path):
        raise FileNotFoundError(f"SavedModel Fingerprint Error: Could not find fingerprint in directory: {export_dir}\n"
                                f"NOT_FOUND: {path} not found")
    with open(path, "rb") as f:
        return Message.from_bytes(FINGERPRINT_MESSAGE, f.read(), path)
