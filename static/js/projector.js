/* The big screen (?projector=1): the whole view sized to the screen, as large as it fits.
 *
 * Every big-screen rule is in rem or em (static/css/site.css, bracket.css), so one number, the page's root
 * font size, sizes the whole view; a second, --fit-width, is how wide a column may be (the room's tiles, the
 * standings' columns, a round of the bracket) before its names wrap between words. For each width the
 * largest size (to a quarter pixel, from SMALLEST to LARGEST) at which the page does not scroll either way
 * and no name or badge runs out of its box is found by halving, and the width giving the largest type is
 * kept: when the page opens and when the window changes size. Names wrap only between words (the CSS), so a
 * size at which a long word would not fit its box is refused here.
 *
 * The bracket's screens (the main tournament, the consolation, the free tables) are shown in turn, a screen
 * every TURN milliseconds, when each alone prints its names at least TURN_GAIN times as large as all of them
 * together; each has its own size. A presenter's remote (Page Down, Page Up, the arrows, the space bar) shows
 * the next or the one before at once.
 *
 * When even SMALLEST does not fit: the room and the bracket are drawn smaller still (CSS zoom), since they
 * must be seen whole; a long list of standings pages through instead, as large as the width allows, a
 * screenful every eight seconds and then back to the top.
 *
 * After a refresh (htmx, every few seconds) the size chosen before is kept while it still fits and a quarter
 * pixel more does not, in every mode: two or three layouts of the page instead of the search's sixty or more.
 * The page gets class "fitted" once sized (the browser tests wait for it) and counts its layouts in
 * data-layouts (the tests read it). */
(function () {
  "use strict";
  var SMALLEST = 8, LARGEST = 64, PAUSE = 8000, TURN = 15000, TURN_GAIN = 1.2;
  var root = document.documentElement;
  var paging = null, turning = null, layouts = 0;
  // What was chosen: mode "fit", "paged" (standings paging through), "zoom" (drawn smaller) or "turn" (the
  // bracket's screens in turn, each with its own choice in turn.choices).
  var chosen = null;
  var turn = { on: false, at: 0, choices: [] };

  function view() { return document.querySelector("main"); }

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

  // The column widths tried, in em, by view; for the bracket, each with a later round's share of it (--later:
  // its boxes span more rows, so its names may wrap where the first round's may not).
  function widths() {
    if (document.querySelector(".bracket-page")) {
      var out = [];
      [12, 14, 16, 18, 20, 23, 26, 30, 34, 40, 46].forEach(function (w) {
        out.push({ width: w, later: 0.62 }, { width: w, later: 1 });
      });
      return out;
    }
    if (document.querySelector("#room")) return [9, 10, 11.5, 13, 15, 17];
    return [11, 13, 15, 17, 20, 24];
  }

  function apply(choice) {
    layouts += 1;
    root.dataset.layouts = String(layouts);
    var width = typeof choice.width === "object" ? choice.width : { width: choice.width };
    root.style.setProperty("--fit-width", width.width + "em");
    if (width.later) root.style.setProperty("--later", String(width.later));
    root.style.fontSize = choice.size + "px";
  }

  function largest(width, anyHeight) {
    var low = SMALLEST, high = LARGEST;
    while (high - low > 0.25) {
      var middle = (low + high) / 2;
      apply({ width: width, size: middle });
      if (fits(anyHeight)) low = middle; else high = middle;
    }
    return low;
  }

  function search(anyHeight) {
    var best = { size: 0, width: widths()[0] };
    widths().forEach(function (width) {
      var size = largest(width, anyHeight);
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

  function show(at) {
    screens().forEach(function (screen, i) { screen.classList.toggle("off-screen", turn.on && i !== at); });
    if (turn.on) root.dataset.screen = String(at); else delete root.dataset.screen;
  }

  // One screen shown at its choice (drawn smaller when even SMALLEST overflows).
  function showScreen(at) {
    var choice = turn.choices[at];
    view().style.zoom = "";
    show(at);
    if (choice.zoom) zoomTo(choice.width); else apply(choice);
  }

  function chooseScreen() {
    var choice = search(false);
    apply(choice);
    if (fits()) return choice;
    // At SMALLEST, the width that needs the least shrinking.
    var page = document.scrollingElement || root, most = { ratio: 0, width: widths()[0] };
    widths().forEach(function (width) {
      apply({ width: width, size: SMALLEST });
      var ratio = Math.min(window.innerWidth / page.scrollWidth, window.innerHeight / page.scrollHeight);
      if (ratio > most.ratio) most = { ratio: ratio, width: width };
    });
    return { width: most.width, size: SMALLEST, zoom: true };
  }

  // All together, or in turn: in turn when each screen alone is clearly larger (or all together do not fit).
  function tryInTurn(together, fitsTogether) {
    var list = screens();
    if (list.length < 2) return false;
    turn.on = true;
    var choices = list.map(function (screen, i) { show(i); return chooseScreen(); });
    var smallest = Math.min.apply(null, choices.map(function (c) { return c.zoom ? 0 : c.size; }));
    if (fitsTogether && smallest < together.size * TURN_GAIN) {
      turn.on = false;
      show(0);
      return false;
    }
    turn.choices = choices;
    turn.at = turn.at % list.length;
    chosen = { mode: "turn" };
    showScreen(turn.at);
    return true;
  }

  function step(by) {
    if (!turn.on) return;
    var count = screens().length;
    if (!count || turn.choices.length !== count) return;
    turn.at = (turn.at + by + count) % count;
    showScreen(turn.at);
  }

  // --- sizing -------------------------------------------------------------------------------------------------

  // The choice kept after a refresh: it still fits, and a quarter pixel more does not.
  function holds(choice, anyHeight) {
    apply({ width: choice.width, size: choice.size + 0.25 });
    var more = fits(anyHeight);
    apply(choice);
    return fits(anyHeight) && !more;
  }

  function keep() {
    if (chosen.mode === "turn") {
      var count = screens().length;
      if (count !== turn.choices.length) return false;
      turn.on = true;
      var choice = turn.choices[turn.at];
      show(turn.at);
      if (!choice.zoom) return holds(choice, false);
      view().style.zoom = "";
      apply(choice);
      if (fits()) return false; // it fits unshrunk now: search again
      zoomTo(choice.width);
      return true;
    }
    if (chosen.mode === "zoom") {
      view().style.zoom = "";
      apply(chosen);
      if (fits()) return false;
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
    show(0);
    var together = search(false);
    apply(together);
    var fitsTogether = fits();
    if (tryInTurn(together, fitsTogether)) return;
    chosen = { mode: "fit", width: together.width, size: together.size };
    apply(chosen);
    if (fitsTogether) return;
    if (document.querySelector("#room, .bracket-page")) {
      var choice = chooseScreen();
      chosen = { mode: "zoom", width: choice.width, size: SMALLEST };
      zoomTo(choice.width);
    } else {
      // Too many to fit: as large as the width allows, paged through.
      var paged = search(true);
      chosen = { mode: "paged", width: paged.width, size: paged.size };
      apply(chosen);
      root.classList.add("paged");
    }
  }

  function fit(again) {
    if (!view()) return;
    if (!(again && chosen && keep())) full();
    root.classList.add("fitted");
  }

  function pageThrough() {
    if (!root.classList.contains("paged")) return;
    var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
    if (bottom) window.scrollTo({ top: 0, behavior: "smooth" });
    else window.scrollBy({ top: Math.round(window.innerHeight * 0.85), behavior: "smooth" });
  }

  function restartTurning() {
    clearInterval(turning);
    turning = setInterval(function () { step(1); }, TURN);
  }

  var waiting = null;
  function later() {
    clearTimeout(waiting);
    waiting = setTimeout(function () { fit(false); }, 150);
  }

  function start() {
    fit(false);
    // Fonts may arrive after the first measure: measure again once they have.
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { fit(true); });
    // A refresh brings both sides back: the one on screen is chosen again before the page is drawn.
    document.body.addEventListener("htmx:afterSwap", function () { if (turn.on) show(turn.at); });
    document.body.addEventListener("htmx:afterSettle", function () { fit(true); });
    window.addEventListener("resize", later);
    document.addEventListener("keydown", function (event) {
      var by = { PageDown: 1, ArrowRight: 1, ArrowDown: 1, " ": 1, PageUp: -1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!by || !turn.on) return;
      event.preventDefault();
      step(by);
      restartTurning();
    });
    if (!paging) paging = setInterval(pageThrough, PAUSE);
    restartTurning();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
