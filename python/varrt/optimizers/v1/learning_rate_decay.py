"""TensorFlow 1's learning-rate decay functions (`tf.compat.v1.train.exponential_decay`, ...:
tensorflow/python/keras/optimizer_v2/legacy_learning_rate_decay.py over the schedules of
learning_rate_schedule.py), in TensorFlow's order of operations so the rates agree bit for bit.

In a graph each returns the decayed rate as a tensor of the graph; eagerly it returns a function of no
arguments computing the rate at the global step's current value, as TensorFlow's (a functools.partial)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import functools
import math

from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.tensor import convert_to_tensor
from varrt.graph import graph as _graph
from varrt.ops import index_ops, math_ops
from varrt.ops import random_ops as _random


def _as_rate(schedule, step):
    """The graph's tensor, or eagerly the function TensorFlow returns."""
    if _graph.current_graph() is not None:
        return schedule(step)
    return functools.partial(schedule, step)


def _initial(learning_rate):
    initial = convert_to_tensor(learning_rate)
    return initial, initial.dtype


def _exponential(learning_rate, decay_steps, decay_rate, staircase, name):
    def schedule(step):
        with name_scope(name or "ExponentialDecay"):
            initial, dtype = _initial(learning_rate)
            p = math_ops.cast(step, dtype) / math_ops.cast(decay_steps, dtype)
            if staircase:
                p = math_ops.floor(p)
            return math_ops.multiply(initial, math_ops.pow(math_ops.cast(decay_rate, dtype), p))
    return schedule


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate * decay_rate ** (global_step / decay_steps) (the exponent floored with `staircase`)."""
    return _as_rate(_exponential(learning_rate, decay_steps, decay_rate, staircase, name), global_step)


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate * exp(-decay_rate * global_step / decay_steps)."""
    natural_exp_rate = math_ops.exp(math_ops.negative(decay_rate))
    return _as_rate(_exponential(learning_rate, decay_steps, natural_exp_rate, staircase, name), global_step)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate / (1 + decay_rate * global_step / decay_steps)."""
    def schedule(step):
        with name_scope(name or "InverseTimeDecay"):
            initial, dtype = _initial(learning_rate)
            p = math_ops.cast(step, dtype) / math_ops.cast(decay_steps, dtype)
            if staircase:
                p = math_ops.floor(p)
            denom = math_ops.add(math_ops.cast(1, dtype), math_ops.multiply(math_ops.cast(decay_rate, dtype), p))
            return math_ops.divide(initial, denom)
    return _as_rate(schedule, global_step)


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    """(learning_rate - end) * (1 - step / decay_steps) ** power + end, the step held at decay_steps (or
    decay_steps stretched to the next multiple with `cycle`)."""
    def schedule(step):
        with name_scope(name or "PolynomialDecay"):
            initial, dtype = _initial(learning_rate)
            end = math_ops.cast(end_learning_rate, dtype)
            power_t = math_ops.cast(power, dtype)
            step_t = math_ops.cast(step, dtype)
            steps = math_ops.cast(decay_steps, dtype)
            if cycle:
                multiplier = index_ops.where(math_ops.equal(step_t, 0), 1.0, math_ops.ceil(step_t / decay_steps))
                steps = math_ops.multiply(steps, multiplier)
            else:
                step_t = math_ops.minimum(step_t, steps)
            p = math_ops.divide(step_t, steps)
            return math_ops.add(math_ops.multiply(initial - end, math_ops.pow(1 - p, power_t)), end)
    return _as_rate(schedule, global_step)


def _check_piecewise(x, boundaries, values):
    x = convert_to_tensor(x)
    boundaries = [convert_to_tensor(b) for b in boundaries]
    values = [convert_to_tensor(v) for v in values]
    for i, b in enumerate(boundaries):
        if b.dtype != x.dtype:
            if b.dtype == dtypes.int32 and x.dtype == dtypes.int64:
                boundaries[i] = math_ops.cast(b, x.dtype)
            else:
                raise ValueError(f"Boundaries ({b.dtype}) must have the same dtype as x ({x.dtype}).")
    for v in values[1:]:
        if v.dtype != values[0].dtype:
            raise ValueError(f"Values must have elements all with the same dtype ({values[0].dtype} vs {v.dtype}).")
    if len(boundaries) != len(values) - 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")
    return boundaries, values


def piecewise_constant(x, boundaries, values, name=None):
    """values[0] for x <= boundaries[0], values[i] for boundaries[i-1] < x <= boundaries[i], values[-1] beyond."""
    boundaries, values = _check_piecewise(x, list(boundaries), list(values))

    def schedule(step):
        with name_scope(name or "PiecewiseConstant"):
            step = convert_to_tensor(step)
            bounds = [b if b.dtype == step.dtype else math_ops.cast(b, step.dtype) for b in boundaries]
            # tf.case's exclusive predicates, in order: the first that holds gives the value
            rate = values[-1]
            for low, high, v in reversed(list(zip(bounds[:-1], bounds[1:], values[1:-1]))):
                rate = index_ops.where(math_ops.logical_and(step > low, step <= high), v, rate)
            return index_ops.where(step <= bounds[0], values[0], rate)
    return _as_rate(schedule, x)


def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    """learning_rate * ((1 - alpha) * 0.5 * (1 + cos(pi * min(step, decay_steps) / decay_steps)) + alpha)."""
    def schedule(step):
        with name_scope(name or "CosineDecay"):
            initial, dtype = _initial(learning_rate)
            steps = math_ops.cast(decay_steps, dtype)
            step_t = math_ops.minimum(math_ops.cast(step, dtype), steps)
            completed_fraction = step_t / steps
            cosine_decayed = 0.5 * (1.0 + math_ops.cos(convert_to_tensor(math.pi) * completed_fraction))
            decayed = (1 - alpha) * cosine_decayed + alpha
            return math_ops.multiply(initial, decayed)
    return _as_rate(schedule, global_step)


def cosine_decay_restarts(learning_rate, global_step, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
    """Cosine decay restarted after first_decay_steps, each period t_mul times longer, m_mul times lower (SGDR)."""
    def schedule(step):
        with name_scope(name or "SGDRDecay"):
            initial, dtype = _initial(learning_rate)
            first = math_ops.cast(first_decay_steps, dtype)
            alpha_t = math_ops.cast(alpha, dtype)
            t_mul_t = math_ops.cast(t_mul, dtype)
            m_mul_t = math_ops.cast(m_mul, dtype)
            completed_fraction = math_ops.cast(step, dtype) / first
            if t_mul == 1.0:  # tf.cond on t_mul == 1.0, whose value is known here
                i_restart = math_ops.floor(completed_fraction)
                completed_fraction -= i_restart
            else:
                i_restart = math_ops.floor(math_ops.log(1.0 - completed_fraction * (1.0 - t_mul_t)) /
                                           math_ops.log(t_mul_t))
                sum_r = (1.0 - t_mul_t ** i_restart) / (1.0 - t_mul_t)
                completed_fraction = (completed_fraction - sum_r) / t_mul_t ** i_restart
            m_fac = m_mul_t ** i_restart
            cosine_decayed = 0.5 * m_fac * (1.0 + math_ops.cos(convert_to_tensor(math.pi) * completed_fraction))
            decayed = (1 - alpha_t) * cosine_decayed + alpha_t
            return math_ops.multiply(initial, decayed)
    return _as_rate(schedule, global_step)


def _linear_cosine(learning_rate, decay_steps, num_periods, alpha, beta, noise, name):
    def schedule(step):
        with name_scope(name):
            initial, dtype = _initial(learning_rate)
            steps = math_ops.cast(decay_steps, dtype)
            periods = math_ops.cast(num_periods, dtype)
            alpha_t, beta_t = math_ops.cast(alpha, dtype), math_ops.cast(beta, dtype)
            step_t = math_ops.minimum(math_ops.cast(step, dtype), steps)
            linear_decayed = (steps - step_t) / steps
            if noise is not None:
                linear_decayed = noise(linear_decayed, step_t, dtype)
            completed_fraction = step_t / steps
            fraction = 2.0 * periods * completed_fraction
            cosine_decayed = 0.5 * (1.0 + math_ops.cos(convert_to_tensor(math.pi) * fraction))
            return math_ops.multiply(initial, (alpha_t + linear_decayed) * cosine_decayed + beta_t)
    return schedule


def linear_cosine_decay(learning_rate, global_step, decay_steps, num_periods=0.5, alpha=0.0, beta=0.001, name=None):
    """learning_rate * ((alpha + linear) * cosine + beta), linear falling from 1 to 0 over decay_steps."""
    return _as_rate(_linear_cosine(learning_rate, decay_steps, num_periods, alpha, beta, None,
                                   name or "LinearCosineDecay"), global_step)


def noisy_linear_cosine_decay(learning_rate, global_step, decay_steps, initial_variance=1.0, variance_decay=0.55,
                              num_periods=0.5, alpha=0.0, beta=0.001, name=None):
    """linear_cosine_decay with normal noise of variance initial_variance / (1 + step) ** variance_decay
    added to its linear part (an unseeded draw, as TensorFlow's)."""
    def noise(linear_decayed, step_t, dtype):
        variance = math_ops.cast(initial_variance, dtype) / math_ops.pow(1.0 + step_t,
                                                                          math_ops.cast(variance_decay, dtype))
        return linear_decayed + _random.normal(linear_decayed.shape, stddev=math_ops.sqrt(variance))
    return _as_rate(_linear_cosine(learning_rate, decay_steps, num_periods, alpha, beta, noise,
                                   name or "NoisyLinearCosineDecay"), global_step)
