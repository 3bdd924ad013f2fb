/* See CX11.h. */
#define _GNU_SOURCE
#include "CX11.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xcb/xcb.h>
#include <xcb/xproto.h>

#define TVS_XCB_FUNCTIONS(F)                                                                            \
    F(xcb_connect) F(xcb_disconnect) F(xcb_connection_has_error) F(xcb_get_setup)                       \
    F(xcb_setup_roots_iterator) F(xcb_screen_next) F(xcb_intern_atom) F(xcb_intern_atom_reply)          \
    F(xcb_query_tree) F(xcb_query_tree_reply) F(xcb_query_tree_children)                                \
    F(xcb_query_tree_children_length) F(xcb_get_property) F(xcb_get_property_reply)                     \
    F(xcb_get_property_value) F(xcb_get_property_value_length) F(xcb_get_window_attributes)             \
    F(xcb_get_window_attributes_reply) F(xcb_get_input_focus) F(xcb_get_input_focus_reply)              \
    F(xcb_set_input_focus_checked) F(xcb_request_check) F(xcb_force_screen_saver) F(xcb_flush)

#define TVS_POINTER(name) __typeof__(&name) name;
static struct {
    TVS_XCB_FUNCTIONS(TVS_POINTER)
} x;

static int loaded = -1;
static char failure[256];
static xcb_connection_t *connection;
static xcb_window_t root;
static xcb_atom_t pid_atom;

static int load(void) {
    if (loaded >= 0) return loaded;
    loaded = 0;
    void *library = dlopen("libxcb.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libxcb.so.1 cannot be loaded");
        return 0;
    }
#define TVS_RESOLVE(name)                                                \
    if ((x.name = (__typeof__(x.name))dlsym(library, #name)) == NULL) {  \
        snprintf(failure, sizeof failure, "libxcb.so.1 has no %s", #name); \
        return 0;                                                        \
    }
    TVS_XCB_FUNCTIONS(TVS_RESOLVE)
    loaded = 1;
    return 1;
}

static int connect_display(const char *display) {
    if (connection != NULL && !x.xcb_connection_has_error(connection)) return 1;
    if (connection != NULL) {
        x.xcb_disconnect(connection);
        connection = NULL;
    }
    int screen = 0;
    xcb_connection_t *made = x.xcb_connect(display, &screen);
    if (made == NULL || x.xcb_connection_has_error(made)) {
        if (made != NULL) x.xcb_disconnect(made);
        snprintf(failure, sizeof failure, "the display %s cannot be reached", display ? display : "$DISPLAY");
        return 0;
    }
    xcb_screen_iterator_t screens = x.xcb_setup_roots_iterator(x.xcb_get_setup(made));
    for (int i = 0; i < screen && screens.rem > 0; i++) x.xcb_screen_next(&screens);
    if (screens.rem <= 0) {
        x.xcb_disconnect(made);
        snprintf(failure, sizeof failure, "the display has no screen %d", screen);
        return 0;
    }
    root = screens.data->root;
    xcb_intern_atom_reply_t *atom = x.xcb_intern_atom_reply(made, x.xcb_intern_atom(made, 0, 11, "_NET_WM_PID"), NULL);
    if (atom == NULL) {
        x.xcb_disconnect(made);
        snprintf(failure, sizeof failure, "the display does not answer");
        return 0;
    }
    pid_atom = atom->atom;
    free(atom);
    connection = made;
    return 1;
}

/* Whether `window` is viewable and says it is this process's. */
static int is_own(xcb_window_t window) {
    xcb_get_window_attributes_reply_t *attributes =
        x.xcb_get_window_attributes_reply(connection, x.xcb_get_window_attributes(connection, window), NULL);
    int viewable = attributes != NULL && attributes->map_state == XCB_MAP_STATE_VIEWABLE;
    free(attributes);
    if (!viewable) return 0;
    xcb_get_property_reply_t *property =
        x.xcb_get_property_reply(connection, x.xcb_get_property(connection, 0, window, pid_atom, XCB_ATOM_CARDINAL, 0, 1), NULL);
    int own = property != NULL && property->format == 32 && x.xcb_get_property_value_length(property) >= 4
        && *(uint32_t *)x.xcb_get_property_value(property) == (uint32_t)getpid();
    free(property);
    return own;
}

int tvs_x11_focus_own_window(const char *display) {
    if (!load()) return TVS_X11_NO_LIBRARY;
    if (!connect_display(display)) return TVS_X11_UNAVAILABLE;
    xcb_query_tree_reply_t *tree = x.xcb_query_tree_reply(connection, x.xcb_query_tree(connection, root), NULL);
    if (tree == NULL) {
        snprintf(failure, sizeof failure, "the display's windows cannot be listed");
        return TVS_X11_UNAVAILABLE;
    }
    /* Bottom to top: the last of this process's windows is the one on top. */
    xcb_window_t *children = x.xcb_query_tree_children(tree);
    int count = x.xcb_query_tree_children_length(tree);
    xcb_window_t top = XCB_NONE;
    int own_count = 0;
    xcb_window_t own[8];
    for (int i = 0; i < count; i++) {
        if (!is_own(children[i])) continue;
        top = children[i];
        if (own_count < 8) own[own_count++] = children[i];
    }
    free(tree);
    if (top == XCB_NONE) return TVS_X11_NO_WINDOW;
    xcb_get_input_focus_reply_t *focus = x.xcb_get_input_focus_reply(connection, x.xcb_get_input_focus(connection), NULL);
    if (focus == NULL) {
        snprintf(failure, sizeof failure, "the display does not say where the focus is");
        return TVS_X11_UNAVAILABLE;
    }
    xcb_window_t focused = focus->focus;
    free(focus);
    if (focused == top) return TVS_X11_HELD;
    int on_nothing = focused == XCB_NONE || focused == XCB_INPUT_FOCUS_POINTER_ROOT || focused == root;
    int on_older = 0;
    for (int i = 0; i < own_count; i++) on_older |= own[i] == focused;
    if (!on_nothing && !on_older) return TVS_X11_HELD;
    xcb_generic_error_t *error = x.xcb_request_check(
        connection, x.xcb_set_input_focus_checked(connection, XCB_INPUT_FOCUS_POINTER_ROOT, top, XCB_CURRENT_TIME));
    if (error != NULL) {
        /* The window went between the look and the set (a swap): looked at again next time. */
        free(error);
        return TVS_X11_NO_WINDOW;
    }
    return TVS_X11_GIVEN;
}

int tvs_x11_reset_screen_saver(const char *display) {
    if (!load()) return TVS_X11_NO_LIBRARY;
    if (!connect_display(display)) return TVS_X11_UNAVAILABLE;
    x.xcb_force_screen_saver(connection, XCB_SCREEN_SAVER_RESET);
    if (x.xcb_flush(connection) <= 0) {
        snprintf(failure, sizeof failure, "the display's connection broke");
        return TVS_X11_UNAVAILABLE;
    }
    return TVS_X11_SENT;
}

const char *tvs_x11_failure(void) { return failure; }

void tvs_x11_close(void) {
    if (connection != NULL) {
        x.xcb_disconnect(connection);
        connection = NULL;
    }
}
