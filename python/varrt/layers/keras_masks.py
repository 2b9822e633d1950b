"""Keras 3's masks (keras/src/backend/common/masking.py and the mask steps of Layer.__call__):
a mask is a boolean tensor attached to a layer's output as `_keras_mask` (on a tensor or, in a
functional model under construction, a KerasTensor). A layer whose `call` takes `mask` gets the
mask of its only tensor argument; a layer that supports masking attaches `compute_mask(inputs,
previous_mask)` to its outputs; one that does not drops the mask, with Keras's warning."""
import warnings

from varrt.base import nest
from varrt.framework.keras_mask import get_keras_mask, set_keras_mask
from varrt.framework.tensor import Tensor
from varrt.layers.keras_tensor import KerasTensor

__all__ = ["get_keras_mask", "set_keras_mask", "takes_masks", "populate_mask_arguments", "first_argument",
           "attach_output_masks"]


def _is_tensor(x):
    return isinstance(x, (Tensor, KerasTensor))


def _tensor_arguments(signature, args, kwargs):
    """Keras's CallSpec, reduced to what the mask steps need: (argument values by name, the
    names of the tensor arguments: a tensor, or a non-empty structure of tensors and Nones)."""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None, []
    bound.apply_defaults()
    names = []
    for name, value in bound.arguments.items():
        if _is_tensor(value):
            names.append(name)
        elif nest.is_nested(value) and len(value) > 0 and \
                all(_is_tensor(x) or x is None for x in nest.flatten(value)):
            names.append(name)
    return bound.arguments, names


def takes_masks(parameters):
    """Whether a `call` with these parameters takes `mask` or any `<name>_mask`."""
    return "mask" in parameters or any(p.endswith("_mask") for p in parameters)


def _mask_of(x):
    """The mask of `x`, or the structure of masks of a structure of tensors."""
    if isinstance(x, (Tensor, KerasTensor)) or x is None:
        return get_keras_mask(x)
    return nest.map_structure(get_keras_mask, x)


def populate_mask_arguments(layer, args, kwargs):
    """Keras's step 6 of a call: `mask=` (when `call` takes it and none was given) is the mask
    of the only tensor argument; with several, `<name>_mask=` that of argument <name>. Returns
    the previous mask: the `mask` argument, else the first argument's mask."""
    if not layer._takes_masks:
        first = args[0] if args else first_argument(layer, args, kwargs)
        return getattr(first, "_keras_mask", None) if type(first) is Tensor else _mask_of(first)
    parameters = layer._call_parameters
    if len(args) == 1 and not kwargs and _is_tensor(args[0]):  # the common case, without binding
        values, names = {parameters[0]: args[0], "mask": None}, [parameters[0]]
    else:
        values, names = _tensor_arguments(layer._call_signature, args, kwargs)
    if len(names) == 1 and "mask" in parameters and values.get("mask") is None:
        kwargs["mask"] = _mask_of(values[names[0]])
    elif len(names) > 1:
        for name in names:
            if f"{name}_mask" in parameters and values.get(f"{name}_mask") is None:
                kwargs[f"{name}_mask"] = _mask_of(values[name])
    if kwargs.get("mask") is not None:
        return kwargs["mask"]
    return _mask_of(first_argument(layer, args, kwargs))


def first_argument(layer, args, kwargs):
    """The value of `call`'s first parameter in this call."""
    if args:
        return args[0]
    return kwargs.get(layer._call_parameters[0]) if layer._call_parameters else None


def attach_output_masks(layer, inputs, outputs, previous_mask, default_compute_mask):
    """Keras's last step of a call: the masks of the outputs, from `compute_mask` when the layer
    supports masking (outputs that have one keep it); otherwise a warning that the input's is lost.
    `default_compute_mask` is Layer's own (which returns the previous mask)."""
    if previous_mask is None and type(layer).compute_mask is default_compute_mask:
        return  # the default passes the input's mask on: there is none
    if not layer.supports_masking:
        if any(m is not None for m in nest.flatten(previous_mask)):
            warnings.warn(f"Layer '{layer.name}' (of type {type(layer).__name__}) was passed an input with a mask "
                          "attached to it. However, this layer does not support masking and will therefore destroy "
                          "the mask information. Downstream layers will not see the mask.")
        return
    flat_outputs = nest.flatten(outputs)
    if all(get_keras_mask(x) is not None for x in flat_outputs):
        return
    output_masks = layer.compute_mask(inputs, previous_mask)
    if output_masks is None:
        return
    for tensor, mask in zip(flat_outputs, nest.flatten(output_masks)):
        if get_keras_mask(tensor) is None and mask is not None:
            set_keras_mask(tensor, mask)
