"""What a task's server and the processes calling it share: which ops only read a variable, and
how an exception travels back to the caller."""

# The ops on variables that only read them; every other op on a variable may change it.
READ_ONLY_OPS = frozenset({"ReadVariableOp", "ResourceGather", "ResourceGatherNd", "VarIsInitializedOp"})


class Failure:
    """An exception raised here, returned to the caller to be raised there unchanged."""

    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error
