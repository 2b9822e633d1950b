"""Gradient functions, one module per area as TensorFlow's *_grad.py; importing this package
registers them all (registry.py)."""
from varrt.ops.gradients import (array_grad, gather_grad, manip_grad, math_grad, random_grad, reduction_grad,  # noqa: F401,E501
                                 resource_variable_grad, slicing_grad)
from varrt.ops.gradients import nn_grad  # noqa: F401,E402
from varrt.ops.gradients import conv_grad  # noqa: F401,E402
from varrt.ops.gradients import linalg_grad  # noqa: F401,E402
from varrt.ops.gradients import batch_norm_grad  # noqa: F401,E402
from varrt.ops.gradients import space_batch_grad  # noqa: F401,E402
from varrt.ops.gradients import image_grad  # noqa: F401,E402
from varrt.ops.gradients import parsing_grad  # noqa: F401,E402
from varrt.ops.gradients import segment_grad  # noqa: F401,E402
from varrt.ops.gradients import special_math_grad  # noqa: F401,E402
from varrt.ops.gradients import rnn_grad  # noqa: F401,E402
from varrt.ops.gradients import string_grad  # noqa: F401,E402
from varrt.ops.gradients import sparse_grad  # noqa: F401,E402
