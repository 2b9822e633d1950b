"""Ops varrt has and TensorFlow does not: Keras 3's optimizer steps fused into one core op for all
of a step's variables (TensorFlow runs several ops per variable), in Keras's arithmetic order.
`vars` are each variable followed by its slots (KerasAdam: var, m, v and with amsgrad vhat;
KerasAdagrad: var, accumulator; KerasRMSprop: var, velocity and, when used, momentum and
average_gradient; KerasSGD: var and, with momentum, its momentum), `grads` one per variable in
its dtype; `lr` and `iterations` (the count before the step) are inputs, read when the op runs,
so one graph node takes a new step each run; Keras's constants are float attributes."""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

_GRAD_TYPES = "Tgrads: list(type) >= 1"  # each variable's dtype; the kernels check them
_STEP = "vars: N * resource, grads: Tgrads, lr: Tlr, iterations: int64 -> "
_LR = "Tlr: {float, double}"

register("KerasAdam", _STEP, "N: int >= 3", _GRAD_TYPES, _LR, "beta1: float", "beta2: float", "one_minus_beta1: float",
         "one_minus_beta2: float", "epsilon: float", stateful=True, shape=shape_fns.no_outputs, origin="varrt")
register("KerasAdagrad", _STEP, "N: int >= 2", _GRAD_TYPES, _LR, "epsilon: float", stateful=True,
         shape=shape_fns.no_outputs, origin="varrt")
register("KerasRMSprop", _STEP, "N: int >= 2", _GRAD_TYPES, _LR, "rho: float", "one_minus_rho: float",
         "momentum: float", "epsilon: float", "has_momentum: bool", "centered: bool", stateful=True,
         shape=shape_fns.no_outputs, origin="varrt")
register("KerasSGD", _STEP, "N: int >= 1", _GRAD_TYPES, _LR, "momentum: float", "nesterov: bool", stateful=True,
         shape=shape_fns.no_outputs, origin="varrt")

# A TensorArray's write, on its flow: varrt carries the array as one tensor [size, *element]
# (TensorFlow's op of this name works on a resource handle). The size may grow with each write,
# so the flow's first dimension is unknown to the graph.
register("TensorArrayWriteV3", "flow_in: T, index: int32, value: T -> flow_out: T", "T: type", shape=shape_fns.tensor_array_write,
         origin="varrt")

# A dataset iterated while a graph is built (data/graph_iteration.py, data/tf1_iterators.py): the
# pipeline stays in Python on the host, and its iterator is an int64 handle into the host's open
# iterators (TensorFlow's ops of these names take a resource). IteratorGetNextAsOptional gives
# whether there was an element and its components, where TensorFlow's gives an optional variant;
# MakeIterator (re)starts the handle's iteration.
_ITERATOR_ATTRS = ("output_types: list(type) >= 1", "output_shapes: list(shape) >= 1")
register("AnonymousIteratorV3", " -> handle: int64", *_ITERATOR_ATTRS, stateful=True, shape=shape_fns.unknown,
         origin="varrt")
register("IteratorV2", " -> handle: int64", "shared_name: string", "container: string", *_ITERATOR_ATTRS,
         stateful=True, shape=shape_fns.unknown, origin="varrt")
register("IteratorGetNext", "iterator: int64 -> components: output_types", *_ITERATOR_ATTRS, stateful=True,
         shape=shape_fns.unknown, origin="varrt")
register("IteratorGetNextAsOptional", "iterator: int64 -> has_value: bool, components: output_types",
         *_ITERATOR_ATTRS, stateful=True, shape=shape_fns.unknown, origin="varrt")
register("MakeIterator", "iterator: int64 -> started: bool", stateful=True, shape=shape_fns.unknown, origin="varrt")
# Closes the handle's iterator after a loop over it (`after`: the loop's last flag, an ordering input).
register("DeleteIterator", "handle: int64, after: bool -> ", stateful=True, shape=shape_fns.no_outputs, origin="varrt")

# A summary written in a graph (summary/write.py): the node writes `tensor` (or each serialized
# Summary of WriteRawProtoSummary's) at `step` to the writer its trace captured, when `record` is
# true, and says whether it wrote (TensorFlow's ops of these names take the writer's resource, the
# tag and the metadata, and return nothing; its tf.summary wraps them in a cond giving the bool).
register("WriteSummary", "tensor: T, step: int64, record: bool -> written: bool", "T: type", stateful=True,
         shape=shape_fns.scalar, origin="varrt")
register("WriteRawProtoSummary", "tensor: string, step: int64, record: bool -> written: bool", stateful=True,
         shape=shape_fns.scalar, origin="varrt")
