"""Keras 3's datasets (keras/src/datasets): each `load_data` fetches its files into Keras's cache
with `get_file` (varrt/keras_utils) and reads them as Keras does, with NumPy and the standard
library."""
