/* rlottie's own render of a Lottie file's frames, the reference the corpus run compares the
 * header's frames with: `lottie-reference FILE WIDTH HEIGHT FRAME...` writes each named frame's
 * pixels to standard output as RGBA bytes with straight alpha (rlottie renders premultiplied
 * BGRA; this undoes both as the header does). rlottie's render of a frame depends on the frames
 * rendered before it (it re-evaluates only what it thinks changed), so every frame up to the
 * last named one is rendered in order, as rlottie's own player plays them, and as the header's
 * render job does. Exits 3 when rlottie cannot load the file. */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: lottie-reference FILE WIDTH HEIGHT FRAME...\n");
    return 2;
  }
  Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
  if (!animation) return 3;
  size_t width = (size_t)atol(argv[2]), height = (size_t)atol(argv[3]);
  size_t total = lottie_animation_get_totalframe(animation);
  uint32_t *buffer = calloc(width * height, 4);
  unsigned char *out = malloc(width * height * 4);
  size_t last = 0;
  for (int i = 4; i < argc; i++) {
    size_t frame = (size_t)atol(argv[i]);
    if (frame > last) last = frame;
  }
  if (total > 0 && last >= total) last = total - 1;
  size_t next = 0;
  for (int i = 4; i < argc; i++) {
    size_t frame = (size_t)atol(argv[i]);
    if (total > 0 && frame >= total) frame = total - 1;
    /* The frames before it, in order, the first time. */
    for (; next < frame; next++) {
      for (size_t p = 0; p < width * height; p++) buffer[p] = 0;
      lottie_animation_render(animation, next, buffer, width, height, width * 4);
    }
    for (size_t p = 0; p < width * height; p++) buffer[p] = 0;
    lottie_animation_render(animation, frame, buffer, width, height, width * 4);
    if (frame >= next) next = frame + 1;
    for (size_t p = 0; p < width * height; p++) {
      uint32_t pixel = buffer[p];
      unsigned a = pixel >> 24, r = (pixel >> 16) & 255, g = (pixel >> 8) & 255, b = pixel & 255;
      if (a != 0 && a != 255) {
        r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
        if (r > 255) r = 255; if (g > 255) g = 255; if (b > 255) b = 255;
      }
      out[p * 4] = r; out[p * 4 + 1] = g; out[p * 4 + 2] = b; out[p * 4 + 3] = a;
    }
    fwrite(out, 1, width * height * 4, stdout);
  }
  free(buffer);
  free(out);
  lottie_animation_destroy(animation);
  return 0;
}
