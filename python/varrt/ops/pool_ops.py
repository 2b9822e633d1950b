"""tf.nn.pool: N-D max or average pooling (1 to 3 spatial dimensions) with optional dilation,
written as TensorFlow writes it over max_pool, avg_pool and their 3-D forms; a dilated 2-D pool
goes through with_space_to_batch (space_batch_ops.py)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import conv_ops, pool3d_ops, space_batch_ops

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _strides_and_dilation_rate(num_spatial_dims, strides, dilation_rate):
    """TensorFlow's _get_strides_and_dilation_rate: both as int32 arrays, checked."""
    if dilation_rate is None:
        dilation_rate = [1] * num_spatial_dims
    elif len(dilation_rate) != num_spatial_dims:
        raise ValueError(f"`len(dilation_rate)` should be {num_spatial_dims}. Received: dilation_rate={dilation_rate} "
                         f"of length {len(dilation_rate)}")
    dilation_rate = np.array(dilation_rate, dtype=np.int32)
    if np.any(dilation_rate < 1):
        raise ValueError(f"all values of `dilation_rate` must be positive. Received: dilation_rate={dilation_rate}")
    if strides is None:
        strides = [1] * num_spatial_dims
    elif len(strides) != num_spatial_dims:
        raise ValueError(f"`len(strides)` should be {num_spatial_dims}. Received: strides={strides} of length "
                         f"{len(strides)}")
    strides = np.array(strides, dtype=np.int32)
    if np.any(strides < 1):
        raise ValueError(f"all values of `strides` must be positive. Received: strides={strides}")
    if np.any(strides > 1) and np.any(dilation_rate > 1):
        raise ValueError("`strides > 1` not supported in conjunction with `dilation_rate > 1`. "
                         f"Received: strides={strides} and dilation_rate={dilation_rate}")
    return strides, dilation_rate


def pool(input, window_shape, pooling_type, strides=None, padding="VALID", data_format=None,  # noqa: A002
         dilations=None, name=None) -> Tensor:
    """`pooling_type` ("MAX" or "AVG") pooling of `window_shape` over the spatial dimensions."""
    x = convert_to_tensor(input)
    num_spatial_dims = len(window_shape)
    if num_spatial_dims < 1 or num_spatial_dims > 3:
        raise ValueError("`len(window_shape)` must be 1, 2, or 3. Received: "
                         f"window_shape={window_shape} of length {len(window_shape)}")
    x.shape.with_rank(num_spatial_dims + 2)
    strides, dilation_rate = _strides_and_dilation_rate(num_spatial_dims, strides, dilations)
    if padding == "SAME" and np.any(dilation_rate > 1):
        raise ValueError("pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: "
                         f"padding={padding} and dilation_rate={dilation_rate}")
    if np.any(strides > window_shape):
        raise ValueError("`strides` > `window_shape` not supported due to inconsistency between CPU and GPU "
                         f"implementations. Received: strides={strides} and window_shape={window_shape}")
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{num_spatial_dims}-D {pooling_type} pooling is not supported.")
    window, step = [int(w) for w in window_shape], [int(s) for s in strides]
    if num_spatial_dims == 3:
        pool3d = pool3d_ops.max_pool3d if pooling_type == "MAX" else pool3d_ops.avg_pool3d
        channels_first = data_format is not None and data_format.startswith("NC")
        ksize, steps = ([1, 1] + window, [1, 1] + step) if channels_first else ([1] + window + [1], [1] + step + [1])
        call = lambda t, p: pool3d(t, ksize, steps, p, data_format or "NDHWC")  # noqa: E731
    else:
        pool_nd = conv_ops.max_pool if pooling_type == "MAX" else conv_ops.avg_pool
        call = lambda t, p: pool_nd(t, window, step, p, data_format)  # noqa: E731
    if not np.any(dilation_rate > 1):
        return call(x, padding)
    if num_spatial_dims != 2:
        raise NotImplementedError("varrt's tf.nn.pool dilates 2-D pooling only")
    return space_batch_ops.with_space_to_batch(x, window, [int(d) for d in dilation_rate], padding, (), data_format,
                                               call)
