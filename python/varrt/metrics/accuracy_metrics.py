"""Keras 3's accuracy metrics (keras/src/metrics/accuracy_metrics.py): each a `MeanMetricWrapper`
of its function in accuracy_functions.py."""
from varrt.metrics import accuracy_functions as fns
from varrt.metrics.reduction_metrics import MeanMetricWrapper


class Accuracy(MeanMetricWrapper):
    """How often predictions equal labels."""

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=fns.accuracy, name=name, dtype=dtype)
        self._direction = "up"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class BinaryAccuracy(MeanMetricWrapper):
    """How often `y_pred > threshold` matches the binary labels."""

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(fn=fns.binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self.threshold = threshold
        self._direction = "up"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "threshold": self.threshold}


class CategoricalAccuracy(MeanMetricWrapper):
    """How often the largest prediction is at the one-hot label's class."""

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=fns.categorical_accuracy, name=name, dtype=dtype)
        self._direction = "up"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often the largest prediction is at the integer label's class."""

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(fn=fns.sparse_categorical_accuracy, name=name, dtype=dtype)
        self._direction = "up"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class TopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot label's class is among the `k` largest predictions."""

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(fn=fns.top_k_categorical_accuracy, name=name, dtype=dtype, k=k)
        self.k = k
        self._direction = "up"

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "k": self.k}


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer label is among the `k` largest predictions (or the first `k`
    sorted ids, `from_sorted_ids=True`)."""

    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None, from_sorted_ids=False):
        super().__init__(fn=fns.sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k,
                         from_sorted_ids=from_sorted_ids)
        self.k = k
        self.from_sorted_ids = from_sorted_ids
        self._direction = "up"

    def get_config(self):
        config = {"name": self.name, "dtype": self.dtype, "k": self.k}
        if self.from_sorted_ids:
            config["from_sorted_ids"] = True
        return config
