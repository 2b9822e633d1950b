"""A traced training, test or predict step whose batches hold SparseTensors (a sparse Input's
data): varrt's tf.function traces a SparseTensor argument by its values, so each batch would
trace again. The step is traced instead over each SparseTensor's three component tensors
(indices, values, dense shape), rebuilt inside with the batch's known dimensions but the first,
as TensorFlow traces a SparseTensorSpec of an unknown batch size: one trace for all batches of a
structure."""
from varrt.base import nest
from varrt.data import structure
from varrt.framework.sparse_tensor import SparseTensor, SparseTensorSpec
from varrt.framework.tensor import Tensor
from varrt.graph.function import function


class ComponentStep:
    """`step` traced once for dense batches, and once per structure of batches with SparseTensors."""

    def __init__(self, step):
        self._step = step
        self._dense = function(step, reduce_retracing=True)
        self._sparse = {}

    def __call__(self, data):
        if type(data) is tuple and all(type(x) is Tensor for x in data):  # the common (x, y): no flattening
            return self._dense(data)
        flat = nest.flatten(data)
        if not any(isinstance(x, SparseTensor) for x in flat):
            return self._dense(data)
        specs = tuple(SparseTensorSpec([None] + x.shape.as_list()[1:], x.dtype) if isinstance(x, SparseTensor)
                      else None for x in flat)
        key = (repr(nest.map_structure(lambda _: 0, data)), specs)
        traced = self._sparse.get(key)
        if traced is None:
            traced = self._sparse[key] = function(self._rebuilding(data, specs), reduce_retracing=True)
        args = []
        for x in flat:
            args += [x.indices, x.values, x.dense_shape] if isinstance(x, SparseTensor) else [x]
        return traced(*args)

    def __getattr__(self, name):
        # The dense trace's attributes (its `_traces`, ...): what code inspecting a step reads.
        return getattr(self._dense, name)

    def _rebuilding(self, template, specs):
        def step_on_components(*args):
            leaves, it = [], iter(args)
            for spec in specs:
                if spec is None:
                    leaves.append(next(it))
                else:  # the spec's known dimensions as constants (data/structure.py's rule)
                    leaves.append(structure.from_components((spec,), [next(it), next(it), next(it)])[0])
            return self._step(nest.pack_sequence_as(template, leaves))
        return step_on_components
