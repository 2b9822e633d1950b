"""Keras 3's layers as Keras 3 has them on the TensorFlow backend (`tf.keras.layers`): `Layer`,
its variables (`KerasVariable`), the core layers and the activations. The public names are in
`varrt.keras`."""
