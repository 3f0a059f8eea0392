#ifndef CX11_SHIM_H
#define CX11_SHIM_H

// Scrolling a window's pixels on the X server (XCopyArea) under SDL's software framebuffer, so
// content that only moved is neither moved in the client's memory nor sent to the server again.
// Only these helpers are used from Swift: Xlib's own names (Window, Bool, None) stay out of it.

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>

typedef struct cx11_copier {
    Display *display;
    Window window;
    GC gc;
} cx11_copier;

// A copier for an SDL window shown by SDL's X11 driver (NULL on any other driver). Its graphics
// context reports copies from hidden parts of the window as GraphicsExpose events.
static inline cx11_copier *cx11_copier_create(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) {
        return NULL;
    }
    cx11_copier *copier = (cx11_copier *)SDL_malloc(sizeof(cx11_copier));
    if (!copier) return NULL;
    XGCValues values;
    values.graphics_exposures = True;
    copier->display = info.info.x11.display;
    copier->window = info.info.x11.window;
    copier->gc = XCreateGC(copier->display, copier->window, GCGraphicsExposures, &values);
    if (!copier->gc) {
        SDL_free(copier);
        return NULL;
    }
    return copier;
}

// Copies the window's pixels in (x, y, width, height) to (x, to_y): queued on SDL's own
// connection, so it reaches the server before the rectangles SDL presents next.
static inline void cx11_copier_copy(
    cx11_copier *copier, int x, int y, unsigned width, unsigned height, int to_y) {
    XCopyArea(copier->display, copier->window, copier->window, copier->gc, x, y, width, height, x, to_y);
}

// After SDL's present (which waits for the server), takes this window's GraphicsExpose and
// NoExpose events out of the queue. Returns 1 when a copy read pixels the server did not have
// (the window was covered there): the window must then be drawn whole.
static inline int cx11_copier_take_lost(cx11_copier *copier) {
    XEvent event;
    int lost = 0;
    while (XCheckTypedWindowEvent(copier->display, copier->window, GraphicsExpose, &event)) lost = 1;
    while (XCheckTypedWindowEvent(copier->display, copier->window, NoExpose, &event)) {}
    return lost;
}

static inline void cx11_copier_destroy(cx11_copier *copier) {
    XFreeGC(copier->display, copier->gc);
    SDL_free(copier);
}

#endif
