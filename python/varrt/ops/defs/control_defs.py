"""Graph and control ops: constants, placeholders, conditionals, loops, Python calls, printing.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('Assert', 'condition: bool, data: T -> ', 'T: list(type) >= 1', 'summarize: int = 3', stateful=True, shape=shape_fns.no_outputs)
register('Const', ' -> output: dtype', 'value: tensor', 'dtype: type', shape=shape_fns.const)
register('EagerPyFunc', 'input: Tin -> output: Tout', 'token: string', 'is_async: bool = false', 'Tin: list(type) >= 0', 'Tout: list(type) >= 0', stateful=True, shape=shape_fns.unknown)
register('If', 'cond: Tcond, input: Tin -> output: Tout', 'Tcond: type', 'Tin: list(type) >= 0', 'Tout: list(type) >= 0', 'then_branch: func', 'else_branch: func', 'output_shapes: list(shape) = []', stateful=True, shape=shape_fns.unknown)
register('NoOp', ' -> ', shape=shape_fns.no_outputs)
register('Placeholder', ' -> output: dtype', 'dtype: type', 'shape: shape = { unknown_rank: true }', shape=shape_fns.placeholder)
register('PrintV2', 'input: string -> ', 'output_stream: string = "stderr"', 'end: string = "\n"', stateful=True, shape=shape_fns.no_outputs)
register('StatelessIf', 'cond: Tcond, input: Tin -> output: Tout', 'Tcond: type', 'Tin: list(type) >= 0', 'Tout: list(type) >= 0', 'then_branch: func', 'else_branch: func', 'output_shapes: list(shape) = []', shape=shape_fns.unknown)
register('StringFormat', 'inputs: T -> output: string', 'T: list(type) >= 0', 'template: string = "%s"', 'placeholder: string = "%s"', 'summarize: int = 3', shape=shape_fns.string_format)
register('While', 'input: T -> output: T', 'T: list(type) >= 0', 'cond: func', 'body: func', 'output_shapes: list(shape) = []', 'parallel_iterations: int = 10', stateful=True, shape=shape_fns.unknown)
register('_EagerConst', 'input: T -> output: T', 'T: type', shape=shape_fns.unchanged, in_graphs=False, node_name="Const")
register('StatefulPartitionedCall', 'args: Tin -> output: Tout', 'Tin: list(type) >= 0', 'Tout: list(type) >= 0', 'f: func', 'config: string = ""', 'config_proto: string = ""', 'executor_type: string = ""', stateful=True, shape=shape_fns.unknown)
