// pdflayout's web reader: shows the layout written in layout.js exactly as it was chosen on the
// command line (views, page positions, gaps, reading direction), loads page images only near the
// screen, and lays an invisible text layer over each page so that its text can be selected and
// searched. No framework and no network: it runs from file:// as well as from a server.
(function () {
  'use strict';
  const layout = window.frostReaderLayout;
  /** Below this window width (CSS pixels) spreads are shown one page at a time. */
  const NARROW_WIDTH = 600;
  /** Gaps around a page shown alone on a narrow screen, points (PDFKit's page breaks). */
  const NARROW_GAP = { x: 4, y: 4.75 };

  const stage = document.getElementById('stage');
  const sheet = document.getElementById('sheet');
  const pageNumber = document.getElementById('page-number');
  const previousButton = document.getElementById('previous');
  const nextButton = document.getElementById('next');
  const contents = document.getElementById('contents');
  const contentsButton = document.getElementById('contents-button');
  const searchText = document.getElementById('search-text');
  const searchStatus = document.getElementById('search-status');

  const pageInfo = new Map(layout.pages.map((info) => [info.page, info]));
  const readingOrder = layout.pages.map((info) => info.page);
  const continuous = layout.mode === 'continuous' || layout.mode === 'two-up-continuous';
  const rtl = layout.rtl;

  let shown = null; // { views, paged, horizontal, narrow }
  let viewIndex = 0;
  let currentPage = readingOrder[0];
  let zoom = 1;
  let scale = 1;
  let observer = null;
  let ignoreScrollUntil = 0;
  let highlighted = '';
  let lastSearch = { query: '', page: 0 };
  /** The spot the last move went to (a search hit, a heading), kept through zoom and resizing until the reader scrolls. */
  let currentSpot = null;

  // ---- what is shown: the layout's views, or one page at a time on a narrow screen ----

  function presentation() {
    const narrow = window.innerWidth < NARROW_WIDTH;
    const column = layout.mode === 'continuous' && layout.direction === 'vertical';
    if (!narrow || layout.mode === 'single' || column) {
      return { views: layout.views, paged: !continuous, horizontal: continuous && layout.direction === 'horizontal', narrow };
    }
    const alone = readingOrder.map((number) => {
      const info = pageInfo.get(number);
      return { width: info.width + 2 * NARROW_GAP.x, height: info.height + 2 * NARROW_GAP.y,
        pages: [{ page: number, x: NARROW_GAP.x, y: NARROW_GAP.y, width: info.width, height: info.height }] };
    });
    if (!continuous) return { views: alone, paged: true, horizontal: false, narrow };
    // A continuous layout becomes one column of pages.
    const width = Math.max(...alone.map((view) => view.width));
    let y = 0;
    const pages = alone.map((view) => {
      const placed = Object.assign({}, view.pages[0], { x: (width - view.width) / 2 + NARROW_GAP.x, y: y + NARROW_GAP.y });
      y += view.height;
      return placed;
    });
    return { views: [{ width, height: y, pages }], paged: false, horizontal: false, narrow };
  }

  function viewOf(page) {
    const index = shown.views.findIndex((view) => view.pages.some((placed) => placed.page === page));
    return index < 0 ? 0 : index;
  }

  function firstInReadingOrder(view) {
    return view.pages.map((placed) => placed.page).sort((a, b) => readingOrder.indexOf(a) - readingOrder.indexOf(b))[0];
  }

  // ---- pages: elements, images, text layers ----

  function pageElement(placed) {
    const element = document.createElement('div');
    element.className = 'page';
    element.dataset.page = String(placed.page);
    element.placed = placed;
    return element;
  }

  function position(element) {
    const placed = element.placed;
    element.style.left = placed.x * scale + 'px';
    element.style.top = placed.y * scale + 'px';
    element.style.width = placed.width * scale + 'px';
    element.style.height = placed.height * scale + 'px';
    element.style.setProperty('--scale', String(scale));
    const image = element.querySelector('img');
    if (image) image.src = imageFor(placed);
  }

  /** The sharp image when the normal one would be enlarged on this screen (zoom, HiDPI) and the book has one. */
  function imageFor(placed) {
    const info = pageInfo.get(placed.page);
    if (!info.sharp_image) return info.image;
    const needed = placed.width * scale * (window.devicePixelRatio || 1);
    return needed > info.image_width * 1.1 ? info.sharp_image : info.image;
  }

  function attach(element) {
    if (element.querySelector('img')) return;
    const number = element.placed.page;
    const info = pageInfo.get(number);
    const image = document.createElement('img');
    image.alt = 'page ' + number + (info.label && info.label !== String(number) ? ' (' + info.label + ')' : '');
    image.decoding = 'async';
    image.draggable = false;
    image.src = imageFor(element.placed);
    element.prepend(image);
    addTextLayer(element);
  }

  /** Images far from the screen are dropped, so a long book keeps few pages decoded. */
  function detach(element) {
    element.replaceChildren();
  }

  const textFiles = new Map();
  const wordsByPage = new Map();
  window.frostReaderText = function (file, pages) {
    for (const [number, words] of Object.entries(pages)) wordsByPage.set(Number(number), words);
  };

  function loadTextFile(index) {
    if (!textFiles.has(index)) {
      textFiles.set(index, new Promise((resolve) => {
        const script = document.createElement('script');
        script.src = 'text/t' + String(index).padStart(3, '0') + '.js';
        script.onload = resolve;
        script.onerror = resolve;
        document.head.appendChild(script);
      }));
    }
    return textFiles.get(index);
  }

  let measuring = null;
  function textWidth(text, fontSize) {
    measuring = measuring || document.createElement('canvas').getContext('2d');
    measuring.font = fontSize + 'px sans-serif';
    return measuring.measureText(text).width;
  }

  /** Transparent words over the image, as pdf.js does: each stretched to its box on the page. */
  async function addTextLayer(element) {
    const number = element.placed.page;
    const info = pageInfo.get(number);
    if (!info.words) return;
    await loadTextFile(info.text_file);
    if (!element.isConnected || !element.querySelector('img') || element.querySelector('.text-layer')) return;
    const layer = document.createElement('div');
    layer.className = 'text-layer';
    const offset = element.placed;
    for (const [x, y, width, height, text, run] of wordsByPage.get(number) || []) {
      const span = document.createElement('span');
      span.textContent = text + ' ';
      // A word running down (1) or up (-1) a turned page is set across, then turned into its box.
      const across = !run;
      const size = across ? height : width;
      const length = across ? width : height;
      span.style.left = ((run === 1 ? x + width : x) / offset.width) * 100 + '%';
      span.style.top = ((run === -1 ? y + height : y) / offset.height) * 100 + '%';
      span.style.fontSize = 'calc(var(--scale) * ' + size + 'px)';
      const natural = textWidth(text, size);
      const turn = across ? '' : 'rotate(' + run * 90 + 'deg) ';
      if (natural > 0) span.style.transform = turn + 'scaleX(' + length / natural + ')';
      if (highlighted && text.toLowerCase().includes(highlighted)) span.classList.add('hit');
      layer.appendChild(span);
    }
    element.appendChild(layer);
  }

  function highlight(query) {
    highlighted = query;
    for (const span of sheet.querySelectorAll('.text-layer span')) {
      span.classList.toggle('hit', !!query && span.textContent.toLowerCase().includes(query));
    }
  }

  // ---- drawing: one view at a time (paged), or the whole strip with images near the screen ----

  function stageSize() {
    return { width: stage.clientWidth, height: stage.clientHeight };
  }

  function fitScale(view) {
    const size = stageSize();
    if (shown.paged) return Math.min(size.width / view.width, size.height / view.height);
    return shown.horizontal ? size.height / view.height : size.width / view.width;
  }

  function sizeSheet(view) {
    const size = stageSize();
    const width = view.width * scale;
    const height = view.height * scale;
    sheet.style.width = width + 'px';
    sheet.style.height = height + 'px';
    sheet.style.marginLeft = Math.max(0, (size.width - width) / 2) + 'px';
    sheet.style.marginTop = shown.paged ? Math.max(0, (size.height - height) / 2) + 'px' : '0';
  }

  function drawPaged() {
    const view = shown.views[viewIndex];
    scale = fitScale(view) * zoom;
    sizeSheet(view);
    const elements = view.pages.map(pageElement);
    sheet.replaceChildren(...elements);
    for (const element of elements) {
      position(element);
      attach(element);
    }
    prefetch(shown.views[viewIndex + 1]);
  }

  /** The next view's images are fetched ahead (not decoded: they are in no page yet). */
  function prefetch(view) {
    if (!view) return;
    for (const placed of view.pages) new Image().src = imageFor(placed);
  }

  function buildStrip() {
    const view = shown.views[0];
    const elements = view.pages.map(pageElement);
    sheet.replaceChildren(...elements);
    if (observer) observer.disconnect();
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) attach(entry.target);
        else detach(entry.target);
      }
    }, { root: stage, rootMargin: '50%' });
    resizeStrip();
    for (const element of elements) observer.observe(element);
  }

  function resizeStrip() {
    const view = shown.views[0];
    scale = fitScale(view) * zoom;
    sizeSheet(view);
    for (const element of sheet.children) position(element);
  }

  /** Where a page starts along the strip, in stage scroll coordinates. */
  function scrollTarget(placed) {
    const size = stageSize();
    if (!shown.horizontal) return { top: placed.y * scale - 8, left: placed.x * scale + sheet.offsetLeft - 8 };
    // Right to left, a page starts at its right edge.
    const left = rtl ? (placed.x + placed.width) * scale + sheet.offsetLeft - size.width + 8 : placed.x * scale + sheet.offsetLeft - 8;
    return { top: 0, left };
  }

  /**
   * The scroll position that shows a spot of a page: `spot` is a box in the page's points ({x, y,
   * width, height}; x and the size may be missing). A heading comes to the top of the stage, a
   * search hit to a third of its height, so that the lines before it stay in sight; across, the
   * position moves only when the spot would be out of sight (a zoomed page wider than the stage).
   */
  function spotTarget(placed, spot, start) {
    const size = stageSize();
    const top = sheet.offsetTop + (placed.y + spot.y) * scale;
    const height = (spot.height || 0) * scale;
    const target = { top: spot.height ? top - Math.max(8, (size.height - height) / 3) : top - 8, left: start.left };
    if (spot.x !== undefined && spot.x !== null) {
      const left = sheet.offsetLeft + (placed.x + spot.x) * scale;
      const width = (spot.width || 0) * scale;
      if (left < start.left || left + width > start.left + size.width) {
        target.left = left - Math.max(8, (size.width - width) / 2);
      }
    }
    return target;
  }

  /** The page under the middle of the stage while the strip scrolls. */
  function pageAtCentre() {
    const size = stageSize();
    const x = (stage.scrollLeft + size.width / 2 - sheet.offsetLeft) / scale;
    const y = (stage.scrollTop + size.height / 2 - sheet.offsetTop) / scale;
    let best = null;
    let bestDistance = Infinity;
    for (const placed of shown.views[0].pages) {
      const dx = Math.max(placed.x - x, 0, x - placed.x - placed.width);
      const dy = Math.max(placed.y - y, 0, y - placed.y - placed.height);
      const distance = shown.horizontal ? dx * 1000 + dy : dy * 1000 + dx;
      if (distance < bestDistance || (distance === bestDistance && readingOrder.indexOf(placed.page) < readingOrder.indexOf(best))) {
        best = placed.page;
        bestDistance = distance;
      }
    }
    return best;
  }

  // ---- moving ----

  /** Shows `page`; with `options.spot` (a box in the page's points), that spot of it. */
  function goTo(page, options) {
    if (!pageInfo.has(page)) return;
    const spot = (options && options.spot) || null;
    ignoreScrollUntil = performance.now() + 200;
    if (shown.paged) {
      viewIndex = viewOf(page);
      drawPaged();
      const placed = shown.views[viewIndex].pages.find((candidate) => candidate.page === page);
      const target = spot ? spotTarget(placed, spot, { top: 0, left: 0 }) : { top: 0, left: 0 };
      stage.scrollTo({ top: target.top, left: target.left, behavior: 'instant' });
    } else {
      const placed = shown.views[0].pages.find((candidate) => candidate.page === page);
      let target = scrollTarget(placed);
      if (spot) target = spotTarget(placed, spot, target);
      stage.scrollTo({ top: target.top, left: target.left, behavior: 'instant' });
    }
    currentSpot = spot;
    setCurrent(page, options && options.fromHash);
  }

  function setCurrent(page, fromHash) {
    currentPage = page;
    pageNumber.value = String(page);
    const index = readingOrder.indexOf(page);
    if (shown.paged) {
      previousButton.disabled = viewIndex === 0;
      nextButton.disabled = viewIndex === shown.views.length - 1;
    } else {
      previousButton.disabled = index <= 0;
      nextButton.disabled = index >= readingOrder.length - 1;
    }
    if (!fromHash) history.replaceState(null, '', '#page=' + page);
    for (const link of contents.querySelectorAll('a[aria-current]')) link.removeAttribute('aria-current');
  }

  /** One step in reading order: the next view, or the next page along the strip. */
  function step(direction) {
    if (shown.paged) {
      const index = Math.min(Math.max(viewIndex + direction, 0), shown.views.length - 1);
      if (index !== viewIndex) goTo(firstInReadingOrder(shown.views[index]));
      return;
    }
    const pages = shown.views[0].pages;
    const here = pages.find((placed) => placed.page === currentPage);
    let index = readingOrder.indexOf(currentPage);
    // In a column of spreads the facing page is no step: go to the next row.
    while (index + direction >= 0 && index + direction < readingOrder.length) {
      index += direction;
      const there = pages.find((placed) => placed.page === readingOrder[index]);
      if (!there) continue;
      if (shown.horizontal || Math.abs(there.y - here.y) > 1) return goTo(there.page);
    }
  }

  function next() { step(1); }
  function previous() { step(-1); }

  function hashPage() {
    const match = /(?:^#|&)page=(\d+)/.exec(location.hash);
    return match ? Number(match[1]) : null;
  }

  // ---- keyboard, buttons, contents, search, resizing ----

  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement) return;
    const along = shown.paged || shown.horizontal;
    let handled = true;
    switch (event.key) {
      // Left and right follow the reading direction: in a right-to-left book, ← goes on.
      case 'ArrowLeft': rtl ? next() : previous(); break;
      case 'ArrowRight': rtl ? previous() : next(); break;
      case 'ArrowDown': if (along) next(); else handled = false; break;
      case 'ArrowUp': if (along) previous(); else handled = false; break;
      case 'PageDown': case ' ': if (shown.paged) next(); else handled = false; break;
      case 'PageUp': if (shown.paged) previous(); else handled = false; break;
      case 'Home': goTo(readingOrder[0]); break;
      case 'End': goTo(readingOrder[readingOrder.length - 1]); break;
      case '+': case '=': setZoom(zoom * 1.25); break;
      case '-': setZoom(zoom / 1.25); break;
      case '0': setZoom(1); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });

  previousButton.addEventListener('click', previous);
  nextButton.addEventListener('click', next);
  document.getElementById('zoom-in').addEventListener('click', () => setZoom(zoom * 1.25));
  document.getElementById('zoom-out').addEventListener('click', () => setZoom(zoom / 1.25));
  document.getElementById('zoom-fit').addEventListener('click', () => setZoom(1));
  pageNumber.addEventListener('change', () => {
    const wanted = Number(pageNumber.value);
    if (pageInfo.has(wanted)) goTo(wanted); else pageNumber.value = String(currentPage);
  });
  window.addEventListener('hashchange', () => {
    const page = hashPage();
    if (page !== null && page !== currentPage) goTo(page, { fromHash: true });
  });

  function setZoom(value) {
    zoom = Math.min(Math.max(value, 0.25), 8);
    document.body.classList.toggle('zoomed', zoom > 1);
    redraw();
  }

  contentsButton.addEventListener('click', () => {
    const open = contents.hidden;
    contents.hidden = !open;
    contentsButton.setAttribute('aria-expanded', String(open));
    redraw();
  });

  function buildContents() {
    const heading = document.createElement('h2');
    heading.textContent = layout.title;
    contents.appendChild(heading);
    if (!layout.outline.length) {
      const none = document.createElement('p');
      none.textContent = 'This PDF has no table of contents.';
      contents.appendChild(none);
      contentsButton.title = 'Contents (none in this PDF)';
      return;
    }
    const list = (entries) => {
      const items = document.createElement('ul');
      for (const entry of entries) {
        const item = document.createElement('li');
        const label = document.createElement(entry.page && pageInfo.has(entry.page) ? 'a' : 'span');
        label.textContent = entry.title;
        if (label.tagName === 'A') label.href = '#page=' + entry.page;
        if (label.tagName === 'A' && typeof entry.top === 'number') label.dataset.top = String(entry.top);
        item.appendChild(label);
        if (entry.children.length) item.appendChild(list(entry.children));
        items.appendChild(item);
      }
      return items;
    };
    contents.appendChild(list(layout.outline));
    contents.addEventListener('click', (event) => {
      const link = event.target.closest('a');
      if (!link) return;
      event.preventDefault();
      const top = link.dataset.top;
      goTo(Number(link.getAttribute('href').slice(6)), top === undefined ? {} : { spot: { y: Number(top) } });
      if (shown.narrow) contentsButton.click();
      link.setAttribute('aria-current', 'true');
    });
  }

  /** The word where the query starts in a page's words (joined by spaces, as the text layer reads), or null. */
  function findOnPage(words, query) {
    let text = '';
    const starts = [];
    for (const word of words) {
      starts.push(text.length);
      text += word[4].toLowerCase() + ' ';
    }
    const at = text.indexOf(query);
    if (at < 0) return null;
    let index = starts.length - 1;
    while (index > 0 && starts[index] > at) index--;
    return words[index];
  }

  /** Finds the query in the pages' words, from the page after the current one on, and goes there. */
  document.getElementById('search').addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = searchText.value.trim().toLowerCase();
    if (!query) { highlight(''); searchStatus.textContent = ''; return; }
    searchStatus.textContent = 'searching…';
    const files = new Set(layout.pages.filter((info) => info.words).map((info) => info.text_file));
    await Promise.all([...files].map(loadTextFile));
    const again = lastSearch.query === query;
    const start = readingOrder.indexOf(again ? lastSearch.page : currentPage) + (again ? 1 : 0);
    for (let offset = 0; offset < readingOrder.length; offset++) {
      const page = readingOrder[(start + offset) % readingOrder.length];
      const hit = findOnPage(wordsByPage.get(page) || [], query);
      if (hit) {
        lastSearch = { query, page };
        highlight(query.split(/\s+/)[0]);
        goTo(page, { spot: { x: hit[0], y: hit[1], width: hit[2], height: hit[3] } });
        searchStatus.textContent = 'page ' + page;
        return;
      }
    }
    lastSearch = { query: '', page: 0 };
    searchStatus.textContent = 'not found';
  });

  function redraw() {
    const narrow = window.innerWidth < NARROW_WIDTH;
    if (!shown || narrow !== shown.narrow) {
      shown = presentation();
      document.body.classList.toggle('paged', shown.paged);
      document.body.classList.toggle('horizontal', shown.horizontal);
      if (!shown.paged) buildStrip();
    }
    if (!shown.paged) resizeStrip();
    goTo(currentPage, { fromHash: true, spot: currentSpot });
  }

  let redrawPending = false;
  window.addEventListener('resize', () => {
    if (redrawPending) return;
    redrawPending = true;
    requestAnimationFrame(() => { redrawPending = false; redraw(); });
  });

  stage.addEventListener('scroll', () => {
    if (performance.now() < ignoreScrollUntil) return;
    currentSpot = null;
    if (shown.paged) return;
    const page = pageAtCentre();
    if (page !== null && page !== currentPage) setCurrent(page);
  }, { passive: true });

  // ---- start ----

  document.getElementById('page-count').textContent = 'of ' + readingOrder.length;
  previousButton.textContent = rtl ? '→' : '←';
  nextButton.textContent = rtl ? '←' : '→';
  if (layout.background) stage.style.background = layout.background;
  buildContents();
  const start = hashPage();
  currentPage = start !== null && pageInfo.has(start) ? start : readingOrder[0];
  redraw();
  setCurrent(currentPage, start !== null);
  window.frostReader = { goTo, next, previous, get page() { return currentPage; }, get view() { return viewIndex; } };
})();
