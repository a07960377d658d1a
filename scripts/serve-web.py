#!/usr/bin/env python3
"""Serves the web page that scripts/build-web.sh built, for playing on this machine or testing.

Usage: scripts/serve-web.py [DIR] [--port 8000] [--bind 127.0.0.1] [--no-isolation]

By default every response carries the two headers that make the page cross-origin
isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy:
require-corp), so the browser gives it SharedArrayBuffer and the engine runs with threads.
--no-isolation leaves them out, as a static host that cannot set headers would: the page
then falls back to the engine without threads. DIR defaults to build-web/site.
"""
import argparse
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    isolation = True
    # .wasm must come as application/wasm for streaming compilation; .mjs as JavaScript.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"}

    def end_headers(self):
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        # Always the newest build while developing; a static host can cache as it likes.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # quiet unless asked
        if os.environ.get("VAZIR_SERVE_LOG"):
            super().log_message(format, *args)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default=os.path.join(root, "build-web", "site"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--no-isolation", action="store_true", help="without COOP/COEP: the single-threaded engine")
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.dir, "index.html")):
        sys.exit(f"no index.html in {a.dir}: build the site first (scripts/build-web.sh)")
    handler = type("H", (Handler,), {"isolation": not a.no_isolation})
    server = http.server.ThreadingHTTPServer((a.bind, a.port), functools.partial(handler, directory=a.dir))
    mode = "cross-origin isolated (threads)" if not a.no_isolation else "without isolation headers (no threads)"
    print(f"serving {os.path.abspath(a.dir)} at http://{a.bind}:{server.server_address[1]}/ , {mode}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
