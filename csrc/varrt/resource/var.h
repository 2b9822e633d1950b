// Var: one variable resource — its current tensor, declared dtype and shape, and the lock
// that orders updates.
//
// Locking: reads take `mu` shared, updates take it exclusively. `tensor` is only touched
// under `mu`. A read hands out a Tensor sharing the buffer; an update gets the memory it
// writes from PrepareToUpdateVariable (prepare_to_update.h): in place only when the Var holds
// the buffer's only reference, otherwise new memory (copy-on-write), so every tensor handed
// out is immutable.
#pragma once

#include <atomic>
#include <shared_mutex>
#include <string>

#include "varrt/device/device.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

namespace varrt {

class Var {
 public:
  Var(DType dtype, PartialShape shape, const Device* device, std::string debug_name)
      : dtype_(dtype), shape_(std::move(shape)), device_(device), debug_name_(std::move(debug_name)) {}

  DType dtype() const { return dtype_; }
  const PartialShape& declared_shape() const { return shape_; }
  const Device* device() const { return device_; }
  const std::string& debug_name() const { return debug_name_; }

  std::shared_mutex& mu() const { return mu_; }
  Tensor& tensor() { return tensor_; }            // requires mu
  const Tensor& tensor() const { return tensor_; }  // requires mu
  bool is_initialized() const { return tensor_.valid(); }  // requires mu

  // Set by DestroyResourceOp; every later op on a handle to this Var fails.
  bool destroyed() const { return destroyed_.load(std::memory_order_acquire); }
  void mark_destroyed() { destroyed_.store(true, std::memory_order_release); }

  // The front end's object for this variable (the Python Variable), opaque to the core and
  // never owned: what lets a dispatch hook, which sees the resource, name the variable. The
  // front end sets it when the object is made and clears it before the object goes.
  const void* front() const { return front_.load(std::memory_order_acquire); }
  void claim_front(const void* object) {
    const void* none = nullptr;
    front_.compare_exchange_strong(none, object, std::memory_order_acq_rel);
  }
  void release_front(const void* object) {
    const void* expected = object;
    front_.compare_exchange_strong(expected, nullptr, std::memory_order_acq_rel);
  }

 private:
  const DType dtype_;
  const PartialShape shape_;
  const Device* const device_;
  const std::string debug_name_;
  mutable std::shared_mutex mu_;
  Tensor tensor_;
  std::atomic<bool> destroyed_{false};
  std::atomic<const void*> front_{nullptr};
};

}  // namespace varrt
