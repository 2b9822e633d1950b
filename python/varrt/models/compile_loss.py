"""Keras 3's `CompileLoss` (keras/src/trainers/compile_utils.py): the loss `compile` was given,
laid over the model's outputs. One loss for one output; for several outputs, a list or dict of
losses (by position or output name), or one loss for every output, each optionally weighted
(`loss_weights`). The total is the sum of the weighted losses; each output's unweighted loss is
also tracked as "<output>_loss" (a Mean weighted by the batch size) when there is more than one."""
from varrt.base import nest
from varrt.base.dtypes import float32
from varrt.framework import graph_building
from varrt.losses.loss import unscale_loss_for_distribution
from varrt.models import identifiers
from varrt.metrics.reduction_metrics import Mean
from varrt.ops import math_ops


class _FlatLoss:
    def __init__(self, path, loss, weight, name):
        self.path, self.loss, self.weight, self.name = path, loss, weight, name


def _resolve(structure, path):
    for key in path:
        structure = structure[key]
    return structure


def _is_nested(x):
    return isinstance(x, (list, tuple, dict))


class _Weighted:
    def __init__(self, loss, weight):
        self.loss, self.weight = loss, weight


def _static_batch_size(y_pred):
    """Keras weights each output's loss tracker by the batch dimension of the output's static
    shape. Its traced steps read their batches from a dataset iterator, where that dimension is
    unknown: there the weight is None (each batch counts once); eagerly it is the batch size."""
    if graph_building.building():
        return None
    return nest.flatten(y_pred)[0].shape[0]


class CompileLoss:
    """The compiled loss over the model's outputs: `loss = CompileLoss(...)(y_true, y_pred, sample_weight)`."""

    def __init__(self, loss, loss_weights=None, output_names=None):
        if loss_weights and not isinstance(loss_weights, (list, tuple, dict, float)):
            raise ValueError("Expected `loss_weights` argument to be a float (single output case) or a list, tuple, "
                             f"or dict (multiple output case). Received instead: loss_weights={loss_weights} of type "
                             f"{type(loss_weights)}")
        self._user_loss = loss
        self._user_loss_weights = loss_weights
        self.output_names = output_names
        self.built = False
        self.metrics = []
        self._flat_losses = []
        self._y_pred_structure = None
        self._y_true_structure = None

    # --- build: which loss for which output ----------------------------------------------

    def build(self, y_true, y_pred):
        loss, loss_weights = self._user_loss, self._user_loss_weights
        names = self.output_names
        if names and isinstance(loss, dict) and not isinstance(y_pred, dict):
            if set(names) != set(loss):
                raise ValueError(f"Expected keys {names} in loss dict, but found loss.keys()={list(loss.keys())}")
            loss = [loss[name] for name in names]
            if isinstance(loss_weights, dict):
                loss_weights = [loss_weights[name] for name in names]
        if loss_weights is not None:
            flat_weights = nest.flatten(loss_weights)
            if len(nest.flatten(loss)) != len(flat_weights):
                raise ValueError(f"`loss_weights` must match the number of losses, got {len(nest.flatten(loss))} "
                                 f"losses and {len(loss_weights)} weights.")
            loss = nest.pack_sequence_as(loss, [_Weighted(l_, w) if l_ is not None else None
                                                for l_, w in zip(nest.flatten(loss), flat_weights)])
        else:
            loss = nest.map_structure(lambda l_: _Weighted(l_, None) if l_ is not None else None, loss)
        if not _is_nested(names) and names is not None:
            names = [names]
        if names is None or len(names) != len(nest.flatten(y_pred)):
            names = [None] * len(nest.flatten(y_pred))
        try:
            output_names = nest.pack_sequence_as(y_pred, names)
        except (ValueError, TypeError):
            output_names = None
        if not _is_nested(loss):
            loss = nest.map_structure(lambda _: loss, y_pred)
        self._flat_losses = []
        self._build_nested(y_true, y_pred, loss, output_names, ())
        if len(self._flat_losses) > 1:
            self.metrics = [Mean(name=f"{flat.name}_loss") for flat in self._flat_losses]
        self._y_pred_structure = nest.map_structure(lambda _: None, y_pred)
        self._y_true_structure = nest.map_structure(lambda _: None, y_true)
        self.built = True

    def _build_nested(self, y_true, y_pred, loss, output_names, path):
        if not _is_nested(loss):
            if loss is None or loss.loss is None:
                return
            resolved = identifiers.get_loss(loss.loss)
            name_path = path
            if not _is_nested(output_names):
                output_name = output_names if output_names is not None else getattr(resolved, "name", "loss")
                if not name_path:
                    name_path = (output_name,)
                elif isinstance(name_path[-1], int):
                    name_path = name_path[:-1] + (output_name,)
            name = "/".join(str(p) for p in name_path)
            self._flat_losses.append(_FlatLoss(path, resolved, loss.weight, name))
            return
        if isinstance(loss, (list, tuple)) and all(not _is_nested(l_) for l_ in loss) and \
                len(loss) == len(nest.flatten(y_pred)):
            loss = nest.pack_sequence_as(y_pred, list(loss))
        elif isinstance(loss, (list, tuple)) and not isinstance(y_pred, type(loss)):
            for sub in loss:
                self._build_nested(y_true, y_pred, sub, output_names, path)
            return
        if not _is_nested(loss):
            return self._build_nested(y_true, y_pred, loss, output_names, path)
        if not isinstance(loss, type(y_pred)) and not (isinstance(loss, (list, tuple))
                                                        and isinstance(y_pred, (list, tuple))):
            raise KeyError(f"The path: {path} in the `loss` argument, can't be found in the model's output "
                           "(`y_pred`).")
        items = loss.items() if isinstance(loss, dict) else enumerate(loss)
        for key, sub in items:
            if sub is None:
                continue
            try:
                sub_true, sub_pred = y_true[key], y_pred[key]
            except (KeyError, IndexError, TypeError):
                raise KeyError(f"The path: {path + (key,)} in the `loss` argument, can't be found in either the "
                               "model's output (`y_pred`) or in the labels (`y_true`).") from None
            sub_names = output_names[key] if _is_nested(output_names) else None
            self._build_nested(sub_true, sub_pred, sub, sub_names, path + (key,))

    # --- call ---------------------------------------------------------------------------

    def align_targets(self, y_true, y_pred):
        """`y_true` in `y_pred`'s structure (Keras's rules: one target for a one-output list, a
        dict of targets by output name for a list of outputs, else the flat order)."""
        if not _is_nested(y_true) and not _is_nested(y_pred):
            return y_true
        if isinstance(y_pred, (list, tuple)) and isinstance(y_true, dict) and self.output_names and \
                set(self.output_names) == set(y_true):
            y_true = [y_true[name] for name in self.output_names]
        if isinstance(y_true, dict) == isinstance(y_pred, dict):
            try:
                nest.assert_same_structure(y_pred, y_true, check_types=False)
                return y_true
            except (ValueError, TypeError):
                pass
        if not _is_nested(y_true) and hasattr(y_pred, "__len__") and len(y_pred) == 1:
            y_true = [y_true]
        try:
            return nest.pack_sequence_as(y_pred, nest.flatten(y_true))
        except (ValueError, TypeError):
            stars = (nest.map_structure(lambda _: "*", y_true), nest.map_structure(lambda _: "*", y_pred))
            raise ValueError(f"y_true and y_pred have different structures.\ny_true: {stars[0]}\n"
                             f"y_pred: {stars[1]}\n") from None

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_true = self.align_targets(y_true, y_pred)
        if not self.built:
            self.build(y_true, y_pred)
        values = []
        trackers = self.metrics or [None] * len(self._flat_losses)
        for flat, tracker in zip(self._flat_losses, trackers):
            y_t, y_p = _resolve(y_true, flat.path), _resolve(y_pred, flat.path)
            weight = _resolve(sample_weight, flat.path) if _is_nested(sample_weight) else sample_weight
            value = math_ops.cast(flat.loss(y_t, y_p, weight), float32)
            if tracker is not None:
                tracker.update_state(unscale_loss_for_distribution(value), sample_weight=_static_batch_size(y_p))
            if flat.weight is not None:
                value = value * flat.weight
            values.append(value)
        if not values:
            return None
        total = values[0]
        for value in values[1:]:
            total = total + value
        return total
