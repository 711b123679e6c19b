#!/usr/bin/env python3
"""Synthesises Chimera's sound cues into this directory.

Python 3 standard library only. The output is deterministic: noise comes from
`random.Random` with a fixed seed per sound, and nothing depends on the clock.
Every file is 16-bit mono PCM WAV at 44.1 kHz.

    python3 assets/sounds/make_sounds.py          # write the WAVs, then check them
    python3 assets/sounds/make_sounds.py --check  # only check the files on disk

The check reads the files back and prints, per sound, its length, peak and
RMS level, DC offset, first and last sample, spectral centroid and SHA-256
prefix, then the distance between every two sounds (a coarse spectrum plus
loudness envelope). It exits with status 1 when a file breaks a limit.

The sounds are built from a few pieces:
- `mode`: one damped sine, a resonance of a struck body. Several of them at
  non-harmonic ratios, plus a short filtered noise burst for the contact, make
  a wooden knock (modal synthesis).
- `tone`: a pitched note with a few partials (bell, marimba, soft organ).
- `finish`: removes DC, fades in and out (so the file starts and ends at
  exactly zero, no click), and scales to a chosen peak level.
"""

import hashlib
import math
import os
import random
import struct
import sys
import wave

RATE = 44100
HERE = os.path.dirname(os.path.abspath(__file__))

# Per-sound limits the check enforces (seconds).
MAX_SECONDS = 0.5
MAX_GAME_END_SECONDS = 1.2
# Peak must stay below this (dBFS): headroom for the mixer, never clipping.
MAX_PEAK_DBFS = -1.0
# |mean| / full scale above this counts as a DC offset.
MAX_DC = 0.002


# --------------------------------------------------------------- building blocks


def samples(seconds):
    return int(round(seconds * RATE))


def mix(buf, sig, at=0.0, gain=1.0):
    """Adds `sig` into `buf` from time `at` (seconds)."""
    start = samples(at)
    for i, v in enumerate(sig):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += gain * v


def mode(freq, decay, seconds, glide=0.0, glide_time=0.008):
    """A damped sine starting at phase 0. `glide` raises the pitch at the
    strike by that fraction, relaxing over `glide_time`: the 'thock' of a
    hard body hitting wood."""
    out = [0.0] * samples(seconds)
    phase = 0.0
    for i in range(len(out)):
        t = i / RATE
        out[i] = math.exp(-t / decay) * math.sin(phase)
        f = freq * (1.0 + glide * math.exp(-t / glide_time))
        phase += 2.0 * math.pi * f / RATE
    return out


def knock(modes, seconds, glide=0.0):
    """A struck body: the sum of `modes` given as (freq, amp, decay)."""
    out = [0.0] * samples(seconds)
    for freq, amp, decay in modes:
        mix(out, mode(freq, decay, seconds, glide), gain=amp)
    return release(out)


def release(sig, seconds=0.01):
    """Fades the last `seconds` out (raised cosine), so that a part cut off
    while still sounding ends at 0 instead of a step (a click) in the mix."""
    n = min(len(sig), samples(seconds))
    for k in range(n):
        sig[len(sig) - 1 - k] *= 0.5 - 0.5 * math.cos(math.pi * k / n)
    return sig


def lowpass(sig, cutoff):
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig, cutoff):
    low = lowpass(sig, cutoff)
    return [x - l for x, l in zip(sig, low)]


def noise_burst(rng, seconds, decay, low_cut, high_cut):
    """Band-limited noise with an exponential decay: the contact click."""
    raw = [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]
    band = highpass(lowpass(lowpass(raw, high_cut), high_cut), low_cut)
    return [v * math.exp(-(i / RATE) / decay) for i, v in enumerate(band)]


def tone(freq, partials, decay, seconds, attack=0.004):
    """A note: partials given as (ratio, amp, decay factor), a short linear
    attack, then each partial decays exponentially."""
    out = [0.0] * samples(seconds)
    n_attack = max(1, samples(attack))
    for ratio, amp, decay_factor in partials:
        f = freq * ratio
        if f >= RATE / 2:
            continue
        d = decay * decay_factor
        w = 2.0 * math.pi * f / RATE
        for i in range(len(out)):
            t = i / RATE
            env = math.exp(-t / d) * min(1.0, i / n_attack)
            out[i] += amp * env * math.sin(w * i)
    return release(out)


def dc_block(sig, r=0.995):
    """First-order DC blocker (cut-off near 35 Hz): y[n] = x[n] - x[n-1] + r*y[n-1]."""
    out = []
    px = py = 0.0
    for x in sig:
        y = x - px + r * py
        out.append(y)
        px, py = x, y
    return out


def finish(sig, peak, fade_in=0.001, fade_out=0.02):
    """DC removed, raised-cosine fades (first and last sample exactly 0),
    scaled so the largest sample is `peak` (of full scale)."""
    sig = dc_block(sig)
    n = len(sig)
    fi, fo = max(2, samples(fade_in)), max(2, samples(fade_out))
    for k in range(fi):
        sig[k] *= 0.5 - 0.5 * math.cos(math.pi * k / (fi - 1))
    for k in range(fo):
        sig[n - 1 - k] *= 0.5 - 0.5 * math.cos(math.pi * k / (fo - 1))
    # What DC is left (a truncated decay): subtract it as one slow, inaudible
    # Hann-shaped swell over the whole sound, which is 0 at both ends.
    hann = [math.sin(math.pi * k / (n - 1)) ** 2 for k in range(n)]
    c = sum(sig) / sum(hann)
    sig = [v - c * h for v, h in zip(sig, hann)]
    top = max(abs(v) for v in sig)
    return [v * peak / top for v in sig]


def note(name):
    """Frequency of a note such as 'C5' or 'F#4' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = steps[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        semis -= 1
        rest = rest[1:]
    semis += 12 * (int(rest) - 4)
    return 440.0 * 2.0 ** (semis / 12.0)


# Instruments.
BELL = [(1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (2.76, 0.22, 0.45), (5.4, 0.08, 0.25)]
MARIMBA = [(1.0, 1.0, 1.0), (3.93, 0.18, 0.35), (9.2, 0.05, 0.15)]
SOFT = [(1.0, 1.0, 1.0), (2.0, 0.3, 0.8), (3.0, 0.12, 0.6), (4.0, 0.05, 0.5)]

# A hard-wood piece set down on a wooden board: a low body mode for weight,
# then the main knock near 440 Hz and a few higher non-harmonic modes, all
# short (small speakers hardly play the lowest one; the knock carries).
WOOD = [
    (170.0, 0.45, 0.022),
    (440.0, 1.0, 0.020),
    (1010.0, 0.55, 0.011),
    (1890.0, 0.30, 0.007),
    (3350.0, 0.12, 0.004),
]


def wood_hit(rng, seconds, pitch=1.0, brightness=1.0, glide=0.18):
    """A wooden knock; `pitch` scales the modes, `brightness` the click."""
    modes = [(f * pitch, a, d) for f, a, d in WOOD]
    body = knock(modes, seconds, glide)
    click = noise_burst(rng, seconds, 0.0025 * brightness, 400.0, 3500.0 * brightness)
    mix(body, click, gain=0.9 * brightness)
    return body


# ---------------------------------------------------------------------- sounds


def s_move(rng):
    """A single wooden thock."""
    out = [0.0] * samples(0.16)
    mix(out, wood_hit(rng, 0.16))
    return finish(out, 0.70, fade_out=0.03)


def s_capture(rng):
    """A sharper double knock: a bright hit, then a harder, higher one."""
    out = [0.0] * samples(0.30)
    mix(out, wood_hit(rng, 0.2, pitch=1.35, brightness=1.8, glide=0.3), gain=0.8)
    mix(out, wood_hit(rng, 0.2, pitch=1.6, brightness=2.2, glide=0.35), at=0.065)
    return finish(out, 0.80, fade_out=0.05)


def s_drop(rng):
    """A soft 'plop': a low, round sine whose pitch rises quickly, no click."""
    n = samples(0.20)
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 260.0 + 520.0 * (1.0 - math.exp(-t / 0.018))
        env = math.exp(-t / 0.035) * min(1.0, t / 0.003)
        out[i] = env * math.sin(phase)
        phase += 2.0 * math.pi * f / RATE
    mix(out, mode(120.0, 0.03, 0.2), gain=0.35)
    out = lowpass(out, 2500.0)
    return finish(out, 0.60, fade_in=0.002, fade_out=0.04)


def s_check(rng):
    """A two-note chime, rising a fourth (B5 then E6)."""
    out = [0.0] * samples(0.45)
    mix(out, tone(note("B5"), BELL, 0.12, 0.3), gain=0.8)
    mix(out, tone(note("E6"), BELL, 0.13, 0.32), at=0.12)
    return finish(out, 0.45, fade_in=0.002, fade_out=0.06)


def s_castling(rng):
    """King and rook: two mellow knocks, low then higher, with a faint slide
    of felt on wood between them."""
    out = [0.0] * samples(0.34)
    mix(out, wood_hit(rng, 0.16, pitch=0.9, brightness=0.6, glide=0.12))
    slide = noise_burst(rng, 0.11, 10.0, 300.0, 1500.0)
    for i in range(len(slide)):
        slide[i] *= math.sin(math.pi * i / len(slide)) ** 2
    mix(out, slide, at=0.025, gain=0.10)
    mix(out, wood_hit(rng, 0.18, pitch=1.2, brightness=0.6, glide=0.12), at=0.15)
    return finish(out, 0.65, fade_out=0.04)


def s_promotion(rng):
    """A rising arpeggio on a marimba: C5 E5 G5 C6."""
    out = [0.0] * samples(0.50)
    for k, name in enumerate(["C5", "E5", "G5", "C6"]):
        mix(out, tone(note(name), MARIMBA, 0.09 + 0.03 * k, 0.5), at=0.07 * k, gain=0.7 + 0.1 * k)
    return finish(out, 0.50, fade_in=0.002, fade_out=0.08)


def s_game_end(rng):
    """A short cadence, dominant to tonic: G major then C major, each chord
    lightly strummed, soft organ-like tone."""
    out = [0.0] * samples(1.15)
    chords = [
        (0.0, ["G3", "D4", "G4", "B4"], 0.22, 0.45),
        (0.36, ["C3", "G3", "C4", "E4", "G4", "C5"], 0.30, 0.79),
    ]
    for at, names, decay, length in chords:
        for k, name in enumerate(names):
            mix(out, tone(note(name), SOFT, decay, length, attack=0.012), at=at + 0.012 * k, gain=0.5)
    return finish(out, 0.50, fade_in=0.002, fade_out=0.20)


def s_low_time(rng):
    """A ticking pip: a tiny click and a short high beep."""
    out = [0.0] * samples(0.09)
    mix(out, tone(1760.0, [(1.0, 1.0, 1.0), (2.0, 0.15, 0.6)], 0.02, 0.09, attack=0.002))
    mix(out, noise_burst(rng, 0.01, 0.001, 2000.0, 8000.0), gain=0.3)
    return finish(out, 0.32, fade_out=0.02)


# File name (must match SoundCue::file_name in src/sound.rs), maker, seed.
SOUNDS = [
    ("move.wav", s_move, 1),
    ("capture.wav", s_capture, 2),
    ("drop.wav", s_drop, 3),
    ("check.wav", s_check, 4),
    ("castling.wav", s_castling, 5),
    ("promotion.wav", s_promotion, 6),
    ("game-end.wav", s_game_end, 7),
    ("low-time.wav", s_low_time, 8),
]


def write_wav(path, sig):
    frames = b"".join(struct.pack("<h", int(round(v * 32767))) for v in sig)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


# ---------------------------------------------------------------------- checks


def read_wav(path):
    with wave.open(path, "rb") as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        raw = w.readframes(w.getnframes())
    return fmt, list(struct.unpack("<%dh" % (len(raw) // 2), raw))


def fft(x):
    """Iterative radix-2 FFT of a list of complex numbers (len a power of 2)."""
    n = len(x)
    a = list(x)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            a[i], a[j] = a[j], a[i]
    size = 2
    while size <= n:
        w_step = complex(math.cos(2 * math.pi / size), -math.sin(2 * math.pi / size))
        for start in range(0, n, size):
            w = 1 + 0j
            for k in range(size // 2):
                u = a[start + k]
                v = a[start + k + size // 2] * w
                a[start + k] = u + v
                a[start + k + size // 2] = u - v
                w *= w_step
        size *= 2
    return a


def power_spectrum(x, n=2048):
    """Hann-windowed power spectrum averaged over half-overlapping frames."""
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / (n - 1)) for i in range(n)]
    acc = [0.0] * (n // 2)
    padded = x + [0.0] * n
    for start in range(0, max(1, len(x)), n // 2):
        frame = [padded[start + i] * hann[i] for i in range(n)]
        spec = fft(frame)
        for k in range(n // 2):
            acc[k] += abs(spec[k]) ** 2
    return acc


BANDS = [100.0 * 2 ** (i / 3) for i in range(22)]  # 100 Hz .. ~13 kHz, third-octaves


def features(x):
    """A coarse fingerprint: third-octave band levels (dB re the loudest band,
    floored at -60, scaled to 0..1) and the loudness envelope (RMS of 20 ms
    frames over 1.2 s, relative to its maximum)."""
    n = 2048
    spec = power_spectrum(x, n)
    bands = []
    for lo in BANDS:
        hi = lo * 2 ** (1 / 3)
        e = sum(p for k, p in enumerate(spec) if lo <= k * RATE / n < hi)
        bands.append(10 * math.log10(e + 1e-12))
    top = max(bands)
    bands = [max(-60.0, b - top) / 60.0 + 1.0 for b in bands]
    frame = samples(0.02)
    env = []
    for f in range(60):
        chunk = x[f * frame : (f + 1) * frame]
        env.append(math.sqrt(sum(v * v for v in chunk) / frame) if chunk else 0.0)
    emax = max(env)
    env = [e / emax for e in env]
    return bands, env


def centroid(x):
    n = 2048
    spec = power_spectrum(x, n)
    total = sum(spec)
    return sum(k * RATE / n * p for k, p in enumerate(spec)) / total


def db(v):
    return 20 * math.log10(v) if v > 0 else float("-inf")


def check():
    ok = True
    print(f"{'file':<14} {'sec':>6} {'peak dB':>8} {'rms dB':>7} {'dc':>8} {'first':>5} {'last':>5} {'centroid':>9}  sha256")
    prints = {}
    for name, _, _ in SOUNDS:
        path = os.path.join(HERE, name)
        fmt, s = read_wav(path)
        x = [v / 32768.0 for v in s]
        seconds = len(s) / RATE
        peak = max(abs(v) for v in x)
        rms = math.sqrt(sum(v * v for v in x) / len(x))
        dc = sum(x) / len(x)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
        print(
            f"{name:<14} {seconds:6.3f} {db(peak):8.2f} {db(rms):7.2f} {dc:8.5f} {s[0]:5d} {s[-1]:5d} {centroid(x):8.0f}Hz  {digest}"
        )
        limit = MAX_GAME_END_SECONDS if name == "game-end.wav" else MAX_SECONDS
        problems = []
        if fmt != (1, 2, RATE):
            problems.append(f"format {fmt}, expected mono 16-bit {RATE} Hz")
        if seconds > limit:
            problems.append(f"{seconds:.3f} s is longer than {limit} s")
        if db(peak) > MAX_PEAK_DBFS:
            problems.append(f"peak {db(peak):.2f} dBFS above {MAX_PEAK_DBFS}")
        if abs(dc) > MAX_DC:
            problems.append(f"DC offset {dc:.5f}")
        if s[0] != 0 or s[-1] != 0:
            problems.append("does not start and end at 0")
        for p in problems:
            print(f"  ERROR {name}: {p}")
            ok = False
        prints[name] = features(x)
    print("\ndistance between sounds (spectrum, envelope; 0 = same):")
    names = [n for n, _, _ in SOUNDS]
    closest = (float("inf"), "", "")
    for i, a in enumerate(names):
        row = []
        for b in names[:i]:
            (ba, ea), (bb, eb) = prints[a], prints[b]
            ds = math.sqrt(sum((p - q) ** 2 for p, q in zip(ba, bb)) / len(ba))
            de = math.sqrt(sum((p - q) ** 2 for p, q in zip(ea, eb)) / len(ea))
            d = ds + de
            closest = min(closest, (d, a, b))
            row.append(f"{d:5.2f}")
        print(f"{a:<14} " + " ".join(row))
    print(f"closest pair: {closest[1]} / {closest[2]} at {closest[0]:.2f}")
    return ok


def main():
    if "--check" not in sys.argv[1:]:
        for name, make, seed in SOUNDS:
            write_wav(os.path.join(HERE, name), make(random.Random(seed)))
    sys.exit(0 if check() else 1)


if __name__ == "__main__":
    main()
