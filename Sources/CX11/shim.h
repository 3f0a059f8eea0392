#ifndef CX11_SHIM_H
#define CX11_SHIM_H

// Scrolling a window's pixels on the X server (XCopyArea) under SDL's software framebuffer, so
// content that only moved is neither moved in the client's memory nor sent to the server again;
// and waiting for the window's events on SDL's X connection with one read before and after the
// sleep, where SDL_WaitEventTimeout reads it a dozen times a wait. Only these helpers are used
// from Swift: Xlib's own names (Window, Bool, None) stay out of it.

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
// For the one look at the output buffer in cx11_wait (the Display's fields are Xlib's
// extension interface, stable since X11R6).
#include <X11/Xlibint.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

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

// Matches this copier's GraphicsExpose and NoExpose events (`arg` is the copier).
static inline Bool cx11_copier_is_answer(Display *display, XEvent *event, XPointer arg) {
    (void)display;
    cx11_copier *copier = (cx11_copier *)arg;
    return (event->type == GraphicsExpose && event->xgraphicsexpose.drawable == copier->window) ||
           (event->type == NoExpose && event->xnoexpose.drawable == copier->window);
}

// After SDL's present (which waits for the server, so the answers to the frame's `copies` copies
// are all in Xlib's queue by then), takes them out of the queue. Returns 1 when a copy read
// pixels the server did not have (the window was covered there): the window must then be drawn
// whole. Each copy is answered by one NoExpose, or by GraphicsExpose events the last of which
// counts 0; taking exactly those never searches the queue in vain, which would read the
// connection (twice) for nothing.
static inline int cx11_copier_take_lost(cx11_copier *copier, int copies) {
    XEvent event;
    int lost = 0;
    while (copies > 0 && XCheckIfEvent(copier->display, &event, cx11_copier_is_answer, (XPointer)copier)) {
        if (event.type == NoExpose) {
            copies -= 1;
        } else {
            lost = 1;
            if (event.xgraphicsexpose.count == 0) copies -= 1;
        }
    }
    return lost;
}

static inline void cx11_copier_destroy(cx11_copier *copier) {
    XFreeGC(copier->display, copier->gc);
    SDL_free(copier);
}

// The X connection (a Display) SDL shows `sdl_window` on; NULL on any other video driver. It
// belongs to SDL's video subsystem and lives as long as that does.
static inline void *cx11_display_of(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) {
        return NULL;
    }
    return info.info.x11.display;
}

// Unless Xlib already holds an event, sleeps until the connection has data (an event that came
// while the frame was drawn wakes it at once), `wake_fd` (an eventfd, or -1) is signalled or
// `timeout_ms` pass; SDL_PumpEvents afterwards takes the events in. Requests still in Xlib's
// buffer are sent first (SDL's own calls send theirs, so there rarely are any: XFlush would
// also read the socket). Returns 1 when woken by either, 0 on the timeout.
static inline int cx11_wait(void *display, int wake_fd, int timeout_ms) {
    Display *x = (Display *)display;
    if (x->bufptr != x->buffer) XFlush(x);
    if (XEventsQueued(x, QueuedAlready) > 0) return 1;
    struct pollfd fds[2] = {{ConnectionNumber(x), POLLIN, 0}, {wake_fd, POLLIN, 0}};
    int ready = poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
    if (ready > 0 && wake_fd >= 0 && (fds[1].revents & POLLIN)) {
        // Resets the counter; a wake that came twice is one wake.
        uint64_t count;
        ssize_t taken = read(wake_fd, &count, sizeof count);
        (void)taken;
    }
    // A signal that interrupts the sleep wakes the loop as an event would.
    return ready != 0;
}

// An eventfd that wakes cx11_wait from another thread; -1 if none can be made.
static inline int cx11_wakeup_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

static inline void cx11_wakeup_signal(int wake_fd) {
    uint64_t one = 1;
    ssize_t written = write(wake_fd, &one, sizeof one);
    (void)written;
}

#endif
