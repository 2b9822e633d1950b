"""tf.einsum cases run with either framework (`tf` is TensorFlow or varrt): each a snippet that
leaves its result in `out`. tests/tools/record_einsum.py records TensorFlow 2.21's outcomes
(values, dtypes and shapes, or the error's type and text) and tests/test_einsum.py compares
varrt's. `grads(eq, *xs)` is the gradient of sum(einsum * weights) with respect to every input;
`traced(eq, *xs)` runs einsum in a tf.function whose signature leaves every dimension unknown
(tests/test_einsum.py calls one trace at several batch sizes). Sizes differ from the benchmark's and the examples'."""
import numpy as np

import case_helpers

_RNG = np.random.RandomState(20261128)


def _r(*shape, dtype=np.float64):
    return _RNG.standard_normal(shape).astype(dtype)


A = {
    "m23": _r(2, 3), "m34": _r(3, 4), "m33": _r(3, 3), "v3": _r(3), "v5": _r(5),
    "b234": _r(2, 3, 4), "b245": _r(2, 4, 5), "f23": _r(2, 3, dtype=np.float32), "f34": _r(3, 4, dtype=np.float32),
    "q": _r(2, 3, 5, 4, dtype=np.float32), "k": _r(2, 3, 6, 4, dtype=np.float32),
    "e5123": _r(5, 1, 2, 3), "e434": _r(4, 3, 4), "t234": _r(2, 3, 4), "d332": _r(3, 3, 2), "d3232": _r(3, 2, 3, 2),
    "c23": (_r(2, 3) + 1j * _r(2, 3)).astype(np.complex64), "c34": (_r(3, 4) + 1j * _r(3, 4)).astype(np.complex64),
    "i23": _RNG.randint(-4, 5, (2, 3)).astype(np.int32), "i34": _RNG.randint(-4, 5, (3, 4)).astype(np.int32),
    "h23": _r(2, 3, dtype=np.float16), "h34": _r(3, 4, dtype=np.float16),
}

CASES = [
    "out = tf.einsum('ij,jk->ik', A['m23'], A['m34'])",
    "out = tf.einsum('ij,jk', A['f23'], A['f34'])",
    "out = tf.einsum('ij,kj->ik', A['m23'], A['m34'].T)",
    "out = tf.einsum('ji,jk->ik', A['m23'].T, A['m34'])",
    "out = tf.einsum('ji,kj->ki', A['m23'].T, A['m34'].T)",
    "out = tf.einsum('bij,bjk->bik', A['b234'], A['b245'])",
    "out = tf.einsum('bhqd,bhkd->bhqk', A['q'], A['k'])",
    "out = tf.einsum('bhqd,bhkd->bqhk', A['q'], A['k'])",
    "out = tf.einsum('...ij,...jk->...ik', A['e5123'], A['e434'])",
    "out = tf.einsum('...ij,...jk', A['e5123'], A['e434'])",
    "out = tf.einsum('ij...,jk...->ik...', A['t234'], np.ones((3, 5, 4)))",
    "out = tf.einsum('ijk->kji', A['t234'])",
    "out = tf.einsum('ijk->', A['t234'])",
    "out = tf.einsum('ijk->j', A['t234'])",
    "out = tf.einsum('ij->', A['m23'])",
    "out = tf.einsum('ii->i', A['m33'])",
    "out = tf.einsum('ii', A['m33'])",
    "out = tf.einsum('iij->ij', A['d332'])",
    "out = tf.einsum('ijij->ij', A['d3232'])",
    "out = tf.einsum('ii,i->i', A['m33'], A['v3'])",
    "out = tf.einsum('i,i', A['v3'], A['v3'])",
    "out = tf.einsum('i,i->i', A['v3'], A['v3'])",
    "out = tf.einsum('i,j->ij', A['v3'], A['v5'])",
    "out = tf.einsum('ij,j->i', A['m23'], A['v3'])",
    "out = tf.einsum('ij,ij->', A['m23'], A['m23'])",
    "out = tf.einsum('bij,jk->bik', A['b234'], np.ones((4, 2)))",
    "out = tf.einsum('ab,bc,cd->ad', A['m23'], A['m34'], np.ones((4, 5)))",
    "out = tf.einsum('a,b,c->abc', A['v3'], A['v5'], A['v3'])",
    "out = tf.einsum('ij, jk -> ik', A['m23'], A['m34'])",
    "out = tf.einsum('iJ,Jk->ik', A['m23'], A['m34'])",
    "out = tf.einsum('ij,jk->ik', A['c23'], A['c34'])",
    "out = tf.einsum('ij,jk->ik', A['i23'], A['i34'])",
    "out = tf.einsum('ij,jk->ik', A['h23'], A['h34'])",
    "out = tf.einsum('ij,jk->ik', A['f23'], A['m34'])",
    "out = tf.einsum('ij,jk->ik', tf.constant(A['f23']), A['m34'])",
    "out = tf.einsum('bi,bi->b', np.ones((1, 3)), np.ones((1, 3)))",
    "out = tf.einsum('ij,jk->ik', np.zeros((0, 3)), A['m34'])",
    "out = tf.einsum('ij,jk->ik', A['m23'], np.zeros((3, 0)))",
    "out = tf.einsum('ij,jk->ik', np.zeros((2, 0)), np.zeros((0, 4)))",
    "out = tf.linalg.einsum('ij,jk->ik', A['m23'], A['m34'])",
    "out = tf.raw_ops.Einsum(inputs=[A['m23'], A['m34']], equation='ij,jk->ik')",
    # gradients through the lowering
    "out = grads('ij,jk->ik', A['m23'], A['m34'])",
    "out = grads('bhqd,bhkd->bhqk', A['q'], A['k'])",
    "out = grads('...ij,...jk->...ik', A['e5123'], A['e434'])",
    "out = grads('ii->i', A['m33'])",
    "out = grads('ijk->kj', A['t234'])",
    "out = grads('i,j->ij', A['v3'], A['v5'])",
    "out = grads('ab,bc,cd->ad', A['m23'], A['m34'], np.ones((4, 5)))",
    # in a tf.function with unknown first dimensions, at a size no trace saw
    "out = traced('ij,jk->ik', A['m23'], A['m34'])",
    "out = traced('bij,bjk->bik', A['b234'], A['b245'])",
    "out = traced('bhqd,bhkd->bhqk', A['q'], A['k'])",
    "out = traced('bi,bj->ij', np.ones((7, 3)), np.ones((7, 2)))",
    "out = traced('ij->j', np.ones((7, 3)))",
    # errors: TensorFlow's types and texts
    "out = tf.einsum('ij,jk->ik', A['m23'])",
    "out = tf.einsum('ij,jk->ik', A['m23'], A['m23'])",
    "out = tf.einsum('ij,jk->il', A['m23'], A['m34'])",
    "out = tf.einsum('ij->ijk', A['m23'])",
    "out = tf.einsum('i.j,jk->ik', A['m23'], A['m34'])",
    "out = tf.einsum('ij,jk->ikk', A['m23'], A['m34'])",
    "out = tf.einsum('ij,jk->ik', A['m23'].astype(bool), A['m34'].astype(bool))",
    "out = tf.einsum('bi,bi->b', np.ones((1, 3)), np.ones((4, 3)))",
    "out = tf.einsum('...ij->ij', A['t234'])",
    "out = tf.einsum('...ij,...jk', A['t234'], A['b245'][:, :, :2])",
    "out = tf.einsum('ij,jk->ik', A['t234'], A['m34'])",
    "out = tf.einsum('...ij,...jk->...ik', np.ones((3, 2, 3)), np.ones((2, 3, 4)))",
    "out = tf.einsum('ij,jk->ik', tf.constant(A['f23']), tf.constant(A['m34']))",
    "out = tf.einsum('ij,jk->ik', A['m23'], A['m34'], bad=1)",
]


def run_case(tf, code):
    return case_helpers.run_case(tf, code, {
        "A": A, "grads": lambda eq, *xs: case_helpers.grads(tf, lambda *a: tf.einsum(eq, *a), *xs),
        "traced": lambda eq, *xs: case_helpers.traced(tf, lambda *a: tf.einsum(eq, *a), *xs)})
