"""`LSTMCell` and `LSTM` (keras/src/layers/rnn/lstm.py), with Keras 3's arithmetic on CPU: its
"implementation 2" (one matmul of the input and one of the state per step, split into the
input, forget, cell and output gates), or, with recurrent dropout (or `implementation=1`), its
"implementation 1" (each gate its own matmuls, each with its own dropout masks). The LSTM layer
runs its whole loop as one BlockLSTM op (the core's fused sequence kernel: the input's products
for all steps at once, the batch's rows on the thread pool, the weights' gradients one product
each) when its cell is implementation 2 with Keras's default activations, a bias, and neither a
mask nor dropout in the call; otherwise the per-step loop of rnn_loop.py."""
from varrt.base import dtypes
from varrt.framework.tensor import constant
from varrt.layers import activations, rnn_loop
from varrt.layers.recurrent import CellLayer, RecurrentCell, check_use_cudnn, config_values
from varrt.ops import array_ops, init_ops, linalg_ops, manip_ops, math_ops, rnn_ops

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
        if self._is_block_lstm(sequences, mask, training):
            return self._block_lstm(sequences, initial_state)
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

    def _is_block_lstm(self, sequences, mask, training):
        """Whether the loop is BlockLSTM's cell: Keras's implementation-2 step with a bias, tanh and
        sigmoid, no mask, no dropout in this call, float32, a known feature size and at least one
        step. (TensorFlow's Keras runs a while loop of its ops here: BlockLSTM's forward values are
        varrt's per-step loop's bit for bit, and its gradients sum over steps and rows in one product
        each, where the loop's gradient adds one step at a time.)"""
        cell = self.cell
        return (type(cell) is LSTMCell and cell.implementation == 2 and cell.use_bias
                and cell.activation is activations.tanh and cell.recurrent_activation is activations.sigmoid
                and not (training and 0.0 < cell.dropout < 1.0) and mask is None
                and sequences.dtype == dtypes.float32 and sequences.shape.rank == 3
                and sequences.shape[-1] is not None and sequences.shape[1] != 0)

    def _block_lstm(self, sequences, initial_state):
        """(last output, outputs, [h, c]) of the whole sequence as one BlockLSTM op, time-major; its
        weights' column blocks reordered from Keras's (input, forget, cell, output) to BlockLSTM's
        (input, cell, forget, output). (BlockLSTMV2 takes Keras's order, but TensorFlow's gradient of
        it reads BlockLSTM's: rnn_grad.py.)"""
        cell = self.cell
        x = array_ops.transpose(sequences, [1, 0, 2])
        if self.go_backwards:
            x = manip_ops.reverse(x, [0])
        steps = sequences.shape[1]
        seq_len_max = (constant(steps, dtypes.int64) if steps is not None
                       else math_ops.cast(array_ops.shape(x)[0], dtypes.int64))
        w_i, w_f, w_c, w_o = manip_ops.split(array_ops.concat([cell.kernel.value, cell.recurrent_kernel.value], 0), 4,
                                             axis=1)
        b_i, b_f, b_c, b_o = manip_ops.split(cell.bias.value, 4, axis=0)
        no_peephole = array_ops.zeros([cell.units], dtypes.float32)
        h0, c0 = initial_state[0], initial_state[1]
        _, cs, _, _, _, _, h = rnn_ops.block_lstm(seq_len_max, x, c0, h0, array_ops.concat([w_i, w_c, w_f, w_o], 1),
                                                  no_peephole, no_peephole, no_peephole,
                                                  array_ops.concat([b_i, b_c, b_f, b_o], 0), forget_bias=0.0,
                                                  cell_clip=0.0)
        last_h, last_c = h[-1], cs[-1]
        outputs = array_ops.transpose(h, [1, 0, 2]) if self.return_sequences else array_ops.expand_dims(last_h, 1)
        return last_h, outputs, [last_h, last_c]
