"""Whether TensorFlow's own results on this CPU can differ from the recorded fixtures'.

The fixtures were recorded on an AMD CPU. TensorFlow 2.21 picks its CPU kernels by the
instructions the CPU has, and the hardware estimates behind Eigen's rcp/rsqrt (Reciprocal,
Adagrad's rsqrt) differ between vendors in their low bits; on Intel CPUs with AVX512-FP16 and AMX
(Sapphire Rapids and later) its oneDNN kernels also take float16 convolutions in NCHW (which it
refuses elsewhere) and compute float16 softmax differently. The tests that hold TensorFlow's live
results to a fixture skip on another vendor's CPU, saying so; varrt's own results are still
compared with the fixtures everywhere (optimizer_cases.py allows the rsqrt estimate's difference)."""
import functools

import pytest

RECORDED_CPU_VENDOR = "AuthenticAMD"

REASON = ("the fixture was recorded on an AMD CPU; on this CPU ({vendor}) TensorFlow 2.21 takes other oneDNN/Eigen "
          "kernels and hardware estimates (rcp/rsqrt low bits; on AVX512-FP16/AMX CPUs NCHW float16 convolutions and "
          "float16 softmax), so its live results are not the recording's")


@functools.lru_cache(maxsize=None)
def cpu_vendor():
    """/proc/cpuinfo's vendor_id (None when unknown)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("vendor_id"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def tensorflow_kernels_differ_here():
    """Whether TensorFlow's kernels on this CPU may differ from the fixtures' recording CPU."""
    return cpu_vendor() != RECORDED_CPU_VENDOR


def skip_if_tensorflow_kernels_differ():
    if tensorflow_kernels_differ_here():
        pytest.skip(REASON.format(vendor=cpu_vendor()))
