#define _GNU_SOURCE 1
#include "CPosix.h"
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <termios.h>
#include <unistd.h>

int tvs_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

int tvs_output_unprocessed(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return -1;
    if (!(t.c_oflag & OPOST)) return 0;
    t.c_oflag &= ~OPOST;
    return tcsetattr(fd, TCSADRAIN, &t);
}

int tvs_input_no_flow_control(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return -1;
    if (!(t.c_iflag & (IXON | IXOFF))) return 0;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    return tcsetattr(fd, TCSANOW, &t);
}

int tvs_window_pixels(int fd, int *rows, int *cols, int *xpixel, int *ypixel) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    *xpixel = ws.ws_xpixel;
    *ypixel = ws.ws_ypixel;
    return 0;
}

int tvs_pipe_nonblocking(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

static int guard_fd = -1;
static int have_termios = 0;
static struct termios saved_termios;
static volatile sig_atomic_t screen_active = 0;

void tvs_guard_set_screen_active(int active) {
    screen_active = active;
}

static const int notify_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGQUIT };
static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
#define NFATAL (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static struct sigaction previous_fatal[NFATAL];

void tvs_guard_restore_terminal(void) {
    if (!screen_active) return;
    screen_active = 0;
    if (have_termios) tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    /* CAN and ST first: a video frame cut off mid-escape (a CSI, a sixel or
     * kitty image) is abandoned, so the rest is read as the reset it is. */
    static const char reset[] = "\030\033\\\033[0m\033[?25h\033[?1049l\r\n";
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof(reset) - 1);
    (void)ignored;
}

static void notify_handler(int sig) {
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    if (guard_fd >= 0) {
        ssize_t ignored = write(guard_fd, &b, 1);
        (void)ignored;
    }
    errno = saved;
}

#define NUNLINK 8
static char unlink_paths[NUNLINK][64];
static volatile sig_atomic_t unlink_count = 0;

void tvs_guard_unlink_on_crash(const char *path) {
    if (unlink_count >= NUNLINK || strlen(path) >= sizeof(unlink_paths[0])) return;
    strcpy(unlink_paths[unlink_count], path);
    unlink_count = unlink_count + 1;
}

/* Whether a crash goes on to the handler installed before ours (Swift's
 * backtracer). Only when SWIFT_BACKTRACE says interactive=no: by default the
 * backtracer waits 30 s for a key on a terminal and then spins, which on a TV
 * nobody presses. Without it the process ends at once, by the signal. */
static int chain_fatal = 0;

static void fatal_handler(int sig, siginfo_t *info, void *uctx) {
    tvs_guard_restore_terminal();
    for (int i = 0; i < unlink_count; i++) unlink(unlink_paths[i]);
    for (size_t i = 0; chain_fatal && i < NFATAL; i++) {
        if (fatal_signals[i] != sig) continue;
        struct sigaction *prev = &previous_fatal[i];
        sigaction(sig, prev, NULL);
        if ((prev->sa_flags & SA_SIGINFO) && prev->sa_sigaction) {
            prev->sa_sigaction(sig, info, uctx);
            return;
        }
        if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN && prev->sa_handler) {
            prev->sa_handler(sig);
            return;
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int tvs_guard_install(int notify_fd) {
    guard_fd = notify_fd;
    const char *backtrace = getenv("SWIFT_BACKTRACE");
    chain_fatal = backtrace != NULL && strstr(backtrace, "interactive=no") != NULL;
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved_termios) == 0) have_termios = 1;

    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof(notify_signals) / sizeof(notify_signals[0]); i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = notify_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        if (sigaction(notify_signals[i], &sa, NULL) != 0) return -1;
        sigaddset(&unblock, notify_signals[i]);
    }
    for (size_t i = 0; i < NFATAL; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_sigaction = fatal_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(fatal_signals[i], &sa, &previous_fatal[i]) != 0) return -1;
        sigaddset(&unblock, fatal_signals[i]);
    }
    signal(SIGPIPE, SIG_IGN);
    return sigprocmask(SIG_UNBLOCK, &unblock, NULL);
}

int tvs_peer_uid(int fd, unsigned int *uid) {
    struct ucred cred;
    socklen_t length = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) return -1;
    *uid = cred.uid;
    return 0;
}

int tvs_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int tvs_set_arena_max(int arenas) {
    return mallopt(M_ARENA_MAX, arenas);
}

int tvs_trim_heap(void) {
    return malloc_trim(0);
}

/* Arms the clock watch: an absolute expiry in about 2242 (within the
 * kernel's ktime range), cancelled when the clock is set. */
static int clock_watch_arm(int fd) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = (time_t)1 << 33;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int tvs_clock_watch_open(void) {
    int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd < 0) return -1;
    if (clock_watch_arm(fd) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int tvs_clock_watch_take(int fd) {
    uint64_t expirations;
    ssize_t got = read(fd, &expirations, sizeof expirations);
    if (got < 0 && errno == EAGAIN) return 0;
    /* ECANCELED: the clock was set. An expiry (the clock set past 2242)
     * counts as a set too. */
    if (got < 0 && errno != ECANCELED) return -1;
    return clock_watch_arm(fd) == 0 ? 1 : -1;
}

void *tvs_divert_stdout_stream(const char *path) {
    FILE *file = fopen(path, "ae");
    if (file == NULL) return NULL;
    setvbuf(file, NULL, _IOLBF, 0);
    fflush(stdout);
    FILE *saved = stdout;
    stdout = file;
    return saved;
}

void tvs_restore_stdout_stream(void *saved) {
    if (saved == NULL) return;
    fflush(stdout);
    stdout = (FILE *)saved;
}
