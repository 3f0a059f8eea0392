#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
// FFmpeg's libraries are opened when a video is read (`refresh-lab fit`), not linked: linked,
// libavformat and libavcodec bring about a hundred more libraries (codecs, TLS, audio) into
// every window and headless run, mapped and relocated at start for a command they never run.
// The headers give the types and prototypes; each call goes through a pointer looked up once,
// typed from the prototype itself (`__typeof__`, which names the function without using it),
// so a change in FFmpeg's signature is a compile error here, not a wrong call.
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>

// The error macros Swift cannot import (they expand to expressions over other macros).
static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline long long cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }

#define CFFMPEG_FUNCTIONS(X)                                                                    \
  X(0, avformat_open_input) X(0, avformat_find_stream_info) X(0, av_find_best_stream)            \
  X(0, avformat_close_input) X(0, av_read_frame) X(1, avcodec_alloc_context3)                   \
  X(1, avcodec_free_context) X(1, avcodec_parameters_to_context) X(1, avcodec_open2)            \
  X(1, avcodec_send_packet) X(1, avcodec_receive_frame) X(1, av_packet_alloc)                   \
  X(1, av_packet_free) X(1, av_packet_unref) X(2, sws_getCachedContext) X(2, sws_scale)         \
  X(2, sws_freeContext) X(3, av_log_set_level) X(3, av_frame_alloc) X(3, av_frame_free)         \
  X(3, av_frame_unref)

#define CFFMPEG_INDEX(library, name) cffmpeg_index_##name,
enum { CFFMPEG_FUNCTIONS(CFFMPEG_INDEX) cffmpeg_function_count };
#undef CFFMPEG_INDEX

// The looked-up calls, a function's own static (a header's file-scope static is not emitted
// for Swift's importer, a function's is).
static inline void **cffmpeg_functions(void) {
  static void *functions[cffmpeg_function_count];
  return functions;
}

#define CFFMPEG_STRING(x) #x
#define CFFMPEG_SONAME(name, major) "lib" name ".so." CFFMPEG_STRING(major)

/// Opens the four libraries (the major versions the headers are of) and looks every call up;
/// 1 when all are there, 0 (and nothing half-loaded is used) when one is missing.
static inline int cffmpeg_load(void) {
  static int loaded = -1;
  if (loaded >= 0) return loaded;
  const char *sonames[4] = {
    CFFMPEG_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
    CFFMPEG_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
    CFFMPEG_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
    CFFMPEG_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
  };
  void *handles[4];
  for (int k = 0; k < 4; k++) {
    handles[k] = dlopen(sonames[k], RTLD_NOW | RTLD_LOCAL);
    if (handles[k] == NULL) return loaded = 0;
  }
#define CFFMPEG_LOOKUP(library, name)                                                           \
  cffmpeg_functions()[cffmpeg_index_##name] = dlsym(handles[library], #name);                     \
  if (cffmpeg_functions()[cffmpeg_index_##name] == NULL) return loaded = 0;
  CFFMPEG_FUNCTIONS(CFFMPEG_LOOKUP)
#undef CFFMPEG_LOOKUP
  return loaded = 1;
}

#define CFFMPEG_CALL(name) ((__typeof__(&name))cffmpeg_functions()[cffmpeg_index_##name])

static inline int cffmpeg_avformat_open_input(AVFormatContext **context, const char *url) {
  return CFFMPEG_CALL(avformat_open_input)(context, url, NULL, NULL);
}
static inline int cffmpeg_avformat_find_stream_info(AVFormatContext *context) {
  return CFFMPEG_CALL(avformat_find_stream_info)(context, NULL);
}
static inline int cffmpeg_av_find_best_stream(AVFormatContext *context, const AVCodec **decoder) {
  return CFFMPEG_CALL(av_find_best_stream)(context, AVMEDIA_TYPE_VIDEO, -1, -1, decoder, 0);
}
static inline void cffmpeg_avformat_close_input(AVFormatContext **context) {
  CFFMPEG_CALL(avformat_close_input)(context);
}
static inline int cffmpeg_av_read_frame(AVFormatContext *context, AVPacket *packet) {
  return CFFMPEG_CALL(av_read_frame)(context, packet);
}
static inline AVCodecContext *cffmpeg_avcodec_alloc_context3(const AVCodec *codec) {
  return CFFMPEG_CALL(avcodec_alloc_context3)(codec);
}
static inline void cffmpeg_avcodec_free_context(AVCodecContext **context) {
  CFFMPEG_CALL(avcodec_free_context)(context);
}
static inline int cffmpeg_avcodec_parameters_to_context(
    AVCodecContext *context, const AVCodecParameters *parameters) {
  return CFFMPEG_CALL(avcodec_parameters_to_context)(context, parameters);
}
static inline int cffmpeg_avcodec_open2(AVCodecContext *context, const AVCodec *codec) {
  return CFFMPEG_CALL(avcodec_open2)(context, codec, NULL);
}
static inline int cffmpeg_avcodec_send_packet(AVCodecContext *context, const AVPacket *packet) {
  return CFFMPEG_CALL(avcodec_send_packet)(context, packet);
}
static inline int cffmpeg_avcodec_receive_frame(AVCodecContext *context, AVFrame *frame) {
  return CFFMPEG_CALL(avcodec_receive_frame)(context, frame);
}
static inline AVPacket *cffmpeg_av_packet_alloc(void) { return CFFMPEG_CALL(av_packet_alloc)(); }
static inline void cffmpeg_av_packet_free(AVPacket **packet) { CFFMPEG_CALL(av_packet_free)(packet); }
static inline void cffmpeg_av_packet_unref(AVPacket *packet) { CFFMPEG_CALL(av_packet_unref)(packet); }
static inline struct SwsContext *cffmpeg_sws_getCachedContext(
    struct SwsContext *context, int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW,
    int dstH, enum AVPixelFormat dstFormat, int flags) {
  return CFFMPEG_CALL(sws_getCachedContext)(
      context, srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, NULL, NULL, NULL);
}
static inline int cffmpeg_sws_scale(
    struct SwsContext *context, const uint8_t *const source[], const int sourceStride[],
    int sliceY, int sliceH, uint8_t *const destination[], const int destinationStride[]) {
  return CFFMPEG_CALL(sws_scale)(
      context, source, sourceStride, sliceY, sliceH, destination, destinationStride);
}
static inline void cffmpeg_sws_freeContext(struct SwsContext *context) {
  CFFMPEG_CALL(sws_freeContext)(context);
}
static inline void cffmpeg_av_log_set_level(int level) { CFFMPEG_CALL(av_log_set_level)(level); }
static inline AVFrame *cffmpeg_av_frame_alloc(void) { return CFFMPEG_CALL(av_frame_alloc)(); }
static inline void cffmpeg_av_frame_free(AVFrame **frame) { CFFMPEG_CALL(av_frame_free)(frame); }
static inline void cffmpeg_av_frame_unref(AVFrame *frame) { CFFMPEG_CALL(av_frame_unref)(frame); }
#endif
