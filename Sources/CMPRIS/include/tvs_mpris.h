#ifndef TVS_MPRIS_H
#define TVS_MPRIS_H

#include <stdint.h>

/* MPRIS (org.mpris.MediaPlayer2 and .Player) on sd-bus: the object tables,
 * which Swift cannot write (SD_BUS_VTABLE_* are macros), over a snapshot of
 * the player's state that Swift sets. Everything runs on the thread that
 * calls tvs_mpris_process (the run loop): getters read the snapshot, method
 * calls go to `on_method`, set by Swift. */

typedef struct tvs_mpris tvs_mpris;

/* What a method call asks: its name ("PlayPause", "Seek" …) and arguments
 * (Seek: offset µs; SetPosition: track id and position µs; OpenUri: uri).
 * Returns 0 when done, or a negative errno to refuse. */
typedef int (*tvs_mpris_method)(void *context, const char *member, int64_t number, const char *text);

/* Connects to the session bus (system = 0) or the system bus, publishes the
 * objects and takes `org.mpris.MediaPlayer2.tvshell` (or `.instance<pid>`
 * when that is taken). NULL with *error set (a negative errno) on failure. */
tvs_mpris *tvs_mpris_open(int system, const char *identity, tvs_mpris_method on_method, void *context, int *error);
void tvs_mpris_close(tvs_mpris *mpris);

/* The bus name taken. */
const char *tvs_mpris_name(tvs_mpris *mpris);

/* For poll(): the descriptor, the events to wait for, and the timeout in ms
 * (-1: none). */
int tvs_mpris_fd(tvs_mpris *mpris);
short tvs_mpris_events(tvs_mpris *mpris);
int tvs_mpris_timeout_ms(tvs_mpris *mpris);
/* Handles what the bus has; returns a negative errno when the bus is gone. */
int tvs_mpris_process(tvs_mpris *mpris);

/* The snapshot. Strings are copied; NULL clears one. */
void tvs_mpris_set_status(tvs_mpris *mpris, const char *status);
void tvs_mpris_set_metadata(tvs_mpris *mpris, const char *trackid, const char *title, const char *album, const char *artist,
                            const char *art_url, int64_t length_us);
void tvs_mpris_set_position(tvs_mpris *mpris, int64_t position_us);
void tvs_mpris_set_numbers(tvs_mpris *mpris, double rate, double volume);
/* Flags, in order: can_go_next, can_go_previous, can_play, can_pause, can_seek, can_control, can_quit. */
void tvs_mpris_set_flags(tvs_mpris *mpris, int can_go_next, int can_go_previous, int can_play, int can_pause, int can_seek,
                         int can_control, int can_quit);

/* PropertiesChanged for the Player (player = 1) or root interface with these
 * property names (NULL-terminated). */
int tvs_mpris_emit_changed(tvs_mpris *mpris, int player, const char **names);
/* The Seeked signal. */
int tvs_mpris_emit_seeked(tvs_mpris *mpris, int64_t position_us);

#endif
