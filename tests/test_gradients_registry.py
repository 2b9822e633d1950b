"""Every op name varrt can log has a gradient function or is declared NotDifferentiable, except
the ops the tape never keeps and a short list of ops still without a gradient (with reasons).

The op names are read from the sources that run ops (the Python op modules, the core's op
and kernel files), so an op added there without a gradient decision fails this test.
"""
import re
from pathlib import Path

import pytest

import varrt as tf  # noqa: F401  (registers the gradients)
from varrt import _C
from varrt.autodiff import tape
from varrt.ops.gradients import registry

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "python" / "varrt"
SOURCES = ([p for p in (PKG / "ops").glob("*.py")] + [PKG / n for n in ("math.py", "bitwise.py", "nn.py")]
           + [PKG / "framework" / "indexed_slices.py"] + sorted((ROOT / "csrc" / "varrt" / "ops").glob("*.cc"))
           + [ROOT / "csrc" / "varrt" / "kernels" / "reduction.cc"])
# A CamelCase string literal: an op name, or one of the words below.
_NAME = re.compile(r'"(_EagerConst|[A-Z][a-z0-9]+(?:[A-Z0-9][a-z0-9]*)*)"')
NOT_OPS = {"DstT", "SrcT", "Truncate", "Tindices", "Tnumsegments", "Tshape", "Tlabels",  # attribute names in the same files
           "Index", "Taxis", "Tidx", "Tindex", "Tk", "Tlen", "Tpaddings", "Tshift", "Tcrops", "Tsplits"}
# Marks a custom_gradient's recorded op; its own backward function replaces the registry's.
NOT_OPS.add("CustomGradient")
NOT_OPS |= {"Inf", "NaN"}  # CheckNumerics's words for what it found
# tf.sparse's functions are written over other ops (which the tape records); they name TensorFlow's
# sparse op in their error texts and dtype checks (ops/sparse_*.py), and "WithNumSegments" in the
# segment reductions' op name.
NOT_OPS.update({"SparseAdd", "SparseConcat", "SparseDenseCwiseDiv", "SparseDenseCwiseMul", "SparseReduceMax",
                "SparseReduceMaxSparse", "SparseReduceSum", "SparseReduceSumSparse", "SparseReshape", "SparseSegmentMean",
                "SparseSegmentSqrtN", "SparseSegmentSum", "SparseSlice", "SparseSoftmax", "SparseSparseMaximum",
                "SparseSparseMinimum", "SparseSplit", "SparseTensorDenseAdd", "SparseTensorDenseMatMul",
                "WithNumSegments"})
# The node names TensorFlow's tf.nn pooling functions give their op (ops/conv_ops.py).
NOT_OPS.update({"MaxPool1d", "MaxPool2d", "AvgPool1D", "AvgPool2D"})
# The labels TensorFlow's Eigen depthwise gradient kernels put before their messages (ops/depthwise_conv_ops.cc).
NOT_OPS.update({"DepthwiseConv2DBackpropInput", "DepthwiseConv2DBackpropFilter"})
# The feature configurations of tf.io's parsing (class names), the label of a single Example's
# parse, and ParseExampleV2's attribute, named in ops/parsing_ops.cc.
NOT_OPS.update({"FixedLenFeature", "FixedLenSequenceFeature", "VarLenFeature", "ParseSingleExample", "ParseExample",
                "Tdense"})
# Initializer class names, listed as strings in ops/init_ops.py.
NOT_OPS.update({"IdentityInitializer", "OrthogonalInitializer"})
# The random and linear-algebra ops' attribute names, the candidate samplers' namedtuple, and
# the op whose error embedding_lookup gives for an id outside its tables (ops/embedding_ops.py;
# varrt does not run it).
NOT_OPS.update({"Rtype", "Tout", "Tseed", "Targmax", "DynamicPartition", "CandidateSampler"})
# The node names TensorFlow 1's tf.compat.v1.to_* casts give their Cast (ops/tf1_math_ops.py).
NOT_OPS.update({"ToFloat", "ToDouble", "ToInt32", "ToInt64", "ToBFloat16", "ToComplex64", "ToComplex128"})
# The scalar inputs RegexReplace's messages name (ops/regex_ops.py).
NOT_OPS.update({"Pattern", "Rewrite"})
# The name of tf.random.Generator's state variable (ops/random_ops.py).
NOT_OPS.add("StateVar")

# Ops the tape never keeps: no tensor inputs (constants, handles) or updates of a resource
# (the recorder keeps only the reads in tape._READS; TensorFlow's rule: no gradient through
# assignments). Names starting "Resource" or "Assign" that are not reads are updates too.
NEVER_RECORDED = {"_EagerConst", "VarHandleOp", "DestroyResourceOp", "SaveV2", "RestoreV2",
                  # varrt's fused Keras optimizer updates (resource updates under their own names)
                  "KerasAdam", "KerasAdagrad", "KerasRMSprop", "KerasSGD",
                  # lowered to the ops of its contraction (ops/einsum_ops.py), which the tape records
                  "Einsum"}

# Ops that still have no gradient (an op on a tape's path raises TensorFlow's LookupError).
NO_GRADIENT = {
    "SoftsignGrad": "TensorFlow 2.21 registers no gradient for it: softsign has no second derivative there either",
    "MaxPoolGrad": "TensorFlow's is MaxPoolGradGrad, an op varrt does not have yet",
    "MaxPool3DGrad": "TensorFlow's is MaxPool3DGradGrad, an op varrt does not have yet",
    "FusedBatchNormGradV3": "TensorFlow's is _FusedBatchNormGradGradV3, a composite varrt does not have yet",
    "ParseExampleV2": "TensorFlow 2.21 registers no gradient for it (its inputs are serialized Examples)",
    "Unique": "TensorFlow 2.21 registers no gradient for it",
    "TruncateMod": "TensorFlow 2.21 registers no gradient for it",
    "UnravelIndex": "TensorFlow 2.21 registers no gradient for it (integer indices)",
    "HistogramFixedWidth": "TensorFlow 2.21 registers no gradient for it (counts)",
    "BroadcastArgs": "TensorFlow 2.21 registers no gradient for it (a shape)",
    "DenseBincount": "TensorFlow 2.21 registers no gradient for it (counts)",
    "Bitcast": "TensorFlow 2.21 registers no gradient for it",
    "UniqueWithCounts": "TensorFlow 2.21 registers no gradient for it",
    "LowerBound": "TensorFlow 2.21 registers no gradient for it (its output is an index)",
    "UpperBound": "TensorFlow 2.21 registers no gradient for it (its output is an index)",
    "Lu": "TensorFlow 2.21 registers no gradient for it",
    "Dilation2DBackpropInput": "TensorFlow 2.21 registers no gradient for it",
    "Dilation2DBackpropFilter": "TensorFlow 2.21 registers no gradient for it",
    "MaxPoolGradWithArgmax": "TensorFlow's is MaxPoolGradGradWithArgmax, an op varrt does not have yet",
    "RandomPoissonV2": "TensorFlow 2.21 registers no gradient for it",
    "StatefulRandomBinomial": "TensorFlow 2.21 registers no gradient for it",
    "StatelessShuffle": "TensorFlow 2.21 registers no gradient for it",
    "IgammaGradA": "TensorFlow 2.21 registers no gradient for it (Igamma's gradient has no second derivative in a)",
    **{op: "TensorFlow 2.21 registers no gradient for it (text in and out)" for op in (
        "StringLower", "StringUpper", "StringStrip", "StringLength", "Substr", "StaticRegexReplace",
        "RegexFullMatch", "StaticRegexFullMatch", "UnicodeTranscode", "UnicodeDecode", "UnicodeDecodeWithOffsets",
        "UnicodeEncode", "UnsortedSegmentJoin")},
    "AdjustContrastv2": "TensorFlow 2.21 registers no gradient for it",
    "AdjustHue": "TensorFlow 2.21 registers no gradient for it",
    "AdjustSaturation": "TensorFlow 2.21 registers no gradient for it",
    "ImageProjectiveTransformV3": "TensorFlow's transforms the gradient by the inverse transforms with the op's "
                                  "string attributes, which varrt's op does not record yet",
    "MatrixLogarithm": "TensorFlow 2.21 registers no gradient for it",
    "BlockLSTMGrad": "TensorFlow 2.21 registers no gradient for it",
    "BlockLSTMGradV2": "TensorFlow 2.21 registers no gradient for it",
}
PENDING_ELSEWHERE = set()  # may gain a gradient on another branch before this list changes


def logged_op_names():
    names = set(_C.BINARY_OPS) | set(_C.UNARY_OPS) | set(_C.REDUCE_OPS)
    for path in SOURCES:
        if path.exists():
            names.update(_NAME.findall(path.read_text()))
    return {n for n in names if n not in NOT_OPS and not n.endswith("Error")}


def _resource_update(name):
    return name.startswith(("Resource", "Assign")) and name not in tape._READS


def test_the_scan_finds_the_ops():
    names = logged_op_names()
    # A sample from each kind of source: Python kernels, C++ fast ops, core ops, reductions.
    assert {"Exp", "ConcatV2", "AddV2", "ReadVariableOp", "ResourceGatherNd", "StridedSlice", "Prod",
            "StatelessRandomNormalV2", "UnsortedSegmentSum"} <= names


def test_every_op_has_a_gradient_decision():
    missing = sorted(n for n in logged_op_names()
                     if not registry.has_gradient(n) and n not in registry.not_differentiable_ops()
                     and n not in NEVER_RECORDED and not _resource_update(n) and n not in NO_GRADIENT)
    assert missing == []
    # And the list stays current: an op listed here that gained a gradient leaves the list.
    stale = sorted(n for n in set(NO_GRADIENT) - PENDING_ELSEWHERE
                   if registry.has_gradient(n) or n in registry.not_differentiable_ops())
    assert stale == []
