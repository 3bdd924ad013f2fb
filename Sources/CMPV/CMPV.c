/* libmpv's functions, each forwarding to libmpv.so.2 loaded with dlopen.
 *
 * Only mpv_create (and the handle-free helpers) load it; every other function
 * takes a handle or data that exists only once mpv_create has succeeded. The
 * definitions carry the header's declarations, so a signature that drifts
 * from libmpv-dev's fails to compile. A function of client.h or render.h
 * used for the first time is added to the list below. */
#include "CMPV.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define TVS_MPV_LIBRARY "libmpv.so.2"

#define TVS_MPV_FUNCTIONS(F)                                                                     \
    F(mpv_client_api_version) F(mpv_error_string) F(mpv_free) F(mpv_client_name) F(mpv_client_id) \
    F(mpv_create) F(mpv_initialize) F(mpv_destroy) F(mpv_terminate_destroy) F(mpv_create_client)  \
    F(mpv_create_weak_client) F(mpv_load_config_file) F(mpv_get_time_us) F(mpv_free_node_contents) \
    F(mpv_set_option) F(mpv_set_option_string) F(mpv_command) F(mpv_command_node) F(mpv_command_ret) \
    F(mpv_command_string) F(mpv_command_async) F(mpv_command_node_async) F(mpv_abort_async_command) \
    F(mpv_set_property) F(mpv_set_property_string) F(mpv_set_property_async) F(mpv_get_property)  \
    F(mpv_get_property_string) F(mpv_get_property_osd_string) F(mpv_get_property_async)           \
    F(mpv_observe_property) F(mpv_unobserve_property) F(mpv_event_name) F(mpv_event_to_node)      \
    F(mpv_request_event) F(mpv_request_log_messages) F(mpv_wait_event) F(mpv_wakeup)              \
    F(mpv_set_wakeup_callback) F(mpv_wait_async_requests) F(mpv_hook_add) F(mpv_hook_continue)    \
    F(mpv_get_wakeup_pipe) F(mpv_render_context_create) F(mpv_render_context_set_parameter)       \
    F(mpv_render_context_get_info) F(mpv_render_context_set_update_callback)                      \
    F(mpv_render_context_update) F(mpv_render_context_render) F(mpv_render_context_report_swap)   \
    F(mpv_render_context_free)

#define TVS_MPV_POINTER(name) __typeof__(&name) name;
static struct { TVS_MPV_FUNCTIONS(TVS_MPV_POINTER) } mpv;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[512];

/* RTLD_LAZY: libmpv's own calls bind when first made (~20 ms of the load;
 * its dependencies, built with BIND_NOW, bind at once either way). */
static void load(void) {
    void *library = dlopen(TVS_MPV_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : TVS_MPV_LIBRARY ": cannot be loaded");
        return;
    }
#define TVS_MPV_RESOLVE(name)                                                                             \
    mpv.name = (__typeof__(&name))dlsym(library, #name);                                                  \
    if (mpv.name == NULL) {                                                                               \
        snprintf(failure, sizeof failure, TVS_MPV_LIBRARY " has no " #name " (libmpv older than 0.35?)"); \
        return;                                                                                           \
    }
    TVS_MPV_FUNCTIONS(TVS_MPV_RESOLVE)
    loaded = 1;
}

int tvs_mpv_load(void) {
    pthread_once(&once, load);
    return loaded ? 0 : -1;
}

static void *preload(void *unused) {
    (void)unused;
    tvs_mpv_load();
    return NULL;
}

static void start_preload(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, preload, NULL) != 0) tvs_mpv_load();
    pthread_attr_destroy(&attributes);
}

void tvs_mpv_preload(void) {
    static pthread_once_t started = PTHREAD_ONCE_INIT;
    pthread_once(&started, start_preload);
}

const char *tvs_mpv_load_error(void) { return failure[0] ? failure : NULL; }

/* Loading functions: these may be the first call. */
mpv_handle *mpv_create(void) { return tvs_mpv_load() == 0 ? mpv.mpv_create() : NULL; }
unsigned long mpv_client_api_version(void) { return tvs_mpv_load() == 0 ? mpv.mpv_client_api_version() : 0; }
const char *mpv_error_string(int error) { return tvs_mpv_load() == 0 ? mpv.mpv_error_string(error) : "libmpv is not loaded"; }
const char *mpv_event_name(mpv_event_id event) { return tvs_mpv_load() == 0 ? mpv.mpv_event_name(event) : NULL; }

/* The rest run only on what libmpv made, so it is loaded. */
void mpv_free(void *data) { mpv.mpv_free(data); }
const char *mpv_client_name(mpv_handle *ctx) { return mpv.mpv_client_name(ctx); }
int64_t mpv_client_id(mpv_handle *ctx) { return mpv.mpv_client_id(ctx); }
int mpv_initialize(mpv_handle *ctx) { return mpv.mpv_initialize(ctx); }
void mpv_destroy(mpv_handle *ctx) { mpv.mpv_destroy(ctx); }
void mpv_terminate_destroy(mpv_handle *ctx) { mpv.mpv_terminate_destroy(ctx); }
mpv_handle *mpv_create_client(mpv_handle *ctx, const char *name) { return mpv.mpv_create_client(ctx, name); }
mpv_handle *mpv_create_weak_client(mpv_handle *ctx, const char *name) { return mpv.mpv_create_weak_client(ctx, name); }
int mpv_load_config_file(mpv_handle *ctx, const char *filename) { return mpv.mpv_load_config_file(ctx, filename); }
int64_t mpv_get_time_us(mpv_handle *ctx) { return mpv.mpv_get_time_us(ctx); }
void mpv_free_node_contents(mpv_node *node) { mpv.mpv_free_node_contents(node); }
int mpv_set_option(mpv_handle *ctx, const char *name, mpv_format format, void *data) { return mpv.mpv_set_option(ctx, name, format, data); }
int mpv_set_option_string(mpv_handle *ctx, const char *name, const char *data) { return mpv.mpv_set_option_string(ctx, name, data); }
int mpv_command(mpv_handle *ctx, const char **args) { return mpv.mpv_command(ctx, args); }
int mpv_command_node(mpv_handle *ctx, mpv_node *args, mpv_node *result) { return mpv.mpv_command_node(ctx, args, result); }
int mpv_command_ret(mpv_handle *ctx, const char **args, mpv_node *result) { return mpv.mpv_command_ret(ctx, args, result); }
int mpv_command_string(mpv_handle *ctx, const char *args) { return mpv.mpv_command_string(ctx, args); }
int mpv_command_async(mpv_handle *ctx, uint64_t reply_userdata, const char **args) { return mpv.mpv_command_async(ctx, reply_userdata, args); }
int mpv_command_node_async(mpv_handle *ctx, uint64_t reply_userdata, mpv_node *args) { return mpv.mpv_command_node_async(ctx, reply_userdata, args); }
void mpv_abort_async_command(mpv_handle *ctx, uint64_t reply_userdata) { mpv.mpv_abort_async_command(ctx, reply_userdata); }
int mpv_set_property(mpv_handle *ctx, const char *name, mpv_format format, void *data) { return mpv.mpv_set_property(ctx, name, format, data); }
int mpv_set_property_string(mpv_handle *ctx, const char *name, const char *data) { return mpv.mpv_set_property_string(ctx, name, data); }
int mpv_set_property_async(mpv_handle *ctx, uint64_t reply_userdata, const char *name, mpv_format format, void *data) {
    return mpv.mpv_set_property_async(ctx, reply_userdata, name, format, data);
}
int mpv_get_property(mpv_handle *ctx, const char *name, mpv_format format, void *data) { return mpv.mpv_get_property(ctx, name, format, data); }
char *mpv_get_property_string(mpv_handle *ctx, const char *name) { return mpv.mpv_get_property_string(ctx, name); }
char *mpv_get_property_osd_string(mpv_handle *ctx, const char *name) { return mpv.mpv_get_property_osd_string(ctx, name); }
int mpv_get_property_async(mpv_handle *ctx, uint64_t reply_userdata, const char *name, mpv_format format) {
    return mpv.mpv_get_property_async(ctx, reply_userdata, name, format);
}
int mpv_observe_property(mpv_handle *ctx, uint64_t reply_userdata, const char *name, mpv_format format) {
    return mpv.mpv_observe_property(ctx, reply_userdata, name, format);
}
int mpv_unobserve_property(mpv_handle *ctx, uint64_t registered_reply_userdata) { return mpv.mpv_unobserve_property(ctx, registered_reply_userdata); }
int mpv_event_to_node(mpv_node *dst, mpv_event *src) { return mpv.mpv_event_to_node(dst, src); }
int mpv_request_event(mpv_handle *ctx, mpv_event_id event, int enable) { return mpv.mpv_request_event(ctx, event, enable); }
int mpv_request_log_messages(mpv_handle *ctx, const char *min_level) { return mpv.mpv_request_log_messages(ctx, min_level); }
mpv_event *mpv_wait_event(mpv_handle *ctx, double timeout) { return mpv.mpv_wait_event(ctx, timeout); }
void mpv_wakeup(mpv_handle *ctx) { mpv.mpv_wakeup(ctx); }
void mpv_set_wakeup_callback(mpv_handle *ctx, void (*cb)(void *d), void *d) { mpv.mpv_set_wakeup_callback(ctx, cb, d); }
void mpv_wait_async_requests(mpv_handle *ctx) { mpv.mpv_wait_async_requests(ctx); }
int mpv_hook_add(mpv_handle *ctx, uint64_t reply_userdata, const char *name, int priority) { return mpv.mpv_hook_add(ctx, reply_userdata, name, priority); }
int mpv_hook_continue(mpv_handle *ctx, uint64_t id) { return mpv.mpv_hook_continue(ctx, id); }
int mpv_get_wakeup_pipe(mpv_handle *ctx) { return mpv.mpv_get_wakeup_pipe(ctx); }
int mpv_render_context_create(mpv_render_context **res, mpv_handle *ctx, mpv_render_param *params) { return mpv.mpv_render_context_create(res, ctx, params); }
int mpv_render_context_set_parameter(mpv_render_context *ctx, mpv_render_param param) { return mpv.mpv_render_context_set_parameter(ctx, param); }
int mpv_render_context_get_info(mpv_render_context *ctx, mpv_render_param param) { return mpv.mpv_render_context_get_info(ctx, param); }
void mpv_render_context_set_update_callback(mpv_render_context *ctx, mpv_render_update_fn callback, void *callback_ctx) {
    mpv.mpv_render_context_set_update_callback(ctx, callback, callback_ctx);
}
uint64_t mpv_render_context_update(mpv_render_context *ctx) { return mpv.mpv_render_context_update(ctx); }
int mpv_render_context_render(mpv_render_context *ctx, mpv_render_param *params) { return mpv.mpv_render_context_render(ctx, params); }
void mpv_render_context_report_swap(mpv_render_context *ctx) { mpv.mpv_render_context_report_swap(ctx); }
void mpv_render_context_free(mpv_render_context *ctx) { mpv.mpv_render_context_free(ctx); }
