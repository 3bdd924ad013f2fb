#include <linux/input.h>
#include <libevdev/libevdev.h>
#include <libudev.h>
#include <sys/ioctl.h>

/* EVIOCGRAB as a value (Swift does not import the _IOW macro). */
static inline unsigned long tvs_eviocgrab(void) { return EVIOCGRAB; }
/* Grabs (1) or lets go of (0) an input device; 0 or -1 with errno. */
static inline int tvs_input_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, (void *)(long)grab); }

/* The kernel's HDMI-CEC framework (/dev/cecN): its ioctls as functions
   (Swift imports neither the _IOWR macros nor variadic ioctl). Each returns
   0, or -1 with errno. */
#include <linux/cec.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static inline int tvs_cec_caps(int fd, char driver[32], char name[32], unsigned *available) {
    struct cec_caps caps;
    memset(&caps, 0, sizeof caps);
    if (ioctl(fd, CEC_ADAP_G_CAPS, &caps) < 0) return -1;
    memcpy(driver, caps.driver, 32);
    memcpy(name, caps.name, 32);
    driver[31] = name[31] = 0;
    *available = caps.available_log_addrs;
    return 0;
}

static inline int tvs_cec_physical_address(int fd, unsigned short *address) {
    __u16 value = 0;
    if (ioctl(fd, CEC_ADAP_G_PHYS_ADDR, &value) < 0) return -1;
    *address = value;
    return 0;
}

/* The claimed logical addresses as a mask (bit N: address N). */
static inline int tvs_cec_logical_addresses(int fd, unsigned *mask) {
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    if (ioctl(fd, CEC_ADAP_G_LOG_ADDRS, &addrs) < 0) return -1;
    *mask = addrs.log_addr_mask;
    return 0;
}

/* Asks the kernel to claim one Playback Device address under `osd_name`. */
static inline int tvs_cec_claim_playback(int fd, const char *osd_name, unsigned vendor_id) {
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    addrs.cec_version = CEC_OP_CEC_VERSION_2_0;
    addrs.num_log_addrs = 1;
    addrs.vendor_id = vendor_id;
    addrs.flags = CEC_LOG_ADDRS_FL_ALLOW_UNREG_FALLBACK;
    strncpy(addrs.osd_name, osd_name, sizeof addrs.osd_name - 1);
    addrs.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
    addrs.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
    addrs.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
    return ioctl(fd, CEC_ADAP_S_LOG_ADDRS, &addrs);
}

/* Initiator, and the exclusive follower: the messages the kernel does not
   answer itself come to this descriptor. */
static inline int tvs_cec_follow(int fd) {
    __u32 mode = CEC_MODE_INITIATOR | CEC_MODE_EXCL_FOLLOWER;
    return ioctl(fd, CEC_S_MODE, &mode);
}

/* One received frame into bytes[16]; its length in *length. */
static inline int tvs_cec_receive(int fd, unsigned char bytes[16], unsigned *length) {
    struct cec_msg msg;
    memset(&msg, 0, sizeof msg);
    if (ioctl(fd, CEC_RECEIVE, &msg) < 0) return -1;
    memcpy(bytes, msg.msg, 16);
    *length = msg.len > 16 ? 16 : msg.len;
    return 0;
}

/* Queues a frame (non-blocking descriptor: the result is not waited for). */
static inline int tvs_cec_transmit(int fd, const unsigned char *bytes, unsigned length) {
    struct cec_msg msg;
    memset(&msg, 0, sizeof msg);
    msg.len = length > 16 ? 16 : length;
    memcpy(msg.msg, bytes, msg.len);
    return ioctl(fd, CEC_TRANSMIT, &msg);
}

/* A state change (address claimed, cable moved): 1 with the physical address
   and the logical address mask; 0 for other events; -1 with errno. */
static inline int tvs_cec_event(int fd, unsigned short *physical, unsigned *mask) {
    struct cec_event event;
    memset(&event, 0, sizeof event);
    if (ioctl(fd, CEC_DQEVENT, &event) < 0) return -1;
    if (event.event != CEC_EVENT_STATE_CHANGE) return 0;
    *physical = event.state_change.phys_addr;
    *mask = event.state_change.log_addr_mask;
    return 1;
}
