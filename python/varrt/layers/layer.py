"""`Layer`: Keras 3's base layer on the TensorFlow backend (keras/src/layers/layer.py).

What a layer holds is found by Keras's rules, not tf.Module's: attribute assignment sorts
Keras variables (from `add_weight`) and sublayers into the layer's stores (`Tracker`);
`variables` lists the layer's own variables, then its sublayers', each once. A plain
tf.Variable assigned to a layer is not one of its `variables` (Keras 3 tracks only its own),
but TensorFlow's checkpoint still saves it: `_checkpoint_children` names every attribute that
holds a TensorFlow trackable (variables, Keras variables, layers, modules), in assignment
order; lists and dicts, which Keras wraps, are not followed.

`build(input_shape)` runs on the first call, inside the layer's name scope, which gives the
variables their paths ("dense/kernel"); after it the layer is `built` and takes no new state.
"""
import contextlib
import functools
import inspect

from varrt.base import nest
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable, resource_variable_of
from varrt.layers import call_context, call_errors, constraints, dtype_policy, keras_masks, naming, regularizers
from varrt.layers import keras_ops  # noqa: F401  (installs KerasTensor's operators)
from varrt.layers.input_spec import assert_input_compatibility
from varrt.layers.keras_tensor import KerasTensor, any_symbolic_tensors, standardize_shape
from varrt.layers.keras_variable import KerasVariable, standardize_dtype
from varrt.layers.layer_saving import LayerSaving
from varrt.layers.name_scope import current_path, name_scope
from varrt.layers.node import Node
from varrt.layers.operation import Operation
from varrt.layers.tracked_collections import Tracker
from varrt.ops import init_ops, math_ops
from varrt.trackable import data_structures, tracking

_LOCK_MSG = ("You cannot add new elements of state (variables or sub-layers) to a layer that is already built. All "
             "state must be created in the `__init__()` method or in the `build()` method.")


def _shape_of(x):
    if isinstance(x, KerasTensor):
        return x.shape
    if not hasattr(x, "shape"):  # a plain value (a preprocessing layer's Python int)
        return None
    if not isinstance(x, (Tensor, Variable, KerasVariable)):  # an array a layer takes unconverted
        return tuple(x.shape)
    return tuple(x.shape.as_list()) if x.shape.rank is not None else None


def _is_shape(value):
    # Keras's test of what compute_output_shape returned: one shape, or a structure of shapes.
    return isinstance(value, tuple) and all(d is None or isinstance(d, int) for d in value)


def _keras_tensors_for(shapes, dtype):
    """compute_output_shape's result as KerasTensors of `dtype` (one, or the same structure)."""
    if hasattr(shapes, "as_list"):
        shapes = standardize_shape(shapes)
    if isinstance(shapes, list) and shapes and all(d is None or isinstance(d, int) for d in shapes):
        shapes = tuple(shapes)
    if _is_shape(shapes):
        return KerasTensor(shapes, dtype=dtype)
    if isinstance(shapes, dict):
        return {k: _keras_tensors_for(v, dtype) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(_keras_tensors_for(v, dtype) for v in shapes)
    raise ValueError("Method `compute_output_shape()` is returning a type that cannot be interpreted as a shape. It "
                     f"should return a shape tuple. Received: {shapes}")


def _is_tensor(x):
    return isinstance(x, (Tensor, Variable, KerasVariable, SparseTensor))


class Layer(LayerSaving, Operation):
    """The class all Keras layers derive from (`tf.keras.layers.Layer`).

    Args:
        trainable: Whether the layer's variables are trained (a bool).
        name: The layer's name; None gives the class name in snake case, made unique
            ("dense", "dense_1", ...).
        dtype: The dtype of the layer's variables and computations (a dtype, its name, or a
            `DTypePolicy`); default float32.
        activity_regularizer: A regularizer applied to the layer's outputs (added to `losses`).

    Raises:
        ValueError: For a `name` that is not a string or contains "/", a `trainable` that is
            not a bool, or unknown keyword arguments (Keras's messages).
    """

    # Keras's flag for layers whose first argument may be a plain Python value (the preprocessing layers).
    _allow_non_tensor_positional_args = False
    # Keras's flag: whether array arguments become tensors before `call` (CategoryEncoding's stay as given).
    _convert_input_args = True

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        # Keras wraps `build` so that calling it, directly or from `__call__`, sets the path
        # from the name scope, marks the layer built and locks its state.
        original_build = obj.build

        @functools.wraps(original_build)
        def build_wrapper(*build_args, **build_kwargs):
            with obj._open_name_scope():
                obj._path = current_path()
                original_build(*build_args, **build_kwargs)
            obj._build_shapes_dict = inspect.signature(original_build).bind(*build_args, **build_kwargs).arguments
            obj.built = True
            obj._lock_state()

        object.__setattr__(obj, "build", build_wrapper)
        object.__setattr__(obj, "_auto_config", _auto_config(obj, args, kwargs))
        return obj

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None, autocast=True, name=None, **kwargs):
        self._initialize_tracker()
        self._init_nodes()
        self._lock = False
        if name is None:
            name = naming.auto_name(type(self).__name__)
        naming.check_name(name)
        self._name = name
        self._dtype_policy = dtype_policy.get(dtype)
        self.activity_regularizer = regularizers.get(activity_regularizer)
        input_dim = kwargs.pop("input_dim", None)
        input_shape = (input_dim,) if input_dim is not None else kwargs.pop("input_shape", None)
        if input_shape is not None:
            self._input_shape_arg = input_shape
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}: {kwargs}")
        self._path = None
        self.built = False
        self.autocast = autocast
        self._input_spec = None
        self._called = False
        if not isinstance(trainable, bool):
            raise ValueError(f"Expected `trainable` to be a boolean. Received: trainable={trainable} (of type "
                             f"{type(trainable)})")
        self._trainable = trainable
        self._losses = []
        signature = inspect.signature(self.call)
        self._call_signature = signature
        self._call_parameters = list(signature.parameters)
        self._takes_masks = keras_masks.takes_masks(self._call_parameters)
        # Keras's default: a layer that defines compute_mask supports masking.
        self._supports_masking = type(self).compute_mask is not Layer.compute_mask
        self._parent_path = None
        self._builds_by_call = False
        self._build_shapes_dict = None

    def _initialize_tracker(self):
        if "_tracker" in self.__dict__:
            return
        trainable, non_trainable, layers = [], [], []
        object.__setattr__(self, "_tracker", Tracker(
            {"trainable_variables": (lambda x: isinstance(x, KerasVariable) and x.trainable, trainable),
             "non_trainable_variables": (lambda x: isinstance(x, KerasVariable) and not x.trainable, non_trainable),
             "layers": (lambda x: isinstance(x, Layer), layers)},
            exclusions={"non_trainable_variables": ["trainable_variables"]}))
        object.__setattr__(self, "_trainable_variables", trainable)
        object.__setattr__(self, "_non_trainable_variables", non_trainable)
        object.__setattr__(self, "_layers", layers)

    def __setattr__(self, name, value):
        if "_tracker" not in self.__dict__:
            self._initialize_tracker()
        try:
            if getattr(self, name) is value:  # `self.x = self.x`
                return
        except AttributeError:
            pass
        value = self._tracker.track(value)
        if _is_tensorflow_dependency(value) and not call_context.in_building_by_call():
            # A checkpoint read before the layer was built: its values wait for the variables.
            data_structures.restore_waiting(self, name, resource_variable_of(value))
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        value = getattr(self, name)
        if isinstance(value, KerasVariable):
            self._tracker.untrack(value)
        object.__delattr__(self, name)

    def _check_super_called(self):
        if self.__dict__.get("_lock", True):
            raise RuntimeError(f"In layer '{type(self).__name__}', you forgot to call `super().__init__()` as the "
                               "first statement in the `__init__()` method. Go add it!")

    # --- names and dtypes ---------------------------------------------------------------

    @property
    def name(self):
        """The layer's name."""
        return self._name

    @property
    def path(self):
        """The layer's path ("outer/dense"); None until it is built."""
        return self._path

    @property
    def dtype_policy(self):
        """The layer's `DTypePolicy`."""
        return self._dtype_policy

    @property
    def dtype(self):
        """The dtype of the layer's variables (a string, "float32")."""
        return self._dtype_policy.variable_dtype

    @property
    def compute_dtype(self):
        """The dtype of the layer's computations."""
        return self._dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        """The dtype of the layer's variables."""
        return self._dtype_policy.variable_dtype

    @property
    def input_dtype(self):
        """The dtype inputs are cast to (the compute dtype)."""
        return self.compute_dtype

    @property
    def input_spec(self):
        """The `InputSpec` inputs are checked against, or None."""
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value):
        self._input_spec = value

    def _open_name_scope(self):
        if self._parent_path is None:
            self._parent_path = current_path()
        return name_scope(self.name, caller=self)

    # --- state --------------------------------------------------------------------------

    def build(self, input_shape):
        """Creates the layer's state for inputs of `input_shape` (a tuple); run by the first call."""
        self._check_super_called()
        self.built = True

    def get_build_config(self):
        """The shapes the layer was built for (`{"input_shape": ...}`), or None before `build`."""
        if self._build_shapes_dict is not None:
            if len(self._build_shapes_dict) == 1:
                return {"input_shape": tuple(self._build_shapes_dict.values())[0]}
            return {"shapes_dict": self._build_shapes_dict}
        return None

    def build_from_config(self, config):
        """Builds the layer for the shapes `get_build_config()` gave."""
        if config:
            if "input_shape" in config:
                self.build(config["input_shape"])
            elif "shapes_dict" in config:
                self.build(**config["shapes_dict"])

    def _lock_state(self):
        if not self._tracker.locked:
            self._tracker.lock(_LOCK_MSG)

    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True, autocast=True,
                   regularizer=None, constraint=None, aggregation="none", overwrite_with_gradient=False, name=None):
        """Adds a Keras variable to the layer (initializer default: "glorot_uniform" for float
        dtypes, "zeros" otherwise) and returns it."""
        self._check_super_called()
        if args:
            if len(args) > 3:
                raise TypeError(f"add_weight() takes at most 3 positional arguments but {len(args)} were given.")
            if isinstance(args[0], str):
                raise ValueError(f"`name` must be passed as a keyword argument. Received: add_weight('{args[0]}', "
                                 f"...). Use: add_weight(shape=..., name='{args[0]}').")
            shape = args[0]
            if len(args) > 1:
                initializer = args[1]
            if len(args) > 2:
                dtype = args[2]
        shape = () if shape is None else shape
        dtype = standardize_dtype(dtype) if dtype is not None else self.variable_dtype
        if initializer is None:
            initializer = "glorot_uniform" if "float" in dtype else "zeros"
        initializer = init_ops.get(initializer)
        with name_scope(self.name, caller=self):
            variable = KerasVariable(initializer=initializer, shape=shape, dtype=dtype, trainable=trainable,
                                     autocast=autocast, aggregation=aggregation, name=name)
        variable.regularizer = regularizers.get(regularizer)
        variable.constraint = constraints.get(constraint)
        variable.overwrite_with_gradient = overwrite_with_gradient
        self._track_variable(variable)
        return variable

    add_variable = add_weight

    def _track_variable(self, variable):
        store = "trainable_variables" if variable.trainable else "non_trainable_variables"
        self._tracker.add_to_store(store, variable)
        if not self.trainable:
            variable.trainable = False

    @property
    def trainable(self):
        """Whether the layer's variables are trained; setting it sets it on the variables and sublayers."""
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        # The variables stay in their stores; `trainable_variables` filters by the flag.
        value = bool(value)
        self._trainable = value
        for v in self._trainable_variables:
            v.trainable = value
        for layer in self._layers:
            layer.trainable = value

    @property
    def variables(self):
        """The layer's Keras variables, then its sublayers', each once."""
        return self._collect("variables")

    @property
    def weights(self):
        """The layer's weights, then its sublayers', each once."""
        return self._collect("weights")

    def _collect(self, attribute):
        out, seen = [], set()
        own = self._trainable_variables + self._non_trainable_variables
        for layer_values in [own] + [getattr(layer, attribute) for layer in self._layers]:
            for v in layer_values:
                if id(v) not in seen:
                    seen.add(id(v))
                    out.append(v)
        return out

    @property
    def trainable_variables(self):
        """The trainable ones of `variables` ([] when the layer is not trainable)."""
        return [v for v in self.variables if v.trainable] if self.trainable else []

    @property
    def non_trainable_variables(self):
        """The non-trainable ones of `variables` (all when the layer is not trainable)."""
        return [v for v in self.variables if not v.trainable] if self.trainable else self.variables

    @property
    def trainable_weights(self):
        """The trainable ones of `weights`."""
        return [v for v in self.weights if v.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self):
        """The non-trainable ones of `weights`."""
        return [v for v in self.weights if not v.trainable] if self.trainable else self.weights

    def get_weights(self):
        """The values of `weights` as NumPy arrays."""
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        """Assigns `weights` (arrays in the order of `weights`, shapes checked)."""
        layer_weights = self.weights
        if len(layer_weights) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a weight list of length "
                             f"{len(weights)}, but the layer was expecting {len(layer_weights)} weights.")
        for variable, value in zip(layer_weights, weights):
            value_shape = tuple(getattr(value, "shape", ()))
            if tuple(variable.shape.as_list()) != tuple(value_shape):
                raise ValueError(f"Layer {self.name} weight shape {variable.shape} is not compatible with provided "
                                 f"weight shape {value.shape}.")
            variable.assign(value)

    def count_params(self):
        """The number of scalars in the layer's weights (the layer must be built)."""
        if not self.built:
            raise ValueError(f"You tried to call `count_params` on layer '{self.name}', but the layer isn't built. "
                             "You can build it manually via: `layer.build(input_shape)`.")
        total = 0
        for w in self.weights:
            n = 1
            for d in w.shape.as_list():
                n *= d
            total += n
        return total

    def _checkpoint_children(self):
        """TensorFlow's dependencies of the layer: the attributes holding TensorFlow trackables
        (a Keras variable stands for its tf.Variable: `tracking.children`) and tuples of them
        (TensorFlow wraps a tuple; Keras's own list and dict wrappers it leaves alone)."""
        return [(name, value) for name, value in vars(self).items() if _is_tensorflow_dependency(value)]

    def _restore_deferred_entries(self, entries, bind):
        """A restore's values for attributes the layer does not have yet (before `build`):
        restored when the attributes are set (varrt.checkpoint.deferred)."""
        data_structures.restore_deferred_entries(self, entries, bind)

    # --- losses -------------------------------------------------------------------------

    def add_loss(self, loss):
        """Adds a scalar loss (a tensor, or a structure of them) to `losses`."""
        losses = nest.flatten(loss)
        for x in losses:
            if not isinstance(x, Tensor):
                raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor "
                                 f"input. Received invalid value: {x}")
        self._losses.extend(losses)

    @property
    def losses(self):
        """The losses added by `add_loss` in the last call, the sublayers', then the weight
        regularization losses."""
        losses = list(self._losses)
        for layer in self._flatten_layers(include_self=False):
            losses.extend(layer._losses)
        for v in self.trainable_weights:
            if v.regularizer is not None:
                losses.append(v.regularizer(v))
        return losses

    def _clear_losses(self):
        self._losses.clear()
        for layer in self._layers:
            layer._clear_losses()

    def _flatten_layers(self, include_self=True):
        out, seen, queue = ([self] if include_self else []), set(), list(self._layers)
        while queue:
            layer = queue.pop(0)
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            out.append(layer)
            queue[:0] = layer._layers
        return out

    # --- calling ------------------------------------------------------------------------

    def call(self, *args, **kwargs):
        """The layer's computation on its inputs (subclasses define it)."""
        raise self._not_implemented_error("call")

    def __call__(self, *args, **kwargs):
        self._check_super_called()
        if not self._called:
            self._called = True
        if any_symbolic_tensors(args, kwargs):
            return self._symbolic_call(args, kwargs)
        first = args[0] if args else None
        # Keras's fast path: one tensor argument of the input dtype needs no conversion.
        if self._convert_input_args and (kwargs or len(args) != 1 or type(first) is not Tensor
                                         or first.dtype.name != self.input_dtype):
            args = nest.map_structure(self._convert_input, args)
            kwargs = {k: nest.map_structure(self._convert_input, v) for k, v in kwargs.items()}
            for arg in nest.flatten(args):
                if arg is not None and not _is_tensor(arg) and not self._allow_non_tensor_positional_args:
                    raise ValueError("Only input tensors may be passed as positional arguments. The following "
                                     f"argument value should be passed as a keyword argument: {arg} (of type "
                                     f"{type(arg)})")
            first = args[0] if args else next(iter(kwargs.values()), None)
        self._assert_input_compatibility(first)
        self._maybe_build(first, args, kwargs)
        by_call = contextlib.nullcontext()
        if self._builds_by_call:
            by_call = call_context.building_by_call()
            self._builds_by_call = False
        context = call_context.enter(self)
        if context.entry_layer is self:
            self._clear_losses()
        try:
            self._resolve_training(context, args, kwargs)
            previous_mask = keras_masks.populate_mask_arguments(self, args, kwargs)
            with self._open_name_scope(), by_call:
                outputs = call_errors.call_with_argument_info(self.call, f"{type(self).__name__}.call()", args,
                                                              kwargs)
                if not self.built:
                    self.built = True
                if self.activity_regularizer is not None:
                    for output in nest.flatten(outputs):
                        if isinstance(output, Tensor):
                            loss = self.activity_regularizer(output)
                            if output.shape.rank:
                                loss = math_ops.divide_no_nan(loss, math_ops.cast(output.shape[0], loss.dtype))
                            self.add_loss(loss)
            keras_masks.attach_output_masks(self, keras_masks.first_argument(self, args, kwargs), outputs,
                                            previous_mask, Layer.compute_mask)
        finally:
            call_context.leave(self)
        return outputs

    def _assert_input_compatibility(self, first):
        """Keras's check of the first input against `input_spec`, before the layer runs."""
        if isinstance(first, (Tensor, KerasTensor)) and self._input_spec is not None:
            assert_input_compatibility(self._input_spec, first, self.name)

    def _maybe_build(self, first, args=(), kwargs=None):
        """Builds the layer on the first call: for the shape of its first input, or, when `build`
        takes several shapes, Keras's `build(<name>_shape=...)` for each tensor argument <name>."""
        if self.built:
            return
        with self._open_name_scope():
            self._builds_by_call = type(self).build is Layer.build and any(not lr.built for lr in self._layers)
            shapes_dict = self._build_shapes_from_call(args, kwargs or {})
            if shapes_dict is not None:
                self.build(**shapes_dict)
            else:
                self.build(nest.map_structure(_shape_of, first) if first is not None else None)
            if isinstance(first, (Tensor, KerasTensor)):  # build may have set a stricter spec
                assert_input_compatibility(self._input_spec, first, self.name)

    def _build_shapes_from_call(self, args, kwargs):
        """Keras's `update_shapes_dict_for_target_fn` for a `build` of several parameters: each
        must be `<name>_shape` for a `call` argument <name>; those given tensors get their shapes
        (None for a `build` of one parameter)."""
        parameters = [name for name, p in inspect.signature(self.build).parameters.items()
                      if p.kind in (p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY, p.KEYWORD_ONLY)]
        if len(parameters) <= 1:
            return None
        bound = self._call_signature.bind(*args, **kwargs).arguments  # Keras's CallSpec: its TypeError
        shapes_dict = {}
        for name in parameters:
            preamble = ("For a `build()` method with more than one argument, all arguments should have a `_shape` "
                        "suffix and match an argument from `call()`. E.g. `build(self, foo_shape, bar_shape)` ")
            if not name.endswith("_shape"):
                raise ValueError(f"{preamble} For layer '{type(self).__name__}', Received `build()` argument "
                                 f"`{name}`, which does not end in `_shape`.")
            argument = name[:-len("_shape")]
            if argument not in self._call_parameters:
                raise ValueError(f"{preamble} For layer '{type(self).__name__}', received `build()` argument "
                                 f"`{name}`, but `call()` does not have argument `{argument}`.")
            value = bound.get(argument)

            def is_tensor(x):
                return _is_tensor(x) or isinstance(x, KerasTensor)
            if is_tensor(value) or (nest.is_nested(value) and value and all(
                    is_tensor(x) or x is None for x in nest.flatten(value))):
                shapes_dict[name] = nest.map_structure(lambda x: None if x is None else _shape_of(x), value)
        return shapes_dict

    def _symbolic_call(self, args, kwargs):
        """A call on KerasTensors (the functional API): the layer is built for their shapes, its
        outputs inferred (`compute_output_spec`) and the call recorded as a Node."""
        def convert(x):
            return x if isinstance(x, KerasTensor) or x is None else self._convert_input(x)
        # Keras records the call as given, but in its fast path (one KerasTensor argument of the
        # input dtype, no keyword arguments) its keyword dict is the one the masks are filled into,
        # so that recorded call, and the config that lists it, name the mask (None when there is
        # none). Otherwise a call reads the masks from its arguments when it runs (and sees a mask
        # a layer run before it removed, as MultiHeadAttention does).
        fast_path = not self._convert_input_args or (
            not kwargs and len(args) == 1 and isinstance(args[0], KerasTensor)
            and args[0].dtype == self.input_dtype)
        args = nest.map_structure(convert, args)
        kwargs = {k: nest.map_structure(convert, v) for k, v in kwargs.items()}
        recorded_kwargs = kwargs if fast_path else dict(kwargs)
        previous_mask = keras_masks.populate_mask_arguments(self, args, kwargs)
        first = args[0] if args else next(iter(kwargs.values()), None)
        self._assert_input_compatibility(first)
        self._maybe_build(first, args, kwargs)
        by_call = contextlib.nullcontext()
        if self._builds_by_call:
            by_call = call_context.building_by_call()
            self._builds_by_call = False
        with self._open_name_scope(), by_call:
            outputs = self.compute_output_spec(*args, **kwargs)
        if not self.built:
            self.built = True
        Node(self, args, recorded_kwargs, outputs)
        keras_masks.attach_output_masks(self, keras_masks.first_argument(self, args, kwargs), outputs, previous_mask,
                                        Layer.compute_mask)
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        """The outputs (KerasTensors) of a call on these symbolic arguments: from
        `compute_output_shape` when the layer defines it (in the compute dtype), otherwise by
        running `call` on placeholders (the losses it adds meanwhile are dropped)."""
        if type(self).compute_output_shape is not Layer.compute_output_shape:
            first = args[0] if args else next(iter(kwargs.values()))
            shapes = self.compute_output_shape(nest.map_structure(_shape_of, first))
            return _keras_tensors_for(shapes, self.compute_dtype)
        layers = self._flatten_layers()
        kept = [list(layer._losses) for layer in layers]
        try:
            return super().compute_output_spec(*args, **kwargs)
        finally:
            for layer, losses in zip(layers, kept):
                layer._losses[:] = losses

    def _convert_input(self, x):
        """Keras's input conversion: arrays become tensors; floats are cast to the compute
        dtype when `autocast` is on (a SparseTensor's values too). A converted tensor keeps its mask."""
        if isinstance(x, SparseTensor):
            if self.autocast and x.dtype.is_floating and x.dtype.name != self.input_dtype:
                return SparseTensor(x.indices, math_ops.cast(x.values, self.input_dtype), x.dense_shape)
            return x
        if isinstance(x, (Tensor, Variable, KerasVariable)) or hasattr(x, "__array__"):
            mask = keras_masks.get_keras_mask(x)
            x = convert_to_tensor(x)
            if self.autocast and x.dtype.is_floating and x.dtype.name != self.input_dtype:
                x = math_ops.cast(x, self.input_dtype)
            if mask is not None:
                keras_masks.set_keras_mask(x, mask)
        return x

    @property
    def supports_masking(self):
        """Whether the layer passes a mask on (`compute_mask`) to its outputs."""
        return self._supports_masking

    @supports_masking.setter
    def supports_masking(self, value):
        self._supports_masking = value

    def compute_mask(self, inputs, previous_mask):
        """The mask of the outputs for these inputs: by default the input's."""
        return previous_mask

    def _resolve_training(self, context, args, kwargs):
        if "training" not in self._call_parameters:
            return
        position = self._call_parameters.index("training")
        value = args[position] if position < len(args) else kwargs.get("training")
        if value is None:
            value = context.values.get("training")
        if value is not None and context.values.get("training") is None:
            context.values["training"] = value
        if position >= len(args) and value is not None:
            kwargs["training"] = value

    def compute_output_shape(self, *args, **kwargs):
        """The output shape for inputs of the given shape (subclasses define it)."""
        raise self._not_implemented_error("compute_output_shape",
                                          "Should implement `def compute_output_shape(self, input_shape)`.")

    def _not_implemented_error(self, method_name, msg=None):
        msg = " " + msg if msg is not None else ""
        return NotImplementedError(
            f"Layer {type(self).__name__} does not have a `{method_name}` method implemented.{msg}")

    # --- configuration ------------------------------------------------------------------

    def get_config(self):
        """The layer's config: `name`, its `__init__` arguments, `trainable`, `dtype`."""
        self._check_super_called()
        config = {"name": self.name}
        if type(self).get_config is not Layer.get_config:  # the subclass adds its own
            pass
        elif self._auto_config is not None:
            config.update(self._auto_config)
        else:
            raise NotImplementedError(
                f"Object {type(self).__name__} was created by passing non-serializable argument values in "
                "`__init__()`, and therefore the object must override `get_config()` in order to be serializable. "
                "Please implement `get_config()`.")
        config.update({"trainable": self.trainable, "dtype": dtype_policy.serialize(self.dtype_policy)})
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(self.activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config):
        """A new layer from `get_config()`'s output."""
        try:
            return cls(**config)
        except Exception as e:
            raise TypeError(f"Error when deserializing class '{cls.__name__}' using config={config}.\n\nException "
                            f"encountered: {e}") from None

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"

    __str__ = __repr__


def _is_tensorflow_dependency(value):
    """Whether TensorFlow's tracking of a Keras layer's attributes takes `value`: variables,
    trackable objects and tuples of them, not Keras's list and dict wrappers."""
    return isinstance(value, (KerasVariable, Variable)) or tracking.kind(value) in (tracking.NODE, tracking.TUPLE)


def _auto_config(obj, args, kwargs):
    """The `__init__` arguments (defaults included, `name` left to `get_config`) of a layer
    whose class does not write `get_config`, when they are plain values (Keras's Operation
    records them the same way)."""
    if type(obj).get_config is not Layer.get_config:
        return None
    signature = inspect.signature(type(obj).__init__)
    try:
        bound = signature.bind(None, *args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    config = {}
    for name, value in list(bound.arguments.items())[1:]:
        kind = signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            config.update(value)
        elif kind is inspect.Parameter.VAR_POSITIONAL:
            if value:
                return None
        else:
            config[name] = value
    config.pop("name", None)
    for value in nest.flatten(config):
        if not isinstance(value, (str, int, float, bool, type(None))):
            return None
    return config

