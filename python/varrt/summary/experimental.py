"""`tf.summary.experimental`: the default step, summary scopes and raw Summary protos."""
from varrt.summary.summary_state import get_step, set_step
from varrt.summary.write import summary_scope, write_raw_pb

__all__ = ["get_step", "set_step", "summary_scope", "write_raw_pb"]
