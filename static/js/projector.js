/* The big screen (?projector=1): the whole view sized to the screen, as large as it fits.
 *
 * Every big-screen rule is in rem or em (static/css/site.css, bracket.css), so one number, the page's root
 * font size, sizes the whole view; a second, --fit-width, is how wide a column may be (the room's tiles, the
 * standings' columns, a round of the bracket) before its names wrap between words. For each width the
 * largest size (to a quarter pixel, from SMALLEST to LARGEST) at which the page does not scroll either way
 * and no name or badge runs out of its box is found by halving, and the width giving the largest type is
 * kept: after every refresh (htmx) and when the window changes size. Names wrap only between words (the
 * CSS), so a size at which a long word would not fit its box is refused here.
 *
 * When even SMALLEST does not fit: the room and the bracket are drawn smaller still (CSS
 * zoom), since they must be seen whole; a long list of standings pages through instead, as large as the
 * width allows, a screenful every eight seconds and then back to the top. The page gets class "fitted"
 * once sized (the browser tests wait for it). */
(function () {
  "use strict";
  var SMALLEST = 8, LARGEST = 64, PAUSE = 8000;
  var root = document.documentElement;
  var paging = null;

  function view() { return document.querySelector("main"); }

  // The boxes a name or a badge must stay inside (a name too long for its box would overflow it, not
  // scroll the page).
  var BOXED = ".square span, .tile .status, .bracket .name, .bracket .champion, .bracket .round-head, .standings td";

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

  // The column widths tried, in em, by view.
  function widths() {
    if (document.querySelector(".bracket-page")) return [12, 14, 16, 20, 24, 28, 34, 40, 46];
    if (document.querySelector("#room")) return [9, 10, 11.5, 13, 15, 17];
    return [11, 13, 15, 17, 20, 24];
  }

  function apply(choice) {
    root.style.setProperty("--fit-width", choice.width + "em");
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

  var chosen = null;
  function fit(again) {
    var main = view();
    if (!main) return;
    main.style.zoom = "";
    // After a refresh, the size chosen before is kept while it still fits and a quarter pixel more does
    // not (the search is some sixty layouts of the page: not every few seconds for nothing).
    if (again && chosen && !root.classList.contains("paged")) {
      apply({ width: chosen.width, size: chosen.size + 0.25 });
      var more = fits();
      apply(chosen);
      if (fits() && !more) return;
    }
    root.classList.remove("paged");
    chosen = search(false);
    apply(chosen);
    if (!fits()) {
      if (document.querySelector("#room, .bracket-page")) {
        // At SMALLEST, the width that needs the least shrinking, then drawn that much smaller.
        var page = document.scrollingElement || root, most = { ratio: 0 };
        widths().forEach(function (width) {
          apply({ width: width, size: SMALLEST });
          var ratio = Math.min(window.innerWidth / page.scrollWidth, window.innerHeight / page.scrollHeight);
          if (ratio > most.ratio) most = { ratio: ratio, width: width };
        });
        chosen = { width: most.width, size: SMALLEST };
        apply(chosen);
        main.style.zoom = String(Math.floor(most.ratio * 1000) / 1000);
      } else {
        // Too many to fit: as large as the width allows, paged through.
        chosen = search(true);
        apply(chosen);
        root.classList.add("paged");
      }
    }
    root.classList.add("fitted");
  }

  function pageThrough() {
    if (!root.classList.contains("paged")) return;
    var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
    if (bottom) window.scrollTo({ top: 0, behavior: "smooth" });
    else window.scrollBy({ top: Math.round(window.innerHeight * 0.85), behavior: "smooth" });
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
    document.body.addEventListener("htmx:afterSettle", function () { fit(true); });
    window.addEventListener("resize", later);
    if (!paging) paging = setInterval(pageThrough, PAUSE);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
