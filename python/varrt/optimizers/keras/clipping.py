"""Keras 3's gradient clipping (clipnorm, global_clipnorm), in NumPy in the gradient's dtype.
Follows keras/src/optimizers/base_optimizer.py's formulas; the sums' rounding order is NumPy's
(pairwise), not necessarily TensorFlow's, so clipped steps may differ in the last bit."""
import numpy as np


def clip_by_norm(values, clip_norm):
    """Keras's clip_by_norm (NumPy, in the gradient's dtype)."""
    t = values.dtype.type
    l2sum = np.sum(values * values, dtype=values.dtype)
    l2norm = np.sqrt(l2sum) if l2sum > 0 else l2sum
    return values * t(clip_norm) / np.maximum(l2norm, t(clip_norm))


def clip_by_global_norm(grads, clip_norm):
    """Keras's clip_by_global_norm (NumPy)."""
    t = grads[0].dtype.type
    use_norm = np.sqrt(np.sum([np.sum(g * g, dtype=g.dtype) for g in grads], dtype=grads[0].dtype))
    scale = t(clip_norm) * np.minimum(t(1.0) / use_norm, t(1.0) / t(clip_norm))
    scale = scale + (use_norm - use_norm)  # NaN for an infinite or NaN norm, as Keras
    return [g * scale.astype(g.dtype) for g in grads]
