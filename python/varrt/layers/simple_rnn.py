"""`SimpleRNNCell` and `SimpleRNN` (keras/src/layers/rnn/simple_rnn.py): a fully connected
recurrence, `activation(x @ kernel + bias + h @ recurrent_kernel)`."""
from varrt.layers.recurrent import CellLayer, RecurrentCell, config_values
from varrt.ops import linalg_ops, math_ops

_CELL_KEYS = ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer", "bias_initializer",
              "kernel_regularizer", "recurrent_regularizer", "bias_regularizer", "kernel_constraint",
              "recurrent_constraint", "bias_constraint", "dropout", "recurrent_dropout", "seed")


class SimpleRNNCell(RecurrentCell):
    """One step of a fully connected recurrent layer (`tf.keras.layers.SimpleRNNCell`)."""

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None,
                 **kwargs):
        super().__init__(**kwargs)
        self._init_cell(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                        kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                        recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed,
                        generator_first=True)
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 1)
        self._add_bias((self.units,))

    def call(self, sequence, states, training=False):
        prev_output = states[0] if isinstance(states, (list, tuple)) else states
        dp_mask = self.get_dropout_mask(sequence)
        rec_dp_mask = self.get_recurrent_dropout_mask(prev_output)
        if training and dp_mask is not None:
            sequence = sequence * dp_mask
        h = linalg_ops.matmul(sequence, self.kernel.value)
        if self.bias is not None:
            h = math_ops.add(h, self.bias.value)
        if training and rec_dp_mask is not None:
            prev_output = prev_output * rec_dp_mask
        output = h + linalg_ops.matmul(prev_output, self.recurrent_kernel.value)
        if self.activation is not None:
            output = self.activation(output)
        return output, ([output] if isinstance(states, (list, tuple)) else output)

    def get_config(self):
        return {**super().get_config(), **config_values(self, _CELL_KEYS)}


class SimpleRNN(CellLayer):
    """A fully connected recurrent layer (`tf.keras.layers.SimpleRNN`)."""

    config_keys = ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer",
                   "bias_initializer", "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
                   "activity_regularizer", "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
                   "recurrent_dropout")  # no "seed": Keras's SimpleRNN leaves it out

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, seed=None, **kwargs):
        cell = SimpleRNNCell(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                             recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                             kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                             bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                             recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint,
                             dropout=dropout, recurrent_dropout=recurrent_dropout, seed=seed,
                             dtype=kwargs.get("dtype"), trainable=kwargs.get("trainable", True), name="simple_rnn_cell")
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, **kwargs)
