#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: Swift calls these,
   one per type of value. */
static inline CURLcode tvs_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode tvs_curl_set_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode tvs_curl_set_write(CURL *easy, curl_write_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode tvs_curl_set_xferinfo(CURL *easy, curl_xferinfo_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode tvs_curl_get_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}
static inline CURLcode tvs_curl_get_off(CURL *easy, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(easy, info, value);
}
/* CURL_GLOBAL_DEFAULT is a macro Swift does not import. */
static inline CURLcode tvs_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
/* The value of the last answer's header `name` (not of a redirect before
   it), or NULL. Valid until the handle's next transfer. */
static inline const char *tvs_curl_header(CURL *easy, const char *name) {
    struct curl_header *header = NULL;
    if (curl_easy_header(easy, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK || header == NULL) return NULL;
    return header->value;
}
