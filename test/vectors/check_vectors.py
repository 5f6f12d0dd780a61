#!/usr/bin/env python3
"""Independent reference check of the packsmith v1 origin hash, Python standard library only.

Usage: python3 check_vectors.py [vectors.json]
Recomputes every vector from the files beside vectors.json and prints one line per vector; exits 1
on any mismatch. Written from the hash definition in README.md, not from the TypeScript code, so
agreement between the two is evidence that the definition is complete.
"""
import decimal
import hashlib
import json
import math
import os
import struct
import sys
import zlib

DOMAIN = b"packsmith/v1/"
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def decode_png(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, plte, trns, ihdr = 8, b"", None, None, None
    while True:
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        ctype, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(ctype + body) == crc, "bad CRC"
        pos += 12 + length
        if ctype == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif ctype == b"PLTE":
            plte = body
        elif ctype == b"tRNS":
            trns = body
        elif ctype == b"IDAT":
            idat += body
        elif ctype == b"IEND":
            break
    width, height, depth, ctype, _, _, interlace = ihdr
    ch = CHANNELS[ctype]
    bpp = max(1, depth * ch // 8)
    raw = zlib.decompress(idat)
    out = bytearray(width * height * 4)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    at = 0
    for xs, ys, dx, dy in passes:
        pw = (width - xs + dx - 1) // dx if width > xs else 0
        ph = (height - ys + dy - 1) // dy if height > ys else 0
        if not pw or not ph:
            continue
        stride = (pw * depth * ch + 7) // 8
        prev = bytearray(stride)
        for y in range(ph):
            ftype, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
            at += 1 + stride
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                if ftype == 1:
                    line[i] = (line[i] + a) & 255
                elif ftype == 2:
                    line[i] = (line[i] + b) & 255
                elif ftype == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif ftype == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            prev = line
            for x in range(pw):
                samples = [sample(line, x * ch + k, depth) for k in range(ch)]
                o = ((ys + y * dy) * width + xs + x * dx) * 4
                out[o:o + 4] = bytes(expand(samples, ctype, depth, plte, trns))
    return width, height, bytes(out)


def sample(line, i, depth):
    if depth == 16:
        return line[2 * i] << 8 | line[2 * i + 1]
    if depth == 8:
        return line[i]
    bit = i * depth
    return (line[bit // 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)


def to8(v, depth):
    if depth == 16:
        return (v + 128) // 257  # round(v / 257); 257 is odd, so there are no ties
    return v * 255 // ((1 << depth) - 1)


def expand(s, ctype, depth, plte, trns):
    key = [trns[i] << 8 | trns[i + 1] for i in range(0, len(trns) - 1, 2)] if trns and ctype in (0, 2) else None
    if ctype == 0:
        g = to8(s[0], depth)
        return [g, g, g, 0 if key and s[0] == key[0] else 255]
    if ctype == 2:
        return [to8(v, depth) for v in s] + [0 if key and s == key[:3] else 255]
    if ctype == 3:
        rgb = list(plte[s[0] * 3:s[0] * 3 + 3]) if s[0] * 3 < len(plte) else [0, 0, 0]
        return rgb + [trns[s[0]] if trns and s[0] < len(trns) else 255]
    if ctype == 4:
        g = to8(s[0], depth)
        return [g, g, g, to8(s[1], depth)]
    return [to8(v, depth) for v in s]


def es_number(x):
    """ECMAScript Number::toString for a finite double."""
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    d = decimal.Decimal(repr(abs(x))).normalize()
    digits = "".join(map(str, d.as_tuple().digits))
    k, n = len(digits), d.as_tuple().exponent + len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    exp = ("+" if n - 1 >= 0 else "-") + str(abs(n - 1))
    return sign + (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + exp


def canonical_number(x):
    if math.isnan(x) or math.isinf(x):
        return "null"
    if x.is_integer():
        return es_number(x)
    y = abs(x) * 1e6
    r = math.floor(y)
    if y - r >= 0.5:  # half away from zero; exact because y < 2^53 here
        r += 1
    return es_number(math.copysign(r, x) / 1e6)


def canonical_string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif o < 0x20 or 0xD800 <= o <= 0xDFFF:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    return "".join(out) + '"'


def canonical(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, float):
        return canonical_number(v)
    if isinstance(v, str):
        return canonical_string(v)
    if isinstance(v, list):
        return "[" + ",".join(canonical(i) for i in v) + "]"
    keys = sorted(v, key=lambda k: k.encode("utf-16-be", "surrogatepass"))
    return "{" + ",".join(canonical_string(k) + ":" + canonical(v[k]) for k in keys) + "}"


def refuse_constant(name):
    raise ValueError("not JSON: " + name)


def origin_hash(name, data):
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if ext == "png":
        w, h, rgba = decode_png(data)
        rgba = bytearray(rgba)
        for i in range(3, len(rgba), 4):
            if rgba[i] == 0:
                rgba[i - 3:i] = b"\0\0\0"
        return "png", hashlib.sha256(DOMAIN + b"png\n" + b"%dx%d\n" % (w, h) + bytes(rgba)).hexdigest(), None
    if ext == "json":
        # Numbers parse as doubles, like JavaScript (parse_int=float); a leading BOM is dropped.
        value = json.loads(data.decode("utf-8-sig"), parse_int=float, parse_constant=refuse_constant)
        text = canonical(value)
        return "json", hashlib.sha256(DOMAIN + b"json\n" + text.encode("utf-8")).hexdigest(), text
    return "bytes", hashlib.sha256(DOMAIN + b"bytes\n" + data).hexdigest(), None


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors.json")
    base = os.path.dirname(path)
    doc = json.load(open(path, encoding="utf-8"))
    bad = 0
    for v in doc["files"]:
        with open(os.path.join(base, v["file"]), "rb") as f:
            form, got, text = origin_hash(v["file"], f.read())
        ok = form == v["form"] and got == v["hash"] and (text is None or text == v.get("canonical"))
        bad += not ok
        print(("ok  " if ok else "BAD ") + v["file"] + " " + got)
    for v in doc["values"]:
        got = hashlib.sha256(DOMAIN + b"json\n" + v["canonical"].encode("utf-8")).hexdigest()
        ok = got == v["hash"]
        bad += not ok
        print(("ok  " if ok else "BAD ") + v["name"])
    print("%d mismatches" % bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
