"""Keras 3's `AUC` (keras/src/metrics/confusion_metrics.py): the area under the ROC or
precision-recall curve, from true/false positive/negative counts at `num_thresholds`
thresholds (evenly spread, with the end thresholds epsilon outside [0, 1]) or at the given
`thresholds`, summed by the Riemann rule `summation_method` ("interpolation", "minoring",
"majoring"; the PR curve's interpolation is Davis & Goadrich's). With `multi_label=True` each
label has its own curve and the result is their (weighted) mean."""
import enum

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.losses.losses import EPSILON
from varrt.metrics import confusion_matrix as cm
from varrt.metrics.metric import Metric
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops


class AUCCurve(enum.Enum):
    """The curve whose area AUC computes."""
    ROC = "ROC"
    PR = "PR"
    PRGAIN = "PRGAIN"

    @staticmethod
    def from_str(key):
        if key in ("pr", "PR"):
            return AUCCurve.PR
        if key in ("roc", "ROC"):
            return AUCCurve.ROC
        if key in ("prgain", "PRGAIN"):
            return AUCCurve.PRGAIN
        raise ValueError(f'Invalid AUC curve value: "{key}". Expected values are ["PR", "ROC", "PRGAIN"]')


class AUCSummationMethod(enum.Enum):
    """How the area between thresholds is summed."""
    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"

    @staticmethod
    def from_str(key):
        if key in ("interpolation", "Interpolation"):
            return AUCSummationMethod.INTERPOLATION
        if key in ("majoring", "Majoring"):
            return AUCSummationMethod.MAJORING
        if key in ("minoring", "Minoring"):
            return AUCSummationMethod.MINORING
        raise ValueError(f'Invalid AUC summation method value: "{key}". Expected values are ["interpolation", '
                         '"majoring", "minoring"]')


def _sigmoid(x):
    return math_ops.sigmoid(convert_to_tensor(x))


class AUC(Metric):
    """The area under the ROC (default) or PR curve (`tf.keras.metrics.AUC`)."""

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation", name=None, dtype=None,
                 thresholds=None, multi_label=False, num_labels=None, label_weights=None, from_logits=False):
        self._direction = "up"
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            thresholds = sorted(thresholds)
            self._thresholds_distributed_evenly = cm.is_evenly_distributed_thresholds(
                np.array([0.0] + thresholds + [1.0]))
        else:
            if num_thresholds <= 1:
                raise ValueError(f"Argument `num_thresholds` must be an integer > 1. Received: "
                                 f"num_thresholds={num_thresholds}")
            self.num_thresholds = num_thresholds
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._thresholds_distributed_evenly = True
        # End thresholds just outside [0, 1], so predictions of exactly 0 or 1 are counted.
        self._thresholds = np.array([0.0 - EPSILON] + thresholds + [1.0 + EPSILON])
        self.curve = curve if isinstance(curve, AUCCurve) else AUCCurve.from_str(curve)
        self.summation_method = (summation_method if isinstance(summation_method, AUCSummationMethod)
                                 else AUCSummationMethod.from_str(summation_method))
        super().__init__(name=name, dtype=dtype)
        self.multi_label = multi_label
        self.num_labels = num_labels
        if label_weights is not None:
            self.label_weights = convert_to_tensor(np.asarray(label_weights,
                                                              dtypes.as_dtype(self.dtype).as_numpy_dtype))
        else:
            self.label_weights = None
        self._from_logits = from_logits
        self._built = False
        if self.multi_label:
            if num_labels:
                self._build([None, num_labels])
        else:
            if num_labels:
                raise ValueError("`num_labels` is needed only when `multi_label` is True.")
            self._build(None)

    @property
    def thresholds(self):
        """The thresholds, the end points included."""
        return list(self._thresholds)

    def _build(self, shape):
        if self.multi_label:
            if len(shape) != 2:
                raise ValueError(f"`y_pred` must have rank 2 when `multi_label=True`. Found rank {len(shape)}. "
                                 f"Full shape received for `y_pred`: {shape}")
            self._num_labels = shape[1]
            variable_shape = [self.num_thresholds, self._num_labels]
        else:
            variable_shape = [self.num_thresholds]
        self._build_input_shape = shape
        for name in ("true_positives", "false_positives", "true_negatives", "false_negatives"):
            setattr(self, name, self.add_variable(shape=variable_shape, initializer="zeros", name=name))
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's weighted counts at each threshold."""
        if not self._built:
            self._build(y_pred.shape)  # Keras reads the shape of what it is given
        # Multi-label curves are weighted in `result`, not in the counts.
        label_weights = None if self.multi_label else self.label_weights
        if self._from_logits:
            y_pred = _sigmoid(y_pred)
        cm.update_confusion_matrix_variables(
            {cm.ConfusionMatrix.TRUE_POSITIVES: self.true_positives,
             cm.ConfusionMatrix.TRUE_NEGATIVES: self.true_negatives,
             cm.ConfusionMatrix.FALSE_POSITIVES: self.false_positives,
             cm.ConfusionMatrix.FALSE_NEGATIVES: self.false_negatives},
            y_true, y_pred, self._thresholds, thresholds_distributed_evenly=self._thresholds_distributed_evenly,
            sample_weight=sample_weight, multi_label=self.multi_label, label_weights=label_weights)

    def _label_mean(self, by_label_auc):
        if self.label_weights is None:
            return reduction_ops.reduce_mean(by_label_auc)
        return math_ops.divide_no_nan(reduction_ops.reduce_sum(math_ops.multiply(by_label_auc, self.label_weights)),
                                      reduction_ops.reduce_sum(self.label_weights))

    def interpolate_pr_auc(self):
        """The PR curve's area with the precision interpolated between thresholds (Davis & Goadrich 2006)."""
        n = self.num_thresholds
        tp = convert_to_tensor(self.true_positives)
        fn = convert_to_tensor(self.false_negatives)
        dtp = math_ops.subtract(tp[:n - 1], tp[1:])
        p = math_ops.add(tp, convert_to_tensor(self.false_positives))
        dp = math_ops.subtract(p[:n - 1], p[1:])
        prec_slope = math_ops.divide_no_nan(dtp, math_ops.maximum(dp, 0))
        intercept = math_ops.subtract(tp[1:], math_ops.multiply(prec_slope, p[1:]))
        safe_p_ratio = index_ops.where(
            math_ops.logical_and(math_ops.greater(p[:n - 1], 0), math_ops.greater(p[1:], 0)),
            math_ops.divide_no_nan(p[:n - 1], math_ops.maximum(p[1:], 0)), array_ops.ones_like(p[1:]))
        pr_auc_increment = math_ops.divide_no_nan(
            math_ops.multiply(prec_slope, math_ops.add(dtp, math_ops.multiply(intercept, math_ops.log(safe_p_ratio)))),
            math_ops.maximum(math_ops.add(tp[1:], fn[1:]), 0))
        if self.multi_label:
            return self._label_mean(reduction_ops.reduce_sum(pr_auc_increment, axis=0))
        return reduction_ops.reduce_sum(pr_auc_increment)

    def result(self):
        if self.curve == AUCCurve.PR and self.summation_method == AUCSummationMethod.INTERPOLATION:
            return self.interpolate_pr_auc()
        n = self.num_thresholds
        tp, fp = convert_to_tensor(self.true_positives), convert_to_tensor(self.false_positives)
        tn, fn = convert_to_tensor(self.true_negatives), convert_to_tensor(self.false_negatives)
        recall = math_ops.divide_no_nan(tp, math_ops.add(tp, fn))
        if self.curve == AUCCurve.ROC:
            x, y = math_ops.divide_no_nan(fp, math_ops.add(fp, tn)), recall
        elif self.curve == AUCCurve.PR:
            x, y = recall, math_ops.divide_no_nan(tp, math_ops.add(tp, fp))
        else:  # PRGAIN: recall and precision gains, with Keras's fixes where they diverge
            scaling_factor = math_ops.divide_no_nan(math_ops.add(tp, fn), math_ops.add(tn, fp))
            recall_gain = math_ops.subtract(1.0, math_ops.multiply(scaling_factor, math_ops.divide_no_nan(fn, tp)))
            precision_gain = math_ops.subtract(1.0, math_ops.multiply(scaling_factor, math_ops.divide_no_nan(fp, tp)))
            no_tp = math_ops.equal(tp, 0.0)
            recall_gain = index_ops.where(no_tp, array_ops.zeros_like(recall_gain), recall_gain)
            precision_gain = index_ops.where(no_tp, array_ops.ones_like(precision_gain), precision_gain)
            x, y = math_ops.maximum(recall_gain, 0.0), precision_gain
        if self.summation_method == AUCSummationMethod.INTERPOLATION:
            heights = math_ops.divide(math_ops.add(y[:n - 1], y[1:]), 2.0)
        elif self.summation_method == AUCSummationMethod.MINORING:
            heights = math_ops.minimum(y[:n - 1], y[1:])
        else:
            heights = math_ops.maximum(y[:n - 1], y[1:])
        riemann_terms = math_ops.multiply(math_ops.subtract(x[:n - 1], x[1:]), heights)
        if self.multi_label:
            return self._label_mean(reduction_ops.reduce_sum(riemann_terms, axis=0))
        return reduction_ops.reduce_sum(riemann_terms)

    def reset_state(self):
        if self._built:
            shape = (self.num_thresholds, self._num_labels) if self.multi_label else (self.num_thresholds,)
            for v in (self.true_positives, self.false_positives, self.true_negatives, self.false_negatives):
                v.assign(array_ops.zeros(shape))

    def get_config(self):
        config = {"num_thresholds": self.num_thresholds, "curve": self.curve.value,
                  "summation_method": self.summation_method.value, "multi_label": self.multi_label,
                  "num_labels": self.num_labels, "label_weights": self.label_weights,
                  "from_logits": self._from_logits}
        if self._init_from_thresholds:
            # Without the end points, so that a metric from this config has the same thresholds.
            config["thresholds"] = self.thresholds[1:-1]
        return {**super().get_config(), **config}
