"""`tf.profiler`: the profiling session's API (varrt has no profiler; see base/profiler_session.py)."""
from varrt.profiler import experimental  # noqa: F401
