/* The big screen (?projector=1): the whole view sized to the screen, as large as it fits, in a few layouts.
 *
 * Every big-screen rule is in rem or em (static/css/site.css, bracket.css, projector.css), so one number, the
 * page's root font size, sizes the whole view; a second, --fit-width, is how wide a column of the room's tiles
 * or of the standings may be. The size is found once, by halving on a log scale a fixed number of times
 * (STEPS layouts for each of two column widths: the room's tiles and the standings' columns narrower or wider, the
 * bracket's a pair a line or a player a line), and kept: a refresh (htmx, every few seconds) lays the page out at the size
 * kept and only when it no longer fits steps down (SHRINK) a few times before searching again. So the first
 * draw takes about ten layouts, not the hundreds a finer search took (seconds of a blank screen).
 *
 * The bracket's screens (the main tournament, the consolation, the free tables) are shown in turn, a screen
 * every TURN milliseconds, each sized when first shown. A presenter's remote (Page Down, Page Up, the arrows,
 * the space bar) shows the next or the one before at once. A bracket whose names would be smaller than LEGIBLE
 * (in px at 720 px tall, in proportion on other screens) is shown in parts instead, in turn like the screens: its
 * top half, its bottom half, then its final (the side's data-parts; what each part draws is in projector.css).
 * Whether it is, is found by the same search, begun at LEGIBLE: a layout for each column width tells (when it does
 * not fit there, no smaller size is tried), and the part's own search starts there too (then at three quarters of
 * it, then at SMALLEST, only when a part is still too large). A part tries a third column width, between a pair a
 * line and a player a line; a width tried after another starts just above the size that one found.
 *
 * When even SMALLEST does not fit: the room and the bracket are drawn smaller still (CSS zoom), since they
 * must be seen whole; a long list of standings pages through instead, as large as the width allows.
 *
 * Reduced motion (prefers-reduced-motion: reduce): pages jump, never scroll smoothly, and turn every
 * SLOW_PAUSE or SLOW_TURN instead. On every big screen a Hold button (and the key H) stops the turning and
 * the paging until pressed again; its words come from the script tag's data attributes (translated).
 *
 * The page gets class "fitted" once sized (the browser tests wait for it); it counts its layouts in
 * data-layouts and window.projectorPasses (those before the first draw in data-first-layouts), and the milliseconds from the page's arrival (its response's end) to its first draw in
 * data-first-draw (the tests and the bench read them). */
(function () {
  "use strict";
  var SMALLEST = 8, LARGEST = 64, STEPS = 7, SHRINK = 0.96, SHRINKS = 3, LEGIBLE = 24, NEAR = Math.log(1.03);
  var PAUSE = 8000, SLOW_PAUSE = 20000, TURN = 15000, SLOW_TURN = 30000;
  var root = document.documentElement;
  var script = document.currentScript;
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  var paging = null, turning = null, layouts = 0, held = false, ready = 0;
  // What was chosen: mode "fit", "paged" (standings paging through), "zoom" (drawn smaller) or "turn" (the
  // bracket's screens in turn). turn.list holds the screens: an element's index, its part ("" whole, "top",
  // "bottom", "final"; null for a side not yet shown, whole or in parts) and its choice (null until first shown);
  // turn.made is what the list was made from (the elements and their parts), to know a refresh changed them.
  var chosen = null;
  var turn = { on: false, at: 0, list: [], made: "" };

  function view() { return document.querySelector("main"); }
  function reduced() { return !!(calm && calm.matches); }

  // The boxes a name or a badge must stay inside (a name too long for its box would overflow it, not
  // scroll the page).
  var BOXED = ".square span, .tile .status, .bracket .pair, .bracket .name, .bracket .champion, .bracket .round-head, " +
    ".standings td";

  function fits(anyHeight) {
    var page = document.scrollingElement || root;
    if (page.scrollWidth > window.innerWidth) return false;
    if (!anyHeight && page.scrollHeight > window.innerHeight) return false;
    var boxed = document.querySelectorAll(BOXED);
    for (var i = 0; i < boxed.length; i++) {
      if (boxed[i].scrollWidth > boxed[i].clientWidth + 1) return false;
    }
    var badges = document.querySelectorAll(".tile .status");
    for (var j = 0; j < badges.length; j++) {
      var tile = badges[j].closest(".tile").getBoundingClientRect();
      if (badges[j].getBoundingClientRect().right > tile.right + 0.5) return false;
    }
    return true;
  }

  // The column widths tried, in em: the bracket's names never wrap (its columns are as wide as their names), so
  // it has one; the room's tiles and the standings' columns two (more columns, or longer names on one line).
  function widths() {
    // A bracket's part (its later rounds a player a line: projector.css) also tries a width between the two.
    if (document.querySelector(".bracket-page [data-part]")) return [ONE_LINE, midWidth, playerWidth];
    if (document.querySelector(".bracket-page")) return [ONE_LINE, playerWidth];
    if (document.querySelector("#room")) return [10, 13];
    return [15, 20];
  }

  // The bracket's column widths: a pair on one line, or as wide as its widest player (in em, measured on the
  // layout of the one before: the box's padding, border and total beside the player's line).
  // Between the two: a pair a line where it is no wider than halfway from the widest player to the widest pair.
  var ONE_LINE = 99;
  function measured(whole) {
    var size = parseFloat(root.style.fontSize) || 16, widest = 0;
    var pairs = document.querySelectorAll(".bracket .pair");
    for (var i = 0; i < pairs.length; i++) {
      var name = pairs[i].querySelector(".name"), box = pairs[i].closest(".box"), players = pairs[i].querySelectorAll(".player");
      if (!name || !box || !box.getClientRects().length) continue;
      var line = 0;
      for (var j = 0; j < players.length; j++) {
        var width = players[j].getBoundingClientRect().width;
        line = whole ? line + width + (j ? size * 0.3 : 0) : Math.max(line, width);
      }
      // Around the name: the box's padding and border, and the total beside it (not the room a short name leaves).
      var total = pairs[i].querySelector(".num");
      var around = box.getBoundingClientRect().width - pairs[i].getBoundingClientRect().width +
        (total ? total.getBoundingClientRect().width + 0.5 * size : 0);
      widest = Math.max(widest, line + around + (name.querySelector(".bl-mark") ? size : 0));
    }
    return widest ? Math.ceil(widest / size * 10 + 2) / 10 : ONE_LINE;
  }
  function playerWidth() { return measured(false); }
  function midWidth() {
    var player = measured(false), pair = measured(true);
    return pair < ONE_LINE ? Math.round((player + pair) / 2 * 10) / 10 : ONE_LINE;
  }

  // Drawn smaller: the narrowest columns (a player a line on the bracket).
  function narrowest() {
    return document.querySelector(".bracket-page") ? playerWidth() : widths()[0];
  }

  function apply(choice) {
    layouts += 1;
    root.dataset.layouts = String(layouts);
    window.projectorPasses = layouts;
    root.style.setProperty("--fit-width", choice.width + "em");
    root.style.fontSize = choice.size + "px";
    void (document.scrollingElement || root).scrollHeight; // the layout itself, counted above
  }

  // The largest size that fits at this width, 0 when even SMALLEST does not. The first layout, at SMALLEST, also
  // bounds the answer: a page's height grows at least as fast as its type (a column fewer, a line more wrapped),
  // so the screen's height over the page's at SMALLEST, times SMALLEST, is never exceeded; the halving is done
  // between the two on a log scale (STEPS layouts in all: to within a percent or two).
  // The search starts at `from` (SMALLEST, or a size the answer must reach): when the page does not fit there, 0
  // at once.
  function largest(width, anyHeight, from) {
    apply({ width: width, size: from });
    if (!fits(anyHeight)) return 0;
    // The content's own height (the page's scrollHeight is never less than the screen's).
    var tall = Math.max(1, view().getBoundingClientRect().bottom + window.scrollY);
    var bound = anyHeight ? LARGEST : from * window.innerHeight / tall * 1.05;
    var low = Math.log(from), high = Math.log(Math.min(LARGEST, Math.max(bound, from * 1.05)));
    // Halving stops once within NEAR (a search begun at a size the answer must reach has a narrow range).
    for (var i = 1; i < STEPS && high - low > NEAR; i++) {
      var middle = (low + high) / 2;
      apply({ width: width, size: Math.exp(middle) });
      if (fits(anyHeight)) low = middle; else high = middle;
    }
    return Math.max(from, Math.floor(Math.exp(low) * 4) / 4);
  }

  // The largest size of at least `from` (SMALLEST when not given), 0 when none fits. A width tried after another
  // starts just above where that one ended: it is worth more layouts only if it does better.
  function search(anyHeight, from) {
    var best = { size: 0, width: widths()[0] };
    widths().forEach(function (width) {
      if (typeof width === "function") width = width();
      var size = largest(width, anyHeight, best.size ? best.size + 0.25 : from || SMALLEST);
      if (size > best.size) best = { size: size, width: width };
    });
    return best;
  }

  // Drawn smaller (CSS zoom) by as much as the page at this width and SMALLEST overflows the screen.
  function zoomTo(width) {
    var page = document.scrollingElement || root;
    apply({ width: width, size: SMALLEST });
    var ratio = Math.min(1, window.innerWidth / page.scrollWidth, window.innerHeight / page.scrollHeight);
    view().style.zoom = ratio < 1 ? String(Math.floor(ratio * 1000) / 1000) : "";
  }

  // --- the bracket's screens ----------------------------------------------------------------------------------

  function screens() {
    return Array.prototype.slice.call(
      document.querySelectorAll(".bracket-page.projector .bracket-side, .bracket-page.projector .bracket-free")
    );
  }

  // What the list of screens is made from: each element and the parts it may be shown in.
  function made() {
    return screens().map(function (screen) { return screen.id + ":" + (screen.dataset.parts || ""); }).join(" ");
  }

  function makeList() {
    turn.made = made();
    turn.list = screens().map(function (screen, i) {
      return { index: i, part: screen.dataset.parts ? null : "", choice: null };
    });
  }

  // The names' smallest size on this screen: LEGIBLE at 720 px tall, in proportion on a taller or shorter one.
  function legible() { return LEGIBLE * window.innerHeight / 720; }

  function show(at) {
    var shown = turn.list[at];
    screens().forEach(function (screen, i) {
      var on = shown && i === shown.index;
      screen.classList.toggle("off-screen", turn.on && !on);
      if (turn.on && on && shown.part) screen.dataset.part = shown.part; else delete screen.dataset.part;
    });
    if (turn.on) {
      root.dataset.screen = String(at);
      root.dataset.screens = String(turn.list.length);
    } else {
      delete root.dataset.screen;
      delete root.dataset.screens;
    }
  }

  function chooseScreen(at) {
    var screen = turn.list[at];
    if (screen.part === null) {
      // Whole, if its names are large enough so; else in parts, the first of them shown now.
      var whole = search(false, legible());
      if (whole.size) {
        screen.part = "";
        return whole;
      }
      var parts = screens()[screen.index].dataset.parts.split(" ").map(function (part) {
        return { index: screen.index, part: part, choice: null };
      });
      turn.list.splice.apply(turn.list, [at, 1].concat(parts));
      show(at);
    }
    // A part short of LEGIBLE tries three quarters of it before searching from SMALLEST (fewer layouts).
    var part = turn.list[at].part;
    var choice = part ? search(false, legible()) : { size: 0 };
    if (!choice.size && part) choice = search(false, legible() * 0.75);
    if (!choice.size) choice = search(false);
    if (choice.size) return choice;
    return { width: narrowest(), size: SMALLEST, zoom: true };
  }

  // One screen shown at its choice, found the first time it is shown.
  function showScreen(at) {
    view().style.zoom = "";
    show(at);
    if (!turn.list[at].choice) {
      var choice = chooseScreen(at);
      turn.list[at].choice = choice;
    }
    var chosenHere = turn.list[at].choice;
    if (chosenHere.zoom) zoomTo(chosenHere.width); else apply(chosenHere);
  }

  function step(by) {
    if (!turn.on || turn.made !== made()) return;
    var count = turn.list.length;
    if (count < 2) return;
    turn.at = (turn.at + by + count) % count;
    showScreen(turn.at);
  }

  // --- sizing -------------------------------------------------------------------------------------------------

  // After a refresh: the size kept, or a little smaller (SHRINK, at most SHRINKS times) if it no longer fits.
  function holds(choice, anyHeight) {
    for (var i = 0; i <= SHRINKS; i++) {
      apply(choice);
      if (fits(anyHeight)) return true;
      choice.size = Math.max(SMALLEST, Math.floor(choice.size * SHRINK * 4) / 4);
    }
    return false;
  }

  function keep() {
    if (chosen.mode === "turn") {
      if (turn.made !== made()) return false;
      turn.on = true;
      show(turn.at);
      var choice = turn.list[turn.at].choice;
      if (!choice) { showScreen(turn.at); return true; }
      if (!choice.zoom) return holds(choice, false);
      zoomTo(choice.width);
      return true;
    }
    if (chosen.mode === "zoom") {
      zoomTo(chosen.width);
      return true;
    }
    return holds(chosen, chosen.mode === "paged");
  }

  function full() {
    var main = view();
    main.style.zoom = "";
    root.classList.remove("paged");
    turn.on = false;
    var count = screens().length;
    if (count > 1 || (count === 1 && screens()[0].dataset.parts)) {
      // Each of the bracket's screens alone is larger than all of them together: one at a time (and a side in
      // parts where it must be).
      turn.on = true;
      var at = turn.list[turn.at] ? turn.list[turn.at].index : 0;
      makeList();
      turn.at = at % count;
      chosen = { mode: "turn" };
      showScreen(turn.at);
      return;
    }
    show(0);
    var together = search(false);
    if (together.size) {
      chosen = { mode: "fit", width: together.width, size: together.size };
      apply(chosen);
    } else if (document.querySelector("#room, .bracket-page")) {
      chosen = { mode: "zoom", width: narrowest(), size: SMALLEST };
      zoomTo(chosen.width);
    } else {
      // Too many to fit: as large as the width allows, paged through.
      var paged = search(true);
      chosen = { mode: "paged", width: paged.width, size: paged.size || SMALLEST };
      apply(chosen);
      root.classList.add("paged");
    }
  }

  function fit(again) {
    if (!view()) return;
    if (!(again && chosen && keep())) full();
    if (!root.classList.contains("fitted")) {
      root.dataset.firstDraw = String(Math.round(performance.now() - ready));
      root.dataset.firstLayouts = String(layouts);
      root.classList.add("fitted");
    }
  }

  // --- turning and paging, held on request ------------------------------------------------------------------

  function pageThrough() {
    if (held || !root.classList.contains("paged")) return;
    var how = reduced() ? "auto" : "smooth";
    var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
    if (bottom) window.scrollTo({ top: 0, behavior: how });
    else window.scrollBy({ top: Math.round(window.innerHeight * 0.85), behavior: how });
  }

  function restart() {
    clearInterval(turning);
    clearInterval(paging);
    turning = paging = null;
    if (held) return;
    turning = setInterval(function () { step(1); }, reduced() ? SLOW_TURN : TURN);
    paging = setInterval(pageThrough, reduced() ? SLOW_PAUSE : PAUSE);
  }

  var button = null;
  function hold(on) {
    held = on;
    root.classList.toggle("held", held);
    if (button) {
      button.setAttribute("aria-pressed", held ? "true" : "false");
      button.textContent = held ? (script.dataset.goOn || "Go on") : (script.dataset.hold || "Hold");
    }
    restart();
  }

  function addHold() {
    button = document.createElement("button");
    button.type = "button";
    button.className = "projector-hold";
    button.id = "projector-hold";
    button.title = (script && script.dataset.holdHelp) || "";
    button.addEventListener("click", function () { hold(!held); });
    document.body.appendChild(button);
    hold(false);
  }

  var waiting = null;
  function later() {
    clearTimeout(waiting);
    waiting = setTimeout(function () { fit(false); }, 150);
  }

  function start() {
    fit(false);
    // Fonts may arrive after the first measure: measure again once they have (the size kept if it fits).
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { fit(true); });
    // A refresh brings both sides back: the one on screen is chosen again before the page is drawn.
    document.body.addEventListener("htmx:afterSwap", function () { if (turn.on) show(turn.at); });
    document.body.addEventListener("htmx:afterSettle", function () { fit(true); });
    window.addEventListener("resize", later);
    if (calm && calm.addEventListener) calm.addEventListener("change", restart);
    document.addEventListener("keydown", function (event) {
      if ((event.key === "h" || event.key === "H") && !event.ctrlKey && !event.metaKey && !event.altKey) {
        hold(!held);
        return;
      }
      var by = { PageDown: 1, ArrowRight: 1, ArrowDown: 1, " ": 1, PageUp: -1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!by || !turn.on || (event.key === " " && event.target === button)) return;
      event.preventDefault();
      step(by);
      restart();
    });
    addHold();
  }

  // From the moment the page arrived (its response ended): what a guest waits for.
  var arrived = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  ready = arrived ? arrived.responseEnd : 0;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
