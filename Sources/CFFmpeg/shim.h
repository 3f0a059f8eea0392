#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>

// The error macros Swift cannot import (they expand to expressions over other macros).
static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline long long cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
#endif
