// The page's list: the controller of refresh-lab.js driven by pointer and touch input on the
// wall clock, drawn on a canvas at the device's pixel ratio as the lab's TableView draws it
// (Sources/RefreshSDL/Table/TableView.swift, Header/ClassicBar.swift, ClassicHeaderRenderer,
// MaterialBadgeHeaderRenderer, FooterRenderer, Shapes/IconSprites.swift): the same sizes,
// colours, rows, bars, icons and badge. Below the list, a strip names the tuning and, until the
// first pull, says to pull.
(function () {
  'use strict';
  const lab = window.refreshLab;
  const canvas = document.getElementById('list');
  const ctx = canvas.getContext('2d');
  const lang = (navigator.language || 'en').toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const text = lab.labels[lang], words = lab.words[lang];
  // Table/TableStyle.swift: sizes in points, colours.
  const style = { background: '#EEF1F4', row: '#FFF', separator: '#DDE1E6', title: '#1C1C1E',
    subtitle: '#8A8F98', bar: '#00BCD4', ink: '#08363F', detail: '#0E4E5A', badge: '#FFF',
    badgeShadow: 'rgba(0,0,0,0.188)', badgeDiameter: 40, padding: 16 };
  // The lab's text sizes (points, set in whole pixels) and weights.
  const FONT = 'px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
  const sizes = { title: [15, 'bold '], subtitle: [12, ''], label: [14.5, 'bold '], detail: [11.5, ''] }, fonts = {};
  let width = 0, height = 0, dpr = 1, session = null, pointer = null;
  const clockStart = performance.now(), wallStart = Date.now();
  // The wall clock, unless a test sets lab.clock to step the page in simulated time.
  function now() { return lab.clock ? lab.clock() : (performance.now() - clockStart) / 1000; }
  // What the live page did, for a test driving it with real input: each state the bars
  // entered, in order, the requests started and those answered.
  const live = lab.live = { headers: [], footers: [], answered: 0 };
  let lastUpdated = null;
  function note() {
    const s = session.c.snapshot(), last = live.headers[live.headers.length - 1];
    live.started = session.started; live.rows = session.rows; live.answered = session.answered;
    live.pointer = pointer;
    if (s.header === 'finishing' && last !== 'finishing' && s.headerLabel === 'refreshSucceeded') lastUpdated = s.t;
    if (last !== s.header) live.headers.push(s.header);
    if (live.footers[live.footers.length - 1] !== s.footer) live.footers.push(s.footer);
    if (s.header !== 'idle' && hint) { hint.remove(); hint = null; }
  }

  // The strip under the list: the tuning's name, and the hint to pull until the first pull.
  const caption = document.getElementById('caption');
  document.getElementById('name').textContent = 'RefreshLab \u00b7 ' + lab.source;
  let hint = document.getElementById('hint');
  hint.textContent = '\u2193 ' + text.pullToRefresh;

  function resize() {
    dpr = window.devicePixelRatio || 1;
    setFonts();
    width = window.innerWidth; height = Math.max(window.innerHeight - caption.offsetHeight, 1);
    canvas.style.height = height + 'px';
    canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const data = Object.assign({}, lab.defaultData, lab.data);
    // page.html?fail-rate=0.3&seed=2 fails requests as the lab's --fail-rate and --seed do.
    const query = new URLSearchParams(window.location.search);
    if (query.has('fail-rate')) data.failureRate = Math.min(Math.max(Number(query.get('fail-rate')) || 0, 0), 1);
    if (query.has('seed')) data.seed = Math.max(Math.trunc(Number(query.get('seed')) || 0), 0);
    // A rotation or the browser's bars: the controller's viewport changes, as the lab's on a
    // window resize, mid-pull too.
    if (!session) session = new lab.Session(lab.tuning, data, width, height);
    else { session.start(session.c.handle({ type: 'resize', height: height, time: now() })); note(); }
  }

  // Data/RowText.swift: a row's name and second line, from its identity and the words Swift
  // wrote into the page.
  const rowTexts = new Map();
  function fill(template, values) {
    for (const k in values) template = template.split('{' + k + '}').join(values[k]);
    return template;
  }
  function rowText(generation, index) {
    const key = generation + ':' + index;
    let made = rowTexts.get(key);
    if (made) return made;
    if (rowTexts.size > 512) rowTexts.clear();
    const word = lab.SplitMix64.hash([session.data.seed, generation, index]);
    const name = words.adjectives[Number(word % BigInt(words.adjectives.length))] + words.joiner
      + words.nouns[Number((word >> 32n) % BigInt(words.nouns.length))];
    const page = Math.floor(index / Math.max(1, session.data.pageSize)) + 1;
    made = [fill(words.title, { n: index + 1, name: name }),
      fill(generation === 0 ? words.firstLoad : words.refresh, { generation: generation, page: page })];
    rowTexts.set(key, made);
    return made;
  }
  lab.rowText = rowText;

  // Text as the lab sets it (Text/Font.swift): a line is whole pixels above and below the
  // baseline, those of the taller of its faces, Droid Sans Fallback (its CJK fallback, 267 and
  // 68 of 256 units), under DejaVu Sans; text is drawn from the line's top.
  const metrics = {};
  function lineOf(font) { return metrics[font]; }
  function setFonts() {
    for (const k in sizes) {
      const px = Math.max(1, Math.round(sizes[k][0] * dpr)), font = fonts[k] = sizes[k][1] + px / dpr + FONT;
      const ascent = Math.ceil(px * 267 / 256);
      metrics[font] = { ascent: ascent / dpr, height: (ascent + Math.floor(px * 68 / 256)) / dpr };
    }
  }
  function textAt(string, font, color, x, y, scale) {
    ctx.save(); ctx.translate(x, y); if (scale !== 1) ctx.scale(scale, scale);
    ctx.font = font; ctx.fillStyle = color; ctx.textAlign = 'left'; ctx.textBaseline = 'alphabetic';
    ctx.fillText(string, 0, lineOf(font).ascent); ctx.restore();
  }
  function widthOf(string, font) { ctx.font = font; return string ? ctx.measureText(string).width : 0; }
  function snap(v) { return Math.round(v * dpr) / dpr; }

  // Shapes/IconSprites.swift: the icons, centred on a pixel corner.
  function polygons(list, color) {
    ctx.fillStyle = color; ctx.beginPath();
    for (const p of list) { ctx.moveTo(p[0], p[1]); for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]); ctx.closePath(); }
    ctx.fill('nonzero');
  }
  function stroke(x0, y0, x1, y1, w) {
    const l = Math.max(Math.hypot(x1 - x0, y1 - y0), 1e-9), nx = -(y1 - y0) / l * w / 2, ny = (x1 - x0) / l * w / 2;
    return [x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny];
  }
  function icon(kind, value, cx, cy, size, color) {
    ctx.save(); ctx.translate(snap(cx), snap(cy));
    if (kind === 'arrow') {
      ctx.rotate(value);
      const half = size / 2, head = size * 0.42, hw = size * 0.6, sw = size * 0.12, end = half - head * 0.5;
      polygons([[-sw / 2, -half, sw / 2, -half, sw / 2, end, -sw / 2, end], [0, half, -hw / 2, half - head, hw / 2, half - head]], color);
    } else if (kind === 'spinner') {
      // size is the radius: twelve spokes from 0.48 of it, a fifth of it wide, the leading
      // spoke darkest.
      const step = ((Math.floor(value * 12 + 1e-9) % 12) + 12) % 12, w = size * 0.2, inner = size * 0.48, outer = size - w / 2;
      ctx.fillStyle = color;
      for (let k = 0; k < 12; k++) {
        ctx.globalAlpha = 1 - 0.85 * (((step - k) % 12 + 12) % 12) / 12;
        ctx.save(); ctx.rotate(k / 12 * 2 * Math.PI); ctx.fillRect(-w / 2, -outer, w, outer - inner); ctx.restore();
      }
    } else if (kind === 'check') {
      const w = size * 0.14, ex = -size * 0.12, ey = size * 0.3, r = w / 2 / Math.SQRT2;
      polygons([stroke(-size * 0.45, -size * 0.02, ex + r, ey + r, w), stroke(ex - r, ey + r, size * 0.45, -size * 0.38, w)], color);
    } else if (kind === 'cross') {
      const w = size * 0.14, h = size * 0.36;
      polygons([stroke(-h, -h, h, h, w), stroke(-h, h, h, -h, w)], color);
    }
    ctx.restore();
  }

  // Header/ClassicBar.swift: the cyan bar, its label and second line centred, the icon left of
  // them, all at `scale` of their size.
  function classicBar(x, y, w, h, label, detail, kind, value, scale) {
    ctx.fillStyle = style.bar; ctx.fillRect(x, y, w, h);
    const lf = lineOf(fonts.label), df = lineOf(fonts.detail);
    const lh = label ? lf.height * scale : 0, dh = detail ? df.height * scale : 0, gap = label && detail ? scale : 0;
    const mid = x + w / 2;
    let ty = y + h / 2 - (lh + gap + dh) / 2;
    const lw = widthOf(label, fonts.label), dw = widthOf(detail, fonts.detail);
    if (label) { textAt(label, fonts.label, style.ink, snap(mid - lw * scale / 2), snap(ty), scale); ty += lh + gap; }
    if (detail) textAt(detail, fonts.detail, style.detail, snap(mid - dw * scale / 2), snap(ty), scale);
    const size = Math.min(22, h * 0.55) * scale;
    if (kind) {
      const cx = mid - Math.max(lw, dw) * scale / 2 - 14 * scale - size / 2;
      const iconSize = kind === 'spinner' ? size / 2 : kind === 'arrow' ? size : size * 0.8;
      icon(kind, value, cx, y + h / 2, iconSize, style.ink);
    }
  }
  function updatedLine() {
    if (lastUpdated === null) return words.never;
    // Host/LastUpdatedClock.swift: from the page's start on the wall clock, or in a test's
    // simulated time from the headless lab's 09:41.
    let hours, minutes;
    if (lab.clock) { const m = 9 * 60 + 41 + Math.floor(lastUpdated / 60); hours = Math.floor(m / 60) % 24; minutes = m % 60; }
    else { const d = new Date(wallStart + lastUpdated * 1000); hours = d.getHours(); minutes = d.getMinutes(); }
    const two = function (v) { return (v < 10 ? '0' : '') + v; };
    return fill(words.today, { time: two(hours) + ':' + two(minutes) });
  }
  function headerIcon(s) {
    if (s.header === 'refreshing') return ['spinner', s.spinnerPhase];
    if (s.header === 'finishing') return [s.headerLabel === 'refreshFailed' ? 'cross' : 'check', 0];
    return ['arrow', s.headerArrowAngle];
  }

  // A GIF header embedded by `export --header` goes in the header's place at the GIF's own
  // pace; kept in the document (invisible) so the browser keeps its frames moving.
  let gif = null;
  if (lab.headerImage) {
    gif = new Image(); gif.src = lab.headerImage;
    gif.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
    document.body.appendChild(gif);
  }
  function gifBar(x, y, w, h) {
    const scale = Math.min(h / gif.naturalHeight, w / gif.naturalWidth);
    ctx.fillStyle = style.bar; ctx.fillRect(x, y, w, h);
    ctx.drawImage(gif, x + (w - gif.naturalWidth * scale) / 2, y + (h - gif.naturalHeight * scale) / 2,
      gif.naturalWidth * scale, gif.naturalHeight * scale);
  }

  // Header/MaterialBadgeHeaderRenderer.swift: a round badge pulled down over the still rows,
  // its arc growing into an arrow with the pull, turning while refreshing.
  function badge(s) {
    const r = style.badgeDiameter / 2, cx = width / 2, cy = -r + s.headerTravel;
    if (!(s.headerTravel > 0) || cy + r <= 0) return;
    ctx.fillStyle = style.badgeShadow; ctx.beginPath(); ctx.arc(cx, cy + 1.5, r + 1, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = style.badge; ctx.beginPath(); ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.fill();
    if (gif && gif.naturalWidth) { ctx.save(); ctx.beginPath(); ctx.arc(cx, cy, r * 0.8, 0, 2 * Math.PI); ctx.clip(); gifBar(cx - r, cy - r, 2 * r, 2 * r); ctx.restore(); return; }
    const arc = r * 0.42, w = r * 0.14;
    function turn(t) { return (t - 0.25) * 2 * Math.PI; }
    function strokeArc(start, sweep) {
      ctx.strokeStyle = style.bar; ctx.lineWidth = w; ctx.lineCap = 'butt';
      ctx.beginPath(); ctx.arc(cx, cy, arc, turn(start), turn(start + sweep)); ctx.stroke();
    }
    if (s.header === 'refreshing') strokeArc(s.spinnerPhase, 0.7);
    else if (s.header === 'finishing') icon(s.headerLabel === 'refreshFailed' ? 'cross' : 'check', 0, cx, cy, arc * 2, style.bar);
    else {
      const p = s.headerProgress, start = -0.25 + 0.4 * p, sweep = Math.max(0.02, 0.8 * p), size = w * 2.6 * p;
      strokeArc(start, sweep);
      if (size > 0.5) {
        const a = (start + sweep) * 2 * Math.PI, rx = Math.sin(a), ry = -Math.cos(a), bx = cx + rx * arc, by = cy + ry * arc;
        polygons([[bx + rx * size / 2, by + ry * size / 2, bx + Math.cos(a) * size * 0.8, by + Math.sin(a) * size * 0.8,
          bx - rx * size / 2, by - ry * size / 2]], style.bar);
      }
    }
  }

  // Header/ClassicHeaderRenderer.swift: the bar in the tuning's style (translate rides above
  // row 0, fixedBehind stays put under the rows, scale fills the gap and grows), or the badge.
  function header(s, rowZero) {
    const T = lab.tuning, hh = T.headerHeight;
    if (!(hh > 0)) return;
    if (T.headerStyle === 'overlay') { badge(s); return; }
    const label = text[s.headerLabel] || '', detail = updatedLine(), ic = headerIcon(s);
    function draw(y, h, scale) {
      if (gif && gif.naturalWidth) gifBar(0, y, width, h); else classicBar(0, y, width, h, label, detail, ic[0], ic[1], scale);
    }
    if (T.headerStyle === 'fixedBehind') {
      const shown = Math.min(hh, rowZero, height);
      if (!(shown > 0)) return;
      ctx.save(); ctx.beginPath(); ctx.rect(0, 0, width, shown); ctx.clip(); draw(0, hh, 1); ctx.restore();
    } else if (T.headerStyle === 'scale') {
      if (rowZero > 0) draw(0, rowZero, Math.min(1, rowZero / hh));
    } else if (rowZero > 0) draw(rowZero - hh, hh, 1);
  }

  // Header/FooterRenderer.swift: the classic footer bar (its arrow points up while idle).
  function footer(s, rowZero) {
    if (s.footer === 'hidden') return;
    const T = lab.tuning, y = rowZero + session.c.footerY(s.insetTop);
    if (!(y < height) || !(y + T.footerHeight > 0)) return;
    const kind = s.footer === 'loading' ? 'spinner' : s.footer === 'failed' || s.footer === 'noMoreData' ? null : 'arrow';
    classicBar(0, y, width, T.footerHeight, text[s.footerLabel] || '', '', kind,
      kind === 'spinner' ? s.spinnerPhase : (s.footerArrowAngle || 0) + Math.PI, 1);
  }

  // Table/TableView.swift and RowRenderer.swift (TitleRowRenderer): the rows on whole pixels,
  // each a bold name over a grey second line, a hairline under it; the background around.
  function draw() {
    const s = session.c.snapshot(), rh = session.data.rowHeight;
    const offset = snap(s.offset), rowZero = -offset;
    const first = Math.max(0, Math.floor(offset / rh)), last = Math.min(session.rows, Math.ceil((offset + height) / rh));
    ctx.fillStyle = style.background; ctx.fillRect(0, 0, width, height);
    if (last > first) {
      const top = Math.floor((rowZero + first * rh) * dpr) / dpr, bottom = Math.floor((rowZero + last * rh) * dpr) / dpr;
      ctx.fillStyle = style.row; ctx.fillRect(0, top, width, bottom - top);
    }
    const tf = lineOf(fonts.title), sf = lineOf(fonts.subtitle), twoLines = rh >= tf.height + sf.height + 4;
    for (let i = first; i < last; i++) {
      const y = rowZero + i * rh, texts = rowText(session.generation, i);
      const blockY = twoLines ? y + (rh - tf.height - sf.height) / 2 : y + (rh - tf.height) / 2;
      textAt(texts[0], fonts.title, style.title, snap(style.padding), snap(blockY), 1);
      if (twoLines) textAt(texts[1], fonts.subtitle, style.subtitle, snap(style.padding), snap(blockY) + tf.height, 1);
      ctx.fillStyle = style.separator; ctx.fillRect(style.padding, snap(y + rh) - 1 / dpr, width - style.padding, 1 / dpr);
    }
    header(s, rowZero);
    footer(s, rowZero);
    indicator(s);
  }

  // Table/TableView+Bars.swift and Geometry/Scrollbar.swift: the thin scroll indicator, shown
  // while the list moves and faded out over 0.5 to 0.8 s of rest.
  function indicator(s) {
    const c = session.c, k = c.driver.kind, low = -s.insetTop, high = Math.max(low, s.contentHeight + s.insetBottom - height);
    const opacity = k !== 'resting' ? 1 : Math.min(Math.max((0.8 - (s.t - c.lastActivity)) / 0.3, 0), 1);
    const track = height - 6;
    if (!(opacity > 0) || !(high - low > 0.5) || !(track > 20)) return;
    const length = Math.min(track, Math.max(40, track * height / Math.max(s.contentHeight + s.insetTop + s.insetBottom, 1)));
    const top = 3 + Math.min(Math.max((snap(s.offset) - low) / (high - low), 0), 1) * (track - length);
    const x = snap(width - 6), y = snap(top), l = Math.max(snap(length), 2 / dpr), p = 1 / dpr;
    ctx.fillStyle = 'rgba(0,0,0,' + 110 / 255 * opacity + ')';
    ctx.fillRect(x + p, y, 3 - 2 * p, p); ctx.fillRect(x, y + p, 3, l - 2 * p); ctx.fillRect(x + p, y + l - p, 3 - 2 * p, p);
  }

  function step(t) { session.step(t, null); note(); }
  function frame() {
    step(now());
    draw();
    requestAnimationFrame(frame);
  }
  // Steps the page frame by frame to `t` (a test's simulated clock) and draws the last frame.
  lab.advance = function (t, fps) {
    for (let k = Math.floor(session.c.time * fps) + 1; k / fps < t; k++) step(k / fps);
    step(t); draw(); return session.c.snapshot();
  };
  function input(type, y) { session.start(session.c.handle({ type: type, y: y, time: now() })); note(); }
  // One finger or button moves the list; a second finger, while the first is down, is left
  // out. A pointer the system takes back (pointercancel, a lost capture, the page hidden) lets
  // go without a release: no refresh starts from it, and the list settles.
  function cancel() { if (pointer !== null) { pointer = null; input('cancel', 0); } }
  canvas.addEventListener('pointerdown', function (e) {
    e.preventDefault();
    if (pointer !== null || !e.isPrimary) return;
    pointer = e.pointerId; canvas.setPointerCapture(e.pointerId); input('down', e.clientY);
  });
  canvas.addEventListener('pointermove', function (e) { if (e.pointerId === pointer) { input('move', e.clientY); e.preventDefault(); } });
  canvas.addEventListener('pointerup', function (e) { if (e.pointerId === pointer) { input('move', e.clientY); pointer = null; input('up', e.clientY); } });
  canvas.addEventListener('pointercancel', function (e) { if (e.pointerId === pointer) cancel(); });
  canvas.addEventListener('lostpointercapture', function (e) { if (e.pointerId === pointer) cancel(); });
  document.addEventListener('visibilitychange', function () { if (document.hidden) cancel(); });
  // A mouse wheel scrolls as the lab's does: a line's delta is a notch, a pixel's a point. A
  // browser does not say which device sent a wheel event; small pixel steps (under 50 px: a
  // wheel's notch is 100 or more) are a touchpad's fingers, which pull past the edges and let
  // go when still, and so is every event while they hold the content.
  canvas.addEventListener('wheel', function (e) {
    e.preventDefault();
    const T = lab.tuning, d = session.c.driver;
    const pad = d.kind === 'dragging' && d.drag.touchpadRelease !== null;
    const notched = !pad && (e.deltaMode !== 0 || Math.abs(e.deltaY) >= 50);
    const input = !notched ? { type: 'touchpad', dy: -e.deltaY }
      : { type: 'wheel', dy: e.deltaMode === 1 ? -e.deltaY : e.deltaMode === 2 ? -e.deltaY * height / T.wheelLineDistance : -e.deltaY / T.wheelLineDistance };
    if (input.dy) { input.time = now(); session.start(session.c.handle(input)); note(); }
  }, { passive: false });
  // Keys as in the lab: arrows, pages, Home and End scroll; F5 or Ctrl+R refreshes (not the page).
  const KEYS = { ArrowUp: 'Up', ArrowDown: 'Down', PageUp: 'PageUp', PageDown: 'PageDown', Home: 'Home', End: 'End', F5: 'F5' };
  window.addEventListener('keydown', function (e) {
    const name = e.ctrlKey && (e.key === 'r' || e.key === 'R') ? 'Ctrl+R' : (e.ctrlKey || e.altKey || e.metaKey ? null : KEYS[e.key]);
    if (!name) return;
    e.preventDefault();
    if (e.repeat && lab.keyActions[name] === 'refresh') return;
    session.start(session.c.handle({ type: 'key', action: lab.keyActions[name], time: now() })); note();
  });
  // Touch events too, for browsers whose pointer events leave a finger's scroll to the page.
  document.addEventListener('touchmove', function (e) { e.preventDefault(); }, { passive: false });
  window.addEventListener('resize', resize);
  resize();
  requestAnimationFrame(frame);
})();
