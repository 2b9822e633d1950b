"""TensorFlow 1's `tf.compat.v1.layers` (tf_keras's legacy_tf_layers): layers whose variables come from
`get_variable` in their own variable scope (base.py), the core layers (core.py), convolutions
(convolutional.py), pooling (pooling.py) and batch normalization (normalization.py)."""
