#!/usr/bin/env python3
"""Writes the lab's two animated headers, made here rather than downloaded:

- pull.gif: 24 frames, 48x48, 40 ms each. A disc whose colour steps through a hue wheel (each
  frame its own colour, so a test can tell frames apart by the centre pixel) inside a dark arc
  that closes as the frame number grows, as a pull's progress would.
- pull.json: a Lottie animation, 48x48 at 30 fps, 60 frames, with the markers the header reads:
  "pull" (frames 0-30: the disc grows and turns from red to blue) and "refresh" (frames 30-60,
  looped while refreshing: a white dot circles while the disc shifts to green and back).

Only the standard library: the GIF encoder (LZW) is below. Run from anywhere:
    python3 Assets/Headers/make-headers.py
"""

import colorsys
import json
import math
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = 48
FRAMES = 24


def lzw(indices, min_code_size):
    """GIF's variable-width LZW, packed least significant bit first."""
    clear = 1 << min_code_size
    end = clear + 1
    table = {bytes([i]): i for i in range(clear)}
    next_code = end + 1
    width = min_code_size + 1
    out, bits, nbits = bytearray(), 0, 0

    def emit(code):
        nonlocal bits, nbits
        bits |= code << nbits
        nbits += width
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8

    emit(clear)
    current = b""
    for index in indices:
        candidate = current + bytes([index])
        if candidate in table:
            current = candidate
            continue
        emit(table[current])
        if next_code < 4096:
            table[candidate] = next_code
            next_code += 1
            if next_code > (1 << width) and width < 12:
                width += 1
        else:
            emit(clear)
            table = {bytes([i]): i for i in range(clear)}
            next_code = end + 1
            width = min_code_size + 1
        current = bytes([index])
    if current:
        emit(table[current])
    emit(end)
    if nbits:
        out.append(bits & 0xFF)
    return bytes(out)


def frame_colour(i):
    r, g, b = colorsys.hsv_to_rgb(i / FRAMES, 0.85, 0.9)
    return int(r * 255), int(g * 255), int(b * 255)


def gif():
    # Palette: 0 white, 1 dark ink, 2.. one colour per frame; 32 entries (5-bit table).
    palette = [(255, 255, 255), (8, 54, 63)] + [frame_colour(i) for i in range(FRAMES)]
    palette += [(0, 0, 0)] * (32 - len(palette))
    data = bytearray(b"GIF89a")
    data += struct.pack("<HHBBB", SIZE, SIZE, 0xF4, 0, 0)
    for r, g, b in palette:
        data += bytes((r, g, b))
    data += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"  # loop forever
    centre = (SIZE - 1) / 2
    for i in range(FRAMES):
        sweep = (i + 1) / FRAMES
        pixels = []
        for y in range(SIZE):
            for x in range(SIZE):
                dx, dy = x - centre, y - centre
                r = math.hypot(dx, dy)
                turn = (math.atan2(dx, -dy) / (2 * math.pi)) % 1
                if r <= 14:
                    pixels.append(2 + i)
                elif 17 <= r <= 22 and turn <= sweep:
                    pixels.append(1)
                else:
                    pixels.append(0)
        # 40 ms; index 0 (white) is transparent, and each frame clears to it before the next
        data += b"\x21\xF9\x04\x09" + struct.pack("<H", 4) + b"\x00\x00"
        data += b"\x2C" + struct.pack("<HHHHB", 0, 0, SIZE, SIZE, 0)
        data += bytes((5,))
        packed = lzw(pixels, 5)
        for start in range(0, len(packed), 255):
            block = packed[start:start + 255]
            data += bytes((len(block),)) + block
        data += b"\x00"
    data += b"\x3B"
    return bytes(data)


def static(value):
    return {"a": 0, "k": value}


def animated(*keys):
    """Keyframes (frame, value) with linear easing; the last only ends the one before it."""
    frames = []
    for (t, s), (_, e) in zip(keys, keys[1:]):
        frames.append({"t": t, "s": s, "e": e, "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}})
    frames.append({"t": keys[-1][0]})
    return {"a": 1, "k": frames}


def transform(position, rotation=static(0)):
    return {"o": static(100), "r": rotation, "p": static(position + [0]), "a": static([0, 0, 0]),
            "s": static([100, 100, 100])}


def group(*items):
    tr = {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]),
          "r": static(0), "o": static(100)}
    return {"ty": "gr", "it": list(items) + [tr]}


def layer(index, name, ks, shapes):
    return {"ddd": 0, "ind": index, "ty": 4, "nm": name, "sr": 1, "ks": ks, "ao": 0,
            "shapes": shapes, "ip": 0, "op": 60, "st": 0, "bm": 0}


def lottie():
    red, blue, green = [0.9, 0.2, 0.2, 1], [0.2, 0.3, 0.9, 1], [0.2, 0.8, 0.4, 1]
    disc = group(
        {"ty": "el", "p": static([0, 0]), "s": animated((0, [12, 12]), (30, [40, 40]), (60, [40, 40]))},
        {"ty": "fl", "c": animated((0, red), (30, blue), (45, green), (60, blue)), "o": static(100), "r": 1},
    )
    dot = group(
        {"ty": "el", "p": static([0, -14]), "s": static([8, 8])},
        {"ty": "fl", "c": static([1, 1, 1, 1]), "o": static(100), "r": 1},
    )
    return {
        "v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": SIZE, "h": SIZE, "nm": "refresh-lab pull",
        "ddd": 0, "assets": [],
        "markers": [{"tm": 0, "cm": "pull", "dr": 30}, {"tm": 30, "cm": "refresh", "dr": 30}],
        # Later layers draw below earlier ones: the dot is first so it shows over the disc.
        "layers": [
            layer(1, "dot", transform([24, 24], animated((0, [0]), (30, [0]), (60, [360]))), [dot]),
            layer(2, "disc", transform([24, 24]), [disc]),
        ],
    }


if __name__ == "__main__":
    with open(os.path.join(HERE, "pull.gif"), "wb") as f:
        f.write(gif())
    with open(os.path.join(HERE, "pull.json"), "w") as f:
        json.dump(lottie(), f, separators=(",", ":"))
        f.write("\n")
