"""Fetching a variable, or what `v.assign*()` returned, in a TensorFlow 1 Session reads it through
a node made once: running the same fetches again adds nothing to the graph (TensorFlow 2.21 adds
no node per run either), so a training loop's time per run stays flat."""
import varrt as tf

tf1 = tf.compat.v1


def test_repeated_fetches_of_variables_and_update_results_add_no_nodes():
    with tf.Graph().as_default() as g:
        v = tf.Variable(0.0, name="v")
        w = tf.Variable(10.0, name="w")
        inc = v.assign_add(1.0)
        dec = w.assign_sub(1.0)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            fetches = [inc, v, [dec, w], {"v": v, "w": w}]
            for fetch in fetches:
                sess.run(fetch)
            nodes = len(g.get_operations())
            for _ in range(100):
                for fetch in fetches:  # alternating fetches of two variables: neither's read is remade
                    sess.run(fetch)
            assert len(g.get_operations()) == nodes
            assert (sess.run(v), sess.run(w)) == (101.0, -91.0)
            assert sess.run(inc) == 102.0  # the update's result: read after it



def test_each_update_result_runs_its_own_update():
    # TensorFlow 2.21 prints 51.0 10.0 8.0 9.0 7.0 7.0, then 57.0; varrt ran the variable's latest
    # recorded update whichever result was fetched (48.0 46.0 44.0 ...).
    with tf.Graph().as_default():
        v = tf.Variable(50.0)
        a = v.assign_add(1.0)
        b = v.assign(10.0)
        c = v.assign_sub(2.0)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            assert [float(sess.run(f)) for f in (a, b, c, a, c, v)] == [51.0, 10.0, 8.0, 9.0, 7.0, 7.0]
            for _ in range(50):
                sess.run(a)
            assert float(sess.run(v)) == 57.0
            assert float(sess.run(b)) == 10.0 and float(sess.run(a)) == 11.0
