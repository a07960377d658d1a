// The NNUE's two inner loops: adding and removing first-layer rows in an accumulator,
// and the SCReLU dot product of the output layer. One kernel per instruction set, chosen
// at build time by what the compiler targets (the widest there is): AVX-512BW, AVX2,
// SSE2 (every x86-64, so the portable and v2 builds too), NEON (every AArch64), SIMD128
// (WebAssembly), and the portable scalar loops. All are integer arithmetic, exact or wrapping the same way, so
// every kernel gives the scalar result bit for bit and the bench signature is the same
// on every target (tests/test_nnue.cpp compares them at every node of its walks).
#pragma once

#include <cstdint>

namespace vazir::nnue {

// Auto: this build's widest kernel; Scalar: the portable loops (the tests' reference).
enum class Simd { Auto, Scalar };

// Output weights are at most this in magnitude (the loader refuses others), so that
// 255 x w fits an int16 lane in the SIMD dot products.
constexpr int kMaxOutputWeight = 127;

namespace kernels {

// "avx512", "avx2", "sse2", "neon", "wasm-simd128" or "scalar": what Simd::Auto runs in
// this build.
const char* name();

// to = from + sum(rows added) - sum(rows removed), over n values (n a multiple of 16;
// `to` and `from` 64-byte aligned, rows 2-byte aligned), wrapping in int16.
void update(Simd simd, int16_t* to, const int16_t* from, const int16_t* const* add, int adds,
            const int16_t* const* sub, int subs, int n);

// The sum over i of clamp(x_i, 0, 255)^2 * w_i, exactly (n a multiple of 16, at most
// 1024; x 64-byte aligned; |w_i| <= kMaxOutputWeight).
int64_t screluDot(Simd simd, const int16_t* x, const int16_t* w, int n);

}  // namespace kernels

}  // namespace vazir::nnue
