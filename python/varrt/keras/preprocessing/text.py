"""`tf.keras.preprocessing.text`: none of Keras's legacy text utilities yet (each says so)."""
