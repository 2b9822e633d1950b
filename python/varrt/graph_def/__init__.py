"""A traced graph as TensorFlow's `GraphDef` message (`FuncGraph.as_graph_def()`), through the
SavedModel codec's messages and its FunctionDef builder; importing the package registers the
writer with the graph layer below."""
from varrt.graph_def import func_graph_def  # noqa: F401  (registers the writer)
