"""Keras 3's models on varrt: `Model` (model.py), `Sequential` (sequential.py), `tf.keras.Input`
(keras_input.py), their training methods (trainer.py: compile, fit, evaluate, predict), the
batches they iterate (batches.py), optimizers and losses by name (identifiers.py), `History` (history.py)
and what they print (progress.py). The public names are in varrt/keras."""
