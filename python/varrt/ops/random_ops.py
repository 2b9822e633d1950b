"""Random tensors under TensorFlow's names (`tf.random.normal`, `tf.random.Generator`, ...).

The ops draw TensorFlow's CPU numbers, bit for bit, from TensorFlow's seeds:

- `set_seed(s)` makes every later op reproducible: each op without its own seed takes the
  next op seed of Python's `random.Random(s)` (TensorFlow's eager context), or, in a graph,
  the graph's count of such ops so far (a tf.function's graph takes the global seed its
  trace started with).
- An op seed alone (no global seed) pairs with TensorFlow's default global seed.
- The kernel of a stateful op is a Philox generator keyed by the global seed with the op seed
  in its counter (philox.py); each run moves it past the blocks the run reserved. Eagerly,
  TensorFlow caches the kernel per (op, dtype, seeds), so calling an op twice with the same
  seeds continues one stream, and `set_seed` restarts all streams; in a graph every node has
  its own kernel.
- Stateless ops derive their generator from the seed alone (philox.from_stateless_seed).
- No seed at all: non-deterministic.

The samplers are random_distributions.py; `tf.random.Generator` keeps TensorFlow's Philox
state ([counter low, counter high, key]) and draws through the same kernels.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import enum
import random
import secrets
import threading
import weakref
from typing import TYPE_CHECKING, Optional

import numpy as np

from varrt.base import dtypes
from varrt.framework import default_session, distribution_context, graph_building
from varrt.ops import op_def_lib
from varrt.ops import random_distributions as distributions
from varrt.ops.array_ops import allocating_output
from varrt.framework.tensor import convert_to_tensor, packs
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.variables import Variable
from varrt.framework.variables import resource_variable_of as _resource_variable_of
from varrt.ops.op_util import is_tensor_like as _is_tensor_like
from varrt.ops.op_util import (check_dtype, host_if_known, int_list, kernel_error, operand, run,
                              run_failing, run_outputs, tensor_operand)
from varrt.ops.philox import GuardedPhilox, PhiloxRandom, from_stateless_seed
from varrt.ops.random_binomial import run_binomial

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1

_lock = threading.Lock()
_global_seed: Optional[int] = None
_op_seeds: Optional[random.Random] = None  # hands out eager op seeds while a global seed is set
_graph_op_counts: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # graph -> unseeded ops so far
_kernels: dict[tuple, GuardedPhilox] = {}  # the eager kernel cache: (op, dtype, seed, seed2) -> its generator

_FLOAT_DTYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)
_UNIFORM_DTYPES = _FLOAT_DTYPES + (dtypes.int32, dtypes.int64)  # tf.random.uniform's
_FULL_INT_DTYPES = (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64)  # the stateless and Generator full ranges


def global_seed() -> Optional[int]:
    """The global seed set_seed set eagerly (a tf.function's graph starts with it)."""
    return _global_seed


def set_seed(seed) -> None:
    """Sets the global seed: ops after it draw the same values on every run of the program.
    While a graph is built, it sets that graph's seed instead, as TensorFlow's does."""
    global _global_seed, _op_seeds
    graph = graph_building.current()
    if graph is not None:
        graph.seed = seed
        return
    with _lock:
        if seed is None:
            _global_seed, _op_seeds = None, None
        else:
            _global_seed = int(seed)
            _op_seeds = random.Random(_global_seed)
        _kernels.clear()  # TensorFlow clears its kernel cache, restarting every stream


def _truncate_seed(seed):
    return int(seed) % _MAXINT32  # to fit in 32 bits, as TensorFlow's


def get_seed(op_seed) -> tuple[Optional[int], Optional[int]]:
    """(global seed, op seed) for an op, TensorFlow's rule; (None, None) means non-deterministic."""
    graph = graph_building.current()
    with _lock:
        global_seed = getattr(graph, "seed", None) if graph is not None else _global_seed
        if global_seed is not None:
            if op_seed is None:
                if graph is not None:
                    op_seed = _graph_op_counts.get(graph, 0)
                    _graph_op_counts[graph] = op_seed + 1
                else:
                    op_seed = _op_seeds.randint(0, _MAXINT32)
            seeds = _truncate_seed(global_seed), _truncate_seed(op_seed)
        elif op_seed is not None:
            seeds = _DEFAULT_GRAPH_SEED, _truncate_seed(op_seed)
        else:
            return None, None
    # (0, 0) would mean "non-deterministic" to the kernels.
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def _kernel_generator(op, dtype, op_seed):
    """The generator of the kernel a stateful op runs on: cached per (op, dtype, seeds) eagerly,
    one per node in a graph, fresh random seeds when there are none."""
    seed, seed2 = get_seed(op_seed)
    return seeded_kernel_generator(op, dtype, 0 if seed is None else seed, 0 if seed2 is None else seed2)


def seeded_kernel_generator(op, dtype, seed, seed2):
    """The generator of a stateful kernel with attributes `seed`, `seed2` (both 0: fresh random
    seeds, as GuardedPhiloxRandom's Init): cached eagerly, one per graph node."""
    if seed == 0 and seed2 == 0:
        return GuardedPhilox(PhiloxRandom.from_seeds(secrets.randbits(64), secrets.randbits(64)))
    if graph_building.current() is not None:
        return _NodeKernels(seed, seed2)
    with _lock:
        key = (op, dtype, seed, seed2)
        kernel = _kernels.get(key)
        if kernel is None:
            kernel = _kernels[key] = GuardedPhilox(PhiloxRandom.from_seeds(seed, seed2))
        return kernel


class _NodeKernels:
    """The kernels of one graph node: TensorFlow makes one per session that runs the graph (a
    new session starts the stream again); a tf.function's node has one for its life."""

    def __init__(self, seed, seed2):
        self._seeds = (seed, seed2)
        self._by_session = weakref.WeakKeyDictionary()
        self._own = None
        self._lock = threading.Lock()

    def reserve_outputs(self, count, multiplier=256):
        session = default_session.sessions.running
        with self._lock:
            kernel = self._own if session is None else self._by_session.get(session)
            if kernel is None:
                kernel = GuardedPhilox(PhiloxRandom.from_seeds(*self._seeds))
                if session is None:
                    self._own = kernel
                else:
                    self._by_session[session] = kernel
        return kernel.reserve_outputs(count, multiplier)


def _fail(op, message, end=None):
    """A check TensorFlow makes inside `op`'s kernel: the op runs (and is logged), then fails."""
    run_failing(op, kernel_error(op, message, end=end))


def _shape(shape, op):
    """The dims of a shape argument, or None for a graph tensor whose value is known only when the
    graph runs (tf.shape(x) of an x with an unknown dimension)."""
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    if packs(shape):  # a list holding graph tensors: their Pack (TensorFlow's auto-packing)
        shape = convert_to_tensor(shape)
    if _is_tensor_like(shape) and host_if_known(tensor_operand(shape)[0]) is None:
        return None
    dims = [int(d) for d in np.asarray(convert_to_tensor(shape)._data.view()).reshape(-1)]
    for d in dims:
        if d < 0:
            _fail(op, f"Dimension {d} must be >= 0")
    return tuple(dims)


def _dims_now(shape, op, end=None):
    """A shape input's dims as the kernel reads them when a graph runs, checked as TensorFlow's kernel does."""
    dims = tuple(int(d) for d in np.asarray(shape).reshape(-1))
    for d in dims:
        if d < 0:
            raise kernel_error(op, f"Dimension {d} must be >= 0", end=end)
    return dims


def _sample(op, draw, rng, shape, dims, bounds, dtype, out_shape=None):
    """Runs the sampling op `op`: `draw(generator, dims, *bounds, **out)` with the dims of `shape`
    (read now, or by the kernel each time a graph runs when it holds sizes known only then, as
    the op's `shape` input), the bounds as inputs. `rng` gives the generator; a stateless seed
    known only when the graph runs is the node's input too, read on every run.
    `out_shape`: the core allocates the output."""
    if isinstance(rng, _SeedInput):
        bounds = rng.key_counter_alg() + tuple(bounds)

        def with_rng(dims_, key, counter, alg, *b, **out):
            return draw(_from_key_counter(key, counter), dims_, *b, **out)
    else:
        def with_rng(dims_, *b, **out):
            return draw(rng, dims_, *b, **out)
    # A Generator's draw is a resource op on its state variable (what a graph records and a
    # SavedModel exports: TensorFlow's Stateful* ops take the variable and the algorithm).
    resource = _resource_variable_of(rng._variable) if isinstance(rng, _StateVariablePhilox) else None
    if not isinstance(resource, Variable):
        resource = None  # (a wrapper without a Variable of this replica: recorded without it, as before)
    state_attrs = {"algorithm": rng.algorithm} if resource is not None else {}
    if dims is None:
        return run(op, lambda s, *b: with_rng(_dims_now(s, op), *b), (operand(shape)[0],) + tuple(bounds),
                   dtype, attrs=state_attrs or None, resource=resource)
    with allocating_output(op, dims, dtype):
        return run(op, lambda *b, **out: with_rng(dims, *b, **out), tuple(bounds), dtype,
                   dims if out_shape else None, attrs={"shape": tuple(dims), **state_attrs}, resource=resource)


def _generator_for(rng, dims):
    """The Philox state a run of `dims` outputs draws from: a stateful kernel's generator
    reserves the run's blocks (the next run continues past them); a stateless op's generator
    is the same on every run."""
    count = int(np.prod(dims, dtype=np.int64))
    return rng if isinstance(rng, PhiloxRandom) else rng.reserve_outputs(count)


def _float_dtype(dtype, value):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _FLOAT_DTYPES:
        # TensorFlow fails converting `mean` to the requested dtype, with this message.
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return dtype


def _param(value, dtype):
    return convert_to_tensor(value, dtype)


def _draw(distribution, rng, dims, dtype, *args, out=None):
    """`distribution`'s values (random_distributions.py) of shape `dims` from `rng`."""
    values = distribution(_generator_for(rng, dims), int(np.prod(dims, dtype=np.int64)), *args, dtype).reshape(dims)
    if out is None:
        return values
    out[...] = values
    return out


def _affine(sample, scale, offset, dtype):
    """`sample * scale + offset` as TensorFlow's Python layer composes it: Mul, then AddV2."""
    product = run("Mul", np.multiply, (sample, scale), dtype, "broadcast")
    return run("AddV2", np.add, (product, offset), dtype, "broadcast")


def _normal(rng, op, shape, mean, stddev, dtype, truncated):
    """`rng`: a GuardedPhilox (stateful), a PhiloxRandom (stateless) or an op seed (a stateful
    op's kernel is found once the op and dtype are known)."""
    dtype = _float_dtype(dtype, mean)
    dims = _shape(shape, op)
    rng = _as_generator(rng, op, dtype)
    distribution = distributions.truncated_normal if truncated else distributions.normal
    stddev, mean = _param(stddev, dtype), _param(mean, dtype)
    sample = _sample(op, lambda g, d: _draw(distribution, g, d, dtype), rng, shape, dims, (), dtype)
    return _affine(sample, stddev, mean, dtype)


class _OpSeed:
    """A stateful op's seed argument, until its kernel (per op and dtype) is looked up."""

    def __init__(self, seed):
        self.seed = seed


def _as_generator(rng, op, dtype):
    return _kernel_generator(op, dtype, rng.seed) if isinstance(rng, _OpSeed) else rng


def _uniform(rng, ops, shape, minval, maxval, dtype):
    """`ops`: TensorFlow's op names for (float, int) sampling."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        if dtype in _FULL_INT_DTYPES and ops[0] == "StatelessRandomUniformV2":
            raise ValueError(f"Argument `dtype` got invalid value {dtype} when argument `minval` is not None. "
                             "Please don't use unsigned integers in this case.")
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in _UNIFORM_DTYPES)}).")
    dims = _shape(shape, ops[0])
    if dtype.is_integer:
        rng = _as_generator(rng, ops[1], dtype)

        def integers(gen, size, lo, hi):
            for label, bound in (("minval", lo), ("maxval", hi)):
                if bound.ndim:
                    raise kernel_error(ops[1], f"{label} must be 0-D, got shape {list(bound.shape)}")
            if not lo < hi:
                raise kernel_error(ops[1], f"Need minval < maxval, got {lo} >= {hi}")
            return _draw(distributions.uniform_int, gen, size, dtype, int(lo), int(hi))
        bounds = (_param(minval, dtype), _param(maxval, dtype))
        return _sample(ops[1], integers, rng, shape, dims, bounds, dtype)
    rng = _as_generator(rng, ops[0], dtype)
    # TensorFlow's Python layer skips the arithmetic for the Python-int range [0, 1).
    unit_range = isinstance(minval, int) and minval == 0 and (maxval is None or isinstance(maxval, int) and maxval == 1)
    lo, hi = _param(minval, dtype), _param(1 if maxval is None else maxval, dtype)
    values = _sample(ops[0], lambda g, size, **out: _draw(distributions.uniform, g, size, dtype, **out), rng, shape,
                     dims, (), dtype, dtype in _NATIVE_UNIFORM)
    if unit_range:
        return values
    return _affine(values, run("Sub", np.subtract, (hi, lo), dtype, "broadcast"), lo, dtype)


_NATIVE_UNIFORM = (dtypes.float32, dtypes.float64)  # drawn straight into the output the core allocates


def random_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Values from a normal distribution (float32 by default)."""
    return _normal(_OpSeed(seed), "RandomStandardNormal", shape, mean, stddev, dtype, truncated=False)


normal = random_normal  # tf.random.normal, named random_normal as TensorFlow's (Keras configs write the name)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Normal values within two standard deviations of the mean (others are redrawn)."""
    return _normal(_OpSeed(seed), "TruncatedNormal", shape, mean, stddev, dtype, truncated=True)


def random_uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Uniform values in [minval, maxval) (maxval defaults to 1 for floats; required for integers)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer and maxval is None:
        raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
    return _uniform(_OpSeed(seed), ("RandomUniform", "RandomUniformInt"), shape, minval, maxval, dtype)


uniform = random_uniform  # tf.random.uniform, named random_uniform as TensorFlow's


class Algorithm(enum.Enum):
    """TensorFlow's RNG algorithm ids (varrt samples with Philox, TensorFlow's CPU choice, whatever the id)."""
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


_STATE_SIZE = 3  # a Philox Generator's state: the counter's low and high 64 bits, then the key


def _state_words(seed):
    """TensorFlow's create_rng_state(seed, "philox"): a Python int cut into 3 64-bit words, low
    first, or a sequence of ints taken as the words, cut to 3 or padded with zeros before them."""
    if isinstance(seed, (int, np.integer)):
        seed, words = int(seed), []
        for _ in range(_STATE_SIZE):
            words.append(seed & (2**64 - 1))
            seed >>= 64
    else:
        words = [int(w) & (2**64 - 1) for w in np.asarray(seed).reshape(-1)[:_STATE_SIZE]]
        return [0] * (_STATE_SIZE - len(words)) + words  # a short sequence is padded on the left
    return words


def _philox_of(words):
    counter_lo, counter_hi, key = (int(w) & (2**64 - 1) for w in words)
    return PhiloxRandom((key, key >> 32), counter_lo | counter_hi << 64)


def _words_of(philox):
    k0, k1 = philox.key
    return [philox.counter & (2**64 - 1), philox.counter >> 64, k0 | k1 << 32]


def _as_int64(words):
    return np.array(words, np.uint64).astype(np.int64)


class _StateVariablePhilox:
    """A Generator's Philox state kept in its state variable, as TensorFlow keeps it (so it is
    checkpointed, printed and assignable): each run reads the variable, reserves the blocks it
    may use and writes back the state past them (the stateful kernels' RngReadAndSkip)."""

    def __init__(self, variable, strategy=None, algorithm=1):
        self._variable = variable
        self._strategy = strategy  # the tf.distribute strategy the Generator was made in, or None
        self.algorithm = algorithm  # the stateful ops' `algorithm` input (Philox: 1)
        self._lock = threading.Lock()

    def current(self):
        with self._lock:
            return _philox_of(self._variable.numpy().astype(np.uint64))

    def reserve_outputs(self, output_count, multiplier=256):
        return self._replica_keyed(self._reserve(output_count, multiplier))

    def _reserve(self, output_count, multiplier=256):
        """The state before the reservation (RngReadAndSkip's output), the variable moved past it."""
        with self._lock:
            state = _philox_of(self._variable.numpy().astype(np.uint64))
            self._variable.assign(_as_int64(_words_of(state.skipped(int(output_count) * multiplier))))
        return state

    def _replica_keyed(self, state):
        """`state` with its key hashed with the replica id when drawing in a replica of the
        Generator's strategy (TensorFlow's Generator._preprocess_key): each replica its own stream."""
        entry = distribution_context.current() if self._strategy is not None else None
        if entry is None or entry[0] is not self._strategy or entry[1] is None:
            return state
        k0, k1 = state.key
        # key = StatelessRandomUniformFullIntV2(shape=[1], key, counter=[replica_id, 0], uint64)
        hashed = int(distributions.full_int(PhiloxRandom((k0, k1), entry[1]._replica_id), 1, dtypes.uint64)[0])
        return PhiloxRandom((hashed, hashed >> 32), state.counter)


_ALGORITHMS = {"philox": Algorithm.PHILOX.value, "threefry": Algorithm.THREEFRY.value,
               "autoselect": Algorithm.AUTO_SELECT.value}


def _algorithm_id(alg):
    """TensorFlow's convert_alg_to_int: a name or id to the id; None is Philox (the default)."""
    if alg is None:
        return Algorithm.PHILOX.value
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, bool) or not isinstance(alg, (int, str)):
        raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")
    if isinstance(alg, int):
        return alg
    found = _ALGORITHMS.get(alg.strip().lower().replace("-", "").replace("_", ""))
    if found is None:
        raise ValueError(f"Argument `alg` got unsupported value {alg}. Supported values are philox for the Philox "
                         "algorithm, threefry for the ThreeFry algorithm, and auto_select for auto-selection.")
    return found


class Generator:
    """A random number generator with its own state (TensorFlow's `tf.random.Generator`): a
    Philox counter and key, kept in a non-trainable int64 variable (`state`, checkpointed as
    TensorFlow's `_state_var`), that each draw moves past the blocks it reserved, so it draws
    TensorFlow's numbers."""

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            words = _words_of(copy_from._philox.current())
            alg = copy_from._alg
        else:
            words = _state_words(state if state is not None else [secrets.randbits(64) for _ in range(_STATE_SIZE)])
        self._alg = _algorithm_id(alg)
        self._state_var = Variable(_as_int64(words), name="StateVar", trainable=False)
        # Made under a strategy, each replica draws its own stream (TensorFlow's _distribution_strategy).
        self._philox = _StateVariablePhilox(self._state_var, distribution_context.current_strategy(), self._alg)

    def _reset(self, state):
        self._state_var.assign(_as_int64(_state_words(state)))

    @property
    def state(self):
        """The state variable: the counter's low and high words, then the key (int64)."""
        return self._state_var

    @classmethod
    def from_seed(cls, seed, alg=None):
        """A Generator whose state is derived from `seed`."""
        return cls(state=seed, alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """A Generator seeded from non-deterministic state (the OS)."""
        return cls(alg=alg)

    def reset_from_seed(self, seed):
        """Resets the state as from_seed(seed) would make it."""
        self._reset(seed)

    @property
    def algorithm(self):
        """The RNG algorithm (TensorFlow's Philox enum value)."""
        return self._alg

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Normally distributed values of `shape` (mean, stddev), advancing the state."""
        return _normal(self._philox, "StatefulStandardNormalV2", shape, mean, stddev, dtype, truncated=False)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Normal values of `shape` redrawn when more than 2 stddev from the mean, advancing the state."""
        return _normal(self._philox, "StatefulTruncatedNormal", shape, mean, stddev, dtype, truncated=True)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        """Uniformly distributed values of `shape` in [minval, maxval), advancing the state."""
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both `None` or both "
                                 f"non-`None`; got minval={minval} and maxval={maxval}")
            if minval is None:
                return self.uniform_full_int(shape, dtype)
        return _uniform(self._philox, ("StatefulUniform", "StatefulUniformInt"), shape, minval, maxval, dtype)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None):
        """Integers over the whole range of `dtype`."""
        return _full_int(self._philox, "StatefulUniformFullInt", shape, dtype)

    @classmethod
    def from_state(cls, state, alg):
        """A Generator whose state is `state` (three int64 words for Philox)."""
        return cls(state=state, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        """A Generator with Philox key `key` and counter `counter` (two words)."""
        return cls(state=_key_counter_state(key, counter), alg=alg)

    def reset(self, state):
        """Sets the state to `state`."""
        self._reset(state)

    def reset_from_key_counter(self, key, counter):
        """Sets the state to key `key` and counter `counter`."""
        self._reset(_key_counter_state(key, counter))

    def skip(self, delta):
        """Moves the state on as `delta` outputs of a distribution would (RngReadAndSkip: 256
        Philox blocks each)."""
        self._philox.reserve_outputs(int(delta))

    @property
    def key(self):
        """The Philox key: the state's last word, an int64 scalar tensor."""
        k0, k1 = self._philox.current().key
        return convert_to_tensor(np.uint64(k0 | k1 << 32).astype(np.int64))

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        """Binomial(counts, probs) samples of `shape` (ending with the parameters' broadcast
        shape), advancing the state."""
        counts = convert_to_tensor(counts)
        probs = convert_to_tensor(probs)
        return run_binomial("StatefulRandomBinomial", shape, counts, probs, dtype,
                            lambda extras, reserve: self._philox.reserve_outputs(reserve), name=name)

    def make_seeds(self, count=1):
        """A [2, count] int64 tensor of seeds for stateless ops: a row of keys drawn from this
        generator over a row of zeros (TensorFlow's: the two are scrambled together anyway)."""
        keys = np.asarray(self.uniform_full_int([count], dtype=dtypes.int64)._data.view())
        return convert_to_tensor(np.stack([keys, np.zeros_like(keys)]))

    def split(self, count=1):
        """`count` new generators, independent of this one and of each other: each has a key
        drawn from this one and a zero counter."""
        keys = np.asarray(self.uniform_full_int([count], dtype=dtypes.int64)._data.view())
        return [Generator(state=[0, 0, int(k)], alg=self._alg) for k in keys]


def _key_counter_state(key, counter):
    """TensorFlow's state of a key and a counter: the counter's words, then the key."""
    return [int(w) for w in np.asarray(counter).reshape(-1)] + [int(np.asarray(key).reshape(-1)[0])]


def create_rng_state(seed, alg) -> np.ndarray:
    """The int64 state tf.random.Generator makes from `seed` for algorithm `alg`."""
    _algorithm_id(alg)
    return convert_to_tensor(np.array(_state_words(seed), np.uint64).astype(np.int64))


def _full_int(rng, op, shape, dtype):
    dtype = dtypes.as_dtype(dtype)
    return _sample(op, lambda g, size: _draw(distributions.full_int, g, size, dtype), rng, shape, _shape(shape, op), (),
                   dtype)


_global_generator = None


def get_global_generator() -> Generator:
    """The process-wide tf.random.Generator (made from non-deterministic state on first use)."""
    global _global_generator
    if _global_generator is None:
        _global_generator = Generator.from_non_deterministic_state()
    return _global_generator


def set_global_generator(generator) -> None:
    """Replaces the process-wide tf.random.Generator (tf.random.set_global_generator)."""
    global _global_generator
    _global_generator = generator


class _SeedInput:
    """A stateless op's seed: as in TensorFlow, a StatelessRandomGetKeyCounter op turns it into a
    key and a counter, which the sampling op takes as inputs with the algorithm (a graph's
    node reads them on every run, so a seed known only then works too)."""

    def __init__(self, seed):
        self.seed = seed

    def key_counter_alg(self):
        key, counter = run_outputs(_SEED_SHAPE_OP, _key_counter_kernel, (self.seed,), dtypes.uint64, 2)
        return key, counter, convert_to_tensor(_AUTO_SELECT, dtypes.int32)


_SEED_SHAPE_OP = "StatelessRandomGetKeyCounter"  # the op that reads the seed in TensorFlow
_AUTO_SELECT = 3  # the algorithm the stateless ops pass by default (Philox on CPU)


def _seed_shape_message(key):
    return f"seed must have shape [2], not {list(key.shape)}"


def _key_counter_kernel(seed):
    """StatelessRandomGetKeyCounter's kernel: the key (one uint64) and counter (two) of a seed."""
    key = np.asarray(seed)
    if key.shape != (2,):
        raise kernel_error(_SEED_SHAPE_OP, _seed_shape_message(key), end="")
    gen = from_stateless_seed(int(key[0]), int(key[1]))
    k = gen.key[0] | gen.key[1] << 32
    return (np.array([k], np.uint64),
            np.array([gen.counter & (2**64 - 1), gen.counter >> 64], np.uint64))


def _from_key_counter(key, counter):
    """The Philox generator of a stateless kernel's key and counter inputs."""
    k, c = int(np.asarray(key).reshape(-1)[0]), np.asarray(counter).reshape(-1)
    return PhiloxRandom((k, k >> 32), int(c[0]) | int(c[1]) << 64)


def _stateless_rng(seed):
    """What a stateless op draws from: the seed, which a StatelessRandomGetKeyCounter op turns
    into the sampling op's key and counter, as TensorFlow's Python layer does (so the values
    depend only on the seed: a graph's node draws the same on every run, and the same as
    eagerly)."""
    return _SeedInput(seed if _is_tensor_like(seed) else convert_to_tensor(seed))


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select") -> Tensor:
    """Normal values that depend only on `shape`, `dtype` and the two-integer `seed`."""
    return _normal(_stateless_rng(seed), "StatelessRandomNormalV2", shape, mean,
                   stddev, dtype, truncated=False)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                               alg="auto_select") -> Tensor:
    """Truncated normal values that depend only on `seed` (a pair of ints) and the arguments (tf.random.stateless_truncated_normal)."""
    return _normal(_stateless_rng(seed), "StatelessTruncatedNormalV2", shape, mean,
                   stddev, dtype, truncated=True)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None, alg="auto_select") -> Tensor:
    """Uniform values that depend only on `seed` (a pair of ints) and the arguments (tf.random.stateless_uniform)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer and (minval is None) != (maxval is None):
        raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and `maxval` must be both None "
                         f"or not None. Got `minval`={minval} and `maxval`={maxval}.")
    rng = _stateless_rng(seed)
    if dtype.is_integer and minval is None:
        return _full_int(rng, "StatelessRandomUniformFullIntV2", shape, dtype)
    return _uniform(rng, ("StatelessRandomUniformV2", "StatelessRandomUniformIntV2"), shape, minval, maxval, dtype)


def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None) -> Tensor:
    """tf.compat.v1.multinomial: `categorical` with TensorFlow 1's argument order (`output_dtype`)."""
    return categorical(logits, num_samples, dtype=output_dtype, seed=seed, name=name)


def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    """`num_samples` class indices per row of `logits` ([batch, classes], unnormalized log
    probabilities), drawn from the row's softmax (Multinomial; int64 unless `dtype`)."""
    out_type = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
    a, logits_dtype = operand(logits)
    check_dtype("Multinomial", logits_dtype, name)
    check_dtype("Multinomial", out_type, name, attr="output_dtype")
    draws = int_list(num_samples, "num_samples")[0]  # an attribute of the node, as the shape function reads it
    rng = _kernel_generator("Multinomial", (logits_dtype, out_type), seed)

    def kernel(x):
        if x.ndim != 2:
            raise kernel_error("Multinomial", f"logits should be a matrix, got shape [{','.join(map(str, x.shape))}]")
        # The kernel reserves 256 blocks per output of 2 * ceil4(num_samples) per row.
        gen = rng.reserve_outputs(x.shape[0] * ((draws + 3) // 4 * 4 * 2))
        return distributions.multinomial(gen, x, draws).astype(out_type.as_numpy_dtype)
    return run("Multinomial", kernel, (a,), out_type, attrs={"num_samples": draws})


# --- the stateful ops on a Generator's state variable (tf.raw_ops, and a loaded SavedModel's nodes) --

def _state_variable_rng(resource, algorithm):
    """The Philox state a Stateful* op draws from: the state variable it is given (varrt's
    `variable.handle` is the variable), moved past the blocks each draw reserves."""
    return _StateVariablePhilox(resource, None, int(np.asarray(convert_to_tensor(algorithm)._data.view())))


@op_def_lib.implements("StatefulStandardNormalV2")
def _stateful_standard_normal_v2(resource, algorithm, shape, dtype=dtypes.float32, name=None):
    dtype = _float_dtype(dtype, 0.0)
    return _sample("StatefulStandardNormalV2", lambda g, d: _draw(distributions.normal, g, d, dtype),
                   _state_variable_rng(resource, algorithm), shape, _shape(shape, "StatefulStandardNormalV2"), (),
                   dtype)


@op_def_lib.implements("StatefulTruncatedNormal")
def _stateful_truncated_normal(resource, algorithm, shape, dtype=dtypes.float32, name=None):
    dtype = _float_dtype(dtype, 0.0)
    return _sample("StatefulTruncatedNormal", lambda g, d: _draw(distributions.truncated_normal, g, d, dtype),
                   _state_variable_rng(resource, algorithm), shape, _shape(shape, "StatefulTruncatedNormal"), (),
                   dtype)


@op_def_lib.implements("StatefulUniform")
def _stateful_uniform(resource, algorithm, shape, dtype=dtypes.float32, name=None):
    return _uniform(_state_variable_rng(resource, algorithm), ("StatefulUniform", "StatefulUniformInt"), shape, 0,
                    None, dtype)


def _bounds_dtype(minval, maxval, default):
    """The dtype of a raw op's integer bounds: a tensor's, else the op's default for Python values."""
    tensor = next((b for b in (minval, maxval) if _is_tensor_like(b)), None)
    return tensor.dtype if tensor is not None else default


@op_def_lib.implements("StatefulUniformInt")
def _stateful_uniform_int(resource, algorithm, shape, minval, maxval, name=None):
    dtype = _bounds_dtype(minval, maxval, dtypes.int64)
    return _uniform(_state_variable_rng(resource, algorithm), ("StatefulUniform", "StatefulUniformInt"), shape,
                    minval, maxval, dtype)


@op_def_lib.implements("StatefulUniformFullInt")
def _stateful_uniform_full_int(resource, algorithm, shape, dtype=dtypes.uint64, name=None):
    return _full_int(_state_variable_rng(resource, algorithm), "StatefulUniformFullInt", shape, dtype)


@op_def_lib.implements("RngReadAndSkip")
def _rng_read_and_skip(resource, alg, delta, name=None):
    """The state variable's value, then the state moved past `delta` outputs (256 Philox blocks
    each): what TensorFlow's Generator does before each stateless draw it makes in a graph."""
    rng = _StateVariablePhilox(resource)

    def kernel(alg_, delta_):
        return _as_int64(_words_of(rng._reserve(int(np.asarray(delta_)))))

    return run("RngReadAndSkip", kernel, (operand(alg, dtypes.int32)[0], operand(delta, dtypes.uint64)[0]),
               dtypes.int64, resource=resource)


class _KeyCounterInput(_SeedInput):
    """A stateless op's key, counter and algorithm given as its inputs (tf.raw_ops, a loaded graph)."""

    def __init__(self, key, counter, alg):
        super().__init__(None)
        self._inputs = (convert_to_tensor(key, dtypes.uint64), convert_to_tensor(counter, dtypes.uint64),
                        convert_to_tensor(alg, dtypes.int32))

    def key_counter_alg(self):
        return self._inputs


def _stateless_v2(op, distribution):
    def sample(shape, key, counter, alg, dtype=dtypes.float32, Tshape=None, name=None):  # noqa: N803 - TensorFlow's
        dtype = _float_dtype(dtype, 0.0)
        return _sample(op, lambda g, d: _draw(distribution, g, d, dtype), _KeyCounterInput(key, counter, alg), shape,
                       _shape(shape, op), (), dtype)
    return sample


op_def_lib.implements("StatelessRandomNormalV2")(_stateless_v2("StatelessRandomNormalV2", distributions.normal))
op_def_lib.implements("StatelessTruncatedNormalV2")(_stateless_v2("StatelessTruncatedNormalV2",
                                                                  distributions.truncated_normal))


@op_def_lib.implements("StatelessRandomUniformV2")
def _stateless_random_uniform_v2(shape, key, counter, alg, dtype=dtypes.float32, Tshape=None, name=None):  # noqa: N803
    return _uniform(_KeyCounterInput(key, counter, alg), ("StatelessRandomUniformV2", "StatelessRandomUniformIntV2"),
                    shape, 0, None, dtype)


@op_def_lib.implements("StatelessRandomUniformIntV2")
def _stateless_random_uniform_int_v2(shape, key, counter, alg, minval, maxval, Tshape=None, name=None):  # noqa: N803
    return _uniform(_KeyCounterInput(key, counter, alg), ("StatelessRandomUniformV2", "StatelessRandomUniformIntV2"),
                    shape, minval, maxval, _bounds_dtype(minval, maxval, dtypes.int32))


@op_def_lib.implements("StatelessRandomUniformFullIntV2")
def _stateless_random_uniform_full_int_v2(shape, key, counter, alg, dtype=dtypes.uint64, Tshape=None,  # noqa: N803
                                          name=None):
    return _full_int(_KeyCounterInput(key, counter, alg), "StatelessRandomUniformFullIntV2", shape, dtype)
