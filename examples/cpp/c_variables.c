/* varrt from C through the C ABI (varrt/varrt_c.h): variables shared by name and updated
 * from several threads, zero-copy reads, a checkpoint saved and restored, status codes
 * instead of exceptions.
 *
 *   c_variables [CHECKPOINT_PREFIX]     (default /tmp/varrt_c_example/ckpt) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <varrt/varrt_c.h>

#define THREADS 4
#define UPDATES 10000

static void check(varrt_code code, const varrt_status* status, const char* what) {
  if (code != VARRT_OK) {
    fprintf(stderr, "%s failed: %s: %s\n", what, varrt_code_name(code), varrt_status_message(status));
    exit(1);
  }
}

static void* worker(void* arg) {
  double step = *(const double*)arg;
  varrt_status* status = varrt_status_new();
  /* Each thread gets its own handle to the shared variable. */
  varrt_variable* total = varrt_variable_from_shared_name("total", "c_example", status);
  check(varrt_status_code(status), status, "from_shared_name");
  int64_t dims[1] = {2};
  double values[2] = {step, -step};
  varrt_tensor* delta = varrt_tensor_new(VARRT_FLOAT64, dims, 1, values, sizeof values, status);
  for (int i = 0; i < UPDATES; ++i) check(varrt_variable_assign_add(total, delta, status), status, "assign_add");
  varrt_tensor_delete(delta);
  varrt_variable_delete(total); /* a borrowed handle: the variable lives on */
  varrt_status_delete(status);
  return NULL;
}

int main(int argc, char** argv) {
  const char* prefix = argc > 1 ? argv[1] : "/tmp/varrt_c_example/ckpt";
  varrt_status* status = varrt_status_new();
  int64_t dims[1] = {2};
  varrt_tensor* zeros = varrt_tensor_new(VARRT_FLOAT64, dims, 1, NULL, 0, status);
  varrt_variable* total = varrt_variable_new(zeros, "total", "c_example", "total", status);
  check(varrt_status_code(status), status, "variable_new");

  pthread_t threads[THREADS];
  double steps[THREADS];
  for (int t = 0; t < THREADS; ++t) {
    steps[t] = 0.5 * (t + 1);
    pthread_create(&threads[t], NULL, worker, &steps[t]);
  }
  for (int t = 0; t < THREADS; ++t) pthread_join(threads[t], NULL);

  varrt_tensor* value = varrt_variable_read(total, status); /* zero-copy snapshot */
  const double* p = (const double*)varrt_tensor_data(value);
  printf("total = [%g %g]\n", p[0], p[1]);
  printf("dtype = %s, device = %s\n", varrt_dtype_name(varrt_variable_dtype(total)), varrt_variable_device(total));

  /* Checkpoint the value, scribble over it, restore it. */
  const char* keys[1] = {"total"};
  check(varrt_checkpoint_save(prefix, keys, &total, 1, status), status, "checkpoint_save");
  check(varrt_variable_assign(total, zeros, status), status, "assign");
  double now[2];
  check(varrt_variable_read_into(total, now, sizeof now, status), status, "read_into");
  printf("before restore = [%g %g]\n", now[0], now[1]);
  check(varrt_checkpoint_restore(prefix, keys, &total, 1, status), status, "checkpoint_restore");
  check(varrt_variable_read_into(total, now, sizeof now, status), status, "read_into");
  printf("restored = [%g %g]\n", now[0], now[1]);

  /* Errors are codes with TensorFlow's messages; nothing changes. */
  int64_t three[1] = {3};
  double bad_values[3] = {1, 2, 3};
  varrt_tensor* bad = varrt_tensor_new(VARRT_FLOAT64, three, 1, bad_values, sizeof bad_values, status);
  varrt_code code = varrt_variable_assign_add(total, bad, status);
  printf("error %s: %s\n", varrt_code_name(code), varrt_status_message(status));

  /* The owner's handle goes: the variable is destroyed; a lookup now fails. */
  varrt_variable_delete(total);
  varrt_variable* gone = varrt_variable_from_shared_name("total", "c_example", status);
  printf("after delete: %s (%s)\n", gone == NULL ? "gone" : "still there", varrt_code_name(varrt_status_code(status)));
  printf("snapshot still readable = [%g %g]\n", p[0], p[1]);

  varrt_tensor_delete(bad);
  varrt_tensor_delete(value);
  varrt_tensor_delete(zeros);
  varrt_status_delete(status);
  return 0;
}
