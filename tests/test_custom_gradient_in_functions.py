"""tf.custom_gradient inside tf.functions differentiated by a tape around the call, reductions
over every axis of a tensor of unknown rank, and tf.saved_model.SaveOptions/LoadOptions: one
program (tests/custom_gradient_program.py) run under varrt is compared, case by case, with what
TensorFlow 2.21 gave for it (tests/fixtures/custom_gradient/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set). Before, a tape
around such a call differentiated the forward ops and never called grad_fn (the guide's clipped
gradient came back unclipped, log1pexp's overflow-safe gradient came back NaN)."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("custom_gradient")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("custom_gradient_program.py", TF, "custom_gradient")


# --- varrt alone: what varrt does not build says so ---------------------------------------------

def test_saving_a_custom_gradient_says_varrt_cannot_yet(tmp_path):
    @tf.custom_gradient
    def clip(y):
        return y, lambda dy: tf.clip_by_norm(dy, 0.5)

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None])])
        def f(self, x):
            return clip(x)

    with pytest.raises(NotImplementedError, match="experimental_custom_gradients=False"):
        tf.saved_model.save(M(), tmp_path / "m")


@pytest.mark.parametrize("options, text", [
    (dict(save_debug_info=True), "save_debug_info"),
    (dict(function_aliases={"f": "g"}), "function_aliases"),
    (dict(experimental_debug_stripper=True), "experimental_debug_stripper"),
    (dict(experimental_variable_policy="save_variable_devices"), "experimental_variable_policy"),
])
def test_save_options_varrt_does_not_act_on_say_so(tmp_path, options, text):
    with pytest.raises(NotImplementedError, match=text):
        tf.saved_model.save(tf.Module(), tmp_path / "m", options=tf.saved_model.SaveOptions(**options))


@pytest.mark.parametrize("options, text", [
    (dict(experimental_skip_checkpoint=True), "experimental_skip_checkpoint"),
    (dict(experimental_load_function_aliases=True), "experimental_load_function_aliases"),
])
def test_load_options_varrt_does_not_act_on_say_so(tmp_path, options, text):
    tf.saved_model.save(tf.Module(), tmp_path / "m")
    with pytest.raises(NotImplementedError, match=text):
        tf.saved_model.load(str(tmp_path / "m"), options=tf.saved_model.LoadOptions(**options))
