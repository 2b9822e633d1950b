"""Protocol-buffer wire format in pure Python, for the small messages checkpoints carry
(TrackableObjectGraph) — encoded by hand so that varrt needs no protobuf dependency.

Encoders follow protobuf's serializer (fields in number order, proto3 defaults omitted), so
the bytes equal what TensorFlow writes for the same message.
"""
from varrt import errors


class WireError(ValueError):
    """Malformed protocol-buffer bytes."""


def varint(value):
    if value < 0:
        value += 1 << 64  # int32/int64 negatives are sign-extended to 10 bytes
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return varint((number << 3) | 2) + varint(len(data)) + data


def read_varint(data, pos):
    result = 0
    shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise WireError("truncated varint")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result & ((1 << 64) - 1), pos
        shift += 7


def fields(data):
    """Yields (number, wire_type, value): int for varint/fixed, bytes for length-delimited."""
    data = memoryview(data).cast("B") if not isinstance(data, (bytes, bytearray)) else data
    pos = 0
    end = len(data)
    while pos < end:
        key, pos = read_varint(data, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise WireError("field number 0")
        if wire == 0:
            value, pos = read_varint(data, pos)
        elif wire == 1:
            if end - pos < 8:
                raise WireError("truncated fixed64")
            value = int.from_bytes(data[pos:pos + 8], "little")
            pos += 8
        elif wire == 5:
            if end - pos < 4:
                raise WireError("truncated fixed32")
            value = int.from_bytes(data[pos:pos + 4], "little")
            pos += 4
        elif wire == 2:
            length, pos = read_varint(data, pos)
            if length > end - pos:
                raise WireError("truncated length-delimited field")
            value = bytes(data[pos:pos + length])
            pos += length
        else:
            raise WireError(f"unsupported wire type {wire}")
        yield number, wire, value


def int32(value):
    value &= (1 << 64) - 1
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def data_loss(what, exc):
    return errors.DataLossError(None, None, f"{what} is not parseable: {exc}")
