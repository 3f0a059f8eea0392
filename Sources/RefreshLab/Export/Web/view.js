// The page's list: the controller of refresh-lab.js driven by pointer and touch input on the
// wall clock, drawn on a canvas at the device's pixel ratio as the lab draws its table.
(function () {
  'use strict';
  const lab = window.refreshLab;
  const canvas = document.getElementById('list');
  const ctx = canvas.getContext('2d');
  const lang = (navigator.language || 'en').toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const text = lab.labels[lang];
  const colors = { background: '#EEF1F4', row: '#FFFFFF', separator: '#DDE1E6', title: '#1C1C1E',
    subtitle: '#8A8F98', bar: '#00BCD4', ink: '#08363F' };
  let width = 0, height = 0, session = null, pointer = null;
  const clockStart = performance.now();
  // The wall clock, unless a test sets lab.clock to step the page in simulated time.
  function now() { return lab.clock ? lab.clock() : (performance.now() - clockStart) / 1000; }
  // What the live page did, for a test driving it with real input: each state the bars
  // entered, in order, and (session.started) the requests started.
  const live = lab.live = { headers: [], footers: [] };
  function note() {
    const s = session.c.snapshot();
    live.started = session.started; live.rows = session.rows;
    if (live.headers[live.headers.length - 1] !== s.header) live.headers.push(s.header);
    if (live.footers[live.footers.length - 1] !== s.footer) live.footers.push(s.footer);
  }

  function resize() {
    const dpr = window.devicePixelRatio || 1;
    width = window.innerWidth; height = window.innerHeight;
    canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const data = Object.assign({}, lab.defaultData, lab.data);
    // page.html?fail-rate=0.3&seed=2 fails requests as the lab's --fail-rate and --seed do.
    const query = new URLSearchParams(window.location.search);
    if (query.has('fail-rate')) data.failureRate = Math.min(Math.max(Number(query.get('fail-rate')) || 0, 0), 1);
    if (query.has('seed')) data.seed = Math.max(Math.trunc(Number(query.get('seed')) || 0), 0);
    if (!session) session = new lab.Session(lab.tuning, data, width, height);
    else session.c.vh = Math.max(height, 1);
  }

  // A GIF header embedded by `export --header` goes in the header's place at the GIF's own
  // pace; kept in the document (invisible) so the browser keeps its frames moving.
  let gif = null;
  if (lab.headerImage) {
    gif = new Image(); gif.src = lab.headerImage;
    gif.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
    document.body.appendChild(gif);
  }
  function arrow(x, y, angle) {
    ctx.save(); ctx.translate(x, y); ctx.rotate(angle);
    ctx.strokeStyle = colors.ink; ctx.lineWidth = 2; ctx.lineCap = 'round';
    ctx.beginPath(); ctx.moveTo(0, -9); ctx.lineTo(0, 9); ctx.moveTo(-6, 3); ctx.lineTo(0, 9); ctx.lineTo(6, 3);
    ctx.stroke(); ctx.restore();
  }
  function spinner(x, y, phase) {
    ctx.save(); ctx.translate(x, y); ctx.rotate(phase * 2 * Math.PI);
    for (let i = 0; i < 12; i++) {
      ctx.strokeStyle = 'rgba(8,54,63,' + (0.15 + 0.85 * i / 11) + ')';
      ctx.lineWidth = 2; ctx.lineCap = 'round';
      ctx.beginPath(); ctx.moveTo(0, -5); ctx.lineTo(0, -10); ctx.stroke();
      ctx.rotate(Math.PI / 6);
    }
    ctx.restore();
  }
  function bar(y, h, label, showArrow, angle, spinning, phase) {
    ctx.fillStyle = colors.bar; ctx.fillRect(0, y, width, h);
    ctx.fillStyle = colors.ink; ctx.font = '600 15px system-ui, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillText(label, width / 2 + 14, y + h / 2);
    const tw = ctx.measureText(label).width;
    const ix = width / 2 - tw / 2 - 8;
    if (spinning) spinner(ix, y + h / 2, phase); else if (showArrow) arrow(ix, y + h / 2, angle);
  }

  function draw() {
    const c = session.c, s = c.snapshot(), T = lab.tuning, rh = session.data.rowHeight;
    ctx.fillStyle = colors.background; ctx.fillRect(0, 0, width, height);
    const top = -s.offset; // content y 0 on screen
    const first = Math.max(0, Math.floor(s.offset / rh)), last = Math.min(session.rows, Math.ceil((s.offset + height) / rh));
    for (let i = first; i < last; i++) {
      const y = top + i * rh;
      ctx.fillStyle = colors.row; ctx.fillRect(0, y, width, rh);
      ctx.fillStyle = colors.separator; ctx.fillRect(16, y + rh - 1, width - 16, 1);
      ctx.fillStyle = colors.title; ctx.font = '15px system-ui, sans-serif'; ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
      ctx.fillText((lang === 'zh' ? '第 ' + (i + 1) + ' 行' : 'Row ' + (i + 1)), 16, y + rh / 2 - 1);
    }
    if (s.headerTravel > 0 || s.header !== 'idle') {
      // The overlay style's badge slides down over the still content; the translate style's
      // header is pulled in above the rows.
      const hh = T.headerHeight, hy = s.headerStyle === 'overlay' ? s.headerTravel - hh : top - hh;
      if (gif && gif.naturalWidth) {
        const scale = Math.min(hh / gif.naturalHeight, width / gif.naturalWidth);
        ctx.fillStyle = colors.bar; ctx.fillRect(0, hy, width, hh);
        ctx.drawImage(gif, (width - gif.naturalWidth * scale) / 2, hy + (hh - gif.naturalHeight * scale) / 2,
          gif.naturalWidth * scale, gif.naturalHeight * scale);
      } else bar(hy, hh, text[s.headerLabel] || '', s.header === 'pulling' || s.header === 'armed', s.headerArrowAngle,
        s.header === 'refreshing', s.spinnerPhase);
    }
    if (s.footer !== 'hidden') {
      const fy = top + c.footerY(s.insetTop);
      if (fy < height) bar(fy, T.footerHeight, text[s.footerLabel] || '', s.footer === 'pulling' || s.footer === 'armed',
        s.footerArrowAngle || 0, s.footer === 'loading', s.spinnerPhase);
    }
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
  canvas.addEventListener('pointerdown', function (e) {
    if (pointer !== null) return;
    pointer = e.pointerId; canvas.setPointerCapture(e.pointerId); input('down', e.clientY); e.preventDefault();
  });
  canvas.addEventListener('pointermove', function (e) { if (e.pointerId === pointer) { input('move', e.clientY); e.preventDefault(); } });
  canvas.addEventListener('pointerup', function (e) { if (e.pointerId === pointer) { input('move', e.clientY); input('up', e.clientY); pointer = null; } });
  canvas.addEventListener('pointercancel', function (e) { if (e.pointerId === pointer) { input('cancel', e.clientY); pointer = null; } });
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
  if (!lab.noLiveView) requestAnimationFrame(frame);
  lab.draw = draw;
})();
