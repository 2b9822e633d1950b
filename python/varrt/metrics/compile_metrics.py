"""Keras 3's CompileMetrics (keras/src/trainers/compile_utils.py): the metrics and weighted
metrics `compile` names, as one metric named "compile_metrics" (what `model.metrics_names`
lists after "loss"), built from the first batch's targets and predictions.

Each identifier becomes a metric as `get_metric` resolves it: "accuracy"/"acc" picks binary,
sparse categorical or categorical accuracy from the shapes of the targets and predictions,
other names go through `metrics.get`, a function is wrapped in a `MeanMetricWrapper`; a
metric's name is the string it was given by, else the object's own. With several outputs the
metrics are given per output (a list with one entry per output, or a dict by output name) and
their results are named "<output>_<metric>". `weighted_metrics` are weighted by the sample
weights, `metrics` are not; a weighted metric whose name is taken is "weighted_<name>", a
repeated name gets "_1", "_2", ... ."""
from varrt.base import nest
from varrt.layers.naming import to_snake_case
from varrt.metrics import identifiers
from varrt.metrics.accuracy_metrics import BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy
from varrt.metrics.metric import Metric
from varrt.metrics.reduction_metrics import MeanMetricWrapper

_ACCURACY_NAMES = ("accuracy", "acc")


def is_binary_or_sparse_categorical(y_true, y_pred):
    """(binary, sparse categorical) as Keras decides them from the static shapes."""
    y_t_rank, y_p_rank = len(y_true.shape), len(y_pred.shape)
    y_t_last_dim, y_p_last_dim = y_true.shape[-1], y_pred.shape[-1]
    is_binary = y_p_last_dim == 1
    is_sparse_categorical = y_t_rank < y_p_rank or y_t_last_dim == 1 and y_p_last_dim > 1
    return is_binary, is_sparse_categorical


def _object_name(obj):
    """Keras's `get_object_name`: a metric's name, else a function's or the class's name in snake case."""
    if hasattr(obj, "name"):
        return obj.name
    if hasattr(obj, "__name__"):
        return to_snake_case(obj.__name__)
    return to_snake_case(type(obj).__name__)


def get_metric(identifier, y_true, y_pred):
    """The metric `compile` makes of one identifier, for targets and predictions shaped like these."""
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if str(identifier).lower() not in _ACCURACY_NAMES:
        metric_obj = identifiers.get(identifier)
    else:
        is_binary, is_sparse_categorical = is_binary_or_sparse_categorical(y_true, y_pred)
        if is_binary:
            metric_obj = BinaryAccuracy(name=str(identifier))
        elif is_sparse_categorical:
            metric_obj = SparseCategoricalAccuracy(name=str(identifier))
        else:
            metric_obj = CategoricalAccuracy(name=str(identifier))
    metric_name = identifier if isinstance(identifier, str) else _object_name(metric_obj)
    if not isinstance(metric_obj, Metric):
        metric_obj = MeanMetricWrapper(metric_obj)
    metric_obj.name = metric_name
    return metric_obj


class MetricsList(Metric):
    """The metrics of one output (Keras's MetricsList)."""

    def __init__(self, metrics, name="metrics_list", output_name=None):
        super().__init__(name=name)
        self.metrics = metrics
        self.output_name = output_name

    def update_state(self, y_true, y_pred, sample_weight=None):
        for m in self.metrics:
            m.update_state(y_true, y_pred, sample_weight=sample_weight)

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()


def get_metrics_list(metrics, y_true, y_pred, output_name=None):
    if metrics is None:
        return None
    if not isinstance(metrics, (list, tuple)):
        metrics = [metrics]
    return MetricsList([get_metric(m, y_true, y_pred) for m in metrics], output_name=output_name)


def _check_structure(argument_name, value):
    if value and not isinstance(value, (list, tuple, dict)):
        raise ValueError(f"Expected `{argument_name}` argument to be a list, tuple, or dict. Received instead: "
                         f"{argument_name}={value} of type {type(value)}")


class CompileMetrics(Metric):
    """The compiled metrics as one (`update_state(y, y_pred, sample_weight)`, `result()`, `reset_state()`)."""

    def __init__(self, metrics, weighted_metrics, name="compile_metric", output_names=None):
        super().__init__(name=name)
        _check_structure("metrics", metrics)
        _check_structure("weighted_metrics", weighted_metrics)
        self._user_metrics = metrics
        self._user_weighted_metrics = weighted_metrics
        self.built = False
        self.name = "compile_metrics"
        self.output_names = output_names

    @property
    def metrics(self):
        """The metrics, then the weighted metrics, of every output ([] before the first batch)."""
        if not self.built:
            return []
        out = []
        for m in self._flat_metrics + self._flat_weighted_metrics:
            if isinstance(m, MetricsList):
                out.extend(m.metrics)
            elif m is not None:
                out.append(m)
        return out

    @property
    def variables(self):
        return [v for m in self.metrics for v in m.variables]

    def build(self, y_true, y_pred):
        """Resolves the identifiers against the first batch's targets and predictions."""
        num_outputs = len(nest.flatten(y_pred))
        y_pred_is_flat = nest.is_nested(y_pred) and len(y_pred) == num_outputs
        if y_pred_is_flat and isinstance(y_pred, dict):
            if self.output_names and set(y_pred) == set(self.output_names):
                output_names = self.output_names
            else:
                output_names = sorted(y_pred)
        else:
            output_names = self.output_names
        self._resolved_output_names = output_names if num_outputs > 1 and y_pred_is_flat else None
        self._flat_metrics = self._build_metrics_set(self._user_metrics, num_outputs, output_names, y_true, y_pred,
                                                     y_pred_is_flat, "metrics")
        self._flat_weighted_metrics = self._build_metrics_set(self._user_weighted_metrics, num_outputs, output_names,
                                                              y_true, y_pred, y_pred_is_flat, "weighted_metrics")
        self.built = True

    def _build_metrics_set(self, metrics, num_outputs, output_names, y_true, y_pred, y_pred_is_flat, argument_name):
        if not metrics:
            return [None] * num_outputs
        if num_outputs == 1:  # every metric is the one output's; no output names
            return [get_metrics_list(nest.flatten(metrics), nest.flatten(y_true)[0], nest.flatten(y_pred)[0])]
        flat_metrics = None
        if y_pred_is_flat:
            if isinstance(metrics, (list, tuple)) and len(metrics) == num_outputs:
                flat_metrics = metrics  # one entry per output
            elif (output_names and isinstance(metrics, dict) and len(metrics) <= num_outputs
                  and set(metrics) <= set(output_names)):
                flat_metrics = [metrics.get(name) for name in output_names]
        if flat_metrics is None:
            raise NotImplementedError(f"varrt's compile takes `{argument_name}` for several outputs as a list with one "
                                      "entry per output or a dict by output name; nested structures are not there "
                                      f"yet. Received: {argument_name}={metrics}")
        try:
            return [get_metrics_list(m, yt, yp, n) for m, yt, yp, n in zip(
                flat_metrics, self._flatten_y(y_true), self._flatten_y(y_pred),
                output_names if output_names else [None] * num_outputs)]
        except ValueError as e:
            raise ValueError(f"{e}\nReceived: {argument_name}={metrics}") from e

    def _flatten_y(self, y):
        if isinstance(y, dict) and self._resolved_output_names is not None:
            return [y[name] for name in self._resolved_output_names]
        return nest.flatten(y)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        y_true, y_pred = self._flatten_y(y_true), self._flatten_y(y_pred)
        for m, y_t, y_p in zip(self._flat_metrics, y_true, y_pred):
            if m:
                m.update_state(y_t, y_p)
        if sample_weight is not None:
            sample_weight = self._flatten_y(sample_weight)
            if len(sample_weight) < len(y_true):  # one weight array for every output
                sample_weight = [sample_weight[0] for _ in y_true]
        else:
            sample_weight = [None for _ in y_true]
        for m, y_t, y_p, s_w in zip(self._flat_weighted_metrics, y_true, y_pred, sample_weight):
            if m:
                m.update_state(y_t, y_p, s_w)

    def reset_state(self):
        if not self.built:
            return
        for m in self._flat_metrics + self._flat_weighted_metrics:
            if m:
                m.reset_state()

    def result(self):
        if not self.built:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        results, counters = {}, {}
        for mls in self._flat_metrics:
            for m in (mls.metrics if mls else []):
                name = f"{mls.output_name}_{m.name}" if mls.output_name else m.name
                if name not in counters:
                    counters[name] = 1
                else:
                    index = counters[name]
                    counters[name] += 1
                    name = f"{name}_{index}"
                results[name] = m.result()
        for mls in self._flat_weighted_metrics:
            for m in (mls.metrics if mls else []):
                name = f"{mls.output_name}_{m.name}" if mls.output_name else m.name
                if name not in counters:
                    counters[name] = 1
                else:
                    name = f"weighted_{m.name}"
                    if mls.output_name:
                        name = f"{mls.output_name}_{name}"
                    if name not in counters:
                        counters[name] = 1
                    else:
                        index = counters[name]
                        counters[name] += 1
                        name = f"{name}_{index}"
                results[name] = m.result()
        return results
