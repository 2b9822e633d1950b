"""Keras 3's attention layers (EinsumDense, MultiHeadAttention, Attention, AdditiveAttention): one
program (tests/keras_attention_program.py) run under varrt is compared, case by case, with what
Keras 3 under TensorFlow 2.21 gave for it (tests/fixtures/keras_attention/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set): outputs at several
batch sizes, lengths and head counts, both MultiHeadAttention routes, masks and their
broadcasting, causal masks, Embedding's masks, dropout draws, weights, configs, shapes, errors,
gradients, a transformer block trained with fit and .keras files (Keras's loaded by varrt,
varrt's by Keras)."""
import sys

import numpy as np
import pytest

import varrt as tf
from keras_programs import assert_same, fixture_path, recorded, run_program
from ckpt_helpers import required_tf_python

PROGRAM = "keras_attention_program.py"
KERAS = recorded("keras_attention")


@pytest.fixture(scope="module")
def varrt_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("varrt_keras_attention_run")


@pytest.fixture(scope="module")
def varrt_run(varrt_dir):
    # Loads Keras's attention_transformer.keras and attention_functional.keras.
    return run_program(sys.executable, PROGRAM, "varrt", varrt_dir, fixture_path("keras_attention"))


def test_the_program_records_what_keras_recorded(varrt_run):
    assert set(varrt_run) == set(KERAS)


@pytest.mark.parametrize("name", sorted(KERAS))
def test_matches_keras(varrt_run, name):
    assert_same(name, KERAS[name], varrt_run.get(name))


def test_the_program_matches_live_tensorflow(tmp_path, varrt_run, varrt_dir):
    theirs = run_program(required_tf_python(), PROGRAM, "tensorflow", tmp_path, varrt_dir)  # loads varrt's files
    assert set(theirs) == set(KERAS)
    for name in sorted(KERAS):
        assert_same(name, theirs[name], KERAS[name])


# --- varrt alone -----------------------------------------------------------------------------------

def test_the_comparison_can_fail():
    """A wrong scale of the scores is seen: the recorded output is not what it gives."""
    layer = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)
    rs = np.random.RandomState(0)
    q, v = rs.randn(2, 4, 5).astype(np.float32), rs.randn(2, 3, 5).astype(np.float32)
    right = np.asarray(layer(q, v))
    layer._inverse_sqrt_key_dim *= 2
    assert not np.allclose(np.asarray(layer(q, v)), right, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("kwargs", [dict(lora_rank=2), dict(quantization_config={"mode": "int8"})])
def test_einsum_dense_lora_and_quantization_are_not_implemented(kwargs):
    with pytest.raises(NotImplementedError, match="does not support LoRA or quantization"):
        tf.keras.layers.EinsumDense("ab,bc->ac", 3, **kwargs)


def test_the_keras_einsum_of_int8_operands_is_not_implemented():
    from varrt.layers import keras_einsum
    x = tf.constant([[1, 2]], dtype=tf.int8)
    with pytest.raises(NotImplementedError, match="int8"):
        keras_einsum.einsum("ab,bc->ac", x, tf.transpose(x))
