"""Keras 3's `RNN` layer (keras/src/layers/rnn/rnn.py) and what its cells share: a cell computes
one time step (`call(inputs, states) -> (output, new_states)`) and says its `state_size`; the
layer runs it over the sequence (varrt.layers.rnn_loop) from zero states or `initial_state`, and
returns the last output or every output (`return_sequences`), with the final states
(`return_state`). A mask skips steps (rnn_loop) and is the mask of the sequence output. A list
of cells runs as a StackedRNNCells. A `stateful` layer keeps its final states in variables (for
a fixed batch size) and starts the next call from them until `reset_states()`. The cells'
`dropout` and `recurrent_dropout` masks are drawn before the loop (dropout_rnn_cell)."""
from varrt.base import nest
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import activations, constraints, dropout_rnn_cell, keras_objects, regularizers, rnn_loop
from varrt.layers.dropout_rnn_cell import DropoutRNNCell
from varrt.layers.input_spec import InputSpec
from varrt.layers.keras_variable import KerasVariable
from varrt.layers.layer import Layer
from varrt.layers.seed_generator import SeededLayer, SeedGenerator
from varrt.layers.stacked_rnn_cells import StackedRNNCells
from varrt.ops import array_ops, init_ops, math_ops
from varrt.saving import serialization_lib


def _initializer_config(initializer):
    return keras_objects.serialize(initializer, "keras.initializers")


_SERIALIZERS = {"activation": activations.serialize, "recurrent_activation": activations.serialize,
                "kernel_initializer": _initializer_config, "recurrent_initializer": _initializer_config,
                "bias_initializer": _initializer_config, "kernel_regularizer": regularizers.serialize,
                "recurrent_regularizer": regularizers.serialize, "bias_regularizer": regularizers.serialize,
                "activity_regularizer": regularizers.serialize, "kernel_constraint": constraints.serialize,
                "recurrent_constraint": constraints.serialize, "bias_constraint": constraints.serialize}


def config_values(owner, keys):
    """{key: owner's value of it, serialized as Keras serializes it}, in `keys`' order."""
    return {k: _SERIALIZERS.get(k, lambda v: v)(getattr(owner, k)) for k in keys}


def check_use_cudnn(use_cudnn):
    """LSTM's and GRU's `use_cudnn`, with Keras's errors: True asks for cuDNN, which a CPU lacks."""
    if use_cudnn not in ("auto", True, False):
        raise ValueError("Invalid valid received for argument `use_cudnn`. Expected one of {'auto', True, False}. "
                         f"Received: use_cudnn={use_cudnn}")
    if use_cudnn is True:
        raise ValueError("use_cudnn=True was specified, but cuDNN is not supported for this layer configuration with "
                         "this backend. Pass use_cudnn='auto' to fallback to a non-cuDNN implementation.")
    return use_cudnn


class RecurrentCell(DropoutRNNCell, SeededLayer):
    """What the SimpleRNN, LSTM and GRU cells share: their arguments, their seed generator and
    dropout masks, zero initial states."""

    def _init_cell(self, units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                   kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                   recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed,
                   generator_first=False):
        if units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a positive integer, got "
                             f"{units}.")
        # Every Keras cell has a seed generator (an unseeded one takes a seed from Python's
        # `random` now): SimpleRNNCell makes it first, LSTMCell and GRUCell after their arguments.
        if generator_first:
            self.seed_generator = SeedGenerator(seed)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = init_ops.get(kernel_initializer)
        self.recurrent_initializer = init_ops.get(recurrent_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.recurrent_regularizer = regularizers.get(recurrent_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.recurrent_constraint = constraints.get(recurrent_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        self.seed = seed
        if not generator_first:
            self.seed_generator = SeedGenerator(seed)

    def _add_kernels(self, input_dim, gates):
        self.kernel = self.add_weight(shape=(input_dim, self.units * gates), name="kernel",
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * gates), name="recurrent_kernel",
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)

    def _add_bias(self, shape, initializer=None):
        if not self.use_bias:
            self.bias = None
            return
        self.bias = self.add_weight(shape=shape, name="bias", initializer=initializer or self.bias_initializer,
                                    regularizer=self.bias_regularizer, constraint=self.bias_constraint)

    def get_initial_state(self, batch_size=None):
        sizes = self.state_size if isinstance(self.state_size, (list, tuple)) else [self.state_size]
        return [array_ops.zeros((batch_size, d), dtype=self.compute_dtype) for d in sizes]


class RNN(Layer):
    """A recurrent layer running `cell` over its input sequence (`tf.keras.layers.RNN`)."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, zero_output_for_mask=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if "call" not in dir(cell):
            raise ValueError(f"Argument `cell` should have a `call` method. Received: cell={cell}")
        if "state_size" not in dir(cell):
            raise ValueError("The RNN cell should have a `state_size` attribute (single integer or list of integers, "
                             f"one integer per RNN state). Received: cell={cell}")
        super().__init__(**kwargs)
        self.zero_output_for_mask = zero_output_for_mask
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.supports_masking = True
        self.input_spec = None
        self._set_states(None)
        self._expected_batch_size = None
        state_size = getattr(cell, "state_size", None)
        if state_size is None:
            raise ValueError("state_size must be specified as property on the RNN cell.")
        if not isinstance(state_size, (list, tuple, int)):
            raise ValueError("state_size must be an integer, or a list/tuple of integers (one for each state tensor).")
        if isinstance(state_size, int):
            self.state_size, self.single_state = [state_size], True
        else:
            self.state_size, self.single_state = list(state_size), False

    def _set_states(self, states):
        # Keras creates the state variables without tracking: they are not the layer's weights.
        object.__setattr__(self, "states", states)

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch_size, length = sequences_shape[0], sequences_shape[1]
        states_shape = [(batch_size, s) if isinstance(s, int) else [(batch_size, d) for d in s]
                        for s in self.state_size]
        output_size = getattr(self.cell, "output_size", None) or self.state_size[0]
        if not isinstance(output_size, int):
            raise ValueError("output_size must be an integer.")
        output_shape = (batch_size, length, output_size) if self.return_sequences else (batch_size, output_size)
        if self.return_state:
            return (output_shape, *states_shape)
        return output_shape

    def compute_mask(self, _, mask):
        # One mask for every input: a step is skipped for all of them.
        mask = nest.flatten(mask)[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None for _ in self.state_size]
        return output_mask

    def build(self, sequences_shape, initial_state_shape=None):
        step_input_shape = (sequences_shape[0],) + tuple(sequences_shape[2:])
        if isinstance(self.cell, Layer) and not self.cell.built:
            self.cell.build(step_input_shape)
        if self.stateful:
            if self.states is not None:
                self.reset_state()
            else:
                if sequences_shape[0] is None:
                    raise ValueError("When using `stateful=True` in a RNN, the batch size must be static. Found "
                                     f"dynamic batch size: sequence.shape={tuple(sequences_shape)}")
                self._create_state_variables(sequences_shape[0])
                self._expected_batch_size = sequences_shape[0]

    def _create_state_variables(self, batch_size):
        with self._open_name_scope():
            self._set_states(nest.map_structure(
                lambda value: KerasVariable(value, trainable=False, dtype=self.variable_dtype, name="rnn_state"),
                self.get_initial_state(batch_size)))

    def reset_state(self):
        """Sets a stateful layer's states back to zeros."""
        if self.states is not None:
            for v in nest.flatten(self.states):
                v.assign(array_ops.zeros_like(v.value))

    def reset_states(self):
        """`reset_state()` (Keras's compatibility alias)."""
        self.reset_state()

    def get_initial_state(self, batch_size):
        get_initial_state = getattr(self.cell, "get_initial_state", None)
        if get_initial_state is None:
            return [array_ops.zeros((batch_size, d), dtype=self.cell.compute_dtype) for d in self.state_size]
        state = get_initial_state(batch_size=batch_size)
        return list(state) if nest.is_nested(state) else [state]

    def inner_loop(self, sequences, initial_state, mask, training=False):
        cell_kwargs = {}
        if isinstance(self.cell, Layer) and "training" in self.cell._call_parameters:
            cell_kwargs["training"] = training

        def step(inputs, states):
            output, new_states = self.cell(inputs, states, **cell_kwargs)
            return output, new_states if nest.is_nested(new_states) else [new_states]

        return rnn_loop.rnn(step, sequences, initial_state, go_backwards=self.go_backwards,
                            return_all_outputs=self.return_sequences, mask=mask,
                            zero_output_for_mask=self.zero_output_for_mask)

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if self.unroll and sequences.shape[1] is None:
            raise ValueError("Cannot unroll a RNN if the time dimension is undefined. \n- If using a Sequential "
                             "model, specify the time dimension by passing an `Input()` as your first layer.\n- If "
                             "using the functional API, specify the time dimension by passing a `shape` or "
                             "`batch_shape` argument to your `Input()`.")
        if initial_state is None:
            if self.stateful:
                initial_state = self.states
            else:
                initial_state = self.get_initial_state(batch_size=array_ops.shape(sequences)[0])
        if self.stateful:
            actual_batch_size = sequences.shape[0]
            if self._expected_batch_size is not None and actual_batch_size is not None and \
                    actual_batch_size != self._expected_batch_size:
                raise ValueError("If an RNN is stateful, the batch size of the input sequences must be the same as the "
                                 f"batch size of the initial state. \n- Expected batch size: "
                                 f"{self._expected_batch_size}\n- Received batch size: {actual_batch_size}")
        if not nest.is_nested(initial_state):
            initial_state = [initial_state]
        initial_state = nest.map_structure(lambda x: convert_to_tensor(x, dtype=self.cell.compute_dtype),
                                           list(initial_state))
        dropout_rnn_cell.config_dropout_masks(self.cell, sequences[:, 0, :], initial_state, StackedRNNCells)
        last_output, outputs, states = self.inner_loop(sequences, initial_state, mask, training=training)
        dropout_rnn_cell.reset_dropout_masks(self.cell, StackedRNNCells)
        output = outputs if self.return_sequences else last_output
        output = math_ops.cast(output, self.compute_dtype)
        states = nest.map_structure(lambda s: math_ops.cast(s, self.compute_dtype), list(states))
        if self.stateful:
            for variable, state in zip(nest.flatten(self.states), nest.flatten(states)):
                variable.assign(state)
        if self.return_state:
            return (output, *states)
        return output

    def _rnn_config(self):
        return {"return_sequences": self.return_sequences, "return_state": self.return_state,
                "go_backwards": self.go_backwards, "stateful": self.stateful, "unroll": self.unroll,
                "zero_output_for_mask": self.zero_output_for_mask}

    def get_config(self):
        config = {**self._rnn_config(), "cell": serialization_lib.serialize_keras_object(self.cell)}
        return {**Layer.get_config(self), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cell = serialization_lib.deserialize_keras_object(config.pop("cell"), custom_objects=custom_objects)
        return cls(cell, **config)


class CellLayer(RNN):
    """A recurrent layer that makes its own cell (SimpleRNN, LSTM, GRU): the cell's arguments are
    the layer's, and its config lists them in place of the cell."""

    config_keys = ()

    def __init__(self, cell, **kwargs):
        super().__init__(cell, **kwargs)
        self.input_spec = InputSpec(ndim=3)

    def __getattr__(self, name):
        # The cell's arguments read through the layer (Keras's properties: `layer.units`, ...).
        if name != "cell" and "cell" in self.__dict__ and name in self.config_keys:
            return getattr(self.__dict__["cell"], name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def get_config(self):
        base_config = Layer.get_config(self)
        base_config.update(self._rnn_config())
        config = config_values(self.cell, [k for k in self.config_keys if k != "activity_regularizer"])
        config = {k: (regularizers.serialize(self.activity_regularizer) if k == "activity_regularizer" else
                      config[k]) for k in self.config_keys}
        return {**base_config, **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(**config)
