// The reader of TensorFlow's record files (see record_writer.h for the format): tf.data's
// TFRecordDataset and tf_record_iterator. Every length and data CRC is checked; a damaged record
// is DataLoss "corrupted record at <offset>", a record cut short "truncated record at <offset>'
// failed with Read less bytes than requested" (TensorFlow's texts; offsets count uncompressed
// bytes). Unlike TensorFlow, which ends quietly at a partial header, a file ending inside a header
// is a truncated record too: a shortened file never reads as a shorter dataset.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "varrt/io/file_io.h"
#include "varrt/io/zlib_stream.h"

namespace varrt {
namespace record_io {

class RecordReader {
 public:
  // Opens `path` (NotFound "<path>; No such file or directory", ...). `buffer_size`: the bytes
  // read from the file at a time (0: 256 KB, TensorFlow's default).
  RecordReader(const std::string& path, zlib_stream::Compression compression, size_t buffer_size);
  ~RecordReader();
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;

  // The next record into `record`; false at the end of the file.
  bool next(std::string* record);
  // Up to `max` next records appended to `records`; how many (fewer only at the end).
  size_t next_batch(size_t max, std::vector<std::string>* records);
  uint64_t offset() const { return offset_; }  // of the next record, in uncompressed bytes

 private:
  size_t read(char* out, size_t n);  // fewer than n only at the end of the data
  bool fill();                        // more file bytes into the buffer; false at the file's end
  std::unique_ptr<file_io::InputFile> file_;
  std::unique_ptr<zlib_stream::Inflater> inflater_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;  // the unread bytes of buffer_ (uncompressed files)
  uint64_t file_offset_ = 0;
  uint64_t offset_ = 0;
};

}  // namespace record_io
}  // namespace varrt
