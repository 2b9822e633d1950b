"""Keras 3's `Functional` model (keras/src/models/functional.py): `tf.keras.Model(inputs,
outputs)`, a model whose layers are the graph of layer calls recorded between its symbolic
inputs and outputs (varrt.models.operation_graph). Calling it runs those calls, in Keras's
order, on the new inputs; its variables are its layers'."""
import inspect

from varrt.base import nest
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers import keras_masks
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.models import functional_config
from varrt.models import model as model_module
from varrt.models.model import Model
from varrt.models.operation_graph import OperationGraph, is_input_keras_tensor, unpack_singleton
from varrt.ops import array_ops, math_ops, sparse_ops


class Functional(OperationGraph, Model):
    """A model defined by calling layers on `tf.keras.Input`s (`tf.keras.Model(inputs, outputs)`)."""

    def __init__(self, inputs, outputs, name=None, **kwargs):
        trainable = kwargs.pop("trainable", None)
        for x in nest.flatten(inputs):
            if not isinstance(x, KerasTensor):
                raise ValueError(f"All `inputs` values must be KerasTensors. Received: inputs={inputs} including "
                                 f"invalid value {x} of type {type(x)}")
        for x in nest.flatten(outputs):
            if not isinstance(x, KerasTensor):
                raise ValueError(f"All `outputs` values must be KerasTensors. Received: outputs={outputs} including "
                                 f"invalid value {x} of type {type(x)}")
        if not all(is_input_keras_tensor(t) for t in nest.flatten(inputs)):
            raise NotImplementedError("varrt's functional models start at `tf.keras.Input`s; a model from "
                                      "intermediate tensors (Keras clones their graph) is not there yet.")
        self._init_trainer()
        Layer.__init__(self, name=name, **kwargs)
        self._init_graph(inputs, outputs)
        if trainable is not None:
            self.trainable = trainable
        for layer in self.layers:
            self._tracker.track(layer)
        self.build(None)  # as Keras: built, with the build config {"input_shape": None}
        self.output_names = [x._keras_history[0].name for x in self.outputs]

    def _lock_state(self):
        pass

    def _obj_type(self):
        return "Functional"

    def get_config(self):
        """Keras's functional config (the layers, their calls, the inputs and outputs); a subclass
        whose `__init__` takes other arguments has Model's config instead."""
        if not functional_like_constructor(type(self)):
            return Model.get_config(self)
        return functional_config.get_config(self, Functional)

    @property
    def layers(self):
        """The model's layers in graph order, its InputLayers included."""
        return [op for op in self._operations if isinstance(op, Layer)]

    @layers.setter
    def layers(self, _):
        raise AttributeError("`Model.layers` attribute is reserved and should not be used. Please use another name.")

    def _checkpoint_children(self):
        # TensorFlow follows Keras's `_operations` list (the layers by index, InputLayers included):
        # "model/_operations/1/_kernel/...".
        children = [(n, v) for n, v in Layer._checkpoint_children(self)]
        return [("_operations", list(self._operations))] + children

    def _input_specs(self):
        """(name, shape without the batch size) of each input, as Keras's `Functional.input_spec`."""
        if isinstance(self._inputs_struct, dict):
            return [(name, _without_batch(self._inputs_struct[name].shape)) for name in sorted(self._inputs_struct)]
        return [(x._keras_history[0].name, _without_batch(x.shape)) for x in self._inputs]

    def _assert_input_compatibility(self, inputs):
        """Keras's input checks (keras/src/layers/input_spec.py) against the model's inputs:
        their number, names for a dict, and each shape (a trailing 1 aside)."""
        specs = self._input_specs()
        names = [name for name, _ in specs]
        if isinstance(inputs, dict):
            for name in names:
                if name not in inputs:
                    raise ValueError(f'Missing data for input "{name}". You passed a data dictionary with keys '
                                     f"{list(inputs.keys())}. Expected the following keys: {names}")
            inputs = [inputs[name] for name in names]
        flat = nest.flatten(inputs)
        if len(flat) != len(specs):
            if all(names):
                raise ValueError(f'Layer "{self.name}" expects {len(specs)} named input(s) with keys {names}, but it '
                                 f"received {len(flat)} input tensors. Pass inputs as a dict, e.g. `layer({{" +
                                 ", ".join(f"'{n}': ..." for n in names) + "})`.")
            raise ValueError(f'Layer "{self.name}" expects {len(specs)} input(s), but it received {len(flat)} input '
                             f"tensors. Inputs received: {flat}")
        for index, (x, (name, spec_shape)) in enumerate(zip(flat, specs)):
            if x is None:
                continue
            if not hasattr(x, "shape"):
                raise ValueError(f"Inputs to a layer should be tensors. Got '{x}' (of type {type(x)}) as input for "
                                 f"layer '{self.name}'.")
            shape = _shape(x)
            compared, expected = shape, spec_shape
            if compared and compared[-1] == 1:
                compared = compared[:-1]
            if expected and expected[-1] == 1:
                expected = expected[:-1]
            for spec_dim, dim in zip(expected, compared):
                if spec_dim is not None and dim is not None and spec_dim != dim:
                    raise ValueError(f"Input {index} with name '{name}' of layer '{self.name}' is incompatible with "
                                     f"the layer: expected shape={spec_shape}, found shape={shape}")

    def call(self, inputs, training=None, mask=None):
        inputs = self._standardize_inputs(inputs)
        if mask is not None:
            # Keras attaches each given mask to its input, where the first layers find it.
            for x, input_mask in zip(inputs, nest.flatten(mask)):
                if input_mask is not None:
                    keras_masks.set_keras_mask(x, input_mask)
        outputs = self._run_through_graph(inputs, operation_fn=lambda op: _with_training(op, training))
        return unpack_singleton(outputs)

    def compute_output_spec(self, inputs, training=None, mask=None):
        flat = nest.flatten(inputs)
        if all(x.shape == ref.shape for x, ref in zip(flat, self._inputs)):
            return nest.map_structure(lambda x: KerasTensor(x.shape, dtype=x.dtype), self._outputs_struct)
        return self._run_through_graph(flat, operation_fn=lambda op: op.compute_output_spec)

    def compute_output_shape(self, input_shape):
        shapes = input_shape if isinstance(input_shape, list) and input_shape and \
            isinstance(input_shape[0], (tuple, list)) else [input_shape]
        kts = [KerasTensor(s, dtype=ref.dtype) for s, ref in zip(shapes, self._inputs)]
        return nest.map_structure(lambda x: x.shape, self.compute_output_spec(kts))

    def build(self, input_shape):
        self.built = True

    @property
    def input(self):
        """The symbolic inputs, in the structure given."""
        return self._inputs_struct

    @property
    def output(self):
        """The symbolic outputs, in the structure given."""
        return self._outputs_struct

    @property
    def input_shape(self):
        shapes = nest.map_structure(lambda x: x.shape, self.inputs)
        return shapes[0] if isinstance(shapes, list) and len(shapes) == 1 else shapes

    @property
    def output_shape(self):
        shapes = nest.map_structure(lambda x: x.shape, self.outputs)
        return shapes[0] if isinstance(shapes, list) and len(shapes) == 1 else shapes

    # --- inputs ----------------------------------------------------------------------------

    def _standardize_inputs(self, inputs):
        """Keras's input rules: a single tensor for a one-input list, dicts by input name, then
        each converted to its input's dtype and its rank matched (a trailing 1 added or dropped)."""
        struct = self._inputs_struct
        if isinstance(struct, list) and len(struct) == 1 and _is_tensor_like(inputs):
            inputs = [inputs]
        elif isinstance(inputs, dict) and not isinstance(struct, dict):
            names = [x.name for x in nest.flatten(struct)]
            if set(names).issubset(inputs):
                inputs = [inputs[n] for n in names]
                if isinstance(struct, KerasTensor):
                    inputs = inputs[0]
            else:
                raise ValueError(self._structure_mismatch(inputs))
        try:
            nest.assert_same_structure(_lists_to_tuples(inputs), _lists_to_tuples(struct), check_types=False)
        except (ValueError, TypeError):
            raise ValueError(self._structure_mismatch(inputs)) from None
        flat = [None if x is None else _sparse_input(x, ref) if isinstance(x, SparseTensor)
                else convert_to_tensor(x, dtype=ref.dtype)
                if not isinstance(x, Tensor) or x.dtype.name == ref.dtype else _cast(x, ref.dtype)
                for x, ref in zip(nest.flatten(inputs), self._inputs)]
        adjusted = [self._adjust_rank(i, x) for i, x in enumerate(flat)]
        for x, y in zip(nest.flatten(inputs), adjusted):  # an input's mask stays with it, as in Keras
            mask = keras_masks.get_keras_mask(x)
            if mask is not None and y is not x:
                keras_masks.set_keras_mask(y, mask)
        return adjusted

    def _structure_mismatch(self, inputs):
        expected = nest.map_structure(lambda x: x.name, self._inputs_struct)
        received = nest.map_structure(lambda x: f"Tensor(shape={tuple(_shape(x))})", inputs)
        return ("The structure of `inputs` doesn't match the expected structure.\n"
                f"Expected: {expected}\nReceived: inputs={received}")

    def _adjust_rank(self, i, x):
        ref = self._inputs[i]
        if x is None:
            return x
        shape = _shape(x)
        ref_shape = ref.shape
        if len(shape) == len(ref_shape) + 1 and shape[-1] == 1:
            x = array_ops.squeeze(x, axis=-1)
        elif len(shape) == len(ref_shape) - 1 and ref_shape[-1] == 1:
            x = array_ops.expand_dims(x, axis=-1)
        elif len(shape) != len(ref_shape):
            raise ValueError(f"Invalid input shape for input {x} with name '{ref.name}' and path '{i}'. Expected "
                             f"shape {ref_shape}, but input has incompatible shape {tuple(shape)}")
        return x


def _cast(x, dtype):
    return math_ops.cast(x, dtype)


def _sparse_input(x, ref):
    """A SparseTensor given for input `ref`, as Keras's convert_to_tensor(x, dtype, sparse)
    takes it: densified for an input that is not sparse, its values cast to the input's dtype."""
    if not ref.sparse:
        x = sparse_ops.to_dense(x)
        return x if x.dtype.name == ref.dtype else _cast(x, ref.dtype)
    if x.dtype.name == ref.dtype:
        return x
    return SparseTensor(x.indices, math_ops.cast(x.values, ref.dtype), x.dense_shape)


def _without_batch(shape):
    return ((None,) + tuple(shape[1:])) if shape else ()


def _shape(x):
    shape = x.shape
    return tuple(shape) if isinstance(shape, tuple) else tuple(shape.as_list())


def _is_tensor_like(x):
    return isinstance(x, (Tensor, KerasTensor, SparseTensor)) or hasattr(x, "__array__")


def _lists_to_tuples(structure):
    if isinstance(structure, list):
        return tuple(_lists_to_tuples(v) for v in structure)
    if isinstance(structure, dict):
        return {k: _lists_to_tuples(v) for k, v in structure.items()}
    return structure


def _with_training(operation, training):
    """A node's call with the model's `training` passed to layers whose `call` takes it."""
    if training is None or "training" not in getattr(operation, "_call_parameters", ()):
        return operation

    def call(*args, **kwargs):
        kwargs["training"] = training
        return operation(*args, **kwargs)
    return call


def functional_like_constructor(cls):
    """Whether `cls.__init__` takes the functional arguments (Keras's test for get_config)."""
    spec = inspect.getfullargspec(cls.__init__)
    if spec.args[1:] == inspect.getfullargspec(Functional.__init__).args[1:]:
        return True
    return spec.varargs is not None and spec.varkw is not None


model_module.register_functional(Functional)
