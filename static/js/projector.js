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
 * When even SMALLEST does not fit: the room and the bracket are drawn smaller still (CSS zoom), since
 * they must be seen whole; a long list of standings pages through instead, a screenful every eight
 * seconds and then back to the top, rather than shrink below SMALLEST. The page gets class "fitted"
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

  function fits() {
    var page = document.scrollingElement || root;
    if (page.scrollWidth > window.innerWidth || page.scrollHeight > window.innerHeight) return false;
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
    if (document.querySelector(".bracket-page")) return [16, 20, 24, 28, 34, 40, 46];
    if (document.querySelector("#room")) return [9, 10, 11.5, 13, 15, 17];
    return [11, 13, 15, 17, 20, 24];
  }

  function largest(width) {
    root.style.setProperty("--fit-width", width + "em");
    var low = SMALLEST, high = LARGEST;
    while (high - low > 0.25) {
      var middle = (low + high) / 2;
      root.style.fontSize = middle + "px";
      if (fits()) low = middle; else high = middle;
    }
    return low;
  }

  var chosen = null;
  function fit() {
    var main = view();
    if (!main) return;
    main.style.zoom = "";
    root.classList.remove("paged");
    var tried = widths(), best = { size: 0, width: tried[0] };
    for (var i = 0; i < tried.length; i++) {
      var size = largest(tried[i]);
      if (size > best.size) best = { size: size, width: tried[i] };
    }
    chosen = best;
    root.style.setProperty("--fit-width", best.width + "em");
    root.style.fontSize = best.size + "px";
    if (!fits()) {
      if (document.querySelector("#room, .bracket-page")) {
        var page = document.scrollingElement || root;
        var ratio = Math.min(window.innerWidth / page.scrollWidth, window.innerHeight / page.scrollHeight);
        main.style.zoom = String(Math.floor(ratio * 1000) / 1000);
      } else {
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
    waiting = setTimeout(fit, 150);
  }

  function start() {
    fit();
    // Fonts may arrive after the first measure: measure again once they have.
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
    document.body.addEventListener("htmx:afterSettle", fit);
    window.addEventListener("resize", later);
    if (!paging) paging = setInterval(pageThrough, PAUSE);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
