/*
 * scrollsim web recorder: records a page's (or a scrolling element's) touch pointer samples and
 * scroll offsets and writes them as a scrollsim trace (docs/trace-format.md, docs/recording.md).
 *
 *   const recorder = new ScrollsimRecorder({element: document.querySelector('#feed')});
 *   recorder.start();
 *   // … the user scrolls …
 *   recorder.stop();
 *   recorder.download('touches');   // or 'offsets'; recorder.trace('touches') gives the object
 *
 * Options: element, refreshRate (Hz, default 60), physics (default 'chromium'), name, and
 * deviceProfile / networkProfile (names from `scrollsim networks`, e.g. 'low-end', '4g'): the
 * phone and connection the session ran on, which scrollsim then runs it on.
 *
 * Positions are CSS pixels (scrollsim treats them as points). Times come from the events'
 * timeStamp (the performance.now() clock). Only the first finger of a gesture is recorded.
 */
(function (global) {
  'use strict';

  function ScrollsimRecorder(options) {
    options = options || {};
    this.element = options.element || null; // null: the window scrolls
    this.refreshRate = options.refreshRate || 60;
    this.physics = options.physics || 'chromium';
    this.name = options.name || null;
    // The session's device and network profiles (docs/trace-format.md), when the page knows
    // them: e.g. from navigator.deviceMemory and navigator.connection.effectiveType.
    this.deviceProfile = options.deviceProfile || null;
    this.networkProfile = options.networkProfile || null;
    this.touches = [];
    this.offsets = [];
    this.pointerId = null;
    this.listeners = [];
  }

  ScrollsimRecorder.prototype._offset = function () {
    return this.element ? this.element.scrollTop : (global.scrollY || global.pageYOffset || 0);
  };

  ScrollsimRecorder.prototype._time = function (event) {
    var t = (event && event.timeStamp) || global.performance.now();
    return t / 1000;
  };

  ScrollsimRecorder.prototype._touch = function (t, y, phase) {
    var last = this.touches[this.touches.length - 1];
    this.touches.push({t: last ? Math.max(t, last.t) : t, y: y, phase: phase});
  };

  ScrollsimRecorder.prototype.start = function () {
    var self = this;
    var target = this.element || global;
    function on(node, type, handler) {
      node.addEventListener(type, handler, {passive: true, capture: true});
      self.listeners.push([node, type, handler]);
    }
    on(global, 'pointerdown', function (e) {
      if (e.pointerType === 'mouse' || self.pointerId !== null) return;
      self.pointerId = e.pointerId;
      self._touch(self._time(e), e.clientY, 'began');
    });
    on(global, 'pointermove', function (e) {
      if (e.pointerId !== self.pointerId) return;
      self._touch(self._time(e), e.clientY, 'moved');
    });
    function up(e) {
      if (e.pointerId !== self.pointerId) return;
      self._touch(self._time(e), e.clientY, 'ended');
      self.pointerId = null;
    }
    on(global, 'pointerup', up);
    on(global, 'pointercancel', up);
    on(target, 'scroll', function (e) {
      var t = self._time(e);
      var last = self.offsets[self.offsets.length - 1];
      self.offsets.push({t: last ? Math.max(t, last.t) : t, offset: self._offset()});
    });
    this.offsets.push({t: global.performance.now() / 1000, offset: this._offset()});
  };

  ScrollsimRecorder.prototype.stop = function () {
    this.listeners.forEach(function (l) { l[0].removeEventListener(l[1], l[2], {capture: true}); });
    this.listeners = [];
  };

  function round(value, digits) {
    var scale = Math.pow(10, digits);
    return Math.round(value * scale) / scale;
  }

  /* The trace object of `kind` ('touches' or 'offsets'), or null if nothing was recorded. */
  ScrollsimRecorder.prototype.trace = function (kind) {
    var samples = kind === 'touches' ? this.touches.slice() : this.offsets.slice();
    if (!samples.length) return null;
    if (kind === 'touches') {
      var last = samples[samples.length - 1];
      if (last.phase !== 'ended') samples.push({t: last.t, y: last.y, phase: 'ended'});
    }
    var first = samples[0].t;
    var trace = {
      format: 'scrollsim-trace',
      version: 1,
      device: {
        viewport: {width: global.innerWidth, height: this.element ? this.element.clientHeight : global.innerHeight},
        refreshRate: this.refreshRate,
        physics: this.physics
      }
    };
    if (this.name) trace.name = this.name;
    if (this.deviceProfile) trace.deviceProfile = this.deviceProfile;
    if (this.networkProfile) trace.networkProfile = this.networkProfile;
    trace[kind] = samples.map(function (s) {
      var out = {t: round(s.t - first + 0.5, 6)};
      if (kind === 'touches') { out.y = round(s.y, 2); out.phase = s.phase; } else { out.offset = round(s.offset, 2); }
      return out;
    });
    return trace;
  };

  ScrollsimRecorder.prototype.toJSON = function (kind) {
    return JSON.stringify(this.trace(kind), null, 1);
  };

  ScrollsimRecorder.prototype.download = function (kind, filename) {
    var blob = new Blob([this.toJSON(kind)], {type: 'application/json'});
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = filename || ('scrollsim-' + kind + '.json');
    link.click();
  };

  global.ScrollsimRecorder = ScrollsimRecorder;
})(typeof window !== 'undefined' ? window : this);
