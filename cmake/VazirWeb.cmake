# WebAssembly builds with emscripten: the engine for a web page (web/, scripts/build-web.sh)
# and for node (CI: bench and the unit tests). Included from CMakeLists.txt once the
# targets exist; does nothing in any other build. Configure with emcmake:
#   emcmake cmake --preset wasm-threads   (pthreads: a page served cross-origin isolated)
#   emcmake cmake --preset wasm-single    (no threads: any page, the fallback)
# scripts/wasm-env.sh sets what Debian's emscripten needs (NODE_PATH).
#
# Both have SIMD128 (src/nnue/kernels.cpp) and no Syzygy (no files in a browser). Targets:
#   vazir        the command-line engine for node (vazir.js + vazir.wasm): bench, UCI on
#                stdin, the real file system (EvalFile paths)
#   vazir-web    the engine for web/vazir-worker.js (src/web/web_main.cpp): commands in
#                through vazir_command(), lines out through Module.onLine; its files are
#                vazir-threads.* or vazir-single.*
#   vazir_tests  the unit tests, for node
if(NOT EMSCRIPTEN)
  if(DEFINED VAZIR_WASM_THREADS)
    message(FATAL_ERROR "the wasm presets need emscripten's toolchain: emcmake cmake --preset ...")
  endif()
  return()
endif()

option(VAZIR_WASM_THREADS "WebAssembly with pthreads (needs SharedArrayBuffer) or without threads" ON)
if(VAZIR_SYZYGY)
  message(FATAL_ERROR "VAZIR_SYZYGY: no Syzygy tablebases in a WebAssembly build")
endif()

set(_wasm_compile -msimd128)
set(_wasm_link
  -sALLOW_MEMORY_GROWTH=1
  -sINITIAL_MEMORY=64MB
  # The search recurses on the stack of the thread that runs it (the main stack without
  # threads): 8 MB, as a Linux thread has.
  -sTOTAL_STACK=8MB)
if(VAZIR_WASM_THREADS)
  list(APPEND _wasm_compile -pthread)
  # (Growing memory shared between threads makes JavaScript reads of it slower; the
  # engine reads none but its output lines.)
  list(APPEND _wasm_link -pthread -sDEFAULT_PTHREAD_STACK_SIZE=8MB -Wno-pthreads-mem-growth)
  set(VAZIR_TARGET_NAME "wasm-simd128-threads")
else()
  set(VAZIR_TARGET_NAME "wasm-simd128")
endif()
target_compile_options(vazir_core PUBLIC ${_wasm_compile})
target_link_options(vazir_core PUBLIC ${_wasm_link})
set_source_files_properties(src/build_info.cpp PROPERTIES
  COMPILE_DEFINITIONS "VAZIR_TARGET_NAME=\"${VAZIR_TARGET_NAME}\"")
message(STATUS "WebAssembly: ${VAZIR_TARGET_NAME}")

# Node: the real file system, synchronous compilation (node 18+ has a fetch() that cannot
# read a file path, and emscripten 3.1.6 would use it), and with threads main() on a
# thread of its own, so the runtime's thread stays free to start the others.
set(_node_link -sENVIRONMENT=node -sNODERAWFS=1 -sWASM_ASYNC_COMPILATION=0 -sEXIT_RUNTIME=1)
if(VAZIR_WASM_THREADS)
  list(APPEND _node_link -sPROXY_TO_PTHREAD=1)
endif()
target_link_options(vazir PRIVATE ${_node_link})
if(TARGET vazir_tests)
  target_link_options(vazir_tests PRIVATE ${_node_link})
endif()

# The page's engine: a module factory (VazirEngine) for web/vazir-worker.js, named by its
# flavour (vazir-threads.js/.wasm/.worker.js, vazir-single.js/.wasm) so that both can sit
# side by side in the site. With threads, two workers are started with the module (the
# UCI thread and the first search thread), so the first search does not wait for one.
add_executable(vazir-web src/web/web_main.cpp)
if(VAZIR_WASM_THREADS)
  set_target_properties(vazir-web PROPERTIES OUTPUT_NAME vazir-threads)
else()
  set_target_properties(vazir-web PROPERTIES OUTPUT_NAME vazir-single)
endif()
target_link_libraries(vazir-web PRIVATE vazir_core)
target_link_options(vazir-web PRIVATE -sENVIRONMENT=web,worker -sMODULARIZE=1 -sEXPORT_NAME=VazirEngine
  -sEXPORTED_FUNCTIONS=_main,_vazir_command -sEXPORTED_RUNTIME_METHODS=ccall)
if(VAZIR_WASM_THREADS)
  target_link_options(vazir-web PRIVATE -sPTHREAD_POOL_SIZE=2)
endif()
