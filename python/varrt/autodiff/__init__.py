"""Gradients: `GradientTape` (backprop.py), its recorder (tape.py), the reverse pass
(imperative_grad.py), `custom_gradient` and forward mode (forwardprop.py). The package is also
`tf.autodiff`: GradientTape and ForwardAccumulator."""
from varrt.autodiff.backprop import GradientTape
from varrt.autodiff.forwardprop import ForwardAccumulator

__all__ = ["ForwardAccumulator", "GradientTape"]
