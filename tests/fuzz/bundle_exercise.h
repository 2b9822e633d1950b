// What the checkpoint fuzz targets do with a bundle on disk: open it, list, check, read and
// restore every key, and insist that every failure is one the reader documents.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "varrt/io/bundle_proto.h"
#include "varrt/io/bundle_reader.h"
#include "varrt/ops/checkpoint_ops.h"
#include "varrt/core/error.h"
#include "varrt/ops/variable_ops.h"

namespace fuzz {

// A fresh directory for this process's files (tmpfs when there is one).
inline std::string scratch_prefix() {
  const char* base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  std::string dir = std::string(base) + "/varrt-fuzz-" + std::to_string(getpid());
  if (std::system(("mkdir -p " + dir).c_str()) != 0) std::abort();
  return dir + "/ckpt";
}

inline void write_file(const std::string& path, const char* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, static_cast<std::streamsize>(size));
}

inline void expected(const varrt::Error& e) {
  switch (e.code()) {
    case varrt::Code::kDataLoss:
    case varrt::Code::kNotFound:
    case varrt::Code::kUnimplemented:
    case varrt::Code::kInvalidArgument:
    case varrt::Code::kResourceExhausted:
      return;
    default:
      std::abort();  // an error the reader does not document: libFuzzer saves the input
  }
}

// Reads and restores every key of the bundle at `prefix`.
inline void exercise(const std::string& prefix) {
  using namespace varrt;
  try {
    bundle::BundleReader reader(prefix);
    for (const std::string& key : reader.keys()) {
      try {
        // read() first, as a caller may: it must make every check itself before allocating.
        Tensor value = reader.read(key);
        bundle::Entry entry = reader.checked_entry(key);
        if (value.shape() != entry.shape || static_cast<int32_t>(value.dtype()) != entry.dtype) std::abort();
        ops::VarHandleAttrs attrs;
        attrs.dtype = value.dtype();
        attrs.shape = PartialShape::from(value.shape());
        ResourceHandle h = ops::VarHandleOp(attrs);
        ops::RestoreV2(reader, {key}, {h});
        Tensor restored = ops::ReadVariableOp(h);
        if (value.dtype() != DType::kString && value.byte_size() > 0 &&
            std::memcmp(restored.data(), value.data(), value.byte_size()) != 0) {
          std::abort();  // read and restore disagree
        }
        ops::DestroyResourceOp(h);
      } catch (const Error& e) {
        expected(e);
      }
    }
  } catch (const Error& e) {
    expected(e);
  }
}

}  // namespace fuzz
