// VARRT_HOT_THREAD_LOCAL marks a thread-local that every op reads (the dispatch's hooks, the
// device scope, the update journal) for the initial-exec TLS model: a load at a fixed offset
// from the thread pointer instead of a call to __tls_get_addr, which the general model a shared
// library gets costs on each access (a twelfth of `v[1].assign(5.)`'s time went there). The
// model takes static TLS space, of which a library loaded with dlopen (the Python extension
// loads this one) has only the loader's small reserve: keep it to a few pointers.
#pragma once

#if defined(__GNUC__) && defined(__ELF__)
#define VARRT_HOT_THREAD_LOCAL __attribute__((tls_model("initial-exec")))
#else
#define VARRT_HOT_THREAD_LOCAL
#endif
