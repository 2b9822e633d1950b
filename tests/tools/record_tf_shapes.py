#!/usr/bin/env python3
"""Records TensorFlow 2.21's static shapes (its C++ shape functions) for the op table's ops into
tests/fixtures/tf_shapes.json, which tests/test_shape_fns.py compares varrt's shape functions
with. Run it with an interpreter that has TensorFlow:

    /path/to/tf/python tests/tools/record_tf_shapes.py [--out FILE]

Each case builds one node in a TensorFlow 1 graph through tf.raw_ops: an input listed under
"in" is a placeholder of that static shape ("?" for an unknown rank), an input under "const"
a constant of that value (what TensorFlow's shape refiner can read while building), one under
"shape_of" tf.shape of a placeholder of that static shape (what the refiner knows of it is a
partial shape), "attrs" the op's attributes. It stores each output's static shape (null for an unknown rank, null
dims for unknown ones) or, when TensorFlow refuses to build the node, the reason of its
ValueError (the text before " for '{{node ...", which the graph builder adds).
"""
import argparse
import json
import pathlib

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import op_def_library, op_def_registry

OUT = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "tf_shapes.json"

# Type attrs that type index-like inputs: int32 where allowed.
INDEX_ATTRS = {"Tidx", "Tshape", "Tperm", "Tmultiples", "Tdim", "Tindices", "Taxis", "Index", "index_type",
               "TI", "Tnumsegments", "Tlabels", "shape_dtype", "Tseed", "output_type", "output_dtype", "out_type"}


def U(op, **kw):
    """An element-wise unary op: partially known, unknown rank, scalar."""
    first = list(op_def_registry.get(op).input_arg)[0].name
    return [dict(op=op, inputs={first: [2, None]}, **kw), dict(op=op, inputs={first: "?"}, **kw),
            dict(op=op, inputs={first: []}, **kw)]


def B(op):
    """A broadcasting binary op: broadcast with unknown dims, a mismatch, an unknown rank."""
    a, b = (x.name for x in op_def_registry.get(op).input_arg)
    return [dict(op=op, inputs={a: [2, 1], b: [None, 3]}), dict(op=op, inputs={a: [3], b: [4]}),
            dict(op=op, inputs={a: "?", b: [2]}), dict(op=op, inputs={a: [None, 1], b: [5]}),
            dict(op=op, inputs={a: [4, None], b: [None]})]


def MERGE2(op):
    """Gradient ops whose two inputs have the same shape."""
    a, b = (x.name for x in op_def_registry.get(op).input_arg)
    return [dict(op=op, inputs={a: [2, None], b: [None, 3]}), dict(op=op, inputs={a: [2], b: [3]}),
            dict(op=op, inputs={a: "?", b: "?"}), dict(op=op, inputs={a: [2, 3], b: [2]})]


def REDUCE(op, dt=None):
    x = {"dt": dt} if dt else {}
    return [dict(op=op, inputs={"input": [2, None, 4]}, const={"reduction_indices": [1]}, **x),
            dict(op=op, inputs={"input": [2, None, 4]}, const={"reduction_indices": [0, -1]},
                 attrs={"keep_dims": True}, **x),
            dict(op=op, inputs={"input": [2, 3]}, const={"reduction_indices": 2}, **x),
            dict(op=op, inputs={"input": [2, 3]}, const={"reduction_indices": []}, **x),
            dict(op=op, inputs={"input": "?"}, const={"reduction_indices": [0]}, **x),
            dict(op=op, inputs={"input": [2, 3], "reduction_indices": [1]}, **x),
            dict(op=op, inputs={"input": [2, 3], "reduction_indices": [1]}, attrs={"keep_dims": True}, **x),
            dict(op=op, inputs={"input": [2, 3], "reduction_indices": []}, **x)]


UNARY = ["Abs", "Atan", "Cast", "Ceil", "Cos", "Erf", "Erfc", "Exp", "Expm1", "Floor", "Identity", "IsFinite",
         "IsInf", "IsNan", "Log", "Log1p", "Neg", "OnesLike", "Reciprocal", "Round", "Rsqrt", "Sign", "Sin",
         "Sqrt", "Square", "StopGradient", "Tan", "Tanh", "ZerosLike", "Elu", "LeakyRelu", "Relu", "Relu6",
         "Selu", "Sigmoid", "Softplus", "Softsign", "_EagerConst",
         "Acos", "Acosh", "Asin", "Asinh", "Atanh", "Cosh", "Sinh", "Rint", "Lgamma", "Digamma", "Erfinv", "Ndtri",
         "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "InvertPermutation", "BesselK0", "BesselK0e", "BesselK1",
         "BesselK1e", "BesselJ0", "BesselJ1", "BesselY0", "BesselY1", "Dawsn", "Expint", "FresnelCos", "FresnelSin",
         "Spence"]
BINARY = ["Add", "AddV2", "Atan2", "DivNoNan", "Equal", "FloorDiv", "FloorMod", "Greater", "GreaterEqual", "Less",
          "LessEqual", "Maximum", "Minimum", "Mul", "NotEqual", "Pow", "RealDiv", "SquaredDifference", "Sub",
          "Xlogy", "Xlog1py", "Xdivy", "MulNoNan", "NextAfter", "Igamma", "Igammac", "IgammaGradA", "Zeta", "Polygamma"]


def cases():
    out = []
    for op in UNARY:
        out += U(op, **({"attrs": {"DstT": "int32"}} if op == "Cast" else {}))
    out += U("ComplexAbs", dt={"T": "complex64"}) + U("Conj", dt={"T": "complex64"}) + U("Real", dt={"T": "complex64"})
    out += U("Invert", dt={"T": "int32"}) + U("LogicalNot")
    out += U("Imag", dt={"T": "complex64"}) + U("Angle", dt={"T": "complex64"}) + U("AsString")
    out += B("Complex")
    out += [dict(op="Betainc", inputs={"a": [2, None], "b": [], "x": [None, 3]}),
            dict(op="Betainc", inputs={"a": [], "b": "?", "x": []}), dict(op="Betainc", inputs={"a": [], "b": [], "x": []}),
            dict(op="Betainc", inputs={"a": [2, 3], "b": [2, 4], "x": []}),
            dict(op="Betainc", inputs={"a": [2], "b": [2, 2], "x": [2]})]
    for op in BINARY + ["BitwiseAnd", "BitwiseOr", "BitwiseXor", "LogicalAnd", "LogicalOr"]:
        out += B(op)
    out += [dict(op="Equal", inputs={"x": [3], "y": [4]}, attrs={"incompatible_shape_error": False}),
            dict(op="NotEqual", inputs={"x": [2, None], "y": [4]}, attrs={"incompatible_shape_error": False})]
    for op in ["SigmoidGrad", "TanhGrad", "ReluGrad", "EluGrad", "SeluGrad", "SoftplusGrad", "SoftsignGrad"]:
        out += MERGE2(op)
    for op in ["Softmax", "LogSoftmax"]:
        out += [dict(op=op, inputs={"logits": [2, None]}), dict(op=op, inputs={"logits": []}),
                dict(op=op, inputs={"logits": "?"})]
    for op in ["Sum", "Mean", "Max", "Min", "Prod", "EuclideanNorm"]:
        out += REDUCE(op)
    out += REDUCE("All", dt={"T": "bool"})[:3] + REDUCE("Any", dt={"T": "bool"})[:3]
    out += [
        dict(op="StringJoin", inputs={"inputs": [[2, None], [], [None, 3]]}),
        dict(op="StringJoin", inputs={"inputs": [[], []]}),
        dict(op="StringJoin", inputs={"inputs": [[2], [3]]}),
        dict(op="StringJoin", inputs={"inputs": ["?", [4]]}),
        dict(op="ShardedFilename", inputs={"basename": [], "shard": [], "num_shards": []}),
        dict(op="ShardedFilename", inputs={"basename": "?", "shard": [], "num_shards": []}),
        dict(op="StaticRegexFullMatch", inputs={"input": [2, None]}, attrs={"pattern": "a.*"}),
        dict(op="StaticRegexFullMatch", inputs={"input": "?"}, attrs={"pattern": "a.*"}),
    ]
    # tf.strings' element-wise ops (string_defs.py)
    for op in ["StringLower", "StringUpper", "StringStrip", "StringLength", "StringToNumber", "StringToHashBucket"]:
        out += U(op, **({"attrs": {"num_buckets": 5}} if op == "StringToHashBucket" else {}))
    out += U("StringToHashBucketFast", attrs={"num_buckets": 5})
    out += U("StringToHashBucketStrong", attrs={"num_buckets": 5, "key": [1, 2]})
    out += U("StaticRegexReplace", attrs={"pattern": "a", "rewrite": "b"})
    out += U("UnicodeTranscode", attrs={"input_encoding": "UTF-8", "output_encoding": "UTF-16-BE"})
    out += [
        dict(op="RegexReplace", inputs={"input": [2, None], "pattern": [], "rewrite": []}),
        dict(op="RegexReplace", inputs={"input": "?", "pattern": "?", "rewrite": []}),
        dict(op="RegexReplace", inputs={"input": [2], "pattern": [1], "rewrite": []}),
        dict(op="RegexReplace", inputs={"input": [2], "pattern": [], "rewrite": [3]}),
        dict(op="RegexFullMatch", inputs={"input": [2, None], "pattern": []}),
        dict(op="RegexFullMatch", inputs={"input": "?", "pattern": "?"}),
        dict(op="RegexFullMatch", inputs={"input": [2], "pattern": [2]}),
        dict(op="Substr", inputs={"input": [2, 3], "pos": [], "len": []}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [None, 3], "pos": [3], "len": [3]}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [2, 1], "pos": [None], "len": [4]}, dt={"T": "int64"}),
        dict(op="Substr", inputs={"input": "?", "pos": [3], "len": "?"}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [2], "pos": [3], "len": [3]}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [2], "pos": [2], "len": [3]}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [2], "pos": [2], "len": []}, dt={"T": "int32"}),
        dict(op="Substr", inputs={"input": [2], "pos": "?", "len": [2]}, dt={"T": "int32"}),
        dict(op="ReduceJoin", inputs={"inputs": [2, None, 4]}, const={"reduction_indices": [1]}),
        dict(op="ReduceJoin", inputs={"inputs": [2, None, 4]}, const={"reduction_indices": [0, -1]},
             attrs={"keep_dims": True}),
        dict(op="ReduceJoin", inputs={"inputs": [2, 3]}, const={"reduction_indices": 2}),
        dict(op="ReduceJoin", inputs={"inputs": [2, 3], "reduction_indices": [1]}),
        dict(op="ReduceJoin", inputs={"inputs": "?"}, const={"reduction_indices": [0]}),
        dict(op="AddN", inputs={"inputs": [[2, None], [None, 3]]}),
        dict(op="AddN", inputs={"inputs": [[2], [3]]}),
        dict(op="AddN", inputs={"inputs": [[2], [2, 1]]}),
        dict(op="AddN", inputs={"inputs": ["?", [None, 4], "?"]}),
        dict(op="MatMul", inputs={"a": [None, 3], "b": [3, 4]}),
        dict(op="MatMul", inputs={"a": [2, 3], "b": [4, 5]}, attrs={"transpose_b": True}),
        dict(op="MatMul", inputs={"a": [3, 2], "b": [3, 5]}, attrs={"transpose_a": True}),
        dict(op="MatMul", inputs={"a": [2, 3], "b": [4, 5]}),
        dict(op="MatMul", inputs={"a": [2, 3, 4], "b": [4, 5]}),
        dict(op="MatMul", inputs={"a": "?", "b": [4, 5]}),
        dict(op="BatchMatMulV2", inputs={"x": [None, 2, 3], "y": [3, 4]}),
        dict(op="BatchMatMulV2", inputs={"x": [5, 1, 2, 3], "y": [4, 4, 2]}, attrs={"adj_y": True}),
        dict(op="BatchMatMulV2", inputs={"x": [2, 3], "y": [4, 5]}),
        dict(op="BatchMatMulV2", inputs={"x": [3], "y": [3, 5]}),
        dict(op="BatchMatMulV2", inputs={"x": "?", "y": [3, 5]}),
        dict(op="BatchMatMulV2", inputs={"x": [2, 2, 3], "y": [3, 3, 4]}),
        dict(op="ArgMax", inputs={"input": [2, None, 4]}, const={"dimension": 1}),
        dict(op="ArgMax", inputs={"input": [2, None, 4]}, const={"dimension": -1}),
        dict(op="ArgMax", inputs={"input": [2, 3]}, const={"dimension": 2}),
        dict(op="ArgMax", inputs={"input": [2, 3], "dimension": []}),
        dict(op="ArgMax", inputs={"input": "?"}, const={"dimension": 0}),
        dict(op="ArgMax", inputs={"input": []}, const={"dimension": 0}),
        dict(op="ArgMin", inputs={"input": [2, None, 4]}, const={"dimension": 0}),
        dict(op="ArgMin", inputs={"input": [2, 3]}, const={"dimension": -3}),
        dict(op="ArgMin", inputs={"input": [2, 3], "dimension": []}),
        dict(op="Cumsum", inputs={"x": [2, None]}, const={"axis": 1}),
        dict(op="Cumsum", inputs={"x": "?", "axis": []}),
        dict(op="Cumsum", inputs={"x": [2, 3], "axis": [1]}),
        dict(op="Cumprod", inputs={"x": [None, 3]}, const={"axis": 0}, attrs={"exclusive": True}),
        dict(op="CumulativeLogsumexp", inputs={"x": [2, None]}, const={"axis": 1}),
        dict(op="CumulativeLogsumexp", inputs={"x": "?", "axis": []}, attrs={"reverse": True}),
        dict(op="Cumprod", inputs={"x": [], "axis": []}),
        dict(op="Range", const={"start": 0, "limit": 5, "delta": 1}),
        dict(op="Range", const={"start": 2, "limit": 11, "delta": 3}),
        dict(op="Range", const={"start": 5, "limit": 0, "delta": -2}),
        dict(op="Range", const={"start": 0.0, "limit": 1.0, "delta": 0.3}, dt={"Tidx": "float32"}),
        dict(op="Range", const={"start": 0, "limit": 5, "delta": 0}),
        dict(op="Range", const={"start": 0, "limit": 5, "delta": -1}),
        dict(op="Range", const={"start": 0, "delta": 1}, inputs={"limit": []}),
        dict(op="Range", const={"start": 0, "delta": 1}, inputs={"limit": [1]}),
        dict(op="Select", inputs={"condition": [None], "t": [2, 3], "e": [None, 3]}),
        dict(op="Select", inputs={"condition": [2, None], "t": [2, 3], "e": [2, 3]}),
        dict(op="Select", inputs={"condition": [], "t": [2, 3], "e": [None, None]}),
        dict(op="Select", inputs={"condition": [3], "t": [2, 3], "e": [2, 3]}),
        dict(op="Select", inputs={"condition": "?", "t": [2, None], "e": [None, 3]}),
        dict(op="Select", inputs={"condition": [2], "t": [2, 3], "e": [2, 4]}),
        dict(op="SelectV2", inputs={"condition": [None, 1], "t": [3], "e": []}),
        dict(op="SelectV2", inputs={"condition": [2], "t": [3], "e": [3]}),
        dict(op="SelectV2", inputs={"condition": "?", "t": [3], "e": [3]}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, None, 3], "segment_ids": [4]}, const={"num_segments": 5}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 2, 3], "segment_ids": [4, 2]}, const={"num_segments": 5}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 3], "segment_ids": [5]}, const={"num_segments": 2}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 3], "segment_ids": [4], "num_segments": []}),
        dict(op="UnsortedSegmentSum", inputs={"data": "?", "segment_ids": [4]}, const={"num_segments": 2}),
    ]
    out += manip_cases()
    out += array_cases() + nn_cases() + conv_cases() + random_cases() + other_cases() + edge_cases() + partial_shape_cases()
    return out



def manip_cases():
    """Split, SplitV, Slice, Pad, PadV2, MirrorPad(Grad), ReverseV2, Roll."""
    return [
        dict(op="Split", inputs={"value": [4, 6]}, const={"split_dim": 1}, attrs={"num_split": 3}),
        dict(op="Split", inputs={"value": [None, 6]}, const={"split_dim": -1}, attrs={"num_split": 2}),
        dict(op="Split", inputs={"value": [4, None]}, const={"split_dim": 1}, attrs={"num_split": 2}),
        dict(op="Split", inputs={"value": [4, 6], "split_dim": []}, attrs={"num_split": 2}),
        dict(op="Split", inputs={"value": "?"}, const={"split_dim": 1}, attrs={"num_split": 2}),
        dict(op="Split", inputs={"value": [4, 5]}, const={"split_dim": 1}, attrs={"num_split": 2}),
        dict(op="Split", inputs={"value": [4, 5]}, const={"split_dim": 2}, attrs={"num_split": 1}),
        dict(op="SplitV", inputs={"value": [4, 6]}, const={"size_splits": [1, -1, 2], "split_dim": 1},
             attrs={"num_split": 3}),
        dict(op="SplitV", inputs={"value": [4, None]}, const={"size_splits": [1, -1], "split_dim": 1},
             attrs={"num_split": 2}),
        dict(op="SplitV", inputs={"value": [4, 6], "size_splits": [2]}, const={"split_dim": 1},
             attrs={"num_split": 2}),
        dict(op="SplitV", inputs={"value": [4, 6], "size_splits": [2], "split_dim": []}, attrs={"num_split": 2}),
        dict(op="SplitV", inputs={"value": [4, 6]}, const={"size_splits": [1, 2], "split_dim": 1},
             attrs={"num_split": 2}),
        dict(op="SplitV", inputs={"value": [4, 6]}, const={"size_splits": [1, -1, -1], "split_dim": 1},
             attrs={"num_split": 3}),
        dict(op="SplitV", inputs={"value": []}, const={"size_splits": [1], "split_dim": 0}, attrs={"num_split": 1}),
        dict(op="Slice", inputs={"input": [4, 6]}, const={"begin": [1, 2], "size": [2, -1]}),
        dict(op="Slice", inputs={"input": [None, 6]}, const={"begin": [1, 2], "size": [-1, 3]}),
        dict(op="Slice", inputs={"input": [4, 6], "begin": [2]}, const={"size": [2, 3]}),
        dict(op="Slice", inputs={"input": [4, 6], "begin": [2], "size": [2]}),
        dict(op="Slice", inputs={"input": [4, 6], "begin": [3], "size": [3]}),
        dict(op="Slice", inputs={"input": [4, 6]}, const={"begin": [5, 0], "size": [-1, 3]}),
        dict(op="Pad", inputs={"input": [4, None]}, const={"paddings": [[1, 2], [3, 4]]}),
        dict(op="Pad", inputs={"input": [4, 6], "paddings": [2, 2]}),
        dict(op="Pad", inputs={"input": "?", "paddings": [3, 2]}),
        dict(op="Pad", inputs={"input": [4, 6]}, const={"paddings": [[1, 2]]}),
        dict(op="Pad", inputs={"input": [4, 6]}, const={"paddings": [[1, 2], [-1, 0]]}),
        dict(op="Pad", inputs={"input": [4, 6], "paddings": [2, 3]}),
        dict(op="PadV2", inputs={"input": [4, 6], "constant_values": []}, const={"paddings": [[1, 2], [0, 1]]}),
        dict(op="PadV2", inputs={"input": [4, 6], "constant_values": [2]}, const={"paddings": [[1, 2], [0, 1]]}),
        dict(op="MirrorPad", inputs={"input": [4, None]}, const={"paddings": [[1, 2], [3, 0]]},
             attrs={"mode": "REFLECT"}),
        dict(op="MirrorPad", inputs={"input": [4, 6], "paddings": [None, 2]}, attrs={"mode": "SYMMETRIC"}),
        dict(op="MirrorPadGrad", inputs={"input": [6, None]}, const={"paddings": [[1, 2], [3, 0]]},
             attrs={"mode": "REFLECT"}),
        dict(op="MirrorPadGrad", inputs={"input": [6, 5], "paddings": [None, 2]}, attrs={"mode": "REFLECT"}),
        dict(op="MirrorPadGrad", inputs={"input": [6, 5], "paddings": [2, 2]}, attrs={"mode": "REFLECT"}),
        dict(op="ReverseV2", inputs={"tensor": [4, None]}, const={"axis": [-1]}),
        dict(op="ReverseV2", inputs={"tensor": [4, 6]}, const={"axis": [2]}),
        dict(op="ReverseV2", inputs={"tensor": [4, 6]}, const={"axis": [0, -2]}),
        dict(op="ReverseV2", inputs={"tensor": [4, 6], "axis": []}),
        dict(op="Roll", inputs={"input": [4, None], "shift": [2], "axis": [2]}),
        dict(op="Roll", inputs={"input": [4, 6], "shift": [], "axis": []}),
        dict(op="Roll", inputs={"input": [], "shift": [], "axis": []}),
        dict(op="Roll", inputs={"input": [4, 6], "shift": [2], "axis": [3]}),
        dict(op="MatrixBandPart", inputs={"input": [2, None, 4], "num_lower": [], "num_upper": []}),
        dict(op="TopKV2", inputs={"input": [None, 5]}, const={"k": 2}),
        dict(op="InTopKV2", inputs={"predictions": [None, 5], "targets": [None], "k": []}),
        dict(op="InTopKV2", inputs={"predictions": "?", "targets": [4], "k": []}),
        dict(op="MatrixDiagV3", inputs={"diagonal": [None, 3], "num_rows": [], "num_cols": [], "padding_value": []},
             const={"k": 0}),
        dict(op="MatrixDiagV3", inputs={"diagonal": [2, 3, 3], "padding_value": []},
             const={"k": [-1, 1], "num_rows": 4, "num_cols": -1}),
        dict(op="MatrixDiagV3", inputs={"diagonal": [2, 3, 3], "padding_value": []},
             const={"k": [0, 1], "num_rows": -1, "num_cols": -1}),
        dict(op="MatrixDiagV3", inputs={"diagonal": [3], "k": [], "num_rows": [], "num_cols": [],
                                        "padding_value": []}),
        dict(op="MatrixDiagV3", inputs={"diagonal": [3], "padding_value": []},
             const={"k": 0, "num_rows": 5, "num_cols": 5}),
        dict(op="MatrixDiagPartV3", inputs={"input": [None, 3, 4], "padding_value": []}, const={"k": [-1, 2]}),
        dict(op="MatrixDiagPartV3", inputs={"input": [3, 4], "padding_value": []}, const={"k": 4}),
        dict(op="MatrixDiagPartV3", inputs={"input": [3, None], "padding_value": []}, const={"k": 0}),
        dict(op="MatrixDiagPartV3", inputs={"input": [3, 4], "padding_value": []}, const={"k": [1, 0]}),
        dict(op="MatrixSetDiagV3", inputs={"input": [None, 3, 4], "diagonal": [2, 3]}, const={"k": 0}),
        dict(op="MatrixSetDiagV3", inputs={"input": [3, 4], "diagonal": [2, 3]}, const={"k": 0}),
        dict(op="MatrixSetDiagV3", inputs={"input": [3, 4], "diagonal": [3], "k": []}),
        dict(op="MatrixSetDiagV3", inputs={"input": [3, 4], "diagonal": [3]}, const={"k": 5}),
        dict(op="TopKV2", inputs={"input": [3, 5], "k": []}),
        dict(op="TopKV2", inputs={"input": "?"}, const={"k": 2}),
        dict(op="TopKV2", inputs={"input": [3, 5]}, const={"k": 6}),
        dict(op="TopKV2", inputs={"input": [3, 5]}, const={"k": -1}),
        dict(op="TopKV2", inputs={"input": []}, const={"k": 1}),
        dict(op="InTopKV2", inputs={"predictions": [3, 5], "targets": [4], "k": []}),
        dict(op="InTopKV2", inputs={"predictions": [5], "targets": [5], "k": []}),
        dict(op="InTopKV2", inputs={"predictions": [3, 5], "targets": [3, 1], "k": []}),
        dict(op="MatrixBandPart", inputs={"input": [4], "num_lower": [], "num_upper": []}),
        dict(op="MatrixBandPart", inputs={"input": [4, 4], "num_lower": [2], "num_upper": []}),
        # Linear algebra (core/ops/linalg_ops.cc).
        dict(op="MatrixInverse", inputs={"input": [2, None, 3]}),
        dict(op="MatrixInverse", inputs={"input": [3, 4]}),
        dict(op="MatrixInverse", inputs={"input": [3]}),
        dict(op="MatrixLogarithm", inputs={"input": [2, None, 3]}, dt={"T": "complex64"}),
        dict(op="MatrixLogarithm", inputs={"input": [3, 4]}, dt={"T": "complex64"}),
        dict(op="MatrixLogarithm", inputs={"input": "?"}, dt={"T": "complex64"}),
        dict(op="MatrixInverse", inputs={"input": "?"}),
        dict(op="Cholesky", inputs={"input": [None, 4, None]}),
        dict(op="Cholesky", inputs={"input": [2, 3, 2]}),
        dict(op="MatrixDeterminant", inputs={"input": [5, None, 2]}),
        dict(op="MatrixDeterminant", inputs={"input": [2, 3]}),
        dict(op="LogMatrixDeterminant", inputs={"input": [None, 3, 3]}),
        dict(op="LogMatrixDeterminant", inputs={"input": [3]}),
        dict(op="MatrixSolve", inputs={"matrix": [None, 3, 3], "rhs": [2, None, 5]}),
        dict(op="MatrixSolve", inputs={"matrix": [2, 3, 3], "rhs": [4, 3, 5]}),
        dict(op="MatrixSolve", inputs={"matrix": [3, 3], "rhs": [4, 5]}),
        dict(op="MatrixSolve", inputs={"matrix": [3, 4], "rhs": [3, 5]}),
        dict(op="MatrixSolve", inputs={"matrix": [3, 3], "rhs": [2, 3, 5]}),
        dict(op="MatrixSolveLs", inputs={"matrix": [None, 6, 3], "rhs": [2, None, 4], "l2_regularizer": []}),
        dict(op="MatrixSolveLs", inputs={"matrix": [6, 3], "rhs": [6, 4], "l2_regularizer": [1]}),
        dict(op="MatrixSolveLs", inputs={"matrix": [6, 3], "rhs": [5, 4], "l2_regularizer": []}),
        dict(op="MatrixTriangularSolve", inputs={"matrix": [3, 3], "rhs": [2, None, 3, 4]}),
        dict(op="MatrixTriangularSolve", inputs={"matrix": [2, 1, 3, 3], "rhs": [5, 3, 4]}),
        dict(op="MatrixTriangularSolve", inputs={"matrix": [2, 3, 3], "rhs": [4, 3, 4]}),
        dict(op="MatrixTriangularSolve", inputs={"matrix": [3, 3], "rhs": [4, 4]}),
        dict(op="MatrixTriangularSolve", inputs={"matrix": "?", "rhs": [4, 4]}),
        dict(op="Qr", inputs={"input": [2, 5, 3]}),
        dict(op="Lu", inputs={"input": [2, None, 3]}),
        dict(op="LRN", inputs={"input": [None, 2, 3, 4]}),
        dict(op="Dilation2D", inputs={"input": [None, 6, 5, 3], "filter": [2, 3, 3]},
             attrs={"strides": [1, 2, 1, 1], "rates": [1, 1, 2, 1], "padding": "VALID"}),
        dict(op="Dilation2D", inputs={"input": [2, 6, None, 3], "filter": [2, 3, 3]},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Dilation2D", inputs={"input": [2, 6, 5, 3], "filter": [2, 3, 2]},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Dilation2DBackpropInput", inputs={"input": [None, 6, 5, 3], "filter": [2, 3, 3],
                                                   "out_backprop": [None, 6, 5, 3]},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Dilation2DBackpropInput", inputs={"input": [2, 6, 5, 3], "filter": [2, 3, 3], "out_backprop": "?"},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Dilation2DBackpropFilter", inputs={"input": [None, 6, 5, 3], "filter": [2, None, 3],
                                                    "out_backprop": [None, 6, 5, 3]},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Dilation2DBackpropFilter", inputs={"input": [2, 6, 5, 3], "filter": [2, 3, 3], "out_backprop": "?"},
             attrs={"strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}),
        dict(op="CTCGreedyDecoder", inputs={"inputs": [5, None, 4], "sequence_length": [3]}),
        dict(op="CTCGreedyDecoder", inputs={"inputs": [5, 3, 4], "sequence_length": [2]}),
        dict(op="CTCGreedyDecoder", inputs={"inputs": [5, 4], "sequence_length": [3]}),
        dict(op="CTCLoss", inputs={"inputs": [5, None, 4], "labels_indices": [None, 2], "labels_values": [None], "sequence_length": [3]}),
        dict(op="CTCLoss", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [None]}),
        dict(op="CTCLoss", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [6], "sequence_length": [3]}),
        dict(op="CTCLoss", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [2]}),
        dict(op="CTCLoss", inputs={"inputs": [5, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [3]}),
        dict(op="CTCLoss", inputs={"inputs": "?", "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [3]}),
        dict(op="CTCLoss", inputs={"inputs": [5, 3, 4], "labels_indices": [7], "labels_values": [7], "sequence_length": [3]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, None, 4], "labels_indices": [None, 2], "labels_values": [None], "sequence_length": [3]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [None]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [6], "sequence_length": [3]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, 3, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [2]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, 4], "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [3]}),
        dict(op="CTCLossV2", inputs={"inputs": "?", "labels_indices": [7, 2], "labels_values": [7], "sequence_length": [3]}),
        dict(op="CTCLossV2", inputs={"inputs": [5, 3, 4], "labels_indices": [7], "labels_values": [7], "sequence_length": [3]}),
        dict(op="MaxPoolWithArgmax", inputs={"input": [None, 5, 4, 3]},
             attrs={"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}),
        dict(op="MaxPoolWithArgmax", inputs={"input": [2, 5, None, 3]},
             attrs={"ksize": [1, 3, 3, 1], "strides": [1, 2, 1, 1], "padding": "SAME"}),
        dict(op="MaxPoolWithArgmax", inputs={"input": [5, 4, 3]},
             attrs={"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}),
        dict(op="MaxPoolGradWithArgmax", inputs={"input": [None, 5, 4, 3], "grad": [2, 2, 2, 3], "argmax": [2, 2, 2, 3]},
             attrs={"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}),
        dict(op="MaxPoolGradWithArgmax", inputs={"input": [5, 4, 3], "grad": [2, 2, 2, 3], "argmax": [2, 2, 2, 3]},
             attrs={"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}),
        dict(op="LRN", inputs={"input": [2, 3, 4]}),
        dict(op="LRNGrad", inputs={"input_grads": [None, 2, 3, 4], "input_image": [1, None, 3, 4],
                                   "output_image": [1, 2, None, 4]}),
        dict(op="LRNGrad", inputs={"input_grads": [1, 2, 3, 4], "input_image": [1, 2, 3, 5], "output_image": "?"}),
        dict(op="TridiagonalMatMul", inputs={"superdiag": [2, 1, 4], "maindiag": [None, 1, 4], "subdiag": [2, 1, None],
                                             "rhs": [2, 4, 3]}),
        dict(op="TridiagonalMatMul", inputs={"superdiag": [2, 2, 4], "maindiag": [2, 2, 4], "subdiag": [2, 2, 4],
                                             "rhs": [2, 4, 3]}),
        dict(op="TridiagonalMatMul", inputs={"superdiag": [1, 4], "maindiag": [1, 4], "subdiag": [1, 4],
                                             "rhs": [5, 3]}),
        dict(op="TridiagonalSolve", inputs={"diagonals": [None, 3, 4], "rhs": [2, 4, None]}),
        dict(op="TridiagonalSolve", inputs={"diagonals": [4, 5], "rhs": [5, 1]}),
        dict(op="TridiagonalSolve", inputs={"diagonals": [3, 5], "rhs": [4, 1]}),
        dict(op="BandedTriangularSolve", inputs={"matrix": [2, 3, 5], "rhs": [None, 5, 2]}),
        dict(op="BandedTriangularSolve", inputs={"matrix": [3, 1, 3, 5], "rhs": [2, 5, 2]}),
        dict(op="BandedTriangularSolve", inputs={"matrix": [3, 5], "rhs": [4, 2]}),
        dict(op="DepthToSpace", inputs={"input": [None, 2, None, 8]}, attrs={"block_size": 2}),
        dict(op="DepthToSpace", inputs={"input": [1, 2, 3, 7]}, attrs={"block_size": 2}),
        dict(op="DepthToSpace", inputs={"input": [1, 2, 3]}, attrs={"block_size": 2}),
        dict(op="SpaceToDepth", inputs={"input": [None, 6, 9, 2]}, attrs={"block_size": 3}),
        dict(op="SpaceToDepth", inputs={"input": [1, 5, 6, 2]}, attrs={"block_size": 2}),
        dict(op="SpaceToDepth", inputs={"input": "?"}, attrs={"block_size": 2}),
        dict(op="Eig", inputs={"input": [2, None, 3]}, attrs={"Tout": "complex64"}),
        dict(op="Eig", inputs={"input": [3, 3]}, attrs={"Tout": "complex64", "compute_v": False}),
        dict(op="Eig", inputs={"input": [3, 2]}, attrs={"Tout": "complex64"}),
        dict(op="Lu", inputs={"input": [3, 2]}),
        dict(op="Lu", inputs={"input": [3]}),
        dict(op="Lu", inputs={"input": "?"}, attrs={"output_idx_type": "int64"}),
        dict(op="Qr", inputs={"input": [2, 3, 5]}, attrs={"full_matrices": True}),
        dict(op="Qr", inputs={"input": [None, 0]}),
        dict(op="Qr", inputs={"input": [4]}),
        dict(op="Qr", inputs={"input": "?"}),
        dict(op="Svd", inputs={"input": [2, 5, 3]}),
        dict(op="Svd", inputs={"input": [3, None]}, attrs={"full_matrices": True}),
        dict(op="Svd", inputs={"input": [None, 4, 3]}, attrs={"compute_uv": False}),
        dict(op="Svd", inputs={"input": [4]}),
        dict(op="Svd", inputs={"input": "?"}),
        dict(op="SelfAdjointEigV2", inputs={"input": [2, None, 4]}),
        dict(op="SelfAdjointEigV2", inputs={"input": [4, 4]}, attrs={"compute_v": False}),
        dict(op="SelfAdjointEigV2", inputs={"input": [4, 3]}),
        dict(op="SelfAdjointEigV2", inputs={"input": "?"}),
        dict(op="Cross", inputs={"a": [None, 3], "b": [2, None]}),
        dict(op="Cross", inputs={"a": [2, 4], "b": [2, 4]}),
        dict(op="Cross", inputs={"a": [2, 3], "b": [3, 3]}),
        dict(op="Cross", inputs={"a": "?", "b": [5, 3]}),
        dict(op="Diag", inputs={"diagonal": [2, None]}),
        dict(op="Diag", inputs={"diagonal": []}),
        dict(op="DiagPart", inputs={"input": [2, None, None, 3]}),
        dict(op="DiagPart", inputs={"input": [2, 3, 2]}),
        dict(op="DiagPart", inputs={"input": [2, 3]}),
        dict(op="DiagPart", inputs={"input": "?"}),
    ]

def partial_shape_cases():
    """Shape inputs known in part: tf.shape of a partially known tensor."""
    return [
        dict(op="Reshape", inputs={"tensor": [None, 6]}, shape_of={"shape": [None, 2, 3]}),
        dict(op="Reshape", inputs={"tensor": [4, 6]}, shape_of={"shape": [None, 2, 3]}),
        dict(op="Reshape", inputs={"tensor": [4, 6]}, shape_of={"shape": [None, 5]}),
        dict(op="Fill", inputs={"value": []}, shape_of={"dims": [None, 3]}),
        dict(op="BroadcastTo", inputs={"input": [3]}, shape_of={"shape": [None, 3]}),
        dict(op="BroadcastTo", inputs={"input": [3]}, shape_of={"shape": [None, 4]}),
        dict(op="Tile", inputs={"input": [2, 3]}, shape_of={"multiples": [None, 2]}),
        dict(op="RandomUniform", shape_of={"shape": [2, None]}, attrs={"dtype": "float32"}),
        dict(op="ScatterNd", inputs={"indices": [4, 1], "updates": [4, None]}, shape_of={"shape": [None, 3]}),
        dict(op="StatelessRandomNormalV2", shape_of={"shape": [None, 3]}, inputs={"key": [1], "counter": [2],
                                                                                  "alg": []}),
        dict(op="StridedSliceGrad", inputs={"dy": [2, 3]}, shape_of={"shape": [None, 3]},
             const={"begin": [1], "end": [3], "strides": [1]}),
    ]


def edge_cases():
    """Rank checks on the inputs TensorFlow reads as constants, and other corners."""
    return [
        dict(op="StatelessRandomGetKeyCounter", inputs={"seed": [3]}),
        dict(op="StatelessRandomGetKeyCounter", inputs={"seed": []}),
        dict(op="StatelessRandomNormalV2", const={"shape": [2]}, inputs={"key": [2], "counter": [2], "alg": []}),
        dict(op="StatelessRandomNormalV2", const={"shape": [2]}, inputs={"key": [1], "counter": [2, 1], "alg": []}),
        dict(op="Range", inputs={"start": [2], "limit": [], "delta": []}),
        dict(op="Range", const={"start": 0, "limit": 5}, inputs={"delta": [3]}),
        dict(op="ConcatV2", inputs={"values": [[], []], "axis": []}),
        dict(op="ConcatV2", inputs={"values": [[2], [3]]}, const={"axis": [0]}),
        dict(op="Fill", inputs={"dims": [2, 2], "value": []}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": [2, -2]}),
        dict(op="Reshape", inputs={"tensor": [None, 4]}, const={"shape": [6]}),
        dict(op="Reshape", inputs={"tensor": [None, 4]}, const={"shape": [8]}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": 6}),
        dict(op="Reshape", inputs={"tensor": [2, 3], "shape": [2, 2]}),
        dict(op="OneHot", inputs={"indices": [3], "depth": [1], "on_value": [], "off_value": []}),
        dict(op="Tile", inputs={"input": [2, 3], "multiples": [3]}),
        dict(op="Tile", inputs={"input": [2, 0, None, 1]}, const={"multiples": [0, 5, 1, 4]}),
        dict(op="ExpandDims", inputs={"input": [2, 3]}, const={"dim": [1, 2]}),
        dict(op="ExpandDims", inputs={"input": [2, 3]}, const={"dim": [1]}),
        dict(op="Pack", inputs={"values": [[2], "?"]}, attrs={"axis": -2}),
        dict(op="Pack", inputs={"values": [[2], "?"]}, attrs={"axis": -3}),
        dict(op="Shape", inputs={"input": [2]}, attrs={"out_type": "int64"}),
        dict(op="Multinomial", inputs={"logits": [None, 3], "num_samples": [1]}),
        dict(op="RandomUniform", inputs={"shape": [2, 2]}, attrs={"dtype": "float32"}),
        dict(op="RandomUniform", const={"shape": 3}, attrs={"dtype": "float32"}),
        dict(op="RandomUniform", const={"shape": [2, -2]}, attrs={"dtype": "float32"}),
        dict(op="Sum", inputs={"input": [2, 3]}, const={"reduction_indices": [[0]]}),
        dict(op="Sum", inputs={"input": []}, const={"reduction_indices": 0}),
        dict(op="Sum", inputs={"input": []}, const={"reduction_indices": []}),
        dict(op="Sum", inputs={"input": [2, 3]}, const={"reduction_indices": [0, 0, -2]}),
        dict(op="ArgMax", inputs={"input": [2, 3]}, const={"dimension": [1]}),
        dict(op="ArgMax", inputs={"input": [2]}, const={"dimension": 5}),
        dict(op="Squeeze", inputs={"input": [1, None]}, attrs={"squeeze_dims": [1]}),
        dict(op="Squeeze", inputs={"input": [1, 2, 1]}),
        dict(op="Where", inputs={"input": []}),
        dict(op="ScatterNd", inputs={"indices": [4, 1], "updates": [4, 3]}, const={"shape": [8, 4]}),
        dict(op="ScatterNd", inputs={"indices": [4, 2], "updates": [4]}, const={"shape": [8, 4]}),
        dict(op="ScatterNd", inputs={"indices": [4, None], "updates": [4, 3]}, const={"shape": [8, 4]}),
        dict(op="BroadcastTo", inputs={"input": [3]}, const={"shape": 3}),
        dict(op="Transpose", inputs={"x": [2, 3]}, const={"perm": [-1, 0]}),
        dict(op="Transpose", inputs={"x": [2, 3]}, const={"perm": [-2, 0]}),
        dict(op="Transpose", inputs={"x": "?"}, const={"perm": [0]}),
        dict(op="Transpose", inputs={"x": [2, 3], "perm": [2, 1]}),
        dict(op="GatherV2", inputs={"params": [5, 3], "indices": [2]}, const={"axis": [0]}),
        dict(op="GatherV2", inputs={"params": [], "indices": [2]}, const={"axis": 0}),
        dict(op="GatherV2", inputs={"params": [2, 5, 3], "indices": [2, 4]}, const={"axis": 1},
             attrs={"batch_dims": -1}),
        dict(op="GatherV2", inputs={"params": [2, 5, 3], "indices": [2, 4]}, const={"axis": 0},
             attrs={"batch_dims": 3}),
        dict(op="GatherNd", inputs={"params": "?", "indices": [4, 2]}),
        dict(op="GatherNd", inputs={"params": [5, 3], "indices": [4, 2]}),
        dict(op="Unpack", inputs={"value": [2, None]}, attrs={"num": 5, "axis": 1}),
        dict(op="Unpack", inputs={"value": []}, attrs={"num": 1}),
        dict(op="Cumsum", inputs={"x": [2, 3], "axis": [2]}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 3], "segment_ids": [4], "num_segments": [1]}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 3], "segment_ids": [4, 3, 1]},
             const={"num_segments": 2}),
        dict(op="UnsortedSegmentSum", inputs={"data": [4, 3], "segment_ids": "?"}, const={"num_segments": 2}),
        dict(op="SelectV2", inputs={"condition": [2, 1], "t": [None], "e": [4, None]}),
        dict(op="Select", inputs={"condition": [2], "t": [], "e": []}),
        dict(op="Select", inputs={"condition": [None], "t": [None, 2], "e": "?"}),
        dict(op="MatMul", inputs={"a": [2], "b": [2, 3]}),
        dict(op="BatchMatMulV2", inputs={"x": [2, 1, 2, 3], "y": [None, 3, 4]}),
        dict(op="BatchMatMulV2", inputs={"x": [2, 2, 3], "y": [3, 2, 3, 4]}, attrs={"adj_x": True}),
        dict(op="AddN", inputs={"inputs": [[2, 3]]}),
        dict(op="BiasAdd", inputs={"value": [2, 3], "bias": [3]}, attrs={"data_format": "NCHW"}),
        dict(op="BiasAdd", inputs={"value": [2, 3, 4], "bias": [4]}, attrs={"data_format": "NCHW"}),
        dict(op="BiasAddGrad", inputs={"out_backprop": [2, 3]}, attrs={"data_format": "NCHW"}),
        dict(op="Softmax", inputs={"logits": [3]}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 0], "end": [1, 1], "strides": [1, 1]},
             attrs={"ellipsis_mask": 3}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 0, 0], "end": [1, 1, 1],
                                                                  "strides": [1, 1, 1]}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [-1], "end": [0], "strides": [-1]},
             attrs={"shrink_axis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": [5, None, 4]}, const={"begin": [0, 1], "end": [0, 2],
                                                                        "strides": [1, 1]},
             attrs={"begin_mask": 1, "end_mask": 1, "shrink_axis_mask": 2}),
        dict(op="StridedSlice", inputs={"input": [5, None, 4], "begin": [2], "end": [2]}, const={"strides": [1, 1]},
             attrs={"begin_mask": 1, "end_mask": 1, "shrink_axis_mask": 2}),
        dict(op="StridedSlice", inputs={"input": [5, 6, 7, 8]}, const={"begin": [1, 0, 2], "end": [3, 0, 0],
                                                                        "strides": [1, 1, -1]},
             attrs={"ellipsis_mask": 2, "new_axis_mask": 2, "end_mask": 4}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 0], "end": [2, 3], "strides": [1]}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [[0]], "end": [[2]], "strides": [[1]]}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [-9], "end": [90], "strides": [2]}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [1], "end": [3], "strides": [1]},
             attrs={"shrink_axis_mask": 1, "new_axis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 1, 0], "end": [0, 2, 0],
                                                                  "strides": [1, 1, 1]},
             attrs={"new_axis_mask": 5, "shrink_axis_mask": 2}),
        dict(op="StridedSlice", inputs={"input": []}, const={"begin": [0], "end": [1], "strides": [1]},
             attrs={"new_axis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 0], "end": [0, 0], "strides": [1, 1]},
             attrs={"shrink_axis_mask": 3}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [1], "end": [3], "strides": [-1]},
             attrs={"shrink_axis_mask": 1}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": "?", "labels": "?"}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3, 4], "labels": [3, 4]}),
        dict(op="SparseSoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3], "labels": "?"}),
        dict(op="RestoreV2", const={"prefix": "ckpt", "tensor_names": ["a", "b"],
                                    "shape_and_slices": ["4 5 0,2:-", "3 -"]}, attrs={"dtypes": ["float32", "int32"]}),
        dict(op="RestoreV2", const={"prefix": "ckpt", "tensor_names": ["a"], "shape_and_slices": ["", ""]},
             inputs={}, attrs={"dtypes": ["float32"]}),
        dict(op="RestoreV2", inputs={"prefix": [], "tensor_names": [2], "shape_and_slices": [3]},
             attrs={"dtypes": ["float32", "int32"]}),
        dict(op="StringFormat", inputs={"inputs": [[2]]}, attrs={"template": "{} {}", "placeholder": "{}"}),
        # parsing and file ops
        dict(op="ParseExampleV2", inputs={"serialized": [None], "names": [0], "sparse_keys": [1], "dense_keys": [2],
                                          "ragged_keys": [0], "dense_defaults": [[2], []]},
             attrs={"num_sparse": 1, "sparse_types": ["int64"], "ragged_value_types": [], "ragged_split_types": [],
                    "dense_shapes": [[2], [None]]}),
        dict(op="ParseExampleV2", inputs={"serialized": [], "names": [0], "sparse_keys": [2], "dense_keys": [1],
                                          "ragged_keys": [0], "dense_defaults": [[]]},
             attrs={"num_sparse": 2, "sparse_types": ["float32", "string"], "ragged_value_types": [],
                    "ragged_split_types": [], "dense_shapes": [[3, 4]]}),
        dict(op="ParseExampleV2", inputs={"serialized": [2, 3], "names": [0], "sparse_keys": [0], "dense_keys": [0],
                                          "ragged_keys": [0], "dense_defaults": []},
             attrs={"num_sparse": 0, "sparse_types": [], "ragged_value_types": [], "ragged_split_types": [],
                    "dense_shapes": []}),
        dict(op="SparseToDense", inputs={"sparse_indices": [None, 2], "sparse_values": [None], "default_value": []},
             const={"output_shape": [3, 4]}),
        dict(op="SparseToDense", inputs={"sparse_indices": [None, 2], "output_shape": [2], "sparse_values": [None],
                                         "default_value": []}),
        dict(op="SerializeTensor", inputs={"tensor": [2, None]}),
        dict(op="SerializeTensor", inputs={"tensor": "?"}),
        dict(op="ParseTensor", inputs={"serialized": []}, attrs={"out_type": "float32"}),
        dict(op="ParseTensor", inputs={"serialized": [3]}, attrs={"out_type": "int64"}),
        dict(op="ReadFile", inputs={"filename": []}),
        dict(op="DecodeCSV", inputs={"records": [None, 3], "record_defaults": [[1], []]}),
        dict(op="DecodeCSV", inputs={"records": "?", "record_defaults": [[]]}),
        dict(op="DecodeCSV", inputs={"records": [2], "record_defaults": [[1, 1]]}),
        dict(op="ReadFile", inputs={"filename": [2]}),
        dict(op="LeakyRelu", inputs={"features": [None, 3]}, attrs={"alpha": 0.1}),
        dict(op="ResourceGather", inputs={"resource": [], "indices": [2]}, attrs={"dtype": "float32"}),
        dict(op="ResourceGather", inputs={"resource": [4, 5, 6], "indices": [4, 2]},
             attrs={"dtype": "float32", "batch_dims": 1}),
        dict(op="ResourceGatherNd", inputs={"resource": "?", "indices": [4, 2]}, attrs={"dtype": "float32"}),
    ]


def array_cases():
    return [
        dict(op="BroadcastTo", inputs={"input": [None, 1]}, const={"shape": [2, 3, 4]}),
        dict(op="BroadcastTo", inputs={"input": [3]}, const={"shape": [2, 4]}),
        dict(op="BroadcastTo", inputs={"input": [3], "shape": [2]}),
        dict(op="BroadcastTo", inputs={"input": [3], "shape": [None]}),
        dict(op="BroadcastTo", inputs={"input": [2, 3]}, const={"shape": [3]}),
        dict(op="ConcatV2", inputs={"values": [[2, None], [None, 3]]}, const={"axis": 1}),
        dict(op="ConcatV2", inputs={"values": [[2, 3], [4, 3], [1, 3]]}, const={"axis": -2}),
        dict(op="ConcatV2", inputs={"values": [[2, 3], [2, 4]]}, const={"axis": 0}),
        dict(op="ConcatV2", inputs={"values": [[2, 3], [2]]}, const={"axis": 0}),
        dict(op="ConcatV2", inputs={"values": [[2, 3], [2, 4]]}, const={"axis": 2}),
        dict(op="ConcatV2", inputs={"values": ["?", [2, 4]]}, const={"axis": 0}),
        dict(op="ConcatV2", inputs={"values": ["?", "?"]}, const={"axis": 0}),
        dict(op="ConcatV2", inputs={"values": [[2, 3], [None, 4]], "axis": []}),
        dict(op="Transpose", inputs={"x": [2, None, 4]}, const={"perm": [2, 0, 1]}),
        dict(op="Transpose", inputs={"x": [2, 3]}, const={"perm": [0, 1, 2]}),
        dict(op="Transpose", inputs={"x": [2, 3], "perm": [2]}),
        dict(op="Transpose", inputs={"x": "?"}, const={"perm": [1, 0]}),
        dict(op="Transpose", inputs={"x": [2, 3]}, const={"perm": [0, 2]}),
        dict(op="Transpose", inputs={"x": "?", "perm": [3]}),
        dict(op="ConjugateTranspose", inputs={"x": [2, None]}, const={"perm": [1, 0]}),
        dict(op="ConjugateTranspose", inputs={"x": [2, 3]}, const={"perm": [1]}),
        dict(op="ExpandDims", inputs={"input": [2, None]}, const={"dim": 0}),
        dict(op="ExpandDims", inputs={"input": [2, None]}, const={"dim": -1}),
        dict(op="ExpandDims", inputs={"input": [2, 3]}, const={"dim": 3}),
        dict(op="ExpandDims", inputs={"input": [2, 3]}, const={"dim": -4}),
        dict(op="ExpandDims", inputs={"input": [2, 3], "dim": []}),
        dict(op="ExpandDims", inputs={"input": "?"}, const={"dim": 0}),
        dict(op="Fill", const={"dims": [2, 3]}, inputs={"value": []}),
        dict(op="Fill", inputs={"dims": [3], "value": []}),
        dict(op="Fill", inputs={"dims": [None], "value": []}),
        dict(op="Fill", const={"dims": [2]}, inputs={"value": [1]}),
        dict(op="Fill", const={"dims": [2, -1]}, inputs={"value": []}),
        dict(op="GatherV2", inputs={"params": [5, None, 3], "indices": [2, None]}, const={"axis": 1}),
        dict(op="GatherV2", inputs={"params": [5, 3], "indices": []}, const={"axis": 0}),
        dict(op="GatherV2", inputs={"params": [5, 3], "indices": [2]}, const={"axis": 2}),
        dict(op="GatherV2", inputs={"params": [5, 3], "indices": [4], "axis": []}),
        dict(op="GatherV2", inputs={"params": "?", "indices": [4]}, const={"axis": 0}),
        dict(op="GatherV2", inputs={"params": [2, 5, 3], "indices": [2, 4]}, const={"axis": 1},
             attrs={"batch_dims": 1}),
        dict(op="GatherV2", inputs={"params": [5, 3], "indices": [2]}, const={"axis": -1}),
        dict(op="GatherNd", inputs={"params": [5, None, 3], "indices": [4, 2]}),
        dict(op="GatherNd", inputs={"params": [5, 3], "indices": [None, 3]}),
        dict(op="GatherNd", inputs={"params": [5, 3], "indices": [4, None]}),
        dict(op="GatherNd", inputs={"params": [5, 3], "indices": []}),
        dict(op="OneHot", inputs={"indices": [None, 2], "on_value": [], "off_value": []}, const={"depth": 4}),
        dict(op="OneHot", inputs={"indices": [3], "on_value": [], "off_value": []}, const={"depth": 4},
             attrs={"axis": 0}),
        dict(op="OneHot", inputs={"indices": [3], "depth": [], "on_value": [], "off_value": []}),
        dict(op="OneHot", inputs={"indices": [3], "on_value": [], "off_value": []}, const={"depth": 4},
             attrs={"axis": -2}),
        dict(op="OneHot", inputs={"indices": [3], "on_value": [], "off_value": []}, const={"depth": -1}),
        dict(op="OneHot", inputs={"indices": "?", "on_value": [], "off_value": []}, const={"depth": 4}),
        dict(op="Pack", inputs={"values": [[2, None], [None, 3]]}),
        dict(op="Pack", inputs={"values": [[2, 3], [2, 3]]}, attrs={"axis": -1}),
        dict(op="Pack", inputs={"values": [[2], [3]]}),
        dict(op="Pack", inputs={"values": [[2], [2, 1]]}),
        dict(op="Pack", inputs={"values": [[2]]}, attrs={"axis": 2}),
        dict(op="Pack", inputs={"values": ["?", "?"]}),
        dict(op="IdentityN", inputs={"input": [[2, None], "?", []]}),
        dict(op="IdentityN", inputs={"input": [[3, 4]]}),
        dict(op="Rank", inputs={"input": [2, None]}),
        dict(op="Rank", inputs={"input": "?"}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": [3, -1]}),
        dict(op="Reshape", inputs={"tensor": [None, 3]}, const={"shape": [-1]}),
        dict(op="Reshape", inputs={"tensor": [None, 6]}, const={"shape": [-1, 2, 3]}),
        dict(op="Reshape", inputs={"tensor": [None, 6]}, const={"shape": [2, -1]}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": [4]}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": [4, -1]}),
        dict(op="Reshape", inputs={"tensor": [2, 3]}, const={"shape": [-1, -1]}),
        dict(op="Reshape", inputs={"tensor": "?"}, const={"shape": [-1, 2]}),
        dict(op="Reshape", inputs={"tensor": [2, 3], "shape": [2]}),
        dict(op="Reshape", inputs={"tensor": [2, 3], "shape": [None]}),
        dict(op="Reshape", inputs={"tensor": [0, 3]}, const={"shape": [-1, 0]}),
        dict(op="Reshape", inputs={"tensor": [1]}, const={"shape": []}),
        dict(op="ScatterNd", inputs={"indices": [4, 1], "updates": [4, None]}, const={"shape": [8, 3]}),
        dict(op="ScatterNd", inputs={"indices": [4, 1], "updates": [4, 3], "shape": [2]}),
        dict(op="ScatterNd", inputs={"indices": [4, 1], "updates": [5, 3]}, const={"shape": [8, 3]}),
        dict(op="Shape", inputs={"input": [2, None, 3]}),
        dict(op="Shape", inputs={"input": "?"}),
        dict(op="Shape", inputs={"input": []}),
        dict(op="ShapeN", inputs={"input": [[2, None], "?", []]}),
        dict(op="ShapeN", inputs={"input": [[2, 3, 4]]}),
        dict(op="Size", inputs={"input": [2, None]}),
        dict(op="Size", inputs={"input": "?"}),
        dict(op="Squeeze", inputs={"input": [1, None, 1, 3]}),
        dict(op="Squeeze", inputs={"input": [1, None, 1, 3]}, attrs={"squeeze_dims": [0, -2]}),
        dict(op="Squeeze", inputs={"input": [1, None, 3]}, attrs={"squeeze_dims": [1]}),
        dict(op="Squeeze", inputs={"input": [2, 3]}, attrs={"squeeze_dims": [0]}),
        dict(op="Squeeze", inputs={"input": [1, 3]}, attrs={"squeeze_dims": [2]}),
        dict(op="Squeeze", inputs={"input": "?"}),
        dict(op="StridedSlice", inputs={"input": [5, None, 4]}, const={"begin": [1], "end": [3], "strides": [1]}),
        dict(op="StridedSlice", inputs={"input": [5, None, 4]},
             const={"begin": [0, 0], "end": [-1, 2], "strides": [2, 1]}),
        dict(op="StridedSlice", inputs={"input": [5, 6, 4]}, const={"begin": [1, 0], "end": [0, 0],
                                                                     "strides": [1, 1]},
             attrs={"shrink_axis_mask": 1, "end_mask": 2}),
        dict(op="StridedSlice", inputs={"input": [5, 6, 4]}, const={"begin": [0, 1], "end": [0, 5],
                                                                     "strides": [1, -2]},
             attrs={"ellipsis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0, 0, 0], "end": [0, 2, 0],
                                                                  "strides": [1, 1, 1]},
             attrs={"new_axis_mask": 1, "begin_mask": 4, "end_mask": 4}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [7], "end": [8], "strides": [1]},
             attrs={"shrink_axis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": [5, 6]}, const={"begin": [0], "end": [2], "strides": [0]}),
        dict(op="StridedSlice", inputs={"input": [5, 6], "begin": [1], "end": [1], "strides": [1]}),
        dict(op="StridedSlice", inputs={"input": [5, 6], "begin": [1], "end": [1], "strides": [1]},
             attrs={"shrink_axis_mask": 1}),
        dict(op="StridedSlice", inputs={"input": "?"}, const={"begin": [1], "end": [3], "strides": [1]}),
        dict(op="StridedSlice", inputs={"input": [10]}, const={"begin": [-3], "end": [-1], "strides": [1]}),
        dict(op="StridedSlice", inputs={"input": [10]}, const={"begin": [8], "end": [2], "strides": [-3]}),
        dict(op="StridedSliceGrad", inputs={"dy": [2, 3]}, const={"shape": [5, 3], "begin": [1], "end": [3],
                                                                   "strides": [1]}),
        dict(op="StridedSliceGrad", inputs={"shape": [2], "dy": [2, 3]}, const={"begin": [1], "end": [3],
                                                                                 "strides": [1]}),
        dict(op="Tile", inputs={"input": [2, None]}, const={"multiples": [3, 2]}),
        dict(op="Tile", inputs={"input": [2, 3], "multiples": [2]}),
        dict(op="Tile", inputs={"input": [2, 3]}, const={"multiples": [3]}),
        dict(op="Tile", inputs={"input": "?"}, const={"multiples": [3, 2]}),
        dict(op="Tile", inputs={"input": "?", "multiples": [None]}),
        dict(op="Unpack", inputs={"value": [3, None]}, attrs={"num": 3}),
        dict(op="Unpack", inputs={"value": [2, 4]}, attrs={"num": 4, "axis": -1}),
        dict(op="Unpack", inputs={"value": [2, 4]}, attrs={"num": 3}),
        dict(op="Unpack", inputs={"value": [2, 4]}, attrs={"num": 2, "axis": 2}),
        dict(op="Unpack", inputs={"value": "?"}, attrs={"num": 2}),
        dict(op="Where", inputs={"input": [2, None, 3]}),
        dict(op="Where", inputs={"input": "?"}),
    ]


def nn_cases():
    return [
        dict(op="BiasAdd", inputs={"value": [None, 3], "bias": [3]}),
        dict(op="BiasAdd", inputs={"value": [2, 3], "bias": [4]}),
        dict(op="BiasAdd", inputs={"value": [3], "bias": [3]}),
        dict(op="BiasAdd", inputs={"value": [2, None], "bias": [4]}),
        dict(op="BiasAdd", inputs={"value": "?", "bias": [4]}),
        dict(op="BiasAdd", inputs={"value": [2, 3, 4], "bias": [2, 2]}),
        dict(op="BiasAdd", inputs={"value": [2, 3, 4, 5], "bias": [3]}, attrs={"data_format": "NCHW"}),
        dict(op="BiasAddGrad", inputs={"out_backprop": [None, 3]}),
        dict(op="BiasAddGrad", inputs={"out_backprop": [3]}),
        dict(op="BiasAddGrad", inputs={"out_backprop": "?"}),
        dict(op="BiasAddGrad", inputs={"out_backprop": [2, 3, 4, 5]}, attrs={"data_format": "NCHW"}),
        dict(op="L2Loss", inputs={"t": [2, None]}),
        dict(op="L2Loss", inputs={"t": "?"}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": [None, 3], "labels": [2, None]}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3], "labels": [2, 4]}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3], "labels": [3]}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": [3], "labels": [3]}),
        dict(op="SoftmaxCrossEntropyWithLogits", inputs={"features": "?", "labels": [2, 3]}),
        dict(op="SparseSoftmaxCrossEntropyWithLogits", inputs={"features": [None, 3], "labels": [2]}),
        dict(op="SparseSoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3], "labels": [4]}),
        dict(op="SparseSoftmaxCrossEntropyWithLogits", inputs={"features": [2, 3], "labels": [2, 1]}),
        dict(op="SparseSoftmaxCrossEntropyWithLogits", inputs={"features": "?", "labels": [5]}),
    ]


def conv_cases():
    """Conv2D, its gradients and the pooling ops (padding arithmetic, unknown dims, build errors)."""
    c = {"strides": [1, 1, 1, 1], "padding": "SAME"}
    p = {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}
    return [
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [None, 7, 6, 3], "filter": [3, 2, 3, 4]},
             attrs={"strides": [1, 2, 3, 1], "padding": "VALID"}),
        dict(op="Conv2D", inputs={"input": [2, None, 6, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 2, 2, 1], "padding": "SAME"}),
        dict(op="Conv2D", inputs={"input": [2, 7, 6, 3], "filter": [3, 3, None, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "VALID", "dilations": [1, 2, 2, 1]}),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0, 0, 1, 2, 0, 1, 0, 0]}),
        dict(op="Conv2D", inputs={"input": "?", "filter": [3, 3, 3, 4]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": "?"}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 6], "filter": [3, 3, 3, 4]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 2, 4]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 6], "filter": [3, 3, 3, 5]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 2, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "VALID"}),
        dict(op="Conv2D", inputs={"input": [2, 5, 5], "filter": [3, 3, 3, 4]}, attrs=c),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1], "padding": "SAME"}),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "SAME", "dilations": [1, 1, 1]}),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0, 0, 1, 1]}),
        dict(op="Conv2D", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 1, 1], "padding": "SAME", "explicit_paddings": [0, 0, 1, 1, 1, 1, 0, 0]}),
        dict(op="Conv2D", inputs={"input": [2, 3, 5, 5], "filter": [3, 3, 3, 4]},
             attrs={"strides": [1, 1, 2, 2], "padding": "SAME", "data_format": "NCHW"}),
        dict(op="Conv2DBackpropInput", inputs={"filter": [3, 3, 3, 4], "out_backprop": [2, 5, 5, 4]},
             const={"input_sizes": [2, 5, 5, 3]}, attrs=c),
        dict(op="Conv2DBackpropInput", inputs={"input_sizes": [4], "filter": [3, 3, 3, 4],
                                               "out_backprop": [None, 5, 5, 4]}, attrs=c),
        dict(op="Conv2DBackpropInput", inputs={"filter": [3, 3, 3, 4], "out_backprop": [2, 5, 5, 5]},
             const={"input_sizes": [2, 5, 5, 3]}, attrs=c),
        dict(op="Conv2DBackpropInput", inputs={"filter": [3, 3, 3, 4], "out_backprop": [2, 5, 5]},
             const={"input_sizes": [2, 5, 5, 3]}, attrs=c),
        dict(op="Conv2DBackpropFilter", inputs={"input": [2, 5, 5, 3], "out_backprop": [2, 5, 5, 4]},
             const={"filter_sizes": [3, 3, 3, 4]}, attrs=c),
        dict(op="Conv2DBackpropFilter", inputs={"input": [2, 5, 5, 3], "filter_sizes": [4],
                                                "out_backprop": [2, 5, 5, 4]}, attrs=c),
        dict(op="Conv2DBackpropFilter", inputs={"input": [2, 5, 5, 3], "out_backprop": [2, 5, 5, 4]},
             const={"filter_sizes": [3, 3, 4]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 2]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [None, 7, 6, None], "filter": [3, 2, 3, 4]},
             attrs={"strides": [1, 2, 3, 1], "padding": "VALID"}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 7, 6, 3], "filter": [3, 3, None, 2]},
             attrs={"strides": [1, 1, 1, 1], "padding": "VALID", "dilations": [1, 2, 2, 1]}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 7, 6, 3], "filter": [3, 3, 3, None]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0, 0, 1, 2, 0, 1, 0, 0]}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 3, 7, 5], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 2, 2], "padding": "SAME", "data_format": "NCHW"}),
        dict(op="DepthwiseConv2dNative", inputs={"input": "?", "filter": [3, 3, 3, 2]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 4], "filter": [3, 3, 3, 2]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5], "filter": [3, 3, 3, 2]}, attrs=c),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 2, 5, 3], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 1, 1], "padding": "VALID"}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 1], "padding": "SAME"}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 1, 1], "padding": "SAME", "dilations": [1, 2, 1]}),
        dict(op="DepthwiseConv2dNative", inputs={"input": [2, 5, 5, 3], "filter": [3, 3, 3, 2]},
             attrs={"strides": [1, 1, 1, 1], "padding": "SAME", "explicit_paddings": [0, 0, 1, 1, 1, 1, 0, 0]}),
        dict(op="DepthwiseConv2dNativeBackpropInput", inputs={"filter": [3, 3, 3, 2], "out_backprop": [2, 5, 5, 6]},
             const={"input_sizes": [2, 5, 5, 3]}, attrs=c),
        dict(op="ResizeBilinear", inputs={"images": [2, 5, 6, 3]}, const={"size": [7, 4]}),
        dict(op="ResizeBilinear", inputs={"images": [None, 5, None, 3], "size": [2]}),
        dict(op="ResizeBilinear", inputs={"images": [2, 5, 6], "size": [2]}),
        dict(op="ResizeBilinear", inputs={"images": [2, 5, 6, 3], "size": [3]}),
        dict(op="ResizeBilinearGrad", inputs={"grads": [2, 7, 4, 3], "original_image": [2, 5, 6, 3]}),
        dict(op="ResizeBilinearGrad", inputs={"grads": [2, 7, 4], "original_image": [2, 5, 6, 3]}),
        dict(op="SpaceToBatchND", inputs={"input": [2, 5, 6, 3]},
             const={"block_shape": [2, 3], "paddings": [[1, 0], [0, 0]]}),
        dict(op="SpaceToBatchND", inputs={"input": [None, 5, None, 3]},
             const={"block_shape": [2, 3], "paddings": [[1, 0], [0, 0]]}),
        dict(op="SpaceToBatchND", inputs={"input": [2, 5, 6, 3], "block_shape": [2], "paddings": [2, 2]}),
        dict(op="SpaceToBatchND", inputs={"input": "?", "block_shape": [2], "paddings": [2, 2]}),
        dict(op="SpaceToBatchND", inputs={"input": [2, 5, 6, 3]},
             const={"block_shape": [2, 3], "paddings": [[0, 0], [0, 0]]}),
        dict(op="SpaceToBatchND", inputs={"input": [2, 5]},
             const={"block_shape": [2, 3], "paddings": [[1, 0], [0, 0]]}),
        dict(op="BatchToSpaceND", inputs={"input": [12, 3, 2, 3]},
             const={"block_shape": [2, 3], "crops": [[1, 0], [0, 2]]}),
        dict(op="BatchToSpaceND", inputs={"input": [None, 3, None, 3]},
             const={"block_shape": [2, 3], "crops": [[1, 0], [0, 2]]}),
        dict(op="BatchToSpaceND", inputs={"input": [10, 3, 2, 3]},
             const={"block_shape": [2, 3], "crops": [[1, 0], [0, 2]]}),
        dict(op="BatchToSpaceND", inputs={"input": [12, 3, 2, 3], "block_shape": [2], "crops": [2, 2]}),
        dict(op="DepthwiseConv2dNativeBackpropInput", inputs={"input_sizes": [4], "filter": [3, 3, 3, 2],
                                                              "out_backprop": [None, 5, 5, 6]}, attrs=c),
        dict(op="DepthwiseConv2dNativeBackpropInput", inputs={"filter": [3, 3, 3, 2], "out_backprop": [2, 5, 5, 6]},
             const={"input_sizes": [2, 5, 5]}, attrs=c),
        dict(op="DepthwiseConv2dNativeBackpropFilter", inputs={"input": [2, 5, 5, 3], "out_backprop": [2, 5, 5, 6]},
             const={"filter_sizes": [3, 3, 3, 2]}, attrs=c),
        dict(op="DepthwiseConv2dNativeBackpropFilter", inputs={"input": [2, 5, 5, 3], "filter_sizes": [4],
                                                               "out_backprop": [2, 5, 5, 6]}, attrs=c),
        dict(op="DepthwiseConv2dNativeBackpropFilter", inputs={"input": [2, 5, 5, 3], "out_backprop": [2, 5, 5, 6]},
             const={"filter_sizes": [3, 3, 3]}, attrs=c),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 5, 7], "scale": [7], "offset": [7], "mean": [0],
                                            "variance": [0]}),
        dict(op="FusedBatchNormV3", inputs={"x": [None, 5, None, None], "scale": [None], "offset": [7], "mean": [3],
                                            "variance": "?"}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 7, 5, 5], "scale": [7], "offset": [7], "mean": [7],
                                            "variance": [7]}, attrs={"data_format": "NCHW", "is_training": False}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 5, 7], "scale": [7], "offset": [7], "mean": [3],
                                            "variance": [7]}, attrs={"is_training": False}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 5, 7], "scale": [7], "offset": [7], "mean": [3],
                                            "variance": [7]}, attrs={"exponential_avg_factor": 0.5}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 4, 5, 5, 7], "scale": [7], "offset": [7], "mean": [0],
                                            "variance": [0]}, attrs={"data_format": "NDHWC"}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 7], "scale": [7], "offset": [7], "mean": [0],
                                            "variance": [0]}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 5, 7], "scale": [6], "offset": [7], "mean": [0],
                                            "variance": [0]}),
        dict(op="FusedBatchNormV3", inputs={"x": [2, 5, 5, 7], "scale": [7, 1], "offset": [7], "mean": [0],
                                            "variance": [0]}),
        dict(op="BlockLSTMV2", inputs={"seq_len_max": [], "x": [6, 3, 4], "cs_prev": [3, 5], "h_prev": [3, 5],
                                       "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [20]}),
        dict(op="BlockLSTMV2", inputs={"seq_len_max": [], "x": [None, None, 4], "cs_prev": "?", "h_prev": "?",
                                       "w": "?", "wci": "?", "wcf": "?", "wco": "?", "b": [None]}),
        dict(op="BlockLSTMV2", inputs={"seq_len_max": [], "x": [6, 3], "cs_prev": [3, 5], "h_prev": [3, 5],
                                       "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [20]}),
        dict(op="BlockLSTMV2", inputs={"seq_len_max": [], "x": [6, 3, 4], "cs_prev": [3, 5], "h_prev": [3, 5],
                                       "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [18]}),
        dict(op="BlockLSTM", inputs={"seq_len_max": [], "x": [6, None, 4], "cs_prev": [3, 5], "h_prev": [3, 5],
                                     "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [20]}),
        dict(op="BlockLSTMGrad", inputs={"seq_len_max": [], "x": [6, 3, 4], "cs_prev": [3, 5], "h_prev": [3, 5],
                                         "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [None],
                                         **{k: [6, 3, 5] for k in ("i", "cs", "f", "o", "ci", "co", "h", "cs_grad",
                                                                   "h_grad")}}, attrs={"use_peephole": True}),
        dict(op="BlockLSTM", inputs={"seq_len_max": [], "x": [6, 3, 4], "cs_prev": [3, 5], "h_prev": [3, 5],
                                     "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [3, 20]}),
        dict(op="BlockLSTMGrad", inputs={"seq_len_max": [], "x": "?", "cs_prev": [3, 5], "h_prev": [3, 5],
                                         "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5, 1], "b": [20],
                                         **{k: [6, 3, 5] for k in ("i", "cs", "f", "o", "ci", "co", "h", "cs_grad",
                                                                   "h_grad")}}, attrs={"use_peephole": True}),
        dict(op="BlockLSTMGradV2", inputs={"seq_len_max": [], "x": [6, None, 4], "cs_prev": [3, 5], "h_prev": "?",
                                           "w": [9, 20], "wci": [5], "wcf": "?", "wco": [5], "b": [20],
                                           **{k: [6, 3, 5] for k in ("i", "cs", "f", "o", "ci", "co", "h", "cs_grad",
                                                                     "h_grad")}}, attrs={"use_peephole": False}),
        dict(op="BlockLSTMGradV2", inputs={"seq_len_max": [], "x": [6, 3, 4], "cs_prev": [3, 5, 1], "h_prev": [3, 5],
                                           "w": [9, 20], "wci": [5], "wcf": [5], "wco": [5], "b": [20],
                                           **{k: [6, 3, 5] for k in ("i", "cs", "f", "o", "ci", "co", "h", "cs_grad",
                                                                     "h_grad")}}, attrs={"use_peephole": False}),
        dict(op="FusedBatchNormGradV3", inputs={"y_backprop": [2, 5, 5, 7], "x": [2, 5, 5, 7], "scale": [7],
                                                "reserve_space_1": [7], "reserve_space_2": [7],
                                                "reserve_space_3": [0]}),
        dict(op="FusedBatchNormGradV3", inputs={"y_backprop": [None, 5, 5, None], "x": "?", "scale": [None],
                                                "reserve_space_1": [None], "reserve_space_2": [7],
                                                "reserve_space_3": "?"}, attrs={"data_format": "NHWC"}),
        dict(op="FusedBatchNormGradV3", inputs={"y_backprop": [2, 7, 5, 5], "x": [2, 6, 5, 5], "scale": [7],
                                                "reserve_space_1": [7], "reserve_space_2": [7],
                                                "reserve_space_3": [0]}, attrs={"data_format": "NCHW"}),
        dict(op="FusedBatchNormGradV3", inputs={"y_backprop": [2, 5, 5, 7], "x": [2, 5, 5, 7], "scale": [7],
                                                "reserve_space_1": [6], "reserve_space_2": [7],
                                                "reserve_space_3": [0]}),
        dict(op="Conv3D", inputs={"input": [2, 5, 6, 7, 3], "filter": [2, 3, 2, 3, 4]},
             attrs={"strides": [1, 2, 1, 3, 1], "padding": "SAME"}),
        dict(op="Conv3D", inputs={"input": [None, 5, None, 7, 3], "filter": [2, 3, 2, 3, 4]},
             attrs={"strides": [1, 1, 1, 1, 1], "padding": "VALID", "dilations": [1, 2, 2, 2, 1]}),
        dict(op="Conv3D", inputs={"input": [2, 3, 5, 6, 7], "filter": [2, 3, 2, 3, 4]},
             attrs={"strides": [1, 1, 1, 2, 1], "padding": "SAME", "data_format": "NCDHW"}),
        dict(op="Conv3D", inputs={"input": [2, 5, 6, 7, 3], "filter": [2, 3, 2, 2, 4]},
             attrs={"strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Conv3D", inputs={"input": [2, 1, 6, 7, 3], "filter": [2, 3, 2, 3, 4]},
             attrs={"strides": [1, 1, 1, 1, 1], "padding": "VALID"}),
        dict(op="Conv3DBackpropInputV2", inputs={"filter": [2, 3, 2, 3, 4], "out_backprop": [2, 5, 6, 7, 4]},
             const={"input_sizes": [2, 5, 6, 7, 3]}, attrs={"strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Conv3DBackpropInputV2", inputs={"input_sizes": [5], "filter": [2, 3, 2, 3, 4],
                                                 "out_backprop": [2, 5, 6, 7, 4]},
             attrs={"strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Conv3DBackpropFilterV2", inputs={"input": [2, 5, 6, 7, 3], "out_backprop": [2, 5, 6, 7, 4]},
             const={"filter_sizes": [2, 3, 2, 3, 4]}, attrs={"strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="Conv3DBackpropFilterV2", inputs={"input": [2, 5, 6, 7, 3], "filter_sizes": [5],
                                                  "out_backprop": [2, 5, 6, 7, 4]},
             attrs={"strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="MaxPool3D", inputs={"input": [2, 5, 6, 7, 3]},
             attrs={"ksize": [1, 2, 3, 2, 1], "strides": [1, 2, 1, 3, 1], "padding": "SAME"}),
        dict(op="AvgPool3D", inputs={"input": [None, 5, None, 7, 3]},
             attrs={"ksize": [1, 2, 3, 2, 1], "strides": [1, 1, 2, 2, 1], "padding": "VALID"}),
        dict(op="AvgPool3D", inputs={"input": [2, 3, 5, 6, 7]},
             attrs={"ksize": [1, 1, 2, 3, 2], "strides": [1, 1, 2, 1, 3], "padding": "SAME", "data_format": "NCDHW"}),
        dict(op="MaxPool3D", inputs={"input": [2, 5, 6, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 1, 1, 1, 1], "padding": "SAME"}),
        dict(op="MaxPool3D", inputs={"input": [2, 1, 6, 7, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 1, 1, 1, 1], "padding": "VALID"}),
        dict(op="MaxPool3DGrad", inputs={"orig_input": [2, 5, 6, 7, 3], "orig_output": [2, 3, 3, 3, 3],
                                         "grad": [2, 3, 3, 3, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 2, 2, 2, 1], "padding": "SAME"}),
        dict(op="AvgPool3DGrad", inputs={"grad": [2, 3, 3, 3, 3]}, const={"orig_input_shape": [2, 5, 6, 7, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 2, 2, 2, 1], "padding": "SAME"}),
        dict(op="AvgPool3DGrad", inputs={"orig_input_shape": [5], "grad": [2, 3, 3, 3, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 2, 2, 2, 1], "padding": "SAME"}),
        dict(op="MaxPool3DGrad", inputs={"orig_input": "?", "orig_output": [2, 3, 3, 3, 3], "grad": [2, 3, 3, 3, 3]},
             attrs={"ksize": [1, 2, 2, 2, 1], "strides": [1, 2, 2, 2, 1], "padding": "SAME"}),
        dict(op="MaxPool", inputs={"input": [2, 5, 5, 3]}, attrs=p),
        dict(op="MaxPool", inputs={"input": [None, 5, None, 3]},
             attrs={"ksize": [1, 3, 2, 1], "strides": [1, 2, 1, 1], "padding": "SAME"}),
        dict(op="MaxPool", inputs={"input": [2, 5, 5, 3]},
             attrs={"ksize": [1, 2, 2, 1], "strides": [1, 1, 1, 1], "padding": "EXPLICIT",
                    "explicit_paddings": [0, 0, 1, 1, 0, 1, 0, 0]}),
        dict(op="MaxPool", inputs={"input": "?"}, attrs=p),
        dict(op="MaxPool", inputs={"input": [2, 5, 5]}, attrs=p),
        dict(op="MaxPool", inputs={"input": [2, 1, 5, 3]}, attrs=p),
        dict(op="AvgPool", inputs={"value": [2, 5, 5, 3]}, attrs=p),
        dict(op="AvgPool", inputs={"value": [None, 6, 5, None]},
             attrs={"ksize": [1, 3, 3, 1], "strides": [1, 2, 2, 1], "padding": "SAME"}),
        dict(op="AvgPool", inputs={"value": [2, 5, 5]}, attrs=p),
        dict(op="AvgPool", inputs={"value": [2, 5, 1, 3]}, attrs=p),
        dict(op="MaxPoolGrad", inputs={"orig_input": [2, 5, 5, 3], "orig_output": [2, 2, 2, 3],
                                       "grad": [2, 2, 2, 3]}, attrs=p),
        dict(op="MaxPoolGrad", inputs={"orig_input": [2, 5, 5], "orig_output": [2, 2, 2, 3],
                                       "grad": [2, 2, 2, 3]}, attrs=p),
        dict(op="MaxPoolGrad", inputs={"orig_input": "?", "orig_output": [2, 2, 2, 3],
                                       "grad": [2, 2, 2, 3]}, attrs=p),
        dict(op="AvgPoolGrad", inputs={"grad": [2, 2, 2, 3]}, const={"orig_input_shape": [2, 5, 5, 3]}, attrs=p),
        dict(op="AvgPoolGrad", inputs={"orig_input_shape": [4], "grad": [2, 2, 2, 3]}, attrs=p),
        dict(op="AvgPoolGrad", inputs={"grad": [2, 2, 2, 3]}, const={"orig_input_shape": [2, 5, 5]}, attrs=p),
    ]


def random_cases():
    out = []
    for op in ["RandomStandardNormal", "RandomUniform", "TruncatedNormal"]:
        out += [dict(op=op, const={"shape": [2, 3]}, attrs={"dtype": "float32"}),
                dict(op=op, inputs={"shape": [3]}, attrs={"dtype": "float32"}),
                dict(op=op, inputs={"shape": [None]}, attrs={"dtype": "float32"}),
                dict(op=op, const={"shape": [2, -1]}, attrs={"dtype": "float32"})]
    out += [dict(op="RandomUniformInt", const={"shape": [2, 3]}, inputs={"minval": [], "maxval": []}),
            dict(op="RandomUniformInt", const={"shape": [4]}, inputs={"minval": [1], "maxval": []})]
    for op in ["StatelessRandomNormalV2", "StatelessRandomUniformV2", "StatelessTruncatedNormalV2",
               "StatelessRandomUniformFullIntV2"]:
        out += [dict(op=op, const={"shape": [2, 3]}, inputs={"key": [1], "counter": [2], "alg": []}),
                dict(op=op, inputs={"shape": [2], "key": [1], "counter": [2], "alg": []}),
                dict(op=op, const={"shape": [2]}, inputs={"key": [1], "counter": [2], "alg": [1]})]
    out += [dict(op="StatelessRandomUniformIntV2", const={"shape": [2, 3]},
                 inputs={"key": [1], "counter": [2], "alg": [], "minval": [], "maxval": []}),
            dict(op="StatelessRandomUniformIntV2", const={"shape": [2, 3]},
                 inputs={"key": [1], "counter": [2], "alg": [], "minval": [2], "maxval": []}),
            dict(op="StatelessRandomGetKeyCounter", inputs={"seed": [2]}),
            dict(op="StatelessRandomGetKeyCounter", inputs={"seed": "?"})]
    for op in ["StatefulStandardNormalV2", "StatefulTruncatedNormal", "StatefulUniform", "StatefulUniformFullInt"]:
        out += [dict(op=op, const={"shape": [2, 3]}, inputs={"resource": "rng", "algorithm": []}),
                dict(op=op, inputs={"resource": "rng", "algorithm": [], "shape": [3]}),
                dict(op=op, const={"shape": [2]}, inputs={"resource": "rng", "algorithm": [2]})]
    out += [dict(op="StatefulUniformInt", const={"shape": [2, 3]},
                 inputs={"resource": "rng", "algorithm": [], "minval": [], "maxval": []}),
            dict(op="StatefulUniformInt", const={"shape": [2, 3]},
                 inputs={"resource": "rng", "algorithm": [], "minval": [2], "maxval": []})]
    out += [dict(op="Multinomial", inputs={"logits": [None, 3]}, const={"num_samples": 5}),
            dict(op="Multinomial", inputs={"logits": [2, 3], "num_samples": []}),
            dict(op="Multinomial", inputs={"logits": [3]}, const={"num_samples": 5}),
            dict(op="Multinomial", inputs={"logits": [2, 3]}, const={"num_samples": -1})]
    out += [dict(op="StatelessMultinomial", inputs={"logits": [None, 3], "seed": [2]}, const={"num_samples": 5}),
            dict(op="StatelessMultinomial", inputs={"logits": [2, 3], "num_samples": [], "seed": [2]}),
            dict(op="StatelessMultinomial", inputs={"logits": [2, 3], "seed": [3]}, const={"num_samples": 5}),
            dict(op="StatelessMultinomial", inputs={"logits": [3], "seed": [2]}, const={"num_samples": 5}),
            dict(op="RandomShuffle", inputs={"value": [None, 3]}),
            dict(op="RandomShuffle", inputs={"value": "?"}),
            dict(op="RandomGamma", const={"shape": [2, 3]}, inputs={"alpha": [None, 4]}),
            dict(op="RandomGamma", inputs={"shape": [2], "alpha": [5]}),
            dict(op="RandomGamma", const={"shape": [2, -3]}, inputs={"alpha": [4]}),
            dict(op="RandomPoissonV2", const={"shape": [3]}, inputs={"rate": [2, None]}),
            dict(op="RandomPoissonV2", inputs={"shape": "?", "rate": [2]}),
            dict(op="StatelessRandomGammaV3", const={"shape": [4, 3]},
                 inputs={"key": [1], "counter": [2], "alg": [], "alpha": [3]}),
            dict(op="StatelessRandomGammaV3", const={"shape": [4, 3]},
                 inputs={"key": [2], "counter": [2], "alg": [], "alpha": [3]}),
            dict(op="StatelessRandomPoisson", const={"shape": [4, 3]}, inputs={"seed": [2], "lam": [3]},
                 attrs={"dtype": "int32"}),
            dict(op="StatelessRandomPoisson", const={"shape": [4, 3]}, inputs={"seed": [3], "lam": [3]},
                 attrs={"dtype": "int32"}),
            dict(op="StatelessRandomPoisson", inputs={"shape": [2], "seed": [2], "lam": []}, attrs={"dtype": "float32"}),
            dict(op="StatelessParameterizedTruncatedNormal", const={"shape": [4, 2, 3]},
                 inputs={"seed": [2], "means": [3], "stddevs": [2, 1], "minvals": [], "maxvals": [None]}),
            dict(op="StatelessParameterizedTruncatedNormal", inputs={"shape": [3], "seed": [3], "means": [],
                                                                     "stddevs": [], "minvals": [], "maxvals": []}),
            dict(op="StatelessParameterizedTruncatedNormal", const={"shape": [4, 3]},
                 inputs={"seed": [2], "means": [3], "stddevs": [2], "minvals": [], "maxvals": []}),
            dict(op="StatelessParameterizedTruncatedNormal", inputs={"shape": [2], "seed": [2], "means": "?",
                                                                     "stddevs": [None, 2], "minvals": [],
                                                                     "maxvals": []}),
            dict(op="ParameterizedTruncatedNormal", const={"shape": [5, 2]},
                 inputs={"means": [5], "stdevs": [], "minvals": [], "maxvals": []}),
            dict(op="ParameterizedTruncatedNormal", inputs={"shape": [3], "means": [], "stdevs": [], "minvals": [],
                                                            "maxvals": []}),
            dict(op="StatelessRandomBinomial", const={"shape": [4, 3]},
                 inputs={"seed": [2], "counts": [3], "probs": [3]}),
            dict(op="StatelessRandomBinomial", const={"shape": [4, 3]},
                 inputs={"seed": [3], "counts": [3], "probs": [3]}),
            dict(op="StatefulRandomBinomial", const={"shape": [2, 3]},
                 inputs={"resource": "rng", "algorithm": [], "counts": [3], "probs": [3]}),
            dict(op="StatefulRandomBinomial", const={"shape": [2, 3]},
                 inputs={"resource": "rng", "algorithm": [2], "counts": [3], "probs": [3]}),
            dict(op="StatelessShuffle", inputs={"value": [None, 3], "key": [1], "counter": [2], "alg": []}),
            dict(op="ComputeAccidentalHits", inputs={"true_classes": [None, 2], "sampled_candidates": [5]},
                 attrs={"num_true": 2}),
            dict(op="ComputeAccidentalHits", inputs={"true_classes": [3, 2], "sampled_candidates": [5]},
                 attrs={"num_true": 3}),
            dict(op="UniformCandidateSampler", inputs={"true_classes": [None, 2]},
                 attrs={"num_true": 2, "num_sampled": 5, "unique": True, "range_max": 9}),
            dict(op="UniformCandidateSampler", inputs={"true_classes": [3]},
                 attrs={"num_true": 2, "num_sampled": 5, "unique": True, "range_max": 9}),
            dict(op="LogUniformCandidateSampler", inputs={"true_classes": [4, 1]},
                 attrs={"num_true": 1, "num_sampled": 3, "unique": False, "range_max": 9}),
            dict(op="LogUniformCandidateSampler", inputs={"true_classes": "?"},
                 attrs={"num_true": 1, "num_sampled": 3, "unique": False, "range_max": 9}),
            dict(op="StatelessShuffle", inputs={"value": [4], "key": [2], "counter": [2], "alg": []})]
    return out


def other_cases():
    return [
        dict(op="ReadVariableOp", inputs={"resource": [2, None]}, attrs={"dtype": "float32"}),
        dict(op="ReadVariableOp", inputs={"resource": "?"}, attrs={"dtype": "float32"}),
        dict(op="ResourceGather", inputs={"resource": [5, 3], "indices": [None, 2]}, attrs={"dtype": "float32"}),
        dict(op="ResourceGather", inputs={"resource": [5], "indices": []}, attrs={"dtype": "float32"}),
        dict(op="ResourceGather", inputs={"resource": "?", "indices": [2]}, attrs={"dtype": "float32"}),
        dict(op="ResourceGatherNd", inputs={"resource": [5, 3, 2], "indices": [None, 2]},
             attrs={"dtype": "float32"}),
        dict(op="ResourceGatherNd", inputs={"resource": [5, 3], "indices": [4, 3]}, attrs={"dtype": "float32"}),
        dict(op="ResourceGatherNd", inputs={"resource": [5, 3], "indices": [4, None]}, attrs={"dtype": "float32"}),
        dict(op="VarHandleOp", attrs={"dtype": "float32", "shape": [2, None]}),
        dict(op="VarHandleOp", attrs={"dtype": "float32", "shape": None}),
        dict(op="Unique", inputs={"x": [None]}),
        dict(op="Unique", inputs={"x": [2, 3]}),
        dict(op="UniqueWithCounts", inputs={"x": [5]}),
        dict(op="LowerBound", inputs={"sorted_inputs": [2, None], "values": [None, 3]}),
        dict(op="UpperBound", inputs={"sorted_inputs": [2, 4], "values": [3, 3]}),
        dict(op="SegmentSum", inputs={"data": [5, None], "segment_ids": [None]}),
        dict(op="SegmentMax", inputs={"data": [5, 2], "segment_ids": [4]}),
        dict(op="SegmentProd", inputs={"data": "?", "segment_ids": [4]}),
        dict(op="UnsortedSegmentMax", inputs={"data": [5, 3], "segment_ids": [5], "num_segments": []}),
        dict(op="UnsortedSegmentProd", const={"num_segments": 7}, inputs={"data": [None, 3], "segment_ids": [None]}),
        dict(op="TensorScatterUpdate", inputs={"tensor": [4, None], "indices": [2, 1], "updates": [2, 3]}),
        dict(op="TensorScatterMax", inputs={"tensor": "?", "indices": [2, 1], "updates": [2, 3]}),
        dict(op="Einsum", inputs={"inputs": [[None, 3], [3, 4]]}, attrs={"equation": "ij,jk->ik"}),
        dict(op="Einsum", inputs={"inputs": [[2, 1, 5, 3], [4, 3, 6]]}, attrs={"equation": "...ij,...jk->...ik"}),
        dict(op="Einsum", inputs={"inputs": [[2, None, 3]]}, attrs={"equation": "bij->jb"}),
        dict(op="Einsum", inputs={"inputs": [[None, 5, 4], [2, 5, 4]]}, attrs={"equation": "bqd,bkd->bqk"}),
        dict(op="UniqueWithCounts", inputs={"x": [None]}),
        dict(op="LowerBound", inputs={"sorted_inputs": [None, 4], "values": [None, 2]}),
        dict(op="UpperBound", inputs={"sorted_inputs": [None], "values": [5]}),
        dict(op="SegmentSum", inputs={"data": [5, 2, 3], "segment_ids": [5]}),
        dict(op="SegmentMean", inputs={"data": [5, 2], "segment_ids": [None]}),
        dict(op="SegmentMean", inputs={"data": [None], "segment_ids": [None]}),
        dict(op="SegmentMin", inputs={"data": [5, 2], "segment_ids": [5]}),
        dict(op="SegmentMin", inputs={"data": [4], "segment_ids": [4]}),
        dict(op="SegmentProd", inputs={"data": [3, 7], "segment_ids": [3]}),
        dict(op="SegmentMax", inputs={"data": [], "segment_ids": [1]}),
        dict(op="UnsortedSegmentMax", const={"num_segments": 4}, inputs={"data": [5, 3], "segment_ids": [5]}),
        dict(op="UnsortedSegmentMin", inputs={"data": [5, 3], "segment_ids": [5], "num_segments": []}),
        dict(op="UnsortedSegmentMin", const={"num_segments": 2}, inputs={"data": [2, 3, 4], "segment_ids": [2, 3]}),
        dict(op="UnsortedSegmentProd", inputs={"data": [5, 3], "segment_ids": [5], "num_segments": []}),
        dict(op="TensorScatterUpdate", inputs={"tensor": "?", "indices": [2, 1], "updates": [2]}),
        dict(op="TensorScatterAdd", inputs={"tensor": [4, 3], "indices": [2, 1], "updates": [2, 3]}),
        dict(op="TensorScatterAdd", inputs={"tensor": [4, None], "indices": [None, 2], "updates": [None]}),
        dict(op="TensorScatterSub", inputs={"tensor": [4, 3], "indices": [2, 1], "updates": [2, 3]}),
        dict(op="TensorScatterSub", inputs={"tensor": [None], "indices": [2, 1], "updates": [2]}),
        dict(op="TensorScatterMin", inputs={"tensor": [4, 3], "indices": [2, 2], "updates": [2]}),
        dict(op="TensorScatterMin", inputs={"tensor": [4], "indices": [None, 1], "updates": [None]}),
        dict(op="TensorScatterMax", inputs={"tensor": [4, 3], "indices": [2, 1], "updates": [2, 3]}),
        dict(op="BroadcastArgs", inputs={"s0": [2], "s1": [3]}),
        dict(op="BroadcastArgs", inputs={"s0": [None], "s1": [3]}),
        dict(op="EnsureShape", inputs={"input": [None, 3]}, attrs={"shape": [2, None]}),
        dict(op="EnsureShape", inputs={"input": "?"}, attrs={"shape": [2, 3]}),
        dict(op="TruncateDiv", inputs={"x": [None, 3], "y": [3]}),
        dict(op="TruncateDiv", inputs={"x": [2, 1], "y": [1, 4]}),
        dict(op="TruncateMod", inputs={"x": [None, 3], "y": []}),
        dict(op="TruncateMod", inputs={"x": [5], "y": [5]}),
        dict(op="ReverseSequence", inputs={"input": [3, None, 4], "seq_lengths": [3]}, attrs={"seq_dim": 1}),
        dict(op="ReverseSequence", inputs={"input": [2, 5], "seq_lengths": [5]},
             attrs={"seq_dim": 0, "batch_dim": 1}),
        dict(op="Timestamp", inputs={}),
        dict(op="Timestamp", inputs={}, attrs={}),
        dict(op="DynamicPartition", inputs={"data": [None, 3], "partitions": [None]}, attrs={"num_partitions": 2}),
        dict(op="DynamicPartition", inputs={"data": [4, 2, 3], "partitions": [4, 2]}, attrs={"num_partitions": 3}),
        dict(op="DynamicStitch", inputs={"indices": [[2], [None]], "data": [[2, 3], [None, 3]]}),
        dict(op="DynamicStitch", inputs={"indices": [[2, 2]], "data": [[2, 2, 5]]}),
        dict(op="HistogramFixedWidth", inputs={"values": [None], "value_range": [2], "nbins": []}),
        dict(op="HistogramFixedWidth", const={"nbins": 7}, inputs={"values": [3, 4], "value_range": [2]}),
        dict(op="UnravelIndex", inputs={"indices": [5], "dims": [3]}),
        dict(op="UnravelIndex", inputs={"indices": [], "dims": [None]}),
        dict(op="DenseBincount", inputs={"input": [None], "size": [], "weights": [0]}),
        dict(op="DenseBincount", const={"size": 6}, inputs={"input": [3, 4], "weights": [0]}),
        dict(op="Bitcast", inputs={"input": [None, 3]}, dt={"T": "float32"}, attrs={"type": "int32"}),
        dict(op="Bitcast", inputs={"input": [2, 2]}, dt={"T": "int32"}, attrs={"type": "int64"}),
        dict(op="Bitcast", inputs={"input": [2, None]}, dt={"T": "int32"}, attrs={"type": "uint64"}),
        dict(op="CheckNumerics", inputs={"tensor": [None, 3]}, attrs={"message": "m"}),
        dict(op="CheckNumerics", inputs={"tensor": "?"}, attrs={"message": "m"}),
        dict(op="CheckNumericsV2", inputs={"tensor": [None, 3]}, attrs={"message": "m"}),
        dict(op="CheckNumericsV2", inputs={"tensor": "?"}, attrs={"message": "m"}),
        dict(op="VarIsInitializedOp", inputs={"resource": [2]}),
        dict(op="VarIsInitializedOp", inputs={"resource": "?"}),
        dict(op="Placeholder", attrs={"dtype": "float32", "shape": [None, 3]}),
        dict(op="Placeholder", attrs={"dtype": "float32", "shape": None}),
        dict(op="Const", attrs={"value": [[1.0, 2.0, 3.0]]}),
        dict(op="Const", attrs={"value": 5}),
        dict(op="StringFormat", inputs={"inputs": [[2, None], "?"]}, attrs={"template": "%s and %s"}),
        dict(op="StringFormat", inputs={"inputs": [[2, None], "?"]}),
        dict(op="StringFormat", inputs={"inputs": []}),
        dict(op="RestoreV2", inputs={"prefix": [], "tensor_names": [2], "shape_and_slices": [2]},
             attrs={"dtypes": ["float32", "int32"]}),
        dict(op="RestoreV2", const={"prefix": "ckpt", "tensor_names": ["a"], "shape_and_slices": [""]},
             attrs={"dtypes": ["float32"]}),
        dict(op="RestoreV2", inputs={"prefix": [1], "tensor_names": [1], "shape_and_slices": [1]},
             attrs={"dtypes": ["float32"]}),
    ]


DTYPES = {"float32": tf.float32, "int32": tf.int32, "int64": tf.int64, "bool": tf.bool, "complex64": tf.complex64,
          "string": tf.string, "uint64": tf.uint64}


def arg_dtype(op_def, arg, chosen):
    if arg.type != 0:
        return tf.dtypes.as_dtype(arg.type)
    name = arg.type_attr or arg.type_list_attr
    if name in chosen:
        return DTYPES[chosen[name]]
    attr = next(a for a in op_def.attr if a.name == name)
    allowed = [tf.dtypes.as_dtype(t) for t in attr.allowed_values.list.type] if attr.HasField("allowed_values") else []
    prefer = [tf.int32, tf.int64] if name in INDEX_ATTRS else [tf.float32, tf.int32, tf.bool]
    for d in prefer:
        if not allowed or d in allowed:
            return d
    return allowed[0]


def placeholder(spec, dtype):
    return tf.compat.v1.placeholder(dtype, None if spec == "?" else spec)


def build(case):
    op_def = op_def_registry.get(case["op"])
    chosen = dict(case.get("dt", {}))
    kwargs = {}
    for arg in op_def.input_arg:
        if arg.type == tf.resource.as_datatype_enum:
            spec = case["inputs"][arg.name]
            if spec == "rng":
                kwargs[arg.name] = tf.raw_ops.VarHandleOp(dtype=tf.int64, shape=[3])
            else:
                kwargs[arg.name] = tf.raw_ops.VarHandleOp(
                    dtype=tf.float32, shape=tf.TensorShape(None if spec == "?" else spec))
            continue
        if arg.number_attr or arg.type_list_attr:
            specs = case["inputs"][arg.name]
            dtype = arg_dtype(op_def, arg, chosen) if arg.number_attr else tf.float32
            kwargs[arg.name] = [placeholder(s, dtype) for s in specs]
            continue
        dtype = arg_dtype(op_def, arg, chosen)
        if arg.name in case.get("const", {}):
            kwargs[arg.name] = tf.constant(case["const"][arg.name], dtype=dtype)
        elif arg.name in case.get("shape_of", {}):
            kwargs[arg.name] = tf.shape(placeholder(case["shape_of"][arg.name], tf.float32), out_type=dtype)
        else:
            kwargs[arg.name] = placeholder(case["inputs"][arg.name], dtype)
    for name, value in case.get("attrs", {}).items():
        if name in ("dtype", "DstT", "dtypes"):
            value = [DTYPES[v] for v in value] if isinstance(value, list) else DTYPES[value]
        elif name == "shape":
            value = tf.TensorShape(value)
        elif name == "value":
            value = tf.constant(value)
        kwargs[name] = value
    if case["op"] == "Const":
        return tf.constant(case["attrs"]["value"]).op
    before = set(tf.compat.v1.get_default_graph().get_operations())
    for attr in op_def.attr:  # raw_ops renames some inputs (Sum's axis), so the op helper, defaults filled
        if attr.name not in kwargs and attr.HasField("default_value") and attr.type not in ("type", "list(type)"):
            kwargs[attr.name] = default_of(attr.default_value)
    op_def_library._apply_op_helper(case["op"], name=case["op"].lstrip("_"), **kwargs)
    return [o for o in tf.compat.v1.get_default_graph().get_operations() if o not in before][-1]


def default_of(value):
    kind = value.WhichOneof("value")
    if kind == "list":
        return list(value.list.i) or list(value.list.s)
    if kind == "s":
        return value.s.decode()
    return getattr(value, kind)


def shape_json(shape):
    return None if shape.rank is None else shape.as_list()


def record(case):
    with tf.Graph().as_default():
        try:
            op = build(case)
        except ValueError as e:
            # The reason: a shape function may add its own " for 'limit'" context before the node's.
            return dict(case, error=str(e).split(" for '{{node ", 1)[0])
    return dict(case, out=[shape_json(t.shape) for t in op.outputs])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    recorded = [record(c) for c in cases()]
    with open(args.out, "w") as fh:
        fh.write("[\n" + ",\n".join(json.dumps(c, separators=(",", ":")) for c in recorded) + "\n]\n")
    print(f"recorded {len(recorded)} cases into {args.out}")


if __name__ == "__main__":
    np.set_printoptions(legacy=False)
    main()
