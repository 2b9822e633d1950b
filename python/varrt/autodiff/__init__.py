"""Gradients: `GradientTape` (backprop.py), its recorder (tape.py), the reverse pass
(imperative_grad.py) and `custom_gradient`. The package is also `tf.autodiff`, which in
TensorFlow holds GradientTape and ForwardAccumulator (forward mode: not in varrt)."""
from varrt.autodiff.backprop import GradientTape

__all__ = ["GradientTape"]
