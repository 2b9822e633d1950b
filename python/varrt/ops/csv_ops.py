"""`tf.io.decode_csv`: CSV records into one tensor per column, as TensorFlow's DecodeCSV kernel
reads them (RFC 4180 quoting, its conversions and its error texts)."""
import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.gradients.registry import NotDifferentiable
from varrt.ops.op_util import check_dtype, kernel_error, named

NotDifferentiable("DecodeCSV")

_TYPE_NAMES = {dtypes.float32: "float", dtypes.float64: "double", dtypes.int32: "int32", dtypes.int64: "int64"}
_INT_LIMITS = {dtypes.int32: (-(2 ** 31), 2 ** 31 - 1), dtypes.int64: (-(2 ** 63), 2 ** 63 - 1)}


class CsvError(Exception):
    """A record TensorFlow's CSV reader refuses (the message is its text)."""


def split_record(record, delim, use_quote):
    """The fields of one record (bytes), TensorFlow's way: a field opening with a quote runs to the
    next lone quote, a doubled quote inside it is one quote."""
    fields, i, n = [], 0, len(record)
    quote = ord('"')
    while True:
        if use_quote and i < n and record[i] == quote:
            out = bytearray()
            i += 1
            while True:
                if i >= n:
                    raise CsvError("Quoted field has to end with quote followed by delim or end")
                c = record[i]
                if c == quote:
                    if i + 1 < n and record[i + 1] == quote:
                        out.append(quote)
                        i += 2
                        continue
                    if i + 1 < n and record[i + 1] != delim:
                        raise CsvError("Quote inside a string has to be escaped by another quote")
                    i += 1
                    break
                out.append(c)
                i += 1
            fields.append(bytes(out))
        else:
            end = record.find(bytes([delim]), i)
            end = n if end < 0 else end
            fields.append(record[i:end])
            i = end
        if i >= n:
            return fields
        i += 1  # the delimiter
        if i == n:  # a trailing delimiter: one more, empty field
            fields.append(b"")
            return fields


def convert_field(text, dtype, column, index):
    try:
        if dtype in _INT_LIMITS:
            if b"_" in text:  # Python's int() reads digit separators; TensorFlow does not
                raise ValueError
            value = int(text, 10)
            lo, hi = _INT_LIMITS[dtype]
            if not lo <= value <= hi:
                raise ValueError
            return value
        if dtype in (dtypes.float32, dtypes.float64):
            if b"_" in text:
                raise ValueError
            return float(text)
    except ValueError:
        where = "record" if index is None else f"record {index}"  # the dataset's text names no record
        raise CsvError(f"Field {column} in {where} is not a valid {_TYPE_NAMES[dtype]}: "
                       f"{text.decode(errors='replace')}") from None
    return text


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
               select_cols=None):
    """A list of tensors, one per column of the CSV `records` (a string tensor of any shape), each
    of the dtype of its `record_defaults` entry, which is also its value where a field is empty (an
    empty default: the field is required)."""
    defaults = [convert_to_tensor(d) for d in record_defaults]
    for d in defaults:
        check_dtype("DecodeCSV", d.dtype, name, end="", attr="OUT_TYPE")
    if select_cols is not None and len(select_cols) != len(defaults):
        raise ValueError("Length of select_cols and record_defaults do not match.")
    if select_cols is not None and any(b <= a for a, b in zip(select_cols, select_cols[1:])):
        raise ValueError("select_cols is not strictly increasing.")
    records = convert_to_tensor(records, dtype=dtypes.string)
    delim = field_delim.encode() if isinstance(field_delim, str) else bytes(field_delim)
    na = na_value.encode() if isinstance(na_value, str) else bytes(na_value)
    types = [d.dtype for d in defaults]
    node = f"DecodeCSV_OUT_TYPE_{len(defaults)}"
    columns = list(select_cols) if select_cols is not None else None

    def kernel(recs, *default_arrays):
        flat = np.asarray(recs, dtype=object).reshape(-1)
        out = [np.empty(flat.shape, dtype=object if t == dtypes.string else t.as_numpy_dtype) for t in types]
        try:
            for r, record in enumerate(flat):
                fields = split_record(record, delim[0], use_quote_delim)
                if columns is None and len(fields) != len(types):
                    raise CsvError(f"Expect {len(types)} fields but have {len(fields)} in record {r}")
                if columns is not None and columns[-1] >= len(fields):
                    raise CsvError(f"Expect {columns[-1] + 1} fields but have {len(fields)} in record {r}")
                for c, t in enumerate(types):
                    text = fields[columns[c] if columns is not None else c]
                    if text == b"" or text == na:
                        if np.size(default_arrays[c]) == 0:
                            raise CsvError(f"Field {c} is required but missing in record {r}!")
                        out[c][r] = np.asarray(default_arrays[c]).reshape(-1)[0]
                    else:
                        out[c][r] = convert_field(text, t, c, r)
        except CsvError as e:
            raise kernel_error("DecodeCSV", str(e), name, node=node, end="") from None
        # Tensors of their own dtypes (the op's outputs differ in dtype).
        return [_C.borrowed_tensor(np.require(o.reshape(np.shape(recs)), requirements="C")) if t != dtypes.string
                else _C.constant(o.reshape(np.shape(recs))) for o, t in zip(out, types)]

    attrs = {"OUT_TYPE": tuple(t._enum for t in types), "use_quote_delim": bool(use_quote_delim),
             "select_cols": tuple(columns or ())}
    return list(named(name, _C.execute, "DecodeCSV", kernel, [records] + defaults, types[0]._enum, None,
                      len(types), attrs))


@op_def_lib.implements("DecodeCSV")
def _raw_decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=(),
                    name=None):
    return decode_csv(records, record_defaults, field_delim, use_quote_delim, name, na_value,
                      list(select_cols) or None)
