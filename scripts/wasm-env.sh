# Sourced by the WebAssembly scripts: what Debian's emscripten (3.1.6) needs to run under
# NodeSource's node, which does not look in /usr/share/nodejs, where Debian keeps the
# node modules emscripten's JavaScript tools load (acorn and others).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
