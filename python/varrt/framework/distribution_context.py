"""Which tf.distribute strategy and replica context a thread is in (TensorFlow's
distribute_lib context stack), kept here, below the ops, because ops and state read it:
tf.random.Generator hashes its key with the replica id, `tf.Variable(...)` asks the current
strategy to make the variable (a MirroredVariable under MirroredStrategy).

The strategies themselves are in distribute/; this module only knows that a strategy has a
`_create_variable(make, args, kwargs)` method. Nothing on the stack is TensorFlow's default
strategy (distribute/distribute_lib.py makes that one).
"""
import contextlib
import threading


class _Stack(threading.local):
    def __init__(self):
        # Entries (strategy, replica_context): replica_context None means cross-replica context.
        self.entries = []
        self.creating_components = 0  # inside plain_variables(): tf.Variable(...) makes a plain Variable


_stack = _Stack()


def current():
    """The innermost (strategy, replica_context) entered on this thread, or None."""
    entries = _stack.entries
    return entries[-1] if entries else None


def current_strategy():
    """The strategy this thread is in (scope or replica), or None (the default strategy)."""
    entry = current()
    return entry[0] if entry else None


def current_replica_context():
    """The replica context this thread is in, or None in cross-replica context (or no strategy)."""
    entry = current()
    return entry[1] if entry else None


@contextlib.contextmanager
def entered(strategy, replica_context=None):
    """`with entered(strategy, ctx):` the thread is in `strategy`, in `ctx`'s replica (None: in
    cross-replica context, as in `strategy.scope()`)."""
    _stack.entries.append((strategy, replica_context))
    try:
        yield
    finally:
        _stack.entries.pop()


@contextlib.contextmanager
def plain_variables():
    """Variables made inside are plain Variables whatever strategy is current: a strategy making
    a distributed variable's copies, a Keras optimizer's state (it updates in cross-replica
    context, once per step, and its variables are checkpointed as the primary copies are)."""
    _stack.creating_components += 1
    try:
        yield
    finally:
        _stack.creating_components -= 1


def variable_creator():
    """The strategy that makes `tf.Variable(...)` here (in its scope or one of its replicas), or None."""
    entries = _stack.entries
    if not entries or _stack.creating_components:
        return None
    strategy = entries[-1][0]
    return strategy if getattr(strategy, "_creates_variables", False) else None


def num_replicas_in_sync():
    """How many replicas the current strategy runs (1 outside every strategy): Keras divides a
    replica's mean loss by it, so the replicas' summed gradients are the global batch's."""
    strategy = current_strategy()
    return 1 if strategy is None else strategy.num_replicas_in_sync
