"""Keras 3's `DropoutRNNCell` (keras/src/layers/rnn/dropout_rnn_cell.py): a recurrent cell's
dropout masks, drawn once per call of the layer (from the cell's `SeedGenerator`, as
`keras.random.dropout` of ones) and reused at every time step, then dropped. A cell whose gates
are computed one by one (Keras's "implementation 1", which recurrent dropout selects) draws one
mask per gate (`dropout_mask_count`). The layer draws the masks before its loop whether or not
it is training, as Keras's does, so the seed generator advances alike."""
from varrt.base import nest
from varrt.layers import keras_random
from varrt.ops import array_ops


class DropoutRNNCell:
    """The dropout masks of a cell with `dropout`, `recurrent_dropout` and `seed_generator`."""

    _dropout_mask = None
    _recurrent_dropout_mask = None

    def _create_dropout_mask(self, step_input, rate):
        ones = array_ops.ones_like(step_input)
        count = getattr(self, "dropout_mask_count", None)
        if count is None:
            return keras_random.dropout(ones, rate, seed=self.seed_generator)
        return [keras_random.dropout(ones, rate, seed=self.seed_generator) for _ in range(count)]

    def get_dropout_mask(self, step_input):
        """The input's mask (or one per gate), drawn on the first use of this call."""
        if self._dropout_mask is None and self.dropout > 0:
            object.__setattr__(self, "_dropout_mask", self._create_dropout_mask(step_input, self.dropout))
        return self._dropout_mask

    def get_recurrent_dropout_mask(self, step_input):
        """The state's mask (or one per gate), drawn on the first use of this call."""
        if self._recurrent_dropout_mask is None and self.recurrent_dropout > 0:
            object.__setattr__(self, "_recurrent_dropout_mask",
                               self._create_dropout_mask(step_input, self.recurrent_dropout))
        return self._recurrent_dropout_mask

    def reset_dropout_mask(self):
        object.__setattr__(self, "_dropout_mask", None)

    def reset_recurrent_dropout_mask(self):
        object.__setattr__(self, "_recurrent_dropout_mask", None)


def config_dropout_masks(cell, input_sequence, input_state, stacked_cells_class):
    """Keras's `RNN._maybe_config_dropout_masks`: each cell's masks drawn before the loop (for a
    stack, each cell's input is the previous cell's output on the first step)."""
    state = input_state[0] if isinstance(input_state, (list, tuple)) else input_state
    if isinstance(cell, DropoutRNNCell):
        cell.get_dropout_mask(input_sequence)
        cell.get_recurrent_dropout_mask(state)
    if isinstance(cell, stacked_cells_class):
        for c, s in zip(cell.cells, input_state):
            config_dropout_masks(c, input_sequence, s, stacked_cells_class)
            s = list(s) if nest.is_nested(s) else [s]
            call = c.__call__ if callable(c) else c.call
            input_sequence, _ = call(input_sequence, s)


def reset_dropout_masks(cell, stacked_cells_class):
    """Keras's `RNN._maybe_reset_dropout_masks`: the masks are not kept between calls."""
    if isinstance(cell, DropoutRNNCell):
        cell.reset_dropout_mask()
        cell.reset_recurrent_dropout_mask()
    if isinstance(cell, stacked_cells_class):
        for c in cell.cells:
            reset_dropout_masks(c, stacked_cells_class)
