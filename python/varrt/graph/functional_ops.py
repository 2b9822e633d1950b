"""tf.map_fn, tf.foldl, tf.foldr and tf.scan, written as TensorFlow's map_fn.py and
functional_ops.py write them: the elements unstacked into TensorArrays, a tf.while_loop over
their index reading one element and writing one result a step, the results stacked. Eagerly
the loop runs in Python; in a tf.function it is one While node, so a trace serves every length."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import Any

from varrt.base import dtypes, errors, nest
from varrt.framework import graph_building, symbolic
from varrt.framework.tensor import constant, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.graph.control_flow_ops import while_loop
from varrt.ops import array_ops
from varrt.ops.tensor_array_ops import TensorArray


def _spec_dtype(spec):
    """The dtype an fn_output_signature entry names (a DType, a name, or a TensorSpec)."""
    return spec.dtype if isinstance(spec, TensorSpec) else dtypes.as_dtype(spec)


def _spec_shape(spec):
    return spec.shape if isinstance(spec, TensorSpec) else TensorShape(None)


def _length(elems_flat):
    """The elements' count: static when the first dimension is known, else the graph's Shape."""
    for e in elems_flat:
        if e.shape.rank == 0:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    n_static = elems_flat[0].shape.as_list()[0] if elems_flat[0].shape.rank is not None else None
    for e in elems_flat[1:]:
        other = e.shape.as_list()[0] if e.shape.rank is not None else None
        if n_static is not None and other is not None and n_static != other:
            raise ValueError(f"Dimensions {n_static} and {other} are not compatible")
        n_static = n_static if n_static is not None else other
    return n_static, (n_static if n_static is not None else array_ops.shape(elems_flat[0])[0])


def _rows(t):
    """A tensor's rows (dimension 0) as tensors; reading past the end is TensorArray's error."""
    return array_ops.unstack(t) if t.shape.as_list()[0] else _NoRows()


class _NoRows:
    def __getitem__(self, i):
        raise errors.OutOfRangeError(None, None, f"Tried to read from index {i} but array size is: 0 ")


def _set_outer_dim(tensors, n_static):
    for t in tensors:
        if symbolic.is_symbolic(t) and t.shape.rank is not None:
            t.set_shape(TensorShape([n_static]).concatenate(t.shape[1:]))
    return tensors


def _flat_elems(elems):
    flat = nest.flatten(elems)
    if not flat:
        raise ValueError(f"elems must be a Tensor or (possibly nested) sequence of Tensors. Got {elems}, which does "
                         "not contain any Tensors.")
    return [convert_to_tensor(e) for e in flat]


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None) -> Any:
    """`fn` applied to each element of `elems` (unstacked on dimension 0), the results stacked
    (TensorFlow's tf.map_fn).

    Args:
        fn: A callable of one element (in `elems`' structure).
        elems: A tensor or a nested structure of tensors with the same first dimension.
        dtype: TensorFlow 1's name for `fn_output_signature`.
        parallel_iterations: Accepted; the iterations run one after another.
        back_prop: Accepted; gradients flow through the loop.
        swap_memory: Accepted and ignored.
        infer_shape: Whether the results must all have one shape.
        name: A name for the operation (optional).
        fn_output_signature: `fn`'s output structure of dtypes or TensorSpecs, when it differs
            from `elems`'.

    Returns:
        The stacked results, in `fn_output_signature`'s (else `elems`') structure.

    Raises:
        TypeError: If `fn` is not callable.
        ValueError: If `elems` holds no tensor or a scalar, or `fn`'s output does not match the
            signature's structure.
    """
    if fn_output_signature is None:
        fn_output_signature = dtype
    if not callable(fn):
        raise TypeError(f"The provided function {fn.__name__} is not callable. fn must be callable.")
    elems_flat = _flat_elems(elems)
    if fn_output_signature is None:
        result_specs = [TensorSpec(None, e.dtype) for e in elems_flat]
        structure = elems
    else:
        result_specs = [s if isinstance(s, TensorSpec) else TensorSpec(None, _spec_dtype(s))
                        for s in nest.flatten(fn_output_signature)]
        structure = fn_output_signature
    n_static, n = _length(elems_flat)
    in_graph = graph_building.current() is not None
    elems_tas = [TensorArray(e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e)
                 for e in elems_flat] if in_graph else []
    accs = [TensorArray(s.dtype, size=n, dynamic_size=False, infer_shape=infer_shape,
                        element_shape=s.shape if s.shape.rank is not None else None) for s in result_specs] if in_graph else []

    def checked(result):
        """fn's result flattened, held to the signature (TensorFlow's structure and shape texts)."""
        nest.assert_same_structure(fn_output_signature or elems, result)
        flat = [convert_to_tensor(r) for r in nest.flatten(result)]
        for r, spec in zip(flat, result_specs):
            if not _spec_shape(spec).is_compatible_with(r.shape):
                raise ValueError(f"Incompatible shape for value ({r.shape}), expected ({_spec_shape(spec)})")
            if r.dtype != spec.dtype:
                raise errors.InvalidArgumentError(None, None, f"TensorArray dtype is {spec.dtype.name} but Op is "
                                                              f"trying to write dtype {r.dtype.name} ")
        return flat

    def compute(i, tas):
        flat = checked(fn(nest.pack_sequence_as(elems, [ta.read(i) for ta in elems_tas])))
        return i + 1, [ta.write(i, r) for ta, r in zip(tas, flat)]

    if not in_graph:  # eagerly a Python loop: a tape sees each step's ops
        stacked = _eager_map(fn, elems, elems_flat, n, result_specs, checked)
    else:
        _, results = while_loop(lambda i, _: i < n, compute, (constant(0), accs), maximum_iterations=n_static)
        stacked = _set_outer_dim([ta.stack() for ta in results], n_static)
    return nest.pack_sequence_as(structure, stacked)


def _eager_map(fn, elems, elems_flat, n, result_specs, checked):
    """map_fn's results when executing eagerly: each step's ops run (and are recorded) one by one;
    no steps give [0] + the signature's element shape."""
    if n == 0:
        return [array_ops.zeros([0] + (s.shape.as_list() if s.shape.is_fully_defined() else []), s.dtype)
                for s in result_specs]
    rows = [array_ops.unstack(e) for e in elems_flat]
    per_step = []
    for i in range(n):
        result = fn(nest.pack_sequence_as(elems, [r[i] for r in rows]))
        per_step.append(checked(result))
    return [array_ops.stack(list(parts)) for parts in zip(*per_step)]


def _fold(fn, elems, initializer, reverse, name):
    """foldl (reverse=False) and foldr: the accumulator through every element."""
    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    elems_flat = _flat_elems(elems)
    _, n = _length(elems_flat)
    if graph_building.current() is None:  # eagerly a Python loop: a tape sees each step's ops
        rows = [_rows(e) for e in elems_flat]
        order = list(range(n))[::-1] if reverse else list(range(n))
        if initializer is None:
            a = nest.pack_sequence_as(elems, [r[order[0] if order else 0] for r in rows])
            order = order[1:]
        else:
            a = nest.map_structure(convert_to_tensor, initializer)
        for i in order:
            a = fn(a, nest.pack_sequence_as(elems, [r[i] for r in rows]))
        return a
    tas = [TensorArray(e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e) for e in elems_flat]
    if initializer is None:
        a = nest.pack_sequence_as(elems, [ta.read(n - 1 if reverse else 0) for ta in tas])
        start = n - 1 if reverse else 1
    else:
        a = nest.map_structure(convert_to_tensor, initializer)
        start = n if reverse else 0
    i = convert_to_tensor(start)

    def compute(i, a):
        if reverse:
            i = i - 1
        elem = nest.pack_sequence_as(elems, [ta.read(i) for ta in tas])
        a = fn(a, elem)
        return (i if reverse else i + 1), a

    cond = (lambda i, a: i > 0) if reverse else (lambda i, a: i < n)
    _, a = while_loop(cond, compute, (i, a))
    return a


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None) -> Any:
    """`fn(accumulator, element)` over `elems` from the first element to the last (tf.foldl);
    without `initializer` the first element starts the accumulator."""
    return _fold(fn, elems, initializer, False, name)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None) -> Any:
    """`fn(accumulator, element)` over `elems` from the last element to the first (tf.foldr)."""
    return _fold(fn, elems, initializer, True, name)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None) -> Any:
    """Every accumulator `fn(accumulator, element)` takes over `elems`, stacked (tf.scan); without
    `initializer` the first element starts it (and is the first result)."""
    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    elems_flat = _flat_elems(elems)
    n_static, n = _length(elems_flat)
    out_structure = initializer if initializer is not None else elems
    if graph_building.current() is None:  # eagerly a Python loop: a tape sees each step's ops
        rows = [_rows(e) for e in elems_flat]
        order = list(range(n))[::-1] if reverse else list(range(n))
        if initializer is None:
            a = nest.pack_sequence_as(elems, [r[order[0] if order else 0] for r in rows])
            outs, order = [nest.flatten(a)], order[1:]
        else:
            a, outs = nest.map_structure(convert_to_tensor, initializer), []
        for i in order:
            a = fn(a, nest.pack_sequence_as(elems, [r[i] for r in rows]))
            nest.assert_same_structure(out_structure, a)
            outs.append([convert_to_tensor(t) for t in nest.flatten(a)])
        if reverse:
            outs = outs[::-1]
        if not outs:
            return nest.pack_sequence_as(out_structure, [array_ops.zeros([0], convert_to_tensor(t).dtype)
                                                         for t in nest.flatten(out_structure)])
        return nest.pack_sequence_as(out_structure, [array_ops.stack(list(p)) for p in zip(*outs)])
    tas = [TensorArray(e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e) for e in elems_flat]
    if initializer is None:
        a_flat = [ta.read(n - 1 if reverse else 0) for ta in tas]
        a = nest.pack_sequence_as(elems, a_flat)
        i = 1
    else:
        a = nest.map_structure(convert_to_tensor, initializer)
        a_flat = nest.flatten(a)
        i = 0
    accs = [TensorArray(t.dtype, size=n, dynamic_size=False, infer_shape=infer_shape) for t in a_flat]
    if initializer is None:
        accs = [ta.write(n - 1 if reverse else 0, t) for ta, t in zip(accs, a_flat)]

    def compute(i, a_flat, tas_out):
        packed_a = nest.pack_sequence_as(a if initializer is not None else elems, a_flat)
        at = n - 1 - i if reverse else i
        elem = nest.pack_sequence_as(elems, [ta.read(at) for ta in tas])
        out = fn(packed_a, elem)
        nest.assert_same_structure(initializer if initializer is not None else elems, out)
        flat_out = [convert_to_tensor(o) for o in nest.flatten(out)]
        return i + 1, flat_out, [ta.write(at, o) for ta, o in zip(tas_out, flat_out)]

    _, _, results = while_loop(lambda i, _1, _2: i < n, compute, (constant(i), a_flat, accs), maximum_iterations=n_static)
    stacked = _set_outer_dim([ta.stack() for ta in results], n_static)
    return nest.pack_sequence_as(initializer if initializer is not None else elems, stacked)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True) -> Any:
    """`fn` over the elements of `elems` (dimension 0), the results stacked (tf.vectorized_map).
    TensorFlow vectorizes `fn` where its pfor converter can and otherwise falls back to a while
    loop; varrt always runs the loop (map_fn with the output dtypes `fn` gives): the values are
    the same, the speed is map_fn's."""
    elems_flat = _flat_elems(elems)
    n_static, _ = _length(elems_flat)
    if graph_building.current() is None and n_static:
        rows = [array_ops.unstack(e) for e in elems_flat]
        results = [fn(nest.pack_sequence_as(elems, [r[i] for r in rows])) for i in range(n_static)]
        parts = zip(*[[convert_to_tensor(t) for t in nest.flatten(r)] for r in results])
        return nest.pack_sequence_as(results[0], [array_ops.stack(list(p)) for p in parts])
    # The output dtypes, from fn on the first element (TensorFlow's pfor traces fn once too).
    first = fn(nest.pack_sequence_as(elems, [e[0] for e in elems_flat]))
    signature = nest.map_structure(lambda t: convert_to_tensor(t).dtype, first)
    return map_fn(fn, elems, fn_output_signature=signature)


def parallel_stack(values, name="parallel_stack") -> Any:
    """The tensors of `values` stacked on a new first dimension (tf.parallel_stack), in a graph
    only, as in TensorFlow."""
    if graph_building.current() is None:
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    return array_ops.stack([convert_to_tensor(v) for v in values])


from varrt.ops import dispatch  # noqa: E402
dispatch.install(globals(), "functional_ops", ("map_fn",))  # ragged elems or results: ops/ragged/ragged_map_fn.py
