"""tf.test as a user's test module uses it: run as `python tf_test_module_program.py tf|varrt`, it
runs a tf.test.TestCase and prints one line per check (`label | outcome`), the outcome being "ok"
or the failure's type and text, so the output under TensorFlow and varrt can be compared
(test_tf_test_module.py). The draws after setUp are TensorFlow's seeded numbers."""
import collections
import re
import sys
import unittest

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf

Pair = collections.namedtuple("Pair", "a b")
lines = []


def check(label, fn):
    try:
        fn()
        lines.append(f"{label} | ok")
    except Exception as e:  # noqa: BLE001 - the outcome is what is compared
        text = re.sub(r"<class '[\w.]*\.(\w+)'>", r"<class '\1'>", " ".join(str(e).split()))  # module paths differ
        lines.append(f"{label} | {type(e).__name__} | {text[:300]}")


class Checks(tf.test.TestCase):
    def test_checks(self):
        c = self
        lines.append(f"seeded uniform | {tf.random.uniform([3]).numpy().tolist()}")
        lines.append(f"seeded normal op seed | {tf.random.normal([2], seed=5).numpy().tolist()}")
        lines.append(f"numpy seeded | {np.random.rand(2).tolist()}")
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        check("allclose tensor", lambda: c.assertAllClose(x, [[1.0, 2.0], [3.0, 4.0000001]]))
        check("allclose fails", lambda: c.assertAllClose(x, [[1.0, 2.0], [3.0, 4.1]]))
        check("allclose shape", lambda: c.assertAllClose(x, [1.0, 2.0]))
        check("allclose nested", lambda: c.assertAllClose({"k": (x, 1.0)}, {"k": (x, 1.0 + 1e-9)}))
        check("allclose nested fails", lambda: c.assertAllClose({"k": [1.0, 2.0]}, {"k": [1.0, 2.5]}))
        check("allclose dict vs list", lambda: c.assertAllClose({"k": 1.0}, [1.0]))
        check("allclose namedtuple", lambda: c.assertAllClose(Pair(1.0, x), Pair(1.0, x)))
        check("allclose nan", lambda: c.assertAllClose([np.nan, 1.0], [np.nan, 1.0]))
        check("allclose rtol", lambda: c.assertAllClose(100.0, 101.0, rtol=0.02))
        check("notallclose", lambda: c.assertNotAllClose(x, x))
        check("according to type half", lambda: c.assertAllCloseAccordingToType(
            np.array([1.0], np.float16), np.array([1.0005], np.float16)))
        check("allequal", lambda: c.assertAllEqual(tf.constant([1, 2, 3]), [1, 2, 3]))
        check("allequal fails", lambda: c.assertAllEqual([1, 2, 3], [1, 5, 3]))
        check("allequal shape", lambda: c.assertAllEqual([1, 2], [[1, 2]]))
        check("allequal strings", lambda: c.assertAllEqual(tf.constant(["a", "b"]), [b"a", b"b"]))
        check("notallequal", lambda: c.assertNotAllEqual([1, 2], [1, 2]))
        check("allgreater", lambda: c.assertAllGreater(x, 0.5))
        check("allgreater fails", lambda: c.assertAllGreater(x, 1.0))
        check("allless", lambda: c.assertAllLess(x, 4.0))
        check("allgreaterequal", lambda: c.assertAllGreaterEqual(x, 1.0))
        check("alllessequal", lambda: c.assertAllLessEqual(x, 4.0))
        check("inrange", lambda: c.assertAllInRange(x, 1.0, 4.0))
        check("inrange open", lambda: c.assertAllInRange(x, 1.0, 4.0, open_upper_bound=True))
        check("inrange nan", lambda: c.assertAllInRange([1.0, np.nan], 0.0, 2.0))
        check("inrange strings", lambda: c.assertAllInRange(np.array(["a"]), 0, 1))
        check("inset", lambda: c.assertAllInSet([1, 2, 2], {1, 2}))
        check("inset fails", lambda: c.assertAllInSet([1, 3, 4], [1, 2]))
        check("dtype", lambda: c.assertDTypeEqual(x, np.float32))
        check("dtype fails", lambda: c.assertDTypeEqual(x, np.float64))
        check("near", lambda: c.assertNear(1.0, 1.05, 0.1))
        check("near fails", lambda: c.assertNear(1.0, 1.5, 0.1, msg="why"))
        check("arraynear", lambda: c.assertArrayNear([1.0, 2.0], [1.01, 2.0], 0.05))
        check("ndarraynear", lambda: c.assertNDArrayNear(np.ones(3), np.ones(3) * 1.1, 0.1))
        check("shape equal", lambda: c.assertShapeEqual(np.zeros((2, 2)), x))
        check("shape equal type", lambda: c.assertShapeEqual([1], x))
        check("device equal", lambda: c.assertDeviceEqual("/cpu:0", "/device:CPU:0"))
        check("raises op error", lambda: _raises(c.assertRaisesOpError("Incompatible shapes"),
                                                 lambda: tf.add([1, 2], [1, 2, 3])))
        check("raises op error wrong text", lambda: _raises(c.assertRaisesOpError("no such text"),
                                                            lambda: tf.add([1, 2], [1, 2, 3])))
        check("raises predicate", lambda: _raises(c.assertRaisesWithPredicateMatch(
            ValueError, lambda e: "bad" in str(e)), lambda: (_ for _ in ()).throw(ValueError("bad value"))))
        check("raises nothing", lambda: _raises(c.assertRaisesOpError("x"), lambda: None))
        check("len", lambda: c.assertLen([1, 2], 2))
        check("len fails", lambda: c.assertLen([1, 2], 3))
        check("empty", lambda: c.assertEmpty([]))
        check("startswith", lambda: c.assertStartsWith("varrt", "var"))
        check("evaluate", lambda: lines.append(f"evaluated | {c.evaluate({'x': x, 'v': tf.Variable(2.0)})}"))
        check("temp dir", lambda: c.assertTrue(c.get_temp_dir() == c.get_temp_dir()))
        check("session eagerly", lambda: c.session().__enter__().run(x))
        t, n = tf.test.compute_gradient(lambda a: tf.square(a) * 3.0 + tf.sin(a), [x])
        lines.append(f"compute_gradient | {t[0].tolist()} | {n[0].tolist()}")
        t, n = tf.test.compute_gradient(lambda a, b: tf.matmul(a, b), [x, tf.constant([[0.5], [2.0]])])
        lines.append(f"compute_gradient two | {[v.tolist() for v in t]} | {[v.tolist() for v in n]}")
        t, n = tf.test.compute_gradient(lambda a: tf.gather(a, [1, 1]), [tf.constant([1.0, 2.0, 3.0], tf.float64)])
        lines.append(f"compute_gradient gather | {t[0].tolist()} | {n[0].tolist()} | {t[0].dtype}")
        check("compute_gradient not a list", lambda: tf.test.compute_gradient(lambda a: a, 1.0))
        lines.append(f"build | {tf.test.is_built_with_cuda()} {tf.test.is_built_with_gpu_support()} "
                     f"{tf.test.is_built_with_rocm()} {tf.test.gpu_device_name()!r}")


def _raises(context, fn):
    with context:
        fn()


if __name__ == "__main__":
    result = unittest.main(argv=["program"], exit=False, verbosity=0).result
    lines.append(f"unittest | {result.testsRun} run, {len(result.failures)} failures, {len(result.errors)} errors")
    print("\n".join(lines))
