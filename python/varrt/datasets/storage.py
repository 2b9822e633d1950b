"""Where Keras's datasets are downloaded from: the TensorFlow bucket, and the CIFAR pages."""
KERAS_DATASETS = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
CIFAR = "https://www.cs.toronto.edu/~kriz/"
