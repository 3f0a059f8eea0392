#ifndef CSDL2IMAGE_SHIM_H
#define CSDL2IMAGE_SHIM_H
// SDL_image is opened when a picture is first read or a PNG written (a row's image file, a
// screenshot), not linked: linked, it and the libraries under it (libtiff, libwebp, libjpeg,
// libpng, libLerc, libjbig, libdeflate) are mapped and relocated in every window, about 0.6 MB of
// its idle memory, for files most windows never open. The header gives the types and
// prototypes; each call goes through a pointer looked up once, typed from the prototype itself
// (`__typeof__`, which names the function without using it), as CFFmpeg's.
#include <dlfcn.h>
#include <pthread.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

/// The library opened, of the major version the header is of.
#define CSDL2IMAGE_LIBRARY "libSDL2_image-2.0.so.0"

// The looked-up calls, a function's own static (a header's file-scope static is not emitted
// for Swift's importer, a function's is): IMG_Load, then IMG_SavePNG_RW.
static inline void **csdl2image_calls(void) {
  static void *calls[2];
  return calls;
}

static inline void csdl2image_open(void) {
  void *handle = dlopen(CSDL2IMAGE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) return;
  void *load = dlsym(handle, "IMG_Load");
  void *save = dlsym(handle, "IMG_SavePNG_RW");
  if (load == NULL || save == NULL) return;
  csdl2image_calls()[1] = save;
  csdl2image_calls()[0] = load;
}

/// Opens SDL_image once for the process, whatever the thread (images decode off the window's
/// thread); 0 with SDL's error set when it cannot be opened.
static inline int csdl2image_opened(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, csdl2image_open);
  if (csdl2image_calls()[0] != NULL) return 1;
  SDL_SetError(
    "SDL_image (" CSDL2IMAGE_LIBRARY ") could not be opened: install libsdl2-image-2.0-0");
  return 0;
}

/// IMG_Load: NULL with SDL's error set when the file cannot be read or SDL_image opened.
static inline SDL_Surface *csdl2image_load(const char *file) {
  if (!csdl2image_opened()) return NULL;
  return ((__typeof__(&IMG_Load))csdl2image_calls()[0])(file);
}

/// IMG_SavePNG_RW: -1 with SDL's error set when SDL_image cannot be opened.
static inline int csdl2image_save_png_rw(
  SDL_Surface *surface, SDL_RWops *destination, int freedst) {
  if (!csdl2image_opened()) return -1;
  return ((__typeof__(&IMG_SavePNG_RW))csdl2image_calls()[1])(surface, destination, freedst);
}
#endif
