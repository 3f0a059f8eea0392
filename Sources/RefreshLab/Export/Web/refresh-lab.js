// RefreshCore's controller, written once more in JavaScript from the same closed forms.
// Each part names the Swift file it mirrors (Sources/RefreshCore/...): a change there shows
// here what must follow. The tuning arrives as data (window.REFRESH_LAB_TUNING), never as code.
(function () {
  'use strict';

  // The physics constants and the curve families' forms, generated into the page by WebExport
  // from the Swift definitions (Physics/*.swift, Families/*.swift): no physics number is
  // written here a second time.
  const PHYSICS = /*{{PHYSICS}}*/ null;
  const K = PHYSICS.constants;

  // Physics/TimingCurve.swift
  const CURVES = K.timingCurves;
  function bez(s, c1, c2) { const u = 1 - s; return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s; }
  function bezSlope(s, c1, c2) { const u = 1 - s; return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2); }
  function curveValue(name, fraction) {
    const x = Math.min(Math.max(fraction, 0), 1);
    if (name === 'linear') return x;
    const p = CURVES[name];
    let s = x;
    for (let i = 0; i < 8; i++) {
      const error = bez(s, p[0], p[2]) - x;
      if (Math.abs(error) < 1e-9) return bez(s, p[1], p[3]);
      const slope = bezSlope(s, p[0], p[2]);
      if (Math.abs(slope) < 1e-6) break;
      s -= error / slope;
    }
    let low = 0, high = 1; s = x;
    for (let i = 0; i < 60; i++) {
      const v = bez(s, p[0], p[2]);
      if (Math.abs(v - x) < 1e-9) break;
      if (v < x) low = s; else high = s;
      s = (low + high) / 2;
    }
    return bez(s, p[1], p[3]);
  }
  function curveSlope(name, f) {
    const h = 1e-5, a = Math.max(f - h, 0), b = Math.min(f + h, 1);
    return (curveValue(name, b) - curveValue(name, a)) / (b - a);
  }

  // Physics/EasedMotion.swift
  function EasedMotion(from, to, duration, curve, velocity) {
    this.from = from; this.to = to; this.duration = duration; this.curve = curve;
    const d = to - from; velocity = velocity || 0;
    if (!(duration > 0) || !isFinite(velocity) || !(velocity * d > 0)) this.carried = 0;
    else { const cap = CURVES[curve][4] * Math.abs(d) / duration; this.carried = velocity < 0 ? Math.max(velocity, -cap) : Math.min(velocity, cap); }
  }
  EasedMotion.prototype.position = function (t) {
    if (!(this.duration > 0) || !(t < this.duration)) return this.to;
    const s = Math.max(t, 0) / this.duration, f = 1 - s;
    return this.from + (this.to - this.from) * curveValue(this.curve, s) + this.carried * this.duration * s * f * f * f;
  };
  EasedMotion.prototype.velocity = function (t) {
    if (!(this.duration > 0) || t < 0 || !(t < this.duration)) return 0;
    const s = t / this.duration, f = 1 - s;
    return (this.to - this.from) * curveSlope(this.curve, s) / this.duration + this.carried * f * f * (1 - 4 * s);
  };
  function EasedValue(v) { this.m = new EasedMotion(v, v, 0, 'linear'); this.start = 0; }
  EasedValue.prototype.target = function () { return this.m.to; };
  EasedValue.prototype.value = function (t) { return this.m.position(t - this.start); };
  EasedValue.prototype.vel = function (t) { return this.m.velocity(t - this.start); };
  EasedValue.prototype.settled = function (t) { return (t - this.start) >= this.m.duration; };
  EasedValue.prototype.endTime = function () { return this.start + this.m.duration; };
  EasedValue.prototype.animate = function (target, time, duration, curve) {
    if (target === this.m.to) return;
    this.m = new EasedMotion(this.value(time), target, duration, curve, this.vel(time));
    this.start = time;
  };

  // Physics/SpringMotion.swift
  function SpringMotion(position, velocity, target, p) {
    this.target = target; this.x0 = position - target; this.v0 = velocity; this.p = p; this.tol = K.springTolerance;
    this.omega = Math.sqrt(p.stiffness / p.mass); this.zeta = p.dampingRatio;
    this.duration = this.firstRest();
    this.kind = 'spring';
  }
  SpringMotion.prototype.disp = function (t) {
    const x0 = this.x0, v0 = this.v0, w = this.omega, z = this.zeta;
    if (Math.abs(z - 1) < 1e-9) {
      const e = Math.exp(-w * t), b = v0 + w * x0;
      return [e * (x0 + b * t), e * (b - w * (x0 + b * t))];
    } else if (z > 1) {
      const root = w * Math.sqrt(z * z - 1), r1 = -z * w + root, r2 = -z * w - root;
      const c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2, e1 = Math.exp(r1 * t), e2 = Math.exp(r2 * t);
      return [c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2];
    }
    const wd = w * Math.sqrt(1 - z * z), a = z * w, b = (v0 + a * x0) / wd, e = Math.exp(-a * t);
    const c = Math.cos(wd * t), s = Math.sin(wd * t);
    return [e * (x0 * c + b * s), e * ((b * wd - a * x0) * c - (x0 * wd + a * b) * s)];
  };
  SpringMotion.prototype.atRest = function (t) {
    const s = this.disp(Math.max(t, 0));
    return Math.abs(s[0]) < this.tol && Math.abs(s[1]) < this.tol * K.springRestSpeedPerTolerance;
  };
  SpringMotion.prototype.firstRest = function () {
    if (this.atRest(0)) return 0;
    const step = K.springRestScanStep / Math.max(this.omega, 1), limit = K.springRestLimit;
    let low = 0, high = step;
    while (high < limit && !this.atRest(high)) { low = high; high += step; }
    if (high >= limit) return limit;
    for (let i = 0; i < 60 && high - low > 1e-9; i++) {
      const mid = (low + high) / 2;
      if (this.atRest(mid)) high = mid; else low = mid;
    }
    return high;
  };
  SpringMotion.prototype.position = function (t) { return this.target + this.disp(Math.max(t, 0))[0]; };
  SpringMotion.prototype.velocity = function (t) { return this.disp(Math.max(t, 0))[1]; };
  SpringMotion.prototype.resting = function () { return this.target; };

  // Physics/FrictionMotion.swift
  function FrictionMotion(start, v, rate) {
    this.start = start; this.v = v; this.rate = rate; this.stop = 1;
    this.decay = 1000 * Math.log(rate);
    const speed = Math.abs(v);
    this.duration = speed > this.stop ? Math.log(this.stop / speed) / this.decay : 0;
  }
  FrictionMotion.prototype.position = function (t) {
    t = Math.min(Math.max(t, 0), this.duration);
    return this.start + this.v * (Math.exp(this.decay * t) - 1) / this.decay;
  };
  FrictionMotion.prototype.velocity = function (t) {
    if (!(t < this.duration)) return 0;
    return this.v * Math.exp(this.decay * Math.max(t, 0));
  };
  FrictionMotion.prototype.timeReaching = function (position) {
    const d = position - this.start;
    if (this.v === 0) return d === 0 ? 0 : null;
    const ratio = 1 + d * this.decay / this.v;
    if (!(ratio > 0 && ratio <= 1)) return null;
    const t = Math.log(ratio) / this.decay;
    return t <= this.duration ? t : null;
  };

  // Physics/VelocityTracker.swift
  function VelocityTracker() { this.reset(); }
  VelocityTracker.prototype.reset = function () { this.ts = []; this.xs = []; };
  VelocityTracker.prototype.add = function (x, t) {
    const n = this.ts.length;
    if (n > 0 && t - this.ts[n - 1] < K.velocityMinimumInterval) { this.xs[n - 1] = x; return; }
    this.ts.push(t); this.xs.push(x);
    if (this.ts.length > K.velocityCapacity) { this.ts.shift(); this.xs.shift(); }
  };
  function det3(a, b, c, d, e, f, g, h, i) { return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g); }
  VelocityTracker.prototype.velocity = function (now) {
    const count = this.ts.length;
    if (count < 2) return 0;
    const t0 = this.ts[count - 1], x0 = this.xs[count - 1];
    if (now !== undefined && now - t0 > K.velocityMaximumGap) return 0;
    let n = 0, su = 0, su2 = 0, su3 = 0, su4 = 0, sx = 0, sux = 0, su2x = 0, prev = t0, used = 0;
    for (let i = count - 1; i >= 0; i--) {
      const t = this.ts[i];
      if (t0 - t > K.velocityHorizon || prev - t > K.velocityMaximumGap) break;
      prev = t;
      const u = t - t0, x = this.xs[i] - x0;
      n += 1; su += u; su2 += u * u; su3 += u * u * u; su4 += u * u * u * u;
      sx += x; sux += u * x; su2x += u * u * x; used += 1;
    }
    if (used < 2) return 0;
    if (used >= 3) {
      const det = det3(n, su, su2, su, su2, su3, su2, su3, su4);
      if (Math.abs(det) > 1e-9 * n * su2 * su4) return det3(n, sx, su2, su, sux, su3, su2, su2x, su4) / det;
    }
    const den = n * su2 - su * su;
    if (!(Math.abs(den) > 1e-9 * n * su2)) return 0;
    return (n * sux - su * sx) / den;
  };

  // Physics/ReboundMotion.swift: a fixed-length rebound eased by Android's viscous fluid.
  const FLUID_SCALE = K.fluidScale, FLUID_JOINT = K.fluidJoint, FLUID_NORMALIZE = K.fluidNormalize;
  function fluid(fraction) {
    const x = fraction * FLUID_SCALE;
    if (x < 1) return x - (1 - Math.exp(-x));
    return FLUID_JOINT + (1 - Math.exp(1 - x)) * (1 - FLUID_JOINT);
  }
  function reboundProgress(fraction) { const f = Math.min(Math.max(fraction, 0), 1); return f >= 1 ? 1 : FLUID_NORMALIZE * fluid(f); }
  function reboundSlope(fraction) {
    const x = Math.min(Math.max(fraction, 0), 1) * FLUID_SCALE;
    const inner = x < 1 ? 1 - Math.exp(-x) : (1 - FLUID_JOINT) * Math.exp(1 - x);
    return FLUID_NORMALIZE * FLUID_SCALE * inner;
  }
  function ReboundMotion(from, to, duration) { this.from = from; this.to = to; this.duration = Math.max(duration, 0); }
  ReboundMotion.prototype.position = function (t) {
    if (!(this.duration > 0) || !(t < this.duration)) return this.to;
    return this.from + (this.to - this.from) * reboundProgress(Math.max(t, 0) / this.duration);
  };
  ReboundMotion.prototype.velocity = function (t) {
    if (!(this.duration > 0) || t < 0 || !(t < this.duration)) return 0;
    return (this.to - this.from) * reboundSlope(t / this.duration) / this.duration;
  };
  ReboundMotion.prototype.resting = function () { return this.to; };

  // The error function, which JavaScript lacks: 2/√π·e^(−x²)·Σ (2x²)^n·x / (1·3·…·(2n+1)), a
  // series of positive terms, to about 1e-16 as RealModule's erf.
  function erf(x) {
    if (Math.abs(x) > 6) return Math.sign(x);
    let term = x, sum = x;
    for (let n = 1; n < 300 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) { term *= 2 * x * x / (2 * n + 1); sum += term; }
    return 2 / Math.sqrt(Math.PI) * Math.exp(-x * x) * sum;
  }

  // Physics/OvershootMotion.swift: SmartRefreshLayout's coast past an edge, in closed form.
  const COAST_FRAME = K.coastFrame, COAST_STOP = K.coastStopSpeed, COAST_A = K.coastA, COAST_GAIN = K.coastGain;
  function OvershootMotion(start, velocity) {
    this.start = start; this.v = isFinite(velocity) ? velocity : 0;
    const speed = Math.abs(this.v);
    if (speed > COAST_STOP) {
      const root = Math.sqrt(Math.log(speed * COAST_GAIN / COAST_STOP) / COAST_A);
      this.duration = Math.max(root - COAST_FRAME / 2, 0);
    } else this.duration = 0;
  }
  OvershootMotion.prototype.position = function (t) {
    t = Math.min(Math.max(t, 0), this.duration);
    const root = Math.sqrt(COAST_A), spread = Math.sqrt(Math.PI) / (2 * root);
    const area = erf(root * (t + COAST_FRAME / 2)) - erf(root * COAST_FRAME / 2);
    return this.start + this.v * COAST_GAIN * spread * area;
  };
  OvershootMotion.prototype.velocity = function (t) {
    if (!(t < this.duration)) return 0;
    const shifted = Math.max(t, 0) + COAST_FRAME / 2;
    return this.v * COAST_GAIN * Math.exp(-COAST_A * shifted * shifted);
  };
  function coastReboundDuration(distance) {
    return Math.min(Math.max(Math.trunc(Math.abs(distance)), K.coastReboundLeast), K.coastReboundMost) * K.coastReboundPerPoint;
  }
  // Physics/SmartDampingPhysics.swift (_coast): a fling meeting an edge coasts past it, or stops.
  function coastFrom(edge, v) { const c = new OvershootMotion(edge, v); return c.duration > 0 ? { coast: c } : { stop: true }; }

  // The helpers the curve families' page forms are written with (Families/*.swift). Every
  // family answers for one edge (Physics/OverscrollEdge.swift: side, viewportHeight, barHeight,
  // threshold, isBarOpen, barLoadsOnItsOwn).
  function springOf(T) { return { mass: T.springMass, stiffness: T.springStiffness, dampingRatio: T.springDampingRatio }; }
  // Physics/IOSRubberBandPhysics.swift: the rubber band x·d·c/(d + c·x), its slope and inverse.
  function rubberBand(x, c, d) { return x * d * c / (d + c * x); }
  function rubberBandSlope(x, c, d) { const q = d + c * x; return c * d * d / (q * q); }
  function rubberBandTravel(y, c, d) { const b = Math.min(y, d * (1 - 1e-9)); return b * d / (c * (d - b)); }

  // Families/*.swift: each registered family's page form, by the name resistanceCurve gives it.
  const FAMILIES = PHYSICS.families;

  // Physics/Resistance.swift: a family over the two edges of one geometry.
  function Resistance(physics, top, bottom) { this.p = physics; this.top = top; this.bottom = bottom; }
  Resistance.prototype.edge = function (e) { return e < 0 ? this.top : this.bottom; };
  Resistance.prototype.disp = function (e) { const y = this.p.displacement(Math.abs(e), this.edge(e)); return e < 0 ? -y : y; };
  Resistance.prototype.slopeEx = function (e) { return this.p.slope(Math.abs(e), this.edge(e)); };
  Resistance.prototype.excess = function (y) { const x = this.p.travel(Math.abs(y), this.edge(y)); return y < 0 ? -x : x; };
  Resistance.prototype.slope = function (raw, b) { if (raw < b[0]) return this.slopeEx(raw - b[0]); if (raw > b[1]) return this.slopeEx(raw - b[1]); return 1; };
  Resistance.prototype.band = function (raw, b) { if (raw < b[0]) return b[0] + this.disp(raw - b[0]); if (raw > b[1]) return b[1] + this.disp(raw - b[1]); return raw; };
  Resistance.prototype.unband = function (s, b) { if (s < b[0]) return b[0] + this.excess(s - b[0]); if (s > b[1]) return b[1] + this.excess(s - b[1]); return s; };

  const HALF_TURN = Math.PI;

  // Controller/RefreshController*.swift, HeaderMachine, FooterMachine, ScrollMachine, in one.
  function Controller(T, vh, ch) {
    this.T = T; this.time = 0; this.vh = Math.max(vh, 1); this.ch = Math.max(ch, 0);
    this.base = { top: 0, bottom: 0 };
    this.physics = FAMILIES[T.resistanceCurve](T);
    this.headerInset = new EasedValue(0);
    this.footerInset = new EasedValue(0);
    // ScrollMachine
    this.offset = 0; this.velocity = 0; this.driver = { kind: 'resting' }; this.tracker = new VelocityTracker();
    this.lastActivity = -Infinity;
    // HeaderMachine
    this.h = { phase: 'idle', since: 0, pending: null, result: null, collapsing: false, arrow: new EasedValue(0), firedDrag: null, busyAtDrag: false };
    // FooterMachine
    this.f = { phase: 'idle', rest: 'idle', since: 0, pending: null, latchSet: true, latchWait: 'nothing', firedDrag: null, gestureIsDrag: false, arrow: new EasedValue(0) };
    this.dragCount = 0;
    this.footerInset = new EasedValue(this.footerHeldExtent());
  }
  const C = Controller.prototype;

  // Header phase helpers
  C.hBusy = function () { return this.h.phase === 'refreshing' || this.h.phase === 'finishing'; };
  C.hHolds = function () { return this.h.phase === 'refreshing' || (this.h.phase === 'finishing' && !this.h.collapsing); };
  C.fLoading = function () { return this.f.phase === 'loading'; };
  C.fRest = function () {
    const p = this.f.phase;
    if (p === 'idle') return 'idle'; if (p === 'failed') return 'failed';
    if (p === 'pulling' || p === 'armed') return this.f.rest;
    return null;
  };

  // +Geometry
  // The curve past the rest bounds, its edges carrying the bars and what is held open.
  C.resistance = function () {
    const T = this.T;
    const autoLoading = T.footerMode === 'automatic' && this.f.phase === 'idle' && this.footerIsShown();
    const inBounds = autoLoading && this.footerRestingExtent() > 0;
    const top = { side: 'top', viewportHeight: this.vh, barHeight: T.headerHeight, threshold: T.refreshThreshold, isBarOpen: this.hHolds() && !this.overlays(), barLoadsOnItsOwn: false };
    const bottom = { side: 'bottom', viewportHeight: this.vh, barHeight: T.footerHeight, threshold: T.loadMoreThreshold, isBarOpen: this.fLoading() || this.f.phase === 'failed' || inBounds, barLoadsOnItsOwn: autoLoading };
    return new Resistance(this.physics, top, bottom);
  };
  // A badge over still content (HeaderStyle.overlay) holds no inset.
  C.overlays = function () { return this.T.headerStyle === 'overlay'; };
  C.headerInsetContribution = function (held) { return this.overlays() ? 0 : held; };
  C.targetInsetTop = function () { return this.base.top + this.headerInsetContribution(this.headerInset.target()); };
  C.bounds = function () {
    const low = -this.targetInsetTop();
    const high = this.ch + this.base.bottom + this.footerInset.target() - this.vh;
    return [low, Math.max(low, high)];
  };
  C.footerY = function (insetTop) { return Math.max(this.ch, this.vh - insetTop - this.base.bottom); };
  C.footerVisible = function (o) { return o + this.vh - this.base.bottom - this.footerY(this.targetInsetTop()); };
  C.loadZoneOffset = function () { return this.footerY(this.targetInsetTop()) - this.T.preloadDistance - this.vh + this.base.bottom; };
  C.loadTriggerOffset = function () {
    const zone = this.loadZoneOffset();
    if (this.f.gestureIsDrag) return zone;
    return zone + Math.max(0, this.T.preloadDistance + this.T.footerHeight);
  };
  C.headerHeldExtent = function () { return this.hHolds() ? this.T.headerHeight : 0; };
  C.footerIsShown = function () {
    if (this.fLoading()) return true;
    if (this.ch <= 0) return false;
    return !(this.f.phase === 'noMoreData' && this.T.hidesFooterWhenNoMoreData);
  };
  C.footerRestingExtent = function () {
    if (!this.footerIsShown() || this.T.footerMode !== 'automatic') return 0;
    return this.footerY(this.base.top) === this.ch ? this.T.footerHeight : 0;
  };
  C.footerHeldExtent = function () {
    if (!this.footerIsShown()) return 0;
    const fy = this.footerY(this.targetInsetTop());
    switch (this.f.phase) {
      case 'loading': case 'failed': return fy - this.ch + this.T.footerHeight;
      case 'noMoreData': return fy === this.ch ? this.T.footerHeight : 0;
      default: return this.footerRestingExtent();
    }
  };
  C.applyInsetTargets = function () {
    let used = null; const T = this.T;
    const ht = this.headerHeldExtent();
    if (ht !== this.headerInset.target()) {
      const d = ht > this.headerInset.target() ? T.openDuration : T.collapseDuration;
      this.headerInset.animate(ht, this.time, d, T.easing); used = d;
    }
    const ft = this.footerHeldExtent();
    if (ft !== this.footerInset.target()) {
      const d = ft > this.footerInset.target() ? T.openDuration : T.collapseDuration;
      this.footerInset.animate(ft, this.time, d, T.easing); used = Math.max(used || 0, d);
    }
    return used;
  };
  C.stateChanged = function () {
    const old = this.bounds();
    const d = this.applyInsetTargets();
    if (d !== null) this.boundsChanged(old, { insets: d });
  };
  C.boundsChanged = function (old, cause) {
    if (this.driver.kind === 'dragging') { this.rebaseDrag(); return; }
    const nb = this.bounds(), time = this.time, dr = this.driver;
    const same = nb[0] === old[0] && nb[1] === old[1];
    if (dr.kind === 'settle') {
      const resting = dr.motion.resting();
      let target = resting;
      if (!(cause.content && nb[0] <= resting && resting <= nb[1])) {
        const towardLower = Math.abs(resting - old[0]) <= Math.abs(resting - old[1]);
        target = towardLower ? nb[0] : nb[1];
      }
      if (target !== resting) this.startBounce(time, target);
    } else if (dr.kind === 'resting') {
      if (same) return;
      let goal = this.offset;
      const follows = !cause.content;
      if (follows && nb[0] !== old[0] && Math.abs(this.offset - old[0]) < 0.5) goal = nb[0];
      else if (follows && nb[1] !== old[1] && Math.abs(this.offset - old[1]) < 0.5) goal = nb[1];
      goal = Math.min(Math.max(goal, nb[0]), nb[1]);
      if (goal === this.offset) return;
      if (cause.insets !== undefined && cause.insets > 0) this.startEasedScroll(goal, cause.insets, false);
      else { this.offset = goal; this.lastActivity = time; }
    } else if (dr.kind === 'animation' && !dr.byUser) {
      const towardLower = Math.abs(dr.motion.to - old[0]) <= Math.abs(dr.motion.to - old[1]);
      const goal = towardLower ? nb[0] : nb[1];
      if (goal === dr.motion.to) return;
      const d = cause.insets !== undefined ? cause.insets : 0;
      this.startEasedScroll(goal, d, false);
      if (d <= 0) { this.offset = goal; this.driver = { kind: 'resting' }; }
    } else if (dr.kind === 'fling') {
      if (!(nb[0] <= this.offset && this.offset <= nb[1])) this.startBounce(time, this.nearestEdge(nb));
    }
  };
  C.rebaseDrag = function () {
    if (this.driver.kind !== 'dragging') return;
    const d = this.driver.drag, b = this.bounds();
    d.bounds = b; d.startRaw = this.resistance().unband(this.offset, b); d.startY = d.lastY;
  };
  C.startEasedScroll = function (goal, duration, byUser) {
    this.driver = { kind: 'animation', motion: new EasedMotion(this.offset, goal, duration, this.T.easing, this.velocity), start: this.time, byUser: byUser };
  };
  C.nearestEdge = function (b) { return Math.abs(this.offset - b[0]) <= Math.abs(this.offset - b[1]) ? b[0] : b[1]; };
  C.startBounce = function (start, target) {
    this.driver = { kind: 'settle', motion: this.physics.releaseMotion(this.offset, this.velocity, target), start: start };
  };
  C.evaluate = function (t) {
    const d = this.driver;
    switch (d.kind) {
      case 'fling': case 'settle': case 'coast': case 'animation': return [d.motion.position(t - d.start), d.motion.velocity(t - d.start)];
      default: return null;
    }
  };
  C.isUserDriven = function () { const d = this.driver; return d.kind === 'dragging' || d.kind === 'fling' || (d.kind === 'animation' && d.byUser); };

  // +Gestures
  C.handle = function (input) {
    const t = isFinite(input.time) ? Math.max(input.time, this.time) : this.time;
    let effects = this.advanceTo(t);
    switch (input.type) {
      case 'down': effects = effects.concat(this.down(input.y)); break;
      case 'move': effects = effects.concat(this.move(input.y)); break;
      case 'up': effects = effects.concat(this.release(false)); break;
      case 'cancel': effects = effects.concat(this.release(true)); break;
      case 'key': effects = effects.concat(this.key(input.action)); break;
      case 'wheel': effects = effects.concat(this.wheel(input.dy)); break;
      case 'touchpad': effects = effects.concat(this.touchpad(input.dy)); break;
      case 'endRefreshing': this.endRefreshing(input.result); break;
      case 'endLoadingMore': this.endLoadingMore(input.result); break;
      case 'setContentHeight': this.setContentHeight(input.height); break;
      case 'resize': this.resize(input.height); break;
      default: break;
    }
    return effects;
  };
  // _touchpadYields: a held finger owns the content and the input is dropped; a touchpad's
  // gesture lets go first (what that starts included) and the input goes ahead.
  C.yields = function () {
    const d = this.driver;
    if (d.kind !== 'dragging') return [true, []];
    if (d.drag.touchpadRelease === null) return [false, []];
    return [true, this.release(false)];
  };
  C.down = function (y) {
    const [ahead, effects] = this.yields();
    if (ahead) this.beginDrag(y, null);
    return effects;
  };
  C.beginDrag = function (y, touchpadRelease) {
    this.dragCount += 1;
    this.h.busyAtDrag = this.hBusy();
    this.f.gestureIsDrag = true;
    this.f.latchSet = true; if (this.f.latchWait === 'contentOrNextDrag') this.f.latchWait = 'nothing';
    const b = this.bounds(), k = this.driver.kind;
    const caught = (k === 'fling' || k === 'settle' || k === 'coast' || k === 'animation') && Math.abs(this.velocity) > 1;
    this.driver = { kind: 'dragging', drag: { startY: y, startRaw: this.resistance().unband(this.offset, b), bounds: b, lastY: y, downY: y, travel: 0,
      engaged: caught || touchpadRelease !== null, touchpadRelease: touchpadRelease } };
    this.velocity = 0; this.tracker.reset(); this.lastActivity = this.time;
    // A touchpad's first sample is its first event's travel, added by the caller.
    if (touchpadRelease === null) this.tracker.add(y, this.time);
  };
  // A touchpad's precise points move a virtual finger, which lets go after touchpadReleaseDelay
  // of silence (handled at its exact time in advanceTo).
  C.touchpad = function (dy) {
    if (this.driver.kind !== 'dragging') this.beginDrag(0, this.time);
    const d = this.driver.drag;
    if (d.touchpadRelease === null) return [];
    d.lastY += dy; d.touchpadRelease = this.time + this.T.touchpadReleaseDelay;
    this.tracker.add(d.lastY, this.time);
    return this.follow(d);
  };
  C.move = function (y) {
    if (this.driver.kind !== 'dragging' || this.driver.drag.touchpadRelease !== null) return [];
    const d = this.driver.drag;
    d.lastY = y; d.travel = Math.max(d.travel, Math.abs(y - d.downY));
    this.tracker.add(y, this.time);
    if (!d.engaged && d.travel >= this.T.tapSlop) d.engaged = true;
    if (!d.engaged) return [];
    return this.follow(d);
  };
  C.follow = function (d) {
    const before = this.offset, r = this.resistance();
    const raw = d.startRaw - (d.lastY - d.startY);
    this.offset = r.band(raw, d.bounds);
    this.velocity = -this.tracker.velocity() * r.slope(raw, d.bounds);
    this.lastActivity = this.time;
    this.headerDragged();
    this.footerDragged();
    return this.checkAutoLoad(before);
  };
  C.release = function (isCancel) {
    if (this.driver.kind !== 'dragging') return [];
    const d = this.driver.drag, T = this.T;
    const speed = d.touchpadRelease === null ? this.tracker.velocity(this.time) : this.tracker.velocity();
    let v = isCancel || !d.engaged ? 0 : -speed;
    if (Math.abs(v) < T.minimumFlingVelocity) v = 0;
    v = Math.min(Math.max(v, -T.maximumFlingVelocity), T.maximumFlingVelocity);
    let effects = [];
    if (!isCancel && !d.engaged) effects = this.tap(d.downY);
    // States first, so the motion aims at the bounds the new state holds open.
    let eases = false;
    if (!isCancel && this.h.phase === 'armed') {
      const e = this.beginRefreshing(false);
      eases = e.length > 0 && T.armedRelease === 'eased' && !this.overlays();
      effects = effects.concat(e);
    }
    this.disarmHeader();
    effects = effects.concat(this.footerReleased(isCancel));
    // ScrollMachine.letGo
    this.velocity = v; this.driver = { kind: 'resting' }; this.tracker.reset();
    const b = this.bounds();
    // ArmedRelease.eased: to the hold from still, in step with the inset.
    if (eases) {
      this.velocity = 0; this.startEasedScroll(b[0], T.openDuration, false);
      if (T.openDuration <= 0) { this.offset = b[0]; this.driver = { kind: 'resting' }; this.lastActivity = this.time; }
      return effects;
    }
    if (!(b[0] <= this.offset && this.offset <= b[1])) { this.startBounce(this.time, this.nearestEdge(b)); return effects; }
    if (v === 0) { this.velocity = 0; return effects; }
    this.driver = { kind: 'fling', motion: new FrictionMotion(this.offset, v, T.decelerationRate), start: this.time };
    return effects.concat(this.checkAutoLoadAtStart());
  };

  // +Header, HeaderMachine
  C.setHeaderArrow = function (up) { this.h.arrow.animate(up ? HALF_TURN : 0, this.time, this.T.arrowFlipDuration, this.T.easing); };
  C.headerMayStart = function () { return !(this.fLoading() && !this.T.allowsSimultaneousRefreshAndLoad); };
  C.headerDragged = function () {
    const h = this.h;
    if (h.phase === 'refreshing' || h.phase === 'finishing') return;
    const mayArm = this.headerMayStart() && this.f.firedDrag !== this.dragCount;
    if (!mayArm || h.busyAtDrag) { this.disarmHeader(); return; }
    const pull = -this.targetInsetTop() - this.offset;
    const next = pull >= this.T.refreshThreshold ? 'armed' : (pull > 0 ? 'pulling' : 'idle');
    if ((next === 'armed') !== (h.phase === 'armed')) this.setHeaderArrow(next === 'armed');
    h.phase = next;
  };
  C.disarmHeader = function () {
    if (this.h.phase !== 'pulling' && this.h.phase !== 'armed') return;
    this.h.phase = 'idle'; this.setHeaderArrow(false);
  };
  // Keys (KeyAction, RefreshController+Gestures' _key): a line, a page, either end, a refresh;
  // nothing while a finger holds the content.
  C.key = function (action) {
    const [ahead, yielded] = this.yields();
    return ahead ? yielded.concat(this.keyGoesAhead(action)) : yielded;
  };
  C.keyGoesAhead = function (action) {
    this.f.gestureIsDrag = false;
    const T = this.T, b = this.bounds();
    const page = Math.max(this.vh - this.base.top - this.base.bottom - T.keyLineDistance, 1);
    switch (action) {
      case 'lineUp': return this.scrollAnimatedBy(-T.keyLineDistance);
      case 'lineDown': return this.scrollAnimatedBy(T.keyLineDistance);
      case 'pageUp': return this.scrollAnimatedBy(-page);
      case 'pageDown': return this.scrollAnimatedBy(page);
      case 'home': return this.scrollAnimatedTo(b[0]);
      case 'end': return this.scrollAnimatedTo(b[1]);
      case 'refresh': return this.beginRefreshing(true);
      default: return [];
    }
  };
  // A mouse wheel's notches (_wheel, not precise): an eased scroll within the bounds.
  C.wheel = function (notches) {
    const [ahead, yielded] = this.yields();
    if (!ahead) return yielded;
    this.f.gestureIsDrag = false;
    return yielded.concat(this.scrollAnimatedBy(-notches * this.T.wheelLineDistance));
  };
  // Repeated presses extend the running animation's goal.
  C.scrollAnimatedBy = function (delta) {
    const d = this.driver;
    return this.scrollAnimatedTo((d.kind === 'animation' && d.byUser ? d.motion.to : this.offset) + delta);
  };
  C.scrollAnimatedTo = function (goal) {
    const b = this.bounds(), clamped = Math.min(Math.max(goal, b[0]), b[1]);
    if (clamped === this.offset) return [];
    this.startEasedScroll(clamped, this.T.scrollAnimationDuration, true);
    this.lastActivity = this.time;
    let effects = this.checkAutoLoadAtStart();
    // A zero-length animation lands at once.
    if (this.T.scrollAnimationDuration <= 0) {
      const before = this.offset;
      this.offset = clamped; this.driver = { kind: 'resting' };
      effects = effects.concat(this.checkAutoLoad(before));
    }
    return effects;
  };
  C.beginRefreshing = function (scrollIntoView) {
    if (!this.headerMayStart() || this.hBusy()) return [];
    const h = this.h;
    h.phase = 'refreshing'; h.since = this.time; h.pending = null; h.firedDrag = scrollIntoView ? null : this.dragCount;
    h.arrow = new EasedValue(0);
    // The badge rests at headerHeight from wherever the pull left it.
    if (this.overlays()) this.headerInset = new EasedValue(Math.max(0, -this.targetInsetTop() - this.offset));
    this.stateChanged();
    if (scrollIntoView && this.driver.kind !== 'dragging' && !this.overlays()) {
      const goal = this.bounds()[0];
      if (goal !== this.offset) this.startEasedScroll(goal, this.T.openDuration, false);
    }
    return [{ type: 'startRefresh', time: this.time }];
  };
  C.endRefreshing = function (result) {
    const h = this.h;
    if (h.phase !== 'refreshing' || h.pending) return;
    const due = h.since + this.T.minimumSpinnerTime;
    if (this.time < due) { h.pending = { result: result, due: due }; return; }
    this.applyRefreshEnd(result);
  };
  C.applyRefreshEnd = function (result) {
    const h = this.h;
    h.phase = 'finishing'; h.result = result; h.since = this.time; h.collapsing = false; h.pending = null;
    if (result === 'success') this.footerListReplaced();
    if (this.T.finishingHoldDuration <= 0) this.startCollapse();
    this.stateChanged();
  };
  C.startCollapse = function () {
    const h = this.h;
    if (h.phase !== 'finishing' || h.collapsing) return;
    h.collapsing = true;
    this.stateChanged();
    this.finishIfCollapsed();
  };
  C.finishIfCollapsed = function () {
    if (this.h.phase === 'finishing' && this.h.collapsing && this.headerInset.settled(this.time)) this.h.phase = 'idle';
  };
  C.headerNextEventTime = function () {
    const h = this.h;
    if (h.phase === 'refreshing') return h.pending ? h.pending.due : null;
    if (h.phase === 'finishing') return h.collapsing ? this.headerInset.endTime() : h.since + this.T.finishingHoldDuration;
    return null;
  };
  C.headerHandleDue = function () {
    const h = this.h;
    if (h.phase === 'refreshing' && h.pending && this.time >= h.pending.due) this.applyRefreshEnd(h.pending.result);
    if (h.phase === 'finishing' && !h.collapsing && this.time >= h.since + this.T.finishingHoldDuration) this.startCollapse();
    this.finishIfCollapsed();
  };

  // +Footer, FooterMachine (automatic mode)
  C.footerListReplaced = function () {
    const f = this.f;
    if (f.phase === 'noMoreData' || f.phase === 'failed') f.phase = 'idle';
    if (f.rest === 'failed') f.rest = 'idle';
    f.latchWait = 'nothing';
  };
  // FooterMachine.dragged/releaseLoads/disarm: the release-to-load footer's pull.
  C.setFooterArrow = function (up) { this.f.arrow.animate(up ? HALF_TURN : 0, this.time, this.T.arrowFlipDuration, this.T.easing); };
  C.footerDragged = function () {
    const f = this.f, rest = this.fRest();
    if (this.T.footerMode !== 'releaseToLoad' || rest === null) return;
    if (!(this.footerMayStart() && this.movementMayLoad() && this.footerIsShown())) { this.disarmFooter(); return; }
    const visible = this.footerVisible(this.offset);
    const next = visible >= this.T.loadMoreThreshold ? 'armed' : (visible > 0 ? 'pulling' : rest);
    if (next === 'armed' && f.phase !== 'armed') this.setFooterArrow(true);
    else if (next !== 'armed' && f.phase === 'armed') this.setFooterArrow(false);
    f.phase = next; f.rest = rest;
  };
  C.footerReleased = function (isCancel) {
    let effects = [];
    if (this.f.phase === 'armed' && !isCancel && this.movementMayLoad()) effects = this.startLoadMore();
    this.disarmFooter();
    return effects;
  };
  C.disarmFooter = function () {
    const f = this.f;
    if (f.phase !== 'pulling' && f.phase !== 'armed') return;
    f.phase = f.rest; this.setFooterArrow(false);
  };
  // +Gestures _tap: a press that never engaged; the footer takes its own taps (retry, load).
  C.tap = function (y) {
    const contentY = y + this.offset;
    if (this.footerIsShown()) {
      const fy = this.footerY(this.targetInsetTop());
      if (contentY >= fy && contentY < fy + this.T.footerHeight) {
        const p = this.f.phase;
        const loads = p === 'failed' || (p === 'idle' && this.T.footerMode === 'automatic');
        return loads ? this.startLoadMore() : [];
      }
    }
    return [];
  };
  C.footerMayStart = function () {
    if (this.ch <= 0 || this.fRest() === null) return false;
    return !(this.h.phase === 'refreshing' && !this.T.allowsSimultaneousRefreshAndLoad);
  };
  C.movementMayLoad = function () {
    if (!this.f.gestureIsDrag) return true;
    return this.h.firedDrag !== this.dragCount && this.f.firedDrag !== this.dragCount;
  };
  C.canAutoLoad = function () {
    return this.T.footerMode === 'automatic' && this.f.latchSet && this.f.latchWait === 'nothing' && this.footerMayStart() && this.movementMayLoad();
  };
  C.leftTheZone = function () { if (!(this.f.gestureIsDrag && this.f.firedDrag === this.dragCount)) this.f.latchSet = true; };
  C.pullingHeader = function () { return this.offset < this.bounds()[0] || this.h.phase === 'pulling' || this.h.phase === 'armed'; };
  C.checkAutoLoad = function (before) {
    if (this.offset < this.loadZoneOffset()) { this.leftTheZone(); return []; }
    if (!(this.offset >= this.loadTriggerOffset() && this.offset > before && !this.pullingHeader() && this.canAutoLoad())) return [];
    return this.startLoadMore();
  };
  C.checkAutoLoadAtStart = function () {
    const d = this.driver; let heads;
    if (d.kind === 'fling') heads = d.motion.velocity(this.time - d.start) > 0;
    else if (d.kind === 'animation' && d.byUser) heads = d.motion.to > this.offset;
    else return [];
    if (!(heads && this.offset >= this.loadTriggerOffset() && !this.pullingHeader() && this.canAutoLoad())) return [];
    return this.startLoadMore();
  };
  C.startLoadMore = function () {
    if (!this.footerMayStart()) return [];
    const f = this.f;
    f.phase = 'loading'; f.since = this.time; f.pending = null;
    f.latchSet = false; f.latchWait = 'content';
    f.firedDrag = f.gestureIsDrag ? this.dragCount : null;
    f.arrow = new EasedValue(0);
    this.stateChanged();
    return [{ type: 'startLoadMore', time: this.time }];
  };
  C.endLoadingMore = function (result) {
    const f = this.f;
    if (f.phase !== 'loading' || f.pending) return;
    const due = f.since + this.T.minimumSpinnerTime;
    if (this.time < due) { f.pending = { result: result, due: due }; return; }
    this.applyLoadEnd(result);
  };
  C.applyLoadEnd = function (result) {
    const f = this.f;
    f.phase = result === 'success' ? 'idle' : result === 'failure' ? 'failed' : 'noMoreData';
    f.pending = null;
    if (result === 'success') { if (f.latchWait === 'content') f.latchWait = 'contentOrNextDrag'; } else f.latchWait = 'nothing';
    this.stateChanged();
  };
  // +Gestures (_resize): the viewport's height changed (a rotation, a browser's bars), mid-drag too.
  C.resize = function (height) {
    const old = this.bounds();
    this.vh = Math.max(height, 1);
    this.applyInsetTargets();
    this.boundsChanged(old, {});
  };
  C.setContentHeight = function (height) {
    const old = this.bounds();
    this.ch = Math.max(height, 0);
    this.f.latchWait = 'nothing';
    this.applyInsetTargets();
    this.boundsChanged(old, { content: true });
  };

  // +Time
  C.nextEventTime = function () {
    let next = Infinity; const self = this;
    function consider(c) { if (c !== null && c !== undefined && c > self.time) next = Math.min(next, c); }
    consider(this.headerNextEventTime());
    if (this.f.phase === 'loading' && this.f.pending) consider(this.f.pending.due);
    const d = this.driver;
    if (d.kind === 'fling') { consider(d.start + d.motion.duration); const hit = this.edgeHit(); if (hit) consider(hit.time); }
    else if (d.kind === 'animation' || d.kind === 'settle' || d.kind === 'coast') consider(d.start + d.motion.duration);
    else if (d.kind === 'dragging') consider(d.drag.touchpadRelease);
    return next;
  };
  C.edgeHit = function () {
    const d = this.driver, b = this.bounds();
    const edge = d.motion.v < 0 ? b[0] : b[1];
    const hit = d.motion.timeReaching(edge);
    return hit === null ? null : { time: d.start + hit, edge: edge };
  };
  C.crossing = function (line, next) {
    const end = this.evaluate(next);
    if (!end || !(end[0] > this.offset)) return null;
    if (this.offset >= line) return null;
    if (!(end[0] >= line)) return null;
    const d = this.driver;
    if (d.kind !== 'fling' && d.kind !== 'animation') return null;
    let low = d.start, high = d.start + d.motion.duration;
    const last = this.evaluate(high);
    if (!(last[0] >= line)) return next;
    for (;;) {
      const mid = low + (high - low) / 2;
      if (!(mid > low && mid < high)) break;
      if (this.evaluate(mid)[0] >= line) high = mid; else low = mid;
    }
    return high > this.time && high <= next ? high : next;
  };
  C.loadTriggerCrossing = function (next) {
    if (!this.isUserDriven() || this.driver.kind === 'dragging' || !this.canAutoLoad()) return null;
    return this.crossing(Math.max(this.loadTriggerOffset(), this.bounds()[0]), next);
  };
  C.scrollMove = function (next) {
    const state = this.evaluate(next);
    if (!state) return;
    const moved = state[0] !== this.offset;
    this.offset = state[0]; this.velocity = state[1];
    if (moved) this.lastActivity = next;
    const d = this.driver;
    if (d.kind === 'fling') {
      const hit = this.edgeHit();
      if (hit && next >= hit.time - 1e-12) {
        this.offset = hit.edge;
        this.velocity = this.transferVelocity(d.motion.velocity(hit.time - d.start), hit.edge);
        const em = this.physics.edgeMotion(hit.edge, this.velocity);
        if (em.settle) this.driver = { kind: 'settle', motion: em.settle, start: hit.time };
        else if (em.coast) this.driver = { kind: 'coast', motion: em.coast, start: hit.time };
        else { this.driver = { kind: 'resting' }; this.velocity = 0; }
        const s2 = this.evaluate(next);
        if (s2) { this.offset = s2[0]; this.velocity = s2[1]; }
      } else if (next >= d.start + d.motion.duration) {
        this.velocity = 0; this.driver = { kind: 'resting' }; this.settleIfOut(next);
      }
    } else if (d.kind === 'settle') {
      if (next >= d.start + d.motion.duration) { this.offset = d.motion.resting(); this.velocity = 0; this.driver = { kind: 'resting' }; }
    } else if (d.kind === 'coast') {
      if (next >= d.start + d.motion.duration) {
        this.endCoast(d.motion, d.start + d.motion.duration);
        const s2 = this.evaluate(next);
        if (s2) { this.offset = s2[0]; this.velocity = s2[1]; }
      }
    } else if (d.kind === 'animation') {
      if (next >= d.start + d.motion.duration) { this.velocity = 0; this.driver = { kind: 'resting' }; this.settleIfOut(next); }
    }
  };
  // A badge over still content has nothing to bounce at the top: a fling stops there.
  C.transferVelocity = function (v, edge) {
    if (this.overlays() && edge === this.bounds()[0] && v < 0) return 0;
    return v;
  };
  // A coast has stopped at `end`: back to the nearest edge over SmartRefreshLayout's
  // after-fling duration, unless the bounds grew to take it in.
  C.endCoast = function (coast, end) {
    this.offset = coast.position(coast.duration); this.velocity = 0; this.driver = { kind: 'resting' };
    const b = this.bounds();
    if (b[0] <= this.offset && this.offset <= b[1]) return;
    const edge = this.nearestEdge(b);
    this.driver = { kind: 'settle', motion: new ReboundMotion(this.offset, edge, coastReboundDuration(this.offset - edge)), start: end };
  };
  C.settleIfOut = function (start) {
    const b = this.bounds();
    if (!(b[0] <= this.offset && this.offset <= b[1])) this.startBounce(start, this.nearestEdge(b));
  };
  C.advanceTo = function (target) {
    let effects = []; let steps = 0;
    while (this.time < target && steps < 10000) {
      steps += 1;
      if (this.isUserDriven() && this.driver.kind !== 'dragging') {
        if (this.offset < this.loadZoneOffset()) this.leftTheZone();
        effects = effects.concat(this.checkAutoLoadAtStart());
      }
      let next = Math.min(target, this.nextEventTime());
      const crossing = this.loadTriggerCrossing(next);
      if (crossing !== null) next = crossing;
      const before = this.offset, userDriven = this.isUserDriven();
      this.scrollMove(next);
      this.time = next;
      const dr = this.driver;
      if (dr.kind === 'dragging' && dr.drag.touchpadRelease !== null && this.time >= dr.drag.touchpadRelease) effects = effects.concat(this.release(false));
      this.headerHandleDue();
      if (this.f.phase === 'loading' && this.f.pending && this.time >= this.f.pending.due) this.applyLoadEnd(this.f.pending.result);
      if (userDriven) effects = effects.concat(this.checkAutoLoad(before));
    }
    if (this.time < target) this.time = target;
    return effects;
  };

  // +Snapshot: the trace's fields
  C.snapshot = function () {
    const T = this.T, t = this.time;
    const insetTop = this.base.top + this.headerInsetContribution(this.headerInset.value(t));
    const insetBottom = this.base.bottom + this.footerInset.value(t);
    // A badge over still content: the content stays at the top and the pull moves the badge.
    const pulled = Math.max(0, -insetTop - this.offset);
    const shown = this.overlays() ? Math.max(this.offset, -insetTop) : this.offset;
    const s = { t: t, offset: shown, insetTop: insetTop, insetBottom: insetBottom, contentHeight: this.ch, viewportHeight: this.vh, velocity: this.velocity };
    const h = this.h;
    s.header = h.phase;
    s.headerArrowAngle = h.arrow.value(t);
    if (h.phase === 'refreshing' || h.phase === 'finishing') {
      s.headerProgress = 1;
      s.headerLabel = h.phase === 'refreshing' ? 'refreshing' : (h.result === 'failure' ? 'refreshFailed' : 'refreshSucceeded');
    } else {
      const pull = -this.targetInsetTop() - this.offset;
      s.headerProgress = Math.min(Math.max(pull / T.refreshThreshold, 0), 1);
      s.headerLabel = h.phase === 'armed' ? 'releaseToRefresh' : 'pullToRefresh';
    }
    s.spinnerPhase = 0;
    if (h.phase === 'refreshing') { const turns = (t - h.since) / T.spinnerPeriod; s.spinnerPhase = turns - Math.floor(turns); }
    if (this.footerIsShown()) {
      s.footer = this.f.phase;
      s.footerProgress = this.fLoading() ? 1 : Math.min(Math.max(this.footerVisible(this.offset) / T.footerHeight, 0), 1);
      s.footerLabel = {
        idle: T.footerMode === 'automatic' ? 'tapOrPullToLoadMore' : 'pullUpToLoadMore', pulling: 'pullUpToLoadMore',
        armed: 'releaseToLoadMore', loading: 'loadingMore', failed: 'loadFailedTapToRetry', noMoreData: 'noMoreData',
      }[s.footer];
      s.footerArrowAngle = this.f.arrow.value(t);
    } else { s.footer = 'hidden'; s.footerProgress = 0; s.footerLabel = 'none'; }
    if (this.fLoading() && h.phase !== 'refreshing') { const turns = (t - this.f.since) / T.spinnerPeriod; s.spinnerPhase = turns - Math.floor(turns); }
    s.pullDistance = Math.max(0, -insetTop - this.offset);
    s.headerStyle = this.overlays() ? 'overlay' : 'translate';
    if (!this.overlays()) s.headerTravel = Math.max(0, -this.base.top - this.offset);
    else if (h.phase === 'refreshing' || h.phase === 'finishing') s.headerTravel = Math.max(this.headerInset.value(t), pulled);
    else s.headerTravel = pulled;
    s.dragging = this.driver.kind === 'dragging';
    return s;
  };

  // Data/SplitMix64.swift, in BigInt: the same coins as the lab for the same seed.
  const MASK64 = (1n << 64n) - 1n;
  function SplitMix64(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
  SplitMix64.prototype.next = function () {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    return z ^ (z >> 31n);
  };
  SplitMix64.prototype.nextUnitInterval = function () { return Number(this.next() >> 11n) * Math.pow(2, -53); };
  // A well-mixed word for `values` (SplitMix64.hash): a row's name comes from its identity.
  SplitMix64.hash = function (values) {
    const g = new SplitMix64(0); let word = 0n;
    for (const v of values) { g.state ^= (BigInt(v) + word) & MASK64; word = g.next(); }
    return word;
  };

  // The lab's simulated source (Sources/RefreshLab/Data/SimulatedDataSource.swift): a refresh
  // answers with the first page, a load-more with the next, until `total`; each request fails
  // with `failureRate`, its coin thrown when it starts, in trigger order.
  function Session(T, data, width, height) {
    this.data = data;
    this.rows = data.rows;
    this.loaded = data.rows;
    // The rows' generation (a successful refresh starts the next) and the answers given.
    this.generation = 0;
    this.answered = { refresh: 0, loadMore: 0 };
    this.requests = [];
    this.started = { startRefresh: 0, startLoadMore: 0 };
    this.random = new SplitMix64(data.seed);
    this.c = new Controller(T, height, this.rows * data.rowHeight);
  }
  Session.prototype.start = function (effects) {
    for (const e of effects) {
      this.started[e.type]++;
      const fails = this.random.nextUnitInterval() < this.data.failureRate;
      const request = { kind: e.type, due: e.time + this.data.latency, fails: fails };
      let place = this.requests.findIndex(function (r) { return r.due > request.due; });
      if (place < 0) place = this.requests.length;
      this.requests.splice(place, 0, request);
    }
  };
  Session.prototype.playThrough = function (time, script) {
    for (;;) {
      const answer = this.requests.length ? this.requests[0] : null;
      const scriptTime = script && script.length ? script[0].t : Infinity;
      if (answer && answer.due <= time && answer.due <= scriptTime) {
        this.requests.shift();
        if (answer.kind === 'startRefresh') {
          this.answered.refresh++;
          if (!answer.fails) {
            this.generation++;
            this.rows = Math.min(this.data.pageSize, this.data.total); this.loaded = this.rows;
            this.start(this.c.handle({ type: 'setContentHeight', height: this.rows * this.data.rowHeight, time: answer.due }));
          }
          this.start(this.c.handle({ type: 'endRefreshing', result: answer.fails ? 'failure' : 'success', time: answer.due }));
        } else {
          this.answered.loadMore++;
          let result = 'failure';
          if (!answer.fails) {
            const more = Math.max(0, Math.min(this.data.pageSize, this.data.total - this.loaded));
            this.loaded += more; this.rows = this.loaded;
            result = this.loaded >= this.data.total ? 'noMoreData' : 'success';
            this.start(this.c.handle({ type: 'setContentHeight', height: this.rows * this.data.rowHeight, time: answer.due }));
          }
          this.start(this.c.handle({ type: 'endLoadingMore', result: result, time: answer.due }));
        }
      } else if (scriptTime <= time) {
        const e = script.shift();
        if (e.type === 'wheel') {
          // GestureMapper: a precise wheel's notches are points for the touchpad.
          if (e.precise) this.start(this.c.handle({ type: 'touchpad', dy: e.dy * this.c.T.wheelLineDistance, time: e.t }));
          else this.start(this.c.handle({ type: 'wheel', dy: e.dy, time: e.t }));
        } else if (e.type === 'key') {
          if (KEY_ACTIONS[e.key]) this.start(this.c.handle({ type: 'key', action: KEY_ACTIONS[e.key], time: e.t }));
        } else if (e.type === 'down' || e.type === 'move' || e.type === 'up' || e.type === 'cancel') {
          // An `up` away from the last position moves there first, as the lab's ListDriver
          // sends a move before the release: the finger's last travel counts for the fling.
          const y = e.y === undefined || e.y === null ? this.pointerY : e.y;
          if (e.type === 'up' && y !== undefined && this.pointerY !== undefined && y !== this.pointerY) {
            this.start(this.c.handle({ type: 'move', y: y, time: e.t }));
          }
          if (e.type !== 'cancel') this.pointerY = y;
          this.start(this.c.handle({ type: e.type, y: y, time: e.t }));
        }
      } else return;
    }
  };
  Session.prototype.step = function (time, script) {
    this.playThrough(time, script);
    this.start(this.c.handle({ type: 'advance', time: time }));
    this.playThrough(time, script);
  };

  // A script's key names (ScriptKey) as GestureMapper reads them.
  const KEY_ACTIONS = { Up: 'lineUp', Down: 'lineDown', PageUp: 'pageUp', PageDown: 'pageDown', Home: 'home', End: 'end',
    F5: 'refresh', 'Ctrl+R': 'refresh' };

  const DEFAULT_DATA = { rows: 20, pageSize: 20, total: 100, latency: 1.0, rowHeight: 44, failureRate: 0, seed: 1 };

  // Replays a gesture script (the lab's JSON Lines as an array of objects) in simulated time,
  // frame k at k / fps, and returns one trace frame per frame, as `--headless --trace` does.
  function replay(lines, fps, size) {
    fps = fps || 60; size = size || {};
    // A tuning may come with the size (as --tuning: every key, as the export writes them).
    const T = size.tuning || window.refreshLab.tuning;
    // The source's failure rate and seed may come with the size, as --fail-rate and --seed.
    const data = Object.assign({}, DEFAULT_DATA, window.refreshLab.data || {});
    if (size.failureRate !== undefined) data.failureRate = size.failureRate;
    if (size.seed !== undefined) data.seed = size.seed;
    const height = size.height || 700;
    const s = new Session(T, data, size.width || 400, height - (window.refreshLab.chromeHeight || 0));
    const script = lines.slice().sort(function (a, b) { return a.t - b.t; });
    const endLine = script.find(function (l) { return l.type === 'end'; });
    const end = endLine ? endLine.t : (script.length ? script[script.length - 1].t + 2 : 2);
    const frames = [];
    for (let k = 0; ; k++) {
      const t = k / fps;
      if (t > end) break;
      s.step(t, script);
      const snap = s.c.snapshot();
      snap.t = t; snap.rows = s.rows;
      frames.push(snap);
    }
    return frames;
  }

  window.refreshLab = Object.assign(window.refreshLab || {}, {
    Controller: Controller, Session: Session, replay: replay, defaultData: DEFAULT_DATA, keyActions: KEY_ACTIONS,
    SplitMix64: SplitMix64,
  });
})();
