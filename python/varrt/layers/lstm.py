"""`LSTMCell` and `LSTM` (keras/src/layers/rnn/lstm.py), with Keras 3's arithmetic on CPU: its
"implementation 2" (one matmul of the input and one of the state per step, split into the
input, forget, cell and output gates), or, with recurrent dropout (or `implementation=1`), its
"implementation 1" (each gate its own matmuls, each with its own dropout masks)."""
from varrt.layers import activations, rnn_loop
from varrt.layers.recurrent import CellLayer, RecurrentCell, check_use_cudnn, config_values
from varrt.ops import array_ops, init_ops, linalg_ops, manip_ops, math_ops

_CELL_KEYS = ("units", "activation", "recurrent_activation", "use_bias", "unit_forget_bias", "kernel_initializer",
              "recurrent_initializer", "bias_initializer", "kernel_regularizer", "recurrent_regularizer",
              "bias_regularizer", "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
              "recurrent_dropout", "seed")


class LSTMCell(RecurrentCell):
    """One step of a long short-term memory layer (`tf.keras.layers.LSTMCell`); states [h, c]."""

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, **kwargs):
        implementation = kwargs.pop("implementation", 2)
        super().__init__(**kwargs)
        self.implementation = implementation
        self._init_cell(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                        kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                        recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed)
        if self.recurrent_dropout != 0.0:
            self.implementation = 1
        if self.implementation == 1:
            self.dropout_mask_count = 4
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 4)
        initializer = None
        if self.use_bias and self.unit_forget_bias:
            def initializer(_, *args, **kwargs):
                # Keras's: the forget gate's bias starts at one.
                return array_ops.concat([self.bias_initializer((self.units,), *args, **kwargs),
                                         init_ops.get("ones")((self.units,), *args, **kwargs),
                                         self.bias_initializer((self.units * 2,), *args, **kwargs)], 0)
        self._add_bias((self.units * 4,), initializer)

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states[0], states[1]
        if self.implementation == 1:
            c, o = self._gate_by_gate(inputs, h_tm1, c_tm1, training)
        else:
            if training and 0.0 < self.dropout < 1.0:
                inputs = inputs * self.get_dropout_mask(inputs)
            return self.step_of_projected(linalg_ops.matmul(inputs, self.kernel.value), states)
        h = o * self.activation(c)
        return h, [h, c]

    def step_of_projected(self, projected, states):
        """Keras's implementation-2 step from the input's product with the kernel (`inputs @
        kernel`, [batch, 4 * units]): the recurrent product, the bias, the gates; (h, [h, c])."""
        h_tm1, c_tm1 = states[0], states[1]
        z = math_ops.add(projected, linalg_ops.matmul(h_tm1, self.recurrent_kernel.value))
        if self.use_bias:
            z = math_ops.add(z, self.bias.value)
        z0, z1, z2, z3 = manip_ops.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_tm1 + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]

    def _gate_by_gate(self, inputs, h_tm1, c_tm1, training):
        """Keras's implementation 1: (carry, output gate), each gate from its own masked input and state."""
        if training and 0.0 < self.dropout < 1.0:
            inputs = [inputs * m for m in self.get_dropout_mask(inputs)]
        else:
            inputs = [inputs] * 4
        x = [linalg_ops.matmul(x_g, k_g) for x_g, k_g in zip(inputs, manip_ops.split(self.kernel.value, 4, axis=1))]
        if self.use_bias:
            x = [x_g + b_g for x_g, b_g in zip(x, manip_ops.split(self.bias.value, 4, axis=0))]
        if training and 0.0 < self.recurrent_dropout < 1.0:
            h = [h_tm1 * m for m in self.get_recurrent_dropout_mask(h_tm1)]
        else:
            h = [h_tm1] * 4
        units, kernel = self.units, self.recurrent_kernel.value
        i = self.recurrent_activation(x[0] + linalg_ops.matmul(h[0], kernel[:, :units]))
        f = self.recurrent_activation(x[1] + linalg_ops.matmul(h[1], kernel[:, units:units * 2]))
        c = f * c_tm1 + i * self.activation(x[2] + linalg_ops.matmul(h[2], kernel[:, units * 2:units * 3]))
        o = self.recurrent_activation(x[3] + linalg_ops.matmul(h[3], kernel[:, units * 3:]))
        return c, o

    def get_config(self):
        return {**super().get_config(), **config_values(self, _CELL_KEYS)}


class LSTM(CellLayer):
    """A long short-term memory layer (`tf.keras.layers.LSTM`): an RNN of an LSTMCell."""

    config_keys = ("units", "activation", "recurrent_activation", "use_bias", "kernel_initializer",
                   "recurrent_initializer", "bias_initializer", "unit_forget_bias", "kernel_regularizer",
                   "recurrent_regularizer", "bias_regularizer", "activity_regularizer", "kernel_constraint",
                   "recurrent_constraint", "bias_constraint", "dropout", "recurrent_dropout", "seed")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, use_cudnn="auto", **kwargs):
        cell = LSTMCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                        kernel_initializer=kernel_initializer, unit_forget_bias=unit_forget_bias,
                        recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                        kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                        bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                        recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
                        recurrent_dropout=recurrent_dropout, dtype=kwargs.get("dtype", None),
                        trainable=kwargs.get("trainable", True), name="lstm_cell", seed=seed,
                        implementation=kwargs.pop("implementation", 2))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, **kwargs)
        self.use_cudnn = check_use_cudnn(use_cudnn)

    def inner_loop(self, sequences, initial_state, mask, training=False):
        # The input's product with the kernel does not depend on the state: one product over
        # every step before the loop, instead of one per step (and in the gradient, one product
        # for the kernel's and one for the input's), as PyTorch's and cuDNN's LSTMs do. Each
        # step's rows are the same dot products as a per-step product's. Input dropout and
        # implementation 1 keep the per-step cell call, as does a sequence of unknown length.
        cell = self.cell
        if (type(cell) is not LSTMCell or cell.implementation != 2 or (training and 0.0 < cell.dropout < 1.0)
                or sequences.shape.rank != 3 or None in sequences.shape[1:]):
            return super().inner_loop(sequences, initial_state, mask, training=training)
        rows = linalg_ops.matmul(array_ops.reshape(sequences, [-1, sequences.shape[-1]]), cell.kernel.value)
        projected = array_ops.reshape(rows, [-1, sequences.shape[1], 4 * cell.units])

        def step(x_projected, states):
            return cell.step_of_projected(x_projected, states)

        return rnn_loop.rnn(step, projected, initial_state, go_backwards=self.go_backwards,
                            return_all_outputs=self.return_sequences, mask=mask,
                            zero_output_for_mask=self.zero_output_for_mask)
