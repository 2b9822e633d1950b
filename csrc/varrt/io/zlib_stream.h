// The compressions of TensorFlow's record files, over zlib: ZLIB streams (zlib's own header)
// and GZIP streams (gzip's header), as TensorFlow's ZlibOutputBuffer and ZlibInputStream make and
// read them. zlib is the system's libz.so.1 (every Linux has it, and manylinux wheels may link it).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace varrt {
namespace zlib_stream {

enum class Compression { kNone = 0, kZlib = 1, kGzip = 2 };

// Compresses appended bytes into `out`. Errors throw varrt::Error (Internal).
class Deflater {
 public:
  // `level`: zlib's -1 (its default) to 9.
  Deflater(Compression compression, int level);
  ~Deflater();
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  void append(const char* data, size_t n, std::string* out);
  // Ends the current deflate block on a byte boundary (Z_SYNC_FLUSH): what was appended so far
  // can be decompressed by a reader of `out`.
  void sync(std::string* out);
  // Ends the stream (its trailer and checksum).
  void finish(std::string* out);

 private:
  void run(const char* data, size_t n, int flush, std::string* out);
  struct State;
  std::unique_ptr<State> state_;
};

// Decompresses a stream fed in pieces. Several concatenated streams (gzip members) are read as one.
class Inflater {
 public:
  explicit Inflater(Compression compression);
  ~Inflater();
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Gives the next compressed bytes; they must stay valid until consumed().
  void feed(const char* data, size_t n);
  bool consumed() const;
  // Decompresses into [out, out + n); returns the bytes written (fewer when the input given so far
  // ends). A corrupt stream throws DataLoss with zlib's text, as TensorFlow's reader reports it.
  size_t read(char* out, size_t n);
  // Whether the input ended inside a stream (a truncated file).
  bool inside_stream() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace zlib_stream
}  // namespace varrt
