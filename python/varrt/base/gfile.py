"""`tf.io.gfile`: TensorFlow's file functions on the local filesystem (varrt registers no other
scheme), with its errors: a missing path is `tf.errors.NotFoundError` with TensorFlow's text
("PATH; No such file or directory"), a bad `GFile` mode `InvalidArgumentError`. Listings keep the
directory's own order, as TensorFlow's do; `matching_paths` (what `tf.io.matching_files` and
`Dataset.list_files` read) sorts, as TensorFlow's MatchingFiles does. Patterns are TensorFlow's:
`*`, `?` and `[...]` within one path component, hidden files included (Python's `glob` skips
them)."""
import errno
import fnmatch
import os
import shutil

from varrt.base import errors


def _not_found(path):
    return errors.NotFoundError(None, None, f"{path}; No such file or directory")


def _os_error(error, path):
    """TensorFlow's error for an OSError on `path`."""
    if error.errno == errno.ENOENT:
        return _not_found(path)
    if error.errno == errno.EEXIST:
        return errors.AlreadyExistsError(None, None, f"{path}; File exists")
    if error.errno in (errno.EACCES, errno.EPERM):
        return errors.PermissionDeniedError(None, None, f"{path}; Permission denied")
    return errors.FailedPreconditionError(None, None, f"{path}; {os.strerror(error.errno)}")


def _path(path):
    path = os.fspath(path)
    return path.decode() if isinstance(path, bytes) else path


class FileStatistics:
    """What `stat` reports of a file: its length in bytes, its modification time in nanoseconds,
    whether it is a directory (TensorFlow's FileStatistics)."""

    __slots__ = ("length", "mtime_nsec", "is_directory")

    def __init__(self, length=-1, mtime_nsec=0, is_directory=False):
        self.length = length
        self.mtime_nsec = mtime_nsec
        self.is_directory = is_directory


_MODES = ("r", "w", "a", "r+", "w+", "a+")


class GFile:
    """A file (TensorFlow's tf.io.gfile.GFile): opened when first read or written, text as UTF-8
    unless the mode has "b".

    Args:
        name: The file's path.
        mode: "r", "w", "a", "r+", "w+" or "a+", with "b" for bytes.
    """

    def __init__(self, name, mode="r"):
        self.__name = _path(name)
        self.__mode = mode
        self._binary = "b" in mode
        self._base_mode = mode.replace("b", "")
        if self._base_mode not in _MODES:
            raise errors.InvalidArgumentError(None, None, "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'")
        self._file = None

    @property
    def name(self):
        """The file's path."""
        return self.__name

    @property
    def mode(self):
        """The mode it was opened with."""
        return self.__mode

    def _opened(self):
        if self._file is None:
            try:
                self._file = open(self.__name, self._base_mode + "b")  # noqa: SIM115 - closed by close()
            except OSError as e:
                raise _os_error(e, self.__name) from None
        return self._file

    def _text(self, data):
        return data if self._binary else data.decode("utf-8")

    def size(self):
        """The file's length in bytes."""
        return stat(self.__name).length

    def write(self, file_content):
        """Writes `file_content` (str or bytes)."""
        if not self._base_mode.startswith(("w", "a")) and "+" not in self._base_mode:
            raise errors.PermissionDeniedError(None, None, "File isn't open for writing")
        data = file_content.encode("utf-8") if isinstance(file_content, str) else bytes(file_content)
        self._opened().write(data)

    def read(self, n=-1):
        """`n` bytes (all that is left when -1), as str in text mode."""
        if self._base_mode in ("w", "a"):
            raise errors.PermissionDeniedError(None, None, "File isn't open for reading")
        return self._text(self._opened().read(None if n is None or n < 0 else n))

    def readline(self):
        """The next line, with its newline."""
        return self._text(self._opened().readline())

    def readlines(self):
        """All lines left."""
        return [self._text(line) for line in self._opened().readlines()]

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def next(self):
        """The next line (Python 2's iterator protocol, as TensorFlow keeps it)."""
        return self.__next__()

    def tell(self):
        """The position in the file."""
        return self._opened().tell()

    def seek(self, offset=None, whence=0, position=None):
        """Moves to `offset` from the start (whence 0), the position (1) or the end (2)."""
        if position is not None:
            offset = position
        self._opened().seek(offset, whence)

    def seekable(self):
        """True: a local file can seek."""
        return True

    def flush(self):
        """Writes what is buffered."""
        if self._file is not None:
            self._file.flush()

    def close(self):
        """Closes the file."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def exists(path):
    """Whether `path` exists."""
    return os.path.exists(_path(path))


def isdir(path):
    """Whether `path` is a directory."""
    return os.path.isdir(_path(path))


def listdir(path):
    """The entries of directory `path` (names, in the directory's order)."""
    path = _path(path)
    if not os.path.isdir(path):
        raise errors.NotFoundError(None, None, f"Could not find directory {path}")
    return os.listdir(path)


def makedirs(path):
    """Makes `path` and its missing parents (nothing when it exists)."""
    path = _path(path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise _os_error(e, path) from None


def mkdir(path):
    """Makes directory `path`, whose parent must exist (nothing when it exists)."""
    path = _path(path)
    if os.path.isdir(path):
        return
    try:
        os.mkdir(path)
    except OSError as e:
        raise _os_error(e, path) from None


def remove(path):
    """Deletes file `path`."""
    path = _path(path)
    try:
        os.remove(path)
    except OSError as e:
        raise _os_error(e, path) from None


def rmtree(path):
    """Deletes directory `path` and everything in it."""
    path = _path(path)
    if not os.path.exists(path):
        raise errors.NotFoundError(None, None, f"{path} not found")
    shutil.rmtree(path)


def rename(src, dst, overwrite=False):
    """Renames `src` to `dst`; an existing `dst` only with `overwrite`."""
    src, dst = _path(src), _path(dst)
    if not os.path.exists(src):
        raise _not_found(src)
    if not overwrite and os.path.exists(dst):
        raise errors.AlreadyExistsError(None, None, f"file already exists")
    try:
        os.replace(src, dst)
    except OSError as e:
        raise _os_error(e, src) from None


def copy(src, dst, overwrite=False):
    """Copies file `src` to `dst`; an existing `dst` only with `overwrite`."""
    src, dst = _path(src), _path(dst)
    if not os.path.exists(src):
        raise _not_found(src)
    if not overwrite and os.path.exists(dst):
        raise errors.AlreadyExistsError(None, None, f"file already exists")
    try:
        shutil.copyfile(src, dst)
    except OSError as e:
        raise _os_error(e, src) from None


def stat(path):
    """The FileStatistics of `path`."""
    path = _path(path)
    try:
        s = os.stat(path)
    except OSError as e:
        raise _os_error(e, path) from None
    return FileStatistics(length=int(s.st_size), mtime_nsec=int(s.st_mtime_ns), is_directory=os.path.isdir(path))


def walk(top, topdown=True, onerror=None):
    """(directory, subdirectory names, file names) of `top` and every directory below it."""
    top = _path(top)
    try:
        names = listdir(top)
    except errors.NotFoundError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs = [n for n in names if os.path.isdir(os.path.join(top, n))]
    files = [n for n in names if n not in dirs]
    if topdown:
        yield top, dirs, files
    for d in dirs:
        yield from walk(os.path.join(top, d), topdown, onerror)
    if not topdown:
        yield top, dirs, files


def join(path, *paths):
    """The paths joined with "/" (an absolute component restarts it)."""
    return os.path.join(_path(path), *[_path(p) for p in paths])


def get_registered_schemes():
    """The filesystem schemes varrt reads: the local one only ("" and "file")."""
    return ["file", ""]


def _matches(pattern):
    """The paths matching `pattern`, component by component, in directory order."""
    pattern = _path(pattern)
    if not any(c in pattern for c in "*?["):
        return [pattern] if os.path.exists(pattern) else []
    absolute = pattern.startswith("/")
    parts = [p for p in pattern.split("/") if p]
    found = ["/" if absolute else ""]
    for part in parts:
        wild = any(c in part for c in "*?[")
        nxt = []
        for base in found:
            if not wild:
                candidate = os.path.join(base, part) if base else part
                if os.path.lexists(candidate):
                    nxt.append(candidate)
                continue
            directory = base or "."
            if not os.path.isdir(directory):
                continue
            for name in os.listdir(directory):
                if fnmatch.fnmatchcase(name, part):
                    nxt.append(os.path.join(base, name) if base else name)
        found = nxt
    return found


def glob(pattern):
    """The paths matching `pattern` (a str or a list of them)."""
    patterns = [pattern] if isinstance(pattern, (str, bytes, os.PathLike)) else list(pattern)
    out = []
    for p in patterns:
        out.extend(_matches(p))
    return out


def matching_paths(pattern):
    """The paths matching `pattern`, sorted (TensorFlow's MatchingFiles)."""
    return sorted(glob(pattern))
