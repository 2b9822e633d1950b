"""`tf.keras.optimizers.schedules`: the public names of varrt.optimizers.keras.schedules."""
from varrt.optimizers.keras.schedules import (  # noqa: F401
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule, PiecewiseConstantDecay,
    PolynomialDecay, deserialize, serialize,
)
