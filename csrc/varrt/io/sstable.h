// The sorted string table (LevelDB's format, as TensorFlow's tensor bundle index uses it).
//
// File layout: data blocks, an (empty) metaindex block, an index block, a 48-byte footer.
// A block is entries [varint shared][varint non_shared][varint value_len][key delta][value]
// with keys prefix-compressed against the previous key, restarted (shared = 0) every
// `restart_interval` entries; then the restart offsets (fixed32 each) and their count;
// then a trailer: 1 compression byte (0 = none, all TensorFlow writes) and the masked
// CRC32C of contents + that byte. The index block maps a separator key >= every key of a
// data block to the block's handle (varint offset, varint size). The footer holds the two
// handles, zero padding to 40 bytes, and the magic number.
//
// TableBuilder reproduces TensorFlow's table_builder.cc byte for byte (same separators,
// restart intervals, block size). Table::parse verifies every CRC, bound and key order and
// throws Error(kDataLoss) for anything else: a damaged or hostile file can neither crash
// nor make it read outside the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace varrt {
namespace sstable {

constexpr uint64_t kTableMagic = 0xdb4775248b80fb57ull;
constexpr size_t kBlockTrailerSize = 5;
constexpr size_t kFooterSize = 48;
constexpr size_t kStreamedBlockBytes = size_t{1} << 20;

struct Options {
  size_t block_size = 262144;  // TensorFlow's default (table_options.h)
  int restart_interval = 16;
};

// Builds a whole table in memory (bundle indexes hold one small entry per tensor).
class TableBuilder {
 public:
  explicit TableBuilder(Options options = Options());
  // Keys must be strictly increasing (bytewise); violations throw Error(kInternal).
  void add(std::string_view key, std::string_view value);
  // The finished file contents. The builder is spent afterwards.
  std::string finish();

 private:
  class Block {
   public:
    explicit Block(int restart_interval) : restart_interval_(restart_interval) { reset(); }
    void add(std::string_view key, std::string_view value);
    std::string_view finish();
    void reset();
    size_t size_estimate() const { return buffer_.size() + restarts_.size() * 4 + 4; }
    bool empty() const { return buffer_.empty(); }

   private:
    int restart_interval_;
    std::string buffer_;
    std::vector<uint32_t> restarts_;
    int counter_ = 0;
    std::string last_key_;
  };

  void flush();
  void write_block(Block* block, uint64_t* offset, uint64_t* size);

  Options options_;
  std::string out_;
  Block data_block_;
  Block index_block_;
  std::string last_key_;
  int64_t num_entries_ = 0;
  bool pending_index_entry_ = false;
  uint64_t pending_offset_ = 0;
  uint64_t pending_size_ = 0;
  bool finished_ = false;
};

// Reads up to `n` bytes at `offset` into `out` and returns how many it read (fewer only at the
// end of the file).
using ReadAt = std::function<size_t(uint64_t offset, size_t n, char* out)>;

// A parsed, verified table: every key/value pair, sorted.
class Table {
 public:
  // Throws Error(kDataLoss) naming `filename` when `contents` is not a valid table.
  static Table parse(const std::string& contents, const std::string& filename);
  // The same from a file of `file_size` bytes, read through `read`: the footer first, and
  // then block by block only what the footer's handles, checked against the size, point at. So
  // memory stays bounded by one block plus the entries, whatever size the file claims, and
  // a block larger than kStreamedBlockBytes has its CRC checked in pieces before it is held.
  static Table parse(uint64_t file_size, const ReadAt& read, const std::string& filename);

  // The value stored under `key`, or nullptr.
  const std::string* find(std::string_view key) const;
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

}  // namespace sstable
}  // namespace varrt
