// imgtool horizon --review: each photo as shot with the line found, and levelled as --fix would
// write it. The photographer accepts the angle, nudges or draws it, or rejects the photo, and saves
// the decisions as the file `imgtool horizon --decisions` reads:
//   {"version": 1, "photos": [{"file": PATH, "decision": "accept", "angle": DEGREES},
//                             {"file": PATH, "decision": "reject"}]}
// Angles are the horizon's tilt as shot, positive when it rises to the right; levelling turns the
// picture by the opposite amount. No framework and no network: it runs from file://.
(function () {
  'use strict';
  const review = window.horizonReview;
  const photos = review.photos;
  /** The largest tilt a decision may carry (--decisions refuses more). */
  const LIMIT = 45;
  /** Decisions survive a reload: kept in the browser under this review's own address. */
  const STORE = 'imgtool-horizon-review ' + location.pathname;

  const list = document.getElementById('photos');
  const stage = document.getElementById('stage');
  const original = document.getElementById('original');
  const levelled = document.getElementById('levelled');
  const originalFrame = document.getElementById('original-frame');
  const levelledFrame = document.getElementById('levelled-frame');
  const levelledTurn = document.getElementById('levelled-turn');
  const originalLines = document.getElementById('original-lines');
  const levelledLines = document.getElementById('levelled-lines');
  const angleInput = document.getElementById('angle');
  const decisionText = document.getElementById('decision');
  const unansweredOnly = document.getElementById('unanswered-only');
  const grid = document.getElementById('grid');
  const savedText = document.getElementById('decisions-text');

  // Each photo's state: its angle now, and the decision (null, 'accept' or 'reject').
  const states = photos.map((photo) => ({ angle: photo.angle === null ? 0 : photo.angle, decision: null }));
  let current = 0;

  function rounded(angle) {
    const value = Math.round(angle * 1000) / 1000;
    return value === 0 ? 0 : value; // no -0
  }

  function degrees(angle) {
    const text = Math.abs(angle).toFixed(2) + '°';
    return angle > 0 ? '+' + text : angle < 0 ? '−' + text : text;
  }

  // ---- keeping and saving decisions ----

  function restore() {
    let kept = {};
    try { kept = JSON.parse(localStorage.getItem(STORE) || '{}'); } catch (error) { kept = {}; }
    photos.forEach((photo, index) => {
      const saved = kept[photo.path];
      if (!saved) return;
      if (saved.decision === 'accept' || saved.decision === 'reject') states[index].decision = saved.decision;
      if (typeof saved.angle === 'number' && Math.abs(saved.angle) <= LIMIT) states[index].angle = saved.angle;
    });
  }

  function keep() {
    const kept = {};
    photos.forEach((photo, index) => {
      const state = states[index];
      if (state.decision) kept[photo.path] = { decision: state.decision, angle: state.angle };
    });
    try { localStorage.setItem(STORE, JSON.stringify(kept)); } catch (error) { /* private mode: not kept */ }
  }

  /** The decisions file: decided photos only (the others are detected again when it is applied). */
  function decisionsJSON() {
    const decided = [];
    photos.forEach((photo, index) => {
      const state = states[index];
      if (state.decision === 'accept') decided.push({ file: photo.path, decision: 'accept', angle: state.angle });
      if (state.decision === 'reject') decided.push({ file: photo.path, decision: 'reject' });
    });
    return JSON.stringify({ version: 1, photos: decided }, null, 1) + '\n';
  }

  function save() {
    const text = decisionsJSON();
    savedText.value = text;
    document.getElementById('saved').open = true;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    link.download = 'decisions.json';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  // ---- the list ----

  function kind(photo) {
    return photo.found ? 'found' : photo.angle === null ? 'none' : 'guess';
  }

  /** The list's short line: the angle and the confidence, or the guess of a photo without an answer. */
  function facts(photo) {
    const confidence = photo.confidence.toFixed(2);
    if (photo.found) return degrees(photo.angle) + ' · ' + confidence;
    if (photo.angle === null) return 'no answer · no line';
    return 'no answer · guess ' + degrees(photo.angle) + ' · ' + confidence;
  }

  function stateText(index) {
    const state = states[index];
    if (state.decision === 'accept') return 'accepted ' + degrees(state.angle);
    if (state.decision === 'reject') return 'rejected';
    return 'to decide';
  }

  function buildList() {
    photos.forEach((photo, index) => {
      const item = document.createElement('li');
      item.dataset.index = String(index);
      const button = document.createElement('button');
      button.type = 'button';
      const image = document.createElement('img');
      image.loading = 'lazy';
      image.src = photo.thumbnail;
      image.alt = '';
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = photo.file.split('/').pop() + (photo.raw ? ' (raw)' : '');
      name.title = photo.file;
      const about = document.createElement('span');
      about.className = 'facts';
      about.textContent = facts(photo);
      about.title = photo.found ? 'horizon found: tilt, confidence' : 'no horizon found: the best guess, its confidence';
      const state = document.createElement('span');
      state.className = 'state';
      button.append(image, name, about, state);
      button.addEventListener('click', () => { select(index); stage.focus(); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function refreshItem(index) {
    const item = list.children[index];
    item.className = kind(photos[index]) + (states[index].decision ? ' ' + states[index].decision + 'ed' : '');
    item.querySelector('.state').textContent = stateText(index);
    item.hidden = unansweredOnly.checked && photos[index].found && index !== current;
  }

  function refreshCounts() {
    const accepted = states.filter((state) => state.decision === 'accept').length;
    const rejected = states.filter((state) => state.decision === 'reject').length;
    const unanswered = photos.filter((photo) => !photo.found).length;
    document.getElementById('counts').textContent = photos.length + ' photo' + (photos.length === 1 ? '' : 's') +
      ' · ' + unanswered + ' without an answer · ' + accepted + ' accepted · ' + rejected + ' rejected · ' +
      (photos.length - accepted - rejected) + ' to decide';
  }

  // ---- the photo shown ----

  /** The largest rectangle of the picture's proportions inside it turned by `angle` fills the frame at this scale. */
  function coverScale(photo, angle) {
    const radians = Math.abs(angle) * Math.PI / 180;
    const long = Math.max(photo.preview_width, photo.preview_height);
    const short = Math.min(photo.preview_width, photo.preview_height);
    return Math.cos(radians) + long / short * Math.sin(radians);
  }

  function svgLine(svg, className, start, end) {
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    line.setAttribute('class', className);
    line.setAttribute('x1', start[0]); line.setAttribute('y1', start[1]);
    line.setAttribute('x2', end[0]); line.setAttribute('y2', end[1]);
    svg.appendChild(line);
    return line;
  }

  /** The line at `angle` across the picture through `centre` (y grows downwards). */
  function lineAt(photo, angle, centre) {
    const rise = Math.tan(angle * Math.PI / 180);
    const right = photo.preview_width;
    return [[0, centre[1] + centre[0] * rise], [right, centre[1] - (right - centre[0]) * rise]];
  }

  function drawLines(svg, photo, state) {
    svg.replaceChildren();
    svg.setAttribute('viewBox', '0 0 ' + photo.preview_width + ' ' + photo.preview_height);
    let centre = [photo.preview_width / 2, photo.preview_height / 2];
    if (photo.line) {
      svgLine(svg, photo.found ? 'found' : 'guess', photo.line[0], photo.line[1]);
      centre = [(photo.line[0][0] + photo.line[1][0]) / 2, (photo.line[0][1] + photo.line[1][1]) / 2];
    }
    if (!photo.line || Math.abs(state.angle - photo.angle) > 1e-9) {
      const [start, end] = lineAt(photo, state.angle, centre);
      svgLine(svg, 'set', start, end);
    }
  }

  function fitFrames() {
    const photo = photos[current];
    const aspect = photo.preview_width / photo.preview_height;
    for (const frame of [originalFrame, levelledFrame]) {
      const room = frame.parentElement.clientWidth;
      const tallest = window.innerHeight * 0.56;
      const width = Math.min(room, tallest * aspect);
      frame.style.width = width + 'px';
      frame.style.height = width / aspect + 'px';
    }
  }

  function show() {
    const photo = photos[current], state = states[current];
    if (original.getAttribute('src') !== photo.preview) {
      original.src = photo.preview;
      levelled.src = photo.preview;
      original.alt = photo.file + ' as shot';
      levelled.alt = photo.file + ' levelled';
      fitFrames();
    }
    levelledTurn.style.transform = 'rotate(' + state.angle + 'deg) scale(' + coverScale(photo, state.angle) + ')';
    drawLines(originalLines, photo, state);
    drawLines(levelledLines, photo, state);
    document.getElementById('photo-name').textContent = photo.file + (photo.raw ? ' (raw: its preview)' : '');
    const evidence = photo.evidence === 'verticals' ? 'on the verticals' : 'on the horizon line';
    document.getElementById('verdict').textContent = photo.found
      ? 'Horizon found ' + evidence + ': ' + degrees(photo.angle) + ', confidence ' + photo.confidence.toFixed(2)
      : photo.angle === null
        ? 'No horizon found, and no line to guess from.'
        : 'No horizon found. Best guess ' + evidence + ': ' + degrees(photo.angle) + ', confidence ' +
          photo.confidence.toFixed(2) + ' (too low to answer).';
    if (document.activeElement !== angleInput) angleInput.value = String(state.angle);
    decisionText.textContent = state.decision === 'accept'
      ? 'Accepted at ' + degrees(state.angle)
      : state.decision === 'reject' ? 'Rejected: left as it is' : 'Not decided';
    decisionText.className = state.decision ? state.decision + 'ed' : '';
    for (let index = 0; index < photos.length; index++) {
      const button = list.children[index].firstChild;
      if (index === current) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
    list.children[current].scrollIntoView({ block: 'nearest' });
    // The next preview loads while this one is looked at.
    const next = photos[nextIndex(1)];
    if (next) new Image().src = next.preview;
  }

  function refresh(index) {
    refreshItem(index);
    refreshCounts();
    if (index === current) show();
  }

  // ---- decisions ----

  function select(index) {
    if (index < 0 || index >= photos.length) return;
    const previous = current;
    current = index;
    refreshItem(previous);
    refreshItem(current);
    show();
  }

  function nextIndex(step) {
    for (let index = current + step; index >= 0 && index < photos.length; index += step) {
      if (!(unansweredOnly.checked && photos[index].found)) return index;
    }
    return -1;
  }

  function move(step) {
    const index = nextIndex(step);
    if (index >= 0) select(index);
  }

  function decide(decision) {
    states[current].decision = decision;
    keep();
    refresh(current);
  }

  /** Setting an angle (nudged, typed or drawn) accepts the photo at that angle. */
  function setAngle(angle) {
    if (!isFinite(angle)) return;
    states[current].angle = rounded(Math.max(-LIMIT, Math.min(LIMIT, angle)));
    decide('accept');
  }

  function nudge(step) {
    setAngle(states[current].angle + step);
  }

  document.getElementById('turn-left').addEventListener('click', (event) => nudge(event.shiftKey ? -1 : -0.1));
  document.getElementById('turn-right').addEventListener('click', (event) => nudge(event.shiftKey ? 1 : 0.1));
  document.getElementById('detected').addEventListener('click', () => {
    const photo = photos[current];
    setAngle(photo.angle === null ? 0 : photo.angle);
  });
  document.getElementById('accept').addEventListener('click', () => { decide('accept'); move(1); });
  document.getElementById('reject').addEventListener('click', () => { decide('reject'); move(1); });
  document.getElementById('undecided').addEventListener('click', () => decide(null));
  document.getElementById('save').addEventListener('click', save);
  angleInput.addEventListener('change', () => setAngle(Number(angleInput.value)));
  unansweredOnly.addEventListener('change', () => {
    if (unansweredOnly.checked && photos[current].found) {
      const index = photos.findIndex((photo) => !photo.found);
      if (index >= 0) current = index;
    }
    photos.forEach((photo, index) => refreshItem(index));
    show();
  });

  // The mouse: drag along the horizon on the photo as shot; the wheel over the levelled photo turns it.
  let drawing = null;
  function previewPoint(event) {
    const box = originalFrame.getBoundingClientRect(), photo = photos[current];
    return [(event.clientX - box.left) / box.width * photo.preview_width,
      (event.clientY - box.top) / box.height * photo.preview_height];
  }
  originalFrame.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    originalFrame.setPointerCapture(event.pointerId);
    const start = previewPoint(event);
    drawing = { start, line: svgLine(originalLines, 'drawing', start, start) };
  });
  originalFrame.addEventListener('pointermove', (event) => {
    if (!drawing) return;
    const end = previewPoint(event);
    drawing.line.setAttribute('x2', end[0]);
    drawing.line.setAttribute('y2', end[1]);
  });
  originalFrame.addEventListener('pointerup', (event) => {
    if (!drawing) return;
    const start = drawing.start, end = previewPoint(event);
    drawing = null;
    const [left, right] = start[0] <= end[0] ? [start, end] : [end, start];
    const box = originalFrame.getBoundingClientRect();
    const length = Math.hypot((right[0] - left[0]) * box.width / photos[current].preview_width,
      (right[1] - left[1]) * box.height / photos[current].preview_height);
    const angle = Math.atan2(left[1] - right[1], right[0] - left[0]) * 180 / Math.PI;
    // A click or a line steeper than the limit sets nothing.
    if (length >= 12 && Math.abs(angle) <= LIMIT) setAngle(angle);
    else show();
    stage.focus();
  });
  levelledFrame.addEventListener('wheel', (event) => {
    event.preventDefault();
    nudge((event.deltaY > 0 ? 1 : -1) * (event.shiftKey ? 1 : 0.1));
  }, { passive: false });

  // The keyboard.
  document.addEventListener('keydown', (event) => {
    if (event.target === angleInput) {
      if (event.key === 'Enter' || event.key === 'Escape') {
        if (event.key === 'Enter') setAngle(Number(angleInput.value));
        else angleInput.value = String(states[current].angle);
        stage.focus();
        event.preventDefault();
      }
      return;
    }
    if (event.target.closest && event.target.closest('textarea, summary')) return;
    // Enter and Space on a button press that button, and only that.
    if (event.target.tagName === 'BUTTON' && (event.key === 'Enter' || event.key === ' ')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') { event.preventDefault(); save(); }
      return;
    }
    const step = event.shiftKey ? 1 : 0.1;
    switch (event.key) {
      case 'ArrowLeft': case '[': nudge(-step); break;
      case 'ArrowRight': case ']': nudge(step); break;
      case 'ArrowDown': case 'j': case 'J': case 'PageDown': move(1); break;
      case 'ArrowUp': case 'k': case 'K': case 'PageUp': move(-1); break;
      case 'Home': select(nextIndexFrom(0, 1)); break;
      case 'End': select(nextIndexFrom(photos.length - 1, -1)); break;
      case 'a': case 'A': case 'Enter': decide('accept'); move(1); break;
      case 'r': case 'R': case 'x': case 'X': decide('reject'); move(1); break;
      case 'u': case 'U': case 'Backspace': decide(null); break;
      case 'd': case 'D': document.getElementById('detected').click(); break;
      case 'g': case 'G': grid.hidden = !grid.hidden; break;
      case 's': case 'S': save(); break;
      default: return;
    }
    event.preventDefault();
  });

  function nextIndexFrom(start, step) {
    for (let index = start; index >= 0 && index < photos.length; index += step) {
      if (!(unansweredOnly.checked && photos[index].found)) return index;
    }
    return current;
  }

  let fitPending = false;
  window.addEventListener('resize', () => {
    if (fitPending) return;
    fitPending = true;
    requestAnimationFrame(() => { fitPending = false; if (photos.length) fitFrames(); });
  });

  // ---- start ----

  restore();
  buildList();
  photos.forEach((photo, index) => refreshItem(index));
  refreshCounts();
  if (photos.length) show();
  else document.getElementById('verdict').textContent = 'No photos to review.';
  stage.focus();
  window.horizonReviewPage = {
    decisionsJSON, select, save,
    get current() { return current; },
    get states() { return states.map((state) => Object.assign({}, state)); },
  };
})();
