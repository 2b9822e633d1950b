"""Keras 3's saving entry points (keras/src/saving/saving_api.py): `save_model`/`load_model`
for `.keras` archives (or unzipped model directories), `save_weights`/`load_weights` for
`.weights.h5` files, with Keras's checks of the file name. Keras 2's HDF5 model files (`.h5`),
sharded weights, Hugging Face paths and Orbax checkpoints are not supported and say so."""
import os
import zipfile

from varrt.saving import saving_lib

_LEGACY_H5 = ("varrt does not read or write Keras 2's legacy HDF5 model files (`.h5`, `.hdf5`); use the `.keras` "
              "format or `.weights.h5` files.")


def _refuse_overwrite(overwrite):
    if not overwrite:
        raise NotImplementedError("varrt does not ask before overwriting (`overwrite=False`) yet.")


def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """Saves `model` as a `.keras` archive: its config, its weights and its optimizer's state."""
    kwargs.pop("include_optimizer", True)  # Keras uses it for legacy .h5 files only: a .keras file has the optimizer
    save_format = kwargs.pop("save_format", False)
    if save_format and not str(filepath).endswith((".h5", ".hdf5", ".keras")):
        raise ValueError("The `save_format` argument is deprecated in Keras 3. Please remove this argument and pass "
                         "a file path with either `.keras` or `.h5` extension."
                         f"Received: save_format={save_format}")
    if kwargs:
        raise ValueError(f"The following argument(s) are not supported: {list(kwargs.keys())}")
    if os.path.exists(str(filepath)):
        _refuse_overwrite(overwrite)
    if zipped is None:
        zipped = True  # Keras's default for a local path
    if zipped and str(filepath).endswith(".keras"):
        return saving_lib.save_model(model, filepath)
    if not zipped:
        return saving_lib.save_model(model, filepath, zipped=False)
    if str(filepath).endswith((".h5", ".hdf5")):
        raise NotImplementedError(_LEGACY_H5)
    raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the native "
                     "Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if you want to "
                     "export a SavedModel for use with TFLite/TFServing/etc. "
                     f"Received: filepath={filepath}.")


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):  # noqa: A002  (Keras's argument)
    """Loads a model saved with `model.save()` (a `.keras` archive).

    Args:
        filepath: The archive's path (a str or `pathlib.Path`).
        custom_objects: A dict of names to the custom classes and functions the model uses
            (registered ones are found without it).
        compile: Whether to compile the model as it was compiled, with its optimizer's state.
        safe_mode: Whether to refuse Python lambdas in the config.

    Raises:
        ValueError: For a missing file or one that is not a `.keras` archive (Keras's messages).
        TypeError: For a class the config names that cannot be found.
    """
    filepath_str = str(filepath)
    if filepath_str.endswith(".keras") and zipfile.is_zipfile(filepath_str):
        return saving_lib.load_model(filepath_str, custom_objects=custom_objects, compile=compile,
                                     safe_mode=safe_mode)
    if os.path.isdir(filepath_str) and os.path.exists(os.path.join(filepath_str, "config.json")):
        return saving_lib.load_model(filepath_str, custom_objects=custom_objects, compile=compile, safe_mode=safe_mode)
    if filepath_str.endswith((".h5", ".hdf5")):
        raise NotImplementedError(_LEGACY_H5)
    if filepath_str.endswith(".keras"):
        raise ValueError(f"File not found: filepath={filepath}. Please ensure the file is an accessible `.keras` zip "
                         "file.")
    raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` files, legacy "
                     "H5 format files (`.h5` extension). Note that the legacy SavedModel format is not supported by "
                     "`load_model()` in Keras 3. In order to reload a TensorFlow SavedModel as an inference-only layer "
                     f"in Keras 3, use `keras.layers.TFSMLayer({filepath}, call_endpoint='serving_default')` (note "
                     "that your `call_endpoint` might have a different name).")


def save_weights(model, filepath, overwrite=True, max_shard_size=None, **kwargs):
    """Saves the weights of `model` (and its optimizer's) to a `.weights.h5` file."""
    filepath_str = str(filepath)
    if max_shard_size is None and not filepath_str.endswith(".weights.h5"):
        raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath_str}")
    if max_shard_size is not None:
        raise NotImplementedError("varrt does not write sharded weights (`max_shard_size`) yet.")
    if kwargs:
        raise NotImplementedError(f"varrt's save_weights takes no {sorted(kwargs)} yet.")
    if os.path.exists(filepath_str):
        _refuse_overwrite(overwrite)
    saving_lib.save_weights_only(model, filepath)


def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    """Loads the weights in a `.weights.h5` file or a `.keras` archive into `model` (built)."""
    filepath_str = str(filepath)
    objects_to_skip = kwargs.pop("objects_to_skip", None)
    by_name = kwargs.pop("by_name", None)
    if kwargs:
        raise ValueError(f"Invalid keyword arguments: {kwargs}")
    if objects_to_skip is not None:
        raise NotImplementedError("varrt's load_weights takes no `objects_to_skip` yet.")
    if filepath_str.endswith((".keras", ".weights.h5")):
        if by_name is not None:
            raise ValueError(f"`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: {filepath}")
        return saving_lib.load_weights_only(model, filepath, skip_mismatch=skip_mismatch)
    if filepath_str.endswith(".weights.json"):
        raise NotImplementedError("varrt does not read sharded weights (`.weights.json`) yet.")
    if filepath_str.endswith((".h5", ".hdf5")):
        raise NotImplementedError(_LEGACY_H5)
    raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` files, "
                     "`.weights.h5` files, legacy H5 format files (`.h5` extension), or Orbax checkpoints.")
