"""Op implementations behind the public namespaces (tf.add, tf.matmul, slicing, operators,
indexed updates) and their helpers."""
