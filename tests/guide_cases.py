"""What TensorFlow's guides (function, migrate/tf1_vs_tf2, basics, intro_to_modules) use beyond the
other case files, run with either framework: each case a snippet that leaves its result in `out`
(printed text, values, or an error caught inside the case where the case must clean up after it).
tests/tools/record_guide_cases.py records TensorFlow 2.21's outcomes and tests/test_guide_cases.py
compares varrt's. `keras` is standalone Keras under TensorFlow (the guides `import keras`) and
varrt.keras under varrt; `tmpdir` a fresh directory per case."""
import tempfile

import case_helpers

_FRUITS = '''
class FruitTraceType(tf.types.experimental.TraceType):
    def __init__(self, fruit):
        self.fruit_type = type(fruit)
        self.fruit_value = fruit
    def is_subtype_of(self, other):
        return type(other) is FruitTraceType and self.fruit_type is other.fruit_type
    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None
    def placeholder_value(self, placeholder_context=None):
        return self.fruit_value
    def __eq__(self, other):
        return type(other) is FruitTraceType and self.fruit_type == other.fruit_type
    def __hash__(self):
        return hash(self.fruit_type)

class FruitWithTraceType:
    def __tf_tracing_type__(self, context):
        return FruitTraceType(self)

class Apple(FruitWithTraceType):
    flavor = tf.constant([1, 2, 7])

class Mango(FruitWithTraceType):
    flavor = tf.constant([3, 4, 5])

@tf.function
def mix(a, b):
    return a.flavor * 10 + b.flavor
'''

_POW = '''
@tf.function
def power(a, b):
    return a ** b
cube = power.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=3)
def attempt(call):
    try:
        return call()
    except TypeError as e:
        return ["TypeError", str(e)]
'''

CASES = [
    # tf.py_function and tf.numpy_function as decorators (TensorFlow 2.21 returns one without `func`)
    "@tf.py_function(Tout=tf.float32)\ndef py_plus(x, y):\n    return x * 2. + y\n"
    "out = [py_plus(tf.constant([1., 5.]), tf.constant([2., 3.])), "
    "tf.function(lambda a, b: py_plus(a, b))(tf.constant([3., 1.]), tf.constant([4.5, -1.])), py_plus.__name__]",
    "@tf.numpy_function(Tout=[tf.int64, tf.int64])\ndef both(x):\n    return x + 1, x * x\n"
    "out = both(np.int64([3, -2, 9]))",
    "out = tf.py_function(lambda x: x, inp=[1.])",
    "out = tf.py_function(inp=[tf.constant(1.)], Tout=tf.float32)",
    "out = tf.py_function(lambda x: x, Tout=tf.float32)",
    "out = tf.numpy_function(inp=[1], Tout=tf.int32)",
    # a ConcreteFunction's arguments: its traced parameters, or the flat signature of its tensor inputs
    _POW + "out = [cube(tf.constant([2., 3.])), cube(tf.constant(2.), b=3), cube(a=tf.constant(1.5)), "
    "attempt(lambda: cube(tf.constant(2.), b=4))]",
    _POW + "out = [attempt(lambda: cube(tf.constant(2.), 5)), attempt(lambda: cube(tf.constant(2.), c=1)), "
    "attempt(lambda: cube(b=3)), attempt(lambda: cube(tf.constant(2.), a=tf.constant(1.))), attempt(lambda: cube(2.))]",
    # the tracing protocol: a custom TraceType decides which trace a call uses
    _FRUITS + "out = [mix(Apple(), Mango()), mix(Apple(), Mango()), mix(Mango(), Apple()), mix(Apple(), Apple()), "
    "mix.experimental_get_tracing_count()]",
    _FRUITS + "mix = tf.function(mix.python_function, reduce_retracing=True)\n"
    "out = [mix(Apple(), Mango()), mix(Apple(), Mango()), mix(Mango(), Mango()), mix.experimental_get_tracing_count()]",
    "out = [issubclass(tf.types.experimental.TraceType, object), "
    "sorted(m for m in ('is_subtype_of', 'most_specific_common_supertype', 'placeholder_value') "
    "if m in tf.types.experimental.TraceType.__abstractmethods__)]",
    "out = tf.types.experimental.TraceType()",
    # get_concrete_function(TensorSpec) takes the trace a tensor of that spec takes
    "@tf.function\ndef double(a):\n    return a + a\ndouble(tf.constant('a'))\n"
    "c = double.get_concrete_function(tf.TensorSpec([], tf.string))\n"
    "c2 = double.get_concrete_function(tf.TensorSpec([None], tf.string))\n"
    "out = [double.experimental_get_tracing_count(), double(tf.constant(['x', 'y'])), "
    "double.experimental_get_tracing_count(), str(c2)]",
    # tf.types.experimental's function types
    "f = tf.function(lambda x: x + 1)\nc = f.get_concrete_function(tf.constant(1))\nT = tf.types.experimental\n"
    "out = [isinstance(f, T.PolymorphicFunction), isinstance(f, T.GenericFunction), isinstance(c, T.ConcreteFunction), "
    "isinstance(c.inference_fn, T.AtomicFunction), isinstance(f, T.Callable), isinstance(c, T.Callable), "
    "isinstance(c.function_type, T.FunctionType), isinstance(c, T.PolymorphicFunction), "
    "T.GenericFunction is T.PolymorphicFunction, isinstance(Ellipsis, T.SupportsTracingProtocol)]",
    # ConcreteFunction.inference_fn: the graph called with its flat tensors
    "@tf.function\ndef double(a):\n    return a + a\nc = double.get_concrete_function(tf.constant('a'))\n"
    "out = [c.inference_fn(tf.constant('xy')), c.inference_fn('b'), str(c.inference_fn.function_type)]",
    "@tf.function\ndef double(a):\n    return a + a\nout = double.get_concrete_function(tf.constant('a')).inference_fn("
    "tf.constant(1))",
    "@tf.function\ndef two(a, b):\n    return {'s': a + b, 'd': [a - b]}\n"
    "af = two.get_concrete_function(tf.constant([1., 2.]), tf.constant(2.)).inference_fn\n"
    "r = af(tf.constant([5., 1.]), tf.constant(0.5))\nout = [sorted(r), r['s'], r['d'][0], str(af.function_type)]",
    # FuncGraph.as_graph_def(): TensorFlow's GraphDef, printed in protobuf's text format
    "@tf.function\ndef double(a):\n    return a + a\ng = double.get_concrete_function(tf.constant('a')).graph\n"
    "out = [str(g.as_graph_def()), [f'{n.input} -> {n.name}' for n in g.as_graph_def().node]]",
    "@tf.function\ndef f(a, b):\n    return {'s': a + b, 'd': [a - b, tf.sqrt(a * b)]}\n"
    "g = f.get_concrete_function(tf.constant([1., 2.]), tf.TensorSpec([None, 2], tf.float32)).graph\n"
    "d = g.as_graph_def()\nout = [str(d), len(d.node), [n.op for n in d.node], d.versions.producer]",
    "@tf.function\ndef train(data):\n    loss = tf.constant(0)\n    for x, y in data:\n"
    "        loss += tf.abs(y - x)\n    return loss\n"
    "out = [len(train.get_concrete_function(d).graph.as_graph_def().node) for d in ([(1, 1)] * 4, [(2, 1)] * 7)]",
    "@tf.function\ndef f(a, b):\n    return {'s': a + b, 'd': [a - b, tf.sqrt(a * b)], 'n': -tf.square(a)}\n"
    "g = f.get_concrete_function(tf.constant([[1., 2.]]), tf.TensorSpec([None, 2], tf.float32)).graph\n"
    "out = [[n.name, n.op, [str(s) for s in n.attr['_output_shapes'].list.shape]] "
    "for n in g.as_graph_def(add_shapes=True).node]",
    # tf.summary.graph: a traced function's GraphDef, or nothing without a writer
    "@tf.function\ndef f(a):\n    return a * 2.\ng = f.get_concrete_function(tf.constant(1.)).graph\n"
    "out = [tf.summary.graph(g)]\nwith tf.summary.create_file_writer(tmpdir).as_default():\n"
    "    out.append(tf.summary.graph(g))\n    with tf.summary.record_if(False):\n"
    "        out.append(tf.summary.graph(g))\n"
    "    try:\n        tf.function(lambda: tf.summary.graph(g))()\n    except ValueError as e:\n"
    "        out.append('graph() cannot be invoked inside a graph context.' in str(e))",
    "with tf.summary.create_file_writer(tmpdir).as_default():\n    out = tf.summary.graph([1, 2])",
    # TensorShape.dims: TensorFlow 1's Dimension objects
    "s = tf.TensorShape([16, None, 3])\nout = [repr(s.dims), [type(d).__name__ for d in s.dims], "
    "s.dims[0].is_compatible_with(16), s.dims[1].is_compatible_with(7), s.dims[2].is_compatible_with(4), "
    "s.dims[0].value, s.dims[1].value, tf.TensorShape(None).dims, type(s[0]).__name__]",
    "Dimension = tf.compat.v1.Dimension\nout = [repr(Dimension(None)), Dimension(None).is_compatible_with(5), "
    "Dimension(16) == 16, repr(Dimension(16) + 2)]",
    # tensor equality: TensorFlow 1's identity comparison and hashing, and back
    "@tf.function\ndef fn(a):\n    return tf.constant(a == a)\n"
    "tf.compat.v1.disable_tensor_equality()\ntry:\n    x = tf.Variable(0.)\n    y = tf.Variable(0.)\n"
    "    c = tf.constant([1., 2.])\n    out = [x == y, x == x, x != y, x != x, c == c, c == tf.constant([1., 2.]), "
    "len({x, y, x}), fn(c)]\n    try:\n        hash(c)\n    except TypeError as e:\n        out.append(str(e))\nfinally:\n    tf.compat.v1.enable_tensor_equality()\n"
    "out.append([x == y, c == tf.constant([1., 2.])])",
    "tf.compat.v1.enable_tensor_equality()\nx = tf.Variable(0.)\nout = set([x, tf.constant(2.)])",
    "tf.compat.v1.enable_tensor_equality()\nout = {tf.constant(2.)}",
    "tf.compat.v1.enable_tensor_equality()\nx = tf.Variable(3.)\nout = [x.ref() in {x.ref(), tf.constant(2.).ref()}, "
    "x == 3.]",
    # Keras: a plain function as an initializer is written by its name; keras.saving's names
    "d = keras.layers.Dense(2, kernel_initializer=tf.random.normal, bias_initializer=tf.random.uniform)\n"
    "out = [sorted(d.get_config()['kernel_initializer'].items()), sorted(d.get_config()['bias_initializer'].items())]",
    "m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(units=1, kernel_initializer=tf.random.normal)])\n"
    "m.save(tmpdir + '/m.keras')\nimport zipfile, json\n"
    "out = sorted(json.loads(zipfile.ZipFile(tmpdir + '/m.keras').read('config.json'))['config']['layers'][-1]"
    "['config']['kernel_initializer'].items())",
    "@keras.saving.register_keras_serializable(package='guide_cases')\nclass Scale(keras.layers.Layer):\n"
    "    def __init__(self, factor=2., **kw):\n        super().__init__(**kw)\n        self.factor = factor\n"
    "    def call(self, x):\n        return x * self.factor\n"
    "    def get_config(self):\n        return {**super().get_config(), 'factor': self.factor}\n"
    "m = keras.Sequential([keras.Input((2,)), Scale(3.)])\nkeras.saving.save_model(m, tmpdir + '/s.keras')\n"
    "r = keras.saving.load_model(tmpdir + '/s.keras')\n"
    "out = [keras.saving.get_registered_name(Scale), keras.saving.get_registered_object('guide_cases>Scale') is Scale, "
    "type(r.layers[0]).__name__, r.layers[0].factor, r(np.float32([[1., -2.]])), "
    "keras.saving.serialize_keras_object(Scale(5.))['config']['factor'], "
    "type(keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(Scale(5.)))).__name__, "
    "'guide_cases>Scale' in keras.saving.get_custom_objects()]",
    "def twice(x):\n    return x * 2\nwith keras.saving.custom_object_scope({'twice': twice}):\n"
    "    out = [keras.saving.get_registered_object('twice') is twice]\n"
    "out.append(keras.saving.get_registered_object('twice') is None)",
    # tf.profiler.experimental: one session at a time
    "tf.profiler.experimental.start(tmpdir)\ntry:\n    try:\n        tf.profiler.experimental.start(tmpdir)\n"
    "    except Exception as e:\n        out = [type(e).__name__, str(e)]\nfinally:\n"
    "    tf.profiler.experimental.stop()",
    "out = tf.profiler.experimental.stop()",
    "with tf.profiler.experimental.Profile(tmpdir):\n    with tf.profiler.experimental.Trace('step', step_num=1):\n"
    "        out = tf.constant(2.) * 3.",
    "out = list(tf.profiler.experimental.ProfilerOptions())",
]


def run_case(tf, code, keras):
    with tempfile.TemporaryDirectory() as tmpdir:
        return case_helpers.run_case(tf, code, {"keras": keras, "tmpdir": tmpdir})
