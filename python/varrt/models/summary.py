"""`Model.summary()` (keras/src/utils/summary_utils.py): the model's name, a table of its layers
(name and class, output shape, parameter count, and for a graph that is not a chain the layers
each is connected to), and the parameter totals with their sizes in bytes. Printed as Keras
prints it when its output is not a terminal (varrt prints no colours)."""
import math
import re
import shutil
import sys

from varrt.base import nest
from varrt.base.dtypes import as_dtype
from varrt.base.sizes import readable_memory_size
from varrt.models import summary_table


def count_params(weights):
    return int(sum(math.prod(v.shape.as_list()) for v in weights))


def weight_memory_size(weights):
    """The bytes the weights take (each variable once)."""
    unique = {id(w): w for w in weights}.values()
    return sum(math.prod(w.shape.as_list()) * as_dtype(w.dtype).size * 8 for w in unique) / 8


def _format_shape(shape):
    return f"({', '.join(str(d) for d in shape)})"


def format_layer_shape(layer):
    """The layer's output shape as Keras prints it: from its last call on symbolic tensors, or
    from `compute_output_shape` of the shapes it was built for; "?" when neither is known."""
    nodes = getattr(layer, "_inbound_nodes", [])
    if not nodes and not layer._build_shapes_dict:
        return "?"
    if nodes:
        output_shapes = [_format_shape(x.shape) for x in nodes[-1].output_tensors]
        if len(output_shapes) == 1:
            return output_shapes[0]
        return str(output_shapes).replace("'", "")
    try:
        try:
            outputs = layer.output_shape
        except AttributeError:
            outputs = layer.compute_output_shape(**layer._build_shapes_dict)
    except NotImplementedError:
        return "?"
    if isinstance(outputs, tuple) and all(d is None or isinstance(d, int) for d in outputs):
        return _format_shape(outputs)
    if hasattr(outputs, "as_list"):
        return _format_shape(outputs.as_list())
    flat = nest.map_structure(_format_shape, outputs) if isinstance(outputs, dict) else \
        [_format_shape(s) for s in outputs]
    return str(flat).replace("'", "")


def _is_sequential_like(model, functional):
    if not functional:
        return True
    nodes = []
    for at_depth in model._nodes_by_depth.values():
        if len(at_depth) > 1 or (len(at_depth) == 1 and len(nest.flatten(at_depth[0].input_tensors)) > 1):
            return False
        nodes += at_depth
    for layer in model.layers:
        if sum(1 for node in layer._inbound_nodes if node in nodes) > 1:
            return False
    return True


def _layer_range(layers, layer_range):
    if layer_range is None:
        return [0, len(layers)]
    if len(layer_range) != 2:
        raise ValueError(f"layer_range must be a list or tuple of length 2. Received: layer_range = {layer_range} of "
                         f"length {len(layer_range)}")
    if not isinstance(layer_range[0], str) or not isinstance(layer_range[1], str):
        raise ValueError(f"layer_range should contain string type only. Received: {layer_range}")
    lower = [i for i, layer in enumerate(layers) if re.match(layer_range[0], layer.name)]
    upper = [i for i, layer in enumerate(layers) if re.match(layer_range[1], layer.name)]
    if not lower or not upper:
        raise ValueError(f"Passed layer_names do not match the layer names in the model. Received: {layer_range}")
    if min(lower) > max(upper):
        return [min(upper), max(lower) + 1]
    return [min(lower), max(upper) + 1]


def print_summary(model, line_length=None, positions=None, print_fn=None, expand_nested=False,
                  show_trainable=False, layer_range=None):
    """Prints (or passes to `print_fn`, as one string) Keras's summary of `model`."""
    functional = hasattr(model, "_nodes_by_depth")
    layers = model._operations if functional else model.layers
    sequential_like = _is_sequential_like(model, functional)
    relevant_nodes = []
    if sequential_like:
        default_line_length = 88
        positions = positions or [0.45, 0.80, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
        justify = ["left", "left", "right"]
    else:
        default_line_length = 108
        positions = positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        justify = ["left", "left", "right", "left"]
        for at_depth in model._nodes_by_depth.values():
            relevant_nodes += at_depth
    if show_trainable:
        default_line_length += 12
        positions = [p * 0.90 for p in positions] + [1.0]
        header.append("Trainable")
        justify.append("center")
    default_line_length = min(default_line_length, shutil.get_terminal_size().columns - 4)
    line_length = line_length or default_line_length
    requested, current = [], 0
    for position in positions:
        width = int(position * line_length) - current
        if width < 4:
            raise ValueError("Insufficient console width to print summary.")
        requested.append(width)
        current += width

    def connections(layer):
        out = []
        for node in layer._inbound_nodes:
            if relevant_nodes and node not in relevant_nodes:
                continue
            for kt in node.input_tensors:
                history = kt._keras_history
                out.append(f"{history.operation.name}[{history.node_index}][{history.tensor_index}]")
        return ", ".join(out) or "-"

    def fields(layer, prefix=""):
        if not hasattr(layer, "built"):
            params = "0"
        elif not layer.built:
            params = "0 (unbuilt)"
        else:
            params = f"{layer.count_params():,}"
        row = [f"{prefix}{layer.name} ({type(layer).__name__})", format_layer_shape(layer), params]
        if not sequential_like:
            row.append(connections(layer))
        if show_trainable:
            row.append(("Y" if layer.trainable else "N") if getattr(layer, "weights", None) else "-")
        return row

    def layer_rows(layer, level=0):
        rows = [fields(layer, "   " * level + "└ " if level else "")]
        if expand_nested and getattr(layer, "layers", None):
            for sublayer in layer.layers:
                rows.extend(layer_rows(sublayer, level + 1))
        return rows

    start, stop = _layer_range(layers, layer_range)
    rows = [row for layer in layers[start:stop] for row in layer_rows(layer)]
    widths = summary_table.column_widths(requested)
    lines = [f'Model: "{model.name}"'] + summary_table.render(header, rows, widths, justify)
    trainable = model.trainable_weights
    non_trainable = model.non_trainable_weights
    optimizer = getattr(model, "optimizer", None)
    optimizer_built = bool(getattr(model, "compiled", False) and optimizer is not None
                           and getattr(optimizer, "built", False))
    optimizer_variables = list(optimizer.variables) if optimizer_built else []
    counts = [count_params(trainable), count_params(non_trainable), count_params(optimizer_variables)]
    sizes = [weight_memory_size(trainable), weight_memory_size(non_trainable),
             weight_memory_size(optimizer_variables)]
    lines.append(f" Total params: {sum(counts):,} ({readable_memory_size(sum(sizes))})")
    lines.append(f" Trainable params: {counts[0]:,} ({readable_memory_size(sizes[0])})")
    lines.append(f" Non-trainable params: {counts[1]:,} ({readable_memory_size(sizes[1])})")
    if optimizer_built:
        lines.append(f" Optimizer params: {counts[2]:,} ({readable_memory_size(sizes[2])})")
    text = "\n".join(lines) + "\n"
    if print_fn is not None:
        print_fn(text)
    else:
        sys.stdout.write(text)
