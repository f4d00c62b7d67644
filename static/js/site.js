/* Every page: a button or link that makes a PDF, a workbook or an upload says it is working; a form
   posted is sent once (its buttons wait while it is sending; the server refuses a repeat as well,
   tournaments/http/once.py). */
(function () {
  "use strict";
  var SENDING_MS = 8000;
  function busy(element) {
    element.classList.add("busy");
    element.setAttribute("aria-busy", "true");
    setTimeout(function () { element.classList.remove("busy"); element.removeAttribute("aria-busy"); }, SENDING_MS);
  }
  function buttons(form) {
    return Array.prototype.slice.call(form.querySelectorAll("button, input[type=submit]")).concat(
      form.id ? Array.prototype.slice.call(document.querySelectorAll("button[form='" + form.id + "']")) : []
    );
  }
  function release(form) {
    delete form.dataset.sending;
    buttons(form).forEach(function (button) {
      if (button.dataset.sendingOff) { button.disabled = false; delete button.dataset.sendingOff; }
    });
  }
  function hold(form) {
    form.dataset.sending = "1";
    // After this event: a button disabled now would leave its own name and value out of the post.
    setTimeout(function () {
      buttons(form).forEach(function (button) {
        if (!button.disabled) { button.disabled = true; button.dataset.sendingOff = "1"; }
      });
    }, 0);
    // A download (no new page) or a stopped request gives the form back.
    setTimeout(function () { release(form); }, SENDING_MS);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[href]");
    if (link && /\.(pdf|xlsx|json)(\?|$)/.test(link.getAttribute("href"))) busy(link);
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    // The phone's forms are sent by phone.js, whose listener runs after this one: they are never held
    // here (a Save dead for 8 s after each deal), whatever the order of the scripts.
    if (event.defaultPrevented || form.hasAttribute("data-phone")) return;
    if ((form.getAttribute("method") || "").toLowerCase() === "post" && !form.target) {
      if (form.dataset.sending) { event.preventDefault(); return; }
      hold(form);
    }
    if (form.enctype === "multipart/form-data") {
      var button = event.submitter || form.querySelector("button[type=submit], button:not([type])");
      if (button) busy(button);
    }
  });
  // Back to a page the browser kept: its forms can be sent again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) document.querySelectorAll("form[data-sending]").forEach(release);
  });
})();

/* What the templates once wrote inline (the Content-Security-Policy allows no inline script): a form or its
   button with data-confirm asks first (and, answered yes, sends confirm=yes: tournaments/views/common.py),
   a select with data-submit-on-change sends its form when changed. */
(function () {
  "use strict";
  // Capture: asked before any other submit handler marks the page busy; a "Cancel" stops them all.
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    var question = (button && button.getAttribute("data-confirm")) || event.target.getAttribute("data-confirm");
    if (!question) return;
    if (!window.confirm(question)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // Asked and answered: the server, which asks again when the answer is missing (JavaScript off), is told.
    var form = event.target;
    if (!form.querySelector('input[type="hidden"][name="confirm"]')) {
      var answer = document.createElement("input");
      answer.type = "hidden";
      answer.name = "confirm";
      answer.value = "yes";
      form.appendChild(answer);
    }
  }, true);
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("select[data-submit-on-change]") && field.form) field.form.requestSubmit();
  });
  // A deal passed out has no suit, double, declarer or tricks: choosing Pass clears what was chosen before,
  // so the director never sends a passed-out deal the server must refuse for its leftovers.
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches(".deal-row select[name$='level']") || field.value !== "P") return;
    field.closest(".deal-row").querySelectorAll("select").forEach(function (other) {
      if (other !== field) other.selectedIndex = 0;
    });
  });
})();
