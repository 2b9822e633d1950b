"""`tf.types.experimental.TensorLike`: the type of what converts to a tensor (a typing Union, as
TensorFlow's, for annotations)."""
from typing import Union

import numpy as np

from varrt.framework.tensor import Tensor
from varrt.framework.variables import Variable

TensorLike = Union[Tensor, Variable, int, float, bool, str, bytes, complex, tuple, list, np.ndarray, np.generic]
