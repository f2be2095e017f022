#!/usr/bin/env python3
"""Regenerates the landing page's demo video and poster in web/public/media/.

Not part of the build: the produced files are committed. Needs chromium and ffmpeg
(apt-get install chromium ffmpeg). Usage: python3 web/scripts/make-demo-video.py
"""
import os
import shutil
import subprocess
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'public', 'media')
W, H = 360, 640

CONVERSATION = [
    ('fan', 'ok but how do you film those transitions?? 😭'),
    ('maya', 'Phone on a $12 tripod, window light, and honestly like 40 takes 😅'),
    ('fan', '40?? that makes me feel so much better'),
    ('maya', 'Nobody nails it first try! Match your hand position between clips and it clicks. Want my beginner shot list?'),
]

CSS = """
* { box-sizing: border-box; margin: 0; }
body { width: %dpx; height: %dpx; overflow: hidden; font-family: 'DejaVu Sans', sans-serif;
  background: linear-gradient(160deg, #6d28d9 0%%, #c026d3 55%%, #f97316 100%%); }
.phone { position: absolute; inset: 28px 22px; border-radius: 34px; background: #f6f5fb;
  box-shadow: 0 30px 60px -20px rgba(30, 10, 60, .6); overflow: hidden; display: flex; flex-direction: column; }
.head { display: flex; align-items: center; gap: 10px; padding: 18px 16px 12px; background: #fff; border-bottom: 1px solid #e6e3f0; }
.av { width: 38px; height: 38px; border-radius: 50%%; background: linear-gradient(135deg, #f97316, #c026d3);
  color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.name { font-weight: 700; font-size: 15px; color: #17151f; }
.sub { font-size: 11px; color: #6d28d9; font-weight: 600; }
.msgs { flex: 1; display: flex; flex-direction: column; justify-content: flex-end; gap: 9px; padding: 14px; }
.b { max-width: 82%%; padding: 9px 13px; border-radius: 18px; font-size: 13.5px; line-height: 1.38; }
.fan { align-self: flex-end; color: #fff; background: linear-gradient(135deg, #6d28d9, #c026d3 60%%, #f97316);
  border-bottom-right-radius: 5px; }
.maya { align-self: flex-start; background: #fff; color: #17151f; border: 1px solid #e6e3f0; border-bottom-left-radius: 5px; }
.typing { align-self: flex-start; display: flex; gap: 5px; padding: 12px 14px; background: #fff; border: 1px solid #e6e3f0;
  border-radius: 18px; border-bottom-left-radius: 5px; }
.typing i { width: 7px; height: 7px; border-radius: 50%%; background: #8d8a9e; }
.typing i:nth-child(2) { opacity: .6; } .typing i:nth-child(3) { opacity: .35; }
.input { margin: 0 12px 14px; padding: 11px 14px; border-radius: 22px; background: #fff; border: 1px solid #e6e3f0;
  color: #8d8a9e; font-size: 13px; }
""" % (W, H)


def page(visible, typing):
    bubbles = ''.join('<div class="b %s">%s</div>' % (who, text) for who, text in CONVERSATION[:visible])
    if typing:
        bubbles += '<div class="typing"><i></i><i></i><i></i></div>'
    return ('<!doctype html><meta charset="utf-8"><style>%s</style><div class="phone"><div class="head">'
            '<div class="av">M</div><div><div class="name">Maya ✨</div><div class="sub">AI persona · built from her posts</div>'
            '</div></div><div class="msgs">%s</div><div class="input">Message Maya…</div></div>') % (CSS, bubbles)


def main():
    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    states = [(0, False, 0.8), (1, False, 0.9), (1, True, 0.9), (2, False, 1.4), (3, False, 1.0), (3, True, 0.9), (4, False, 2.2)]
    with tempfile.TemporaryDirectory() as tmp:
        concat = []
        for i, (visible, typing, seconds) in enumerate(states):
            html = os.path.join(tmp, 'f%d.html' % i)
            png = os.path.join(tmp, 'f%d.png' % i)
            with open(html, 'w') as f:
                f.write(page(visible, typing))
            subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                            '--force-device-scale-factor=1', '--window-size=%d,%d' % (W, H),
                            '--screenshot=%s' % png, 'file://' + html], check=True, capture_output=True)
            concat.append("file '%s'\nduration %s\n" % (png, seconds))
        concat.append("file '%s'\n" % os.path.join(tmp, 'f%d.png' % (len(states) - 1)))
        listing = os.path.join(tmp, 'list.txt')
        with open(listing, 'w') as f:
            f.writelines(concat)
        base = ['ffmpeg', '-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', listing,
                '-vf', 'fps=24,format=yuv420p', '-an']
        os.makedirs(OUT, exist_ok=True)
        subprocess.run(base + ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-row-mt', '1',
                               os.path.join(OUT, 'backtalk-demo.webm')], check=True)
        subprocess.run(base + ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-movflags', '+faststart',
                               os.path.join(OUT, 'backtalk-demo.mp4')], check=True)
        subprocess.run(['ffmpeg', '-y', '-loglevel', 'error', '-i', os.path.join(tmp, 'f%d.png' % (len(states) - 1)),
                        '-q:v', '4', os.path.join(OUT, 'backtalk-demo-poster.jpg')], check=True)


if __name__ == '__main__':
    main()
