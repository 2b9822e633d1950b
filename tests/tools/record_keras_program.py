"""Records what Keras 3 under TensorFlow 2.21 gives for a Keras case program into its fixture
(tests/fixtures/FIXTURE/results.json, and the .keras files it saved), which the program's test compares varrt's run with
(tests/keras_programs.py).

    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_functional_program.py keras_functional
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_normalization_program.py keras_normalization
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_core_layers_cases.py keras_core_layers
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_shape_layers_program.py keras_shape_layers
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_export_program.py keras_export
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_datasets_program.py keras_datasets
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_preprocessing_program.py keras_preprocessing
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py custom_gradient_program.py custom_gradient
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py gfile_program.py gfile
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py conversion_dtype_program.py conversion_dtype
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_attention_program.py keras_attention
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py strings_program.py strings
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py unicode_strings_program.py unicode_strings
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_text_vectorization_program.py keras_text_vectorization
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py image_ops_program.py image_ops
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_image_preprocessing_program.py keras_image_preprocessing
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py ragged_program.py ragged
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py graph_inspection_program.py graph_inspection
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py slice_assign_program.py slice_assign
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py tnp_program.py tnp
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py make_csv_dataset_program.py make_csv_dataset
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py sparse_data_program.py sparse_data
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py ragged_data_program.py ragged_data
    /path/to/python-with-tensorflow tests/tools/record_keras_program.py keras_sparse_program.py keras_sparse
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main(program, fixture):
    out = os.path.join(HERE, "..", "fixtures", fixture)
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "..", program), "tensorflow", tmp], check=True)
        shutil.copy(os.path.join(tmp, "results.json"), os.path.join(out, "results.json"))
        for name in sorted(os.listdir(tmp)):
            if name.endswith(".keras"):  # the models the program saved, for varrt to load
                shutil.copy(os.path.join(tmp, name), os.path.join(out, name))
    print("wrote", out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
