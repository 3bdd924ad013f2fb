#ifndef TVS_RECORDER_H
#define TVS_RECORDER_H

#include <stddef.h>

/* How far a recording has come: bytes in the file, seconds of media in it,
 * and whether the stream has an end (`finite`: a file, or an HLS playlist
 * with its end; a live stream has none, whatever size its server claims). */
typedef struct {
    long long bytes;
    double seconds;
    int finite;
} tvs_record_progress;

/* How a recording ended. */
enum {
    TVS_RECORD_DONE = 0,        /* reached stop_at */
    TVS_RECORD_SOURCE_ENDED = 1,/* the stream ended (or stopped answering) before stop_at */
    TVS_RECORD_DISK_FULL = 2,   /* no space left: what was written is kept */
    TVS_RECORD_NO_SOURCE = 3,   /* the stream could not be opened or read */
    TVS_RECORD_WRITE_FAILED = 4,/* the file could not be made or written */
    TVS_RECORD_NO_LIBRARY = 5   /* libavformat could not be loaded */
};

/* Copies the streams of `url` (with HTTP `headers`, "Name: value\r\n"…, or
 * NULL) into a Matroska file at `path`, without decoding, from the first
 * video keyframe until the wall clock (Unix seconds) reaches `stop_at`, or,
 * for a stream that is not live (it has an end, or it has given more than
 * `ahead` seconds beyond the time it took: read as fast as it comes, not at
 * its pace), until the file holds `most_seconds` of it (0: no such limit;
 * DONE). `tags` ("NAME=value\n"…, or NULL) become the file's global tags.
 * `progress` is called about once a second from this thread, and once at
 * the end. Blocking; one recording per call, any thread. `message` gets a
 * sentence on failure. */
int tvs_record(const char *url, const char *headers, const char *path, const char *tags, double stop_at, double most_seconds, double ahead,
               void (*progress)(const tvs_record_progress *, void *), void *context,
               char *message, size_t message_size);

/* Asks the recording under way to stop, keeping what it has (its file is
 * finished as at its end). Async-signal-safe: for a SIGTERM handler. */
void tvs_record_stop(void);

/* Whether `tvs_record_stop` was called. */
int tvs_record_stop_requested(void);

/* Forgets a stop asked for: what comes after the recording (finishing its
 * files) is not stopped by it, only by a stop asked for again. */
void tvs_record_stop_reset(void);

/* Whether the file at `path` says how long it is: 1 yes, 0 no (a
 * Matroska file whose recorder was killed before it finished it), -1 it
 * cannot be read. Reads its header only; any thread. */
int tvs_record_is_whole(const char *path);

/* Starts `path` with `argv` as a process of its own
 * session, so it outlives this one: `input` (`input_length` bytes) on its
 * standard input, standard output to /dev/null, standard error appended to
 * `log_path` (made 0600; NULL or not openable: /dev/null), no other
 * descriptor inherited. Its pid in `pid`; -1 with errno on failure. */
int tvs_recorder_spawn(const char *path, char *const argv[], const char *input, size_t input_length, const char *log_path, int *pid);

#endif
