"""The time loop of Keras's recurrent layers (keras/src/backend/tensorflow/rnn.py `rnn`): the
step function over the time axis, from the initial states, forwards or backwards. With a known
number of steps the loop runs in Python (in a traced function, one copy of the step per time
step); with an unknown one, in a `tf.while_loop` over TensorArrays, as Keras's. The arithmetic
of each step is the same either way."""
from varrt.framework import graph_building
from varrt.graph.control_flow_ops import while_loop
from varrt.framework.tensor import constant
from varrt.ops import array_ops, manip_ops, math_ops
from varrt.ops.tensor_array_ops import TensorArray


def _swap_batch_time(x):
    return array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank)))


def rnn(step_function, inputs, initial_states, go_backwards=False, return_all_outputs=True):
    """(last output, outputs [batch, time, ...], final states) of `step_function(x_t, states)`
    -> (output, new states) run over `inputs` [batch, time, ...]."""
    sequence = _swap_batch_time(inputs)
    states = tuple(initial_states)
    time_steps = sequence.shape[0]
    if time_steps is not None or not graph_building.building():
        steps = array_ops.unstack(sequence)
        if go_backwards:
            steps.reverse()
        outputs = []
        for x in steps:
            output, new_states = step_function(x, states)
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
        count = array_ops.shape(sequence)[0]
        input_ta = TensorArray(dtype=sequence.dtype, size=count).unstack(sequence)
        first_output, _ = step_function(input_ta.read(0), states)
        output_ta = TensorArray(dtype=first_output.dtype, size=count if return_all_outputs else 1,
                                element_shape=first_output.shape)

        def body(time, output_ta_t, *loop_states):
            output, new_states = step_function(input_ta.read(time), tuple(loop_states))
            index = time if return_all_outputs else 0
            return (time + 1, output_ta_t.write(index, output)) + tuple(new_states)

        final = while_loop(lambda time, *_: math_ops.less(time, count), body,
                           (constant(0), output_ta) + states)
        states = tuple(final[2:])
        outputs = final[1].stack()
        last_output = outputs[-1]
    return last_output, _swap_batch_time(outputs), list(states)
