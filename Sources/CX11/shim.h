#ifndef CX11_SHIM_H
#define CX11_SHIM_H

// Presenting a window SDL's software renderer draws into on the X server ourselves (MIT-SHM,
// on a connection of our own), scrolling its pixels there (XCopyArea), and waiting for the
// window's events on SDL's X connection with one read before and after the sleep, where
// SDL_WaitEventTimeout reads it a dozen times a wait. Only these helpers are used from Swift:
// Xlib's own names (Window, Bool, None) stay out of it.

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <stdlib.h>
#include <xcb/xcb.h>
// For the one look at the output buffer in cx11_wait (the Display's fields are Xlib's
// extension interface, stable since X11R6).
#include <X11/Xlibint.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

// A window's pixels in shared memory the X server reads them from. SDL's own X11 framebuffer
// waits for the server after every present (XSync), a round trip a frame; here the puts and
// copies go out on a connection of our own, each present asks the server to say when it is
// done, and the answers are read before the pixels are drawn into again, which by then they
// almost always are: the process never sleeps for them. SDL's connection, which the event
// loop sleeps on, never sees them either.
typedef struct cx11_presenter {
    Display *display;
    Window window;
    GC gc;
    Visual *visual;
    int depth;
    int completion;
    // The image's segment, on the heap: the image keeps a pointer to it.
    XShmSegmentInfo *segment;
    XImage *image;
    // Presents, and copies, whose answer has not been read yet.
    int presents;
    int copies;
    // Whether a copy read pixels the server did not have (the window was covered there).
    int lost;
} cx11_presenter;

// The error an attach met when it reaches Xlib's error handler (a variable in a function:
// Swift emits a header's functions, not its variables).
static inline int *cx11_trapped_error(void) {
    static int error;
    return &error;
}
static inline int cx11_trap(Display *display, XErrorEvent *event) {
    (void)display;
    *cx11_trapped_error() = event->error_code ? event->error_code : 1;
    return 0;
}

static inline void cx11_presenter_release_image(cx11_presenter *presenter) {
    if (!presenter->image) return;
    XShmDetach(presenter->display, presenter->segment);
    XSync(presenter->display, False);
    shmdt(presenter->segment->shmaddr);
    presenter->image->data = NULL;
    XDestroyImage(presenter->image);
    SDL_free(presenter->segment);
    presenter->image = NULL;
    presenter->segment = NULL;
}

// Reads the answers to what was presented and copied, waiting for any still to come (only
// when the server is slower than a frame). Afterwards the pixels may be drawn into again.
// Returns 1 when a copy lost pixels since the last call: the window must be drawn whole.
static inline int cx11_presenter_settle(cx11_presenter *presenter) {
    xcb_connection_t *connection = XGetXCBConnection(presenter->display);
    // One read of what has come (XCB owns this connection's events: Xlib's own reading would
    // read again until the socket is empty), then only what that read queued; a wait only for
    // answers still to come.
    int read = 0;
    while (presenter->presents > 0 || presenter->copies > 0) {
        xcb_generic_event_t *event = read ? xcb_poll_for_queued_event(connection) : xcb_poll_for_event(connection);
        read = 1;
        if (!event) event = xcb_wait_for_event(connection);
        // The connection broke: nothing more will come.
        if (!event) break;
        int type = event->response_type & 0x7F;
        if (type == presenter->completion) {
            presenter->presents -= 1;
        } else if (type == XCB_NO_EXPOSURE) {
            presenter->copies -= 1;
        } else if (type == XCB_GRAPHICS_EXPOSURE) {
            presenter->lost = 1;
            if (((xcb_graphics_exposure_event_t *)event)->count == 0) presenter->copies -= 1;
        }
        free(event);
    }
    int lost = presenter->lost;
    presenter->lost = 0;
    return lost;
}

// An image of `width` × `height` in memory the server shares, attached on its side; NULL when
// the server cannot share memory with this process (a remote display) or the visual is not
// XRGB8888 in the machine's byte order (what SDL_PIXELFORMAT_RGB888 is).
static inline XImage *cx11_presenter_make_image(
    cx11_presenter *presenter, XShmSegmentInfo *segment, int width, int height) {
    XImage *image = XShmCreateImage(
        presenter->display, presenter->visual, (unsigned)presenter->depth, ZPixmap, NULL, segment,
        (unsigned)width, (unsigned)height);
    if (!image) return NULL;
    if (image->bits_per_pixel != 32 || image->red_mask != 0xFF0000 || image->green_mask != 0xFF00 ||
        image->blue_mask != 0xFF || image->byte_order != (SDL_BYTEORDER == SDL_LIL_ENDIAN ? LSBFirst : MSBFirst)) {
        XDestroyImage(image);
        return NULL;
    }
    int id = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * (size_t)height, IPC_CREAT | 0600);
    if (id < 0) {
        XDestroyImage(image);
        return NULL;
    }
    segment->shmid = id;
    segment->shmaddr = image->data = (char *)shmat(id, NULL, 0);
    segment->readOnly = False;
    if (segment->shmaddr == (char *)-1) {
        shmctl(id, IPC_RMID, NULL);
        image->data = NULL;
        XDestroyImage(image);
        return NULL;
    }
    // A server on another machine refuses the segment: asked for at once, the refusal is in
    // by the time the server has answered, either among the events (XCB owns them) or, should
    // Xlib take it, trapped here rather than left to the process's error handler, which would
    // end it. Nothing else is on its way then (the caller settled).
    XSync(presenter->display, False);
    *cx11_trapped_error() = 0;
    XErrorHandler previous = XSetErrorHandler(cx11_trap);
    XShmAttach(presenter->display, segment);
    XSync(presenter->display, False);
    XSetErrorHandler(previous);
    int refused = *cx11_trapped_error();
    xcb_generic_event_t *event;
    while ((event = xcb_poll_for_queued_event(XGetXCBConnection(presenter->display)))) {
        if (event->response_type == 0) refused = 1;
        free(event);
    }
    // Gone once both sides detach.
    shmctl(id, IPC_RMID, NULL);
    if (refused) {
        shmdt(segment->shmaddr);
        image->data = NULL;
        XDestroyImage(image);
        return NULL;
    }
    return image;
}

// Shared pixels of `width` × `height` for the presenter's window, in place of those before,
// which stay when no new ones can be made (returns 0 then).
static inline int cx11_presenter_resize(cx11_presenter *presenter, int width, int height) {
    cx11_presenter_settle(presenter);
    XShmSegmentInfo *segment = (XShmSegmentInfo *)SDL_calloc(1, sizeof(XShmSegmentInfo));
    if (!segment) return 0;
    XImage *image = cx11_presenter_make_image(presenter, segment, width, height);
    if (!image) {
        SDL_free(segment);
        return 0;
    }
    cx11_presenter_release_image(presenter);
    presenter->segment = segment;
    presenter->image = image;
    return 1;
}

// A presenter for an SDL window shown by SDL's X11 driver with a 32-bit visual of red, green
// and blue bytes (TrueColor, or the DirectColor SDL prefers, whose colormap it ramps linearly)
// and shared memory, `width` × `height` pixels; NULL otherwise.
static inline cx11_presenter *cx11_presenter_create(void *sdl_window, int width, int height) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) {
        return NULL;
    }
    // The window must exist on the server before another connection can name it: SDL's own
    // requests may still be in its buffer.
    XSync(info.info.x11.display, False);
    Display *display = XOpenDisplay(DisplayString(info.info.x11.display));
    if (!display) return NULL;
    // The answers are read with XCB (cx11_presenter_settle), which also hands over errors as
    // events, so none reaches the process's error handler, which would end it.
    XSetEventQueueOwner(display, XCBOwnsEventQueue);
    XWindowAttributes attributes;
    if (!XShmQueryExtension(display) || !XGetWindowAttributes(display, info.info.x11.window, &attributes) ||
        (attributes.visual->class != TrueColor && attributes.visual->class != DirectColor)) {
        XCloseDisplay(display);
        return NULL;
    }
    cx11_presenter *presenter = (cx11_presenter *)SDL_calloc(1, sizeof(cx11_presenter));
    if (!presenter) {
        XCloseDisplay(display);
        return NULL;
    }
    presenter->display = display;
    presenter->window = info.info.x11.window;
    presenter->visual = attributes.visual;
    presenter->depth = attributes.depth;
    presenter->completion = XShmGetEventBase(display) + ShmCompletion;
    // Copies from hidden parts of the window are reported (GraphicsExpose).
    XGCValues values;
    values.graphics_exposures = True;
    presenter->gc = XCreateGC(display, presenter->window, GCGraphicsExposures, &values);
    if (!cx11_presenter_resize(presenter, width, height)) {
        XFreeGC(display, presenter->gc);
        XCloseDisplay(display);
        SDL_free(presenter);
        return NULL;
    }
    return presenter;
}

static inline void *cx11_presenter_pixels(cx11_presenter *presenter) { return presenter->image->data; }
static inline int cx11_presenter_pitch(cx11_presenter *presenter) { return presenter->image->bytes_per_line; }

// Copies the window's pixels in (x, y, width, height) to (x, to_y) on the server: content that
// only moved is neither drawn nor sent again. Runs before what is presented after it.
static inline void cx11_presenter_copy(
    cx11_presenter *presenter, int x, int y, unsigned width, unsigned height, int to_y) {
    XCopyArea(presenter->display, presenter->window, presenter->window, presenter->gc, x, y, width, height, x, to_y);
    presenter->copies += 1;
}

// Puts `count` rectangles of the pixels into the window, and sends them. Only the last asks
// for an answer: the server does them in order.
static inline void cx11_presenter_present(cx11_presenter *presenter, const SDL_Rect *rects, int count) {
    for (int index = 0; index < count; index++) {
        const SDL_Rect *rect = &rects[index];
        XShmPutImage(
            presenter->display, presenter->window, presenter->gc, presenter->image, rect->x, rect->y, rect->x,
            rect->y, (unsigned)rect->w, (unsigned)rect->h, index == count - 1 ? True : False);
    }
    if (count > 0) presenter->presents += 1;
    XFlush(presenter->display);
}

// Waits for what is on its way, frees the shared pixels and closes the connection; the window
// must still exist.
static inline void cx11_presenter_destroy(cx11_presenter *presenter) {
    cx11_presenter_settle(presenter);
    cx11_presenter_release_image(presenter);
    XFreeGC(presenter->display, presenter->gc);
    XCloseDisplay(presenter->display);
    SDL_free(presenter);
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
