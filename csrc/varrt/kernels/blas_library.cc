#include "varrt/kernels/blas_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <optional>
#include <vector>

#include "varrt/core/parallel.h"

namespace varrt {
namespace kernels {
namespace {

// Sets (or, with no value, removes) an environment variable for the length of a scope, then
// restores what was there. setenv is not thread-safe against a concurrent getenv; the load runs
// once, early.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = std::string(old);
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The kernels varrt's OpenBLAS uses: VARRT_BLAS_CORETYPE when set (OpenBLAS's core names),
// else SkylakeX's on an AMD CPU with AVX-512 (some OpenBLAS versions take Zen 4 and Zen 5 for a
// Haswell, at half the speed), else OpenBLAS's own detection. OPENBLAS_CORETYPE is not
// followed: it configures the OpenBLAS NumPy loads (a machine may pin that one to Haswell for
// NumPy's sake, as this project's build machines do), while this copy is varrt's GEMM, an
// implementation detail, as MKL is PyTorch's.
std::optional<std::string> core_type() {
  if (const char* chosen = std::getenv("VARRT_BLAS_CORETYPE")) return std::string(chosen);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (__builtin_cpu_is("amd") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")) {
    return std::string("SKYLAKEX");
  }
#endif
  return std::nullopt;
}

std::vector<std::string> candidates() {
  if (const char* path = std::getenv("VARRT_BLAS_LIBRARY")) return {path};
  std::vector<std::string> out{"libscipy_openblas.so"};
#ifdef VARRT_BLAS_DIR
  out.push_back(std::string(VARRT_BLAS_DIR) + "/libscipy_openblas.so");
#endif
  return out;
}

template <class Fn>
bool bind(void* lib, const char* scipy_name, const char* plain_name, Fn* fn) {
  void* sym = dlsym(lib, scipy_name);
  if (sym == nullptr) sym = dlsym(lib, plain_name);
  *fn = reinterpret_cast<Fn>(sym);
  return sym != nullptr;
}

struct Loaded {
  BlasLibrary lib;
  BlasInfo info;
  void* handle = nullptr;  // the dlopen handle of the library loaded, kept open for the process
};

Loaded* load() {
  auto* loaded = new Loaded();  // lives for the process, as the library does
  // OpenBLAS starts its worker threads when it is loaded, as many as OPENBLAS_NUM_THREADS says
  // (else one per core): none, since every product runs on the caller (kernels/gemm.cc splits
  // large ones over varrt's thread pool instead).
  ScopedEnv num_threads("OPENBLAS_NUM_THREADS", std::optional<std::string>("1"));
  ScopedEnv core("OPENBLAS_CORETYPE", core_type());
  for (const std::string& path : candidates()) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* e = dlerror();
      loaded->info.error = e != nullptr ? e : path + ": cannot be loaded";
      continue;
    }
    BlasLibrary& l = loaded->lib;
    bool ok = bind(handle, "scipy_cblas_sgemm", "cblas_sgemm", &l.sgemm) &&
              bind(handle, "scipy_cblas_dgemm", "cblas_dgemm", &l.dgemm) &&
              bind(handle, "scipy_cblas_cgemm", "cblas_cgemm", &l.cgemm) &&
              bind(handle, "scipy_cblas_zgemm", "cblas_zgemm", &l.zgemm) &&
              bind(handle, "scipy_openblas_set_num_threads", "openblas_set_num_threads", &l.set_num_threads);
    bind(handle, "scipy_openblas_get_corename", "openblas_get_corename", &l.get_corename);
    if (!ok) {
      loaded->info.error = path + ": not an OpenBLAS library (no cblas_sgemm, cblas_dgemm, cblas_cgemm, "
                                  "cblas_zgemm or openblas_set_num_threads)";
      loaded->lib = BlasLibrary{};
      dlclose(handle);
      continue;
    }
    char resolved[4096];
    Dl_info where;
    loaded->info.path = dladdr(reinterpret_cast<void*>(l.sgemm), &where) != 0 && where.dli_fname != nullptr &&
                                realpath(where.dli_fname, resolved) != nullptr
                            ? resolved
                            : path;
    loaded->info.loaded = true;
    loaded->info.error.clear();
    loaded->handle = handle;
    l.set_num_threads(1);  // here, once, so concurrent first products do not race to set it
    if (l.get_corename != nullptr) loaded->info.core = l.get_corename();
    break;
  }
  return loaded;
}

Loaded& loaded() {
  static Loaded* const instance = load();
  return *instance;
}

}  // namespace

const BlasLibrary* blas_library() {
  Loaded& l = loaded();
  return l.info.loaded ? &l.lib : nullptr;
}

void* blas_symbol(const char* scipy_name, const char* plain_name) {
  if (blas_library() == nullptr) return nullptr;
  void* sym = nullptr;
  bind(loaded().handle, scipy_name, plain_name, &sym);
  return sym;
}

BlasInfo blas_info() {
  blas_library();
  BlasInfo info = loaded().info;
  info.threads = parallel_threads();
  return info;
}

}  // namespace kernels
}  // namespace varrt
