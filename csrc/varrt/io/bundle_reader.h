// BundleReader: reads a TensorFlow tensor bundle ("<prefix>.index" + data shards).
//
// The index is read and verified when the reader opens (the footer first, then block by
// block with every CRC, then the header entry), so memory is bounded by the entries it
// holds, not by the size the file claims. The data shards its entries name are memory-mapped
// then too, and only then, while that index still sits at the prefix: so the reader keeps
// the data that goes with its index, whatever writers or managers do to the names later,
// and a reader opened while a writer replaces the checkpoint gets the old or the new one
// whole, never the old index with the new data (see the constructor's comment). Each
// value is verified before anyone sees it: its entry's dtype, shape and size must agree, its
// bytes must lie inside the shard, and its CRC32C must match; only then is it copied out. So
// a damaged or hostile checkpoint gives Error(kDataLoss) (kNotFound for a missing key or
// file) and never a partial value, crash or out-of-bounds read. Mapped bytes are read only
// under file_io::guarded: a shard truncated by someone else after it was mapped gives
// DataLoss too, where touching its lost pages would otherwise kill the process (SIGBUS).
//
// Thread-safe: immutable after construction.
#pragma once

#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "varrt/io/bundle_proto.h"
#include "varrt/io/file_io.h"
#include "varrt/io/sstable.h"
#include "varrt/core/tensor.h"

namespace varrt {

class Allocator;

namespace bundle {

// A value's verified bytes inside a mapped shard (kept alive by `file`). Read them through
// copy_to: the shard may have been truncated since they were verified.
struct VerifiedSpan {
  std::shared_ptr<const file_io::MappedFile> file;
  const char* data = nullptr;
  uint64_t size = 0;

  // Copies the bytes to `dst`, with `parallel` on all cores when large (into memory already
  // faulted in; fresh memory faults in faster from one thread); DataLoss when the shard has
  // lost them, and then `dst` may hold some of them.
  void copy_to(void* dst, bool parallel = false) const;
};

class BundleReader {
 public:
  // NotFound when "<prefix>.index" does not exist; DataLoss when it is not a valid index.
  // A data shard that cannot be opened now gives its error when a value in it is read.
  // Aborted, rarely, when writers replace the checkpoint faster than its index can be read.
  explicit BundleReader(std::string prefix);

  const std::string& prefix() const { return prefix_; }
  const Header& header() const { return header_; }
  // Every key except the header's, in sorted order.
  std::vector<std::string> keys() const;
  bool contains(const std::string& key) const;
  // The entry for `key`; NotFound ("Key K not found in checkpoint") when absent.
  Entry entry(const std::string& key) const;

  // entry(key), plus every check that needs no data bytes: dtype, size against shape, shard
  // and bounds against the shard's size. DataLoss for an inconsistent (damaged) entry.
  Entry checked_entry(const std::string& key);

  // The stored value as a new tensor from `allocator` (CPU:0's by default).
  Tensor read(const std::string& key, Allocator* allocator = nullptr);
  // Checks everything about a non-string entry and returns its verified bytes.
  VerifiedSpan verify(const std::string& key, const Entry& entry);
  // Rows [begin, end) of a non-string entry of rank >= 1 (along its first dimension): the
  // entry's checks and bounds as for a whole read, but NO checksum — the CRC covers the whole
  // tensor, and checking it would read all of it. InvalidArgument for a range outside
  // [0, rows] or a string or scalar entry. The bytes (end - begin rows) go to `out`.
  VerifiedSpan unverified_rows(const std::string& key, const Entry& entry, int64_t begin, int64_t end);
  // Decodes and verifies a string entry into `out` (num_elements strings).
  void read_strings(const std::string& key, const Entry& entry, std::string* out);

 private:
  // A shard an entry names, opened when the reader was (or the error opening it gave).
  struct Shard {
    std::shared_ptr<const file_io::MappedFile> file;
    std::exception_ptr error;
  };

  // Reads and checks the index into table_ and header_.
  void load_index(const file_io::InputFile& index);
  // Maps every shard the entries name into shards_.
  void map_named_shards();
  std::shared_ptr<const file_io::MappedFile> shard(const std::string& key, const Entry& entry) const;
  // The entry's byte range after dtype/size/bounds checks.
  VerifiedSpan locate(const std::string& key, const Entry& entry);
  [[noreturn]] void checksum_mismatch(const Entry& entry, uint32_t actual) const;

  std::string prefix_;
  sstable::Table table_;
  Header header_;
  std::map<int32_t, Shard> shards_;
};

}  // namespace bundle
}  // namespace varrt
