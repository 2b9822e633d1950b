"""The time loop of Keras's recurrent layers (keras/src/backend/tensorflow/rnn.py `rnn`): the
step function over the time axis, from the initial states, forwards or backwards. With a known
number of steps the loop runs in Python (in a traced function, one copy of the step per time
step); with an unknown one, in a `tf.while_loop` over TensorArrays, as Keras's. The arithmetic
of each step is the same either way.

With a mask ([batch, time], False at the steps to skip), a skipped step keeps each sample's
states and repeats its previous output (zeros before the first step), or gives zeros with
`zero_output_for_mask`: Keras's while-loop rule, which its unrolled loop matches."""
from varrt.framework import graph_building
from varrt.graph.control_flow_ops import while_loop
from varrt.framework.tensor import constant
from varrt.base import dtypes, nest
from varrt.ops import array_ops, index_ops, manip_ops, math_ops
from varrt.ops.tensor_array_ops import TensorArray


def _swap_batch_time(x):
    return array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank)))


def _masked(step_function, zero_output_for_mask):
    """The step function over (x_t, mask_t, previous output, states), as Keras's masked step."""
    def step(x, mask_t, previous_output, states):
        output, new_states = step_function(x, states)
        kept = array_ops.zeros_like(output) if zero_output_for_mask or previous_output is None else previous_output
        output = index_ops.where(mask_t, output, kept)
        kept_states = [index_ops.where(mask_t, new, old)
                       for new, old in zip(nest.flatten(new_states), nest.flatten(states))]
        return output, nest.pack_sequence_as(new_states, kept_states)
    return step


def rnn(step_function, inputs, initial_states, go_backwards=False, return_all_outputs=True, mask=None,
        zero_output_for_mask=False):
    """(last output, outputs [batch, time, ...], final states) of `step_function(x_t, states)`
    -> (output, new states) run over `inputs` [batch, time, ...], skipping the steps `mask`
    [batch, time] is False at."""
    sequence = _swap_batch_time(inputs)
    states = tuple(initial_states)
    time_steps = sequence.shape[0]
    masks = None
    if mask is not None:
        if mask.dtype != dtypes.bool:
            mask = math_ops.cast(mask, dtypes.bool)
        if mask.shape.rank == 2:
            mask = array_ops.expand_dims(mask, -1)
        masks = _swap_batch_time(mask)
        masked_step = _masked(step_function, zero_output_for_mask)
    if time_steps is not None or not graph_building.building():
        steps = array_ops.unstack(sequence)
        step_masks = array_ops.unstack(masks) if masks is not None else None
        if go_backwards:
            steps.reverse()
            if step_masks is not None:
                step_masks.reverse()
        outputs = []
        previous_output = None
        for t, x in enumerate(steps):
            if step_masks is None:
                output, new_states = step_function(x, states)
            else:
                output, new_states = masked_step(x, step_masks[t], previous_output, states)
                previous_output = output
            states = tuple(new_states)
            if return_all_outputs or not outputs:
                outputs.append(output)
            else:
                outputs[0] = output
        last_output = outputs[-1]
        outputs = array_ops.stack(outputs)
    else:
        if go_backwards:
            sequence = manip_ops.reverse(sequence, [0])
            masks = manip_ops.reverse(masks, [0]) if masks is not None else None
        count = array_ops.shape(sequence)[0]
        input_ta = TensorArray(dtype=sequence.dtype, size=count).unstack(sequence)
        first_output, _ = step_function(input_ta.read(0), states)
        output_ta = TensorArray(dtype=first_output.dtype, size=count if return_all_outputs else 1,
                                element_shape=first_output.shape)
        cond = lambda time, *_: math_ops.less(time, count)  # noqa: E731
        if masks is None:
            def body(time, output_ta_t, *loop_states):
                output, new_states = step_function(input_ta.read(time), tuple(loop_states))
                index = time if return_all_outputs else 0
                return (time + 1, output_ta_t.write(index, output)) + tuple(new_states)

            final = while_loop(cond, body, (constant(0), output_ta) + states)
            states = tuple(final[2:])
        else:
            mask_ta = TensorArray(dtype=dtypes.bool, size=count, element_shape=masks.shape[1:]).unstack(masks)

            def body(time, output_ta_t, previous_output, *loop_states):
                output, new_states = masked_step(input_ta.read(time), mask_ta.read(time), previous_output,
                                                 tuple(loop_states))
                index = time if return_all_outputs else 0
                return (time + 1, output_ta_t.write(index, output), output) + tuple(new_states)

            final = while_loop(cond, body, (constant(0), output_ta, array_ops.zeros_like(first_output)) + states)
            states = tuple(final[3:])
        outputs = final[1].stack()
        # Each element has the step output's static shape (the TensorArray's, when the batch size
        # is unknown too, is not kept through the loop).
        outputs.set_shape([None] + first_output.shape.as_list())
        last_output = outputs[-1]
    return last_output, _swap_batch_time(outputs), list(states)
