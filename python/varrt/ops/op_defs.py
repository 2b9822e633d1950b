"""TensorFlow's op registry text for the ops varrt runs in Python: which dtypes each op accepts,
and the exact text TensorFlow 2.21 reports when a dtype is not accepted (its NodeDef/Op
description) or has no CPU kernel. Recorded from TensorFlow 2.21's own error messages; data only.
"""

# op -> (attr name, text after "Value for attr '<attr>' of <dtype>"). The allowed dtypes are read
# from the "allowed=[...]" list in the text.
ATTR_ERRORS = {'Abs': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64\n'
         '\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]>'),
 'AddN': ('T',
          ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
          'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, variant\n'
          '\t; NodeDef: {{node AddN}}; Op<name=AddN; signature=inputs:N*T -> sum:T; attr=N:int,min=1; '
          'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, '
          'DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, '
          'DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_VARIANT]; is_commutative=true; is_aggregate=true>'),
 'AddV2': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double, uint8, uint16, uint32, uint64, '
           'int8, int16, int32, int64, complex64, complex128\n'
           '\t; NodeDef: {{node AddV2}}; Op<name=AddV2; signature=x:T, y:T -> z:T; '
           'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_UINT16, DT_UINT32, '
           'DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true; '
           'is_aggregate=true>'),
 'ArgMax': ('T',
            ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
            'uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool\n'
            '\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; signature=input:T, dimension:Tidx -> '
            'output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
            'DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, '
            'DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, '
            'DT_INT32, DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, '
            'DT_INT64]>'),
 'ArgMin': ('T',
            ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
            'uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool\n'
            '\t; NodeDef: {{node ArgMin}}; Op<name=ArgMin; signature=input:T, dimension:Tidx -> '
            'output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
            'DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, '
            'DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, '
            'DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]>'),
 'BatchMatMulV2': ('T',
                   ' is not in the list of allowed values: bfloat16, half, float, double, int16, int32, int64, '
                   'uint8, uint16, uint32, uint64, complex64, complex128\n'
                   '\t; NodeDef: {{node BatchMatMulV2}}; Op<name=BatchMatMulV2; signature=x:T, y:T -> output:T; '
                   'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT16, DT_INT32, '
                   'DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; '
                   'attr=adj_x:bool,default=false; attr=adj_y:bool,default=false; '
                   'attr=grad_x:bool,default=false; attr=grad_y:bool,default=false>'),
 'BitwiseAnd': ('T',
                ' is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, '
                'uint64\n'
                '\t; NodeDef: {{node BitwiseAnd}}; Op<name=BitwiseAnd; signature=x:T, y:T -> z:T; '
                'attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, '
                'DT_UINT64]; is_commutative=true>'),
 'BitwiseOr': ('T',
               ' is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64\n'
               '\t; NodeDef: {{node BitwiseOr}}; Op<name=BitwiseOr; signature=x:T, y:T -> z:T; '
               'attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, '
               'DT_UINT64]; is_commutative=true>'),
 'BitwiseXor': ('T',
                ' is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, '
                'uint64\n'
                '\t; NodeDef: {{node BitwiseXor}}; Op<name=BitwiseXor; signature=x:T, y:T -> z:T; '
                'attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, '
                'DT_UINT64]; is_commutative=true>'),
 'Ceil': ('T',
          ' is not in the list of allowed values: bfloat16, half, float, double\n'
          '\t; NodeDef: {{node Ceil}}; Op<name=Ceil; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
          'DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'Cos': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
         '\t; NodeDef: {{node Cos}}; Op<name=Cos; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Cumprod': ('T',
             ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
             'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n'
             '\t; NodeDef: {{node Cumprod}}; Op<name=Cumprod; signature=x:T, axis:Tidx -> out:T; '
             'attr=exclusive:bool,default=false; attr=reverse:bool,default=false; attr=T:type,allowed=[DT_FLOAT, '
             'DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
             'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, '
             'DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
 'Cumsum': ('T',
            ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
            'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n'
            '\t; NodeDef: {{node Cumsum}}; Op<name=Cumsum; signature=x:T, axis:Tidx -> out:T; '
            'attr=exclusive:bool,default=false; attr=reverse:bool,default=false; attr=T:type,allowed=[DT_FLOAT, '
            'DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
            'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, '
            'DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
 'DivNoNan': ('T',
              ' is not in the list of allowed values: half, float, bfloat16, double, complex64, complex128\n'
              '\t; NodeDef: {{node DivNoNan}}; Op<name=DivNoNan; signature=x:T, y:T -> z:T; '
              'attr=T:type,allowed=[DT_HALF, DT_FLOAT, DT_BFLOAT16, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Exp': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
         '\t; NodeDef: {{node Exp}}; Op<name=Exp; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Expm1': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
           '\t; NodeDef: {{node Expm1}}; Op<name=Expm1; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
           'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Floor': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double\n'
           '\t; NodeDef: {{node Floor}}; Op<name=Floor; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
           'DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'FloorDiv': ('T',
              ' is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, '
              'int32, uint32, uint64, int64, complex64, complex128\n'
              '\t; NodeDef: {{node FloorDiv}}; Op<name=FloorDiv; signature=x:T, y:T -> z:T; '
              'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, '
              'DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'FloorMod': ('T',
              ' is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64, '
              'bfloat16, half, float, double\n'
              '\t; NodeDef: {{node FloorMod}}; Op<name=FloorMod; signature=x:T, y:T -> z:T; '
              'attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, '
              'DT_UINT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'GatherNd': ('Tindices',
              ' is not in the list of allowed values: int16, int32, int64\n'
              '\t; NodeDef: {{node GatherNd}}; Op<name=GatherNd; signature=params:Tparams, indices:Tindices -> '
              'output:Tparams; attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
              'attr=bad_indices_policy:string,default="">'),
 'GatherV2': ('Tindices',
              ' is not in the list of allowed values: int16, int32, int64\n'
              '\t; NodeDef: {{node GatherV2}}; Op<name=GatherV2; signature=params:Tparams, indices:Tindices, '
              'axis:Taxis -> output:Tparams; attr=batch_dims:int,default=0; attr=Tparams:type; '
              'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, '
              'DT_INT64]>'),
 'Greater': ('T',
             ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
             'uint16, half, uint32, uint64\n'
             '\t; NodeDef: {{node Greater}}; Op<name=Greater; signature=x:T, y:T -> z:bool; '
             'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
             'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]>'),
 'GreaterEqual': ('T',
                  ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, '
                  'bfloat16, uint16, half, uint32, uint64\n'
                  '\t; NodeDef: {{node GreaterEqual}}; Op<name=GreaterEqual; signature=x:T, y:T -> z:bool; '
                  'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
                  'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]>'),
 'Invert': ('T',
            ' is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64\n'
            '\t; NodeDef: {{node Invert}}; Op<name=Invert; signature=x:T -> y:T; attr=T:type,allowed=[DT_INT8, '
            'DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]>'),
 'IsFinite': ('T',
              ' is not in the list of allowed values: bfloat16, half, float, double\n'
              '\t; NodeDef: {{node IsFinite}}; Op<name=IsFinite; signature=x:T -> y:bool; '
              'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'IsInf': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double\n'
           '\t; NodeDef: {{node IsInf}}; Op<name=IsInf; signature=x:T -> y:bool; '
           'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'IsNan': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double\n'
           '\t; NodeDef: {{node IsNan}}; Op<name=IsNan; signature=x:T -> y:bool; '
           'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]>'),
 'Less': ('T',
          ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
          'uint16, half, uint32, uint64\n'
          '\t; NodeDef: {{node Less}}; Op<name=Less; signature=x:T, y:T -> z:bool; '
          'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
          'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]>'),
 'LessEqual': ('T',
               ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, '
               'bfloat16, uint16, half, uint32, uint64\n'
               '\t; NodeDef: {{node LessEqual}}; Op<name=LessEqual; signature=x:T, y:T -> z:bool; '
               'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, '
               'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]>'),
 'Log': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
         '\t; NodeDef: {{node Log}}; Op<name=Log; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Log1p': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
           '\t; NodeDef: {{node Log1p}}; Op<name=Log1p; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
           'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'MatMul': ('T',
            ' is not in the list of allowed values: bfloat16, half, float, double, int32, int64, uint8, uint16, '
            'uint32, uint64, complex64, complex128\n'
            '\t; NodeDef: {{node MatMul}}; Op<name=MatMul; signature=a:T, b:T -> product:T; '
            'attr=transpose_a:bool,default=false; attr=transpose_b:bool,default=false; '
            'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, '
            'DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=false; '
            'attr=grad_b:bool,default=false>'),
 'Max': ('T',
         ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
         'uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16\n'
         '\t; NodeDef: {{node Max}}; Op<name=Max; signature=input:T, reduction_indices:Tidx -> output:T; '
         'attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
         'DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, '
         'DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, '
         'DT_INT64]>'),
 'Maximum': ('T',
             ' is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, '
             'int32, uint32, int64, uint64\n'
             '\t; NodeDef: {{node Maximum}}; Op<name=Maximum; signature=x:T, y:T -> z:T; '
             'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, '
             'DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]>'),
 'Mean': ('T',
          ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
          'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n'
          '\t; NodeDef: {{node Mean}}; Op<name=Mean; signature=input:T, reduction_indices:Tidx -> output:T; '
          'attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
          'DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
          'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
          'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
 'Min': ('T',
         ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, '
         'uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16\n'
         '\t; NodeDef: {{node Min}}; Op<name=Min; signature=input:T, reduction_indices:Tidx -> output:T; '
         'attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
         'DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, '
         'DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, '
         'DT_INT64]>'),
 'Minimum': ('T',
             ' is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, '
             'int32, uint32, int64, uint64\n'
             '\t; NodeDef: {{node Minimum}}; Op<name=Minimum; signature=x:T, y:T -> z:T; '
             'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, '
             'DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]>'),
 'Mul': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, '
         'int32, uint32, uint64, int64, complex64, complex128\n'
         '\t; NodeDef: {{node Mul}}; Op<name=Mul; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, '
         'DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true>'),
 'Neg': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, '
         'complex64, complex128\n'
         '\t; NodeDef: {{node Neg}}; Op<name=Neg; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'OneHot': ('TI',
            ' is not in the list of allowed values: uint8, int8, int32, int64\n'
            '\t; NodeDef: {{node OneHot}}; Op<name=OneHot; signature=indices:TI, depth:int32, on_value:T, '
            'off_value:T -> output:T; attr=axis:int,default=-1; attr=T:type; '
            'attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32, DT_INT64]>'),
 'OnesLike': ('T',
              ' is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, '
              'int32, uint32, int64, uint64, complex64, complex128, bool\n'
              '\t; NodeDef: {{node OnesLike}}; Op<name=OnesLike; signature=x:T -> y:T; '
              'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, '
              'DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL]>'),
 'Pow': ('T',
         ' is not in the list of allowed values: bfloat16, float, half, double, int8, int16, int32, int64, '
         'complex64, complex128\n'
         '\t; NodeDef: {{node Pow}}; Op<name=Pow; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_FLOAT, DT_HALF, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Prod': ('T',
          ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
          'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n'
          '\t; NodeDef: {{node Prod}}; Op<name=Prod; signature=input:T, reduction_indices:Tidx -> output:T; '
          'attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
          'DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
          'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
          'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
 'Range': ('Tidx',
           ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, '
           'uint16, uint32, uint64\n'
           '\t; NodeDef: {{node Range}}; Op<name=Range; signature=start:Tidx, limit:Tidx, delta:Tidx -> '
           'output:Tidx; attr=Tidx:type,default=DT_INT32,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, '
           'DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT16, DT_UINT32, DT_UINT64]>'),
 'RealDiv': ('T',
             ' is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, '
             'int32, uint32, uint64, int64, complex64, complex128\n'
             '\t; NodeDef: {{node RealDiv}}; Op<name=RealDiv; signature=x:T, y:T -> z:T; '
             'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, '
             'DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Reciprocal': ('T',
                ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, '
                'int64, complex64, complex128\n'
                '\t; NodeDef: {{node Reciprocal}}; Op<name=Reciprocal; signature=x:T -> y:T; '
                'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, '
                'DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Round': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, '
           'complex64, complex128\n'
           '\t; NodeDef: {{node Round}}; Op<name=Round; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
           'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Rsqrt': ('T',
           ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
           '\t; NodeDef: {{node Rsqrt}}; Op<name=Rsqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
           'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Sigmoid': ('T',
             ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
             '\t; NodeDef: {{node Sigmoid}}; Op<name=Sigmoid; signature=x:T -> y:T; '
             'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Sign': ('T',
          ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, '
          'complex64, complex128\n'
          '\t; NodeDef: {{node Sign}}; Op<name=Sign; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
          'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Sin': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
         '\t; NodeDef: {{node Sin}}; Op<name=Sin; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Sqrt': ('T',
          ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
          '\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
          'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Square': ('T',
            ' is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, '
            'uint8, uint16, uint32, uint64, complex64, complex128\n'
            '\t; NodeDef: {{node Square}}; Op<name=Square; signature=x:T -> y:T; '
            'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, '
            'DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]>'),
 'SquaredDifference': ('T',
                       ' is not in the list of allowed values: bfloat16, half, float, double, int32, int64, '
                       'complex64, complex128\n'
                       '\t; NodeDef: {{node SquaredDifference}}; Op<name=SquaredDifference; signature=x:T, y:T '
                       '-> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, '
                       'DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true>'),
 'Sub': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, '
         'int32, int64, complex64, complex128, uint32, uint64\n'
         '\t; NodeDef: {{node Sub}}; Op<name=Sub; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_INT64, '
         'DT_COMPLEX64, DT_COMPLEX128, DT_UINT32, DT_UINT64]>'),
 'Sum': ('T',
         ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
         'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n'
         '\t; NodeDef: {{node Sum}}; Op<name=Sum; signature=input:T, reduction_indices:Tidx -> output:T; '
         'attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
         'DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
         'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
         'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'),
 'Tan': ('T',
         ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
         '\t; NodeDef: {{node Tan}}; Op<name=Tan; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
         'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Tanh': ('T',
          ' is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n'
          '\t; NodeDef: {{node Tanh}}; Op<name=Tanh; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, '
          'DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>'),
 'Where': ('T',
           ' is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, '
           'qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, bool\n'
           '\t; NodeDef: {{node Where}}; Op<name=Where; signature=input:T -> index:int64; '
           'attr=T:type,default=DT_BOOL,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
           'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, '
           'DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_BOOL]>')}

# op -> (attr name, "All kernels registered for op ..." text, dtypes the op declares but has no
# CPU kernel for: NotFoundError).
NO_KERNEL = {'BatchMatMulV2': ('T',
                   'All kernels registered for op BatchMatMulV2:\n'
                   "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, "
                   'DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, '
                   'DT_UINT64]\n'
                   "  device='CPU'; T in [DT_INT64]\n"
                   "  device='CPU'; T in [DT_INT32]\n"
                   "  device='CPU'; T in [DT_INT16]\n"
                   "  device='CPU'; T in [DT_DOUBLE]\n"
                   "  device='CPU'; T in [DT_FLOAT]\n"
                   "  device='CPU'; T in [DT_BFLOAT16]\n"
                   "  device='CPU'; T in [DT_HALF]\n"
                   "  device='CPU'; T in [DT_COMPLEX128]\n"
                   "  device='CPU'; T in [DT_COMPLEX64]\n",
                   ('uint8', 'uint16', 'uint32', 'uint64')),
 'FloorDiv': ('T',
              'All kernels registered for op FloorDiv:\n'
              "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
              'DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]\n'
              "  device='DEFAULT'; T in [DT_INT32]\n"
              "  device='CPU'; T in [DT_DOUBLE]\n"
              "  device='CPU'; T in [DT_BFLOAT16]\n"
              "  device='CPU'; T in [DT_HALF]\n"
              "  device='CPU'; T in [DT_FLOAT]\n"
              "  device='CPU'; T in [DT_INT64]\n"
              "  device='CPU'; T in [DT_INT32]\n"
              "  device='CPU'; T in [DT_INT16]\n"
              "  device='CPU'; T in [DT_INT8]\n"
              "  device='CPU'; T in [DT_UINT64]\n"
              "  device='CPU'; T in [DT_UINT32]\n"
              "  device='CPU'; T in [DT_UINT16]\n"
              "  device='CPU'; T in [DT_UINT8]\n",
              ('complex64', 'complex128')),
 'MatMul': ('T',
            'All kernels registered for op MatMul:\n'
            "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
            'DT_COMPLEX128, DT_HALF]\n'
            "  device='CPU'; T in [DT_INT64]\n"
            "  device='CPU'; T in [DT_INT32]\n"
            "  device='CPU'; T in [DT_INT16]\n"
            "  device='CPU'; T in [DT_DOUBLE]\n"
            "  device='CPU'; T in [DT_FLOAT]\n"
            "  device='CPU'; T in [DT_BFLOAT16]\n"
            "  device='CPU'; T in [DT_HALF]\n"
            "  device='CPU'; T in [DT_COMPLEX128]\n"
            "  device='CPU'; T in [DT_COMPLEX64]\n",
            ('uint8', 'uint16', 'uint32', 'uint64')),
 'Range': ('Tidx',
           'All kernels registered for op Range:\n'
           "  device='XLA_CPU_JIT'; Tidx in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_INT64, "
           'DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]\n'
           "  device='DEFAULT'; Tidx in [DT_INT32]\n"
           "  device='CPU'; Tidx in [DT_INT64]\n"
           "  device='CPU'; Tidx in [DT_INT32]\n"
           "  device='CPU'; Tidx in [DT_DOUBLE]\n"
           "  device='CPU'; Tidx in [DT_FLOAT]\n"
           "  device='CPU'; Tidx in [DT_BFLOAT16]\n"
           "  device='CPU'; Tidx in [DT_HALF]\n",
           ('int16', 'int8', 'uint16', 'uint32', 'uint64')),
 'RealDiv': ('T',
             'All kernels registered for op RealDiv:\n'
             "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
             'DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]\n'
             "  device='CPU'; T in [DT_COMPLEX128]\n"
             "  device='CPU'; T in [DT_COMPLEX64]\n"
             "  device='CPU'; T in [DT_BFLOAT16]\n"
             "  device='CPU'; T in [DT_DOUBLE]\n"
             "  device='CPU'; T in [DT_HALF]\n"
             "  device='CPU'; T in [DT_FLOAT]\n",
             ('int32', 'uint8', 'int16', 'int8', 'int64', 'uint16', 'uint32', 'uint64')),
 'Reciprocal': ('T',
                'All kernels registered for op Reciprocal:\n'
                "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, "
                'DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n'
                "  device='CPU'; T in [DT_COMPLEX128]\n"
                "  device='CPU'; T in [DT_COMPLEX64]\n"
                "  device='CPU'; T in [DT_DOUBLE]\n"
                "  device='CPU'; T in [DT_BFLOAT16]\n"
                "  device='CPU'; T in [DT_HALF]\n"
                "  device='CPU'; T in [DT_FLOAT]\n",
                ('int32', 'int16', 'int8', 'int64')),
 'Round': ('T',
           'All kernels registered for op Round:\n'
           "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, "
           'DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n'
           "  device='CPU'; T in [DT_INT64]\n"
           "  device='CPU'; T in [DT_INT32]\n"
           "  device='CPU'; T in [DT_BFLOAT16]\n"
           "  device='CPU'; T in [DT_DOUBLE]\n"
           "  device='CPU'; T in [DT_FLOAT]\n"
           "  device='CPU'; T in [DT_HALF]\n",
           ('int16', 'int8', 'complex64', 'complex128'))}

from varrt.ops.nn_op_defs import ATTR_ERRORS as _NN_ATTR_ERRORS  # noqa: E402  (the tf.nn ops' table)
ATTR_ERRORS.update(_NN_ATTR_ERRORS)
