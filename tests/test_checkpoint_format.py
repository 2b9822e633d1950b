"""The checkpoint format's building blocks, tested through varrt._C: CRC32C (hardware and
portable, known vectors), LevelDB masking, and the sstable writer/reader."""
import os

import numpy as np
import pytest

import varrt
from varrt import _C
from varrt.checkpoint import object_graph as _object_graph

from ckpt_helpers import field_bytes, field_varint, fixtures_dir

# Known CRC-32C values (RFC 3720 appendix B.4, and the classic check value).
VECTORS = [
    (b"123456789", 0xE3069283),
    (bytes(32), 0x8A9136AA),
    (b"\xff" * 32, 0x62A8AB43),
    (bytes(range(32)), 0x46DD794E),
    (bytes(range(31, -1, -1)), 0x113FDB5C),
    (bytes([0x01, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
            0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
     0xD9963A56),
    (b"", 0),
    (b"a", 0xC1D04330),
]

IMPLEMENTATIONS = [_C.crc32c_portable, _C.crc32c]
if _C.crc32c_hardware_available():
    IMPLEMENTATIONS.append(_C.crc32c_hardware)


@pytest.mark.parametrize("crc", IMPLEMENTATIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("data,expected", VECTORS)
def test_crc32c_known_vectors(crc, data, expected):
    assert crc(data) == expected


@pytest.mark.skipif(not _C.crc32c_hardware_available(), reason="no SSE4.2 CRC32 instruction")
def test_hardware_and_portable_agree_on_all_lengths_and_alignments():
    rng = np.random.default_rng(0)
    blob = rng.integers(0, 256, 300_000, dtype=np.uint8).tobytes()
    # Lengths around the 8-byte step and the three-stream block (3 x 8 KB).
    lengths = list(range(0, 70)) + [24575, 24576, 24577, 49152 + 13, 100_003, 299_990]
    for n in lengths:
        for offset in range(0, 9):
            piece = blob[offset:offset + n]
            assert _C.crc32c_hardware(piece) == _C.crc32c_portable(piece), (n, offset)
            assert _C.crc32c_hardware(piece, 0x12345678) == _C.crc32c_portable(piece, 0x12345678)


@pytest.mark.parametrize("crc", IMPLEMENTATIONS, ids=lambda f: f.__name__)
def test_extend_composes(crc):
    data = os.urandom(100_000)
    for cut in (0, 1, 7, 4096, 50_001, 100_000):
        assert crc(data[cut:], crc(data[:cut])) == crc(data)


def test_masking_as_leveldb():
    for value in (0, 1, 0xE3069283, 0xFFFFFFFF, 0xA282EAD8):
        masked = _C.crc32c_mask(value)
        assert _C.crc32c_unmask(masked) == value
        assert masked != value or value == 0xA282EAD8 * 0  # a fixed point would defeat the purpose
        assert _C.crc32c_mask(masked) != value
    assert _C.crc32c_mask(0) == 0xA282EAD8


def test_crc_accepts_numpy_buffers():
    a = np.arange(1000, dtype=np.float32)
    assert _C.crc32c(a) == _C.crc32c(a.tobytes())


# --- sstable ------------------------------------------------------------------------------------

FIXTURES = fixtures_dir()


@pytest.mark.parametrize("index", ["saver_v1/model.ckpt.index", "tf2_checkpoint/ckpt.index"])
def test_builder_reproduces_tensorflow_index_files_byte_for_byte(index):
    data = (FIXTURES / index).read_bytes()
    entries = _C.sstable_parse(data)
    assert entries[0][0] == b""  # the bundle header comes first
    assert _C.sstable_build(entries) == data


def _random_entries(rng, n):
    keys = set()
    while len(keys) < n:
        prefix = rng.choice([b"model/layer", b"model/layer_1", b"opt/", b"", b"\x00\xff", b"z" * 300])
        keys.add(prefix + bytes(rng.integers(0, 256, int(rng.integers(0, 12)), dtype=np.uint8)))
    return [(k, bytes(rng.integers(0, 256, int(rng.integers(0, 50)), dtype=np.uint8))) for k in sorted(keys)]


@pytest.mark.parametrize("block_size,restart_interval", [(262144, 16), (64, 1), (200, 3), (1, 16)])
def test_sstable_round_trip_many_blocks(block_size, restart_interval):
    rng = np.random.default_rng(block_size)
    entries = _random_entries(rng, 500)
    data = _C.sstable_build(entries, block_size=block_size, restart_interval=restart_interval)
    assert _C.sstable_parse(data) == entries


def test_sstable_large_values_get_their_own_blocks():
    entries = [(b"a", b"x" * 600_000), (b"b", b"y"), (b"c", b"z" * 10)]
    assert _C.sstable_parse(_C.sstable_build(entries)) == entries


def test_sstable_builder_rejects_unsorted_or_duplicate_keys():
    with pytest.raises(varrt.errors.InternalError):
        _C.sstable_build([(b"b", b""), (b"a", b"")])
    with pytest.raises(varrt.errors.InternalError):
        _C.sstable_build([(b"a", b""), (b"a", b"")])


def test_empty_table():
    assert _C.sstable_parse(_C.sstable_build([])) == []


def test_every_single_byte_flip_in_a_table_is_detected():
    entries = [(b"", b"header"), (b"alpha", b"1" * 20), (b"alpine", b"2"), (b"beta", b"")]
    data = _C.sstable_build(entries, block_size=40)  # several data blocks
    for pos in range(len(data)):
        for bit in (0x01, 0x80):
            damaged = bytearray(data)
            damaged[pos] ^= bit
            with pytest.raises(varrt.errors.DataLossError):
                _C.sstable_parse(bytes(damaged), "t.index")


def test_every_truncation_of_a_table_is_detected():
    data = _C.sstable_build([(b"", b"h"), (b"k", b"v" * 30)])
    for n in range(len(data)):
        with pytest.raises(varrt.errors.DataLossError):
            _C.sstable_parse(data[:n])


def test_bundle_header_encoding_matches_tensorflow():
    from ckpt_helpers import encode_header
    assert encode_header() == b"\x08\x01\x1a\x02\x08\x01"  # num_shards 1, version { producer 1 }


def test_object_graph_text_format():
    node = _object_graph.TrackableObject(
        children=[_object_graph.ObjectReference(0, "root"), _object_graph.ObjectReference(3, 'q"')],
        attributes=[_object_graph.SerializedTensor("VARIABLE_VALUE", "v", "a/.ATTRIBUTES/VARIABLE_VALUE")],
        has_checkpoint_values=True)
    assert str(node) == ('children {\n  local_name: "root"\n}\nchildren {\n  node_id: 3\n  local_name: "q\\""\n}\n'
                         'attributes {\n  name: "VARIABLE_VALUE"\n  full_name: "v"\n'
                         '  checkpoint_key: "a/.ATTRIBUTES/VARIABLE_VALUE"\n}\nhas_checkpoint_values {\n'
                         '  value: true\n}\n')
    empty = _object_graph.TrackableObject()
    assert _object_graph.decode(_object_graph.encode([node, empty, empty, empty]))[0].text() == node.text()


def test_object_graph_slot_variables_saver_and_utf8_as_tensorflow_writes_them():
    # Bytes and str() from TensorFlow 2.21 for the same nodes (protobuf 7 prints non-ASCII as is).
    node = _object_graph.TrackableObject(
        children=[_object_graph.ObjectReference(3, 'q"\u00e9')],
        slot_variables=[_object_graph.SlotVariableReference(1, "m", -2)],
        registered_saver=_object_graph.RegisteredSaver("sv", ""), has_checkpoint_values=False)
    assert _object_graph.encode([node, _object_graph.TrackableObject()]) == (
        b'\n$\n\x08\x08\x03\x12\x04q"\xc3\xa9\x1a\x10\x08\x01\x12\x01m\x18\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01'
        b'"\x04\n\x02sv*\x00\n\x00')
    assert str(node) == ('children {\n  node_id: 3\n  local_name: "q\\"\u00e9"\n}\nslot_variables {\n'
                         '  original_variable_node_id: 1\n  slot_name: "m"\n  slot_variable_node_id: -2\n}\n'
                         'registered_saver {\n  name: "sv"\n}\nhas_checkpoint_values {\n}\n')


def test_object_graph_round_trip_keeps_every_field_and_non_utf8_bytes():
    odd = b"k\xff\x00".decode("utf-8", "surrogateescape")
    nodes = [_object_graph.TrackableObject(children=[(1, odd), (0, "")], has_checkpoint_values=True),
             _object_graph.TrackableObject(attributes=[("VARIABLE_VALUE", odd, "x/.ATTRIBUTES/VARIABLE_VALUE")],
                                           slot_variables=[(0, "v", 1)], registered_saver=("s", odd),
                                           has_checkpoint_values=False)]
    data = _object_graph.encode(nodes)
    assert b"k\xff\x00" in data
    decoded = _object_graph.decode(data)
    # Named tuples compare as the plain tuples they are; fields as lists (empty ones are ()).
    as_lists = [tuple(list(f) if isinstance(f, (list, tuple)) and i < 3 else f for i, f in enumerate(n))
                for n in decoded]
    assert as_lists == nodes
    assert decoded[0].children[0].local_name == odd and decoded[1].registered_saver.object_name == odd
    assert decoded[1].slot_variables[0].slot_variable_node_id == 1 and decoded[0].has_checkpoint_values is True
    assert _object_graph.encode(decoded) == data
    assert _object_graph.encode([]) == b"" and _object_graph.decode(b"") == []


@pytest.mark.parametrize("data, why", [
    (b"\x0a\x05\x0a", "malformed message"),
    (field_bytes(1, field_bytes(1, field_varint(1, 1) + field_bytes(2, "x"))), 'child "x" in node 0 refers to node 1 of 1'),
    (field_bytes(1, field_bytes(3, field_varint(3, 7))), "slot variable \"\" in node 0 refers to node 7 of 1"),
    (field_bytes(1, field_bytes(2, b"\x0a\x09")), "malformed attribute in node 0"),
    (field_bytes(1, b"") + field_bytes(1, b"\x0b"), "malformed node 1"),
])
def test_damaged_object_graph_is_data_loss(data, why):
    with pytest.raises(varrt.errors.DataLossError, match="^The checkpoint's object graph is not parseable: " + why):
        _object_graph.decode(data)


def test_object_graph_encode_rejects_malformed_nodes():
    with pytest.raises(ValueError, match="a TrackableObject must have 5 fields"):
        _object_graph.encode([([], [])])
    with pytest.raises(TypeError, match="must be str or bytes"):
        _object_graph.encode([_object_graph.TrackableObject(children=[(0, 5)])])
    with pytest.raises(ValueError, match="is not an int32"):
        _object_graph.encode([_object_graph.TrackableObject(children=[(2 ** 31, "x")])])


def test_combine_joins_crcs_of_pieces():
    data = os.urandom(200_003)
    for cut in (0, 1, 8, 65536, 123_457, 200_003):
        a, b = data[:cut], data[cut:]
        assert _C.crc32c_combine(_C.crc32c(a), _C.crc32c(b), len(b)) == _C.crc32c(data)
