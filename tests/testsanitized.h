#pragma once
// SLUICE_TEST_SANITIZED is 1 when this test is built under AddressSanitizer or
// ThreadSanitizer (the CLI and library under test then carry the same one):
// RSS/VmHWM figures count the sanitizer's allocator and shadow memory, and
// the code runs many times slower, so such tests skip or shrink with a reason.
// GCC defines __SANITIZE_*__, Clang answers __has_feature.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SLUICE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SLUICE_TEST_SANITIZED 1
#endif
#endif
#ifndef SLUICE_TEST_SANITIZED
#define SLUICE_TEST_SANITIZED 0
#endif
