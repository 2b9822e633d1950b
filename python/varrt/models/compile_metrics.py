"""Keras 3's CompileMetrics (keras/src/trainers/compile_utils.py): the metrics `compile` names,
as one metric named "compile_metrics" (what `model.metrics_names` lists after "loss"), built
from the first batch's targets and predictions ("accuracy" depends on their shapes). Its
`result()` is a dict, each metric's result under its name. Sample weights do not weight them
(Keras's `weighted_metrics`, which they would, are not there yet)."""
from varrt.models import accuracy


class CompileMetrics:
    """The compiled metrics as one (`update_state(y, y_pred)`, `result()`, `reset_state()`)."""

    name = "compile_metrics"

    def __init__(self, identifiers):
        self._identifiers = list(identifiers)
        self.metrics = None  # built by the first update

    @property
    def built(self):
        return self.metrics is not None

    def build(self, y_true, y_pred):
        self.metrics = [accuracy.get(m, y_true, y_pred) for m in self._identifiers]

    def update_state(self, y_true, y_pred):
        if not self.built:
            self.build(y_true, y_pred)
        for m in self.metrics:
            m.update_state(y_true, y_pred)

    def reset_state(self):
        for m in self.metrics or []:
            m.reset_state()

    def result(self):
        return {m.name: m.result() for m in self.metrics or []}
