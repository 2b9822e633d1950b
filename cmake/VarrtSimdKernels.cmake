# The kernel files whose loops also run as AVX2 and AVX-512 versions (csrc/varrt/kernels/
# simd_dispatch.h), and the options every build of them needs: each version must round each
# product and sum as TensorFlow's kernels do (bit-identical results, optimizer updates included),
# so no fused multiply-add contraction, which AVX2/AVX-512 code would otherwise use.
# -fno-math-errno lets sqrt vectorise (IEEE-exact either way). VARRT_SIMD_KERNEL_FLAGS tells
# simd_dispatch.h that these options are on (simd_for does not compile without it).
# Included by every project that compiles the core's sources (the main build, tests/fuzz).
function(varrt_simd_kernel_options root)
  set(sources activations.cc bias_relu.cc relu_grad_sum.cc binary_add_sub.cc binary_mul_div.cc binary_less.cc
              binary_greater.cc binary_equal.cc
              cast.cc conv2d.cc conv2d_winograd.cc depthwise_conv2d.cc elementwise.cc math_functions_bessel.cc
              math_functions_elementary.cc math_functions_gamma.cc math_functions_integrals.cc pooling.cc
              reduction.cc reduction_max.cc reduction_mean.cc reduction_min.cc reduction_prod.cc reduction_sum.cc
              simd_dispatch.cc
              tensorflow_float_activations.cc training_ops.cc unary_ops.cc block_lstm.cc)
  list(TRANSFORM sources PREPEND "${root}/csrc/varrt/kernels/")
  set_source_files_properties(${sources} PROPERTIES
    COMPILE_OPTIONS "-ffp-contract=off;-fno-math-errno"
    COMPILE_DEFINITIONS VARRT_SIMD_KERNEL_FLAGS)
  # TensorFlow's sigmoid and tanh clamp and select per element: GCC vectorises those selects only
  # when it may assume no floating-point trap (the values are the same either way).
  set_property(SOURCE "${root}/csrc/varrt/kernels/tensorflow_float_activations.cc" APPEND PROPERTY
    COMPILE_OPTIONS "-fno-trapping-math")
endfunction()
