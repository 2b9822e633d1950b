"""The Keras mask of a tensor (keras/src/backend/common/masking.py): Keras attaches a layer's
output mask to the output tensor as its `_keras_mask` attribute; losses and metrics read it
there. Here so that every layer of the package that reads masks finds them one way."""


def get_keras_mask(x):
    """The mask attached to `x`, or None."""
    return getattr(x, "_keras_mask", None)


def set_keras_mask(x, mask):
    """Attaches `mask` to `x` (None removes it); values that take no attribute are left alone."""
    try:
        x._keras_mask = mask
    except AttributeError:
        pass
