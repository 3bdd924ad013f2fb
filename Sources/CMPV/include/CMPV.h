#ifndef TVSHELL_CMPV_H
#define TVSHELL_CMPV_H

/* libmpv's client and render API, as declared by libmpv-dev. The functions
 * are defined by CMPV.c, which loads libmpv.so.2 the first time one is
 * needed (or when tvs_mpv_preload asks) instead of at process start: linked,
 * libmpv and its ~230 libraries cost every process ~110 ms and ~45 MiB
 * before main, also the ones that never play (guide update, lineup inspect,
 * --version). */
#include <mpv/client.h>
#include <mpv/render.h>

/* Loads libmpv if it is not loaded yet; 0 when it is there, -1 when it could
 * not be (tvs_mpv_load_error says why). Any thread; calls after the first
 * wait for it and return its result. */
int tvs_mpv_load(void);

/* Starts tvs_mpv_load on a thread of its own and returns at once, so libmpv
 * loads while the caller does other work. Any thread; idempotent. */
void tvs_mpv_preload(void);

/* Why libmpv could not be loaded (dlerror's text), or NULL. After
 * tvs_mpv_load returned; any thread. */
const char *tvs_mpv_load_error(void);

#endif
