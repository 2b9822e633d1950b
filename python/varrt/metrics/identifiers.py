"""The metrics by name (keras/src/metrics/__init__.py `get`, `serialize`, `deserialize`): a
class's name or its snake-case name gives a new instance with its defaults, Keras's short names
("mse", "mae", "mape", "bce") too; a metric object or any callable is returned as it is; a
serialized metric is its class's `from_config` of its config."""
import inspect

from varrt.layers.naming import to_snake_case
from varrt.metrics.accuracy_metrics import (Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy,
                                            SparseTopKCategoricalAccuracy, TopKCategoricalAccuracy)
from varrt.metrics.auc import AUC
from varrt.metrics.confusion_metrics import (FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives,
                                             TruePositives)
from varrt.metrics.metric import Metric
from varrt.metrics.probabilistic_metrics import (BinaryCrossentropy, CategoricalCrossentropy,
                                                 SparseCategoricalCrossentropy)
from varrt.metrics.reduction_metrics import Mean, MeanMetricWrapper, Sum
from varrt.metrics.regression_metrics import (MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError,
                                              RootMeanSquaredError)

ALL_OBJECTS = (Metric, Mean, Sum, MeanMetricWrapper, MeanSquaredError, RootMeanSquaredError, MeanAbsoluteError,
               MeanAbsolutePercentageError, AUC, FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives,
               TruePositives, BinaryCrossentropy, CategoricalCrossentropy, SparseCategoricalCrossentropy, Accuracy,
               BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, TopKCategoricalAccuracy,
               SparseTopKCategoricalAccuracy)
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update({to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS})
ALL_OBJECTS_DICT.update({"bce": BinaryCrossentropy, "BCE": BinaryCrossentropy, "mse": MeanSquaredError,
                         "MSE": MeanSquaredError, "mae": MeanAbsoluteError, "MAE": MeanAbsoluteError,
                         "mape": MeanAbsolutePercentageError, "MAPE": MeanAbsolutePercentageError})

# Keras's metrics varrt does not have yet: by name they raise an error saying so.
_NOT_THERE = ("MeanSquaredLogarithmicError", "CosineSimilarity", "LogCoshError", "R2Score", "PrecisionAtRecall",
              "RecallAtPrecision", "SensitivityAtSpecificity", "SpecificityAtSensitivity", "ConcordanceCorrelation",
              "PearsonCorrelation", "Hinge", "SquaredHinge", "CategoricalHinge", "KLDivergence", "Poisson", "F1Score",
              "FBetaScore", "IoU", "BinaryIoU", "MeanIoU", "OneHotIoU", "OneHotMeanIoU")
_NOT_THERE_NAMES = {*_NOT_THERE, *(to_snake_case(n) for n in _NOT_THERE), "msle", "MSLE"}


def _check_there(name):
    if isinstance(name, str) and name in _NOT_THERE_NAMES:
        raise NotImplementedError(f"varrt does not have Keras's metric {name!r} yet.")


def serialize(metric):
    """A metric as Keras saves it: {"module", "class_name", "config", "registered_name"}."""
    if type(metric) not in ALL_OBJECTS:
        raise NotImplementedError(f"varrt serializes Keras's own metrics only; {type(metric).__name__} is not one.")
    return {"module": "keras.metrics", "class_name": type(metric).__name__, "config": metric.get_config(),
            "registered_name": None}


def deserialize(config, custom_objects=None):
    """The metric a `serialize` dict or a name describes (a new instance). As Keras's, a name it does not
    know comes back as the name itself."""
    objects = {**ALL_OBJECTS_DICT, **(custom_objects or {})}
    name = config.get("class_name") if isinstance(config, dict) else config
    _check_there(name)
    if name not in objects:
        return name
    if isinstance(config, dict):
        return objects[name].from_config(config.get("config", {}))
    return objects[name]()


def get(identifier):
    """The metric `identifier` names (a string or a `serialize` dict), or `identifier` itself when
    callable; None gives None."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        _check_there(identifier)
        obj = ALL_OBJECTS_DICT.get(identifier, None)
    else:
        obj = identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret metric identifier: {identifier}")
