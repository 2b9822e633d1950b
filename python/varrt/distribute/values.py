"""Distributed values: `PerReplica` (one value per replica, what `strategy.run` returns),
`Mirrored` (the same value on each), and TensorFlow's regroup / select_replica between a list
of per-replica structures and one structure of distributed values (distribute/values.py,
distribute_utils.py)."""


class DistributedValues:
    """Values, one per replica (`tf.distribute.DistributedValues`)."""

    def __init__(self, values):
        self._values = tuple(values)

    @property
    def values(self):
        """The replicas' values, in replica order."""
        return self._values

    def _get_on_device_or_primary(self):
        return self._values[0]

    def __str__(self):
        body = ",\n".join(f"  {i}: {v!s}" for i, v in enumerate(self._values))
        return f"{type(self).__name__}:{{\n{body}\n}}"

    def __repr__(self):
        body = ",\n".join(f"  {i}: {v!r}" for i, v in enumerate(self._values))
        return f"{type(self).__name__}:{{\n{body}\n}}"


    def _as_function_output(self, convert):
        """What a tf.function returning this keeps: its values converted, in a named tuple whose
        rebuild (nest's, after each call) makes this class again."""
        return tuple.__new__(_output_type(type(self)), [convert(v) for v in self._values])


class PerReplica(DistributedValues):
    """Each replica's own value."""


class Mirrored(DistributedValues):
    """The same value on each replica (an all-reduce's result)."""


_OUTPUT_TYPES = {}


def _output_type(cls):
    """A tuple type with `_fields` (nest walks it as a named tuple) that builds a `cls` from its items."""
    made = _OUTPUT_TYPES.get(cls)
    if made is None:
        class Output(tuple):
            _fields = ()

            def __new__(kind, *values):  # nest's rebuild of a call's results
                return cls(values)

        Output.__name__ = Output.__qualname__ = f"{cls.__name__}Output"
        made = _OUTPUT_TYPES[cls] = Output
    return made



def regroup(per_replica, wrap=PerReplica):
    """One structure of distributed values from each replica's structure: lists, tuples
    (named too) and dicts are walked; the same object on every replica stays itself (so does a
    component variable's container); anything else becomes `wrap(values)`."""
    v0 = per_replica[0]
    if isinstance(v0, list):
        return [regroup(tuple(v[i] for v in per_replica), wrap) for i in range(len(v0))]
    if isinstance(v0, tuple):
        items = tuple(regroup(tuple(v[i] for v in per_replica), wrap) for i in range(len(v0)))
        return v0._make(items) if hasattr(v0, "_fields") else items
    if isinstance(v0, dict):
        return type(v0)({k: regroup(tuple(v[k] for v in per_replica), wrap) for k in v0})
    if all(v is v0 for v in per_replica[1:]):
        return v0
    container = getattr(v0, "_distributed_container", None)
    if container is not None and all(getattr(v, "_distributed_container", None) is container for v in per_replica):
        return container
    return wrap(per_replica)


def select_replica(replica_id, structure):
    """Replica `replica_id`'s part of `structure`: its value of each distributed value."""
    if isinstance(structure, DistributedValues):
        return structure.values[replica_id]
    if isinstance(structure, list):
        return [select_replica(replica_id, v) for v in structure]
    if isinstance(structure, tuple):
        items = tuple(select_replica(replica_id, v) for v in structure)
        return structure._make(items) if hasattr(structure, "_fields") else items
    if isinstance(structure, dict):
        return type(structure)({k: select_replica(replica_id, v) for k, v in structure.items()})
    return structure
