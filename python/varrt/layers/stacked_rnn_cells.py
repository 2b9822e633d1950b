"""`StackedRNNCells` (keras/src/layers/rnn/stacked_rnn_cells.py): cells run one after another
as one cell, each step's output the next cell's input; its state is the list of the cells'
states. `RNN([cell, cell])` makes one."""
from varrt.base import nest
from varrt.layers.layer import Layer
from varrt.ops import array_ops
from varrt.saving import serialization_lib


def _output_dim(cell):
    if getattr(cell, "output_size", None) is not None:
        return cell.output_size
    if isinstance(cell.state_size, (list, tuple)):
        return cell.state_size[0]
    return cell.state_size


class StackedRNNCells(Layer):
    """A stack of recurrent cells behaving as one (`tf.keras.layers.StackedRNNCells`).

    Args:
        cells: The cells, first to last.
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        for cell in cells:
            if "call" not in dir(cell):
                raise ValueError(f"All cells must have a `call` method. Received cell without a `call` method: {cell}")
            if "state_size" not in dir(cell):
                raise ValueError("All cells must have a `state_size` attribute. Received cell without a "
                                 f"`state_size`: {cell}")
        self.cells = cells

    @property
    def state_size(self):
        return [c.state_size for c in self.cells]

    @property
    def output_size(self):
        return _output_dim(self.cells[-1])

    def get_initial_state(self, batch_size=None):
        initial_states = []
        for cell in self.cells:
            get_initial_state = getattr(cell, "get_initial_state", None)
            if get_initial_state:
                initial_states.append(get_initial_state(batch_size=batch_size))
            elif isinstance(cell.state_size, int):
                initial_states.append(array_ops.zeros((batch_size, cell.state_size), dtype=self.compute_dtype))
            else:
                initial_states.append([array_ops.zeros((batch_size, d), dtype=self.compute_dtype)
                                       for d in cell.state_size])
        return initial_states

    def call(self, inputs, states, training=False, **kwargs):
        new_states = []
        for cell, cell_states in zip(self.cells, states):
            state_is_list = nest.is_nested(cell_states)
            cell_states = list(cell_states) if state_is_list else [cell_states]
            if isinstance(cell, Layer) and "training" in cell._call_parameters:
                kwargs["training"] = training
            else:
                kwargs.pop("training", None)
            call = cell.__call__ if callable(cell) else cell.call
            inputs, cell_states = call(inputs, cell_states, **kwargs)
            if len(cell_states) == 1 and not state_is_list:
                cell_states = cell_states[0]
            new_states.append(cell_states)
        if len(new_states) == 1:
            new_states = new_states[0]
        return inputs, new_states

    def build(self, input_shape):
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                cell.build(input_shape)
            input_shape = (nest.flatten(input_shape)[0], _output_dim(cell))

    def get_config(self):
        config = {"cells": [serialization_lib.serialize_keras_object(cell) for cell in self.cells]}
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cells = [serialization_lib.deserialize_keras_object(c, custom_objects=custom_objects)
                 for c in config.pop("cells")]
        return cls(cells, **config)
