"""Lists, dicts and tuples held by a Module or Checkpoint are TensorFlow's wrappers
(ListWrapper, _DictWrapper, _TupleWrapper): their printed text and type names (the expected
strings are what TensorFlow 2.21 printed for the same code), the list/dict API, and deferred
restoration: an element appended (or a key assigned) after a restore that had it gets the
checkpoint's value."""
import collections
import copy
import os
import pickle

import numpy as np
import pytest

import varrt as tf


class Plain:
    """A plain Python object (not a Module)."""


# --- what they are and how they print -----------------------------------------------------------

def test_list_attribute_is_a_list_wrapper():
    m = tf.Module()
    m.layers = []
    assert repr(m.layers) == "ListWrapper([])"
    assert str(m.layers) == "ListWrapper([])"
    assert type(m.layers).__name__ == "ListWrapper"
    assert isinstance(m.layers, list)
    assert m.layers == [] and [] == m.layers


def test_dict_attribute_is_a_dict_wrapper():
    m = tf.Module()
    m.d = {}
    assert repr(m.d) == "DictWrapper({})"
    assert str(m.d) == "{}"
    assert type(m.d).__name__ == "_DictWrapper"
    assert isinstance(m.d, dict)
    assert m.d == {}


def test_nested_structures_are_wrapped():
    m = tf.Module()
    m.d2 = {"a": 1, "b": [1, 2]}
    assert repr(m.d2) == "DictWrapper({'a': 1, 'b': ListWrapper([1, 2])})"
    assert type(m.d2["b"]).__name__ == "ListWrapper"
    m.l2 = [1, [2, 3], {"x": 4}, (5,)]
    assert repr(m.l2) == "ListWrapper([1, ListWrapper([2, 3]), DictWrapper({'x': 4}), (5,)])"
    assert [type(x).__name__ for x in m.l2] == ["int", "ListWrapper", "_DictWrapper", "tuple"]
    m.t3 = ((1,), {"a": 1})
    assert repr(m.t3) == "_TupleWrapper(((1,), DictWrapper({'a': 1})))"


def test_tuple_wrapper_only_for_trackable_contents():
    m = tf.Module()
    v = tf.Variable(1.0)
    m.t = (v, 2)
    assert repr(m.t) == ("_TupleWrapper((<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>, 2))")
    assert str(m.t) == "(<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>, 2)"
    assert type(m.t).__name__ == "_TupleWrapper"
    assert isinstance(m.t, tuple) and m.t == (v, 2)
    m.t2 = (1, 2)
    assert type(m.t2) is tuple and repr(m.t2) == "(1, 2)"
    m.t4 = ([1], 2)
    assert repr(m.t4) == "_TupleWrapper((ListWrapper([1]), 2))"


def test_list_of_variables_prints_like_tensorflow():
    m = tf.Module()
    m.l3 = [tf.Variable(1.0)]
    expected = "ListWrapper([<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>])"
    assert repr(m.l3) == expected
    assert str(m.l3) == expected


def test_checkpoint_attributes_and_kwargs_are_wrapped_but_plain_objects_are_not():
    c = tf.train.Checkpoint(l=[], d={})
    assert (type(c.l).__name__, type(c.d).__name__) == ("ListWrapper", "_DictWrapper")
    c.l2, c.d2, c.t = [], {}, (tf.Variable(1.0),)
    assert [type(x).__name__ for x in (c.l2, c.d2, c.t)] == ["ListWrapper", "_DictWrapper", "_TupleWrapper"]
    assert repr(tf.train.Checkpoint(l=[1]).l) == "ListWrapper([1])"
    p = Plain()
    p.l = []
    c.p = p
    assert type(p.l) is list  # TensorFlow does not wrap on plain objects either


def test_subclasses_and_the_same_wrapper_are_kept():
    class L(list):
        pass

    m = tf.Module()
    m.sl = L([1])
    assert type(m.sl) is L
    m.l = []
    w = m.l
    m.l2 = w
    assert m.l2 is w


def test_hash_errors_are_tensorflows():
    m = tf.Module()
    m.l, m.d = [], {}
    with pytest.raises(TypeError, match=r"^unhashable type: 'ListWrapper'$"):
        hash(m.l)
    with pytest.raises(TypeError, match=r"^unhashable type: 'DictWrapper'$"):
        hash(m.d)


# --- the list and dict API ------------------------------------------------------------------------

def test_list_api_wraps_what_tensorflow_wraps():
    m = tf.Module()
    m.layers = []
    m.layers.append(1)
    m.layers.extend([2, 3])
    assert repr(m.layers) == "ListWrapper([1, 2, 3])"
    assert type(m.layers[1:]) is list and m.layers[1:] == [2, 3]
    assert type(m.layers + [4]) is list and type([0] + m.layers) is list
    m.layers.append([7])
    assert type(m.layers[-1]).__name__ == "ListWrapper"
    assert repr(m.layers * 2) == "[1, 2, 3, ListWrapper([7]), 1, 2, 3, ListWrapper([7])]"
    assert m.layers == [1, 2, 3, [7]] and [1, 2, 3, [7]] == m.layers and m.layers != [1]

    m.l = []
    m.l.insert(0, [1])
    assert type(m.l[0]) is list  # TensorFlow's insert does not wrap
    m.l += [[2]]
    assert type(m.l).__name__ == "ListWrapper" and type(m.l[-1]).__name__ == "ListWrapper"
    m.l[0] = [3]
    assert type(m.l[0]).__name__ == "ListWrapper"
    m.l[0:1] = [[4]]
    assert repr(m.l) == "ListWrapper([ListWrapper([4]), ListWrapper([2])])"
    assert type(m.l.copy()).__name__ == "ListWrapper"
    m.l *= 2
    assert repr(m.l) == "ListWrapper([ListWrapper([4]), ListWrapper([2]), ListWrapper([4]), ListWrapper([2])])"
    assert repr(m.l.pop()) == "ListWrapper([2])"
    assert m.l < [[99]] and m.l > []


def test_dict_api_wraps_what_tensorflow_wraps():
    m = tf.Module()
    m.d = {}
    m.d["k"] = [1]
    assert str(m.d) == "{'k': ListWrapper([1])}"
    m.d.update(z={"q": 1})
    assert type(m.d["z"]).__name__ == "_DictWrapper"
    assert m.d == {"k": [1], "z": {"q": 1}} and {"k": [1], "z": {"q": 1}} == m.d
    assert len(m.d) == 2 and list(m.d) == ["k", "z"] and "k" in m.d
    m.d.setdefault("s", [3])
    assert type(m.d["s"]) is list  # as in TensorFlow, setdefault bypasses the wrapper
    assert type(m.d.copy()).__name__ == "_DictWrapper"
    assert type(m.d | {}) is dict
    m.d |= {"w": [1]}
    assert type(m.d).__name__ == "_DictWrapper" and type(m.d["w"]) is list


def test_copy_and_pickle_give_tensorflows_types():
    m = tf.Module()
    m.layers = [1, [7]]
    m.d = {"k": [1]}
    m.t = (tf.Variable(1.0),)
    assert type(copy.copy(m.layers)).__name__ == "ListWrapper"
    assert type(copy.deepcopy(m.layers)).__name__ == "ListWrapper"
    assert type(copy.copy(m.d)).__name__ == "_DictWrapper"
    assert type(copy.deepcopy(m.d)).__name__ == "_DictWrapper"
    assert repr(copy.deepcopy(m.layers)) == "ListWrapper([1, ListWrapper([7])])"
    unpickled = pickle.loads(pickle.dumps(m.layers))
    assert type(unpickled).__name__ == "ListWrapper" and unpickled == [1, [7]]
    assert type(pickle.loads(pickle.dumps(m.d))) is dict
    assert type(pickle.loads(pickle.dumps((1, [2])))) is tuple


def test_module_finds_variables_in_wrapped_structures():
    m = tf.Module()
    m.vl = [tf.Variable(2.0)]
    m.vd = {"a": tf.Variable(3.0), "n": [tf.Variable(4.0, trainable=False)]}
    m.vl.append(tf.Variable(5.0))
    m.vt = (tf.Variable(6.0),)
    assert sorted(float(v.numpy()) for v in m.trainable_variables) == [2.0, 3.0, 5.0, 6.0]
    assert [float(v.numpy()) for v in m.non_trainable_variables] == [4.0]


def test_namedtuple_keeps_its_type_with_wrapped_elements():
    nt = collections.namedtuple("NT", "a b")
    m = tf.Module()
    m.nt = nt(tf.Variable(1.0), [1])
    assert isinstance(m.nt, nt) and float(m.nt.a.numpy()) == 1.0
    assert type(m.nt.b).__name__ == "ListWrapper"


def test_saved_names_are_unchanged(tmp_path):
    m = tf.Module()
    m.l = [tf.Variable(1.0), [tf.Variable(2.0)]]
    m.d = {"a": tf.Variable(3.0)}
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "c"))
    names = {name for name, _ in tf.train.list_variables(path)}
    assert {"m/l/0/.ATTRIBUTES/VARIABLE_VALUE", "m/l/1/0/.ATTRIBUTES/VARIABLE_VALUE",
            "m/d/a/.ATTRIBUTES/VARIABLE_VALUE"} <= names


# --- deferred restoration ------------------------------------------------------------------------

def _saved(tmp_path):
    m = tf.Module()
    m.l = [tf.Variable(1.0), tf.Variable([2.0, 3.0]), tf.Variable(4.0)]
    m.d = {"a": tf.Variable(5.0), "b": tf.Variable(6.0), "n": [tf.Variable(7.0)]}
    sub = tf.Module()
    sub.w = tf.Variable(8.0)
    m.l.append(sub)
    return tf.train.Checkpoint(m=m).write(str(tmp_path / "ckpt"))


def test_append_after_restore_restores_the_element(tmp_path):
    path = _saved(tmp_path)
    m = tf.Module()
    m.l = [tf.Variable(0.0)]
    tf.train.Checkpoint(m=m).restore(path)
    assert float(m.l[0].numpy()) == 1.0
    v = tf.Variable([0.0, 0.0])
    m.l.append(v)
    np.testing.assert_array_equal(v.numpy(), [2.0, 3.0])
    v = tf.Variable(0.0)
    m.l.append(v)
    assert float(v.numpy()) == 4.0
    s = tf.Module()
    s.w = tf.Variable(0.0)
    m.l.append(s)  # the variables below an appended module too
    assert float(s.w.numpy()) == 8.0


def test_dict_assignment_after_restore_restores_the_value(tmp_path):
    path = _saved(tmp_path)
    m = tf.Module()
    m.d = {"a": tf.Variable(0.0)}
    tf.train.Checkpoint(m=m).restore(path)
    assert float(m.d["a"].numpy()) == 5.0
    v = tf.Variable(0.0)
    m.d["b"] = v
    assert float(v.numpy()) == 6.0
    m.d["n"] = [tf.Variable(0.0)]  # a nested list
    assert float(m.d["n"][0].numpy()) == 7.0


def test_extend_setitem_and_update_restore_but_insert_and_setdefault_do_not(tmp_path):
    path = _saved(tmp_path)
    m = tf.Module()
    m.l = []
    tf.train.Checkpoint(m=m).restore(path)
    m.l.extend([tf.Variable(0.0), tf.Variable([0.0, 0.0])])
    assert float(m.l[0].numpy()) == 1.0
    np.testing.assert_array_equal(m.l[1].numpy(), [2.0, 3.0])

    m = tf.Module()
    m.l = [None, None]
    tf.train.Checkpoint(m=m).restore(path)
    m.l[1] = tf.Variable([0.0, 0.0])
    np.testing.assert_array_equal(m.l[1].numpy(), [2.0, 3.0])

    m = tf.Module()
    m.l = []
    tf.train.Checkpoint(m=m).restore(path)
    m.l.insert(0, tf.Variable(0.0))
    assert float(m.l[0].numpy()) == 0.0

    m = tf.Module()
    m.d = {}
    tf.train.Checkpoint(m=m).restore(path)
    m.d.update(a=tf.Variable(0.0))
    assert float(m.d["a"].numpy()) == 5.0
    m.d.setdefault("b", tf.Variable(0.0))
    assert float(m.d["b"].numpy()) == 0.0


def test_nested_list_keeps_pending_values(tmp_path):
    m = tf.Module()
    m.l = [[tf.Variable(1.0), tf.Variable(2.0)]]
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "nested"))
    fresh = tf.Module()
    fresh.l = []
    tf.train.Checkpoint(m=fresh).restore(path)
    fresh.l.append([tf.Variable(0.0)])  # the inner list arrives with one of its two elements
    assert float(fresh.l[0][0].numpy()) == 1.0
    fresh.l[0].append(tf.Variable(0.0))
    assert float(fresh.l[0][1].numpy()) == 2.0


def test_restored_later_counts_as_matched(tmp_path):
    m = tf.Module()
    m.l = [tf.Variable(1.0)]
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "c"))
    fresh = tf.Module()
    fresh.l = []
    ckpt = tf.train.Checkpoint(m=fresh)
    status = ckpt.read(path)
    with pytest.raises(AssertionError, match="Unresolved object in checkpoint"):
        status.assert_consumed()
    fresh.l.append(tf.Variable(0.0))
    status.assert_consumed()


def test_values_are_read_at_restore_time(tmp_path):
    # varrt's choice (as for every deferred value, see varrt/train/_deferred.py): TensorFlow
    # reads the file when the element is appended, and would give 9.0 here.
    m = tf.Module()
    m.l = [tf.Variable(1.0)]
    ckpt = tf.train.Checkpoint(m=m)
    path = ckpt.write(str(tmp_path / "c"))
    fresh = tf.Module()
    fresh.l = []
    tf.train.Checkpoint(m=fresh).restore(path)
    m.l[0].assign(9.0)
    ckpt.write(path)  # overwritten after the restore
    fresh.l.append(tf.Variable(0.0))
    assert float(fresh.l[0].numpy()) == 1.0


def test_non_trackable_append_does_not_take_the_value(tmp_path):
    path = _saved(tmp_path)
    m = tf.Module()
    m.l = []
    tf.train.Checkpoint(m=m).restore(path)
    m.l.append("not trackable")
    m.l[0] = tf.Variable(0.0)
    assert float(m.l[0].numpy()) == 1.0


def test_existing_elements_are_not_restored_again(tmp_path):
    path = _saved(tmp_path)
    m = tf.Module()
    m.l = [tf.Variable(0.0)]
    tf.train.Checkpoint(m=m).restore(path)
    m.l[0] = tf.Variable(-1.0)  # index 0 was matched at restore time
    assert float(m.l[0].numpy()) == -1.0


def test_wrong_shape_after_restore_is_left_unrestored_as_in_tensorflow(tmp_path):
    # TensorFlow raises "Received incompatible tensor with shape () when attempting to restore
    # variable with shape (3,) and name Variable:0." inside ListWrapper._track_value, which
    # catches ValueError: the element is appended, keeps its value, and no error reaches the
    # caller. varrt does the same.
    m = tf.Module()
    m.l = [tf.Variable(1.0), tf.Variable([2.0, 3.0])]
    m.d = {"a": tf.Variable([5.0, 6.0])}
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "c"))
    fresh = tf.Module()
    fresh.l, fresh.d = [], {}
    tf.train.Checkpoint(m=fresh).restore(path)
    fresh.l.append(tf.Variable([0.0, 0.0, 0.0]))
    np.testing.assert_array_equal(fresh.l[0].numpy(), [0.0, 0.0, 0.0])
    fresh.d["a"] = tf.Variable([0.0, 0.0, 0.0])
    np.testing.assert_array_equal(fresh.d["a"].numpy(), [0.0, 0.0, 0.0])
    fresh.l.append(tf.Variable([0.0, 0.0]))  # the next index still restores
    np.testing.assert_array_equal(fresh.l[1].numpy(), [2.0, 3.0])


def test_wrong_dtype_after_restore_raises_and_does_not_append(tmp_path):
    m = tf.Module()
    m.l = [tf.Variable(1.0)]
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "c"))
    fresh = tf.Module()
    fresh.l = []
    tf.train.Checkpoint(m=fresh).restore(path)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^tensor_name = m/l/0/\.ATTRIBUTES/VARIABLE_VALUE; expected dtype int32 does not "
                             r"equal original dtype float$"):
        fresh.l.append(tf.Variable(0, dtype=tf.int32))
    assert fresh.l == []


def test_checkpoint_list_attribute_restores_on_append(tmp_path):
    path = tf.train.Checkpoint(vars=[tf.Variable(float(i)) for i in range(3)]).write(str(tmp_path / "c"))
    ckpt = tf.train.Checkpoint(vars=[])
    ckpt.read(path)
    for _ in range(3):
        ckpt.vars.append(tf.Variable(-1.0))
    assert [float(v.numpy()) for v in ckpt.vars] == [0.0, 1.0, 2.0]


# --- TensorFlow's append-only rule: outcomes recorded with TensorFlow 2.21 --------------------

_V = lambda x: tf.Variable(float(x))  # noqa: E731
_MUTATIONS = [  # (case, initial list, mutation, True when TensorFlow 2.21 saved it)
    ("del plain", lambda: [1, 2], lambda l: l.__delitem__(0), True),
    ("set plain->plain", lambda: [1, 2], lambda l: l.__setitem__(0, 5), True),
    ("set plain->var", lambda: [1, 2], lambda l: l.__setitem__(0, _V(5)), True),
    ("set var->plain", lambda: [_V(1), 2], lambda l: l.__setitem__(0, 5), False),
    ("sort plain", lambda: [2, 1], lambda l: l.sort(), True),
    ("reverse mixed", lambda: [_V(1), 2], lambda l: l.reverse(), False),
    ("pop plain", lambda: [_V(1), 2], lambda l: l.pop(), False),
    ("pop var", lambda: [1, _V(2)], lambda l: l.pop(), False),
    ("remove plain", lambda: [_V(1), 2], lambda l: l.remove(2), False),
    ("clear", lambda: [_V(1)], lambda l: l.clear(), False),
    ("iadd", lambda: [_V(1)], lambda l: l.__iadd__([_V(2)]), True),
    ("imul", lambda: [_V(1)], lambda l: l.__imul__(2), True),
    ("extend", lambda: [_V(1)], lambda l: l.extend([_V(2)]), True),
    ("slice set", lambda: [_V(1), _V(2)], lambda l: l.__setitem__(slice(1, 2), [_V(3)]), False),
    ("set negative", lambda: [_V(1), _V(2)], lambda l: l.__setitem__(-1, _V(3)), False),
    ("insert plain at end", lambda: [_V(1)], lambda l: l.insert(5, 3), False),
    ("insert var", lambda: [_V(1)], lambda l: l.insert(1, _V(3)), False),
    ("delete var", lambda: [_V(1)], lambda l: l.__delitem__(0), False),
]


@pytest.mark.parametrize("case, make, mutate, saves", _MUTATIONS, ids=[m[0] for m in _MUTATIONS])
def test_non_append_mutations_make_a_list_unsaveable_as_in_tensorflow(tmp_path, case, make, mutate, saves):
    m = tf.Module()
    m.l = make()
    mutate(m.l)
    ckpt = tf.train.Checkpoint(m=m)
    if saves:
        ckpt.write(str(tmp_path / "ok"))
        return
    with pytest.raises(ValueError) as raised:
        ckpt.write(str(tmp_path / "no"))
    assert str(raised.value) == (
        f"Unable to save the object {m.l!r} (a list wrapper constructed to track trackable TensorFlow objects). A "
        "list element was replaced (__setitem__, __setslice__), deleted (__delitem__, __delslice__), or moved (sort). "
        "In order to support restoration on object creation, tracking is exclusively for append-only data "
        "structures.\n\nIf you don't need this list checkpointed, wrap it in a non-trackable object; it will be "
        "subsequently ignored.")
    assert not os.path.exists(tmp_path / "no.index")


def test_a_mutated_list_still_lists_its_variables():
    m = tf.Module()
    m.l = [tf.Variable(1.0), tf.Variable(2.0)]
    del m.l[0]
    assert [float(v.numpy()) for v in m.trainable_variables] == [2.0]


def test_an_ordered_dict_is_wrapped_and_prints_as_tensorflows():
    m = tf.Module()
    m.d = collections.OrderedDict(b=tf.Variable(1.0), a=2)
    v = "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"
    assert repr(m.d) == f"DictWrapper(OrderedDict([('b', {v}), ('a', 2)]))"  # TensorFlow 2.21's text
    assert str(m.d) == f"OrderedDict([('b', {v}), ('a', 2)])"
    assert type(m.d).__name__ == "_DictWrapper" and isinstance(m.d, dict)
    m.d["c"] = 3
    assert list(m.d) == ["b", "a", "c"]
    assert repr(m.d.copy()) == f"DictWrapper(OrderedDict([('b', {v}), ('a', 2), ('c', 3)]))"


NT = collections.namedtuple("NT", "a b")  # module level: pickle finds it


def test_a_namedtuple_becomes_a_tuple_wrapper_as_tensorflows(tmp_path):
    m = tf.Module()
    m.t = NT(tf.Variable(1.0), [2])
    v = "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"
    # TensorFlow 2.21's outputs for the same lines:
    assert repr(m.t) == f"_TupleWrapper(NT(a={v}, b=ListWrapper([2])))"
    assert str(m.t) == f"NT(a={v}, b=ListWrapper([2]))"
    assert type(m.t).__name__ == "_TupleWrapper" and isinstance(m.t, NT) and m.t._fields == ("a", "b")
    assert type(copy.copy(m.t)).__name__ == "_TupleWrapper"
    assert type(m.t._replace(b=3)) is NT and type(pickle.loads(pickle.dumps(m.t))) is NT
    # The key TensorFlow 2.21 writes for it.
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "nt"))
    assert [name for name, _ in tf.train.list_variables(path)] == ["_CHECKPOINTABLE_OBJECT_GRAPH",
                                                                  "m/t/a/.ATTRIBUTES/VARIABLE_VALUE"]
    fresh = tf.Module()
    fresh.t = NT(tf.Variable(0.0), [2])
    tf.train.Checkpoint(m=fresh).read(path).assert_consumed()
    assert float(fresh.t.a.numpy()) == 1.0
