/* The round clock on the director's page and the big screen: counts down between the page's refreshes. */
(function () {
  "use strict";
  function tick() {
    document.querySelectorAll(".clock").forEach(function (clock) {
      if (clock.dataset.paused) return;
      if (!clock.dataset.until) clock.dataset.until = String(Date.now() + 1000 * parseInt(clock.dataset.remaining, 10));
      var left = Math.max(0, Math.round((parseInt(clock.dataset.until, 10) - Date.now()) / 1000));
      var time = clock.querySelector(".clock-time");
      if (time) time.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      clock.classList.toggle("ending", left <= 120);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();
