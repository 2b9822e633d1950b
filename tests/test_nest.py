"""tf.nest: flatten/pack/map/assert_same_structure with TensorFlow 2.21's results and error texts
(recorded here, from the same calls under TensorFlow)."""
import collections

import pytest

import varrt as tf

P = collections.namedtuple("P", "x y")

# name: (call, "OK" and the repr of its result, or the error class and its text)
CASES = {
    'ass_len': (lambda: tf.nest.assert_same_structure([1, 2], [1, 2, 3]),
              'ValueError', "The two structures don't have the same nested structure.\n\nFirst structure: type=list str=[1, 2]\n\nSecond structure: type=list str=[1, 2, 3]\n\nMore specifically: The two structures don't have the same number of elements. First structure: type=list str=[1, 2]. Second structure: type=list str=[1, 2, 3]\nEntire first structure:\n[., .]\nEntire second structure:\n[., ., .]"),
    'ass_nest': (lambda: tf.nest.assert_same_structure([1, [2]], [1, 2]),
              'ValueError', 'The two structures don\'t have the same nested structure.\n\nFirst structure: type=list str=[1, [2]]\n\nSecond structure: type=list str=[1, 2]\n\nMore specifically: Substructure "type=list str=[2]" is a sequence, while substructure "type=int str=2" is not\nEntire first structure:\n[., [.]]\nEntire second structure:\n[., .]'),
    'ass_type': (lambda: tf.nest.assert_same_structure([1, 2], (1, 2)),
              'TypeError', "The two structures don't have the same nested structure.\n\nFirst structure: type=list str=[1, 2]\n\nSecond structure: type=tuple str=(1, 2)\n\nMore specifically: The two namedtuples don't have the same sequence type. First structure type=list str=[1, 2] has type list, while second structure type=tuple str=(1, 2) has type tuple\nEntire first structure:\n[., .]\nEntire second structure:\n(., .)"),
    'ass_type_nocheck': (lambda: tf.nest.assert_same_structure([1, 2], (1, 2), check_types=False),
              "OK", 'None'),
    'ass_keys': (lambda: tf.nest.assert_same_structure({"a": 1}, {"b": 1}),
              'ValueError', "The two structures don't have the same nested structure.\n\nFirst structure: type=dict str={'a': 1}\n\nSecond structure: type=dict str={'b': 1}\n\nMore specifically: The two dictionaries don't have the same set of keys. First structure has keys type=list str=['a'], while second structure has keys type=list str=['b']\nEntire first structure:\n{'a': .}\nEntire second structure:\n{'b': .}"),
    'map_mismatch': (lambda: tf.nest.map_structure(lambda a, b: a, [1, 2], [1, 2, 3]),
              'ValueError', "The two structures don't have the same nested structure.\n\nFirst structure: type=list str=[1, 2]\n\nSecond structure: type=list str=[1, 2, 3]\n\nMore specifically: The two structures don't have the same number of elements. First structure: type=list str=[1, 2]. Second structure: type=list str=[1, 2, 3]\nEntire first structure:\n[., .]\nEntire second structure:\n[., ., .]"),
    'map_type': (lambda: tf.nest.map_structure(lambda a, b: a, [1, 2], (1, 2)),
              'TypeError', "The two structures don't have the same nested structure.\n\nFirst structure: type=list str=[1, 2]\n\nSecond structure: type=tuple str=(1, 2)\n\nMore specifically: The two namedtuples don't have the same sequence type. First structure type=list str=[1, 2] has type list, while second structure type=tuple str=(1, 2) has type tuple\nEntire first structure:\n[., .]\nEntire second structure:\n(., .)"),
    'pack': (lambda: tf.nest.pack_sequence_as([1, [2]], [1, 2, 3]),
              'ValueError', 'Could not pack sequence. Structure had 2 atoms, but flat_sequence had 3 items.  Structure: [1, [2]], flat_sequence: [1, 2, 3].'),
    'pack_flat_not_seq': (lambda: tf.nest.pack_sequence_as([1, 2], 5),
              'TypeError', "Attempted to pack value:\n  5\ninto a structure, but found incompatible type `<class 'int'>` instead."),
    'pack_atom': (lambda: tf.nest.pack_sequence_as(1, [5]),
              "OK", '5'),
    'pack_atom2': (lambda: tf.nest.pack_sequence_as(1, [5, 6]),
              'ValueError', "The target structure is of type `<class 'int'>`\n  1\nHowever the input is a sequence (<class 'list'>) of length 2.\n  [5, 6]\nnest cannot guarantee that it is safe to map one to the other."),
    'map_none': (lambda: tf.nest.map_structure(lambda a: a),
              'ValueError', 'Must provide at least one structure'),
    'map_kw': (lambda: tf.nest.map_structure(lambda a: a, [1], foo=1),
              'ValueError', 'Only valid keyword arguments are `check_types` and `expand_composites`, not: `foo`'),
    'flatten_none': (lambda: tf.nest.flatten(None),
              "OK", '[None]'),
    'flatten_dict': (lambda: tf.nest.flatten({"b": 1, "a": [2, 3]}),
              "OK", '[2, 3, 1]'),
    'is_nested_str': (lambda: (tf.nest.is_nested("ab"), tf.nest.is_nested([]), tf.nest.is_nested(None)),
              "OK", '(False, True, False)'),
    'nt': (lambda: tf.nest.map_structure(lambda v: v * 2, P(1, [2, 3])),
              "OK", 'P(x=2, y=[4, 6])'),
    'ass_nt': (lambda: tf.nest.assert_same_structure(P(1, 2), (1, 2)),
              'TypeError', "The two structures don't have the same nested structure.\n\nFirst structure: type=P str=P(x=1, y=2)\n\nSecond structure: type=tuple str=(1, 2)\n\nMore specifically: The two namedtuples don't have the same sequence type. First structure type=P str=P(x=1, y=2) has type P, while second structure type=tuple str=(1, 2) has type tuple\nEntire first structure:\nP(x=., y=.)\nEntire second structure:\n(., .)"),
    'ordered': (lambda: tf.nest.flatten(collections.OrderedDict([("b", 1), ("a", 2)])),
              "OK", '[2, 1]'),
    'map_dict_order': (lambda: tf.nest.map_structure(lambda v: v, {"b": 1, "a": 2}),
              "OK", "{'b': 1, 'a': 2}"),
    'ass_dict_types': (lambda: tf.nest.assert_same_structure({"a": 1}, collections.OrderedDict(a=1)),
              "OK", 'None'),
    'unsortable': (lambda: tf.nest.flatten({1: 1, "a": 2}),
              'TypeError', "'<' not supported between instances of 'str' and 'int'"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_tensorflow(name):
    call, kind, expected = CASES[name]
    if kind == "OK":
        assert repr(call()) == expected
        return
    with pytest.raises(Exception) as e:
        call()
    assert type(e.value).__name__ == kind
    assert str(e.value) == expected
