// POSIX file primitives for checkpoints: a buffered output file that writes large spans
// straight from the caller's memory, files read at offsets (pread), and the rename/fsync
// steps of an atomic replace. Failures throw varrt::Error with TensorFlow's codes (NotFound,
// PermissionDenied, ...) and the path in the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace varrt {
namespace file_io {

// A file opened for writing (created or truncated). Small appends are gathered in a 1 MB
// buffer; spans of 64 KB or more go to write() directly from the caller's memory.
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  ~OutputFile();  // closes without syncing; never throws
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void append(const void* data, size_t n);
  // Allocates disk blocks for `bytes` up front (a hint; ignored where unsupported). Besides
  // avoiding fragmentation, it spares ext4's flush-on-rename of delayed-allocation files,
  // which otherwise doubles the cost of replacing a checkpoint. close() trims any excess.
  void preallocate(uint64_t bytes);
  uint64_t size() const { return written_ + buffered_; }
  // Writes out the buffer, so that readers of the path see every byte appended so far.
  void flush() { flush_buffer(); }
  // Writes out the buffer; with `sync`, also fsyncs (a crash point). Then closes.
  void close(bool sync);
  const std::string& path() const { return path_; }

 private:
  void flush_buffer();
  void write_all(const char* p, size_t n);

  std::string path_;
  int fd_ = -1;
  std::unique_ptr<char[]> buffer_;
  size_t buffered_ = 0;
  uint64_t written_ = 0;
  uint64_t preallocated_ = 0;
};

// A whole file mapped read-only. The mapping keeps the file's contents reachable even if
// the path is later replaced or deleted (a checkpoint manager removing old checkpoints).
class MappedFile {
 public:
  static std::shared_ptr<const MappedFile> open(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // The mapped bytes. Read them only inside guarded(): pages past the file's end, should
  // someone truncate it, raise SIGBUS when touched.
  const char* data() const { return static_cast<const char*>(addr_); }
  uint64_t size() const { return size_; }  // as seen at open
  const std::string& path() const { return path_; }
  // Asks the kernel to read [offset, offset + n) ahead of a sequential pass (a hint only).
  void prefetch(uint64_t offset, uint64_t n) const;

 private:
  MappedFile() = default;
  std::string path_;
  void* addr_ = nullptr;
  uint64_t size_ = 0;
};

// Runs fn(arg) and returns true; or returns false, instead of letting the process die, when
// fn touches a page of a mapped file that is no longer backed (SIGBUS: the file was
// truncated after it was mapped). fn's frames are abandoned at the fault, so it must not own
// resources (locks, heap memory) while it reads mapped memory: copies and checksums only.
// The first call installs a SIGBUS handler for the process that passes every other SIGBUS
// on to the handler it replaced (or to the default action).
bool guarded(void (*fn)(void*), void* arg) noexcept;
bool guarded_copy(void* dst, const void* src, size_t n) noexcept;

// A regular file opened for reading at offsets, so that a reader takes only the bytes it
// checks (a checkpoint index claiming gigabytes costs nothing before its footer is verified).
// Not a memory map: a file truncated by someone else gives a short read, not SIGBUS.
// read_at is thread-safe (pread).
class InputFile {
 public:
  explicit InputFile(const std::string& path);  // FailedPrecondition unless a regular file
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  uint64_t size() const { return size_; }  // as seen at open
  // Reads up to `n` bytes at `offset` into `out`; returns fewer only at the end of the file.
  size_t read_at(uint64_t offset, size_t n, char* out) const;
  // Whether the path still names the file opened (false once it was renamed over or removed).
  // Exact while this object lives: the open file keeps its inode number from being reused.
  bool still_at_path() const;

 private:
  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
  uint64_t device_ = 0;
  uint64_t inode_ = 0;
};

// Creates `dir` and its missing parents ("" and existing directories are fine).
void create_dirs(const std::string& dir);
// The steps that change what a path names are crash points (see crash_point below).
void rename_file(const std::string& from, const std::string& to);
// A second name for `from`; false where the file system has no hard links (FAT, some FUSE
// and network file systems), errors otherwise.
bool link_file(const std::string& from, const std::string& to);
// Removes `path`; a missing file is fine.
void remove_file(const std::string& path);
void remove_file_noexcept(const std::string& path) noexcept;  // not a crash point: for cleanup
// fsyncs a directory so that renames in it survive a power loss.
void sync_dir(const std::string& dir);
std::string dirname(const std::string& path);
// Replaces `path` with `contents` atomically (temporary file, then rename): readers see the
// old or the new contents, never a mix. With `sync`, fsyncs the file and the directory.
void replace_file(const std::string& path, const std::string& contents, bool sync);

// Test hook for proving crash safety: with the environment variable VARRT_CRASH_AT_STEP=N,
// the N-th crash point this process reaches ends it with _exit(kCrashExitCode) instead of
// taking the step, as a kill at that moment would. The crash points are every rename, link,
// remove and fsync of the checkpoint writers. Steps are counted only while the variable is
// set, so a test can set it in a forked child. Costs one getenv per step otherwise.
constexpr int kCrashExitCode = 86;
void crash_point();

// A writer's temporary file "<final_path>.tempstate-varrt-<random>", claimed by an advisory
// lock (flock) from its creation until the claim is destroyed. The kernel drops the lock when
// the process dies, even by SIGKILL, so a temporary whose lock can be taken belongs to no live
// writer (a pid in the name could not tell: pids are reused and differ between containers).
// Keep the claim until the file has been renamed or removed.
class TempClaim {
 public:
  explicit TempClaim(const std::string& final_path);  // creates the empty file, locked
  ~TempClaim();                                        // unlocks; the file stays
  TempClaim(const TempClaim&) = delete;
  TempClaim& operator=(const TempClaim&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// Removes the temporaries of `final_path` left by killed writers: regular files named as
// TempClaim names them whose lock is free. A live writer's file, TensorFlow's own temporaries
// (no lock to tell) and anything else are left alone. Returns the number of live writers'
// files seen, not counting `own` (the caller's claims). Never throws.
int remove_stale_temps(const std::string& final_path, const std::vector<std::string>& own = {}) noexcept;

}  // namespace file_io
}  // namespace varrt
