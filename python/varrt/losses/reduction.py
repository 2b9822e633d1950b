"""`tf.keras.losses.Reduction` (also `tf.losses.Reduction`): Keras 3's legacy names of the loss
reductions, which TensorFlow 2.21 still exports (keras/src/legacy/losses.py); a loss takes their
values ("none", "sum", "sum_over_batch_size") as its `reduction`."""


class Reduction:
    """The legacy loss-reduction keys."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        """The four keys."""
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        """ValueError (Keras's text) unless `key` is one of the keys."""
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')
