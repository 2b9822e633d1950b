"""A traced graph as TensorFlow's `GraphDef` message (`FuncGraph.as_graph_def()`) and an
operation's `NodeDef` (`Operation.node_def`, `get_attr`), through the SavedModel codec's messages
and its FunctionDef builder; importing the package registers the writers with the layers below."""
from varrt.graph_def import func_graph_def  # noqa: F401  (registers the writer)
from varrt.graph_def import node_def  # noqa: F401  (registers the NodeDef writer)
