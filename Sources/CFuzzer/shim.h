/* libFuzzer's driver, for a program with its own main (tvshell-fuzz, built
   by `make fuzz` against libclang_rt.fuzzer_no_main). Declared only: a build
   without libFuzzer never calls it. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));
