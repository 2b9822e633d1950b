"""The tf.Modules tests/test_saved_model_save.py exports with varrt and
tests/tools/record_saved_model_export.py writes with TensorFlow: one definition, made for either
framework by `modules(tf)`."""
import types


def modules(tf):
    """Dense, TwoFunctions, TwoInputs and a traced Traced over `tf` (varrt or tensorflow)."""

    class Dense(tf.Module):
        def __init__(self):
            super().__init__()
            self.kernel = tf.Variable([[1.5, -2.0], [0.25, 3.0], [-1.0, 0.5]], name="kernel")
            self.bias = tf.Variable([0.5, -1.0], name="bias")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def __call__(self, x):
            return tf.nn.relu(tf.matmul(x, self.kernel) + self.bias)

    class TwoFunctions(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.Variable(2.5, name="scale")
            self.offset = tf.Variable([1.0, -1.0, 0.5], name="offset")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def __call__(self, x):
            return x * self.scale - self.offset

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def summed(self, x):
            return {"total": tf.reduce_sum(x * self.scale, axis=1, keepdims=True),
                    "count": tf.cast(tf.reduce_sum(tf.cast(x > self.offset, tf.int32), axis=1), tf.int64)}

    class TwoInputs(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0, 3.0], name="v")
            self.factors = [tf.Variable(1.5, name="a"), tf.Variable(-2.0, name="b")]

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                                      tf.TensorSpec([], tf.int32, name="k")])
        def __call__(self, x, k):
            return x * self.v * self.factors[0], tf.cast(k, tf.float32) * self.factors[1] + tf.reduce_max(x)

    class Traced(tf.Module):
        """tf.functions without an input_signature: exported with the traces made before saving."""

        def __init__(self):
            super().__init__()
            self.weight = tf.Variable([2.0, -1.0, 0.5], name="weight")

        @tf.function
        def scaled(self, x, scale=2.0):
            return x * self.weight * scale

        @tf.function
        def __call__(self, x):
            return tf.reduce_sum(x + self.weight, axis=-1)

        @tf.function
        def never_called(self, x):
            return x

        @tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
        def reset(self, value):  # returns nothing: TensorFlow makes no serving signature of it
            self.weight.assign(value)

    def traced(x):
        """A Traced whose functions ran on `x` (a float32 [n, 3] array) as the test and the
        recorder trace them: `scaled` three times (two shapes, a Python scale), `__call__` once."""
        module = Traced()
        module.scaled(tf.constant(x))
        module.scaled(tf.constant(x[:2]), scale=3.0)
        module.scaled(tf.constant(x[0]))
        module(tf.constant(x))
        return module

    return types.SimpleNamespace(Dense=Dense, TwoFunctions=TwoFunctions, TwoInputs=TwoInputs, traced=traced)


def function_nodes(object_graph):
    """For each function node of the root of a SavedObjectGraph (TensorFlow's protobuf or varrt's
    message view: the same fields): its traces, their argument keywords, its input-signature kind,
    its defaults and its concrete functions' input signatures as protobuf text, as the test compares
    them and the recorder records them."""
    out = {}
    for child in object_graph.nodes[0].children:
        node = object_graph.nodes[child.node_id]
        if node.WhichOneof("kind") != "function":
            continue
        bare = [object_graph.nodes[c.node_id] for c in node.children]
        out[child.local_name] = {
            "traces": [c.local_name for c in node.children],
            "argument_keywords": [list(b.bare_concrete_function.argument_keywords) for b in bare],
            "input_signature_kind": node.function.function_spec.input_signature.WhichOneof("kind"),
            "defaults": str(node.function.function_spec.fullargspec.named_tuple_value.values[3].value),
            "concrete": [str(object_graph.concrete_functions[n].canonicalized_input_signature)
                         for n in node.function.concrete_functions]}
    return out
