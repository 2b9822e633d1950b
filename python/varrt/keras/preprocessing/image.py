"""`tf.keras.preprocessing.image`: none of Keras's legacy image utilities yet (each says so)."""
