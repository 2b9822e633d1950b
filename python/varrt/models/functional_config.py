"""A functional model's config (keras/src/models/functional.py `get_config` and
`functional_from_config`): every operation's config in graph order with its calls
(`inbound_nodes`: each call's arguments, a KerasTensor written as `__keras_tensor__` with the
history of the call that made it), and the model's inputs and outputs as [operation name, call,
output]; loading makes each operation and replays its calls, in as many passes as their order
needs. Files written by Keras 3 load, and Keras loads varrt's."""
import copy

from varrt.base import nest
from varrt.layers.keras_tensor import KerasTensor
from varrt.models.operation_graph import make_node_key, unpack_singleton
from varrt.saving import serialization_lib

KERAS_TENSOR = "__keras_tensor__"


def _extra_node(operation, functional_class):
    # Keras numbers a functional model's calls from 1 (its own construction once had node 0).
    return 1 if isinstance(operation, functional_class) else 0


def get_config(model, functional_class):
    """The config of functional `model` (Keras's format)."""
    config = {"name": model.name, "trainable": model.trainable}
    reindexed = {}
    for operation in model.operations:
        kept = _extra_node(operation, functional_class)
        for index, _ in enumerate(operation._inbound_nodes):
            key = make_node_key(operation, index)
            if key in model._nodes:
                reindexed[key] = kept
                kept += 1
    layer_configs = []
    for operation in model.operations:
        nodes = []
        for index, node in enumerate(operation._inbound_nodes):
            if make_node_key(operation, index) in model._nodes:
                node_data = _serialize_node(node, model._nodes)
                if node_data is not None:
                    nodes.append(node_data)
        layer_config = serialization_lib.serialize_keras_object(operation)
        layer_config["name"] = operation.name
        layer_config["inbound_nodes"] = nodes
        layer_configs.append(layer_config)
    config["layers"] = layer_configs

    def tensor_config(tensor):
        operation, node_index, tensor_index = tensor._keras_history
        return [operation.name, reindexed[make_node_key(operation, node_index)], tensor_index]

    config["input_layers"] = nest.map_structure(tensor_config, model._inputs_struct)
    config["output_layers"] = nest.map_structure(tensor_config, model._outputs_struct)
    return copy.deepcopy(config)


def _serialize_node(node, own_nodes):
    if not node.input_tensors:
        return None

    def serialize_keras_tensor(x):
        if not isinstance(x, KerasTensor):
            return x
        operation, node_index, tensor_index = x._keras_history
        # Calls of the operation that are not this model's do not count.
        irrelevant = sum(1 for i in range(node_index) if make_node_key(operation, i) not in own_nodes)
        return {"class_name": KERAS_TENSOR, "config": {"shape": x.shape, "dtype": x.dtype,
                                                        "keras_history": [operation.name, node_index - irrelevant,
                                                                          tensor_index]}}

    args = nest.map_structure(serialize_keras_tensor, node.arguments.args)
    kwargs = {k: nest.map_structure(serialize_keras_tensor, v) for k, v in node.arguments.kwargs.items()}
    return {"args": serialization_lib.serialize_keras_object(args),
            "kwargs": serialization_lib.serialize_keras_object(kwargs)}


# --- loading ---------------------------------------------------------------------------------

def _output_of(created, name, node_index, tensor_index):
    layer = created.get(name)
    if layer is None:
        raise ValueError(f"Unknown layer: {name}")
    if len(layer._inbound_nodes) <= node_index:
        raise IndexError(f"Layer node index out of bounds.\ninbound_layer = {layer}\ninbound_layer._inbound_nodes = "
                         f"{layer._inbound_nodes}\ninbound_node_index = {node_index}")
    return layer._inbound_nodes[node_index].output_tensors[tensor_index]


def _revive(value, created, custom_objects):
    """A node's serialized arguments with each `__keras_tensor__` the output it names (IndexError
    while that output's call is not made yet) and other configs deserialized."""
    if isinstance(value, dict):
        if value.get("class_name") == KERAS_TENSOR:
            return _output_of(created, *value["config"]["keras_history"])
        if "class_name" in value and "config" in value:
            return serialization_lib.deserialize_keras_object(value, custom_objects=custom_objects)
        return {k: _revive(v, created, custom_objects) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_revive(v, created, custom_objects) for v in value)
    return value


def _node_arguments(node_data, created, custom_objects):
    if not node_data:
        return [], {}
    if isinstance(node_data, list):  # Keras 2's node format: [[layer, node, tensor(, kwargs)], ...]
        tensors, kwargs = [], {}
        for entry in node_data:
            if len(entry) not in (3, 4):
                raise ValueError("Cannot deserialize the model (invalid config data?)")
            if entry[0] not in created:
                raise ValueError(f"Invalid Functional model configuration. Missing node: {entry[0]}")
            tensors.append(_output_of(created, *entry[:3]))
            kwargs = entry[3] if len(entry) == 4 else {}
        return [unpack_singleton(tensors)], kwargs
    return (list(_revive(node_data["args"], created, custom_objects)),
            _revive(node_data["kwargs"], created, custom_objects))


def from_config(cls, config, custom_objects=None, functional_class=None):
    """A functional model of class `cls` from `get_config()`'s dict (Keras's or varrt's)."""
    config = dict(config)
    layers, input_layers, output_layers = config.pop("layers"), config.pop("input_layers"), config.pop("output_layers")
    name, trainable = config.pop("name", None), config.pop("trainable", None)
    created, unprocessed = {}, {}
    for layer_data in layers:
        layer = serialization_lib.deserialize_keras_object(layer_data, custom_objects=custom_objects)
        created[layer_data["name"]] = layer
        unprocessed[layer_data["name"]] = list(layer_data["inbound_nodes"])
    while any(unprocessed.values()):
        progressed = False
        for layer_data in layers:
            pending = unprocessed[layer_data["name"]]
            layer = created[layer_data["name"]]
            while pending:
                try:
                    args, kwargs = _node_arguments(pending[0], created, custom_objects)
                except IndexError:
                    break  # an input's call is not made yet: another pass
                layer(*args, **kwargs)
                pending.pop(0)
                progressed = True
        if not progressed:
            raise ValueError("Invalid Functional model configuration. The graph of the Functional model either has "
                             f"loops or disconnected nodes. The following nodes failed to be resolved: {unprocessed}")

    def tensor(entry):
        layer_name, node_index, tensor_index = entry
        layer = created[layer_name]
        if functional_class is not None and isinstance(layer, functional_class):
            node_index -= 1
        return layer._inbound_nodes[node_index].output_tensors[tensor_index]

    def tensors(value):
        if isinstance(value, list) and len(value) == 3 and isinstance(value[0], str):
            return tensor(value)
        if isinstance(value, dict):
            return {k: tensors(v) for k, v in value.items()}
        if isinstance(value, tuple):
            return tuple(tensors(v) for v in value)
        return [tensors(v) for v in value]

    return cls(inputs=tensors(input_layers), outputs=tensors(output_layers), name=name, trainable=trainable,
               **config)


