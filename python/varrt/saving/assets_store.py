"""Keras's asset store of a `.keras` file (keras/src/saving/saving_lib.py `DiskIOStore`): each
layer that writes files (a lookup layer's adapted vocabulary) gets a directory named by its
path in the model, under `assets/` in the archive (or in the directory `save_model(zipped=False)`
writes). Writing goes through a temporary directory copied into the archive at `close`;
reading extracts the archive's `assets/` members into one. A path may not leave the directory."""
import os
import shutil
import tempfile

ASSETS_DIRNAME = "assets"


class AssetsStore:
    """The `assets/` directory of an archive (`archive`, a ZipFile) or of a model directory."""

    def __init__(self, root_path, archive=None, mode=None):
        self.mode = mode
        self.root_path = root_path
        self.archive = archive
        self.tmp_dir = None
        if archive is not None:
            self.tmp_dir = tempfile.mkdtemp()
            if mode == "r":
                for name in archive.namelist():
                    if name.startswith(root_path + "/"):
                        archive.extract(name, self._inside(self.tmp_dir, name))
            self.working_dir = os.path.join(self.tmp_dir, root_path)
            os.makedirs(self.working_dir, exist_ok=True)
        elif mode == "r":
            self.working_dir = root_path
        else:
            self.tmp_dir = tempfile.mkdtemp()
            self.working_dir = os.path.join(self.tmp_dir, os.path.basename(root_path))
            os.makedirs(self.working_dir)

    @staticmethod
    def _inside(base, path):
        resolved = os.path.realpath(os.path.join(base, path))
        if os.path.commonpath([resolved, os.path.realpath(base)]) != os.path.realpath(base):
            raise ValueError(f"Invalid asset path: '{path}' escapes the asset directory.")
        return base

    def _full_path(self, path):
        path = path.replace("\\", "/")
        resolved = os.path.realpath(os.path.join(self.working_dir, path))
        if os.path.commonpath([resolved, os.path.realpath(self.working_dir)]) != os.path.realpath(self.working_dir):
            raise ValueError(f"Invalid asset path: '{path}' escapes the asset directory.")
        return resolved

    def make(self, path):
        """The directory for `path` (made), to write into."""
        if not path:
            return self.working_dir
        path = self._full_path(path)
        os.makedirs(path, exist_ok=True)
        return path

    def get(self, path):
        """The directory of `path`, or None when nothing was written there."""
        if not path:
            return self.working_dir
        path = self._full_path(path)
        return path if os.path.exists(path) else None

    def close(self, target_dir=None):
        """Writes what was made into the archive (or into `target_dir`), then removes the
        temporary directory."""
        try:
            if self.mode == "w" and self.archive is not None:
                for folder, _, files in sorted(os.walk(self.working_dir)):
                    for name in sorted(files):
                        full = os.path.join(folder, name)
                        relative = os.path.relpath(full, self.working_dir).replace(os.sep, "/")
                        self.archive.write(full, f"{self.root_path}/{relative}")
            elif self.mode == "w" and target_dir is not None and any(os.scandir(self.working_dir)):
                shutil.copytree(self.working_dir, os.path.join(target_dir, ASSETS_DIRNAME), dirs_exist_ok=True)
        finally:
            if self.tmp_dir is not None:
                shutil.rmtree(self.tmp_dir, ignore_errors=True)
