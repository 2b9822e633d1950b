"""Reading and writing TensorFlow's SavedModel files (varrt.saved_model): saved_model.pb files
TensorFlow 2.21 wrote (tests/fixtures/saved_model, recorded by tests/tools/record_saved_models.py)
decode to exactly the fields TensorFlow's protobuf library parses (decoded.txt.gz), re-encode to
TensorFlow's bytes, survive edits written back through write_saved_model, and damaged files raise
DataLossError; the message views give protobuf's defaults and errors."""
import ast
import gzip
import shutil

import pytest

from varrt import errors
from varrt.saved_model.proto import Message, fields_of
from varrt.saved_model.saved_model_file import (read_fingerprint_message, read_saved_model, write_saved_model)

from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "saved_model"
NAMES = ["module_one_signature", "module_two_signatures", "keras_sequential", "keras_export", "module_traced"]


def recorded_fields(name):
    with gzip.open(FIXTURES / name / "decoded.txt.gz", "rt") as f:
        return ast.literal_eval(f.read())


@pytest.mark.parametrize("name", NAMES)
def test_every_field_tensorflow_parses_is_decoded(name):
    saved_model = read_saved_model(FIXTURES / name)
    assert fields_of(saved_model) == recorded_fields(name)


@pytest.mark.parametrize("name", NAMES)
def test_reencoding_gives_tensorflows_bytes(name):
    data = (FIXTURES / name / "saved_model.pb").read_bytes()
    saved_model = read_saved_model(FIXTURES / name)
    assert saved_model.to_bytes() == data
    assert Message.from_bytes("tensorflow.SavedModel", saved_model.to_bytes()) == saved_model


def test_signatures_and_functions_read_as_tensorflow_has_them():
    meta_graph = read_saved_model(FIXTURES / "module_two_signatures").meta_graphs[0]
    assert list(meta_graph.meta_info_def.tags) == ["serve"]
    assert meta_graph.meta_info_def.tensorflow_version == "2.21.0"
    scaled = meta_graph.signature_def["scaled"]
    assert scaled.method_name == "tensorflow/serving/predict"
    assert scaled.inputs["n"].name == "scaled_n:0"
    assert scaled.inputs["n"].dtype == 3  # DT_INT32
    assert [d.size for d in scaled.inputs["n"].tensor_shape.dim] == [-1]
    assert not scaled.inputs["scale"].tensor_shape.dim  # a scalar: no dims, known rank
    assert not scaled.inputs["scale"].tensor_shape.unknown_rank
    assert sorted(scaled.outputs.keys()) == ["count", "scaled"]
    assert meta_graph.saver_def.version == 2  # SaverDef.V2
    kinds = [n.WhichOneof("kind") for n in meta_graph.object_graph_def.nodes]
    assert kinds.count("variable") == 2 and kinds.count("function") == 2 and kinds[0] == "user_object"
    variables = [n.variable for n in meta_graph.object_graph_def.nodes if n.WhichOneof("kind") == "variable"]
    assert sorted((v.name, v.dtype, [d.size for d in v.shape.dim]) for v in variables) == [
        ("b", 1, []), ("w", 1, [3, 1])]
    functions = {f.signature.name: f for f in meta_graph.graph_def.library.function}
    call = [n for n in meta_graph.object_graph_def.nodes if n.WhichOneof("kind") == "function"
            and n.function.function_spec.input_signature.tuple_value.values[0].tensor_spec_value.name == "x"]
    (concrete,) = call[0].function.concrete_functions
    ops = sorted(node.op for node in functions[concrete].node_def)
    assert ops == ["AddV2", "Identity", "MatMul", "NoOp", "ReadVariableOp", "ReadVariableOp"]
    matmul = next(n for n in functions[concrete].node_def if n.op == "MatMul")
    assert sorted(matmul.attr) == ["T", "_output_shapes"]  # TensorFlow strips attributes at their defaults
    assert matmul.attr["T"].type == 1 and matmul.attr["T"].WhichOneof("value") == "type"
    assert [d.size for d in matmul.attr["_output_shapes"].list.shape[0].dim] == [-1, 1]


def test_fingerprint_reads():
    fingerprint = read_fingerprint_message(FIXTURES / "module_one_signature")
    # As TensorFlow's FingerprintDef prints them (uint64s above 2^63 read unsigned).
    assert fields_of(fingerprint) == {
        "saved_model_checksum": 3016804510863903984, "graph_def_program_hash": 8185272460150869702,
        "signature_def_hash": 819990609152880085, "saved_object_graph_hash": 5438591198416537464,
        "checkpoint_hash": 13428138311969308096, "version": {"producer": 4},
        "uuid": "307024204564899485670578995415493568820"}
    with pytest.raises(FileNotFoundError, match="SavedModel Fingerprint Error: Could not find fingerprint in directory"):
        read_fingerprint_message(FIXTURES)


def test_edits_are_written_back(tmp_path):
    saved_model = read_saved_model(FIXTURES / "module_one_signature")
    meta_graph = saved_model.meta_graphs[0]
    meta_graph.signature_def["serving_default"].method_name = "tensorflow/serving/regress"
    added = meta_graph.signature_def["extra"]
    added.inputs["big"].dtype = 9
    added.inputs["big"].tensor_shape.dim.add().size = -1
    added.inputs["big"].tensor_shape.dim.add().size = 2 ** 40
    meta_graph.meta_info_def.tags.append("gpu")
    write_saved_model(tmp_path, saved_model)
    again = read_saved_model(tmp_path)
    assert again == saved_model
    assert again.meta_graphs[0].signature_def["serving_default"].method_name == "tensorflow/serving/regress"
    assert [d.size for d in again.meta_graphs[0].signature_def["extra"].inputs["big"].tensor_shape.dim] == [-1, 2 ** 40]
    assert list(again.meta_graphs[0].meta_info_def.tags) == ["serve", "gpu"]


def test_message_views_follow_protobuf():
    # Equality as protobuf's: empty repeated fields and proto3 defaults are unset fields.
    assert Message("tensorflow.SignatureDef", {"inputs": {}, "method_name": ""}) == Message("tensorflow.SignatureDef")
    assert Message("tensorflow.SignatureDef", {"method_name": "a"}) != Message("tensorflow.SignatureDef",
                                                                                {"method_name": "b"})
    assert Message("tensorflow.SignatureDef") != Message("tensorflow.TensorInfo")
    # Reading an unset submessage leaves it unset; setting something in it sets it.
    saved_model = Message("tensorflow.SavedModel")
    meta_graph = saved_model.meta_graphs.add()
    assert meta_graph.saver_def.version == 0 and meta_graph.object_graph_def.nodes[:] == []
    assert not meta_graph.HasField("saver_def") and not meta_graph.HasField("object_graph_def")
    assert saved_model.to_bytes() == b"\x12\x00"  # one empty MetaGraphDef
    meta_graph.meta_info_def.tags.append("serve")
    meta_graph.saver_def.version = 2
    assert meta_graph.HasField("meta_info_def") and meta_graph.HasField("saver_def")
    assert [name for name, _ in meta_graph.ListFields()] == ["meta_info_def", "saver_def"]
    assert fields_of(Message.from_bytes("tensorflow.SavedModel", saved_model.to_bytes())) == {
        "meta_graphs": [{"meta_info_def": {"tags": ["serve"]}, "saver_def": {"version": 2}}]}
    attr = Message("tensorflow.AttrValue", {"list": {}})  # an empty list value: set, as TensorFlow writes it
    assert attr.WhichOneof("value") == "list" and attr.to_bytes() == b"\x0a\x00"
    graph = Message("tensorflow.SavedObjectGraph")
    node = Message("tensorflow.SavedObject")
    node.variable.name = "v"
    graph.nodes.append(node)
    graph.nodes.extend([node, node])
    del graph.nodes[0]
    assert [n.variable.name for n in graph.nodes] == ["v", "v"]
    with pytest.raises(TypeError, match="expected a tensorflow.SavedObject message"):
        graph.nodes.append(Message("tensorflow.SavedVariable"))
    signature = Message("tensorflow.SignatureDef")
    signature.inputs["x"].name = "x:0"
    assert signature.inputs.get("x").name == "x:0" and signature.inputs.get("y") is None
    del signature.inputs["x"]
    assert len(signature.inputs) == 0
    message = Message("tensorflow.SignatureDef")
    assert message.method_name == "" and len(message.inputs) == 0 and not message.HasField("method_name")
    message.method_name = "m"
    assert message.HasField("method_name")
    with pytest.raises(AttributeError, match="^nope$"):
        message.nope
    with pytest.raises(AttributeError, match='Assignment not allowed to map, or repeated field "inputs"'):
        message.inputs = {}
    attr = Message("tensorflow.AttrValue")
    attr.s = b"x"
    attr.i = 0
    assert attr.WhichOneof("value") == "i" and fields_of(attr) == {"i": 0}
    assert fields_of(Message.from_bytes("tensorflow.AttrValue", attr.to_bytes())) == {"i": 0}
    dim = Message("tensorflow.TensorShapeProto.Dim")
    dim.size = 2 ** 63
    with pytest.raises(ValueError, match="Value out of range: 9223372036854775808"):
        dim.to_bytes()
    dim.size = "3"
    with pytest.raises(TypeError, match="'3' has type str, but expected one of: int"):
        dim.to_bytes()


def test_missing_and_damaged_files(tmp_path):
    with pytest.raises(OSError, match=r"SavedModel file does not exist at: .*/\{saved_model.pbtxt\|saved_model.pb\}"):
        read_saved_model(tmp_path)
    data = (FIXTURES / "keras_export" / "saved_model.pb").read_bytes()
    (tmp_path / "saved_model.pb").write_bytes(data[:len(data) // 3])
    with pytest.raises(errors.DataLossError, match=r"saved_model.pb is not a valid tensorflow.SavedModel: "
                                                   r"a truncated or malformed field in tensorflow\."):
        read_saved_model(tmp_path)
    (tmp_path / "saved_model.pb").write_bytes(b"\x12\x80\x80\x80\x80\x80\x80\x01xyz")  # 2^48 bytes claimed
    with pytest.raises(errors.DataLossError, match="a truncated or malformed field in tensorflow.SavedModel$"):
        read_saved_model(tmp_path)
    (tmp_path / "saved_model.pb").unlink()
    (tmp_path / "saved_model.pbtxt").write_text("saved_model_schema_version: 1\n")
    with pytest.raises(NotImplementedError, match="text-format SavedModels"):
        read_saved_model(tmp_path)


def test_a_cyclic_object_graph_reads(tmp_path):
    # TensorFlow writes cycles (a child holding its parent) and loads them; so does varrt.
    saved_model = read_saved_model(FIXTURES / "module_one_signature")
    graph = saved_model.meta_graphs[0].object_graph_def
    first_child = graph.nodes[0].children[0]
    back = graph.nodes[first_child.node_id].children.add()
    back.node_id, back.local_name = 0, "parent"
    write_saved_model(tmp_path, saved_model)
    assert read_saved_model(tmp_path).meta_graphs[0].object_graph_def.nodes[first_child.node_id].children[-1].node_id == 0
    back.node_id = len(graph.nodes)
    write_saved_model(tmp_path, saved_model)
    with pytest.raises(errors.DataLossError, match=f"names a child node {len(graph.nodes)}, outside its "
                                                   f"{len(graph.nodes)} nodes"):
        read_saved_model(tmp_path)


def varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def deep_bytes(levels):
    """A StructuredValue nested `levels` list values deep, written by hand (field numbers from
    struct.proto: StructuredValue.list_value = 51, ListValue.values = 1)."""
    def length_delimited(field, payload):
        return varint((field << 3) | 2) + varint(len(payload)) + payload

    value = b""
    for _ in range(levels):
        value = length_delimited(51, length_delimited(1, value))
    return value


def test_nesting_is_bounded_both_ways():
    def nested(levels):
        value = {}
        for _ in range(levels):
            value = {"list_value": {"values": [value]}}
        return Message("tensorflow.StructuredValue", value)

    fine = nested(49)  # 99 levels of messages: protobuf's limit is 100
    assert fine.to_bytes() == deep_bytes(49)
    assert Message.from_bytes("tensorflow.StructuredValue", fine.to_bytes()) == fine
    with pytest.raises(ValueError, match="a tensorflow.ListValue nested deeper than 100 messages"):
        nested(51).to_bytes()
    with pytest.raises(errors.DataLossError, match="messages nested deeper than 100 in tensorflow.ListValue"):
        Message.from_bytes("tensorflow.StructuredValue", deep_bytes(51))
    with pytest.raises(errors.DataLossError, match="nested deeper than 100"):
        Message.from_bytes("tensorflow.StructuredValue", deep_bytes(3000))  # no stack overflow


def test_large_messages_round_trip():
    # Sizes no fixture has: 30,000 nodes, a packed float list of 300,000 values, a 1 MB string.
    import struct
    floats = [float(struct.unpack("<f", struct.pack("<f", i * 0.1))[0]) for i in range(300_000)]
    graph = Message("tensorflow.GraphDef", {
        "node": [{"name": f"n{i}", "op": "Const", "input": [f"^n{i - 1}"] if i else [],
                  "attr": {"value": {"tensor": {"dtype": 1, "float_val": floats if i == 7 else [float(i)]}}}}
                 for i in range(30_000)],
        "library": {"function": [{"signature": {"name": "f", "description": "x" * (1 << 20)}}]}})
    data = graph.to_bytes()
    assert len(data) > (1 << 20) + 300_000 * 4
    again = Message.from_bytes("tensorflow.GraphDef", data)
    assert again == graph
    assert again.node[7].attr["value"].tensor.float_val[299_999] == floats[299_999]
    assert again.node[29_999].input == ["^n29998"]
    with pytest.raises(errors.DataLossError, match="a truncated or malformed field in tensorflow.GraphDef"):
        Message.from_bytes("tensorflow.GraphDef", data[:-1])
