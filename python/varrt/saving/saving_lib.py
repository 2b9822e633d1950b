"""Keras 3's `.keras` archive and `.weights.h5` file (keras/src/saving/saving_lib.py).

A model's state is written by walking it as Keras does: every saveable (a layer, a model, an
optimizer: an object with `_obj_type()`) writes its own variables with `save_own_variables`
into the group of its path, then its attributes are visited — for a Sequential its `layers`
first, then the attributes by name with the private ones (leading "_") last, leaving out what
a bare object of its kind has — each saveable once. A saveable in a list, tuple or dict is
named by its class in snake case ("dense", "dense_1", ...), a nested container "container".
So a Sequential's first Dense is "layers/dense", a subclassed model's `self.d1` is "d1" and
its optimizer "optimizer".

The archive is a zip (stored, not compressed) of `metadata.json`, `config.json` (the model's
`serialize_keras_object`) and `model.weights.h5`; `zipped=False` writes them into a directory."""
import contextlib
import contextvars
import datetime
import json
import os
import warnings
import zipfile

from varrt.base.sizes import readable_memory_size
from varrt.optimizers.keras.base_optimizer import Optimizer
from varrt.saving import h5_store, serialization_lib
from varrt.saving.assets_store import ASSETS_DIRNAME, AssetsStore
from varrt.saving.h5_store import H5IOStore
from varrt.base.naming import to_snake_case

KERAS_VERSION = "3.15.1"  # the Keras TensorFlow 2.21 ships, written in metadata.json
_CONFIG_FILENAME = "config.json"
_METADATA_FILENAME = "metadata.json"
_VARS_FNAME_H5 = "model.weights.h5"

# A member may declare far more than it stores (a decompression bomb): above this size it must
# not declare more than _ZIP_MAX_EXPANSION times what it stores (Keras's guard, CWE-409).
_ZIP_BOMB_FLOOR_BYTES = 1 << 32  # 4 GiB
_ZIP_MAX_EXPANSION = 100

_REFERENCES = {}  # obj_type -> a function making a bare object of that kind
# The `.keras` file's asset store while a model is saved or loaded (None for weights-only files,
# and when loading an archive without assets, as Keras's).
_ASSETS = contextvars.ContextVar("assets_store", default=None)
_SKIPSETS = {}


def register_reference(obj_type, make):
    """Files how to make a bare saveable of kind `obj_type` ("Layer"): its attributes are the
    ones the walk leaves out."""
    _REFERENCES[obj_type] = make


def _optimizer_reference():
    return Optimizer(1.0, name="optimizer")


register_reference("Optimizer", _optimizer_reference)


def get_attr_skipset(obj_type):
    """The attribute names the walk leaves out for a saveable of kind `obj_type` (Keras's)."""
    if obj_type not in _SKIPSETS:
        skipset = {"_self_unconditional_dependency_names"}
        base = "Layer" if obj_type in ("Sequential", "Functional") else obj_type
        if base not in _REFERENCES:
            raise ValueError(f"get_attr_skipset got invalid obj_type={obj_type!r}. Accepted values for `obj_type` "
                             "are ['Operation', 'Layer', 'Functional', 'Sequential', 'Metric', 'Optimizer', 'Loss', "
                             "'Cross', 'Feature']")
        skipset.update(dir(_REFERENCES[base]()))
        if obj_type == "Sequential":
            skipset.add("_functional")
        elif obj_type == "Functional":
            skipset.update(["operations", "_operations"])
        elif obj_type == "Optimizer":
            skipset.discard("variables")
        _SKIPSETS[obj_type] = skipset
    return _SKIPSETS[obj_type]


def is_saveable(obj):
    return hasattr(type(obj), "_obj_type")


def _name_key(name):
    """Private attributes are visited last."""
    return f"~{name}" if name.startswith("_") else name


def _walk_saveable(saveable):
    obj_type = saveable._obj_type()
    skipset = get_attr_skipset(obj_type)
    if obj_type in ("Sequential", "Functional"):
        yield "layers", saveable.layers
    for child_attr in sorted(dir(saveable), key=_name_key):
        if child_attr.startswith("__") or child_attr in skipset:
            continue
        try:
            child_obj = getattr(saveable, child_attr)
        except Exception:  # noqa: BLE001  (Keras skips attributes that raise)
            continue
        yield child_attr, child_obj


def _join(inner_path, name):
    return f"{inner_path}/{name}" if inner_path else name


def _save_state(saveable, weights_store, inner_path, visited):
    if id(saveable) in visited:
        return
    if hasattr(saveable, "save_own_variables") and weights_store is not None:
        name = getattr(saveable, "name", None)
        saveable.save_own_variables(weights_store.make(inner_path,
                                                       metadata={"name": name} if isinstance(name, str) else None))
    assets = _ASSETS.get()
    if hasattr(saveable, "save_assets") and assets is not None:
        saveable.save_assets(assets.make(inner_path))
    visited.add(id(saveable))
    for child_attr, child_obj in _walk_saveable(saveable):
        if is_saveable(child_obj):
            _save_state(child_obj, weights_store, _join(inner_path, child_attr), visited)
        elif isinstance(child_obj, (list, dict, tuple)):
            _save_container_state(child_obj, weights_store, _join(inner_path, child_attr), visited, set())


def _container_names(container):
    """The container's saveables and nested containers with their names in the file."""
    used = {}
    items = list(container.values()) if isinstance(container, dict) else container
    for item in items:
        if is_saveable(item):
            base = to_snake_case(type(item).__name__)
        elif isinstance(item, (list, dict, tuple)):
            base = "container"
        else:
            continue
        if base in used:
            used[base] += 1
            yield f"{base}_{used[base]}", item
        else:
            used[base] = 0
            yield base, item


def _save_container_state(container, weights_store, inner_path, visited, visited_containers):
    if id(container) in visited_containers:
        return
    visited_containers.add(id(container))
    for name, item in _container_names(container):
        if is_saveable(item):
            _save_state(item, weights_store, _join(inner_path, name), visited)
        else:
            _save_container_state(item, weights_store, _join(inner_path, name), visited, visited_containers)


def _load_state(saveable, weights_store, inner_path, visited, failed, error_msgs):
    if id(saveable) in visited:
        return
    failure = False
    if hasattr(saveable, "load_own_variables") and weights_store is not None:
        store = weights_store.get(inner_path)  # a file Keras refuses stops the load (outside the gathering)
        try:
            saveable.load_own_variables(store)
        except Exception as e:  # noqa: BLE001  (Keras gathers every failure, then raises one error)
            failed.add(id(saveable))
            error_msgs[id(saveable)] = saveable, e
            failure = True
    assets = _ASSETS.get()
    if hasattr(saveable, "load_assets") and assets is not None:
        try:
            saveable.load_assets(assets.get(inner_path))
        except Exception as e:  # noqa: BLE001  (gathered like the variables' failures)
            failed.add(id(saveable))
            error_msgs[id(saveable)] = saveable, e
            failure = True
    failed_before = len(failed)
    for child_attr, child_obj in _walk_saveable(saveable):
        if is_saveable(child_obj):
            _load_state(child_obj, weights_store, _join(inner_path, child_attr), visited, failed, error_msgs)
        elif isinstance(child_obj, (list, dict, tuple)):
            _load_container_state(child_obj, weights_store, _join(inner_path, child_attr), visited, failed,
                                  error_msgs, set())
    if not failure:
        if len(failed) - failed_before <= 0:
            visited.add(id(saveable))
        if id(saveable) in failed:
            failed.remove(id(saveable))
            error_msgs.pop(id(saveable))


def _load_container_state(container, weights_store, inner_path, visited, failed, error_msgs, visited_containers):
    if id(container) in visited_containers:
        return
    visited_containers.add(id(container))
    for name, item in _container_names(container):
        path = _join(inner_path, name)
        if is_saveable(item):
            _load_state(item, weights_store, path, visited, failed, error_msgs)
        elif path in weights_store.h5_file:
            _load_container_state(item, weights_store, path, visited, failed, error_msgs, visited_containers)
        else:
            # A container with no group (pure metadata, or saveables already loaded): Keras
            # tries it leniently and warns only when it held something left unloaded.
            tracked_failed, tracked_errors = set(), {}
            _load_container_state(item, weights_store, path, visited, tracked_failed, tracked_errors,
                                  visited_containers)
            if tracked_failed:
                warnings.warn(f"Skipping nested container at '{path}': no matching group found in the saved file. "
                              "This usually means the file was saved with a Keras version that did not serialize "
                              "sublayers nested inside containers. Affected layers will retain their "
                              "freshly-initialized weights.", stacklevel=2)


def _raise_loading_failure(error_msgs, warn_only=False):
    first_saveable, first_error = next(iter(error_msgs.values()))
    msg = (f"A total of {len(error_msgs)} objects could not be loaded. Example error message for object "
           f"{first_saveable}:\n\n{first_error}\n\nList of objects that could not be loaded:\n"
           f"{[x[0] for x in error_msgs.values()]}")
    if warn_only:
        warnings.warn(msg)
    else:
        raise ValueError(msg)


def _load_all(model, weights_store, skip_mismatch=False):
    """Loads every saveable of `model`; the failures are reported together at the end (a
    warning with `skip_mismatch`), the others loaded."""
    failed, error_msgs = set(), {}
    _load_state(model, weights_store, "", set(), failed, error_msgs)
    if failed:
        _raise_loading_failure(error_msgs, warn_only=skip_mismatch)


# --- the .keras archive -----------------------------------------------------------------


def save_model(model, filepath, zipped=True):
    """Writes `model` (config, metadata and weights) to the `.keras` archive `filepath`, or with
    `zipped=False` into the directory `filepath` (the archive's members as files)."""
    h5_store.h5py_module()
    if not model.built:
        warnings.warn("You are saving a model that has not yet been built. It might not contain any weights yet. "
                      "Consider building the model first by calling it on some data.", stacklevel=3)
    filepath = str(filepath)
    if zipped and not filepath.endswith(".keras"):
        raise ValueError(f"Invalid `filepath` argument: expected a `.keras` extension. Received: filepath={filepath}")
    if not zipped and filepath.endswith(".keras"):
        raise ValueError(f"When using `zipped=False`, the `filepath` argument should not end in `.keras`. Received: "
                         f"filepath={filepath}")
    with serialization_lib.ObjectSharingScope():
        config_json = json.dumps(serialization_lib.serialize_keras_object(model))
    metadata_json = json.dumps({"keras_version": KERAS_VERSION,
                                "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")})
    if not zipped:
        os.makedirs(filepath, exist_ok=True)
        for name, text in ((_METADATA_FILENAME, metadata_json), (_CONFIG_FILENAME, config_json)):
            with _replaced_on_success(os.path.join(filepath, name)) as tmp_path, open(tmp_path, "w") as f:
                f.write(text)
        assets = AssetsStore(ASSETS_DIRNAME, mode="w")
        with _replaced_on_success(os.path.join(filepath, _VARS_FNAME_H5)) as tmp_path, _assets_scope(assets):
            weights_store = H5IOStore(tmp_path, mode="w")
            try:
                _save_state(model, weights_store, "", set())
            finally:
                weights_store.close()
        assets.close(target_dir=filepath)
        return
    with _replaced_on_success(filepath) as tmp_path:
        with zipfile.ZipFile(tmp_path, "w") as zf:
            zf.writestr(_METADATA_FILENAME, metadata_json)
            zf.writestr(_CONFIG_FILENAME, config_json)
            weights_store = H5IOStore(_VARS_FNAME_H5, archive=zf, mode="w")
            assets = AssetsStore(ASSETS_DIRNAME, archive=zf, mode="w")
            try:
                with _assets_scope(assets):
                    _save_state(model, weights_store, "", set())
            except BaseException:
                weights_store.archive = None
                assets.archive = None
                raise
            finally:
                weights_store.close()
                assets.close()


@contextlib.contextmanager
def _replaced_on_success(filepath):
    """A path beside `filepath` to write to, moved onto `filepath` when the writing succeeds:
    a failed save leaves the file an earlier save wrote as it was (Keras's truncates it)."""
    tmp_path = f"{filepath}.tmp{os.getpid()}"
    try:
        yield tmp_path
        os.replace(tmp_path, filepath)
    finally:
        if os.path.exists(tmp_path):
            os.remove(tmp_path)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):  # noqa: A002  (Keras's argument)
    """The model in the `.keras` archive `filepath` (or a directory `save_model(zipped=False)`
    wrote), with its weights (and, compiled, its optimizer's state)."""
    filepath = str(filepath)
    if os.path.isdir(filepath):
        with open(os.path.join(filepath, _CONFIG_FILENAME)) as f:
            model = _model_from_config(f.read(), custom_objects, compile, safe_mode)
        if _VARS_FNAME_H5 not in os.listdir(filepath):
            raise ValueError(f"Expected a {_VARS_FNAME_H5} or model.weights.npz file.")
        assets_dir = os.path.join(filepath, ASSETS_DIRNAME)
        assets = AssetsStore(assets_dir, mode="r") if os.path.isdir(assets_dir) else None
        with _assets_scope(assets):
            _load_all_from(model, H5IOStore(os.path.join(filepath, _VARS_FNAME_H5), mode="r"))
        return model
    if not filepath.endswith(".keras"):
        raise ValueError(f"Invalid filename: expected a `.keras` extension. Received: filepath={filepath}")
    with zipfile.ZipFile(filepath, "r") as zf:
        _reject_zip_bomb(zf, _CONFIG_FILENAME)
        model = _model_from_config(zf.read(_CONFIG_FILENAME), custom_objects, compile, safe_mode)
        if _VARS_FNAME_H5 not in zf.namelist():
            raise ValueError(f"Expected a {_VARS_FNAME_H5} or model.weights.npz file.")
        _reject_zip_bomb(zf, _VARS_FNAME_H5)
        # Keras opens the asset store when the archive holds more than its three files.
        assets = AssetsStore(ASSETS_DIRNAME, archive=zf, mode="r") if len(zf.namelist()) > 3 else None
        try:
            with _assets_scope(assets):
                _load_all_from(model, H5IOStore(_VARS_FNAME_H5, archive=zf, mode="r"))
        finally:
            if assets is not None:
                assets.close()
    return model


@contextlib.contextmanager
def _assets_scope(assets):
    token = _ASSETS.set(assets)
    try:
        yield
    finally:
        _ASSETS.reset(token)


def _model_from_config(config_json, custom_objects, compile, safe_mode):  # noqa: A002  (Keras's argument)
    config_dict = json.loads(config_json)
    if not compile:
        config_dict["compile_config"] = None
    with serialization_lib.ObjectSharingScope():
        return serialization_lib.deserialize_keras_object(config_dict, custom_objects, safe_mode=safe_mode)


def _load_all_from(model, weights_store):
    try:
        _load_all(model, weights_store)
    finally:
        weights_store.close()


def _reject_zip_bomb(archive, name):
    info = archive.getinfo(name)
    if info.file_size > _ZIP_BOMB_FLOOR_BYTES and info.file_size > _ZIP_MAX_EXPANSION * info.compress_size:
        raise ValueError(f"Not allowed: ZIP member '{name}' declares {readable_memory_size(info.file_size)} but only "
                         f"{readable_memory_size(info.compress_size)} are stored on disk; refusing to load a potential "
                         "decompression bomb.")


# --- weights only -------------------------------------------------------------------------


def save_weights_only(model, filepath):
    """Writes the weights of `model` (and its optimizer's) to the `.weights.h5` file `filepath`."""
    if not model.built:
        raise ValueError("You are saving a model that has not yet been built. Try building the model first by "
                         "calling it on some data or by using `build()`.")
    filepath = str(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath}")
    with _replaced_on_success(filepath) as tmp_path:
        weights_store = H5IOStore(tmp_path, mode="w")
        try:
            _save_state(model, weights_store, "", set())
        finally:
            weights_store.close()


def load_weights_only(model, filepath, skip_mismatch=False):
    """Assigns the weights in `filepath` (a `.weights.h5` file or a `.keras` archive) to `model`."""
    if not model.built:
        raise ValueError("You are loading weights into a model that has not yet been built. Try building the model "
                         "first by calling it on some data or by using `build()`.")
    filepath = str(filepath)
    archive = None
    if filepath.endswith(".keras"):
        archive = zipfile.ZipFile(filepath, "r")
        weights_store = H5IOStore(_VARS_FNAME_H5, archive=archive, mode="r")
    else:
        weights_store = H5IOStore(filepath, mode="r")
    try:
        _load_all(model, weights_store, skip_mismatch)
    finally:
        weights_store.close()
        if archive is not None:
            archive.close()
