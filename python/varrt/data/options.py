"""`tf.data.Options` and its groups (TensorFlow's tensorflow/python/data/ops/options.py): typed
settings a pipeline carries (`dataset.with_options(options)`, `dataset.options()`), unset (None)
until given, with TensorFlow's defaults, type checks and errors. varrt records them: its pipelines
run in Python on the host, in order (deterministic whatever `deterministic` says, which TensorFlow
allows), with no graph rewrites, autotuning or sharding of their own for these to steer."""
import enum


class AutoShardPolicy(enum.IntEnum):
    """How a distributed dataset is sharded across workers (`options.experimental_distribute`)."""
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class ExternalStatePolicy(enum.Enum):
    """What a dataset with external state does when serialized."""
    WARN = 0
    IGNORE = 1
    FAIL = 2


class AutotuneAlgorithm(enum.Enum):
    """tf.data's autotuning algorithms."""
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


class _OptionsBase:
    """Typed properties: `_properties` maps a name to (type, default); a group's default is a
    fresh instance of the group's class."""

    _properties = {}

    def __init__(self):
        object.__setattr__(self, "_values", {})

    def __getattr__(self, name):
        properties = type(self)._properties
        if name not in properties:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        if name in self._values:
            return self._values[name]
        kind, default = properties[name]
        if isinstance(kind, type) and issubclass(kind, _OptionsBase):
            group = self._values[name] = kind()  # a group is made when first read, and kept
            return group
        return default

    def __setattr__(self, name, value):
        properties = type(self)._properties
        if name not in properties:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        kind, _ = properties[name]
        if value is not None and not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(f'Property "{name}" must be of type {kind}, got: {value} (type: {type(value)})')
        self._values[name] = value

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in type(self)._properties)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def _merged(self, other):
        """A copy of this with every setting `other` gave (groups merged setting by setting)."""
        out = type(self)()
        for name, (kind, _) in type(self)._properties.items():
            mine, theirs = self._values.get(name), other._values.get(name)
            if isinstance(kind, type) and issubclass(kind, _OptionsBase):
                if mine is not None or theirs is not None:
                    out._values[name] = (mine or kind())._merged(theirs or kind())
            elif theirs is not None:
                out._values[name] = theirs
            elif mine is not None:
                out._values[name] = mine
        return out


class AutotuneOptions(_OptionsBase):
    """`options.autotune`."""
    _properties = {"enabled": (bool, None), "cpu_budget": (int, None), "ram_budget": (int, None),
                   "autotune_algorithm": (AutotuneAlgorithm, None), "initial_parallelism": (int, None),
                   "min_parallelism": (int, None)}


class DistributeOptions(_OptionsBase):
    """`options.experimental_distribute`."""
    _properties = {"auto_shard_policy": (AutoShardPolicy, AutoShardPolicy.AUTO), "num_devices": (int, None)}


class OptimizationOptions(_OptionsBase):
    """`options.experimental_optimization`."""
    _properties = {name: (bool, None) for name in (
        "apply_default_optimizations", "filter_fusion", "filter_parallelization", "inject_prefetch",
        "map_and_batch_fusion", "map_and_filter_fusion", "map_fusion", "map_parallelization", "noop_elimination",
        "parallel_batch", "seq_interleave_prefetch", "shuffle_and_repeat_fusion")}


class ThreadingOptions(_OptionsBase):
    """`options.threading` (also `experimental_threading`)."""
    _properties = {"max_intra_op_parallelism": (int, None), "private_threadpool_size": (int, None)}


class Options(_OptionsBase):
    """`tf.data.Options`: a dataset's settings, given with `dataset.with_options(options)`."""
    _properties = {"autotune": (AutotuneOptions, None), "dataset_name": (str, None), "deterministic": (bool, None),
                   "experimental_distribute": (DistributeOptions, None),
                   "experimental_external_state_policy": (ExternalStatePolicy, None),
                   "experimental_optimization": (OptimizationOptions, None), "experimental_slack": (bool, None),
                   "experimental_symbolic_checkpoint": (bool, None), "experimental_warm_start": (bool, None),
                   "framework_type": (list, None), "threading": (ThreadingOptions, None)}
    _aliases = {"experimental_deterministic": "deterministic", "experimental_threading": "threading"}

    def __getattr__(self, name):
        return super().__getattr__(Options._aliases.get(name, name))

    def __setattr__(self, name, value):
        super().__setattr__(Options._aliases.get(name, name), value)

    def merge(self, options):
        """These options with `options`' settings over them (a new Options)."""
        if not isinstance(options, Options):
            raise TypeError(f"Argument `options` must be an instance of `tf.data.Options`, got {type(options)}.")
        return self._merged(options)


def options_of(dataset):
    """The options a dataset carries: those its `with_options` calls gave, its inputs' first
    (a pipeline's options hold for the whole of it, as in TensorFlow), merged in order."""
    merged = Options()
    seen = set()

    def visit(ds):
        node = getattr(ds, "_node", None)
        if node is None or id(node) in seen:
            return
        seen.add(id(node))
        inputs = []
        if hasattr(node, "_input"):
            inputs.append(node._input)
        datasets = getattr(node, "_datasets", None)
        if datasets is not None:
            inputs.extend(d for d in _leaves(datasets))
        for d in inputs:
            visit(d)
        given = getattr(node, "_given_options", None)
        if given is not None:
            nonlocal merged
            merged = merged.merge(given)

    visit(dataset)
    return merged


def _leaves(structure):
    if isinstance(structure, dict):
        for value in structure.values():
            yield from _leaves(value)
    elif isinstance(structure, (list, tuple)):
        for value in structure:
            yield from _leaves(value)
    else:
        yield structure
