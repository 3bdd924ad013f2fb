#ifndef CPOSIX_H
#define CPOSIX_H
/* POSIX helpers Swift's Glibc lacks or cannot express: non-blocking pipes,
 * the terminal's size and output mode, a socket peer's user id, and the process-wide signal guard
 * that restores the terminal on every exit path. No ncurses here. */
#include <stdint.h>

/* Size of the controlling terminal (fd), from TIOCGWINSZ; 0 on success. */
int tvs_window_size(int fd, int *rows, int *cols);

/* Turns off output processing (OPOST) on the terminal fd: bytes go to the
 * terminal as written, without the kernel scanning each for newlines and
 * tabs. Call in curses mode, then def_prog_mode(); endwin() and the guard
 * restore the mode saved before. 0 on success. */
int tvs_output_unprocessed(int fd);

/* Turns off software flow control (IXON, IXOFF) on the terminal fd: ^S and
 * ^Q reach the program as keys; they no longer stop and restart its output
 * (one ^S froze the picture until a ^Q: in a kiosk, a TV stopped by one key).
 * Call in curses mode, then def_prog_mode(); endwin() and the guard restore
 * the mode saved before. 0 on success. */
int tvs_input_no_flow_control(int fd);

/* The same, with the pixel size the terminal reports (0 when it does not). */
int tvs_window_pixels(int fd, int *rows, int *cols, int *xpixel, int *ypixel);

/* Signal guard. Call once from the main thread before initscr and before any
 * other thread exists. SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGQUIT
 * write their number as one byte to notify_fd (non-blocking); the main loop
 * decides what they mean. SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP
 * restore the terminal saved here (termios, attributes, cursor, main screen),
 * then hand the signal to the handler that was installed before (Swift's
 * backtracer) when SWIFT_BACKTRACE has interactive=no, else end the process
 * by the signal at once (the backtracer would wait 30 s for a key on a
 * terminal nobody types on). Async-signal-safe. */
int tvs_guard_install(int notify_fd);

/* A file the fatal-signal handler unlinks (a frame in shared memory); up
 * to eight, paths under 64 bytes. Main thread, before the files exist. */
void tvs_guard_unlink_on_crash(const char *path);

/* Restores the saved termios and, while the screen is taken over, writes
 * sgr0 / cnorm / rmcup. Async-signal-safe; idempotent. */
void tvs_guard_restore_terminal(void);

/* Tells the guard whether curses owns the screen (set after initscr, cleared
 * after endwin), so a crash restores it and a headless run writes nothing. */
void tvs_guard_set_screen_active(int active);

/* Creates a pipe with O_CLOEXEC and O_NONBLOCK on both ends; 0 on success. */
int tvs_pipe_nonblocking(int fds[2]);

/* The user id of the process at the other end of a connected Unix socket
 * (SO_PEERCRED); 0 on success. */
int tvs_peer_uid(int fd, unsigned int *uid);

/* glibc's mallopt(M_MMAP_THRESHOLD, bytes), which also stops the threshold
 * from moving by itself; 1 on success. */
int tvs_set_mmap_threshold(int bytes);

/* glibc's mallopt(M_ARENA_MAX, arenas): at most that many malloc arenas
 * from then on; 1 on success. */
int tvs_set_arena_max(int arenas);

/* glibc's malloc_trim(0): every arena's free pages given back to the
 * system; 1 when any were. Any thread (each arena is locked in turn). */
int tvs_trim_heap(void);

/* A descriptor that becomes readable when the system clock is set (NTP's
 * step at the boot of a box without a real-time clock, date -s, a resume
 * from suspend): a timerfd on CLOCK_REALTIME armed centuries ahead with
 * TFD_TIMER_CANCEL_ON_SET; non-blocking, close-on-exec. -1 on failure. */
int tvs_clock_watch_open(void);

/* Whether the clock was set since the last call (1) or not (0); the watch
 * is armed again. -1 on another error. Call when the descriptor is
 * readable, from the thread that polls it. */
int tvs_clock_watch_take(int fd);

/* Points the C library's `stdout` stream (what printf writes to) at the
 * file `path` (appended), leaving descriptor 1, the terminal the screen is
 * drawn on, as it is: a library that prints its notes there (libdvdnav and
 * libdvdread, at each disc they open: "DVD Title: …") no longer writes
 * over the screen. Returns the stream it replaced, to give back to
 * `tvs_restore_stdout_stream`; NULL when `path` cannot be opened. Call on
 * the main thread once the screen's library holds its own stream. */
void *tvs_divert_stdout_stream(const char *path);

/* Points `stdout` back at the stream `tvs_divert_stdout_stream` replaced.
 * The diverted stream is flushed, not closed: a player's thread may still
 * hold it. */
void tvs_restore_stdout_stream(void *saved);

#endif
