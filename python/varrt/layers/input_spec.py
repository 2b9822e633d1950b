"""`InputSpec`: what a layer accepts (rank, last axes), checked on each call as Keras checks it
(keras/src/layers/input_spec.py): rank, dtype, given axes and shape."""


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
    """Keras's checks of one input against one spec: rank, dtype, given axes, shape."""
    if spec is None:
        return
    shape = x.shape
    if not isinstance(shape, tuple):  # a Tensor's TensorShape (a KerasTensor's shape is a tuple)
        shape = tuple(shape.as_list()) if shape.rank is not None else None
    if shape is None:
        return
    ndim = len(shape)
    prefix = f"Input 0 with name '{spec.name}' of layer '{layer_name}' is incompatible with the layer: "
    if spec.ndim is not None and not spec.allow_last_axis_squeeze and ndim != spec.ndim:
        raise ValueError(f"{prefix}expected ndim={spec.ndim}, found ndim={ndim}. Full shape received: {shape}")
    if spec.max_ndim is not None and ndim > spec.max_ndim:
        raise ValueError(f"{prefix}expected max_ndim={spec.max_ndim}, found ndim={ndim}")
    if spec.min_ndim is not None and ndim < spec.min_ndim:
        raise ValueError(f"{prefix}expected min_ndim={spec.min_ndim}, found ndim={ndim}. Full shape received: "
                         f"{shape}")
    if spec.dtype is not None:
        dtype = x.dtype if isinstance(x.dtype, str) else x.dtype.name
        if dtype != spec.dtype:
            raise ValueError(f"{prefix}expected dtype={spec.dtype}, found dtype={dtype}")
    for axis, value in spec.axes.items():
        if value is not None and shape[axis] not in (value, None):
            raise ValueError(f"{prefix}expected axis {axis} of input shape to have value {value}, but received "
                             f"input with shape {shape}")
    if spec.shape is not None:
        spec_shape, compared = tuple(spec.shape), shape
        if spec.allow_last_axis_squeeze:
            if compared and compared[-1] == 1:
                compared = compared[:-1]
            if spec_shape and spec_shape[-1] == 1:
                spec_shape = spec_shape[:-1]
        for spec_dim, dim in zip(spec_shape, compared):
            if spec_dim is not None and dim is not None and spec_dim != dim:
                raise ValueError(f"{prefix}expected shape={spec.shape}, found shape={shape}")
