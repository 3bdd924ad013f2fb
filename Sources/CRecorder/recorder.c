/* A recording: libavformat's demuxer into its Matroska muxer, packets
 * copied as they come (no decoding, so nothing is ever shown or decoded).
 * libavformat, libavcodec and libavutil are loaded with dlopen the first time
 * (as libmpv is), so the shell's start never pays for them. */
#define _GNU_SOURCE
#include "CRecorder.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/mathematics.h>

#define TVS_STR2(x) #x
#define TVS_STR(x) TVS_STR2(x)

#define TVS_AVFORMAT_FUNCTIONS(F)                                                                     \
    F(avformat_network_init) F(avformat_open_input) F(avformat_find_stream_info) F(avformat_close_input) \
    F(avformat_alloc_output_context2) F(avformat_new_stream) F(avformat_write_header) F(av_read_frame)   \
    F(av_interleaved_write_frame) F(av_write_trailer) F(avformat_free_context) F(avio_open2)             \
    F(avio_closep) F(avio_seek) F(avformat_query_codec) F(avformat_alloc_context)
#define TVS_AVCODEC_FUNCTIONS(F) F(avcodec_parameters_copy) F(av_packet_alloc) F(av_packet_free) F(av_packet_unref) F(av_packet_rescale_ts)
#define TVS_AVUTIL_FUNCTIONS(F) F(av_dict_set) F(av_dict_get) F(av_dict_free) F(av_strerror) F(av_rescale_q) F(av_log_set_level)

#define TVS_POINTER(name) __typeof__(&name) name;
static struct {
    TVS_AVFORMAT_FUNCTIONS(TVS_POINTER)
    TVS_AVCODEC_FUNCTIONS(TVS_POINTER)
    TVS_AVUTIL_FUNCTIONS(TVS_POINTER)
} av;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[512];

static int resolve(void *library, const char *file, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(failure, sizeof failure, "%s has no %s", file, name);
        return -1;
    }
    return 0;
}

static void load(void) {
    static const char *files[3] = {
        "libavutil.so." TVS_STR(LIBAVUTIL_VERSION_MAJOR),
        "libavcodec.so." TVS_STR(LIBAVCODEC_VERSION_MAJOR),
        "libavformat.so." TVS_STR(LIBAVFORMAT_VERSION_MAJOR),
    };
    void *libraries[3];
    for (int i = 0; i < 3; i++) {
        libraries[i] = dlopen(files[i], RTLD_LAZY | RTLD_LOCAL);
        if (libraries[i] == NULL) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "%s", reason ? reason : files[i]);
            return;
        }
    }
#define TVS_RESOLVE(index, name) \
    if (resolve(libraries[index], files[index], #name, (void **)&av.name) != 0) return;
#define TVS_RESOLVE_UTIL(name) TVS_RESOLVE(0, name)
#define TVS_RESOLVE_CODEC(name) TVS_RESOLVE(1, name)
#define TVS_RESOLVE_FORMAT(name) TVS_RESOLVE(2, name)
    TVS_AVUTIL_FUNCTIONS(TVS_RESOLVE_UTIL)
    TVS_AVCODEC_FUNCTIONS(TVS_RESOLVE_CODEC)
    TVS_AVFORMAT_FUNCTIONS(TVS_RESOLVE_FORMAT)
    av.av_log_set_level(AV_LOG_QUIET);
    av.avformat_network_init();
    loaded = 1;
}

static volatile sig_atomic_t stop_requested;

void tvs_record_stop(void) { stop_requested = 1; }

int tvs_record_stop_requested(void) { return stop_requested != 0; }

void tvs_record_stop_reset(void) { stop_requested = 0; }

static double wall_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)now.tv_sec + now.tv_nsec / 1e9;
}

/* Blocking reads give up once the stop time has passed. */
static int interrupted(void *opaque) {
    return stop_requested || wall_clock() >= *(const double *)opaque;
}

/* An HLS master playlist opens each variant as a program of its own, all
 * of them downloaded and all their streams kept. One is kept: the highest
 * `variant_bitrate` (the best picture); the others' streams are discarded,
 * so the demuxer stops downloading them and the file holds one picture.
 * Anything with one program or none keeps every stream. */
static void keep_one_variant(AVFormatContext *input) {
    if (input->nb_programs < 2) return;
    int keep = -1;
    long long best = -1;
    for (unsigned p = 0; p < input->nb_programs; p++) {
        AVProgram *program = input->programs[p];
        if (program->nb_stream_indexes == 0) continue;
        AVDictionaryEntry *rate = av.av_dict_get(program->metadata, "variant_bitrate", NULL, 0);
        long long value = rate != NULL ? strtoll(rate->value, NULL, 10) : 0;
        if (value > best) {
            best = value;
            keep = (int)p;
        }
    }
    if (keep < 0) return;
    for (unsigned i = 0; i < input->nb_streams; i++) {
        int wanted = 0;
        for (unsigned k = 0; k < input->programs[keep]->nb_stream_indexes; k++) {
            if (input->programs[keep]->stream_index[k] == i) wanted = 1;
        }
        if (!wanted) input->streams[i]->discard = AVDISCARD_ALL;
    }
}

/* `tags`, "NAME=value" lines, as the output's global metadata. */
static void set_tags(AVFormatContext *output, const char *tags) {
    if (tags == NULL) return;
    char line[1024];
    while (*tags != '\0') {
        size_t length = strcspn(tags, "\n");
        if (length < sizeof line) {
            memcpy(line, tags, length);
            line[length] = '\0';
            char *equals = strchr(line, '=');
            if (equals != NULL && equals != line) {
                *equals = '\0';
                av.av_dict_set(&output->metadata, line, equals + 1, 0);
            }
        }
        tags += length;
        if (*tags == '\n') tags++;
    }
}

static void describe(int code, const char *what, char *message, size_t size) {
    char reason[256];
    if (av.av_strerror(code, reason, sizeof reason) < 0) snprintf(reason, sizeof reason, "error %d", code);
    snprintf(message, size, "%s: %s", what, reason);
}

int tvs_record(const char *url, const char *headers, const char *path, const char *tags, double stop_at, double most_seconds, double ahead,
               void (*progress)(const tvs_record_progress *, void *), void *context,
               char *message, size_t message_size) {
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(message, message_size, "libavformat cannot be loaded (%s)", failure);
        return TVS_RECORD_NO_LIBRARY;
    }
    int result = TVS_RECORD_DONE;
    AVFormatContext *input = av.avformat_alloc_context();
    AVFormatContext *output = NULL;
    AVPacket *packet = av.av_packet_alloc();
    AVDictionary *options = NULL;
    int *map = NULL;
    int64_t *offsets = NULL, *last = NULL;
    int started = 0, header_written = 0, finite = 0;
    int64_t first_pts = AV_NOPTS_VALUE, newest_pts = AV_NOPTS_VALUE;
    AVRational base = {1, 1000};
    double stop = stop_at;

    input->interrupt_callback.callback = interrupted;
    input->interrupt_callback.opaque = &stop;
    if (headers != NULL && headers[0] != '\0') av.av_dict_set(&options, "headers", headers, 0);
    av.av_dict_set(&options, "rw_timeout", "15000000", 0);
    av.av_dict_set(&options, "reconnect", "1", 0);
    av.av_dict_set(&options, "reconnect_streamed", "1", 0);
    /* A live HLS stream from its newest segment: a recording from now holds
     * what is live now, not the seconds before. */
    av.av_dict_set(&options, "live_start_index", "-1", 0);
    int code = av.avformat_open_input(&input, url, NULL, &options);
    av.av_dict_free(&options);
    if (code < 0) {
        describe(code, "the stream cannot be opened", message, message_size);
        result = TVS_RECORD_NO_SOURCE;
        goto done;
    }
    if ((code = av.avformat_find_stream_info(input, NULL)) < 0) {
        describe(code, "the stream cannot be read", message, message_size);
        result = TVS_RECORD_NO_SOURCE;
        goto done;
    }
    keep_one_variant(input);
    /* A length known (from the file, or an HLS playlist's end): not live.
     * Not one guessed from the bitrate and the size a server claims: a live
     * radio's server may send a Content-Length of 2 GB, which a bitrate
     * makes 37 hours of a "file". */
    finite = input->duration != AV_NOPTS_VALUE && input->duration > 0 &&
             input->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE;
    if ((code = av.avformat_alloc_output_context2(&output, NULL, "matroska", path)) < 0) {
        describe(code, "the recording cannot be made", message, message_size);
        result = TVS_RECORD_WRITE_FAILED;
        goto done;
    }
    map = calloc(input->nb_streams, sizeof *map);
    offsets = calloc(input->nb_streams, sizeof *offsets);
    last = calloc(input->nb_streams, sizeof *last);
    int video = -1;
    for (unsigned i = 0; i < input->nb_streams; i++) {
        AVCodecParameters *parameters = input->streams[i]->codecpar;
        map[i] = -1;
        last[i] = AV_NOPTS_VALUE;
        int kind = parameters->codec_type;
        if (input->streams[i]->discard == AVDISCARD_ALL) continue;
        if (kind != AVMEDIA_TYPE_VIDEO && kind != AVMEDIA_TYPE_AUDIO && kind != AVMEDIA_TYPE_SUBTITLE) continue;
        if (av.avformat_query_codec(output->oformat, parameters->codec_id, FF_COMPLIANCE_NORMAL) != 1) continue;
        AVStream *stream = av.avformat_new_stream(output, NULL);
        if (stream == NULL || av.avcodec_parameters_copy(stream->codecpar, parameters) < 0) continue;
        stream->codecpar->codec_tag = 0;
        stream->time_base = input->streams[i]->time_base;
        map[i] = stream->index;
        if (kind == AVMEDIA_TYPE_VIDEO && video < 0) video = (int)i;
    }
    if (output->nb_streams == 0) {
        snprintf(message, message_size, "the stream has nothing a recording can keep");
        result = TVS_RECORD_NO_SOURCE;
        goto done;
    }
    if ((code = av.avio_open2(&output->pb, path, AVIO_FLAG_WRITE, NULL, NULL)) < 0) {
        describe(code, "the recording cannot be made", message, message_size);
        result = TVS_RECORD_WRITE_FAILED;
        goto done;
    }
    set_tags(output, tags);
    /* The file's time starts at 0 whatever the stream's clock said. */
    AVDictionary *muxing = NULL;
    av.av_dict_set(&muxing, "avoid_negative_ts", "make_zero", 0);
    code = av.avformat_write_header(output, &muxing);
    av.av_dict_free(&muxing);
    if (code < 0) {
        describe(code, "the recording cannot be written", message, message_size);
        result = code == AVERROR(ENOSPC) ? TVS_RECORD_DISK_FULL : TVS_RECORD_WRITE_FAILED;
        goto done;
    }
    header_written = 1;
    double reported = 0, began = wall_clock();
    while (1) {
        if (stop_requested || wall_clock() >= stop) break;
        code = av.av_read_frame(input, packet);
        if (code < 0) {
            if (stop_requested || wall_clock() >= stop) break;
            if (code == AVERROR_EOF) {
                snprintf(message, message_size, "the stream ended before the recording's end");
            } else {
                describe(code, "the stream stopped", message, message_size);
            }
            result = TVS_RECORD_SOURCE_ENDED;
            break;
        }
        int from = packet->stream_index;
        if (from < 0 || (unsigned)from >= input->nb_streams || map[from] < 0) {
            av.av_packet_unref(packet);
            continue;
        }
        /* From the first video keyframe: a recording starts with a picture. */
        if (!started) {
            if (video >= 0 && (from != video || !(packet->flags & AV_PKT_FLAG_KEY))) {
                av.av_packet_unref(packet);
                continue;
            }
            started = 1;
        }
        AVStream *in = input->streams[from];
        AVStream *out = output->streams[map[from]];
        av.av_packet_rescale_ts(packet, in->time_base, out->time_base);
        /* A live stream's timestamps may jump back (a discontinuity): keep
         * them rising in the file. */
        if (packet->dts != AV_NOPTS_VALUE) {
            packet->dts += offsets[from];
            if (packet->pts != AV_NOPTS_VALUE) packet->pts += offsets[from];
            if (last[from] != AV_NOPTS_VALUE && packet->dts <= last[from]) {
                int64_t shift = last[from] + 1 - packet->dts;
                offsets[from] += shift;
                packet->dts += shift;
                if (packet->pts != AV_NOPTS_VALUE) packet->pts += shift;
            }
            last[from] = packet->dts;
        }
        if (packet->pts != AV_NOPTS_VALUE) {
            int64_t pts = av.av_rescale_q(packet->pts, out->time_base, base);
            if (first_pts == AV_NOPTS_VALUE || pts < first_pts) first_pts = pts;
            if (newest_pts == AV_NOPTS_VALUE || pts > newest_pts) newest_pts = pts;
        }
        packet->stream_index = map[from];
        packet->pos = -1;
        code = av.av_interleaved_write_frame(output, packet);
        if (code < 0) {
            if (code == AVERROR(ENOSPC)) {
                snprintf(message, message_size, "disk full");
                result = TVS_RECORD_DISK_FULL;
            } else {
                describe(code, "the recording cannot be written", message, message_size);
                result = TVS_RECORD_WRITE_FAILED;
            }
            break;
        }
        double held = first_pts == AV_NOPTS_VALUE ? 0 : (newest_pts - first_pts) / 1000.0;
        double now = wall_clock();
        if (progress != NULL && now - reported >= 1) {
            reported = now;
            tvs_record_progress p = {av.avio_seek(output->pb, 0, SEEK_CUR), held, finite};
            progress(&p, context);
        }
        if (most_seconds > 0 && held >= most_seconds && (finite || held > now - began + ahead)) break;
    }
done:
    if (header_written) {
        if (av.av_write_trailer(output) == AVERROR(ENOSPC) && result == TVS_RECORD_DONE) {
            snprintf(message, message_size, "disk full");
            result = TVS_RECORD_DISK_FULL;
        }
    }
    if (progress != NULL && output != NULL && output->pb != NULL) {
        tvs_record_progress p = {av.avio_seek(output->pb, 0, SEEK_CUR),
                                 first_pts == AV_NOPTS_VALUE ? 0 : (newest_pts - first_pts) / 1000.0, finite};
        progress(&p, context);
    }
    if (output != NULL) {
        if (output->pb != NULL) av.avio_closep(&output->pb);
        av.avformat_free_context(output);
    }
    av.avformat_close_input(&input);
    av.av_packet_free(&packet);
    free(map);
    free(offsets);
    free(last);
    return result;
}

int tvs_record_is_whole(const char *path) {
    pthread_once(&once, load);
    if (!loaded) return -1;
    AVFormatContext *input = NULL;
    if (av.avformat_open_input(&input, path, NULL, NULL) < 0) return -1;
    int whole = input->duration != AV_NOPTS_VALUE && input->duration > 0;
    av.avformat_close_input(&input);
    return whole;
}

int tvs_recorder_spawn(const char *path, char *const argv[], const char *input, size_t input_length, const char *log_path, int *pid) {
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        int saved = errno;
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        errno = saved;
        return -1;
    }
    if (child == 0) {
        /* Only async-signal-safe calls until exec. */
        setsid();
        dup2(pipe_fds[0], 0);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
        }
        int log = log_path != NULL ? open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0600) : -1;
        if (log >= 0) dup2(log, 2);
        if (close_range(3, ~0U, 0) != 0) {
            long top = sysconf(_SC_OPEN_MAX);
            for (long fd = 3; fd < (top > 0 && top < 65536 ? top : 65536); fd++) close((int)fd);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execv(path, argv);
        _exit(127);
    }
    close(pipe_fds[0]);
    size_t written = 0;
    while (written < input_length) {
        ssize_t n = write(pipe_fds[1], input + written, input_length - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += (size_t)n;
    }
    close(pipe_fds[1]);
    *pid = child;
    return 0;
}
