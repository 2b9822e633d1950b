"""`varrt saved_model show DIR` prints what TensorFlow 2.21's `saved_model_cli show --dir DIR --all`
printed for the same SavedModel (tests/fixtures/saved_model/*/show_all.txt, recorded by
tests/tools/record_saved_models.py). The ops line prints a Python set, whose order follows string
hashing, so that line is compared as a set."""
import ast
import re

import pytest

from varrt.__main__ import main
from varrt.saved_model.saved_model_file import read_saved_model, write_saved_model

from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "saved_model"
NAMES = ["module_one_signature", "module_two_signatures", "keras_sequential", "keras_export", "module_traced"]
OPS_LINE = re.compile(r"^(The MetaGraph with tag set .* contains the following ops:) (\{.*\})$", re.M)


def split_ops(text):
    """The text with each ops set replaced by a marker, and the sets."""
    sets = [ast.literal_eval(m.group(2)) for m in OPS_LINE.finditer(text)]
    return OPS_LINE.sub(r"\1 <ops>", text), sets


def show(capsys, *argv):
    assert main(["saved_model", "show", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", NAMES)
def test_show_prints_what_saved_model_cli_printed(name, capsys):
    expected = (FIXTURES / name / "show_all.txt").read_text()
    text, ops = split_ops(show(capsys, str(FIXTURES / name)))
    expected_text, expected_ops = split_ops(expected)
    assert text == expected_text
    assert ops == expected_ops and len(ops) == 1


def test_show_takes_saved_model_clis_flags(capsys):
    directory = str(FIXTURES / "module_one_signature")
    assert show(capsys, "--dir", directory, "--all") == show(capsys, directory)


def test_show_of_a_changed_model(tmp_path, capsys):
    # Not a recording: the signature varrt adds is printed as saved_model_cli prints the others.
    saved_model = read_saved_model(FIXTURES / "module_one_signature")
    added = saved_model.meta_graphs[0].signature_def["by_index"]
    added.method_name = "tensorflow/serving/classify"
    added.inputs["ids"].dtype = 9
    added.inputs["ids"].name = "ids:0"
    for size in (-1, 7, 5):
        added.inputs["ids"].tensor_shape.dim.add().size = size
    added.outputs["any"].dtype = 21
    added.outputs["any"].tensor_shape.unknown_rank = True
    added.outputs["any"].name = "out:0"
    graph = saved_model.meta_graphs[0].object_graph_def
    back = graph.nodes[graph.nodes[0].children[0].node_id].children.add()  # a cycle back to the root
    back.node_id, back.local_name = 0, "root"
    write_saved_model(tmp_path, saved_model)
    text = show(capsys, str(tmp_path))
    assert ("signature_def['by_index']:\n"
            "  The given SavedModel SignatureDef contains the following input(s):\n"
            "    inputs['ids'] tensor_info:\n"
            "        dtype: DT_INT64\n"
            "        shape: (-1, 7, 5)\n"
            "        name: ids:0\n"
            "  The given SavedModel SignatureDef contains the following output(s):\n"
            "    outputs['any'] tensor_info:\n"
            "        dtype: DT_VARIANT\n"
            "        shape: unknown_rank\n"
            "        name: out:0\n"
            "  Method name is: tensorflow/serving/classify\n") in text


def test_show_without_a_saved_model(tmp_path, capsys):
    with pytest.raises(OSError, match="SavedModel file does not exist at"):
        main(["saved_model", "show", str(tmp_path)])
    with pytest.raises(SystemExit):
        main(["saved_model"])  # the subcommand is required: argparse's usage error


def test_show_with_a_tag_set_prints_what_saved_model_cli_printed(capsys):
    # saved_model_cli show --dir module_two_signatures --tag_set serve [--signature_def scaled --list_ops]
    directory = str(FIXTURES / "module_two_signatures")
    assert show(capsys, directory, "--tag_set", "serve") == (
        "The given SavedModel MetaGraphDef contains SignatureDefs with the following keys:\n"
        'SignatureDef key: "__saved_model_init_op"\n'
        'SignatureDef key: "scaled"\n'
        'SignatureDef key: "serving_default"\n')
    text, ops = split_ops(show(capsys, directory, "--tag_set", " serve,", "--signature_def", "scaled", "--list_ops"))
    assert text == (
        "The MetaGraph with tag set ['serve'] contains the following ops: <ops>\n"
        "The given SavedModel SignatureDef contains the following input(s):\n"
        "  inputs['n'] tensor_info:\n"
        "      dtype: DT_INT32\n"
        "      shape: (-1)\n"
        "      name: scaled_n:0\n"
        "  inputs['scale'] tensor_info:\n"
        "      dtype: DT_FLOAT\n"
        "      shape: ()\n"
        "      name: scaled_scale:0\n"
        "The given SavedModel SignatureDef contains the following output(s):\n"
        "  outputs['count'] tensor_info:\n"
        "      dtype: DT_INT32\n"
        "      shape: ()\n"
        "      name: StatefulPartitionedCall:0\n"
        "  outputs['scaled'] tensor_info:\n"
        "      dtype: DT_FLOAT\n"
        "      shape: (-1)\n"
        "      name: StatefulPartitionedCall:1\n"
        "Method name is: tensorflow/serving/predict\n")
    assert ops == [{"Mul", "ShardedFilename", "AddV2", "MatMul", "Select", "StaticRegexFullMatch",
                    "StatefulPartitionedCall", "NoOp", "Const", "SaveV2", "StringJoin", "Identity", "AssignVariableOp",
                    "ReadVariableOp", "Placeholder", "Size", "MergeV2Checkpoints", "Pack", "VarHandleOp", "Cast",
                    "DisableCopyOnRead", "RestoreV2"}]


def test_show_with_a_tag_set_or_signature_it_lacks():
    directory = str(FIXTURES / "module_two_signatures")
    with pytest.raises(RuntimeError) as info:
        main(["saved_model", "show", directory, "--tag_set", "serve,gpu"])
    assert str(info.value) == ("MetaGraphDef associated with tag-set serve,gpu could not be found in the SavedModel. "
                               "Please use one of the following tag-sets: ['serve']")
    with pytest.raises(ValueError) as info:
        main(["saved_model", "show", directory, "--tag_set", "serve", "--signature_def", "nope"])
    assert str(info.value) == ('Could not find signature "nope". Please choose from: __saved_model_init_op, scaled, '
                               'serving_default')
    with pytest.raises(ValueError, match="tag_set must contain at least one non-empty item."):
        main(["saved_model", "show", directory, "--tag_set", " , "])
