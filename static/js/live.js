/* The live pages' polls (htmx's hx-trigger="every …"): each poll sends the validator of what the page
   shows (the ETag of the last fragment drawn) as If-None-Match; a server that finds nothing changed
   answers 304 without drawing anything, and the page keeps what it shows (htmx 2 would swap a 304's
   empty body in: it is told not to). */
(function () {
  "use strict";
  var tags = {};  // by the poll's address: an outerHTML swap replaces the element, not its address
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb === "get" && tags[detail.path]) detail.headers["If-None-Match"] = tags[detail.path];
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, xhr = detail.xhr, path = detail.requestConfig && detail.requestConfig.path;
    if (xhr.status === 304) {
      detail.shouldSwap = false;
      detail.isError = false;
      return;
    }
    if (!path || !detail.requestConfig || detail.requestConfig.verb !== "get") return;
    var tag = xhr.getResponseHeader("ETag");
    if (tag && xhr.status === 200) tags[path] = tag;
    else delete tags[path];
  });
})();
