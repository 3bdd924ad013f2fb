#ifndef TVS_X11_H
#define TVS_X11_H

/* The few X requests the TV output makes itself: the keyboard focus for
 * mpv's window where nothing gives it (no window manager, as on a box
 * started with xinit; mpv hides the pointer over its window only while the
 * window has the focus), and the screen saver told of the viewer's keys
 * that do not come through X (lircd, CEC, input devices, the console).
 * libxcb is loaded with dlopen the first time (no link to X for a console
 * or Wayland box); errors come back per request, so no process-wide Xlib
 * error handler is touched (mpv sets its own). One thread only: the
 * shell's run loop. */

enum {
    /* The focus was on no window (PointerRoot or None), or on an older
     * window of this process: it is on this process's window now. */
    TVS_X11_GIVEN = 1,
    /* The focus is on this process's window already, or on another
     * client's window (someone manages the focus: left alone). */
    TVS_X11_HELD = 0,
    /* This process has no viewable top-level window (yet). */
    TVS_X11_NO_WINDOW = 2,
    /* The request was sent. */
    TVS_X11_SENT = 3,
    /* The display cannot be reached or does not answer (the reason:
     * tvs_x11_failure()); tried again at the next call. */
    TVS_X11_UNAVAILABLE = -1,
    /* libxcb cannot be loaded (the reason: tvs_x11_failure()). */
    TVS_X11_NO_LIBRARY = -2,
};

/* Looks at the focus on `display` (NULL: $DISPLAY), connecting the first
 * time (and again after the connection broke), and gives it to this
 * process's topmost viewable top-level window when no window has it. */
int tvs_x11_focus_own_window(const char *display);

/* Resets the screen saver of `display` (NULL: $DISPLAY), as a key typed on
 * X would: a blanked screen shows again and the wait before it blanks
 * starts over. Returns TVS_X11_SENT, or a failure as
 * tvs_x11_focus_own_window does. */
int tvs_x11_reset_screen_saver(const char *display);

/* Why the last call returned TVS_X11_UNAVAILABLE or TVS_X11_NO_LIBRARY. */
const char *tvs_x11_failure(void);

/* Closes the connection. */
void tvs_x11_close(void);

#endif
