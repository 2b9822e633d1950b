"""The errors of tf.data's ops as TensorFlow's eager runtime words them.

An op that makes a dataset fails where it is called (`op_error`). A failure while producing an
element surfaces from the `IteratorGetNext` op of whoever iterates, whose node name counts the
element's components (`IteratorGetNext_output_types_2`); the dataset that fails does not know
that count, so it raises a `PendingIteratorError` and the iterator words it (`at_get_next`)."""
from varrt.base import errors

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def op_error(cls, op, message, node=None):
    """TensorFlow's eager op error text: `{{function_node __wrapped__NODE_device_...}} message [Op:OP]`
    (the node is the op's name with the attributes its kernel cache keys on, when it has them)."""
    return cls(None, op, f"{{{{function_node __wrapped__{node or op}_device_{_DEVICE}}}}} {message} [Op:{op}] name: ")


class PendingIteratorError(Exception):
    """A failure producing an element: the OpError class and TensorFlow's message."""

    def __init__(self, cls, message):
        super().__init__(message)
        self.cls, self.message = cls, message


def at_get_next(pending, components):
    """`pending` as the IteratorGetNext op of an iterator over `components`-part elements raises it."""
    return op_error(pending.cls, "IteratorGetNext", pending.message, f"IteratorGetNext_output_types_{components}")


def end_of_sequence(components):
    return at_get_next(PendingIteratorError(errors.OutOfRangeError, "End of sequence"), components)


def at_make_iterator(cls, message):
    """TensorFlow's error from making an iterator (MakeIterator), for a pipeline its kernel refuses then."""
    return op_error(cls, "MakeIterator", message)
