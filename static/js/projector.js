/* The big screen: when everyone does not fit, page through them, a screenful every eight seconds,
 * then back to the top (the standings themselves refresh underneath). */
(function () {
  "use strict";
  var PAUSE = 8000;
  setInterval(function () {
    var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
    if (bottom) window.scrollTo({ top: 0, behavior: "smooth" });
    else window.scrollBy({ top: Math.round(window.innerHeight * 0.85), behavior: "smooth" });
  }, PAUSE);
})();
