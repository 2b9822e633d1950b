"""Keras 3's saving (keras/src/saving): the registry of serializable classes, the config format
(`serialize_keras_object`), the `.weights.h5` store (through h5py) and the `.keras` archive.
Below layers/ and models/, which fill the registry when their classes are defined."""
