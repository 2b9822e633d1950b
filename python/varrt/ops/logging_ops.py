"""`tf.print`: TensorFlow's text for tensors (its C++ Tensor::SummarizeValue, print_v2 form) and
for Python structures holding them; the StringFormat and PrintV2 ops it logs.

Tensors print NumPy-style without commas, summarised to the first and last `summarize` entries
of each dimension (3 by default, -1 for all); floats as TensorFlow's shortest round-trip text
(6 significant digits when they round-trip, else 9; doubles 15, else 17); bools as 1/0; string
elements quoted and C-escaped; a scalar string bare. Output goes to the Python `output_stream`
(sys.stderr by default, looked up at call time so pytest and notebooks capture it).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import sys
from typing import TYPE_CHECKING, Optional

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops.op_util import run
from varrt.ops.gradients.registry import NotDifferentiable
from varrt.base import nest
from varrt.framework import graph_building

if TYPE_CHECKING:
    from varrt.framework import symbolic

_place_op = _C.place_op
NotDifferentiable("StringFormat")  # as TensorFlow's logging_ops declares them
NotDifferentiable("PrintV2")


def _float_text(x, short, full, as_type):
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    text = "%.*g" % (short, x)
    return text if as_type(text) == x else "%.*g" % (full, x)


def _c_escape(b):
    out = []
    for c in b:
        ch = chr(c)
        if ch in "\"'\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif 32 <= c < 127:
            out.append(ch)
        else:
            out.append("\\%03o" % c)
    return "".join(out)


def _element_formatter(array):
    kind = array.dtype.kind
    if kind == "b":
        return lambda x: "1" if x else "0"
    if kind in "iu":
        return str
    if kind == "c":
        return lambda x: "?"
    if kind in "OSU":
        return lambda x: '"' + _c_escape(x if isinstance(x, bytes) else str(x).encode()) + '"'
    if array.dtype == np.float64:
        return lambda x: _float_text(float(x), 15, 17, float)
    return lambda x: _float_text(np.float32(x), 6, 9, np.float32)


def _spacing(dim, ndim):
    if dim == ndim - 1:
        return " "
    return "\n" * (ndim - dim - 1) + " " * (dim + 1)


def _summarize(array, fmt, ends, dim, index, out):
    """TensorFlow's PrintOneDimV2: `ends` entries at each end of every dimension."""
    if dim == array.ndim:
        out.append(fmt(array[index]))
        return
    out.append("[")
    count = array.shape[dim]
    for i in range(min(ends, count)):
        if i > 0:
            out.append(_spacing(dim, array.ndim))
        _summarize(array, fmt, ends, dim + 1, index + (i,), out)
    if count > 2 * ends:
        out.append(_spacing(dim, array.ndim) + "...")
    for i in range(max(ends, count - ends), count):
        out.append(_spacing(dim, array.ndim))
        _summarize(array, fmt, ends, dim + 1, index + (i,), out)
    out.append("]")


def tensor_text(array, summarize=3) -> str:
    """The text tf.print shows for a tensor's values (`array`, a NumPy array)."""
    fmt = _element_formatter(array)
    if array.ndim == 0:
        if array.dtype.kind in "OSU":
            x = array.item()
            return x.decode(errors="replace") if isinstance(x, bytes) else str(x)
        return fmt(array[()])
    # TensorFlow caps the entries per end at the element count (an empty tensor shows "...").
    ends = array.size if summarize is None or summarize < 0 else min(summarize, array.size)
    out: list[str] = []
    _summarize(array, fmt, ends, 0, (), out)
    return "".join(out)


def _legacy_formatter(array):
    """PrintOneElement without print_v2: strings C-escaped without quotes, the rest as tf.print
    shows them."""
    if array.dtype.kind in "OSU":
        return lambda x: _c_escape(x if isinstance(x, bytes) else str(x).encode())
    return _element_formatter(array)


def _legacy_dim(flat, shape, dim, limit, state, fmt, out):
    """TensorFlow's PrintOneDim: rows in brackets without separators, the first `limit` elements
    in order, "..." where a row was cut short."""
    if state[0] >= limit:
        return
    if dim == len(shape) - 1:
        for i in range(shape[dim]):
            if state[0] >= limit:
                if dim != 0:
                    out.append("...")
                return
            if i > 0:
                out.append(" ")
            out.append(fmt(flat[state[0]]))
            state[0] += 1
        return
    for _ in range(shape[dim]):
        opened = state[0] < limit
        if opened:
            out.append("[")
        _legacy_dim(flat, shape, dim + 1, limit, state, fmt, out)
        if state[0] < limit or opened:
            out.append("]")


def legacy_text(array, summarize=3) -> str:
    """The text of TensorFlow's Tensor::SummarizeValue (the form its Assert op shows): the first
    `summarize` elements (-1: all), "..." when there are more."""
    fmt = _legacy_formatter(array)
    flat = array.reshape(-1)
    limit = flat.size if summarize is None or summarize < 0 else min(summarize, flat.size)
    if array.ndim == 0:
        return fmt(flat[0]) if limit else ""
    out: list[str] = []
    _legacy_dim(flat, array.shape, 0, limit, [0], fmt, out)
    if flat.size > limit:
        out.append("...")
    return "".join(out)


def _values(x):
    t = x if isinstance(x, Tensor) else x._as_tensor()
    a = t.numpy()
    return np.asarray(a, dtype=object) if isinstance(a, bytes) else np.asarray(a)


def _is_tensor(x):
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


class _Text:
    """Shows a tensor's text where a structure's repr would show the tensor."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _input_text(x, summarize):
    if _is_tensor(x):
        return tensor_text(_values(x), summarize)
    if isinstance(x, str):
        return x
    if nest.is_nested(x):
        return str(nest.map_structure(
            lambda v: _Text(tensor_text(_values(v), summarize)) if _is_tensor(v) else v, x))
    return str(x)


def print_v2(*inputs, output_stream=None, summarize=3, sep=" ", end="\n", name=None) -> Optional[symbolic.Operation]:
    """Prints the inputs with TensorFlow's formatting (TensorFlow's `tf.print`).

    Inside a graph (`tf.function`) it prints when the graph runs, not while tracing.

    Args:
        *inputs: Tensors, Python values and structures of them.
        output_stream: Where to print: `sys.stderr` (the default), `sys.stdout`, a
            `"file://PATH"` string, or any object with `write`.
        summarize: How many elements of each dimension to print at its start and end
            (default 3; -1 or None prints all).
        sep: The text between inputs.
        end: The text after the last input.
        name: A name for the operation (optional).

    Returns:
        None when executing eagerly; inside a graph, the print operation.

    Raises:
        ValueError: If `output_stream` is not a supported stream.
    """
    graph = graph_building.current()
    if graph is not None:
        return _print_in_graph(graph, inputs, dict(output_stream=output_stream, summarize=summarize, sep=sep,
                                                   end=end, name=name))
    text = sep.join(_input_text(x, summarize) for x in inputs) + end
    _place_op("StringFormat")
    _place_op("PrintV2")
    stream = sys.stderr if output_stream is None else output_stream
    if not hasattr(stream, "write"):
        raise ValueError(f"Unsupported output stream, logging level, or file.{stream}. Supported streams are "
                         "sys.stdout, sys.stderr, or any object with a write method.")
    stream.write(text)
    if hasattr(stream, "flush"):
        stream.flush()
    return None  # eagerly nothing to return, as in TensorFlow


def _print_in_graph(graph, inputs, options):
    """Records a PrintV2 node: at run time it prints the inputs with the tensors' values then."""
    flat = nest.flatten(list(inputs))
    positions = [i for i, x in enumerate(flat) if _is_tensor(x)]
    tensors = [flat[i] if isinstance(flat[i], Tensor) else flat[i]._as_tensor() for i in positions]

    def run(*values):
        filled = list(flat)
        for i, v in zip(positions, values):
            filled[i] = v
        print_v2(*nest.pack_sequence_as(list(inputs), filled), **options)

    graph.add_call_node("PrintV2", run, tensors, 0)


def string_format(template, inputs, placeholder="{}", summarize=3, name=None) -> Tensor:
    """`template` with each `placeholder` replaced by the text of the next tensor of `inputs`, as
    tf.print shows it (tf.strings.format): a scalar string tensor (StringFormat)."""
    if _is_tensor(inputs):
        inputs = [inputs]
    wanted = template.count(placeholder)
    if wanted != len(inputs):
        raise ValueError(f"The template expects {wanted} tensors, but the inputs only has {len(inputs)}. Please "
                         "ensure the number of placeholders in template matches inputs length.")
    tensors = [convert_to_tensor(x) for x in inputs]
    parts = template.split(placeholder)

    def kernel(*arrays):
        texts = [tensor_text(np.asarray(a), summarize) for a in arrays]
        return np.array("".join(p + t for p, t in zip(parts, texts + [""])).encode(), dtype=object)
    # The template is the kernel's (the core's attributes hold no strings); the node keeps summarize.
    return run("StringFormat", kernel, tensors, dtypes.string, attrs={"summarize": summarize})
