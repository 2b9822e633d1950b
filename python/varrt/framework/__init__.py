"""The core types: Tensor, Variable, TensorShape, TensorSpec, IndexedSlices, the conversion rules,
device and name scopes, Module, function."""
