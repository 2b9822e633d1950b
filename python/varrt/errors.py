"""`tf.errors`: the public names of varrt.base.errors (old pickles name the exception classes here)."""
from varrt.base.errors import (  # noqa: F401
    ABORTED, AbortedError, ALREADY_EXISTS, AlreadyExistsError, CANCELLED, CancelledError, DATA_LOSS, DataLossError,
    DEADLINE_EXCEEDED, DeadlineExceededError, error_code_from_exception_type, exception_type_from_error_code,
    FAILED_PRECONDITION, FailedPreconditionError, INTERNAL, InternalError, INVALID_ARGUMENT, InvalidArgumentError,
    NOT_FOUND, NotFoundError, OK, OperatorNotAllowedInGraphError, OpError, OUT_OF_RANGE, OutOfRangeError,
    PERMISSION_DENIED, PermissionDeniedError, RESOURCE_EXHAUSTED, ResourceExhaustedError, UNAUTHENTICATED,
    UnauthenticatedError, UNAVAILABLE, UnavailableError, UNIMPLEMENTED, UnimplementedError, UNKNOWN, UnknownError,
)
