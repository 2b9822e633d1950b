"""Keras 3's models on varrt: `Model` (model.py), functional models (functional.py, on
operation_graph.py), `Sequential` (sequential.py), `summary()` (summary.py), their training
methods (trainer.py: compile, fit, evaluate, predict; compile_loss.py: the loss over several
outputs), the batches they iterate (batches.py), optimizers and losses by name (identifiers.py), `History` (history.py)
and what they print (progress.py). The public names are in varrt/keras."""
