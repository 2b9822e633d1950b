"""Shape functions of the random ops (TensorFlow's random_ops.cc, stateless_random_ops_v2.cc,
stateful_random_ops.cc): the shape their `shape` input holds, after their checks."""
from varrt.ops.shape_fns.common import (broadcast_dims, concat, dim_from_scalar, shape_from_tensor, shape_out, text, with_rank,
                                        with_value, ShapeError)

_KEY_SIZE = 1  # uint64s in a Philox key
_MAX_COUNTER_SIZE = 2  # uint64s in the largest counter (Philox)


def random_shape(ctx):
    """RandomUniform, RandomStandardNormal, TruncatedNormal: the shape input's shape."""
    return shape_out(shape_from_tensor(ctx, "shape"))


def _scalar_bounds(ctx):
    for name in ("minval", "maxval"):
        try:
            with_rank(ctx.shape(name), 0)
        except ShapeError:
            raise ShapeError(f"{name} must be a scalar; got a tensor of shape {text(ctx.shape(name))}") from None


def random_uniform_int(ctx):
    _scalar_bounds(ctx)
    return random_shape(ctx)


def stateless(ctx):
    """Stateless*V2: a key of one uint64, a counter vector and a scalar algorithm."""
    key = with_rank(ctx.shape("key"), 1)
    with_rank(ctx.shape("counter"), 1)
    with_rank(ctx.shape("alg"), 0)
    with_value(key[0], _KEY_SIZE)
    return random_shape(ctx)


def stateless_int(ctx):
    out = stateless(ctx)
    _scalar_bounds(ctx)
    return out


def stateful(ctx):
    """Stateful*: the generator's resource, a scalar algorithm, the shape input's shape."""
    with_rank(ctx.shape("algorithm"), 0)
    return random_shape(ctx)


def stateful_int(ctx):
    out = stateful(ctx)
    _scalar_bounds(ctx)
    return out


def rng_read_and_skip(ctx):
    """RngReadAndSkip: a scalar algorithm and delta; the state read, of the largest algorithm's size."""
    with_rank(ctx.shape("alg"), 0)
    with_rank(ctx.shape("delta"), 0)
    return shape_out([_MAX_COUNTER_SIZE + _KEY_SIZE])


def key_counter(ctx):
    """StatelessRandomGetKeyCounter: a seed of two integers gives a key and a counter."""
    seed = with_rank(ctx.shape("seed"), 1)
    with_value(seed[0], 2)
    return [shape_out([_KEY_SIZE]), shape_out([_MAX_COUNTER_SIZE])]


def multinomial(ctx):
    """Multinomial: [batch, num_samples]."""
    logits = with_rank(ctx.shape("logits"), 2)
    with_rank(ctx.shape("num_samples"), 0)
    return shape_out([logits[0], dim_from_scalar(ctx, "num_samples")])


def stateless_multinomial(ctx):
    """StatelessMultinomial: a seed of two integers, then Multinomial's [batch, num_samples]."""
    seed = with_rank(ctx.shape("seed"), 1)
    with_value(seed[0], 2)
    return multinomial(ctx)


def random_with_parameter(name):
    """RandomGamma, RandomPoissonV2: the shape input's shape, then the parameter's (`name`)."""
    def shape_fn(ctx):
        return shape_out(concat(shape_from_tensor(ctx, "shape"), ctx.shape(name)))
    return shape_fn


def stateless_seeded(ctx):
    """The stateless ops that read their seed themselves (StatelessRandomPoisson): a seed of two
    integers, then the shape input's shape."""
    seed = with_rank(ctx.shape("seed"), 1)
    with_value(seed[0], 2)
    return random_shape(ctx)


def stateless_parameterized(ctx):
    """StatelessParameterizedTruncatedNormal: a seed of two integers, the four parameters
    broadcastable together (TensorFlow checks, and drops, their broadcast), then the shape input's."""
    stateless_seeded(ctx)
    out = broadcast_dims(ctx.shape("means"), ctx.shape("stddevs"))
    out = broadcast_dims(ctx.shape("minvals"), out)
    broadcast_dims(ctx.shape("maxvals"), out)
    return random_shape(ctx)


def candidate_sampler(ctx):
    """The candidate samplers: true_classes [batch, num_true]; [num_sampled] candidates and their
    expected counts, [batch, num_true] for the true classes'."""
    classes = with_rank(ctx.shape("true_classes"), 2)
    num_sampled, num_true = ctx.attr("num_sampled"), ctx.attr("num_true")
    batch = None if classes is None else classes[0]
    return [shape_out([num_sampled]), shape_out([batch, num_true]), shape_out([num_sampled])]


def compute_accidental_hits(ctx):
    """ComputeAccidentalHits: true_classes [batch, num_true], candidates a vector; three vectors
    of a size known only when it runs."""
    classes = with_rank(ctx.shape("true_classes"), 2)
    if classes is not None:
        with_value(classes[1], ctx.attr("num_true"))
    with_rank(ctx.shape("sampled_candidates"), 1)
    return [shape_out([None])] * 3
