#include "varrt/io/bundle_reader.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>

#include "varrt/core/allocator.h"
#include "varrt/io/coding.h"
#include "varrt/io/crc32c.h"
#include "varrt/core/error.h"
#include "varrt/core/parallel.h"

namespace varrt {
namespace bundle {
namespace {

std::string u32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%08u", v);
  return buf;
}

void check_dtype(const std::string& key, int32_t dtype) {
  if (dtype_is_valid(dtype)) return;
  if (dtype > 0 && dtype < 64) {  // a TensorFlow type varrt has no tensors for (quantized, variant, ...)
    throw_error(Code::kUnimplemented, "Checkpoint entry " + key + " has TensorFlow dtype enum " +
                                          std::to_string(dtype) + ", which varrt does not support");
  }
  throw_error(Code::kDataLoss, "Checkpoint entry " + key + " has an invalid dtype (" + std::to_string(dtype) + ")");
}

[[noreturn]] void truncated(const file_io::MappedFile& file) {
  throw_error(Code::kDataLoss, file.path() + " was truncated while being read (it is shorter than when the "
                                             "checkpoint was opened)");
}

// The CRC of mapped bytes, or false when their pages are gone (see file_io::guarded).
struct Checksum {
  const char* data;
  uint64_t n;
  uint32_t crc;
};

bool guarded_crc(const char* data, uint64_t n, uint32_t* crc) {
  Checksum c{data, n, 0};
  if (!file_io::guarded([](void* p) {
        auto* c = static_cast<Checksum*>(p);
        c->crc = crc32c::value(c->data, c->n);
      }, &c)) {
    return false;
  }
  *crc = c.crc;
  return true;
}

// CRC of a mapped span, on all cores when large: each thread checksums a contiguous range,
// and the ranges' CRCs are combined in order.
uint32_t checksum(const file_io::MappedFile& file, const char* data, uint64_t n) {
  constexpr int64_t kBlock = int64_t{64} << 10;
  uint32_t whole = 0;
  if (n < 2 * static_cast<uint64_t>(kParallelMinBytesPerThread)) {
    if (!guarded_crc(data, n, &whole)) truncated(file);
    return whole;
  }
  const auto blocks = static_cast<int64_t>((n + kBlock - 1) / kBlock);
  std::vector<int64_t> ends(static_cast<size_t>(blocks), -1);
  std::vector<uint32_t> crcs(static_cast<size_t>(blocks), 0);
  std::atomic<bool> lost{false};
  parallel_for(blocks, kBlock, [&](int64_t begin, int64_t end) {
    uint64_t from = static_cast<uint64_t>(begin * kBlock);
    uint64_t to = std::min<uint64_t>(n, static_cast<uint64_t>(end * kBlock));
    if (!guarded_crc(data + from, to - from, &crcs[static_cast<size_t>(begin)])) lost = true;
    ends[static_cast<size_t>(begin)] = end;
  });
  if (lost) truncated(file);
  uint32_t crc = 0;
  for (int64_t b = 0; b < blocks; b = ends[static_cast<size_t>(b)]) {
    uint64_t len = std::min<uint64_t>(n, static_cast<uint64_t>(ends[static_cast<size_t>(b)] * kBlock)) -
                   static_cast<uint64_t>(b * kBlock);
    crc = b == 0 ? crcs[0] : crc32c::combine(crc, crcs[static_cast<size_t>(b)], len);
  }
  return crc;
}

// A try takes far less time than a writer needs to commit twice: this bound is reached only
// by a prefix replaced continuously, faster than its index can be read.
constexpr int kOpenAttempts = 100;

}  // namespace

void VerifiedSpan::copy_to(void* dst, bool parallel) const {
  if (size == 0) return;
  if (!parallel) {
    if (!file_io::guarded_copy(dst, data, static_cast<size_t>(size))) truncated(*file);
    return;
  }
  std::atomic<bool> lost{false};
  parallel_for(static_cast<int64_t>(size), 1, [&](int64_t begin, int64_t end) {
    if (!file_io::guarded_copy(static_cast<char*>(dst) + begin, data + begin, static_cast<size_t>(end - begin))) {
      lost = true;
    }
  });
  if (lost) truncated(*file);
}

// A writer replaces a bundle by renames, with its index as the commit point, and never
// replaces or removes a data file that the index at the prefix names (bundle_writer.h). So the
// shards mapped while the index file read is still at its name are that index's own; when it
// was replaced meanwhile (the data opened may be a later save's), the reader starts over with
// the new index. Without the check, a reader whose index was replaced just before it mapped
// the shards read a later save's data under its index: checksum mismatches, missing files,
// and row reads (which no checksum covers) of other tensors' bytes.
BundleReader::BundleReader(std::string prefix) : prefix_(std::move(prefix)) {
  for (int attempt = 1;; ++attempt) {
    const file_io::InputFile index(meta_filename(prefix_));
    load_index(index);
    map_named_shards();
    if (index.still_at_path()) return;
    if (attempt == kOpenAttempts) {
      throw_error(Code::kAborted, "The checkpoint at " + prefix_ + " was replaced " + std::to_string(kOpenAttempts) +
                                      " times while it was being opened; nothing was read");
    }
  }
}

void BundleReader::load_index(const file_io::InputFile& file) {
  const std::string filename = meta_filename(prefix_);
  table_ = sstable::Table::parse(
      file.size(), [&file](uint64_t offset, size_t n, char* out) { return file.read_at(offset, n, out); }, filename);
  const std::string* header = table_.find("");
  if (header == nullptr) {
    throw_error(Code::kDataLoss, "Unable to read file (" + filename +
                                     "). Perhaps the file is corrupt or was produced by a newer version of "
                                     "TensorFlow with format changes (failed to seek to header entry)");
  }
  header_ = decode_header(*header, filename);
  if (header_.endianness != 0) {
    throw_error(Code::kUnimplemented, "TensorBundle at " + prefix_ +
                                          " is big-endian; byte-swapping checkpoints is not supported");
  }
  // TensorFlow's CheckVersions(version, kTensorBundleVersion, kTensorBundleMinProducer).
  if (header_.version_producer < kBundleMinProducer) {
    throw_error(Code::kInvalidArgument, "Checkpoint producer version " + std::to_string(header_.version_producer) +
                                            " below min producer " + std::to_string(kBundleMinProducer) +
                                            " supported by TensorFlow. Please regenerate your checkpoint.");
  }
  if (header_.version_min_consumer > kBundleVersion) {
    throw_error(Code::kInvalidArgument, "Checkpoint min consumer version " +
                                            std::to_string(header_.version_min_consumer) + " above current version " +
                                            std::to_string(kBundleVersion) + " for TensorFlow. Please upgrade TensorFlow.");
  }
  for (int32_t bad : header_.bad_consumers) {
    if (bad == kBundleVersion) {
      throw_error(Code::kInvalidArgument, "Checkpoint disallows consumer version " + std::to_string(bad) +
                                              ". Please upgrade TensorFlow: this version is likely buggy.");
    }
  }
}

void BundleReader::map_named_shards() {
  shards_.clear();
  for (const auto& [key, value] : table_.entries()) {
    if (key.empty()) continue;
    int32_t id;
    try {
      id = decode_entry(value, key).shard_id;
    } catch (const Error&) {
      continue;  // a damaged entry: reading it raises the error
    }
    if (id >= header_.num_shards || shards_.count(id) != 0) continue;
    Shard& shard = shards_[id];
    try {
      shard.file = file_io::MappedFile::open(data_filename(prefix_, id, header_.num_shards));
    } catch (const Error&) {
      shard.error = std::current_exception();
    }
  }
}

std::vector<std::string> BundleReader::keys() const {
  std::vector<std::string> out;
  out.reserve(table_.entries().size());
  for (const auto& kv : table_.entries()) {
    if (!kv.first.empty()) out.push_back(kv.first);
  }
  return out;
}

bool BundleReader::contains(const std::string& key) const { return !key.empty() && table_.find(key) != nullptr; }

Entry BundleReader::entry(const std::string& key) const {
  const std::string* value = key.empty() ? nullptr : table_.find(key);
  if (value == nullptr) throw_error(Code::kNotFound, "Key " + key + " not found in checkpoint");
  return decode_entry(*value, key);
}

Entry BundleReader::checked_entry(const std::string& key) {
  Entry e = entry(key);
  locate(key, e);
  return e;
}

std::shared_ptr<const file_io::MappedFile> BundleReader::shard(const std::string& key, const Entry& e) const {
  if (e.shard_id >= header_.num_shards) {
    throw_error(Code::kDataLoss, "Checkpoint entry " + key + " names data shard " + std::to_string(e.shard_id) +
                                     " but the bundle has " + std::to_string(header_.num_shards));
  }
  const auto it = shards_.find(e.shard_id);
  if (it == shards_.end()) throw_error(Code::kInternal, "Data shard of checkpoint entry " + key + " was not mapped");
  if (it->second.error) std::rethrow_exception(it->second.error);
  return it->second.file;
}

VerifiedSpan BundleReader::locate(const std::string& key, const Entry& e) {
  if (e.num_slices > 0) {
    throw_error(Code::kUnimplemented, "Checkpoint entry " + key +
                                          " is a partitioned (sliced) variable; varrt reads only whole tensors");
  }
  check_dtype(key, e.dtype);
  const auto dtype = static_cast<DType>(e.dtype);
  const auto n = static_cast<uint64_t>(e.shape.num_elements());  // bounded by decode_entry
  const auto size = static_cast<uint64_t>(e.size);
  if (dtype == DType::kString) {
    // At least one varint byte per length plus the 4-byte length checksum.
    if (n > 0 && (size < 4 || size - 4 < n)) {
      throw_error(Code::kDataLoss, "Invalid size in bundle entry: key " + key + "; stored size " +
                                       std::to_string(size) + "; expected size is at least " + std::to_string(n + 4));
    }
  } else {
    uint64_t elem = dtype_size(dtype);
    if (n > UINT64_MAX / elem || n * elem != size) {
      throw_error(Code::kDataLoss, "Invalid size in bundle entry: key " + key + "; stored size " +
                                       std::to_string(size) + "; expected size " +
                                       (n > UINT64_MAX / elem ? std::string("(overflow)") : std::to_string(n * elem)));
    }
  }
  VerifiedSpan span;
  span.file = shard(key, e);
  const uint64_t file_size = span.file->size();
  const auto offset = static_cast<uint64_t>(e.offset);
  if (offset > file_size || size > file_size - offset) {
    throw_error(Code::kDataLoss, "Checkpoint entry " + key + " (bytes " + std::to_string(offset) + " to " +
                                     std::to_string(offset) + "+" + std::to_string(size) + ") extends past the end of " +
                                     data_filename(prefix_, e.shard_id, header_.num_shards) + " (" +
                                     std::to_string(file_size) + " bytes)");
  }
  span.data = span.file->data() + offset;
  span.size = size;
  return span;
}

void BundleReader::checksum_mismatch(const Entry& e, uint32_t actual) const {
  throw_error(Code::kDataLoss, "TensorBundle at " + prefix_ + " shard " + std::to_string(e.shard_id) + " (" +
                                   std::to_string(e.size) + " bytes): Checksum does not match: stored " +
                                   u32(crc32c::unmask(e.masked_crc32c)) +
                                   " vs. calculated on the restored bytes " + std::to_string(actual));
}

VerifiedSpan BundleReader::verify(const std::string& key, const Entry& e) {
  VerifiedSpan span = locate(key, e);
  if (static_cast<DType>(e.dtype) == DType::kString) {
    throw_error(Code::kInternal, "BundleReader::verify is for non-string entries");
  }
  span.file->prefetch(static_cast<uint64_t>(e.offset), span.size);
  uint32_t actual = checksum(*span.file, span.data, span.size);
  if (!crc32c::matches(crc32c::unmask(e.masked_crc32c), actual)) checksum_mismatch(e, actual);
  return span;
}

VerifiedSpan BundleReader::unverified_rows(const std::string& key, const Entry& e, int64_t begin, int64_t end) {
  VerifiedSpan span = locate(key, e);
  if (static_cast<DType>(e.dtype) == DType::kString || e.shape.rank() == 0) {
    throw_error(Code::kInvalidArgument, "Rows can be read only from a non-string tensor of rank 1 or more; " + key +
                                            " is " + (e.shape.rank() == 0 ? "a scalar" : "a string tensor"));
  }
  const int64_t rows = e.shape.dim(0);
  if (begin < 0 || end < begin || end > rows) {
    throw_error(Code::kInvalidArgument, "Rows [" + std::to_string(begin) + ", " + std::to_string(end) + ") of " + key +
                                            " are outside its " + std::to_string(rows) + " rows");
  }
  const uint64_t row_bytes = rows == 0 ? 0 : span.size / static_cast<uint64_t>(rows);  // size == rows * row_bytes
  span.data += static_cast<uint64_t>(begin) * row_bytes;
  span.size = static_cast<uint64_t>(end - begin) * row_bytes;
  span.file->prefetch(static_cast<uint64_t>(span.data - span.file->data()), span.size);
  return span;
}

void BundleReader::read_strings(const std::string& key, const Entry& e, std::string* out) {
  VerifiedSpan span = locate(key, e);
  const auto n = static_cast<size_t>(e.shape.num_elements());
  if (span.size == 0) {  // TensorFlow's reader accepts an empty record for no elements
    if (n != 0) throw_error(Code::kDataLoss, "Checkpoint entry " + key + " has no data");
    return;
  }
  // A private copy first: the checks below walk the record twice, and std::string::assign
  // allocates, which must not happen inside a guarded read.
  std::string record(static_cast<size_t>(span.size), '\0');
  span.copy_to(&record[0]);
  const char* p = record.data();
  const char* limit = record.data() + record.size();
  std::vector<uint64_t> lengths(n);
  uint32_t crc = 0;
  for (size_t i = 0; i < n; ++i) {
    p = coding::get_varint64(p, limit, &lengths[i]);
    if (p == nullptr) throw_error(Code::kDataLoss, "String lengths of " + key + " run past the entry's data");
    char le[8];
    size_t width = lengths[i] <= UINT32_MAX ? 4 : 8;
    for (size_t b = 0; b < width; ++b) le[b] = static_cast<char>(lengths[i] >> (8 * b));
    crc = crc32c::extend(crc, le, width);
  }
  if (limit - p < 4) throw_error(Code::kDataLoss, "String length checksum of " + key + " is missing");
  uint32_t stored_lengths_crc = crc32c::unmask(coding::decode_fixed32(p));
  if (!crc32c::matches(stored_lengths_crc, crc)) {
    throw_error(Code::kDataLoss, "The length checksum does not match: expected " + u32(stored_lengths_crc) +
                                     " but actual is " + u32(crc));
  }
  crc = crc32c::extend(crc, p, 4);
  p += 4;
  uint64_t total = 0;
  for (uint64_t len : lengths) {
    if (len > static_cast<uint64_t>(limit - p) - total) {
      throw_error(Code::kDataLoss, "String data of " + key + " runs past the entry's data");
    }
    total += len;
  }
  crc = crc32c::extend(crc, p, static_cast<size_t>(total));
  if (!crc32c::matches(crc32c::unmask(e.masked_crc32c), crc)) checksum_mismatch(e, crc);
  for (size_t i = 0; i < n; ++i) {
    out[i].assign(p, static_cast<size_t>(lengths[i]));
    p += lengths[i];
  }
}

Tensor BundleReader::read(const std::string& key, Allocator* allocator) {
  Entry e = entry(key);
  check_dtype(key, e.dtype);
  const auto dtype = static_cast<DType>(e.dtype);
  if (dtype == DType::kString) {
    // The entry is checked against the file before anything is sized by its shape: a hostile
    // shape would otherwise allocate (and construct) that many strings first.
    locate(key, e);
    // Strings are decoded into scratch first so the result is all-or-nothing.
    std::vector<std::string> scratch(static_cast<size_t>(e.shape.num_elements()));
    read_strings(key, e, scratch.data());
    Tensor t = Tensor::allocate(dtype, e.shape, allocator);
    auto* dst = static_cast<std::string*>(t.mutable_data());
    for (size_t i = 0; i < scratch.size(); ++i) dst[i].swap(scratch[i]);
    return t;
  }
  VerifiedSpan span = verify(key, e);
  Tensor t = Tensor::allocate(dtype, e.shape, allocator);
  span.copy_to(t.mutable_data());
  return t;
}

}  // namespace bundle
}  // namespace varrt
