// BundleWriter: writes a TensorFlow tensor bundle (one data shard) that TensorFlow reads.
//
// Atomicity: values stream into "<data file>.tempstate-varrt-<random>", the index into
// "<prefix>.index.tempstate-varrt-<random>"; only when both are complete (and, with `sync`,
// fsynced) are they renamed over the final names, data first, as TensorFlow does. A writer
// that dies or throws earlier leaves any previous bundle at the prefix intact (the
// destructor removes the temporary files; those of a killed writer are removed by the next
// writer of the prefix, see file_io::TempClaim).
//
// Values are written straight from the tensors' buffers (no staging copy), in the order
// they are added, with their CRC32C computed on the way. Tensors passed to add() must not
// change until finish() (true of every varrt Tensor: buffers are immutable once shared).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "varrt/io/bundle_proto.h"
#include "varrt/io/file_io.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bundle {

struct WriterOptions {
  // fsync the files and the directory before returning: survives power loss, costs a
  // disk flush. Without it the files are complete and renamed, so a killed process still
  // leaves either the old or the new checkpoint (TensorFlow does not fsync either).
  bool sync = false;
};

class BundleWriter {
 public:
  explicit BundleWriter(std::string prefix, WriterOptions options = WriterOptions());
  ~BundleWriter();
  BundleWriter(const BundleWriter&) = delete;
  BundleWriter& operator=(const BundleWriter&) = delete;

  // Tells the writer how many data bytes will follow (see OutputFile::preallocate).
  void reserve(uint64_t bytes) { data_->preallocate(bytes); }
  // The number of data-file bytes add() writes for `t`.
  static uint64_t stored_size(const Tensor& t);
  // Appends a tensor's value under `key`. InvalidArgument for "" (the header's key), a
  // duplicate key or a dtype that cannot be stored.
  void add(const std::string& key, const Tensor& tensor);
  // Writes the index and renames both files into place.
  void finish();

 private:
  void write_strings(const Tensor& t, Entry* e);

  std::string prefix_;
  WriterOptions options_;
  std::unique_ptr<file_io::TempClaim> data_claim_;   // held until renamed or removed
  std::unique_ptr<file_io::TempClaim> index_claim_;
  std::string data_temp_;
  std::string index_temp_;
  std::unique_ptr<file_io::OutputFile> data_;
  std::map<std::string, Entry> entries_;
  bool finished_ = false;
};

}  // namespace bundle
}  // namespace varrt
