// Running core work with the GIL released, safely at interpreter exit.
//
// py::gil_scoped_release takes the GIL back in its destructor. At interpreter exit CPython
// (3.11-3.13) ends a daemon thread that asks for the GIL with pthread_exit, which unwinds the
// thread's stack; unwinding through a destructor (noexcept) calls std::terminate and aborts
// the whole process. Here the GIL is taken back in ordinary code, so the unwind passes.
#pragma once

#include <Python.h>

#include <exception>
#include <utility>
#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif

namespace varrt {
namespace bind {

// True once the interpreter has begun shutting down.
inline bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

template <class Fn>
void without_gil(Fn&& fn) {
  PyThreadState* state = PyEval_SaveThread();
  std::exception_ptr error;
  try {
    std::forward<Fn>(fn)();
#if defined(__GLIBCXX__)
  } catch (abi::__forced_unwind&) {
    throw;  // the thread is being ended: let the unwind finish
#endif
  } catch (...) {
    error = std::current_exception();
  }
  PyEval_RestoreThread(state);  // may end this (daemon) thread at exit, by unwinding from here
  if (error) std::rethrow_exception(error);
}

}  // namespace bind
}  // namespace varrt
