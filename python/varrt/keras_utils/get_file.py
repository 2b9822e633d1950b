"""`tf.keras.utils.get_file` (Keras 3's keras/src/utils/file_utils.py): a file downloaded once
into Keras's cache (`cache_dir`, default `keras_home()`, then `cache_subdir`) and reused while it
is there (and matches `file_hash`, if given); archives extracted on every call when asked.

The names Keras 3.15 gives, which TensorFlow 2.21 ships: with `extract`/`untar`, a `fname` with a
dot is downloaded under that name and extracted into `<fname up to its first dot>_extracted`; a
`fname` without one (or the origin's file name) is extracted into `<fname>` and downloaded as
`<fname>_archive`. The extraction folder is what is returned; otherwise the downloaded file."""
import os
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import warnings

from varrt.keras_utils import file_hash as hashes  # the argument `file_hash` would shadow it
from varrt.keras_utils.archives import extract_archive
from varrt.keras_utils.keras_home import keras_home
from varrt.models.printing import print_msg
from varrt.models.progbar import Progbar

_FETCH_FAILURE = "URL fetch failure on {}: {} -- {}"


def _cache_folder(cache_dir, cache_subdir):
    base = os.path.expanduser(keras_home() if cache_dir is None else cache_dir)
    if not os.access(base, os.W_OK):
        base = os.path.join("/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir(), ".keras")
    folder = os.path.join(base, cache_subdir)
    os.makedirs(folder, exist_ok=True)
    return folder


def _file_name(fname, origin):
    if not fname:
        fname = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not fname:
            raise ValueError(f"Can't parse the file name from the origin provided: '{origin}'."
                             "Please specify the `fname` argument.")
    elif os.sep in fname:
        raise ValueError("Paths are no longer accepted as the `fname` argument. To specify the file's parent "
                         f"directory, use the `cache_dir` argument. Received: fname={fname}")
    return fname


def _archive_paths(datadir, fname, provided):
    """(where the archive is downloaded, where it is extracted)."""
    if provided and "." in fname:
        return os.path.join(datadir, fname), os.path.join(datadir, f"{fname[:fname.find('.')]}_extracted")
    return os.path.join(datadir, f"{fname}_archive"), os.path.join(datadir, fname)


class _DownloadProgress:
    """urlretrieve's report hook drawing Keras's Progbar over the bytes received."""

    def __init__(self):
        self.progbar = None
        self.finished = False

    def __call__(self, block_num, block_size, total_size):
        if total_size == -1:
            total_size = None
        if not self.progbar:
            self.progbar = Progbar(total_size)
        current = block_num * block_size
        if total_size is None:
            self.progbar.update(current)
        elif current < total_size:
            self.progbar.update(current)
        elif not self.finished:
            self.progbar.update(self.progbar.target)
            self.finished = True


def _download(origin, target):
    print_msg(f"Downloading data from {origin}\n")
    try:
        try:
            urllib.request.urlretrieve(origin, target, _DownloadProgress())
        except urllib.error.HTTPError as e:
            raise Exception(_FETCH_FAILURE.format(origin, e.code, e.msg))  # noqa: TRY002 - Keras's type
        except urllib.error.URLError as e:
            raise Exception(_FETCH_FAILURE.format(origin, e.errno, e.reason))  # noqa: TRY002 - Keras's type
    except (Exception, KeyboardInterrupt):
        if os.path.exists(target):
            os.remove(target)
        raise


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None, force_download=False):
    """Downloads the file at `origin` into Keras's cache unless it is there already, and returns
    its path (with `extract`, the folder it was extracted into), as Keras 3's `get_file` does."""
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    datadir = _cache_folder(cache_dir, cache_subdir)
    provided = fname
    fname = _file_name(os.fspath(fname) if isinstance(fname, os.PathLike) else fname, origin)
    if extract or untar:
        target, extraction_dir = _archive_paths(datadir, fname, provided)
    else:
        target = os.path.join(datadir, fname)

    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None and not hashes.validate_file(target, file_hash, hash_algorithm):
        print_msg("A local file was found, but it seems to be incomplete or outdated because the "
                  f"{hash_algorithm} file hash does not match the original value of {file_hash} so we will "
                  "re-download the data.\n")
        download = True
    if download:
        _download(origin, target)
        # The hash should come by another channel than the file: checked after every download.
        if os.path.exists(target) and file_hash is not None and not hashes.validate_file(target, file_hash,
                                                                                          hash_algorithm):
            raise ValueError(f"Incomplete or corrupted file detected. The {hash_algorithm} file hash does not "
                             f"match the provided value of {file_hash}.")

    if extract or untar:
        if not extract_archive(target, extraction_dir, "tar" if untar else archive_format):
            warnings.warn("Could not extract archive.", stacklevel=2)
        return extraction_dir
    return target

