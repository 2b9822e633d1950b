"""tf.compat.v1.layers as tf_keras's legacy_tf_layers compute them, written with TensorFlow 1's own
`variable_scope`, `get_variable` and `tf.nn` ops, for tests/tf1_names_program.py under TensorFlow 2.21,
whose `tf.compat.v1.layers.dense` raises AttributeError ("`dense` is not available with Keras 3.")
without tf_keras (not installed, and not installable offline here). Each function follows its
legacy source (tf_keras/legacy_tf_layers/core.py, convolutional.py, pooling.py, base.py): the scope
is `name` when given, else the snake-cased class name made unique by `variable_scope(None,
default_name=...)`; the kernel's initializer defaults to get_variable's, the bias's to zeros."""
import tensorflow as tf

v1 = tf.compat.v1
_ZEROS = v1.zeros_initializer()


def _scope(name, default_name, reuse):
    if name is not None:
        return v1.variable_scope(name, reuse=reuse)
    return v1.variable_scope(None, default_name=default_name, reuse=reuse)


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


def _finish(outputs, bias, activation):
    if bias is not None:
        outputs = tf.nn.bias_add(outputs, bias)
    return outputs if activation is None else activation(outputs)


def _bias(use_bias, n, initializer, dtype):
    return v1.get_variable("bias", [n], dtype=dtype, initializer=initializer) if use_bias else None


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS, name=None,
          reuse=None):
    inputs = tf.convert_to_tensor(inputs)
    with _scope(name, "dense", reuse):
        kernel = v1.get_variable("kernel", [inputs.shape[-1], units], dtype=inputs.dtype,
                                 initializer=kernel_initializer)
        bias = _bias(use_bias, units, bias_initializer, inputs.dtype)
        if inputs.shape.rank == 2:
            outputs = tf.matmul(inputs, kernel)
        else:
            outputs = tf.tensordot(inputs, kernel, [[inputs.shape.rank - 1], [0]])
        return _finish(outputs, bias, activation)


def _conv(rank, default_name, inputs, filters, kernel_size, strides, padding, dilation_rate, activation, use_bias,
          kernel_initializer, bias_initializer, name, reuse):
    inputs = tf.convert_to_tensor(inputs)
    with _scope(name, default_name, reuse):
        kernel = v1.get_variable("kernel", _tuple(kernel_size, rank) + (inputs.shape[-1], filters),
                                 dtype=inputs.dtype, initializer=kernel_initializer)
        bias = _bias(use_bias, filters, bias_initializer, inputs.dtype)
        outputs = tf.nn.convolution(inputs, kernel, strides=list(_tuple(strides, rank)), padding=padding.upper(),
                                    dilations=list(_tuple(dilation_rate, rank)))
        return _finish(outputs, bias, activation)


def conv1d(inputs, filters, kernel_size, strides=1, padding="valid", dilation_rate=1, activation=None, use_bias=True,
           kernel_initializer=None, bias_initializer=_ZEROS, name=None, reuse=None):
    return _conv(1, "conv1d", inputs, filters, kernel_size, strides, padding, dilation_rate, activation, use_bias,
                 kernel_initializer, bias_initializer, name, reuse)


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", dilation_rate=(1, 1), activation=None,
           use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS, name=None, reuse=None):
    return _conv(2, "conv2d", inputs, filters, kernel_size, strides, padding, dilation_rate, activation, use_bias,
                 kernel_initializer, bias_initializer, name, reuse)


def conv3d(inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid", dilation_rate=(1, 1, 1),
           activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS, name=None, reuse=None):
    return _conv(3, "conv3d", inputs, filters, kernel_size, strides, padding, dilation_rate, activation, use_bias,
                 kernel_initializer, bias_initializer, name, reuse)


def conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", activation=None, use_bias=True,
                     kernel_initializer=None, bias_initializer=_ZEROS, name=None, reuse=None):
    inputs = tf.convert_to_tensor(inputs)
    (kh, kw), (sh, sw) = _tuple(kernel_size, 2), _tuple(strides, 2)
    with _scope(name, "conv2d_transpose", reuse):
        kernel = v1.get_variable("kernel", (kh, kw, filters, inputs.shape[-1]), dtype=inputs.dtype,
                                 initializer=kernel_initializer)
        bias = _bias(use_bias, filters, bias_initializer, inputs.dtype)
        shape = tf.shape(inputs)

        def length(n, k, s):  # conv_utils.deconv_output_length
            return n * s + max(k - s, 0) if padding == "valid" else n * s
        output_shape = tf.stack([shape[0], length(shape[1], kh, sh), length(shape[2], kw, sw), filters])
        outputs = tf.nn.conv2d_transpose(inputs, kernel, output_shape, (1, sh, sw, 1), padding=padding.upper())
        static = inputs.shape.as_list()
        outputs.set_shape([static[0], None if static[1] is None else length(static[1], kh, sh),
                           None if static[2] is None else length(static[2], kw, sw), filters])
        return _finish(outputs, bias, activation)


def separable_conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", dilation_rate=(1, 1),
                     depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer=None,
                     pointwise_initializer=None, bias_initializer=_ZEROS, name=None, reuse=None):
    inputs = tf.convert_to_tensor(inputs)
    channels = inputs.shape[-1]
    with _scope(name, "separable_conv2d", reuse):
        depthwise = v1.get_variable("depthwise_kernel", _tuple(kernel_size, 2) + (channels, depth_multiplier),
                                    dtype=inputs.dtype, initializer=depthwise_initializer)
        pointwise = v1.get_variable("pointwise_kernel", (1, 1, depth_multiplier * channels, filters),
                                    dtype=inputs.dtype, initializer=pointwise_initializer)
        bias = _bias(use_bias, filters, bias_initializer, inputs.dtype)
        outputs = tf.nn.separable_conv2d(inputs, depthwise, pointwise, strides=(1,) + _tuple(strides, 2) + (1,),
                                         padding=padding.upper(), dilations=_tuple(dilation_rate, 2),
                                         data_format="NHWC")
        return _finish(outputs, bias, activation)


def _pooling(rank, default_name, pool, inputs, pool_size, strides, padding, name):
    with _scope(name, default_name, None):
        return pool(inputs, list(_tuple(pool_size, rank)), list(_tuple(strides, rank)), padding.upper())


def max_pooling1d(inputs, pool_size, strides, padding="valid", name=None):
    return _pooling(1, "max_pooling1d", tf.nn.max_pool1d, inputs, pool_size, strides, padding, name)


def max_pooling2d(inputs, pool_size, strides, padding="valid", name=None):
    return _pooling(2, "max_pooling2d", tf.nn.max_pool2d, inputs, pool_size, strides, padding, name)


def average_pooling1d(inputs, pool_size, strides, padding="valid", name=None):
    return _pooling(1, "average_pooling1d", tf.nn.avg_pool1d, inputs, pool_size, strides, padding, name)


def average_pooling2d(inputs, pool_size, strides, padding="valid", name=None):
    return _pooling(2, "average_pooling2d", tf.nn.avg_pool2d, inputs, pool_size, strides, padding, name)


def flatten(inputs, name=None):
    with _scope(name, "flatten", None):
        dims = inputs.shape.as_list()
        if None not in dims[1:]:
            n = 1
            for d in dims[1:]:
                n *= d
            return tf.reshape(inputs, (-1, n))
        return tf.reshape(inputs, tf.concat([tf.shape(inputs)[:1], [-1]], 0))


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    with _scope(name, "dropout", None):
        if training:
            return tf.nn.dropout(inputs, rate=rate, noise_shape=noise_shape, seed=seed)
        return tf.identity(inputs)


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, training=False, name=None, reuse=None,
                        gamma_initializer=v1.ones_initializer(), beta_initializer=_ZEROS,
                        moving_mean_initializer=_ZEROS, moving_variance_initializer=v1.ones_initializer()):
    """tf_keras's V1 BatchNormalization in a graph (batch_normalization.py): fused for a 4-D channels-last
    input (FusedBatchNormV3, its Bessel-corrected variance kept: _bessels_correction_test_only), else
    tf.nn.moments; the moving averages updated by _assign_moving_average, collected in UPDATE_OPS."""
    inputs = tf.convert_to_tensor(inputs)
    channels = inputs.shape[-1]
    with _scope(name, "batch_normalization", reuse):
        gamma = v1.get_variable("gamma", [channels], initializer=gamma_initializer)
        beta = v1.get_variable("beta", [channels], initializer=beta_initializer)
        moving_mean = v1.get_variable("moving_mean", [channels], initializer=moving_mean_initializer,
                                      trainable=False)
        moving_variance = v1.get_variable("moving_variance", [channels], initializer=moving_variance_initializer,
                                          trainable=False)

        def moving_average(variable, value, momentum):
            decay = tf.convert_to_tensor(1.0 - momentum, name="decay")
            if decay.dtype != variable.dtype.base_dtype:
                decay = tf.cast(decay, variable.dtype.base_dtype)
            return v1.assign_sub(variable, (variable - tf.cast(value, variable.dtype)) * decay)

        if inputs.shape.rank == 4:
            outputs, mean, variance = v1.nn.fused_batch_norm(inputs, gamma, beta, mean=moving_mean,
                                                             variance=moving_variance, epsilon=epsilon,
                                                             is_training=training)
            if training:
                m = tf.convert_to_tensor(momentum)
                for update in (moving_average(moving_mean, mean, m), moving_average(moving_variance, variance, m)):
                    v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, update)
            return outputs
        if training:
            mean, variance = tf.nn.moments(inputs, list(range(inputs.shape.rank - 1)), keepdims=False)
            for update in (moving_average(moving_mean, mean, momentum),
                           moving_average(moving_variance, variance, momentum)):
                v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, update)
        else:
            mean, variance = moving_mean, moving_variance
        return tf.nn.batch_normalization(inputs, mean, variance, beta, gamma, epsilon)
