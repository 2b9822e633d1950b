"""`tf.summary`: TensorBoard event files (summary writers, the scalar, text, histogram, image and
audio summaries TensorBoard's plugins define, raw writes) in TensorFlow's format."""
from varrt.summary import experimental
from varrt.summary.audio_summary import audio
from varrt.summary.histogram_summary import histogram
from varrt.summary.image_summary import image
from varrt.summary.scalar_summary import scalar, text
from varrt.summary.summary_state import record_if, should_record_summaries
from varrt.summary.trace import graph, trace_export, trace_off, trace_on
from varrt.summary.write import write
from varrt.summary.writer import SummaryWriter, create_file_writer, create_noop_writer, flush

__all__ = ["SummaryWriter", "audio", "create_file_writer", "create_noop_writer", "experimental", "flush", "graph",
           "histogram", "image", "record_if", "scalar", "should_record_summaries", "text", "trace_export",
           "trace_off", "trace_on", "write"]
