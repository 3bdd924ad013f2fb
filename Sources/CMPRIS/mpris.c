#include "tvs_mpris.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <time.h>
#include <unistd.h>

static const char *object_path = "/org/mpris/MediaPlayer2";
static const char *root_interface = "org.mpris.MediaPlayer2";
static const char *player_interface = "org.mpris.MediaPlayer2.Player";

struct tvs_mpris {
    sd_bus *bus;
    sd_bus_slot *root_slot;
    sd_bus_slot *player_slot;
    char name[96];
    char *identity;
    tvs_mpris_method on_method;
    void *context;

    char status[16];
    char *trackid, *title, *album, *artist, *art_url;
    int64_t length_us, position_us;
    double rate, volume;
    int can_go_next, can_go_previous, can_play, can_pause, can_seek, can_control, can_quit;
};

static void replace(char **slot, const char *value) {
    free(*slot);
    *slot = value ? strdup(value) : NULL;
}

/* Root interface */

static int root_property(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
                         void *userdata, sd_bus_error *error) {
    tvs_mpris *m = userdata;
    (void)bus; (void)path; (void)interface; (void)error;
    if (!strcmp(property, "CanQuit")) return sd_bus_message_append(reply, "b", m->can_quit);
    if (!strcmp(property, "CanRaise") || !strcmp(property, "HasTrackList") || !strcmp(property, "CanSetFullscreen")
        || !strcmp(property, "Fullscreen"))
        return sd_bus_message_append(reply, "b", 0);
    if (!strcmp(property, "Identity")) return sd_bus_message_append(reply, "s", m->identity ? m->identity : "tvshell");
    if (!strcmp(property, "DesktopEntry")) return sd_bus_message_append(reply, "s", "tvshell");
    if (!strcmp(property, "SupportedUriSchemes")) return sd_bus_message_append(reply, "as", 3, "file", "http", "https");
    if (!strcmp(property, "SupportedMimeTypes")) return sd_bus_message_append(reply, "as", 3, "video/mp4", "video/x-matroska", "application/vnd.apple.mpegurl");
    return -ENOENT;
}

static int call(tvs_mpris *m, const char *member, int64_t number, const char *text, sd_bus_message *message, sd_bus_error *error) {
    int r = m->on_method ? m->on_method(m->context, member, number, text) : -ENOSYS;
    if (r < 0) return sd_bus_error_setf(error, "org.mpris.MediaPlayer2.tvshell.Refused", "%s: refused (%s)", member, strerror(-r));
    return sd_bus_reply_method_return(message, NULL);
}

static int plain_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    return call(userdata, sd_bus_message_get_member(message), 0, NULL, message, error);
}

static int seek_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    int64_t offset = 0;
    int r = sd_bus_message_read(message, "x", &offset);
    if (r < 0) return r;
    return call(userdata, "Seek", offset, NULL, message, error);
}

static int set_position_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *track = NULL;
    int64_t position = 0;
    int r = sd_bus_message_read(message, "ox", &track, &position);
    if (r < 0) return r;
    return call(userdata, "SetPosition", position, track, message, error);
}

static int open_uri_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *uri = NULL;
    int r = sd_bus_message_read(message, "s", &uri);
    if (r < 0) return r;
    return call(userdata, "OpenUri", 0, uri, message, error);
}

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("CanQuit", "b", root_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanRaise", "b", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanSetFullscreen", "b", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Fullscreen", "b", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("HasTrackList", "b", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Identity", "s", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("DesktopEntry", "s", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", root_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END,
};

/* Player interface */

static int append_metadata(tvs_mpris *m, sd_bus_message *reply) {
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (r < 0) return r;
    const char *track = m->trackid ? m->trackid : "/org/mpris/MediaPlayer2/TrackList/NoTrack";
    r = sd_bus_message_append(reply, "{sv}", "mpris:trackid", "o", track);
    if (r >= 0 && m->title) r = sd_bus_message_append(reply, "{sv}", "xesam:title", "s", m->title);
    if (r >= 0 && m->album) r = sd_bus_message_append(reply, "{sv}", "xesam:album", "s", m->album);
    if (r >= 0 && m->artist) r = sd_bus_message_append(reply, "{sv}", "xesam:artist", "as", 1, m->artist);
    if (r >= 0 && m->art_url) r = sd_bus_message_append(reply, "{sv}", "mpris:artUrl", "s", m->art_url);
    if (r >= 0 && m->length_us > 0) r = sd_bus_message_append(reply, "{sv}", "mpris:length", "x", m->length_us);
    if (r < 0) return r;
    return sd_bus_message_close_container(reply);
}

/* Rate and Volume set by a client: to Swift as "SetRate" / "SetVolume" with
 * the value in millionths. Not a number is refused; a value beyond a million
 * (infinity too) is a million, so the millionths fit a 64-bit number. */
static int set_player_property(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *value,
                               void *userdata, sd_bus_error *error) {
    tvs_mpris *m = userdata;
    (void)bus; (void)path; (void)interface;
    double number = 0;
    int r = sd_bus_message_read(value, "d", &number);
    if (r < 0) return r;
    if (isnan(number)) return sd_bus_error_set_errno(error, EINVAL);
    number = fmin(fmax(number, -1e6), 1e6);
    const char *member = !strcmp(property, "Rate") ? "SetRate" : "SetVolume";
    r = m->on_method(m->context, member, (int64_t)llround(number * 1e6), NULL);
    if (r < 0) return sd_bus_error_set_errno(error, r);
    return 1;
}

static int player_property(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
                           void *userdata, sd_bus_error *error) {
    tvs_mpris *m = userdata;
    (void)bus; (void)path; (void)interface; (void)error;
    if (!strcmp(property, "PlaybackStatus")) return sd_bus_message_append(reply, "s", m->status);
    if (!strcmp(property, "Metadata")) return append_metadata(m, reply);
    if (!strcmp(property, "Position")) return sd_bus_message_append(reply, "x", m->position_us);
    if (!strcmp(property, "Rate")) return sd_bus_message_append(reply, "d", m->rate);
    if (!strcmp(property, "MinimumRate")) return sd_bus_message_append(reply, "d", 0.25);
    if (!strcmp(property, "MaximumRate")) return sd_bus_message_append(reply, "d", 2.0);
    if (!strcmp(property, "Volume")) return sd_bus_message_append(reply, "d", m->volume);
    if (!strcmp(property, "CanGoNext")) return sd_bus_message_append(reply, "b", m->can_go_next);
    if (!strcmp(property, "CanGoPrevious")) return sd_bus_message_append(reply, "b", m->can_go_previous);
    if (!strcmp(property, "CanPlay")) return sd_bus_message_append(reply, "b", m->can_play);
    if (!strcmp(property, "CanPause")) return sd_bus_message_append(reply, "b", m->can_pause);
    if (!strcmp(property, "CanSeek")) return sd_bus_message_append(reply, "b", m->can_seek);
    if (!strcmp(property, "CanControl")) return sd_bus_message_append(reply, "b", m->can_control);
    return -ENOENT;
}

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", plain_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Seek", "x", "", seek_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetPosition", "ox", "", set_position_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("OpenUri", "s", "", open_uri_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Metadata", "a{sv}", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Position", "x", player_property, 0, 0),
    SD_BUS_WRITABLE_PROPERTY("Rate", "d", player_property, set_player_property, 0,
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("MinimumRate", "d", player_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("MaximumRate", "d", player_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", player_property, set_player_property, 0,
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("CanGoNext", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanGoPrevious", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanPlay", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanPause", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanSeek", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanControl", "b", player_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_VTABLE_END,
};

tvs_mpris *tvs_mpris_open(int system, const char *identity, tvs_mpris_method on_method, void *context, int *error) {
    tvs_mpris *m = calloc(1, sizeof *m);
    if (!m) { *error = -ENOMEM; return NULL; }
    m->on_method = on_method;
    m->context = context;
    m->identity = identity ? strdup(identity) : NULL;
    strcpy(m->status, "Stopped");
    m->rate = 1.0;
    m->volume = 1.0;
    int r = system ? sd_bus_open_system(&m->bus) : sd_bus_open_user(&m->bus);
    if (r >= 0) r = sd_bus_add_object_vtable(m->bus, &m->root_slot, object_path, root_interface, root_vtable, m);
    if (r >= 0) r = sd_bus_add_object_vtable(m->bus, &m->player_slot, object_path, player_interface, player_vtable, m);
    if (r >= 0) {
        snprintf(m->name, sizeof m->name, "org.mpris.MediaPlayer2.tvshell");
        r = sd_bus_request_name(m->bus, m->name, 0);
        if (r == -EEXIST) {
            snprintf(m->name, sizeof m->name, "org.mpris.MediaPlayer2.tvshell.instance%d", (int)getpid());
            r = sd_bus_request_name(m->bus, m->name, 0);
        }
    }
    if (r < 0) {
        *error = r;
        tvs_mpris_close(m);
        return NULL;
    }
    return m;
}

void tvs_mpris_close(tvs_mpris *m) {
    if (!m) return;
    sd_bus_slot_unref(m->player_slot);
    sd_bus_slot_unref(m->root_slot);
    if (m->bus) sd_bus_flush_close_unref(m->bus);
    free(m->identity);
    free(m->trackid); free(m->title); free(m->album); free(m->artist); free(m->art_url);
    free(m);
}

const char *tvs_mpris_name(tvs_mpris *m) { return m->name; }
int tvs_mpris_fd(tvs_mpris *m) { return sd_bus_get_fd(m->bus); }

short tvs_mpris_events(tvs_mpris *m) {
    int events = sd_bus_get_events(m->bus);
    return events < 0 ? POLLIN : (short)events;
}

int tvs_mpris_timeout_ms(tvs_mpris *m) {
    uint64_t usec = 0;
    if (sd_bus_get_timeout(m->bus, &usec) < 0 || usec == UINT64_MAX) return -1;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t now_us = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
    return usec <= now_us ? 0 : (int)((usec - now_us + 999) / 1000);
}

int tvs_mpris_process(tvs_mpris *m) {
    int r;
    do { r = sd_bus_process(m->bus, NULL); } while (r > 0);
    return r;
}

void tvs_mpris_set_status(tvs_mpris *m, const char *status) {
    snprintf(m->status, sizeof m->status, "%s", status);
}

void tvs_mpris_set_metadata(tvs_mpris *m, const char *trackid, const char *title, const char *album, const char *artist,
                            const char *art_url, int64_t length_us) {
    replace(&m->trackid, trackid);
    replace(&m->title, title);
    replace(&m->album, album);
    replace(&m->artist, artist);
    replace(&m->art_url, art_url);
    m->length_us = length_us;
}

void tvs_mpris_set_position(tvs_mpris *m, int64_t position_us) { m->position_us = position_us; }

void tvs_mpris_set_numbers(tvs_mpris *m, double rate, double volume) {
    m->rate = rate;
    m->volume = volume;
}

void tvs_mpris_set_flags(tvs_mpris *m, int can_go_next, int can_go_previous, int can_play, int can_pause, int can_seek,
                         int can_control, int can_quit) {
    m->can_go_next = can_go_next;
    m->can_go_previous = can_go_previous;
    m->can_play = can_play;
    m->can_pause = can_pause;
    m->can_seek = can_seek;
    m->can_control = can_control;
    m->can_quit = can_quit;
}

int tvs_mpris_emit_changed(tvs_mpris *m, int player, const char **names) {
    return sd_bus_emit_properties_changed_strv(m->bus, object_path, player ? player_interface : root_interface, (char **)names);
}

int tvs_mpris_emit_seeked(tvs_mpris *m, int64_t position_us) {
    return sd_bus_emit_signal(m->bus, object_path, player_interface, "Seeked", "x", position_us);
}
