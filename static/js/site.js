/* Every page: a button or link that makes a PDF, a workbook or an upload says it is working. */
(function () {
  "use strict";
  function busy(element) {
    element.classList.add("busy");
    element.setAttribute("aria-busy", "true");
    setTimeout(function () { element.classList.remove("busy"); element.removeAttribute("aria-busy"); }, 8000);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[href]");
    if (link && /\.(pdf|xlsx|json)(\?|$)/.test(link.getAttribute("href"))) busy(link);
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.enctype === "multipart/form-data") {
      var button = event.submitter || form.querySelector("button[type=submit], button:not([type])");
      if (button) busy(button);
    }
  });
})();
