"""Keras's attribute tracking (keras/src/utils/tracking.py): a `Tracker` sorts each value a
layer is given — Keras variables by trainability, layers — into the layer's stores, looking
inside tuples and wrapping lists and dicts so what is appended later is tracked too.

The wrappers are Keras's, not TensorFlow's: they are no checkpoint dependencies, so a list of
layers assigned to a Keras layer is not in its checkpoint (what TensorFlow 2.21 writes)."""


class Tracker:
    """`config`: store name -> (predicate, list). A value goes to the first store whose
    predicate accepts it, unless a store it is excluded from already holds it."""

    def __init__(self, config, exclusions=None):
        self.config = config
        self.exclusions = exclusions or {}
        self.locked = False
        self.lock_msg = None

    def track(self, value):
        for store_name, (accepts, _) in self.config.items():
            if accepts(value):
                for other in self.exclusions.get(store_name, ()):
                    if self.is_in_store(other, value):
                        return value
                if not self.is_in_store(store_name, value):
                    self.add_to_store(store_name, value)
                return value
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return type(value)(*(self.track(e) for e in value))
        if isinstance(value, tuple):
            return tuple(self.track(e) for e in value)
        if isinstance(value, list) and not isinstance(value, TrackedList):
            return TrackedList(value, self)
        if isinstance(value, dict) and not isinstance(value, TrackedDict):
            return TrackedDict(value, self)
        return value

    def untrack(self, value):
        for _, (accepts, store) in self.config.items():
            if accepts(value):
                for i, held in enumerate(store):
                    if held is value:
                        del store[i]
                        return

    def is_in_store(self, store_name, value):
        return any(held is value for held in self.config[store_name][1])

    def add_to_store(self, store_name, value):
        if self.locked:
            raise ValueError(self.lock_msg)
        self.config[store_name][1].append(value)

    def lock(self, msg=None):
        self.locked = True
        if msg is not None:
            self.lock_msg = msg

    def unlock(self):
        self.locked = False


class TrackedList(list):
    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        values = values or []
        if tracker is not None:
            values = [tracker.track(v) for v in values]
        super().__init__(values)

    def append(self, value):
        if self.tracker is not None:
            value = self.tracker.track(value)
        super().append(value)

    def insert(self, index, value):
        if self.tracker is not None:
            value = self.tracker.track(value)
        super().insert(index, value)

    def extend(self, values):
        for v in values:
            self.append(v)

    def __setitem__(self, index, value):
        if self.tracker is not None:
            value = self.tracker.track(value)
        super().__setitem__(index, value)


class TrackedDict(dict):
    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        values = dict(values or {})
        if tracker is not None:
            values = {k: tracker.track(v) for k, v in values.items()}
        super().__init__(values)

    def __setitem__(self, key, value):
        if self.tracker is not None:
            value = self.tracker.track(value)
        super().__setitem__(key, value)

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v
