"""A probe of Chromium's decoded image memory, run by hand (the check is `Validation/run.sh --memory`):
a page of N `<img>` rows 390 CSS px wide, each a W x H PNG of noise, loaded eagerly, scrolled to
a depth, then one memory-infra dump over the DevTools protocol (`Tracing.requestMemoryDump`,
category `disabled-by-default-memory-infra`). It prints, per process, `cc/image_memory` (the
compositor's decoded images, `cc/tiles/software_image_decode_cache.cc`) and
`web_cache/Image_resources` (Blink's encoded image resources), in MiB. What it found is in
docs/memory.md, "Not yet".

    Validation/.venv/bin/python Validation/memory_probe.py N W H SCROLL_PX

VH (default 844) sets the viewport height, WAIT_MS (default 500) the wait before the dump,
STEP and PAUSE (400 px, 50 ms) the scroll's steps; NUDGE=1 scrolls 1 px and back a second
after the load, BACK=1 returns to the top before the wait.
"""
import asyncio, json, sys, struct, zlib, http.server, threading, socketserver, os
from playwright.async_api import async_playwright
from engines import memory_infra_dump

def png(w, h):
    # a noisy PNG (no compression tricks matter: decoded size is w*h*4)
    raw = b''.join(b'\x00' + os.urandom(w*3) for _ in range(h))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t+d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 1)) + chunk(b'IEND', b'')

IMG = {}
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        if self.path.startswith('/img'):
            w, h, i = map(int, self.path.split('?')[1].split(','))
            key=(w,h)
            if key not in IMG: IMG[key]=png(w,h)
            body=IMG[key]; ct='image/png'
        elif 'n=' in self.path:
            n=int(self.path.split('n=')[1].split('&')[0]); w=int(self.path.split('w=')[1].split('&')[0]); h=int(self.path.split('h=')[1])
            imgs=''.join(f'<img src="/img?{w},{h},{i}" style="display:block;width:390px;height:{round(390*h/w)}px">' for i in range(n))
            body=f'<html><body style="margin:0">{imgs}</body></html>'.encode(); ct='text/html'
        else:
            self.send_response(404); self.end_headers(); return
        self.send_response(200); self.send_header('Content-Type', ct); self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)
class S(socketserver.ThreadingMixIn, http.server.HTTPServer): daemon_threads=True
srv=S(('127.0.0.1',0),H); port=srv.server_address[1]
threading.Thread(target=srv.serve_forever,daemon=True).start()

async def main(n, w, h, scroll):
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path='/usr/bin/chromium', headless=True, args=['--no-sandbox','--disable-gpu'])
        page = await b.new_page(viewport={'width':390,'height':int(os.environ.get('VH','844'))})
        await page.goto(f'http://127.0.0.1:{port}/?n={n}&w={w}&h={h}')
        await page.wait_for_load_state('load')
        if os.environ.get("NUDGE"):
            await page.wait_for_timeout(1000); await page.evaluate("window.scrollTo(0,1)"); await page.wait_for_timeout(100); await page.evaluate("window.scrollTo(0,0)")
        step, pause = int(os.environ.get('STEP','400')), int(os.environ.get('PAUSE','50'))
        for y in range(0, scroll, step):
            await page.evaluate(f'window.scrollTo(0,{y})'); await page.wait_for_timeout(pause)
        if os.environ.get('BACK'):
            await page.evaluate('window.scrollTo(0,0)')
        await page.wait_for_timeout(int(os.environ.get('WAIT_MS','500')))
        events = await memory_infra_dump(page.context, page)
        await b.close()
    out={}
    for e in events:
        if e.get('ph')=='v':
            pid=e['pid']
            for name,d in e['args']['dumps'].get('allocators',{}).items():
                size=d.get('attrs',{}).get('size',{}).get('value')
                if size is None: continue
                v=int(size,16)
                if name in ("cc/image_memory", "web_cache/Image_resources"):
                    out[(pid,name)]=v
    for (pid,name),v in sorted(out.items(), key=lambda x:-x[1])[:40]: print(pid, name, round(v/1048576,2))
asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
