#ifndef CLIBFUZZER_SHIM_H
#define CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt's FuzzerInterface.h), linked in by `-sanitize=fuzzer`. A
// SwiftPM executable has a `main` of its own, so each target hands its input function to the
// driver instead of defining LLVMFuzzerTestOneInput for libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
