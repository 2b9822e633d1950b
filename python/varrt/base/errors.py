"""Exception classes, mirroring `tf.errors`.

Every error raised by varrt's core arrives as one of these (translated in one place in the
bindings, from the core's TensorFlow status code). `ValueError` and `TypeError` are raised
where TensorFlow's Python layer raises them.
"""

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """The base class for errors raised by running an op (TensorFlow's `tf.errors.OpError`)."""

    def __init__(self, node_def, op, message, *args):
        super().__init__()
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = args[0] if args else getattr(type(self), "_code", UNKNOWN)

    def __reduce__(self):
        return type(self), (self._node_def, self._op, self._message)

    @property
    def message(self):
        """The error's message."""
        return self._message

    @property
    def op(self):
        """The failed op (None in eager mode)."""
        return self._op

    @property
    def node_def(self):
        """The node of the failed op (None in eager mode)."""
        return self._node_def

    @property
    def error_code(self):
        """TensorFlow's error code of this error (an int)."""
        return self._error_code

    @property
    def experimental_payloads(self):
        """Extra error details (an empty dict)."""
        return {}

    def __str__(self):
        return self._message


def _subclass(name, code, doc):
    def __init__(self, node_def=None, op=None, message="", *args):
        OpError.__init__(self, node_def, op, message, code)

    return type(name, (OpError,), {"__init__": __init__, "__doc__": doc, "_code": code, "__module__": __name__})


CancelledError = _subclass("CancelledError", CANCELLED, "An operation was cancelled.")
UnknownError = _subclass("UnknownError", UNKNOWN, "Unknown error.")
InvalidArgumentError = _subclass("InvalidArgumentError", INVALID_ARGUMENT, "An op received an invalid argument.")
DeadlineExceededError = _subclass("DeadlineExceededError", DEADLINE_EXCEEDED, "A deadline expired.")
NotFoundError = _subclass("NotFoundError", NOT_FOUND, "A requested entity (a file, a resource) was not found.")
AlreadyExistsError = _subclass("AlreadyExistsError", ALREADY_EXISTS, "The entity to create already exists.")
PermissionDeniedError = _subclass("PermissionDeniedError", PERMISSION_DENIED, "Permission denied.")
ResourceExhaustedError = _subclass("ResourceExhaustedError", RESOURCE_EXHAUSTED, "Some resource (memory) is exhausted.")
FailedPreconditionError = _subclass("FailedPreconditionError", FAILED_PRECONDITION,
                                    "The system is not in a state to run the op (e.g. an uninitialised variable).")
AbortedError = _subclass("AbortedError", ABORTED, "The operation was aborted.")
OutOfRangeError = _subclass("OutOfRangeError", OUT_OF_RANGE, "An index or position was out of range.")
UnimplementedError = _subclass("UnimplementedError", UNIMPLEMENTED, "The operation is not implemented.")
InternalError = _subclass("InternalError", INTERNAL, "An internal invariant was broken.")
UnavailableError = _subclass("UnavailableError", UNAVAILABLE, "The runtime is unavailable.")
DataLossError = _subclass("DataLossError", DATA_LOSS, "Unrecoverable data loss or corruption (e.g. a damaged checkpoint).")
UnauthenticatedError = _subclass("UnauthenticatedError", UNAUTHENTICATED, "The request lacks valid credentials.")

_CODE_TO_CLASS = {cls._code: cls for cls in (
    CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError, NotFoundError, AlreadyExistsError,
    PermissionDeniedError, ResourceExhaustedError, FailedPreconditionError, AbortedError, OutOfRangeError,
    UnimplementedError, InternalError, UnavailableError, DataLossError, UnauthenticatedError)}


def exception_type_from_error_code(error_code):
    """The OpError subclass of a TensorFlow error code (tf.errors.exception_type_from_error_code)."""
    return _CODE_TO_CLASS[error_code]


def error_code_from_exception_type(cls):
    """The TensorFlow error code of an OpError subclass (tf.errors.error_code_from_exception_type)."""
    return cls._code


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operation (bool(), iteration) on a symbolic tensor (TensorFlow's
    `tf.errors.OperatorNotAllowedInGraphError`, raised while a graph is built)."""
