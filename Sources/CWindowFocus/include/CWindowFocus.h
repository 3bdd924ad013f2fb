#ifndef TVS_WINDOW_FOCUS_H
#define TVS_WINDOW_FOCUS_H

/* The X keyboard focus for mpv's window on an X server where nothing else
 * gives it (no window manager, as on a box started with xinit): mpv hides
 * the pointer over its window only while the window has the focus.
 * libxcb is loaded with dlopen the first time (no link to X for a console
 * or Wayland box); errors come back per request, so no process-wide Xlib
 * error handler is touched (mpv sets its own). One thread only: the
 * shell's run loop. */

enum {
    /* The focus was on no window (PointerRoot or None), or on an older
     * window of this process: it is on this process's window now. */
    TVS_FOCUS_GIVEN = 1,
    /* The focus is on this process's window already, or on another
     * client's window (someone manages the focus: left alone). */
    TVS_FOCUS_HELD = 0,
    /* This process has no viewable top-level window (yet). */
    TVS_FOCUS_NO_WINDOW = 2,
    /* The display cannot be reached or does not answer (the reason:
     * tvs_focus_failure()); tried again at the next call. */
    TVS_FOCUS_UNAVAILABLE = -1,
    /* libxcb cannot be loaded (the reason: tvs_focus_failure()). */
    TVS_FOCUS_NO_LIBRARY = -2,
};

/* Looks at the focus on `display` (NULL: $DISPLAY), connecting the first
 * time (and again after the connection broke), and gives it to this
 * process's topmost viewable top-level window when no window has it. */
int tvs_focus_own_window(const char *display);

/* Why the last call returned TVS_FOCUS_UNAVAILABLE or TVS_FOCUS_NO_LIBRARY. */
const char *tvs_focus_failure(void);

/* Closes the connection. */
void tvs_focus_close(void);

#endif
