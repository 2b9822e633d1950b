"""`tf.profiler.experimental`: start, stop, Profile, Trace and ProfilerOptions."""
from varrt.base.profiler_session import Profile, ProfilerOptions, Trace, start, stop  # noqa: F401
