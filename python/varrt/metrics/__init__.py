"""Keras 3's metrics (keras/src/metrics/) on varrt's ops: `Metric` and its state in Keras
variables, the reduction, accuracy, confusion-matrix (AUC, precision, recall, counts),
regression and cross-entropy metrics, their function forms, `get` by name, and the compiled
metrics of `Model.compile` (compile_metrics.py). The public names are `tf.keras.metrics`
(varrt/keras/metrics.py re-exports this list)."""
from varrt.losses.losses import (MAE, MAPE, MSE, binary_crossentropy, categorical_crossentropy, mae, mape, mse,
                                 sparse_categorical_crossentropy)
from varrt.metrics.accuracy_functions import (binary_accuracy, categorical_accuracy, sparse_categorical_accuracy,
                                              sparse_top_k_categorical_accuracy, top_k_categorical_accuracy)
from varrt.metrics.accuracy_metrics import (Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy,
                                            SparseTopKCategoricalAccuracy, TopKCategoricalAccuracy)
from varrt.metrics.auc import AUC
from varrt.metrics.confusion_metrics import (FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives,
                                             TruePositives)
from varrt.metrics.identifiers import deserialize, get, serialize
from varrt.metrics.metric import Metric
from varrt.metrics.probabilistic_metrics import (BinaryCrossentropy, CategoricalCrossentropy,
                                                 SparseCategoricalCrossentropy)
from varrt.metrics.reduction_metrics import Mean, MeanMetricWrapper, Sum
from varrt.metrics.regression_metrics import (MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError,
                                              RootMeanSquaredError)

__all__ = ["AUC", "Accuracy", "BinaryAccuracy", "BinaryCrossentropy", "CategoricalAccuracy", "CategoricalCrossentropy",
           "FalseNegatives", "FalsePositives", "MAE", "MAPE", "MSE", "Mean", "MeanAbsoluteError",
           "MeanAbsolutePercentageError", "MeanMetricWrapper", "MeanSquaredError", "Metric", "Precision", "Recall",
           "RootMeanSquaredError", "SparseCategoricalAccuracy", "SparseCategoricalCrossentropy",
           "SparseTopKCategoricalAccuracy", "Sum", "TopKCategoricalAccuracy", "TrueNegatives", "TruePositives",
           "binary_accuracy", "binary_crossentropy", "categorical_accuracy", "categorical_crossentropy", "deserialize",
           "get", "mae", "mape", "mse", "serialize", "sparse_categorical_accuracy", "sparse_categorical_crossentropy",
           "sparse_top_k_categorical_accuracy", "top_k_categorical_accuracy"]
