#include <linux/input.h>
#include <libevdev/libevdev.h>
#include <libudev.h>
#include <sys/ioctl.h>

/* EVIOCGRAB as a value (Swift does not import the _IOW macro). */
static inline unsigned long tvs_eviocgrab(void) { return EVIOCGRAB; }
/* Grabs (1) or lets go of (0) an input device; 0 or -1 with errno. */
static inline int tvs_input_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, (void *)(long)grab); }
