"""Keras 3's counting metrics (keras/src/metrics/confusion_metrics.py): `TruePositives`,
`FalsePositives`, `TrueNegatives`, `FalseNegatives` (one count per threshold), `Precision`
(tp / (tp + fp)) and `Recall` (tp / (tp + fn)), with `thresholds`, `top_k` and `class_id`."""
from varrt.metrics import confusion_matrix as cm
from varrt.metrics.metric import Metric
from varrt.ops import array_ops, math_ops


class _ConfusionMatrixConditionCount(Metric):
    """The weighted count of one confusion-matrix cell per threshold."""

    def __init__(self, confusion_matrix_cond, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self._confusion_matrix_cond = confusion_matrix_cond
        self.init_thresholds = thresholds
        self.thresholds = cm.parse_init_thresholds(thresholds, default_threshold=0.5)
        self._thresholds_distributed_evenly = cm.is_evenly_distributed_thresholds(self.thresholds)
        self.accumulator = self.add_variable(shape=(len(self.thresholds),), initializer="zeros", name="accumulator")

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's weighted count."""
        return cm.update_confusion_matrix_variables(
            {self._confusion_matrix_cond: self.accumulator}, y_true, y_pred, thresholds=self.thresholds,
            thresholds_distributed_evenly=self._thresholds_distributed_evenly, sample_weight=sample_weight)

    def result(self):
        if len(self.thresholds) == 1:
            return self.accumulator[0]
        return self.accumulator  # the variable itself, as Keras's convert_to_tensor leaves it

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


class FalsePositives(_ConfusionMatrixConditionCount):
    """The weighted number of negatives predicted positive (`y_pred > threshold`)."""

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(cm.ConfusionMatrix.FALSE_POSITIVES, thresholds=thresholds, name=name, dtype=dtype)


class FalseNegatives(_ConfusionMatrixConditionCount):
    """The weighted number of positives predicted negative."""

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(cm.ConfusionMatrix.FALSE_NEGATIVES, thresholds=thresholds, name=name, dtype=dtype)


class TrueNegatives(_ConfusionMatrixConditionCount):
    """The weighted number of negatives predicted negative."""

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(cm.ConfusionMatrix.TRUE_NEGATIVES, thresholds=thresholds, name=name, dtype=dtype)


class TruePositives(_ConfusionMatrixConditionCount):
    """The weighted number of positives predicted positive."""

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(cm.ConfusionMatrix.TRUE_POSITIVES, thresholds=thresholds, name=name, dtype=dtype)


class _PrecisionOrRecall(Metric):
    """tp / (tp + other) per threshold, `other` the false positives (precision) or negatives (recall)."""

    _other = None  # (confusion-matrix cell, variable name)

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self._direction = "up"
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        default_threshold = 0.5 if top_k is None else cm.NEG_INF
        self.thresholds = cm.parse_init_thresholds(thresholds, default_threshold=default_threshold)
        self._thresholds_distributed_evenly = cm.is_evenly_distributed_thresholds(self.thresholds)
        self.true_positives = self.add_variable(shape=(len(self.thresholds),), initializer="zeros",
                                                name="true_positives")
        variable_name = self._other[1]
        setattr(self, variable_name, self.add_variable(shape=(len(self.thresholds),), initializer="zeros",
                                                       name=variable_name))

    def _other_counts(self):
        return getattr(self, self._other[1])

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's weighted counts."""
        cm.update_confusion_matrix_variables(
            {cm.ConfusionMatrix.TRUE_POSITIVES: self.true_positives, self._other[0]: self._other_counts()},
            y_true, y_pred, thresholds=self.thresholds,
            thresholds_distributed_evenly=self._thresholds_distributed_evenly, top_k=self.top_k,
            class_id=self.class_id, sample_weight=sample_weight)

    def result(self):
        result = math_ops.divide_no_nan(self.true_positives, math_ops.add(self.true_positives, self._other_counts()))
        return result[0] if len(self.thresholds) == 1 else result

    def reset_state(self):
        num_thresholds = len(cm.to_list(self.thresholds))
        self.true_positives.assign(array_ops.zeros((num_thresholds,)))
        self._other_counts().assign(array_ops.zeros((num_thresholds,)))

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds, "top_k": self.top_k,
                "class_id": self.class_id}


class Precision(_PrecisionOrRecall):
    """The precision of the predictions, tp / (tp + fp), per threshold (a scalar for one)."""

    _other = (cm.ConfusionMatrix.FALSE_POSITIVES, "false_positives")


class Recall(_PrecisionOrRecall):
    """The recall of the predictions, tp / (tp + fn), per threshold (a scalar for one)."""

    _other = (cm.ConfusionMatrix.FALSE_NEGATIVES, "false_negatives")
