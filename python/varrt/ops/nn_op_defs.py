"""TensorFlow's op registry text for the tf.nn ops (as op_defs.py for the math ops): the dtypes
each op accepts and TensorFlow 2.21's exact text when a dtype is not accepted. Data only;
op_defs.py merges it into ATTR_ERRORS.
"""

ATTR_ERRORS = {'BiasAdd': ('T',
             ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, '
             'int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, '
             'uint64\n'
             '\t; NodeDef: {{node BiasAdd}}; Op<name=BiasAdd; signature=value:T, bias:T -> output:T; '
             'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, '
             'DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, '
             'DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
             'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]>'),
 'Elu': ('T',
         ' is not in the list of allowed values: half, bfloat16, float, double\n'
         '\t; NodeDef: {{node Elu}}; Op<name=Elu; signature=features:T -> activations:T; '
         'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'L2Loss': ('T',
            ' is not in the list of allowed values: half, bfloat16, float, double\n'
            '\t; NodeDef: {{node L2Loss}}; Op<name=L2Loss; signature=t:T -> output:T; '
            'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'LeakyRelu': ('T',
               ' is not in the list of allowed values: half, bfloat16, float, double\n'
               '\t; NodeDef: {{node LeakyRelu}}; Op<name=LeakyRelu; signature=features:T -> activations:T; '
               'attr=alpha:float,default=0.2; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, '
               'DT_FLOAT, DT_DOUBLE]>'),
 'LogSoftmax': ('T',
                ' is not in the list of allowed values: half, bfloat16, float, double\n'
                '\t; NodeDef: {{node LogSoftmax}}; Op<name=LogSoftmax; signature=logits:T -> logsoftmax:T; '
                'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'Relu': ('T',
          ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
          'uint16, half, uint32, uint64, qint8\n'
          '\t; NodeDef: {{node Relu}}; Op<name=Relu; signature=features:T -> activations:T; '
          'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
          'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8]>'),
 'Relu6': ('T',
           ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, '
           'bfloat16, uint16, half, uint32, uint64\n'
           '\t; NodeDef: {{node Relu6}}; Op<name=Relu6; signature=features:T -> activations:T; '
           'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
           'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]>'),
 'Selu': ('T',
          ' is not in the list of allowed values: half, bfloat16, float, double\n'
          '\t; NodeDef: {{node Selu}}; Op<name=Selu; signature=features:T -> activations:T; '
          'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'Softmax': ('T',
             ' is not in the list of allowed values: half, bfloat16, float, double\n'
             '\t; NodeDef: {{node Softmax}}; Op<name=Softmax; signature=logits:T -> softmax:T; '
             'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'SoftmaxCrossEntropyWithLogits': ('T',
                                   ' is not in the list of allowed values: half, bfloat16, float, double\n'
                                   '\t; NodeDef: {{node SoftmaxCrossEntropyWithLogits}}; '
                                   'Op<name=SoftmaxCrossEntropyWithLogits; signature=features:T, labels:T -> '
                                   'loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, '
                                   'DT_DOUBLE]>'),
 'Softplus': ('T',
              ' is not in the list of allowed values: half, bfloat16, float, double\n'
              '\t; NodeDef: {{node Softplus}}; Op<name=Softplus; signature=features:T -> activations:T; '
              'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'Softsign': ('T',
              ' is not in the list of allowed values: half, bfloat16, float, double\n'
              '\t; NodeDef: {{node Softsign}}; Op<name=Softsign; signature=features:T -> activations:T; '
              'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>'),
 'SparseSoftmaxCrossEntropyWithLogits': ('T',
                                         ' is not in the list of allowed values: half, bfloat16, float, '
                                         'double\n'
                                         '\t; NodeDef: {{node SparseSoftmaxCrossEntropyWithLogits}}; '
                                         'Op<name=SparseSoftmaxCrossEntropyWithLogits; signature=features:T, '
                                         'labels:Tlabels -> loss:T, backprop:T; '
                                         'attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; '
                                         'attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]>')}

# SparseSoftmaxCrossEntropyWithLogits' second type attribute: labels must be int32 or int64.
SPARSE_LABELS = ('Tlabels', ATTR_ERRORS['SparseSoftmaxCrossEntropyWithLogits'][1].replace(
    'half, bfloat16, float, double\n', 'int32, int64\n', 1))
