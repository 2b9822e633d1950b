"""Keras 3's plain-Python utilities (keras/src/utils): `get_file` and its cache, hashes and
archives, `pad_sequences`, `to_categorical`, `normalize`, and the names of Keras's legacy
`tf.keras.preprocessing` modules varrt does not have."""
