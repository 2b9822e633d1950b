"""`InputSpec`: what a layer accepts (rank, last axes), checked on each call as Keras checks it
(keras/src/layers/input_spec.py; only the checks the core layers use)."""


class InputSpec:
    """The rank, axes, dtype and shape a layer accepts (`keras.InputSpec`); checked on each call."""
    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
                 allow_last_axis_squeeze=False, name=None, optional=False):
        self.dtype, self.shape, self.ndim = dtype, shape, ndim
        self.max_ndim, self.min_ndim, self.name, self.optional = max_ndim, min_ndim, name, optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.axes = {int(k): v for k, v in (axes or {}).items()}

    def __repr__(self):
        spec = [f"dtype={self.dtype}" if self.dtype else "", f"shape={self.shape}" if self.shape else "",
                f"ndim={self.ndim}" if self.ndim else "", f"max_ndim={self.max_ndim}" if self.max_ndim else "",
                f"min_ndim={self.min_ndim}" if self.min_ndim else "", f"axes={self.axes}" if self.axes else ""]
        return f"InputSpec({', '.join(x for x in spec if x)})"


def assert_input_compatibility(spec, x, layer_name):
    """Keras's rank and axis checks for one input against one spec."""
    if spec is None:
        return
    shape = x.shape
    if not isinstance(shape, tuple):  # a Tensor's TensorShape (a KerasTensor's shape is a tuple)
        shape = shape.as_list() if shape.rank is not None else None
    if shape is None:
        return
    ndim = len(shape)
    if spec.min_ndim is not None and ndim < spec.min_ndim:
        raise ValueError(f"Input 0 with name '{spec.name}' of layer '{layer_name}' is incompatible with the layer: "
                         f"expected min_ndim={spec.min_ndim}, found ndim={ndim}. Full shape received: {tuple(shape)}")
    for axis, value in spec.axes.items():
        if value is not None and shape[axis] not in (value, None):
            raise ValueError(f"Input 0 with name '{spec.name}' of layer '{layer_name}' is incompatible with the "
                             f"layer: expected axis {axis} of input shape to have value {value}, but received input "
                             f"with shape {tuple(shape)}")
