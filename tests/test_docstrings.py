"""Every public name of varrt has a docstring: each public namespace (a module docstring), each
function and class in it, and each public method and property of those classes (a docstring
inherited from a varrt base class counts, as help() shows it)."""
import importlib
import inspect
import types

import pytest

NAMESPACES = ["varrt", "varrt.train", "varrt.math", "varrt.nn", "varrt.linalg", "varrt.random", "varrt.config",
              "varrt.config.experimental", "varrt.debugging", "varrt.errors", "varrt.experimental", "varrt.keras",
              "varrt.keras.optimizers", "varrt.keras.optimizers.schedules", "varrt.keras.losses",
              "varrt.keras.initializers", "varrt.distribute", "varrt.distribute.cluster_resolver",
              "varrt.distribute.coordinator", "varrt.distribute.experimental", "varrt.compat", "varrt.compat.v1",
              "varrt.compat.v1.train", "varrt.autograph", "varrt.bitwise", "varrt.dtypes", "varrt.initializers",
              "varrt.benchmarks", "varrt.trackable.data_structures"]


def _varrt_object(obj):
    # Re-exports of NumPy's or the standard library's names are theirs to document.
    return (getattr(obj, "__module__", None) or "").startswith("varrt")


def _public_callables(module):
    for name in dir(module):
        if name.startswith("_"):
            continue
        obj = getattr(module, name)
        # Skipped: submodules (checked as namespaces), and values that are neither functions nor
        # classes (dtype objects such as varrt.float32, enum members, constants).
        if isinstance(obj, types.ModuleType) or not callable(obj) or not _varrt_object(obj):
            continue
        yield name, obj


def _member_doc(cls, attr):
    raw = next(vars(k)[attr] for k in cls.__mro__ if attr in vars(k))
    if isinstance(raw, property):
        for k in cls.__mro__:  # a property overridden without a docstring shows its base's
            base = vars(k).get(attr)
            if isinstance(base, property) and inspect.getdoc(base):
                return inspect.getdoc(base)
        return None
    return inspect.getdoc(getattr(cls, attr))


def _undocumented():
    missing, seen = [], set()
    for ns in NAMESPACES:
        module = importlib.import_module(ns)
        if not (module.__doc__ or "").strip():
            missing.append(f"module {ns}")
        for name, obj in _public_callables(module):
            if not (obj.__doc__ or "").strip():
                missing.append(f"{ns}.{name}")
            if not inspect.isclass(obj) or obj in seen:
                continue
            seen.add(obj)
            for attr in dir(obj):
                if attr.startswith("_"):
                    continue
                owner = next((k for k in obj.__mro__ if attr in vars(k)), None)
                if owner is None or not (owner.__module__ or "").startswith("varrt"):
                    continue  # inherited from object, Exception, enum.Enum, ...
                raw = vars(owner)[attr]
                if isinstance(raw, (staticmethod, classmethod)):
                    raw = raw.__func__
                if not (callable(raw) or inspect.isdatadescriptor(raw)):
                    continue  # class constants
                if not _member_doc(obj, attr):
                    missing.append(f"{ns}.{name}.{attr}")
    return missing


def test_every_public_name_has_a_docstring():
    missing = _undocumented()
    assert missing == [], f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)


def test_the_check_finds_a_missing_docstring(monkeypatch):
    import varrt
    monkeypatch.setattr(varrt.Variable.read_value, "__doc__", None)
    assert "varrt.Variable.read_value" in _undocumented()


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_namespaces_import(namespace):
    assert importlib.import_module(namespace).__name__ == namespace or namespace.startswith("varrt.compat")
