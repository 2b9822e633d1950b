"""The graph of operation calls between symbolic inputs and outputs (keras/src/ops/function.py,
Keras's `Function`): its nodes sorted by depth, its operations in Keras's order, and a run of
the graph on new inputs. A functional model is one (varrt.models.functional)."""
import collections

from varrt.base import nest


def make_node_key(operation, node_index):
    return f"{id(operation)}_ib-{node_index}"


class OperationGraph:
    """The calls that lead from `inputs` to `outputs` (nested structures of KerasTensors)."""

    def _init_graph(self, inputs, outputs):
        # Set past Layer.__setattr__: the graph's structures are not layer state (Keras sets
        # them with tracking off), and stay plain lists and dicts.
        for name, value in (("_inputs_struct", nest.map_structure(lambda x: x, inputs)),
                            ("_outputs_struct", nest.map_structure(lambda x: x, outputs)),
                            ("_inputs", nest.flatten(inputs)), ("_outputs", nest.flatten(outputs))):
            object.__setattr__(self, name, value)
        if not self._inputs:
            raise ValueError(f"`inputs` argument cannot be empty. Received:\ninputs={inputs}\noutputs={outputs}")
        if not self._outputs:
            raise ValueError(f"`outputs` argument cannot be empty. Received:\ninputs={inputs}\noutputs={outputs}")
        graph = map_graph(self._inputs, self._outputs)
        for name, value in zip(("_nodes", "_nodes_by_depth", "_operations", "_operations_by_depth"), graph):
            object.__setattr__(self, name, value)
        # Keras runs the graph once without values: an output the inputs do not reach is an error.
        self._run_through_graph([None] * len(self._inputs),
                                operation_fn=lambda op: lambda *a, **k: [None] * len(_flat_outputs_of(op)))

    @property
    def operations(self):
        return self._operations[:]

    @property
    def inputs(self):
        """The symbolic inputs, flat."""
        return self._inputs

    @property
    def outputs(self):
        """The symbolic outputs, flat."""
        return self._outputs

    def _run_through_graph(self, inputs, operation_fn=lambda op: op):
        """Runs each node, deepest first, on the values computed so far: `operation_fn(op)(*args, **kwargs)`."""
        tensor_dict = {id(x): y for x, y in zip(self._inputs, nest.flatten(inputs))}
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if not node.operation or node.is_input:
                    continue
                if any(id(x) not in tensor_dict for x in node.input_tensors):
                    continue  # not computable from these inputs
                args, kwargs = node.arguments.fill_in(tensor_dict)
                outputs = operation_fn(node.operation)(*args, **kwargs)
                for x, y in zip(node.outputs, nest.flatten(outputs)):
                    tensor_dict[id(x)] = y
        output_tensors = []
        for i, x in enumerate(self._outputs):
            if id(x) not in tensor_dict:
                raise ValueError(f"Output with path `{_paths(self._outputs_struct)[i]}` is not connected to `inputs`")
            output_tensors.append(tensor_dict[id(x)])
        return nest.pack_sequence_as(self._outputs_struct, output_tensors)


def _flat_outputs_of(operation):
    return nest.flatten(operation._inbound_nodes[0].outputs) if operation._inbound_nodes else [None]


def _paths(structure, prefix=()):
    """Keras's path of each leaf ("" for a single tensor, "0", "a.1", ...)."""
    if isinstance(structure, dict):
        return [p for k in sorted(structure) for p in _paths(structure[k], prefix + (k,))]
    if isinstance(structure, (list, tuple)):
        return [p for i, v in enumerate(structure) for p in _paths(v, prefix + (i,))]
    return [".".join(str(p) for p in prefix)]


def map_graph(inputs, outputs):
    """Keras's topology check and sort: (node keys, nodes by depth, operations, operations by depth)."""
    nodes_in_decreasing_depth, operation_indices = _build_map(inputs, outputs)
    nodes_in_graph = set(nodes_in_decreasing_depth)
    network_nodes = {make_node_key(node.operation, node.operation._inbound_nodes.index(node))
                     for node in nodes_in_decreasing_depth}
    nodes_depths = {}
    operations_depths = {}
    for node in reversed(nodes_in_decreasing_depth):
        depth = nodes_depths.setdefault(node, 0)
        depth = max(depth, operations_depths.get(node.operation, 0))
        operations_depths[node.operation] = depth
        nodes_depths[node] = depth
        for parent in node.parent_nodes:
            if parent not in nodes_in_graph:
                continue
            nodes_depths[parent] = max(depth + 1, nodes_depths.get(parent, 0))
    for input_t in inputs:
        input_operation = input_t._keras_history[0]
        if input_operation and input_operation not in operations_depths:
            node_index = input_t._keras_history.node_index
            node = input_operation._inbound_nodes[node_index]
            if node.is_input:
                operations_depths[input_operation] = 0
                operation_indices[input_operation] = -1
                nodes_depths[node] = 0
                network_nodes.add(make_node_key(input_operation, node_index))
    nodes_by_depth = collections.defaultdict(list)
    for node, depth in nodes_depths.items():
        nodes_by_depth[depth].append(node)
    operations_by_depth = collections.defaultdict(list)
    for operation, depth in operations_depths.items():
        operations_by_depth[depth].append(operation)
    operations = []
    for depth in sorted(operations_by_depth, reverse=True):
        at_depth = operations_by_depth[depth]
        at_depth.sort(key=lambda x: operation_indices[x])
        operations.extend(at_depth)
    computable = set(id(x) for x in inputs)
    with_complete_input = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            for x in nest.flatten(node.input_tensors):
                if id(x) not in computable:
                    raise ValueError(f"Graph disconnected: cannot find parent for tensor {x} at operation "
                                     f"'{node.operation}'. The following previous operations were accessed without "
                                     f"issue: {with_complete_input}")
                with_complete_input.append(node.operation.name)
            for x in nest.flatten(node.outputs):
                computable.add(id(x))
    names = [operation.name for operation in operations]
    for name in names:
        if names.count(name) != 1:
            raise ValueError(f'The name "{name}" is used {names.count(name)} times in the model. All operation names '
                             "should be unique.")
    return network_nodes, nodes_by_depth, operations, operations_by_depth


def _build_map(inputs, outputs):
    """The nodes from inputs to outputs, topologically sorted, and each operation's first-seen index."""
    finished, in_progress, ordered, indices = set(), set(), [], {}
    input_ids = {id(x) for x in nest.flatten(inputs)}
    for output in nest.flatten(outputs):
        _build_map_helper(input_ids, output, finished, in_progress, ordered, indices)
    return ordered, indices


def _build_map_helper(input_ids, tensor, finished, in_progress, ordered, indices):
    operation, node_index, _ = tensor._keras_history
    if not operation:
        return
    node = operation._inbound_nodes[node_index]
    if node in finished:
        return
    if not node.is_input and id(tensor) in input_ids:
        # An input that is not an InputLayer's: the graph starts here.
        finished.add(node)
        return
    if node in in_progress:
        raise ValueError(f"Tensor {tensor} from operation '{operation.name}' is part of a cycle.")
    if operation not in indices:
        indices[operation] = len(indices)
    in_progress.add(node)
    if not node.is_input:
        for input_tensor in node.input_tensors:
            _build_map_helper(input_ids, input_tensor, finished, in_progress, ordered, indices)
    finished.add(node)
    in_progress.remove(node)
    ordered.append(node)


def is_input_keras_tensor(x):
    operation, node_index, _ = x._keras_history
    return operation._inbound_nodes[node_index].is_input


def unpack_singleton(x):
    if isinstance(x, (list, tuple)) and len(x) == 1:
        return x[0]
    return x


