"""`GRUCell` and `GRU` (keras/src/layers/rnn/gru.py), with Keras 3's arithmetic on CPU
(implementation 2, or, with recurrent dropout or `implementation=1`, implementation 1: each gate
its own matmuls and dropout masks; `reset_after=True` by default, the bias then one row for the
input and one for the state)."""
from varrt.layers import activations
from varrt.layers.recurrent import CellLayer, RecurrentCell, check_use_cudnn, config_values
from varrt.ops import array_ops, linalg_ops, manip_ops, math_ops

_CELL_KEYS = ("units", "activation", "recurrent_activation", "use_bias", "kernel_initializer",
              "recurrent_initializer", "bias_initializer", "kernel_regularizer", "recurrent_regularizer",
              "bias_regularizer", "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
              "recurrent_dropout", "reset_after", "seed")


class GRUCell(RecurrentCell):
    """One step of a gated recurrent unit layer (`tf.keras.layers.GRUCell`)."""

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 reset_after=True, seed=None, **kwargs):
        implementation = kwargs.pop("implementation", 2)
        super().__init__(**kwargs)
        self.implementation = implementation
        self._init_cell(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                        kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                        recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed)
        if self.recurrent_dropout != 0.0:
            self.implementation = 1
        if self.implementation == 1:
            self.dropout_mask_count = 3
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 3)
        self._add_bias((3 * self.units,) if not self.reset_after else (2, 3 * self.units))

    def call(self, inputs, states, training=False):
        h_tm1 = states[0] if isinstance(states, (list, tuple)) else states
        input_bias = recurrent_bias = None
        if self.use_bias:
            if not self.reset_after:
                input_bias = self.bias.value
            else:
                input_bias, recurrent_bias = (array_ops.squeeze(e, axis=0)
                                              for e in manip_ops.split(self.bias.value, 2, axis=0))
        if self.implementation == 1:
            hh, z = self._gate_by_gate(inputs, h_tm1, input_bias, recurrent_bias, training)
            h = z * h_tm1 + (1 - z) * hh
            return h, ([h] if isinstance(states, (list, tuple)) else h)
        if training and 0.0 < self.dropout < 1.0:
            inputs = inputs * self.get_dropout_mask(inputs)
        matrix_x = linalg_ops.matmul(inputs, self.kernel.value)
        if self.use_bias:
            matrix_x = math_ops.add(matrix_x, input_bias)
        x_z, x_r, x_h = manip_ops.split(matrix_x, 3, axis=-1)
        units = self.units
        if self.reset_after:
            matrix_inner = linalg_ops.matmul(h_tm1, self.recurrent_kernel.value)
            if self.use_bias:
                matrix_inner = matrix_inner + recurrent_bias
        else:
            matrix_inner = linalg_ops.matmul(h_tm1, self.recurrent_kernel.value[:, :2 * units])
        recurrent_z = matrix_inner[:, :units]
        recurrent_r = matrix_inner[:, units:units * 2]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = r * matrix_inner[:, units * 2:]
        else:
            recurrent_h = linalg_ops.matmul(r * h_tm1, self.recurrent_kernel.value[:, 2 * units:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, ([h] if isinstance(states, (list, tuple)) else h)

    def _gate_by_gate(self, inputs, h_tm1, input_bias, recurrent_bias, training):
        """Keras's implementation 1: (candidate, update gate), each gate from its own masked input and state."""
        units, kernel, recurrent_kernel = self.units, self.kernel.value, self.recurrent_kernel.value
        if training and 0.0 < self.dropout < 1.0:
            inputs = [inputs * m for m in self.get_dropout_mask(inputs)]
        else:
            inputs = [inputs] * 3
        x_z = linalg_ops.matmul(inputs[0], kernel[:, :units])
        x_r = linalg_ops.matmul(inputs[1], kernel[:, units:units * 2])
        x_h = linalg_ops.matmul(inputs[2], kernel[:, units * 2:])
        if self.use_bias:
            x_z = x_z + input_bias[:units]
            x_r = x_r + input_bias[units:units * 2]
            x_h = x_h + input_bias[units * 2:]
        if training and 0.0 < self.recurrent_dropout < 1.0:
            h = [h_tm1 * m for m in self.get_recurrent_dropout_mask(h_tm1)]
        else:
            h = [h_tm1] * 3
        recurrent_z = linalg_ops.matmul(h[0], recurrent_kernel[:, :units])
        recurrent_r = linalg_ops.matmul(h[1], recurrent_kernel[:, units:units * 2])
        if self.reset_after and self.use_bias:
            recurrent_z = recurrent_z + recurrent_bias[:units]
            recurrent_r = recurrent_r + recurrent_bias[units:units * 2]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = linalg_ops.matmul(h[2], recurrent_kernel[:, units * 2:])
            if self.use_bias:
                recurrent_h = recurrent_h + recurrent_bias[units * 2:]
            recurrent_h = r * recurrent_h
        else:
            recurrent_h = linalg_ops.matmul(r * h[2], recurrent_kernel[:, units * 2:])
        return self.activation(x_h + recurrent_h), z

    def get_config(self):
        return {**super().get_config(), **config_values(self, _CELL_KEYS)}


class GRU(CellLayer):
    """A gated recurrent unit layer (`tf.keras.layers.GRU`): an RNN of a GRUCell."""

    config_keys = ("units", "activation", "recurrent_activation", "use_bias", "kernel_initializer",
                   "recurrent_initializer", "bias_initializer", "kernel_regularizer", "recurrent_regularizer",
                   "bias_regularizer", "activity_regularizer", "kernel_constraint", "recurrent_constraint",
                   "bias_constraint", "dropout", "recurrent_dropout", "reset_after", "seed")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, reset_after=True, use_cudnn="auto", **kwargs):
        cell = GRUCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                       kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                       bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                       recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
                       kernel_constraint=kernel_constraint, recurrent_constraint=recurrent_constraint,
                       bias_constraint=bias_constraint, dropout=dropout, recurrent_dropout=recurrent_dropout,
                       reset_after=reset_after, dtype=kwargs.get("dtype", None),
                       trainable=kwargs.get("trainable", True), name="gru_cell", seed=seed,
                       implementation=kwargs.pop("implementation", 2))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, **kwargs)
        self.use_cudnn = check_use_cudnn(use_cudnn)
