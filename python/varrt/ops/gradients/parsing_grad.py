"""TensorFlow's parsing_grad.py: ParseTensor and SerializeTensor have no gradient (their inputs
are serialized strings). ParseExampleV2 and DecodeCSV have no gradient registered in TensorFlow
either, so a tape through them raises LookupError there and here."""
from varrt.ops.gradients.registry import NotDifferentiable

NotDifferentiable("ParseTensor")
NotDifferentiable("SerializeTensor")
