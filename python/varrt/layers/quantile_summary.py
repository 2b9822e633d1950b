"""Keras's approximate quantiles for `Discretization.adapt` (the functions at the end of
keras/src/layers/preprocessing/discretization.py), in NumPy as Keras computes them: a summary
is a 2-row array of values and their weights; batches are summarized, merged and compressed to
`epsilon`, and the boundaries read off at `1 / num_bins` steps."""
import numpy as np


def empty():
    return np.array([[], []], dtype="float32")


def summarize(values, epsilon):
    """A summary of a batch: every `len / (1 / epsilon)`-th sorted value, weighted by the step."""
    values = np.sort(np.reshape(values, [-1]))
    step = max(np.size(values) / (1.0 / epsilon), 1)
    boundaries = values[int(step - 1)::int(step)]
    return np.stack([boundaries, np.ones_like(boundaries) * step])


def merge_summaries(prev_summary, next_summary, epsilon):
    """Two summaries merged in value order and compressed to `epsilon`."""
    merged = np.concatenate((prev_summary, next_summary), axis=1)
    merged = np.take(merged, np.argsort(merged[0]), axis=1)
    return compress_summary(merged, epsilon)


def get_bin_boundaries(summary, num_bins):
    return compress_summary(summary, 1.0 / num_bins)[0, :-1]


def compress_summary(summary, epsilon):
    """The summary interpolated at cumulative-weight steps of `epsilon` (kept as is when it is
    already that small)."""
    if summary.shape[1] * epsilon < 1:
        return summary
    percents = epsilon + np.arange(0.0, 1.0, epsilon)
    cum_weights = summary[1].cumsum()
    cum_weight_percents = cum_weights / cum_weights[-1]
    new_bins = np.interp(percents, cum_weight_percents, summary[0])
    cum_weights = np.interp(percents, cum_weight_percents, cum_weights)
    new_weights = cum_weights - np.concatenate((np.array([0]), cum_weights[:-1]))
    return np.stack((new_bins, new_weights)).astype("float32")
