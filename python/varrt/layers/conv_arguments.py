"""The argument rules of Keras 3's convolution and pooling layers (keras/src/utils/
argument_validation.py, backend/config.py, ops/operation_utils.py): tuples of window sizes,
padding and data-format names, and the output shapes `compute_output_shape` reports."""
import math

import numpy as np


def standardize_tuple(value, n, name, allow_zero=False):
    """Keras's standardize_tuple: an int, or n ints, as a tuple of n positive (or >= 0) ints."""
    error_msg = f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}"
    if isinstance(value, int):
        value_tuple = (value,) * n
    else:
        try:
            value_tuple = tuple(value)
        except TypeError:
            raise ValueError(error_msg) from None
        if len(value_tuple) != n:
            raise ValueError(error_msg)
        for single_value in value_tuple:
            try:
                int(single_value)
            except (ValueError, TypeError):
                error_msg += f"including element {single_value} of type {type(single_value)}"
                raise ValueError(error_msg) from None
    if allow_zero:
        unqualified_values = {v for v in value_tuple if v < 0}
        req_msg = ">= 0"
    else:
        unqualified_values = {v for v in value_tuple if v <= 0}
        req_msg = "> 0"
    if unqualified_values:
        error_msg += f", including values {unqualified_values} that do not satisfy `value {req_msg}`"
        raise ValueError(error_msg)
    return value_tuple


def standardize_padding(value, allow_causal=False):
    if isinstance(value, (list, tuple)):
        return value
    padding = value.lower()
    allowed_values = {"valid", "same", "causal"} if allow_causal else {"valid", "same"}
    if padding not in allowed_values:
        raise ValueError(f"The `padding` argument must be a list/tuple or one of {allowed_values}. Received: {padding}")
    return padding


def standardize_data_format(data_format):
    """Keras's data-format rule (its one home in varrt): None is Keras's image_data_format,
    "channels_last"; otherwise one of the two names, in any case."""
    if data_format is None:
        return "channels_last"
    data_format = str(data_format).lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                         f"Received: data_format={data_format}")
    return data_format


def conv_output_shape(input_shape, filters, kernel_size, strides, padding, data_format, dilation_rate):
    """Keras's compute_conv_output_shape."""
    input_shape = tuple(input_shape)
    if data_format == "channels_last":
        spatial_shape = input_shape[1:-1]
        kernel_shape = kernel_size + (input_shape[-1], filters)
    else:
        spatial_shape = input_shape[2:]
        kernel_shape = kernel_size + (input_shape[1], filters)
    if len(kernel_shape) != len(input_shape):
        raise ValueError(f"Kernel shape must have the same length as input, but received kernel of shape "
                         f"{kernel_shape} and input of shape {input_shape}.")
    out = []
    for i, size in enumerate(spatial_shape):
        if size is None:
            out.append(None)
            continue
        if padding == "valid":
            o = math.floor((size - dilation_rate[i] * (kernel_size[i] - 1) - 1) / strides[i]) + 1
            if o <= 0:
                raise ValueError(
                    f"Computed output size would be zero or negative. Received `inputs shape={input_shape}`, "
                    f"`kernel shape={kernel_shape}`, `dilation_rate={np.array(dilation_rate)}`, "
                    f"`strides={strides}`, `padding={padding}`.")
        elif padding in ("same", "causal"):
            o = math.floor((size - 1) / strides[i]) + 1
        else:
            raise ValueError(f"`padding` must be either `'valid'` or `'same'`. Received {padding}.")
        out.append(int(o))
    if data_format == "channels_last":
        return (input_shape[0],) + tuple(out) + (kernel_shape[-1],)
    return (input_shape[0], kernel_shape[-1]) + tuple(out)


def pooling_output_shape(input_shape, pool_size, strides, padding, data_format):
    """Keras's compute_pooling_output_shape."""
    input_shape = tuple(input_shape)
    strides = pool_size if strides is None else strides
    spatial = input_shape[1:-1] if data_format == "channels_last" else input_shape[2:]
    out = []
    for i, size in enumerate(spatial):
        if size is None:
            out.append(None)
            continue
        if padding == "valid":
            o = math.floor((size - pool_size[i]) / strides[i]) + 1
            if o <= 0:
                raise ValueError(
                    "Computed output size would be zero or negative. Received: "
                    f"`inputs.shape={np.array(input_shape)}`, `pool_size={np.array(pool_size)}`, "
                    f"`strides={strides}`, `padding={padding}`.")
        elif padding == "same":
            o = math.floor((size - 1) / strides[i]) + 1
        else:
            raise ValueError(f"Argument `padding` must be either 'valid' or 'same'. Received: padding={padding}")
        out.append(int(o))
    if data_format == "channels_last":
        return (input_shape[0],) + tuple(out) + (input_shape[-1],)
    return (input_shape[0], input_shape[1]) + tuple(out)


def _transposed_length(input_size, kernel_size, strides, padding, output_padding, dilation_rate):
    """Keras's _get_output_shape_given_tf_padding: one spatial size of a transposed convolution's output
    (an int, a scalar tensor for a size known only when a graph runs, or None)."""
    if input_size is None:
        return None
    if padding.lower() not in {"valid", "same"}:
        raise ValueError(f"The `padding` argument must be one of 'valid', 'same'. Received: padding={padding}")
    kernel_size = (kernel_size - 1) * dilation_rate + 1
    if padding.lower() == "valid":
        output_padding = max(kernel_size, strides) - kernel_size if output_padding is None else output_padding
        return (input_size - 1) * strides + kernel_size + output_padding
    if output_padding is None:
        return input_size * strides
    return (input_size - 1) * strides + kernel_size % 2 + output_padding


def conv_transpose_output_shape(input_shape, kernel_size, filters, strides, padding, output_padding=None,
                                data_format="channels_last", dilation_rate=1):
    """Keras's compute_conv_transpose_output_shape (a list, as Keras returns it)."""
    num_spatial_dims = len(input_shape) - 2
    if isinstance(output_padding, int):
        output_padding = (output_padding,) * len(kernel_size)
    if isinstance(strides, int):
        strides = (strides,) * num_spatial_dims
    if isinstance(dilation_rate, int):
        dilation_rate = (dilation_rate,) * num_spatial_dims
    spatial = input_shape[1:-1] if data_format == "channels_last" else input_shape[2:]
    output_shape = [_transposed_length(spatial[i], kernel_size[i], strides[i], padding,
                                       None if output_padding is None else output_padding[i], dilation_rate[i])
                    for i in range(num_spatial_dims)]
    if data_format == "channels_last":
        return [input_shape[0]] + output_shape + [filters]
    return [input_shape[0], filters] + output_shape
