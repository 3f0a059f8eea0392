#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL2/SDL.h>

// Macros and variadic functions that Swift cannot import, as plain inline functions.

static inline int csdl_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

static inline Uint32 csdl_button_mask(Uint32 button) { return SDL_BUTTON(button); }

// Mouse events SDL makes from touches carry this mouse id; touches it makes from the mouse, this
// touch id. One press is one gesture, so the copies are dropped.
static inline Uint32 csdl_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }

static inline Sint64 csdl_mouse_touchid(void) { return SDL_MOUSE_TOUCHID; }

static inline int csdl_set_error(const char *message) { return SDL_SetError("%s", message); }

static inline int csdl_blit_surface(SDL_Surface *source, SDL_Surface *destination, SDL_Rect *rect) {
    return SDL_BlitSurface(source, NULL, destination, rect);
}

static inline int csdl_pixelformat_has_alpha(Uint32 format) { return SDL_ISPIXELFORMAT_ALPHA(format); }

#endif
