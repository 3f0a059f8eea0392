#ifndef CRLOTTIE_SHIM_H
#define CRLOTTIE_SHIM_H
#include <rlottie_capi.h>
#endif
