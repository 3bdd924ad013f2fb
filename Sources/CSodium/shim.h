#include <sodium.h>

/* The macros Swift does not import, as values. */
static inline unsigned long long tvs_pwhash_opslimit_interactive(void) { return crypto_pwhash_OPSLIMIT_INTERACTIVE; }
static inline size_t tvs_pwhash_memlimit_interactive(void) { return crypto_pwhash_MEMLIMIT_INTERACTIVE; }
static inline unsigned long long tvs_pwhash_opslimit_min(void) { return crypto_pwhash_OPSLIMIT_MIN; }
static inline size_t tvs_pwhash_memlimit_min(void) { return crypto_pwhash_MEMLIMIT_MIN; }
static inline size_t tvs_pwhash_strbytes(void) { return crypto_pwhash_STRBYTES; }
