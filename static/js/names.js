/* People's names on screen (static/css/names.css): a name whose word is wider than its place is shrunk down
   to a readable size; if it still does not fit it ends in an ellipsis, and a tap, a click, Enter or Space
   opens the whole name. A wide table's "scroll sideways" hint shows only while the table is wider than its
   box. Done on load, when the window changes size, and after every live update (htmx, the phone's redraw). */
(function () {
  "use strict";
  var SMALLEST_PX = 12;  // never smaller than this, nor than three quarters of the name's own size
  function overflows(element) { return element.scrollWidth > element.clientWidth + 1; }
  function reset(name) {
    name.style.fontSize = "";
    name.classList.remove("cut", "whole");
    if (name.dataset.cutBy) ["tabindex", "role", "aria-expanded", "title"].forEach(function (a) { name.removeAttribute(a); });
    delete name.dataset.cutBy;
  }
  function cut(name) {
    name.classList.add("cut");
    name.dataset.cutBy = "1";
    name.setAttribute("tabindex", "0");
    name.setAttribute("role", "button");
    name.setAttribute("aria-expanded", "false");
    name.setAttribute("title", name.textContent);
  }
  // Reads and writes in batches (a round of 500 tables has 2,000 names): one layout for all the reads.
  function fit(names) {
    names.forEach(reset);
    var wide = names.filter(overflows);
    var sizes = wide.map(function (name) {
      var size = parseFloat(getComputedStyle(name).fontSize);
      var shrunk = Math.floor(size * name.clientWidth / name.scrollWidth * 10) / 10;
      return Math.max(SMALLEST_PX, size * 0.75, shrunk);
    });
    wide.forEach(function (name, i) { name.style.fontSize = sizes[i] + "px"; });
    wide.filter(overflows).forEach(cut);
  }
  function toggle(name) {
    var open = name.classList.toggle("whole");
    name.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function hints(root) {
    root.querySelectorAll(".scroll[role=region]").forEach(function (box) {
      var hint = box.previousElementSibling;
      if (hint && hint.classList.contains("scroll-hint")) hint.hidden = !overflows(box);
    });
  }
  function run(root) {
    if (document.body.classList.contains("projector-page")) return;
    fit(Array.prototype.slice.call(root.querySelectorAll(".person")));
    hints(root);
  }
  document.addEventListener("click", function (event) {
    var name = event.target.closest && event.target.closest(".person.cut");
    if (name) toggle(name);
  });
  document.addEventListener("keydown", function (event) {
    var name = event.target.closest && event.target.closest(".person.cut");
    if (name && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); toggle(name); }
  });
  var waiting = 0;
  window.addEventListener("resize", function () {
    clearTimeout(waiting);
    waiting = setTimeout(function () { run(document); }, 150);
  });
  // New content (an htmx poll, the table phone drawing its page again): measured once it has settled.
  var settling = 0;
  new MutationObserver(function (changes) {
    // Only new names or tables (the clock's ticking text every second is not worth measuring 2,000 names).
    var named = changes.some(function (change) {
      return Array.prototype.some.call(change.addedNodes, function (node) {
        return node.nodeType === 1 && (node.matches(".person, .scroll") || node.querySelector(".person, .scroll"));
      });
    });
    if (!named) return;
    clearTimeout(settling);
    settling = setTimeout(function () { run(document); }, 50);
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { run(document); });
  else run(document);
})();
