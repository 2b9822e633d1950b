"""A web server on 127.0.0.1 for the download tests, run in a thread by the test program: it
serves the files of one folder (and, under `/unsized/`, the same files without a Content-Length,
as a server that does not say the size), counts the requests, and is stopped at the end.
`only_loopback()` makes every urllib download of the process refuse any other host, so that a
test never reaches the internet."""
import http.server
import os
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request

TIMEOUT = 10  # seconds, for the server's reads and the client's socket operations


class LocalServer:
    def __init__(self, root):
        self.root = root
        self.requests = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            timeout = TIMEOUT

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=server.root, **kwargs)

            def do_GET(self):  # noqa: N802 - http.server's name
                server.requests.append(self.path)
                if self.path.startswith("/unsized/"):
                    path = os.path.join(server.root, self.path[len("/unsized/"):])
                    with open(path, "rb") as f:
                        body = f.read()
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(body)
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/{name}"

    def close(self):
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=TIMEOUT)


class _LoopbackOnly(urllib.request.BaseHandler):
    handler_order = 100  # before the protocol handlers

    def default_open(self, req):
        host = urllib.parse.urlsplit(req.full_url).hostname
        if host != "127.0.0.1":
            raise urllib.error.URLError(f"the test connects only to 127.0.0.1, not {host}")


def only_loopback():
    """urllib's downloads (urlretrieve, urlopen) in this process go to 127.0.0.1 only, without a proxy."""
    socket.setdefaulttimeout(TIMEOUT)
    urllib.request.install_opener(urllib.request.build_opener(urllib.request.ProxyHandler({}), _LoopbackOnly()))


def free_port():
    """A port on 127.0.0.1 nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
