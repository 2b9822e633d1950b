"""Docstrings: every public name of varrt has one (each public namespace's module docstring, each
function and class in it, each public method and property of those classes; a docstring inherited
from a varrt base class counts, as help() shows it), and they read as TensorFlow's reference: Args
(naming the real parameters), Returns and Raises, for the main entry points (written by hand) and
for every op of the op table (generated from its record by varrt/ops/op_docs.py). The API
reference pages (docs/api/) are built from them."""
import ast
import importlib
import inspect
import re
import textwrap
import types

import pytest

import varrt as tf
from varrt.compat import v1
from varrt.ops import op_def_lib, raw_op

NAMESPACES = ["varrt", "varrt.train", "varrt.math", "varrt.nn", "varrt.linalg", "varrt.random", "varrt.config",
              "varrt.config.experimental", "varrt.debugging", "varrt.errors", "varrt.experimental", "varrt.keras",
              "varrt.keras.optimizers", "varrt.keras.optimizers.schedules", "varrt.keras.losses",
              "varrt.keras.initializers", "varrt.distribute", "varrt.distribute.cluster_resolver",
              "varrt.distribute.coordinator", "varrt.distribute.experimental", "varrt.compat", "varrt.compat.v1",
              "varrt.compat.v1.train", "varrt.autograph", "varrt.bitwise", "varrt.dtypes", "varrt.initializers",
              "varrt.benchmarks", "varrt.trackable.data_structures", "varrt.data", "varrt.data.experimental"]


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
    monkeypatch.setattr(varrt.Variable.scatter_update, "__doc__", None)
    assert "varrt.Variable.scatter_update" in _undocumented()


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_namespaces_import(namespace):
    assert importlib.import_module(namespace).__name__ == namespace or namespace.startswith("varrt.compat")


# --- Args / Returns / Raises --------------------------------------------------------------------

# label -> (the documented object, the function whose signature it documents, or None for itself)
ENTRY_POINTS = {
    "Variable": (tf.Variable, None),
    "Variable.read_value": (tf.Variable.read_value, None),
    "Variable.numpy": (tf.Variable.numpy, None),
    "Variable.scatter_update": (tf.Variable.scatter_update, None),
    "Variable.from_shared_name": (tf.Variable.from_shared_name, None),
    "constant": (tf.constant, None),
    "convert_to_tensor": (tf.convert_to_tensor, None),
    "device": (tf.device, None),
    "name_scope": (tf.name_scope, None),
    "function": (tf.function, None),
    "GradientTape": (tf.GradientTape, None),
    "GradientTape.watch": (tf.GradientTape.watch, None),
    "GradientTape.gradient": (tf.GradientTape.gradient, None),
    "GradientTape.jacobian": (tf.GradientTape.jacobian, None),
    "Module": (tf.Module, None),
    "matmul": (tf.matmul, None),
    "reduce_sum": (tf.reduce_sum, None),
    "cast": (tf.cast, None),
    "reshape": (tf.reshape, None),
    "zeros": (tf.zeros, None),
    "ones": (tf.ones, None),
    "custom_gradient": (tf.custom_gradient, None),
    "cond": (tf.cond, None),
    "while_loop": (tf.while_loop, None),
    "print": (tf.print, None),
    "py_function": (tf.py_function, None),
    "train.Checkpoint": (tf.train.Checkpoint, None),
    "train.Checkpoint.save": (tf.train.Checkpoint.save, None),
    "train.Checkpoint.write": (tf.train.Checkpoint.write, None),
    "train.Checkpoint.restore": (tf.train.Checkpoint.restore, None),
    "train.Checkpoint.read": (tf.train.Checkpoint.read, None),
    "train.CheckpointManager": (tf.train.CheckpointManager, None),
    "train.CheckpointManager.save": (tf.train.CheckpointManager.save, None),
    "train.CheckpointOptions": (tf.train.CheckpointOptions, None),
    "train.latest_checkpoint": (tf.train.latest_checkpoint, None),
    "train.load_checkpoint": (tf.train.load_checkpoint, None),
    "train.list_variables": (tf.train.list_variables, None),
    "keras.optimizers.SGD": (tf.keras.optimizers.SGD, None),
    "keras.optimizers.Adam": (tf.keras.optimizers.Adam, None),
    "keras.optimizers.Adagrad": (tf.keras.optimizers.Adagrad, None),
    "keras.optimizers.RMSprop": (tf.keras.optimizers.RMSprop, None),
    "keras.optimizers.Optimizer.apply_gradients": (tf.keras.optimizers.Optimizer.apply_gradients, None),
    "compat.v1.Session": (v1.Session, None),
    "compat.v1.Session.run": (v1.Session.run, None),
    "compat.v1.train.Saver": (v1.train.Saver, None),
    "compat.v1.train.Saver.save": (v1.train.Saver.save, v1.train.Saver._save),
    "compat.v1.train.Saver.restore": (v1.train.Saver.restore, v1.train.Saver._restore),
    "compat.v1.train.GradientDescentOptimizer": (v1.train.GradientDescentOptimizer, None),
    "compat.v1.train.AdamOptimizer": (v1.train.AdamOptimizer, None),
    "compat.v1.train.Optimizer.minimize": (v1.train.GradientDescentOptimizer.minimize, None),
    "compat.v1.placeholder": (v1.placeholder, None),
    "compat.v1.get_variable": (v1.get_variable, None),
    "compat.v1.global_variables_initializer": (v1.global_variables_initializer, None),
    "config.list_physical_devices": (tf.config.list_physical_devices, None),
    "config.list_logical_devices": (tf.config.list_logical_devices, None),
    "config.set_logical_device_configuration": (tf.config.set_logical_device_configuration, None),
    "config.set_soft_device_placement": (tf.config.set_soft_device_placement, None),
    "config.run_functions_eagerly": (tf.config.run_functions_eagerly, None),
    "config.threading.set_intra_op_parallelism_threads": (tf.config.threading.set_intra_op_parallelism_threads, None),
    "debugging.set_log_device_placement": (tf.debugging.set_log_device_placement, None),
    "data.Dataset.map": (tf.data.Dataset.map, None),
    "data.Dataset.padded_batch": (tf.data.Dataset.padded_batch, None),
    "data.Dataset.window": (tf.data.Dataset.window, None),
    "data.Dataset.interleave": (tf.data.Dataset.interleave, None),
    "data.Dataset.from_generator": (tf.data.Dataset.from_generator, None),
    "data.Dataset.choose_from_datasets": (tf.data.Dataset.choose_from_datasets, None),
    "data.Dataset.sample_from_datasets": (tf.data.Dataset.sample_from_datasets, None),
}

# Methods bound in C (csrc/bindings): their docstrings are the `if TYPE_CHECKING:` declarations
# beside the binding, which the API pages are built from.
C_METHODS = {"Variable.assign": (tf.Variable, "assign"), "Variable.assign_add": (tf.Variable, "assign_add"),
             "Variable.assign_sub": (tf.Variable, "assign_sub")}

# Entry points that raise no error of their own (their arguments are not checked or cannot be wrong).
RAISES_NOTHING = {"train.latest_checkpoint", "train.CheckpointOptions", "compat.v1.Session",
                  "compat.v1.train.GradientDescentOptimizer", "compat.v1.train.AdamOptimizer",
                  "compat.v1.global_variables_initializer", "config.list_physical_devices",
                  "config.list_logical_devices", "config.set_soft_device_placement", "config.run_functions_eagerly",
                  "debugging.set_log_device_placement"}


def _section(doc, title):
    """The lines of section `title` ("Args") of a cleaned docstring, or None when it has none."""
    lines = doc.splitlines()
    if f"{title}:" not in lines:
        return None
    body = []
    for line in lines[lines.index(f"{title}:") + 1:]:
        if line and not line.startswith(" "):
            break
        body.append(line)
    return body


def _documented_args(doc):
    return [m.group(1) for line in _section(doc, "Args") or []
            if (m := re.match(r"^    (\*{0,2}\w+)(?: \([^)]*\))?:", line))]


def _signature_args(fn):
    out = []
    for p in inspect.signature(fn).parameters.values():
        if p.name in ("self", "cls"):
            continue
        prefix = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
        out.append(prefix + p.name)
    return out


def _c_method_docstring(cls, name):
    """The docstring of the `if TYPE_CHECKING:` declaration of `name` in `cls`'s source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name and ast.get_docstring(node):
            return inspect.cleandoc(ast.get_docstring(node)), node
    raise AssertionError(f"{cls.__name__}.{name} has no documented declaration")


def _check(label, doc, params, is_class, raises):
    problems = []
    if params and _documented_args(doc) != params:
        problems.append(f"Args {_documented_args(doc)} are not the parameters {params}")
    returns = _section(doc, "Returns")
    if not is_class and returns is None:
        problems.append("no Returns section")
    elif returns and ":" in returns[0]:
        # Google style reads "type: description" there: a colon would make the text a type.
        problems.append(f"Returns' first line has a colon: {returns[0].strip()!r}")
    if raises and _section(doc, "Raises") is None:
        problems.append("no Raises section")
    return [f"{label}: {p}" for p in problems]


def test_entry_points_have_args_returns_raises():
    problems = []
    for label, (obj, signature_of) in ENTRY_POINTS.items():
        doc = inspect.getdoc(obj) or ""
        is_class = inspect.isclass(obj)
        fn = signature_of or (obj.__init__ if is_class else obj)
        problems += _check(label, doc, _signature_args(fn), is_class, label not in RAISES_NOTHING)
    assert not problems, "\n".join(problems)


def test_c_bound_methods_are_documented_at_their_declaration():
    problems = []
    for label, (cls, name) in C_METHODS.items():
        doc, node = _c_method_docstring(cls, name)
        params = [a.arg for a in node.args.args[1:]]
        assert params == _signature_args(getattr(cls, name)), label  # the declaration is the binding's
        problems += _check(label, doc, params, False, True)
    assert not problems, "\n".join(problems)


def test_every_table_op_has_generated_sections():
    names = raw_op.raw_op_names()
    assert len(names) > 100
    problems = []
    for name in names:
        doc = inspect.getdoc(getattr(tf.raw_ops, name))
        params = [n for n, _ in raw_op.python_arguments(op_def_lib.get(name))]
        problems += _check(f"raw_ops.{name}", doc, params, False, True)
    assert not problems, "\n".join(problems)


def test_generated_docstrings_of_public_functions_name_their_parameters():
    """A public function registered for an op gets the op's sections only where its parameters are
    the op's Python arguments, so its Args always name what it takes."""
    completed = 0
    for name in op_def_lib.all_ops():
        fn = op_def_lib.implementation(name)
        doc = inspect.getdoc(fn) or "" if fn is not None else ""
        if "Args:" in doc:
            completed += 1
            assert _documented_args(doc) == _signature_args(fn), name
    assert completed > 50


def test_generated_sections_state_the_records_constraints():
    doc = inspect.getdoc(tf.raw_ops.MatMul)
    assert "    a: A `Tensor`. Must be one of the following types: `bfloat16`, `float16`, `float32`" in doc
    assert "    b: A `Tensor`. Must have the same type as `a`." in doc
    assert "    transpose_a: An optional `bool`. Defaults to `False`." in doc
    assert "A `Tensor` with the same type as `a` (`product`)." in doc
    # TensorFlow registers no CPU kernel for MatMul on unsigned ints: the record's `kernels=`.
    assert "NotFoundError: If TensorFlow has no CPU kernel for the dtype (`uint16`, `uint32`, `uint64`, `uint8`)" in doc
    # Unary element-wise ops keep their input's shape: their shape function refuses nothing.
    assert "ValueError" not in inspect.getdoc(tf.raw_ops.Exp)
    assert "ValueError" in doc


def test_help_of_matmul_is_more_than_a_line(capsys):
    help(tf.matmul)
    text = capsys.readouterr().out
    assert len(text.strip().splitlines()) > 10
    assert "Args:" in text and "Returns:" in text and "Raises:" in text


def _raise(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001 - the class is what is checked
        return type(error).__name__
    raise AssertionError("no error")


@pytest.mark.parametrize("label, call", [
    ("constant", lambda: tf.constant(2.5, dtype=tf.int32)),
    ("convert_to_tensor", lambda: tf.convert_to_tensor(tf.constant(1), dtype=tf.float32)),
    ("device", lambda: tf.device(lambda op: "CPU:0")),
    ("GradientTape.watch", lambda: tf.GradientTape().watch(3)),
    ("Module", lambda: tf.Module(name="not an identifier")),
    ("matmul", lambda: tf.matmul(tf.ones([2, 3]), tf.ones([4, 2]))),
    ("cast", lambda: tf.cast(tf.constant("a"), tf.float32)),
    ("train.CheckpointManager", lambda: tf.train.CheckpointManager(tf.train.Checkpoint(), "/tmp", max_to_keep=0)),
    ("train.load_checkpoint", lambda: tf.train.load_checkpoint("/nonexistent/prefix")),
    ("keras.optimizers.SGD", lambda: tf.keras.optimizers.SGD(weight_decay=0.1)),
    ("compat.v1.placeholder", lambda: v1.placeholder(tf.float32)),
    ("data.Dataset.padded_batch", lambda: tf.data.Dataset.range(2).padded_batch(2, padding_values=0.5)),
    ("data.Dataset.window", lambda: tf.data.Dataset.range(2).window(0)),
    ("data.Dataset.from_generator", lambda: tf.data.Dataset.from_generator(None)),
    ("data.Dataset.sample_from_datasets", lambda: tf.data.Dataset.sample_from_datasets([])),
    ("config.threading.set_intra_op_parallelism_threads", lambda: (
        tf.constant(1), tf.config.threading.set_intra_op_parallelism_threads(
            tf.config.threading.get_intra_op_parallelism_threads() + 1))),
])
def test_documented_errors_are_the_raised_ones(label, call):
    raised = _raise(call)
    raises = "\n".join(_section(inspect.getdoc(ENTRY_POINTS[label][0]), "Raises"))
    assert re.search(rf"^    {raised}:", raises, re.M), f"{label} raised {raised}, its Raises: {raises}"


def test_assign_documents_the_errors_it_raises():
    v = tf.Variable([1.0, 2.0])
    for name, call in [("assign", lambda: v.assign([1.0, 2.0, 3.0])), ("assign_add", lambda: v.assign_add([1.0]))]:
        doc, _ = _c_method_docstring(tf.Variable, name)
        assert re.search(rf"^    {_raise(call)}:", "\n".join(_section(doc, "Raises")), re.M), name
