#include "varrt/io/file_io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>

#include "varrt/core/error.h"

namespace varrt {
namespace file_io {
namespace {

constexpr size_t kBufferSize = size_t{1} << 20;
// Appends at least this large skip the buffer: they go to write() from the caller's memory.
constexpr size_t kDirectWriteBytes = size_t{64} << 10;
// Marks varrt's temporary files, so stale ones can be told from anyone else's.
constexpr char kTempMarker[] = ".tempstate-varrt-";

[[noreturn]] void io_error(const std::string& path, int err) {
  Code code;
  switch (err) {
    case ENOENT:
    case ENOTDIR: code = Code::kNotFound; break;
    case EACCES:
    case EPERM:
    case EROFS: code = Code::kPermissionDenied; break;
    case EEXIST: code = Code::kAlreadyExists; break;
    case ENOSPC:
    case EDQUOT:
    case EFBIG:  // a file-size limit (RLIMIT_FSIZE, a quota) is a disk that is full for this file
    case ENOMEM: code = Code::kResourceExhausted; break;
    case EISDIR: code = Code::kFailedPrecondition; break;
    default: code = Code::kUnknown; break;
  }
  throw_error(code, path + "; " + std::strerror(err));
}

int open_or_throw(const std::string& path, int flags, mode_t mode = 0644) {
  int fd;
  do {
    fd = ::open(path.c_str(), flags | O_CLOEXEC, mode);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) io_error(path, errno);
  return fd;
}

// Opens an existing file for reading, only if it is a regular file. The open itself does not
// block (O_NONBLOCK): a FIFO planted in place of a checkpoint file would otherwise wait
// forever for a writer, deaf to Ctrl-C. Blocking mode is restored for the reads.
int open_regular_for_read(const std::string& path, struct stat* st) {
  int fd = open_or_throw(path, O_RDONLY | O_NONBLOCK);
  if (::fstat(fd, st) != 0) {
    int err = errno;
    ::close(fd);
    io_error(path, err);
  }
  if (!S_ISREG(st->st_mode)) {
    ::close(fd);
    throw_error(Code::kFailedPrecondition, path + " is not a regular file");
  }
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    int err = errno;
    ::close(fd);
    io_error(path, err);
  }
  return fd;
}

}  // namespace

// ---- OutputFile ---------------------------------------------------------------------------

OutputFile::OutputFile(const std::string& path)
    : path_(path), fd_(open_or_throw(path, O_WRONLY | O_CREAT | O_TRUNC)), buffer_(new char[kBufferSize]) {}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void OutputFile::write_all(const char* p, size_t n) {
  while (n > 0) {
    // Linux writes at most ~2 GB per call.
    size_t chunk = n < (size_t{1} << 30) ? n : (size_t{1} << 30);
    ssize_t w = ::write(fd_, p, chunk);
    if (w < 0) {
      if (errno == EINTR) continue;
      io_error(path_, errno);
    }
    p += w;
    n -= static_cast<size_t>(w);
    written_ += static_cast<uint64_t>(w);
  }
}

void OutputFile::flush_buffer() {
  size_t n = buffered_;
  buffered_ = 0;
  write_all(buffer_.get(), n);
}

void OutputFile::append(const void* data, size_t n) {
  if (fd_ < 0) throw_error(Code::kFailedPrecondition, path_ + " is closed");
  const char* p = static_cast<const char*>(data);
  if (n < kDirectWriteBytes) {
    if (buffered_ + n > kBufferSize) flush_buffer();
    std::memcpy(buffer_.get() + buffered_, p, n);
    buffered_ += n;
    return;
  }
  flush_buffer();
  write_all(p, n);
}

void OutputFile::preallocate(uint64_t bytes) {
  if (fd_ < 0 || bytes <= written_ + buffered_) return;
#ifdef __linux__
  if (::fallocate(fd_, 0, 0, static_cast<off_t>(bytes)) == 0) preallocated_ = bytes;
#endif
}

void OutputFile::close(bool sync) {
  if (fd_ < 0) return;
  flush_buffer();
  if (preallocated_ > written_ && ::ftruncate(fd_, static_cast<off_t>(written_)) != 0) io_error(path_, errno);
  if (sync) {
    crash_point();
    if (::fsync(fd_) != 0) io_error(path_, errno);
  }
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && errno != EINTR) io_error(path_, errno);
}

// ---- MappedFile ---------------------------------------------------------------------------

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path) {
  struct stat st;
  int fd = open_regular_for_read(path, &st);
  std::shared_ptr<MappedFile> f(new MappedFile());
  f->path_ = path;
  f->size_ = static_cast<uint64_t>(st.st_size);
  if (f->size_ > 0) {
    void* addr = ::mmap(nullptr, f->size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (addr == MAP_FAILED) {
      int err = errno;
      ::close(fd);
      io_error(path, err);
    }
    f->addr_ = addr;
  }
  ::close(fd);  // the mapping stays valid
  return f;
}

MappedFile::~MappedFile() {
  if (addr_ != nullptr) ::munmap(addr_, size_);
}

void MappedFile::prefetch(uint64_t offset, uint64_t n) const {
  // Below 64 KB the kernel's fault-around (16 pages) reads as much on the first touch, and the
  // system call cost more than the read: restoring 10,000 variables of 16 bytes spent a third
  // of its core time in madvise.
  constexpr uint64_t kPrefetchFrom = 64 << 10;
  if (addr_ == nullptr || n < kPrefetchFrom || offset >= size_) return;
  static const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  uint64_t start = offset / page * page;
  uint64_t end = offset + n > size_ ? size_ : offset + n;
  // WILLNEED starts readahead for pages not yet cached. (MADV_POPULATE_READ was measured
  // slower than letting the CRC pass fault pages in with the kernel's fault-around.)
  ::madvise(static_cast<char*>(addr_) + start, end - start, MADV_WILLNEED);
}

// ---- reading mapped memory safely ---------------------------------------------------------

namespace {

// The guarded region the thread is in, if any. Touched by the thread before any fault (so the
// handler's access to it allocates nothing) and read by the handler on the same thread.
thread_local sigjmp_buf* t_guard = nullptr;
struct sigaction g_previous_sigbus;

void on_sigbus(int sig, siginfo_t* info, void* context) {
  if (sigjmp_buf* guard = t_guard) {
    t_guard = nullptr;
    siglongjmp(*guard, 1);  // SA_NODEFER: no signal mask to restore
  }
  // Not ours: what would have happened without this handler.
  if ((g_previous_sigbus.sa_flags & SA_SIGINFO) != 0 && g_previous_sigbus.sa_sigaction != nullptr) {
    g_previous_sigbus.sa_sigaction(sig, info, context);
  } else if (g_previous_sigbus.sa_handler != SIG_DFL && g_previous_sigbus.sa_handler != SIG_IGN) {
    g_previous_sigbus.sa_handler(sig);
  } else {
    ::signal(sig, SIG_DFL);  // a fault re-raises on return, now fatal; a sent signal is raised here
    ::raise(sig);
  }
}

void install_sigbus_handler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, &g_previous_sigbus);
}

struct Copy {
  void* dst;
  const void* src;
  size_t n;
};

}  // namespace

bool guarded(void (*fn)(void*), void* arg) noexcept {
  static std::once_flag installed;
  std::call_once(installed, install_sigbus_handler);
  sigjmp_buf guard;
  // No signal mask is saved (that would be a system call per region): the handler runs with
  // SIGBUS unblocked (SA_NODEFER), so the mask after the jump is the mask before the fault.
  if (sigsetjmp(guard, 0) != 0) return false;
  t_guard = &guard;
  std::atomic_signal_fence(std::memory_order_seq_cst);  // the handler sees the guard before fn runs
  fn(arg);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_guard = nullptr;
  return true;
}

bool guarded_copy(void* dst, const void* src, size_t n) noexcept {
  Copy copy{dst, src, n};
  return guarded([](void* c) {
    auto* p = static_cast<Copy*>(c);
    std::memcpy(p->dst, p->src, p->n);
  }, &copy);
}

// ---- whole files and directories -------------------------------------------------------------

InputFile::InputFile(const std::string& path) : path_(path) {
  struct stat st;
  fd_ = open_regular_for_read(path, &st);
  size_ = static_cast<uint64_t>(st.st_size);
  device_ = static_cast<uint64_t>(st.st_dev);
  inode_ = static_cast<uint64_t>(st.st_ino);
}

bool InputFile::still_at_path() const {
  struct stat named;
  return ::stat(path_.c_str(), &named) == 0 && static_cast<uint64_t>(named.st_dev) == device_ &&
         static_cast<uint64_t>(named.st_ino) == inode_;
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

size_t InputFile::read_at(uint64_t offset, size_t n, char* out) const {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::pread(fd_, out + got, n - got, static_cast<off_t>(offset + got));
    if (r < 0) {
      if (errno == EINTR) continue;
      io_error(path_, errno);
    }
    if (r == 0) break;  // the end of the file (it may have shrunk since open)
    got += static_cast<size_t>(r);
  }
  return got;
}

void create_dirs(const std::string& dir) {
  if (dir.empty()) return;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    std::string part = dir.substr(0, pos);
    if (part.empty() || part == "/") continue;
    if (::mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) io_error(part, errno);
  }
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) io_error(dir, errno);
  if (!S_ISDIR(st.st_mode)) throw_error(Code::kFailedPrecondition, dir + " exists and is not a directory");
}

void rename_file(const std::string& from, const std::string& to) {
  crash_point();
  if (::rename(from.c_str(), to.c_str()) != 0) io_error("rename " + from + " to " + to, errno);
}

bool link_file(const std::string& from, const std::string& to) {
  crash_point();
  if (::link(from.c_str(), to.c_str()) == 0) return true;
  switch (errno) {
    case EPERM:  // Linux's answer on file systems without hard links
    case EOPNOTSUPP:
#if defined(ENOTSUP) && ENOTSUP != EOPNOTSUPP
    case ENOTSUP:
#endif
    case EXDEV:
    case EMLINK:
    case ENOSYS: return false;
    default: io_error("link " + from + " to " + to, errno);
  }
}

void remove_file(const std::string& path) {
  crash_point();
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) io_error(path, errno);
}

void remove_file_noexcept(const std::string& path) noexcept { ::unlink(path.c_str()); }

void sync_dir(const std::string& dir) {
  crash_point();
  int fd = open_or_throw(dir.empty() ? "." : dir, O_RDONLY | O_DIRECTORY);
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  if (rc != 0 && err != EINVAL) io_error(dir, err);  // some file systems cannot sync directories
}

std::string dirname(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

void crash_point() {
  static std::atomic<long> steps{0};
  const char* at = std::getenv("VARRT_CRASH_AT_STEP");
  if (at == nullptr) return;
  if (steps.fetch_add(1) + 1 == std::atol(at)) ::_exit(kCrashExitCode);
}

// ---- temporary files of writers ------------------------------------------------------------

namespace {

std::string random_digits() {
  // Fresh entropy per call: a forked child must not reuse its parent's temporary names.
  std::random_device rd;
  uint64_t r = (uint64_t{rd()} << 32) ^ rd();
  return std::to_string(r);
}

}  // namespace

TempClaim::TempClaim(const std::string& final_path) {
  // remove_stale_temps may take the lock between our create and our flock and unlink the file;
  // then our lock fails or the file has no link left, and we start over under a new name.
  for (int attempt = 0; attempt < 8; ++attempt) {
    path_ = final_path + kTempMarker + random_digits();
    fd_ = open_or_throw(path_, O_WRONLY | O_CREAT | O_EXCL);
    struct stat st;
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0 && ::fstat(fd_, &st) == 0 && st.st_nlink > 0) return;
    ::close(fd_);
    fd_ = -1;
  }
  throw_error(Code::kAborted, "could not claim a temporary file for " + final_path);
}

TempClaim::~TempClaim() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

int remove_stale_temps(const std::string& final_path, const std::vector<std::string>& own) noexcept {
  const std::string dir = dirname(final_path);
  const std::string stem = final_path.substr(dir.empty() ? 0 : dir.size() + (dir == "/" ? 0 : 1)) + kTempMarker;
  DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
  if (d == nullptr) return 0;
  int live = 0;
  while (const struct dirent* ent = ::readdir(d)) {
    if (std::strncmp(ent->d_name, stem.c_str(), stem.size()) != 0) continue;
    const std::string path = (dir.empty() ? "" : (dir == "/" ? dir : dir + "/")) + ent->d_name;
    if (std::find(own.begin(), own.end(), path) != own.end()) continue;
    // Non-blocking and not following links: a planted FIFO or symlink must not hang or redirect us.
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat opened, named;
    if (::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode)) {
      if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ++live;
      } else if (::lstat(path.c_str(), &named) == 0 && named.st_dev == opened.st_dev &&
                 named.st_ino == opened.st_ino) {
        ::unlink(path.c_str());  // under the lock, so a writer that locks after us sees no link
      }
    }
    ::close(fd);
  }
  ::closedir(d);
  return live;
}

void replace_file(const std::string& path, const std::string& contents, bool sync) {
  remove_stale_temps(path);  // a concurrent writer of the same file is fine: the last rename wins
  TempClaim claim(path);
  try {
    OutputFile out(claim.path());
    out.append(contents.data(), contents.size());
    out.close(sync);
    rename_file(claim.path(), path);
  } catch (...) {
    remove_file_noexcept(claim.path());
    throw;
  }
  if (sync) sync_dir(dirname(path));
}

}  // namespace file_io
}  // namespace varrt
