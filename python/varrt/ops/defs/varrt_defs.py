"""Ops varrt has and TensorFlow does not: Keras 3's optimizer steps fused into one core op each
(TensorFlow runs them as several ops), in Keras's arithmetic order. `vars` are the variable and
its slots (KerasAdam: var, m, v and with amsgrad vhat; KerasRMSprop: var, velocity and, when
used, momentum and average_gradient); the step's scalars are float attributes."""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

_FLOATS = "T: {bfloat16, half, float, double}"

register("KerasAdam", "vars: N * resource, grad: T -> ", "N: int >= 3", _FLOATS, "lr: float", "beta1: float",
         "beta2: float", "one_minus_beta1: float", "one_minus_beta2: float", "epsilon: float", "local_step: float",
         stateful=True, shape=shape_fns.no_outputs, origin="varrt")
register("KerasAdagrad", "vars: N * resource, grad: T -> ", "N: int >= 2", _FLOATS, "lr: float", "epsilon: float",
         stateful=True, shape=shape_fns.no_outputs, origin="varrt")
register("KerasRMSprop", "vars: N * resource, grad: T -> ", "N: int >= 2", _FLOATS, "lr: float", "rho: float",
         "one_minus_rho: float", "momentum: float", "epsilon: float", "has_momentum: bool", "centered: bool",
         stateful=True, shape=shape_fns.no_outputs, origin="varrt")

# A TensorArray's write, on its flow: varrt carries the array as one tensor [size, *element]
# (TensorFlow's op of this name works on a resource handle). The size may grow with each write,
# so the flow's first dimension is unknown to the graph.
register("TensorArrayWriteV3", "flow_in: T, index: int32, value: T -> flow_out: T", "T: type", shape=shape_fns.tensor_array_write,
         origin="varrt")
