"""`tf.keras.datasets.imdb`."""
from varrt.datasets.imdb import get_word_index, load_data  # noqa: F401
