"""tf.clip_by_norm, tf.clip_by_global_norm, tf.linalg.global_norm: TensorFlow 2.21's values
(recorded here), None entries, IndexedSlices, non-finite norms, gradients."""
import numpy as np
import pytest

import varrt as tf

X = [[-1.0, 0.0, 2.0], [3.0, -4.0, 0.5]]
Z = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]


def close(t, expected):
    np.testing.assert_allclose(tf.convert_to_tensor(t).numpy(), np.float32(expected), rtol=2e-7, atol=0)


def test_clip_by_norm():
    x = tf.constant(X)
    close(tf.clip_by_norm(x, 1.0), [[-0.1818181872367859, 0.0, 0.3636363744735718],
                                    [0.5454545617103577, -0.7272727489471436, 0.09090909361839294]])
    close(tf.clip_by_norm(x, 1.0, axes=[1]), [[-0.4472135901451111, 0.0, 0.8944271802902222],
                                              [0.5970223546028137, -0.796029806137085, 0.09950372576713562]])
    close(tf.clip_by_norm(x, 100.0), X)
    close(tf.clip_by_norm(tf.zeros([2]), 1.0), [0.0, 0.0])
    s = tf.IndexedSlices(tf.constant([[3., 4.]]), tf.constant([1]), tf.constant([3, 2]))
    r = tf.clip_by_norm(s, 1.0)
    assert isinstance(r, tf.IndexedSlices) and r.indices.numpy().tolist() == [1]
    close(r.values, [[0.6000000238418579, 0.800000011920929]])


def test_clip_by_global_norm():
    x, z = tf.constant(X), tf.constant(Z)
    (a, none, c), norm = tf.clip_by_global_norm([x, None, z], 1.0)
    assert none is None
    close(a, [[-0.17609018087387085, 0.0, 0.3521803617477417],
              [0.5282705426216125, -0.7043607234954834, 0.08804509043693542]])
    close(c, [[0.0, 0.17609018087387085, 0.0], [0.17609018087387085, 0.0, 0.0]])
    close(norm, 5.678908348083496)
    close(tf.linalg.global_norm([x, z]), 5.678908348083496)
    s = tf.IndexedSlices(tf.constant([[3., 4.]]), tf.constant([1]), tf.constant([3, 2]))
    (cs, cx), norm = tf.clip_by_global_norm([s, x], 2.0)
    assert isinstance(cs, tf.IndexedSlices)
    close(cs.values, [[0.8072073459625244, 1.076276421546936]])
    close(cx, [[-0.269069105386734, 0.0, 0.538138210773468],
               [0.8072073459625244, -1.076276421546936, 0.134534552693367]])
    close(norm, 7.433034420013428)
    (inf,), norm = tf.clip_by_global_norm([tf.constant([np.inf, 1.])], 1.0)
    assert np.isnan(inf.numpy()).all() and norm.numpy() == np.inf
    with pytest.raises(TypeError, match=r"^`t_list` should be a sequence of tensors. Received <class "):
        tf.clip_by_global_norm(x, 1.0)


def test_gradients_match_tensorflow():
    x, z = tf.constant(X), tf.constant(Z)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, z])
        a = tf.reduce_sum(tf.clip_by_norm(x, 1.0) * z)
        b = tf.reduce_sum(tf.clip_by_global_norm([x, z], 1.0)[0][0] * z)
    np.testing.assert_allclose(tape.gradient(a, x).numpy(),
                               [[0.01803155429661274, 0.1818181872367859, -0.03606310859322548],
                                [0.12772351503372192, 0.07212621718645096, -0.00901577714830637]], rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(b, x).numpy(),
                               [[0.01638048142194748, 0.17609018087387085, -0.03276096284389496],
                                [0.126948744058609, 0.06552192568778992, -0.00819024071097374]], rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(b, z).numpy(),
                               [[-0.17609018087387085, -0.01638048142194748, 0.3521803617477417],
                                [0.5118900537490845, -0.7043607234954834, 0.08804509043693542]], rtol=1e-6)
    zero = tf.zeros([3])
    with tf.GradientTape() as tape:
        tape.watch(zero)
        y = tf.reduce_sum(tf.clip_by_norm(zero, 1.0))
    np.testing.assert_array_equal(tape.gradient(y, zero).numpy(), [1., 1., 1.])  # TF: finite at 0 (the two-tap where)
