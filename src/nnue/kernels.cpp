#include "nnue/kernels.h"

#include <algorithm>

#if defined(__AVX2__) || defined(__AVX512BW__) || defined(__SSE2__)
#include <immintrin.h>
#endif
#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace vazir::nnue::kernels {

namespace {

constexpr int kQA = 255;

// The widest kernel the compiler targets; the later #if chains pick the same one.
#if defined(__AVX512BW__)
constexpr const char* kWidest = "avx512";
#elif defined(__AVX2__)
constexpr const char* kWidest = "avx2";
#elif defined(__SSE2__)
constexpr const char* kWidest = "sse2";
#elif defined(__ARM_NEON)
constexpr const char* kWidest = "neon";
#elif defined(__wasm_simd128__)
constexpr const char* kWidest = "wasm-simd128";
#else
constexpr const char* kWidest = "scalar";
#endif

bool useSimd(Simd s) {
#if defined(__AVX2__) || defined(__AVX512BW__) || defined(__SSE2__) || defined(__ARM_NEON) || defined(__wasm_simd128__)
    return s == Simd::Auto;
#else
    (void)s;
    return false;  // a build without SIMD kernels
#endif
}

void updateScalar(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                  int subs, int n) {
    for (int i = 0; i < n; ++i) {
        int v = from[i];
        for (int a = 0; a < adds; ++a) v += add[a][i];
        for (int s = 0; s < subs; ++s) v -= sub[s][i];
        to[i] = int16_t(v);
    }
}

int64_t screluDotScalar(const int16_t* x, const int16_t* w, int n) {
    int64_t sum = 0;
    for (int i = 0; i < n; ++i) {
        const int v = std::clamp(int(x[i]), 0, kQA);
        sum += int64_t(v * w[i]) * v;
    }
    return sum;
}

#if defined(__AVX2__)
// Values [begin, n): begin is 0, or where the AVX-512 loop stopped.
void updateAvx2(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                int subs, int begin, int n) {
    for (int i = begin; i < n; i += 16) {
        __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(from + i));
        for (int a = 0; a < adds; ++a)
            v = _mm256_add_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add[a] + i)));
        for (int s = 0; s < subs; ++s)
            v = _mm256_sub_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sub[s] + i)));
        _mm256_store_si256(reinterpret_cast<__m256i*>(to + i), v);
    }
}

int64_t screluDotAvx2(const int16_t* x, const int16_t* w, int n) {
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(kQA);
    __m256i acc = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(x + i));
        v = _mm256_max_epi16(_mm256_min_epi16(v, qa), zero);
        const __m256i vw = _mm256_mullo_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(vw, v));  // per lane at most n/16 x 16.5e6: no overflow
    }
    alignas(32) int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
    int64_t sum = 0;
    for (int32_t l : lanes) sum += l;
    return sum;
}
#endif

#if defined(__AVX512BW__)
// Two AVX2 blocks per register; a hidden size that is an odd number of AVX2 blocks ends
// with one AVX2 block.
void updateAvx512(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                  int subs, int n) {
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512i v = _mm512_loadu_si512(from + i);
        for (int a = 0; a < adds; ++a) v = _mm512_add_epi16(v, _mm512_loadu_si512(add[a] + i));
        for (int s = 0; s < subs; ++s) v = _mm512_sub_epi16(v, _mm512_loadu_si512(sub[s] + i));
        _mm512_storeu_si512(to + i, v);
    }
    updateAvx2(to, from, add, adds, sub, subs, i, n);
}

int64_t screluDotAvx512(const int16_t* x, const int16_t* w, int n) {
    const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(kQA);
    __m512i acc = _mm512_setzero_si512();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512i v = _mm512_loadu_si512(x + i);
        v = _mm512_max_epi16(_mm512_min_epi16(v, qa), zero);
        const __m512i vw = _mm512_mullo_epi16(v, _mm512_loadu_si512(w + i));
        acc = _mm512_add_epi32(acc, _mm512_madd_epi16(vw, v));  // per lane at most n/32 x 16.5e6: no overflow
    }
    // Summed by hand: GCC 12's _mm512_reduce_add_epi32 trips -Wuninitialized in its header.
    alignas(64) int32_t lanes[16];
    _mm512_store_si512(lanes, acc);
    int64_t sum = 0;
    for (int32_t l : lanes) sum += l;
    if (i < n) sum += screluDotAvx2(x + i, w + i, n - i);
    return sum;
}
#endif

#if defined(__SSE2__) && !defined(__AVX2__)
// 128-bit x86: every instruction here is SSE2 (16-bit add/sub/min/max/mullo and madd),
// which every x86-64 CPU has, so the portable x86-64 build runs it as well as v2.
void updateSse2(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                int subs, int n) {
    for (int i = 0; i < n; i += 8) {
        __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(from + i));
        for (int a = 0; a < adds; ++a) v = _mm_add_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(add[a] + i)));
        for (int s = 0; s < subs; ++s) v = _mm_sub_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(sub[s] + i)));
        _mm_store_si128(reinterpret_cast<__m128i*>(to + i), v);
    }
}

int64_t screluDotSse2(const int16_t* x, const int16_t* w, int n) {
    const __m128i zero = _mm_setzero_si128(), qa = _mm_set1_epi16(kQA);
    __m128i acc = _mm_setzero_si128();
    for (int i = 0; i < n; i += 8) {
        __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(x + i));
        v = _mm_max_epi16(_mm_min_epi16(v, qa), zero);
        const __m128i vw = _mm_mullo_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + i)));
        // Each lane takes two products of at most 255^2 x 127 per step, n/8 steps: at
        // most 128 x 16,516,350 = 2,114,092,800 for n = 1024, just inside int32.
        acc = _mm_add_epi32(acc, _mm_madd_epi16(vw, v));
    }
    alignas(16) int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), acc);
    int64_t sum = 0;
    for (int32_t l : lanes) sum += l;
    return sum;
}
#endif

#if defined(__ARM_NEON)
void updateNeon(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                int subs, int n) {
    for (int i = 0; i < n; i += 8) {
        int16x8_t v = vld1q_s16(from + i);
        for (int a = 0; a < adds; ++a) v = vaddq_s16(v, vld1q_s16(add[a] + i));
        for (int s = 0; s < subs; ++s) v = vsubq_s16(v, vld1q_s16(sub[s] + i));
        vst1q_s16(to + i, v);
    }
}

int64_t screluDotNeon(const int16_t* x, const int16_t* w, int n) {
    const int16x8_t zero = vdupq_n_s16(0), qa = vdupq_n_s16(kQA);
    // Low and high halves in separate accumulators: one product of at most 255^2 x 127
    // per lane and step, n/8 steps, far inside int32.
    int32x4_t accLo = vdupq_n_s32(0), accHi = vdupq_n_s32(0);
    for (int i = 0; i < n; i += 8) {
        const int16x8_t v = vmaxq_s16(vminq_s16(vld1q_s16(x + i), qa), zero);
        const int16x8_t vw = vmulq_s16(v, vld1q_s16(w + i));  // |v x w| <= 32,385: exact in int16
        accLo = vmlal_s16(accLo, vget_low_s16(vw), vget_low_s16(v));
        accHi = vmlal_high_s16(accHi, vw, v);
    }
    return vaddlvq_s32(accLo) + vaddlvq_s32(accHi);
}
#endif

#if defined(__wasm_simd128__)
// WebAssembly SIMD128 (emscripten -msimd128): the SSE2 kernels' operations, one for one
// (i32x4.dot_i16x8_s is pmaddwd), so the same bound holds: at most 2,114,092,800 per
// lane for n = 1024.
void updateWasm(int16_t* to, const int16_t* from, const int16_t* const* add, int adds, const int16_t* const* sub,
                int subs, int n) {
    for (int i = 0; i < n; i += 8) {
        v128_t v = wasm_v128_load(from + i);
        for (int a = 0; a < adds; ++a) v = wasm_i16x8_add(v, wasm_v128_load(add[a] + i));
        for (int s = 0; s < subs; ++s) v = wasm_i16x8_sub(v, wasm_v128_load(sub[s] + i));
        wasm_v128_store(to + i, v);
    }
}

int64_t screluDotWasm(const int16_t* x, const int16_t* w, int n) {
    const v128_t zero = wasm_i16x8_splat(0), qa = wasm_i16x8_splat(kQA);
    v128_t acc = wasm_i32x4_splat(0);
    for (int i = 0; i < n; i += 8) {
        const v128_t v = wasm_i16x8_max(wasm_i16x8_min(wasm_v128_load(x + i), qa), zero);
        const v128_t vw = wasm_i16x8_mul(v, wasm_v128_load(w + i));  // |v x w| <= 32,385: exact in int16
        acc = wasm_i32x4_add(acc, wasm_i32x4_dot_i16x8(vw, v));
    }
    return int64_t(wasm_i32x4_extract_lane(acc, 0)) + wasm_i32x4_extract_lane(acc, 1) +
           wasm_i32x4_extract_lane(acc, 2) + wasm_i32x4_extract_lane(acc, 3);
}
#endif

}  // namespace

const char* name() { return kWidest; }

void update(Simd simd, int16_t* to, const int16_t* from, const int16_t* const* add, int adds,
            const int16_t* const* sub, int subs, int n) {
    if (useSimd(simd)) {
#if defined(__AVX512BW__)
        return updateAvx512(to, from, add, adds, sub, subs, n);
#elif defined(__AVX2__)
        return updateAvx2(to, from, add, adds, sub, subs, 0, n);
#elif defined(__SSE2__)
        return updateSse2(to, from, add, adds, sub, subs, n);
#elif defined(__ARM_NEON)
        return updateNeon(to, from, add, adds, sub, subs, n);
#elif defined(__wasm_simd128__)
        return updateWasm(to, from, add, adds, sub, subs, n);
#endif
    }
    updateScalar(to, from, add, adds, sub, subs, n);
}

int64_t screluDot(Simd simd, const int16_t* x, const int16_t* w, int n) {
    if (useSimd(simd)) {
#if defined(__AVX512BW__)
        return screluDotAvx512(x, w, n);
#elif defined(__AVX2__)
        return screluDotAvx2(x, w, n);
#elif defined(__SSE2__)
        return screluDotSse2(x, w, n);
#elif defined(__ARM_NEON)
        return screluDotNeon(x, w, n);
#elif defined(__wasm_simd128__)
        return screluDotWasm(x, w, n);
#endif
    }
    return screluDotScalar(x, w, n);
}

}  // namespace vazir::nnue::kernels
