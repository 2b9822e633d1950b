"""The order of `interleave`'s elements, as TensorFlow's InterleaveDataset kernel makes it (and its
parallel kernel, deterministic, keeps it): a cycle of `cycle_length` slots, each slot's input
opened when the cycle reaches it, `block_length` elements taken from a slot before moving on;
a slot whose input ends is emptied and the cycle moves on, the slot reopened on its next turn."""


def interleaved(inputs, cycle_length, block_length):
    """The elements of the iterators `inputs` yields (each opened when its slot needs it)."""
    slots = [None] * cycle_length
    open_count, index, in_block, input_done = 0, 0, 0, False

    def advance():
        nonlocal index, in_block
        index, in_block = (index + 1) % cycle_length, 0

    while not input_done or open_count > 0:
        if slots[index] is not None:
            try:
                element = next(slots[index])
            except StopIteration:
                slots[index] = None
                open_count -= 1
                advance()
                continue
            in_block += 1
            if in_block == block_length:
                advance()
            yield element
        elif not input_done:
            try:
                slots[index] = next(inputs)
                open_count += 1
            except StopIteration:
                input_done = True
        else:
            advance()
