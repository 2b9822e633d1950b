"""inspect_checkpoint.print_tensors_in_checkpoint_file prints what TensorFlow 2.21's prints, for the
checkpoints TensorFlow wrote (the expected texts were recorded with TensorFlow's function)."""
import pathlib

import pytest

from varrt.tools.inspect_checkpoint import print_tensors_in_checkpoint_file

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "tf_checkpoints"
TF2 = str(FIXTURES / "tf2_checkpoint" / "ckpt")
V1 = str(FIXTURES / "saver_v1" / "model.ckpt")

NAMES = (
    "tensor: _CHECKPOINTABLE_OBJECT_GRAPH (string) []\n"
    "tensor: b/.ATTRIBUTES/VARIABLE_VALUE (int64) [3]\n"
    "tensor: bf/.ATTRIBUTES/VARIABLE_VALUE (bfloat16) [3]\n"
    "tensor: c/.ATTRIBUTES/VARIABLE_VALUE (complex64) [2]\n"
    "tensor: d/.ATTRIBUTES/VARIABLE_VALUE (float64) [3, 2]\n"
    "tensor: flag/.ATTRIBUTES/VARIABLE_VALUE (bool) [2]\n"
    "tensor: h/.ATTRIBUTES/VARIABLE_VALUE (float16) [2]\n"
    "tensor: model/l1/bias/.ATTRIBUTES/VARIABLE_VALUE (float32) [3]\n"
    "tensor: model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE (float32) [4, 3]\n"
    "tensor: model/l2/bias/.ATTRIBUTES/VARIABLE_VALUE (float32) [2]\n"
    "tensor: model/l2/kernel/.ATTRIBUTES/VARIABLE_VALUE (float32) [3, 2]\n"
    "tensor: model/step/.ATTRIBUTES/VARIABLE_VALUE (int64) []\n"
    "tensor: s/.ATTRIBUTES/VARIABLE_VALUE (string) [3]\n"
    "tensor: step/.ATTRIBUTES/VARIABLE_VALUE (int32) []\n"
    "tensor: u8/.ATTRIBUTES/VARIABLE_VALUE (uint8) [3]\n"
    "tensor: w/.ATTRIBUTES/VARIABLE_VALUE (float32) [2, 3]\n"
    "# Total number of params: 56\n")


@pytest.mark.parametrize("args, expected", [
    ((TF2, "", False, True), NAMES),
    ((TF2, "w/.ATTRIBUTES/VARIABLE_VALUE", False),
     "tensor: w/.ATTRIBUTES/VARIABLE_VALUE (float32) [2, 3]\n"
     "[[ 0.00123015  0.29874554 -0.27413785]\n [-0.89059186 -0.4546708  -0.9916465 ]]\n"
     "# Total number of params: 56\n"),
    ((TF2, "nope", False), "Tensor nope not found in checkpoint\n"),
    ((V1, "", False), "my_v2 (DT_INT32) [3]\nv1 (DT_FLOAT) [2,2]\n\n# Total number of params: 7\n"),
    ((V1, "", True), "tensor: my_v2 (int32) [3]\n[10 20 30]\ntensor: v1 (float32) [2, 2]\n[[1. 2.]\n [3. 4.]]\n"
                     "# Total number of params: 7\n"),
    ((V1, "", False, True, "v1"), "tensor: my_v2 (int32) [3]\ntensor: v1 (float32) [2, 2]\n"
                                  "# Excluding 1 tensors (4 params) that match v1 when counting.\n"
                                  "# Total number of params: 3\n"),
], ids=["names", "one", "missing", "debug_string", "all_tensors", "exclude"])
def test_prints_what_tensorflow_prints(capsys, args, expected):
    print_tensors_in_checkpoint_file(*args)
    assert capsys.readouterr().out == expected


def test_errors_are_printed_not_raised(capsys, tmp_path):
    print_tensors_in_checkpoint_file(str(tmp_path / "nothing"), "", False)
    out = capsys.readouterr().out
    assert out.startswith("Unsuccessful TensorSliceReader constructor: Failed to find any matching files for ")
