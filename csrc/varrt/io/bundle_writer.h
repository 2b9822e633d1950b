// BundleWriter: writes a TensorFlow tensor bundle (one data shard) that TensorFlow reads.
//
// Atomicity: replacing a bundle takes two files, and no file system renames two at once. So
// the index is the only commit point, and the data an index names always exists whole:
// values stream into "<prefix>.data-00000-of-00001.tempstate-varrt-<random>". When the
// index at the prefix names ".data-00000-of-00001" (the usual case when overwriting), the new
// data is renamed to ".data-00000-of-00002" beside the old and committed by an index that
// says two shards (every entry is in shard 0; TensorFlow, like varrt, opens only the shards
// its entries name); then a hard link puts the same data under ".data-00000-of-00001", a
// second index commits that, and ".data-00000-of-00002" goes. Otherwise (no index, or one
// naming other shards) the data takes ".data-00000-of-00001" at once and one index commits
// it. So a writer killed at any moment leaves the prefix naming the old or the new bundle,
// readable by varrt and TensorFlow; on a file system without hard links the bundle stays in
// its two-shard form. With `sync`, every file is fsynced before it is renamed and the
// directory after each rename, so the same holds after a power loss.
//
// The temporary files are claimed (see file_io::TempClaim) for the writer's lifetime: the
// next writer of the prefix removes those of a killed writer, and a writer that finds another
// live writer's claims steps back (removing its own) and tries again after a random, growing
// pause, for up to two seconds, then gives up with Aborted before it touches anything: of
// writers that start together one gets ahead, and a save that meets a long one gives up
// rather than wait for it. The destructor of an unfinished writer removes its temporary files.
//
// Values are written straight from the tensors' buffers (no staging copy), in the order
// they are added, with their CRC32C computed on the way. Tensors passed to add() must not
// change until finish() (true of every varrt Tensor: buffers are immutable once shared).
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "varrt/io/bundle_proto.h"
#include "varrt/io/file_io.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bundle {

struct WriterOptions {
  // fsync the files and the directory at each step: survives power loss, costs disk flushes.
  // Without it a killed process still leaves the old or the new checkpoint (the files are
  // complete before they are renamed; TensorFlow does not fsync either), but a power loss
  // may leave a checkpoint that reads as DataLoss.
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
  // Writes the index and moves both files into place (see above).
  void finish();

 private:
  static constexpr std::chrono::milliseconds kContendedFor{2000};

  // Claims the temporary files and looks for other writers' live claims; with none, opens the
  // data temporary and returns true, else removes its claims and returns false.
  bool try_claim();
  void release_claims() noexcept;
  void write_strings(const Tensor& t, Entry* e);
  // Writes an index naming `num_shards` shards to `temp` and renames it over the prefix's.
  void commit_index(int32_t num_shards, const std::string& temp);
  void sync_dir_if_asked();

  std::string prefix_;
  WriterOptions options_;
  std::unique_ptr<file_io::TempClaim> data_claim_;  // held until finished or destroyed
  std::unique_ptr<file_io::TempClaim> index_claims_[2];
  std::string data_temp_;
  std::string index_temps_[2];
  std::unique_ptr<file_io::OutputFile> data_;
  std::map<std::string, Entry> entries_;
  bool finished_ = false;
};

}  // namespace bundle
}  // namespace varrt
