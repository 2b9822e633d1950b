"""The learning rate as Keras 3's callbacks read it and put it in an epoch's logs: a Python float
of the optimizer's current rate (a schedule's value at the current step), under
"learning_rate" (ReduceLROnPlateau and LearningRateScheduler add it; `fit` itself does not)."""
import numpy as np


def current_learning_rate(optimizer):
    return float(np.asarray(optimizer.learning_rate))


def log_learning_rate(logs, optimizer):
    """Adds the optimizer's current rate to `logs` (the dict the later callbacks and History see)."""
    logs["learning_rate"] = current_learning_rate(optimizer)
