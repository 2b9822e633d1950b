"""`tf.keras.datasets.reuters`."""
from varrt.datasets.reuters import get_label_names, get_word_index, load_data  # noqa: F401
