"""tf.nn.nce_loss and tf.nn.sampled_softmax_loss (and tf.compat.v1.nn's with `partition_strategy`)
against TensorFlow 2.21.

tests/sampled_losses_program.py runs in a fresh interpreter under varrt and each of its results is
compared with TensorFlow's (tests/fixtures/sampled_losses/results.json, recorded by
tests/tools/record_sampled_losses.py): with the samplers seeded (so the sampled classes are
TensorFlow's) or samples given, num_true 1 to 3, with and without removing accidental hits, the
losses and their gradients with respect to weights, biases and inputs, weights as a list of tables
split "mod" and "div", eagerly, in tf.function with an unknown batch and in a TF1 session. Values
are within 2e-6 of TensorFlow's. With VARRT_TF_PYTHON set (required under CI=true) the program
also runs live under TensorFlow."""
from keras_programs import comparison_tests, recorded

PROGRAM = "sampled_losses_program.py"
TF = recorded("sampled_losses")


varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "sampled_losses")
