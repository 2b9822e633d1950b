"""TensorFlow 1's client: Session."""
