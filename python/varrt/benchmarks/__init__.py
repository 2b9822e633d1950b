"""The benchmark suite, installed with varrt: `varrt bench` (suite.py) runs the variable ops
(variable_ops.py), training steps (training.py) and checkpoints (checkpoint.py) against NumPy,
PyTorch and TensorFlow; the repository's benchmarks/ scripts run the same modules."""
