"""Random ops: stateful, stateless and the Philox-based generators.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('Multinomial', 'logits: T, num_samples: int32 -> output: output_dtype', 'seed: int = 0', 'seed2: int = 0', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'output_dtype: {int32, int64} = int64', stateful=True, shape=shape_fns.multinomial)
register('RandomStandardNormal', 'shape: T -> output: dtype', 'seed: int = 0', 'seed2: int = 0', 'dtype: {half, bfloat16, float, double}', 'T: {int32, int64}', stateful=True, shape=shape_fns.random_shape)
register('RandomUniform', 'shape: T -> output: dtype', 'seed: int = 0', 'seed2: int = 0', 'dtype: {half, bfloat16, float, double}', 'T: {int32, int64}', stateful=True, shape=shape_fns.random_shape)
register('RandomUniformInt', 'shape: T, minval: Tout, maxval: Tout -> output: Tout', 'seed: int = 0', 'seed2: int = 0', 'Tout: {int32, int64}', 'T: {int32, int64}', stateful=True, shape=shape_fns.random_uniform_int)
register('RngReadAndSkip', 'resource: resource, alg: int32, delta: uint64 -> value: int64', stateful=True, shape=shape_fns.rng_read_and_skip)
register('StatefulStandardNormalV2', 'resource: resource, algorithm: int64, shape: shape_dtype -> output: dtype', 'dtype: type = float', 'shape_dtype: type = int64', stateful=True, shape=shape_fns.stateful)
register('StatefulTruncatedNormal', 'resource: resource, algorithm: int64, shape: shape_dtype -> output: dtype', 'dtype: type = float', 'shape_dtype: type = int64', stateful=True, shape=shape_fns.stateful)
register('StatefulUniform', 'resource: resource, algorithm: int64, shape: shape_dtype -> output: dtype', 'dtype: type = float', 'shape_dtype: type = int64', stateful=True, shape=shape_fns.stateful)
register('StatefulUniformFullInt', 'resource: resource, algorithm: int64, shape: shape_dtype -> output: dtype', 'dtype: type = uint64', 'shape_dtype: type = int64', stateful=True, shape=shape_fns.stateful)
register('StatefulUniformInt', 'resource: resource, algorithm: int64, shape: shape_dtype, minval: dtype, maxval: dtype -> output: dtype', 'dtype: type = int64', 'shape_dtype: type = int64', stateful=True, shape=shape_fns.stateful_int)
register('StatelessRandomGetKeyCounter', 'seed: Tseed -> key: uint64, counter: uint64', 'Tseed: {int32, int64} = int64', shape=shape_fns.key_counter)
register('StatelessRandomNormalV2', 'shape: Tshape, key: uint64, counter: uint64, alg: int32 -> output: dtype', 'dtype: {half, bfloat16, float, double} = float', 'Tshape: {int32, int64} = int32', shape=shape_fns.stateless)
register('StatelessRandomUniformFullIntV2', 'shape: Tshape, key: uint64, counter: uint64, alg: int32 -> output: dtype', 'dtype: {int32, int64, uint32, uint64} = uint64', 'Tshape: {int32, int64} = int32', shape=shape_fns.stateless)
register('StatelessRandomUniformIntV2', 'shape: Tshape, key: uint64, counter: uint64, alg: int32, minval: dtype, maxval: dtype -> output: dtype', 'dtype: {int32, int64, uint32, uint64}', 'Tshape: {int32, int64} = int32', shape=shape_fns.stateless_int)
register('StatelessRandomUniformV2', 'shape: Tshape, key: uint64, counter: uint64, alg: int32 -> output: dtype', 'dtype: {half, bfloat16, float, double} = float', 'Tshape: {int32, int64} = int32', shape=shape_fns.stateless)
register('StatelessTruncatedNormalV2', 'shape: Tshape, key: uint64, counter: uint64, alg: int32 -> output: dtype', 'dtype: {half, bfloat16, float, double} = float', 'Tshape: {int32, int64} = int32', shape=shape_fns.stateless)
register('TruncatedNormal', 'shape: T -> output: dtype', 'seed: int = 0', 'seed2: int = 0', 'dtype: {half, bfloat16, float, double}', 'T: {int32, int64}', stateful=True, shape=shape_fns.random_shape)
register('StatelessMultinomial', 'logits: T, num_samples: int32, seed: Tseed -> output: output_dtype', 'T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}', 'Tseed: {int32, int64} = int64', 'output_dtype: {int32, int64} = int64', shape=shape_fns.stateless_multinomial)
register('RandomShuffle', 'value: T -> output: T', 'seed: int = 0', 'seed2: int = 0', 'T: type', stateful=True, shape=shape_fns.unchanged)
register('RandomGamma', 'shape: S, alpha: T -> output: T', 'seed: int = 0', 'seed2: int = 0', 'S: {int32, int64}', 'T: {half, float, double}', stateful=True, shape=shape_fns.random_with_parameter("alpha"))
register('RandomPoissonV2', 'shape: S, rate: R -> output: dtype', 'seed: int = 0', 'seed2: int = 0', 'S: {int32, int64}', 'R: {half, float, double, int32, int64} = double', 'dtype: {half, float, double, int32, int64} = int64', stateful=True, shape=shape_fns.random_with_parameter("rate"))
register('StatelessRandomGammaV3', 'shape: shape_dtype, key: uint64, counter: uint64, alg: int32, alpha: dtype -> output: dtype', 'dtype: {half, float, double}', 'shape_dtype: {int32, int64} = int32', shape=shape_fns.stateless)
register('StatelessRandomPoisson', 'shape: T, seed: Tseed, lam: Rtype -> output: dtype', 'Rtype: {half, float, double, int32, int64}', 'dtype: {half, float, double, int32, int64}', 'T: {int32, int64}', 'Tseed: {int32, int64} = int64', shape=shape_fns.stateless_seeded)
register('StatefulRandomBinomial', 'resource: resource, algorithm: int64, shape: S, counts: T, probs: T -> output: dtype', 'S: {int32, int64}', 'T: {half, float, double, int32, int64} = double', 'dtype: {half, float, double, int32, int64} = int64', stateful=True, shape=shape_fns.random_shape)
register('StatelessRandomBinomial', 'shape: S, seed: Tseed, counts: T, probs: T -> output: dtype', 'S: {int32, int64}', 'Tseed: {int32, int64} = int64', 'T: {half, float, double, int32, int64} = double', 'dtype: {half, float, double, int32, int64} = int64', shape=shape_fns.stateless_seeded)
register('StatelessShuffle', 'value: T, key: uint64, counter: uint64, alg: int32 -> output: T', 'T: type', shape=shape_fns.unchanged)
register('UniformCandidateSampler', 'true_classes: int64 -> sampled_candidates: int64, true_expected_count: float, sampled_expected_count: float', 'num_true: int >= 1', 'num_sampled: int >= 1', 'unique: bool', 'range_max: int >= 1', 'seed: int = 0', 'seed2: int = 0', stateful=True, shape=shape_fns.candidate_sampler)
register('LogUniformCandidateSampler', 'true_classes: int64 -> sampled_candidates: int64, true_expected_count: float, sampled_expected_count: float', 'num_true: int >= 1', 'num_sampled: int >= 1', 'unique: bool', 'range_max: int >= 1', 'seed: int = 0', 'seed2: int = 0', stateful=True, shape=shape_fns.candidate_sampler)
register('ComputeAccidentalHits', 'true_classes: int64, sampled_candidates: int64 -> indices: int32, ids: int64, weights: float', 'num_true: int', 'seed: int = 0', 'seed2: int = 0', shape=shape_fns.compute_accidental_hits)
register('StatelessParameterizedTruncatedNormal', 'shape: S, seed: Tseed, means: dtype, stddevs: dtype, minvals: dtype, maxvals: dtype -> output: dtype', 'S: {int32, int64}', 'Tseed: {int32, int64} = int64', 'dtype: {half, float, double}', shape=shape_fns.stateless_parameterized)
register('ParameterizedTruncatedNormal', 'shape: T, means: dtype, stdevs: dtype, minvals: dtype, maxvals: dtype -> output: dtype', 'seed: int = 0', 'seed2: int = 0', 'dtype: {half, bfloat16, float, double}', 'T: {int32, int64}', stateful=True, shape=shape_fns.random_shape,
         kernels='XLA_CPU_JIT: T=int32, int64 / float, double; CPU: double, float, half')
