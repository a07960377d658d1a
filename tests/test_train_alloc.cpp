// The trainer's loop allocates nothing per position: a binary of its own (the global
// allocation functions are replaced here to count calls, which must not touch the main
// test binary), run as the CTest entry `train_alloc`.
//
// The count of one training step must not grow with the number of positions in the
// batch (what is allocated per step, such as the worker threads, is allowed), and the
// same for the held-out loss.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "core/position.h"
#include "test_files.h"
#include "train/trainer.h"

namespace {
std::atomic<long> allocations{0};

void* counted(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void* countedAligned(std::size_t size, std::align_val_t align) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    const std::size_t a = static_cast<std::size_t>(align);
    if (void* p = std::aligned_alloc(a, (size + a - 1) / a * a)) return p;
    throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return counted(size); }
void* operator new[](std::size_t size) { return counted(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    allocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    allocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(size ? size : 1);
}
void* operator new(std::size_t size, std::align_val_t a) { return countedAligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return countedAligned(size, a); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

using namespace vazir;

TEST_CASE("train_alloc: no heap allocation per position in a training step or the held-out loss") {
    initCore();
    const std::vector<PackedPosition> all = testdata::samplePositions(3);
    REQUIRE(all.size() > 300);
    for (const int threads : {1, 2}) {
        train::TrainConfig cfg;
        cfg.hidden = 32;
        cfg.buckets = 8;
        cfg.threads = threads;
        train::Trainer trainer(cfg, all, std::vector<PackedPosition>(all.begin(), all.begin() + 300));
        trainer.step(0, 16, 0.001);  // a first step: whatever grows once has grown
        auto allocationsOf = [&](auto&& run) {
            const long before = allocations.load();
            run();
            return allocations.load() - before;
        };
        const long small = allocationsOf([&] { trainer.step(0, 16, 0.001); });
        const long large = allocationsOf([&] { trainer.step(16, 316, 0.001); });
        const std::vector<PackedPosition> few(all.begin(), all.begin() + 10), many(all.begin(), all.begin() + 300);
        const long lossFew = allocationsOf([&] { trainer.meanLoss(few); });
        const long lossMany = allocationsOf([&] { trainer.meanLoss(many); });
        MESSAGE(threads, " thread(s): a step of 16 positions allocates ", small, " times, of 300 positions ", large,
                " times; the held-out loss of 10 positions ", lossFew, ", of 300 ", lossMany);
        CHECK(large == small);
        CHECK(lossMany == lossFew);
        CHECK(large <= 4 * threads);  // per step: the worker threads and little else
    }
}
