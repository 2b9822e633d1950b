"""What converted code calls (TensorFlow AutoGraph's `ag__` operators): each statement decides at
run time, as AutoGraph does, between Python control flow (a Python or eager condition) and graph
control flow (a symbolic tensor inside a trace: tf.cond / tf.while_loop).

A converted statement passes the current values of the names it assigns (`Undefined` for a
name not yet bound) and gets their new values back.
"""
from varrt.framework import graph_building
from varrt.framework import symbolic
from varrt.graph import control_flow_ops
from varrt.graph import control_flow_graph
from varrt.ops import array_ops
from varrt.ops import index_ops
from varrt.ops import math_ops


class Undefined:
    """A name not bound when a converted statement starts."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"<undefined {self.name}>"


def ld(read, name):
    """The value of a name (`read` is a lambda returning it), or Undefined when it is unbound."""
    try:
        return read()
    except (NameError, UnboundLocalError):
        return Undefined(name)


def _check_defined(values, names, where):
    for v, n in zip(values, names):
        if isinstance(v, Undefined):
            raise ValueError(f"'{n}' must also be initialized in the {where} branch")


def if_stmt(test, body, orelse, values, names):
    """An `if` assigning `names`: body(*values)/orelse(*values) return their new values."""
    if not symbolic.is_symbolic(test):
        return body(*values) if test else orelse(*values)
    results = {}

    def branch(fn, where):
        def run():
            out = fn(*values)
            results[where] = out
            defined = [v for v in out if not isinstance(v, Undefined)]
            return tuple(defined)
        return run

    def check_bound():
        # Which names each branch leaves bound: both must bind the same ones (TensorFlow's rule).
        t, e = results.get("main"), results.get("else")
        if t is None or e is None:
            return
        for v_t, v_e, n in zip(t, e, names):
            if isinstance(v_t, Undefined) != isinstance(v_e, Undefined):
                where = "else" if isinstance(v_e, Undefined) else "main"
                raise ValueError(f"'{n}' must also be initialized in the {where} branch")

    try:
        then_out = control_flow_ops.cond(test, branch(body, "main"), branch(orelse, "else"))
    except (TypeError, ValueError):
        check_bound()
        raise
    check_bound()
    t = results["main"]
    it = iter(then_out if isinstance(then_out, tuple) else (then_out,))
    return tuple(v if isinstance(v, Undefined) else next(it) for v in t)


def if_return(test, body, orelse):
    """An `if` whose branches both end in `return`: the value returned."""
    if not symbolic.is_symbolic(test):
        return body() if test else orelse()
    return control_flow_ops.cond(test, body, orelse)


def while_stmt(test, body, values, names):
    """A `while` assigning `names`: test(*values) decides, body(*values) returns new values."""
    first = test(*values)
    if not symbolic.is_symbolic(first):
        values = tuple(values)
        go = first
        while go:
            values = tuple(body(*values))
            go = test(*values)
        return values
    return _graph_loop(test, body, values, names)


def _graph_loop(test, body, values, names):
    carried = [i for i, v in enumerate(values) if not isinstance(v, Undefined)]

    def full(loop_vars):
        vals = list(values)
        for i, v in zip(carried, loop_vars):
            vals[i] = v
        return vals

    def cond(*loop_vars):
        return test(*full(loop_vars))

    def step(*loop_vars):
        out = body(*full(loop_vars))
        return tuple(out[i] for i in carried)

    result = control_flow_graph.while_loop(cond, step, tuple(values[i] for i in carried),
                                           names=[names[i] for i in carried])
    result = result if isinstance(result, tuple) else (result,)
    return tuple(full(result))


def for_stmt(iterable, body, values, names, extra_test=None):
    """A `for target in iterable` assigning `names`: body(item, *values) returns new values, while
    extra_test(*values) holds (a lowered break). Over a symbolic tensor (tf.range(n) of a tensor
    n, a function argument) it is a tf.while_loop over the first dimension; over a tf.data
    dataset while a graph is built, a loop of the graph over its elements (the dataset's
    `_graph_for`, data/graph_iteration.py)."""
    graph_for = getattr(type(iterable), "_graph_for", None)
    if graph_for is not None and graph_building.building():
        return graph_for(iterable, body, values, names, extra_test)
    if not symbolic.is_symbolic(iterable):
        values = tuple(values)
        for item in iterable:
            if extra_test is not None:
                go = extra_test(*values)
                if symbolic.is_symbolic(go):
                    raise NotImplementedError("a break on a tensor condition in a loop over Python values is not "
                                              "converted; iterate over tf.range(...) instead")
                if not go:
                    break
            values = tuple(body(item, *values))
        return values
    n = array_ops.shape(iterable)[0]
    index_values = (0,) + tuple(values)

    def test(i, *rest):
        if extra_test is None:
            return i < n
        return and_(lambda: i < n, lambda: extra_test(*rest))

    def step(i, *rest):
        item = index_ops.gather(iterable, i)
        return (i + 1,) + tuple(body(item, *rest))

    out = _graph_loop(test, step, index_values, ("<index>",) + tuple(names))
    return out[1:]



def and_(left, right):
    """`a and b`: logical_and when `a` is symbolic (both evaluated), Python's otherwise."""
    a = left()
    if symbolic.is_symbolic(a):
        return math_ops.logical_and(a, right())
    return a and right()


def or_(left, right):
    a = left()
    if symbolic.is_symbolic(a):
        return math_ops.logical_or(a, right())
    return a or right()


def not_(a):
    if symbolic.is_symbolic(a):
        return math_ops.logical_not(a)
    return not a
