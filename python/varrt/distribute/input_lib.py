"""Distributed datasets (TensorFlow's input_lib.py): `experimental_distribute_dataset` splits
each batch of a dataset across the replicas, `distribute_datasets_from_function` deals the
elements of the function's dataset to the replicas in turn. Each element is a `PerReplica`.

How a batch splits is what TensorFlow 2.21 does for a dataset of one worker (its legacy rebatch,
checked with and without `drop_remainder`): a batch of `b` gives the replicas `ceil(b / R)`
elements in turn, the last ones what is left, possibly none.
"""
from varrt.base import nest
from varrt.distribute import values as values_lib


class InputContext:
    """What `distribute_datasets_from_function`'s function learns: the input pipelines and replicas."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self._num_input_pipelines = num_input_pipelines
        self._input_pipeline_id = input_pipeline_id
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def num_input_pipelines(self):
        """How many input pipelines there are (one: this process)."""
        return self._num_input_pipelines

    @property
    def input_pipeline_id(self):
        """This pipeline's id (0)."""
        return self._input_pipeline_id

    @property
    def num_replicas_in_sync(self):
        """How many replicas the batches feed."""
        return self._num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        """`global_batch_size` divided among the replicas (it must divide evenly)."""
        if global_batch_size % self._num_replicas_in_sync != 0:
            raise ValueError(f"The `global_batch_size` {global_batch_size!r} is not divisible by "
                             f"`num_replicas_in_sync` {self._num_replicas_in_sync!r} ")
        return global_batch_size // self._num_replicas_in_sync

    def __str__(self):
        return (f"tf.distribute.InputContext(input pipeline id {self._input_pipeline_id}, total: "
                f"{self._num_input_pipelines})")


def split_sizes(batch, replicas):
    """How many of a batch of `batch` elements each replica gets."""
    per = -(-batch // replicas)
    return [max(0, min(per, batch - i * per)) for i in range(replicas)]


def _batch_of(element):
    return int(next(t for t in nest.flatten(element) if t is not None).shape[0])


def split_batch(element, replicas):
    """A batch (a structure of tensors) as a PerReplica structure of its parts (itself for one replica)."""
    if replicas == 1:
        return element
    parts, start = [], 0
    for size in split_sizes(_batch_of(element), replicas):
        parts.append(nest.map_structure(lambda t, a=start, b=start + size: None if t is None else t[a:b], element))
        start += size
    return values_lib.regroup(parts)


class DistributedDataset:
    """A dataset whose every batch is split across a strategy's replicas."""

    def __init__(self, strategy, dataset):
        self._strategy = strategy
        self._dataset = dataset
        if any(getattr(s, "shape", None) is not None and s.shape.rank == 0 for s in nest.flatten(dataset.element_spec)):
            raise ValueError("Call the `batch` method on the input Dataset in order to be able to split your input "
                             f"across {strategy.num_replicas_in_sync} replicas.\n Please see the tf.distribute.Strategy "
                             "guide.")

    @property
    def element_spec(self):
        """The spec of the dataset's elements (before the split)."""
        return self._dataset.element_spec

    def __iter__(self):
        replicas = self._strategy.num_replicas_in_sync
        for element in self._dataset:
            yield split_batch(element, replicas)


class DistributedDatasetsFromFunction:
    """The elements of `dataset_fn(InputContext(...))`, one to each replica in turn."""

    def __init__(self, strategy, dataset_fn):
        self._strategy = strategy
        self._dataset = dataset_fn(InputContext(1, 0, strategy.num_replicas_in_sync))

    @property
    def element_spec(self):
        """The spec of the dataset's elements (before the split)."""
        return self._dataset.element_spec

    def __iter__(self):
        replicas = self._strategy.num_replicas_in_sync
        iterator = iter(self._dataset)
        while True:
            parts = []
            for _ in range(replicas):
                try:
                    parts.append(next(iterator))
                except StopIteration:
                    break
            if not parts:
                return
            while len(parts) < replicas:  # the data ran out in this step: the rest get empty batches
                parts.append(nest.map_structure(lambda t: t[0:0], parts[0]))
            yield parts[0] if replicas == 1 else values_lib.regroup(parts)
            if len(parts) < replicas:
                return
