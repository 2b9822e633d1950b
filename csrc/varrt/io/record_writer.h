// TensorFlow's record files (TFRecord): each record is its length (8 bytes, little-endian), the
// masked CRC32C of those 8 bytes, the data, and the masked CRC32C of the data; the whole file
// optionally a ZLIB or GZIP stream. The writer of tf.io.TFRecordWriter.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "varrt/io/file_io.h"
#include "varrt/io/zlib_stream.h"

namespace varrt {
namespace record_io {

// Owns its file from construction (created or truncated: NotFound, PermissionDenied ... as
// TensorFlow names them) to close(). Not thread-safe: one writer per thread.
class RecordWriter {
 public:
  // `level`: zlib's compression level (-1 its default); ignored without compression.
  RecordWriter(const std::string& path, zlib_stream::Compression compression, int level);
  ~RecordWriter();  // closes; never throws
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  void write(std::string_view record);  // FailedPrecondition "Writer is closed." after close()
  void flush();                         // what was written so far reaches the file
  void close();                         // ends the compressed stream; closing twice is fine
  bool closed() const { return file_ == nullptr; }

 private:
  void emit(const char* data, size_t n);
  std::unique_ptr<file_io::OutputFile> file_;
  std::unique_ptr<zlib_stream::Deflater> deflater_;
  std::string compressed_;
};

}  // namespace record_io
}  // namespace varrt
