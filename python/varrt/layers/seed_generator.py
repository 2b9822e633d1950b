"""Keras 3's `SeedGenerator` (keras/src/random/seed_generator.py): the state of a layer's
random draws, a non-trainable int64 Keras variable `[seed, counter]` named
"seed_generator_state". Each draw reads the state and adds 1 to the counter, so a seeded layer
draws the same sequence as Keras's, and a traced step advances it on every run.

Keras lists a layer's seed generators' states among its `variables` (not its `weights`);
`SeededLayer` does that for the layers here that draw (see its note)."""
import random as python_random

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.layers import naming
from varrt.layers.keras_variable import KerasVariable
from varrt.layers.layer import Layer
from varrt.layers.name_scope import name_scope
from varrt.ops import math_ops

SEED_DTYPE = "int64"  # Keras's TensorFlow backend's random_seed_dtype()


def make_default_seed():
    """Keras's seed for an unseeded generator: Python's `random`, 1 to 1e9."""
    return python_random.randint(1, int(1e9))


class SeedGenerator:
    """The state of a sequence of random draws (`keras.random.SeedGenerator`).

    Args:
        seed: The initial seed (an int); None draws one from Python's `random`.
        name: The generator's name; None gives "seed_generator", "seed_generator_1", ...
    """

    def __init__(self, seed=None, name=None, **kwargs):
        if name is None:
            name = naming.auto_name(type(self).__name__)
        self.name = name
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")

        def seed_initializer(shape, dtype=None):
            return convert_to_tensor([seed, 0], dtype=dtype)

        with name_scope(self.name, caller=self):
            self.state = KerasVariable(seed_initializer, shape=(2,), dtype=SEED_DTYPE, trainable=False,
                                       aggregation="none", name="seed_generator_state")

    def next(self, ordered=True):
        """The current state (a new tensor); then the counter advances (or, unordered, Keras's
        scramble of the state)."""
        new_seed_value = math_ops.multiply(self.state.value, convert_to_tensor(1, dtype=SEED_DTYPE))
        if ordered:
            increment = convert_to_tensor(np.array([0, 1]), dtype=SEED_DTYPE)
            self.state.assign(math_ops.add(self.state.value, increment))
        else:
            self.state.assign((self.state.value + 1) * 5387 % 933199)
        return new_seed_value

    def get_config(self):
        """`{"seed": the seed given, "name": ...}`."""
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        """A generator from `get_config()`'s output."""
        return cls(**config)


class SeededLayer(Layer):
    """A layer holding `seed_generator`s: Keras's Layer tracks them in a store of their own and
    lists their states after the layer's own variables in `variables` (so in
    `non_trainable_variables`, not in `weights`). varrt's Layer tracker has no such store yet;
    this base adds the states of the generators the layer holds as attributes."""

    def _seed_states(self):
        return [g.state for g in vars(self).values() if isinstance(g, SeedGenerator)]

    @property
    def variables(self):
        """The layer's own variables, then its seed generators' states."""
        return super().variables + self._seed_states()
