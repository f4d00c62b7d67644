/* Built from the files named below by tournaments/presentation/page_assets.py: edit those. */
/* js/names.js */
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
;
/* js/site.js */
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
;
/* js/live.js */
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
;
/* phone/phone.js */
/* The table's phone: deal by deal, with nothing lost when the Wi-Fi drops.
 *
 * Every entry (a deal saved, a deal accepted) is put in an outbox kept on the phone (localStorage),
 * with an id made here, then sent. A send that cannot reach the laptop stays in the outbox, shown as
 * waiting on this phone, and is sent again when the network returns (the page coming
 * back, the screen unlocked, a timer), after a reload or with the tab closed and opened again; the id
 * lets the server recognise a repeat, so a deal is never stored twice. Without JavaScript the forms
 * post as plain forms.
 *
 * This works on plain http:// too, as the party's Wi-Fi serves it: there the browser gives no service
 * worker (and no crypto.randomUUID), so the page asks to be kept open while the Wi-Fi is down. Where a
 * service worker can run (https://, or the laptop itself) it keeps this very page, and a reload while
 * offline still opens it.
 *
 * The phone is a state machine (its state is on <html data-phone="...">, for tests and the curious). Every
 * server answer moves it, and none leaves it anywhere the server is not (docs/live-polls.md):
 *
 *   state    | what it means                              | moves
 *   ---------+--------------------------------------------+--------------------------------------------------
 *   ready    | the page is the server's as last read; the | a choice tapped -> typing; a form sent -> sending;
 *            | form (shown whenever a deal is to be       | the poll: 304 -> ready; its part or patch ->
 *            | typed) has nothing chosen                  | drawn, ready
 *   typing   | choices made in the form, not saved yet    | the poll's part -> drawn, the choices kept when it
 *            |                                            | asks for the same deal; a form sent -> sending
 *   sending  | the outbox is being sent, one by one (the  | saved with a patch -> ready (the line put in
 *            | form has moved on already: Save is never   | place); saved without -> drawing; refused ->
 *            | dead, the next deal can be typed)          | ready, the refusal kept, the form back at the deal
 *            |                                            | refused with what was typed, its fields marked;
 *            |                                            | refused and the server's page differs -> drawing;
 *            |                                            | refused as the round moved on -> drawing: where
 *            |                                            | everyone goes now; 503/429 -> waiting, not before
 *            |                                            | its Retry-After; no answer, no network -> waiting
 *   waiting  | entries wait on this phone                 | the network back, the page shown, focus, the 4 s
 *            |                                            | timer (past any Retry-After) -> sending
 *   drawing  | the part is asked for                      | the part -> ready (typing, choices kept); a part
 *            |                                            | asked for before an answer had since (out of
 *            |                                            | order) -> dropped, the next poll asks again;
 *            |                                            | no part at all -> the page reloaded
 *
 * A message the guest must see (a refusal) is kept through every redraw until dismissed ("OK") or acted on
 * (a form sent); a save's own words go with the next change drawn.
 */
(function () {
  "use strict";
  var root = document.getElementById("phone");
  if (!root) return;
  var token = root.dataset.token;
  var OUTBOX = "cd-outbox-" + token;
  var HOLDER = "cd-holder-" + token;
  // The page's parts are drawn again in place when the state changes (redraw below): these point at
  // the parts now shown, and the listeners sit on the document, so they outlive a redraw.
  var outboxList = document.getElementById("outbox");
  var entry = document.getElementById("entry");
  var dirty = false; // choices made in the form and not saved (the state "typing")
  var state = "ready";
  // Bumped by every answer to a send: a part asked for before it arrives out of order.
  var epoch = 0;
  // The deals this phone has saved ("round:number" -> the epoch of the answer) that a part asked for before
  // that answer may still show as to play: the form never goes back to one of them (a guest on slow Wi-Fi
  // already on the next deal would find the form back on a deal saved, the choices made gone).
  var savedHere = {};
  // The refusal kept until seen: {text, atForm} (see say).
  var kept = null;
  var flushing = false, notBefore = 0;
  var drawing = null, polling = null, drawAgain = null;

  function moveTo(name) {
    state = name;
    document.documentElement.setAttribute("data-phone", name);
  }
  function settle() {
    // Where the phone rests once nothing is in flight: entries waiting, choices made, or the server's page.
    if (drawing) moveTo("drawing");
    else if (flushing) moveTo("sending");
    else moveTo(load().length ? "waiting" : dirty ? "typing" : "ready");
  }

  // The round's four deals as the rules have them (number, dealer, vulnerability, the form's words):
  // offline, the form moves on to the next deal with that deal's own heading and button.
  var deals = {};
  try {
    JSON.parse(document.getElementById("phone-deals").textContent).forEach(function (deal) { deals[deal.number] = deal; });
  } catch (e) { deals = {}; }
  // The page's words, in the phone's language (this script holds none): see the view's _phone_words.
  var words = {};
  try { words = JSON.parse(document.getElementById("phone-words").textContent); } catch (e) { words = {}; }
  function word(key, figures) {
    var text = words[key] || "";
    Object.keys(figures || {}).forEach(function (name) { text = text.split("%(" + name + ")s").join(String(figures[name])); });
    return text;
  }

  var canKeepPage = window.isSecureContext && "serviceWorker" in navigator && root.dataset.sw;
  if (canKeepPage) {
    navigator.serviceWorker.register(root.dataset.sw, { scope: "/t/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        // The worker did not see this page arrive (it was not running yet): ask it to keep it now,
        // with its files, so that a reload while offline opens it after a single visit.
        var keep = [location.pathname];
        document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest], link[rel=icon]").forEach(function (el) {
          keep.push(el.src || el.href);
        });
        if (registration.active) registration.active.postMessage({ keep: keep });
      })
      .catch(function () {});
  }
  function askToKeepOpen() {
    var keepOpen = document.getElementById("keep-open");
    if (keepOpen && !canKeepPage) keepOpen.hidden = false;
  }
  askToKeepOpen();

  // ---- who holds the phone: North-South enter and East-West accept, unless the phone says otherwise
  function holder() { return localStorage.getItem(HOLDER) || ""; }
  function enteringSide() { var h = holder(); return h === "E" || h === "W" ? "EW" : "NS"; }
  function showHolder() {
    document.querySelectorAll('input[name="holder"]').forEach(function (radio) { radio.checked = radio.value === holder(); });
  }
  showHolder();
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "holder" && target.checked) localStorage.setItem(HOLDER, target.value);
    if (entry && entry.contains(target)) {
      dirty = true;
      unmark(target.name);
      relabelTricks();
      if (state === "ready") moveTo("typing");
    }
  });

  // ---- the tricks read as made, over or under once a level is chosen
  function relabelTricks() {
    if (!entry) return;
    var level = entry.querySelector('input[name="deal-level"]:checked');
    entry.querySelectorAll('.tricks label').forEach(function (label) {
      var tricks = parseInt(label.dataset.value, 10);
      var text = String(tricks);
      if (level && /^[1-7]$/.test(level.value)) {
        var over = tricks - 6 - parseInt(level.value, 10);
        text += over === 0 ? " (=)" : over > 0 ? " (+" + over + ")" : " (\u2212" + -over + ")";
      }
      label.textContent = text;
    });
  }
  relabelTricks();

  // ---- the outbox
  function load() { try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; } }
  function store(list) { localStorage.setItem(OUTBOX, JSON.stringify(list)); show(); }
  function newId() {
    // crypto.getRandomValues exists on plain http:// too (crypto.randomUUID does not); the time keeps
    // two ids apart even where neither is random enough. 32 + 1 + 8 characters, under the server's 64.
    var bytes = new Uint8Array(16), hex = "";
    if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
    else for (var i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    for (var j = 0; j < bytes.length; j++) hex += (bytes[j] + 256).toString(16).slice(1);
    return hex + "-" + Date.now().toString(36);
  }
  function show() {
    if (!outboxList) return;
    var list = load();
    outboxList.hidden = !list.length;
    outboxList.innerHTML = "";
    list.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "pending";
      li.textContent = word("pending", { label: item.label });
      outboxList.appendChild(li);
    });
  }

  // ---- messages: a save's words (gone with the next change drawn) or a refusal (kept through every
  // redraw until dismissed or acted on). A refusal of a deal stands in the form by its Save button, where
  // the guest is; a refusal is scrolled into view and focused when it comes.
  function say(text, bad, atForm) {
    var old = document.getElementById("phone-say");
    if (old) old.remove();
    kept = bad && text ? { text: text, atForm: !!atForm } : null;
    if (!text) return null;
    var wrap = document.createElement("div");
    wrap.id = "phone-say";
    wrap.className = "phone-say" + (bad ? " refused" : "");
    var box = document.createElement("p");
    box.id = "phone-message";
    box.setAttribute("role", bad ? "alert" : "status");
    box.tabIndex = -1;
    box.className = bad ? "errorlist" : "fits";
    box.textContent = text;
    wrap.appendChild(box);
    if (bad) {
      var ok = document.createElement("button");
      ok.type = "button";
      ok.className = "secondary dismiss";
      ok.textContent = word("dismiss");
      wrap.appendChild(ok);
    }
    var actions = atForm && entry && !entry.hidden ? entry.querySelector(".actions") : null;
    if (actions) actions.parentNode.insertBefore(wrap, actions);
    else root.insertBefore(wrap, root.children[1] || null);
    return box;
  }
  function sayRefused(text, atForm) {
    var box = say(text, true, atForm);
    box.scrollIntoView({ block: "center" });
    box.focus({ preventScroll: true });
  }
  function sayAgain(focused) {
    // After a redraw: the refusal kept comes back (focused again only if it had the focus).
    if (!kept) return;
    var box = say(kept.text, true, kept.atForm);
    if (focused === "phone-message") box.focus({ preventScroll: true });
  }
  document.addEventListener("click", function (event) {
    var ok = event.target.closest ? event.target.closest("#phone-say .dismiss") : null;
    if (!ok) return;
    say("", false);
    var first = firstChoice();
    if (first) first.focus();
  });

  // ---- a deal's choices: marked when a refusal is about them, kept through a redraw
  var GROUPS = ["deal-level", "deal-strain", "deal-declarer", "deal-tricks"];
  function mark(names) {
    if (!entry) return;
    names.forEach(function (name) {
      var radio = entry.querySelector('input[name="' + name + '"]');
      var group = radio ? radio.closest("fieldset") : null;
      if (!group) return;
      group.classList.add("invalid");
      group.querySelectorAll("input").forEach(function (input) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", "phone-message");
      });
    });
  }
  function unmark(name) {
    if (!entry) return;
    entry.querySelectorAll(name ? 'input[name="' + name + '"][aria-invalid]' : "input[aria-invalid]").forEach(function (input) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      var group = input.closest("fieldset");
      if (group) group.classList.remove("invalid");
    });
  }
  function blank(fields) {
    // The server's list where it gave one; else the groups left blank (none for a deal passed out).
    if (fields && fields.length) return fields.map(function (name) { return "deal-" + name; });
    var level = entry.querySelector('input[name="deal-level"]:checked');
    if (level && level.value === "P") return [];
    return GROUPS.filter(function (name) { return !entry.querySelector('input[name="' + name + '"]:checked'); });
  }
  function choices() {
    if (!entry || entry.hidden) return null;
    var chosen = { number: entry.querySelector('input[name="number"]').value, correcting: entry.querySelector('input[name="correcting"]').value, checked: {} };
    entry.querySelectorAll(".choice-buttons input:checked").forEach(function (radio) { chosen.checked[radio.name] = radio.value; });
    return chosen;
  }
  function restore(chosen) {
    // The choices go back into the form where it asks for the same deal; true when any did.
    if (!chosen || !entry || entry.hidden) return false;
    if (entry.querySelector('input[name="number"]').value !== chosen.number) return false;
    if (entry.querySelector('input[name="correcting"]').value !== chosen.correcting) return false;
    var any = false;
    Object.keys(chosen.checked).forEach(function (name) {
      entry.querySelectorAll('input[name="' + name + '"]').forEach(function (radio) {
        radio.checked = radio.value === chosen.checked[name];
        if (radio.checked && name !== "deal-doubled") any = true;
      });
    });
    relabelTricks();
    dirty = any;
    return any;
  }
  function firstChoice() {
    return entry && !entry.hidden ? entry.querySelector(".levels input:checked, .levels input") : null;
  }

  // ---- sending
  function send(item) {
    // With the validator of the page as drawn now: if it was current, the answer carries what the save
    // changed (its deal's line, the running score) and the page is not drawn again (place, below).
    var fields = {};
    Object.keys(item.fields).forEach(function (key) { fields[key] = item.fields[key]; });
    fields.live = root.dataset.live || "";
    var body = new URLSearchParams(fields);
    // A Wi-Fi that holds the phone but not the laptop answers nothing: give up after 10 s and try
    // again later (the id makes a send that did arrive a repeat, never a second deal).
    var stop = window.AbortController ? new AbortController() : null;
    if (stop) setTimeout(function () { stop.abort(); }, 10000);
    return fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", signal: stop ? stop.signal : undefined,
      headers: { "Accept": "application/json", "X-CSRFToken": item.fields.csrfmiddlewaretoken || "" },
    }).then(function (response) {
      // Busy, slowed down or the laptop's proxy away: keep it and try again later, no sooner than the
      // server asks (a full disk says 60 s: every phone retrying every 4 s would only fill its log).
      if (response.status >= 500 || response.status === 429) {
        var wait = parseInt(response.headers.get("Retry-After") || "", 10);
        if (wait > 0) {
          notBefore = Date.now() + Math.min(wait, 60) * 1000;
          if (!kept) say(word("retry", { seconds: Math.min(wait, 60) }), false);
        }
        throw new Error("not now");
      }
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      // Not the server's own answer (a stale page's CSRF refusal, a renewed link): keep the entry.
      if (!json) { sayRefused(word("outdated"), false); throw new Error("reload"); }
      return response.json();
    });
  }

  function flush() {
    if (flushing || !load().length || Date.now() < notBefore) return Promise.resolve();
    flushing = true;
    moveTo("sending");
    var refused = [], said = [], patched = false, toDraw = false, moved = false, refusedDeal = null;
    var mustDraw = false, fields = null;
    function next() {
      var list = load();
      if (!list.length) return Promise.resolve(true);
      var item = list[0];
      return send(item).then(function (answer) {
        epoch++;
        store(load().filter(function (other) { return other.fields.client_id !== item.fields.client_id; }));
        if (answer.ok) {
          said.push(answer.message);
          if (item.fields.action === "deal") savedHere[item.fields.round + ":" + item.fields.number] = epoch;
          if (answer.patch && place(answer.patch)) patched = true;
          else toDraw = true;
        } else {
          var what = item.fields.action === "accept" ? "refused_accept" : "refused_deal";
          refused.push(word(what, { number: item.fields.number, message: answer.message }));
          var st = answer.state || {};
          // The round moved on (closed, or another one begun) while this waited: the page is the new round's.
          if (st.round !== undefined && (String(st.round) !== root.dataset.round || st.closed)) moved = true;
          if (st.live && st.live !== root.dataset.live) mustDraw = true;
          if (item.fields.action === "deal" && !refusedDeal) { refusedDeal = item.fields; fields = answer.fields; }
        }
        return next();
      }, function () { return false; });
    }
    return next().then(function (allSent) {
      flushing = false;
      if (refused.length) return refusedAll(refused, refusedDeal, fields, moved, mustDraw || moved || toDraw);
      // Drawn again by the laptop, without "?deal=N": after a correction the phone moves on.
      // The laptop's own words (the deal saved, a correction's notice) are shown on the page drawn again.
      if (allSent && (toDraw || !patched)) return redraw(said.join(" "), true);
      if (allSent) placed(said.join(" "));
      settle();
    });
  }

  function refusedAll(refused, deal, fields, moved, mustDraw) {
    // The refusal is kept until seen. A deal refused is to be typed again: the form goes back to it with
    // what was typed, the fields it is about marked; where the server's page is not this one, the part is
    // drawn first (the round moved on: where everyone goes now, instead of a form for a round gone).
    var text = refused.join(" ");
    dirty = false;
    if (moved) {
      kept = { text: text, atForm: false };
      return redraw("", false).then(function () {
        var goes = document.getElementById("moves") ? " " + word("moved") : "";
        sayRefused(text + goes, false);
        settle();
      });
    }
    var back = function () {
      if (deal && entry) {
        setDeal(parseInt(deal.number, 10), deal.correcting === "1");
        restore({ number: String(deal.number), correcting: deal.correcting || "", checked: pick(deal) });
        unmark();
        mark(blank(fields));
      }
      document.querySelectorAll("#phone form.accept[hidden]").forEach(function (form) { form.hidden = false; });
      sayRefused(text, !!(deal && entry && !entry.hidden));
      settle();
    };
    if (mustDraw) return redraw("", false).then(back);
    back();
    return Promise.resolve();
  }
  function pick(fields) {
    var checked = {};
    Object.keys(fields).forEach(function (key) { if (key.indexOf("deal-") === 0) checked[key] = fields[key]; });
    return checked;
  }

  // A save's answer with what it changed: that deal's line and the running score go in place, and the
  // page's validator becomes the laptop's (its next poll is then a 304). False when the page has not
  // those places to fill (then it is drawn again whole).
  function place(patch) {
    var line = document.getElementById("deal-" + patch.number), running = document.getElementById("running");
    if (!line || !running || drawing) return false;
    var parsed = new DOMParser().parseFromString("<ol>" + patch.line + "</ol>" + patch.running, "text/html");
    var newLine = parsed.getElementById("deal-" + patch.number), newRunning = parsed.getElementById("running");
    if (!newLine || !newRunning) return false;
    line.replaceWith(newLine);
    running.replaceWith(newRunning);
    // Where everyone went from the round before is shown until this round's first deal is in.
    var moves = document.getElementById("moves");
    if (moves && newLine.classList.contains("entered")) moves.remove();
    root.dataset.live = patch.live;
    return true;
  }
  function placed(said) {
    // The form moves on from the deal just saved, as the laptop would have drawn it.
    if (entry && entry.querySelector('input[name="correcting"]').value !== "1") {
      var asked = document.getElementById("deal-" + entry.querySelector('input[name="number"]').value);
      if (asked && asked.classList.contains("entered")) setDeal(nextDeal());
    }
    show();
    if (said && !kept) say(said, false);
    if (location.search) history.replaceState(null, "", location.pathname); // (as a part drawn again)
    keepPage();
  }

  function queue(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var fields = {};
    data.forEach(function (value, key) { fields[key] = value; });
    var passedOut = submitter && submitter.name === "deal-level" && submitter.value === "P";
    if (passedOut) {
      ["deal-strain", "deal-doubled", "deal-declarer", "deal-tricks"].forEach(function (key) { delete fields[key]; });
      fields["deal-level"] = "P";
    }
    fields.client_id = newId();
    if (fields.action === "deal") fields.side = enteringSide();
    var label = word(fields.action === "accept" ? "accepted" : "deal", { number: fields.number });
    var list = load();
    // (form.action would be the hidden input named "action": read the attribute.)
    list.push({ url: form.getAttribute("action") || location.pathname, fields: fields, label: label });
    store(list);
    return fields;
  }

  function queued(number) {
    return load().some(function (item) {
      return item.fields.action === "deal" && item.fields.round === root.dataset.round && parseInt(item.fields.number, 10) === number;
    });
  }
  function savedSince(number) {
    return savedHere.hasOwnProperty(root.dataset.round + ":" + number);
  }
  function forget(asked) {
    // A part asked for after an answer shows what that answer saved (or what the laptop did since): it is
    // believed from then on.
    Object.keys(savedHere).forEach(function (key) { if (savedHere[key] <= asked) delete savedHere[key]; });
  }
  function nextDeal() {
    // The first deal neither stored on the laptop (as this page shows it or this phone was told) nor waiting
    // on this phone.
    for (var number = 1; number <= 4; number++) {
      var line = document.getElementById("deal-" + number);
      if (!(line && line.classList.contains("entered")) && !queued(number) && !savedSince(number)) return number;
    }
    return null;
  }
  function setDeal(number, correcting) {
    // The laptop need not draw the page again: the form moves on here, with that deal's own heading,
    // dealer, vulnerability and button.
    if (!entry) return;
    var deal = deals[number];
    if (!number || !deal) { entry.hidden = true; return; }
    entry.hidden = false;
    entry.querySelector('input[name="number"]').value = String(number);
    entry.querySelector('input[name="correcting"]').value = correcting ? "1" : "";
    entry.querySelector(".deal-title").textContent = correcting ? deal.correct : deal.title;
    entry.querySelector(".deal-meta").textContent = deal.meta;
    entry.querySelector(".save-deal").textContent = deal.save;
    entry.querySelectorAll('input[type="radio"]').forEach(function (radio) {
      radio.checked = radio.name === "deal-doubled" && radio.value === "";
    });
    entry.querySelectorAll(".errorlist").forEach(function (error) { if (error.id !== "phone-message") error.remove(); });
    unmark();
    relabelTricks();
    dirty = false;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-phone") || !root.contains(form)) return;
    event.preventDefault();
    if (kept) say("", false); // acted on: the refusal has been seen
    var fields = queue(form, event.submitter);
    if (form.classList.contains("accept")) form.hidden = true;
    if (fields.action === "deal") {
      // The form moves on at once to the next deal not stored nor waiting, its first choice focused: Save
      // is never dead, and a refusal brings the form back to the deal refused.
      setDeal(nextDeal());
      var first = firstChoice();
      if (first) first.focus({ preventScroll: true });
    }
    flush();
  });

  // "Correct deal N" is a link to the laptop's page: offline (on plain http:// nothing could draw it),
  // the form here becomes that deal's correction instead.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.correct") : null;
    if (!link || !root.contains(link) || navigator.onLine || !entry) return;
    var number = parseInt(new URLSearchParams(link.search).get("deal"), 10);
    if (!deals[number]) return;
    event.preventDefault();
    setDeal(number, true);
    entry.scrollIntoView({ block: "start" });
  });

  // A page opened (or drawn again) with deals still waiting on this phone asks for the next one not
  // yet waiting, never again for one that is (unless a correction was asked for).
  function skipQueued() {
    if (entry && entry.querySelector('input[name="correcting"]').value !== "1") {
      var asked = parseInt(entry.querySelector('input[name="number"]').value, 10);
      if (queued(asked) || savedSince(asked)) setDeal(nextDeal());
    }
  }
  skipQueued();

  // ---- a state change draws the page's part again in place (its own address with ?part=1: the
  // laptop draws that part only), never the whole page. After a save: the deal just saved and the
  // next one to play are shown, with the laptop's words, not wherever the browser was scrolled.
  function fetchPart(headers) {
    return fetch(location.pathname + "?part=1", { credentials: "same-origin", cache: "no-store", headers: headers });
  }
  function redraw(said, saved) {
    if (drawing) {
      // The part on its way was drawn by the laptop before whatever asks now (a save answered
      // meanwhile): the part is asked for again once that one is drawn, once for every request that
      // waited, with all their words (a save's words are not lost, nor shown on a part without its deal).
      drawAgain = drawAgain || { said: [], saved: false };
      if (said) drawAgain.said.push(said);
      drawAgain.saved = drawAgain.saved || saved;
      return drawing;
    }
    var address = location.pathname, asked = epoch;
    moveTo("drawing");
    drawing = fetchPart({ "Accept": "text/html" })
      .then(function (response) {
        if (!response.ok) throw new Error("no part");
        return response.text();
      })
      .then(function (html) {
        // An answer came while this part was on its way and asked for the part again: this one is older than
        // what the phone knows, and the next is drawn instead (with this one's words).
        if (drawAgain && asked !== epoch) {
          if (said) drawAgain.said.unshift(said);
          drawAgain.saved = drawAgain.saved || saved;
          return;
        }
        draw(html, said, saved, asked);
      })
      .catch(function () { location.replace(address); })
      .then(function () {
        drawing = null;
        var waited = drawAgain;
        drawAgain = null;
        if (waited) return redraw(waited.said.join(" "), waited.saved);
        settle();
      });
    return drawing;
  }

  function draw(html, said, saved, asked) {
    var address = location.pathname;
    var drawn = new DOMParser().parseFromString(html, "text/html").getElementById("phone");
    if (!drawn) throw new Error("no part");
    // What the guest had chosen and where the focus was: both outlive the part drawn again.
    var chosen = choices();
    var focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.id : "";
    root.replaceWith(drawn);
    root = drawn;
    outboxList = document.getElementById("outbox");
    entry = document.getElementById("entry");
    dirty = false;
    forget(asked);
    // The frame around the part says the party's name too.
    if (root.dataset.title) document.title = root.dataset.title;
    var partyName = document.getElementById("phone-party");
    if (partyName && root.dataset.party) partyName.textContent = root.dataset.party;
    // Drawn without "?deal=N": after a correction the phone moves on.
    if (location.search) history.replaceState(null, "", address);
    askToKeepOpen();
    showHolder();
    relabelTricks();
    skipQueued();
    restore(chosen);
    show();
    startClock();
    keepPage();
    if (said && !kept) say(said, false);
    sayAgain(focused);
    if (saved) {
      var entered = document.querySelectorAll(".deal-line.entered");
      var target = entered.length ? entered[entered.length - 1] : entry;
      if (target) target.scrollIntoView({ block: "start" });
    }
    var again = focused && focused !== "phone-message" ? document.getElementById(focused) : null;
    if (again) again.focus({ preventScroll: true });
    else if (saved && focused) {
      var first = firstChoice();
      if (first) first.focus({ preventScroll: true });
    }
  }

  // Where a service worker keeps this page for an offline reload, it keeps the page as now drawn.
  function keepPage() {
    if (!canKeepPage || !navigator.serviceWorker.controller) return;
    navigator.serviceWorker.controller.postMessage({ page: location.pathname, html: "<!doctype html>\n" + document.documentElement.outerHTML });
  }

  // The network back, the tab shown again (the screen unlocked, the browser reopened), or a timer.
  window.addEventListener("online", flush);
  window.addEventListener("pageshow", flush);
  window.addEventListener("focus", flush);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  setInterval(function () { flush().then(settle); }, 4000);
  show();
  settle();
  flush();

  // ---- the page stays true: anything it shows changed elsewhere (a round closed, a deal entered or
  // accepted, the clock paused, a name corrected) draws its part again. The poll asks for the part
  // itself, sending the validator of what the page shows (data-live): the laptop answers 304, with
  // nothing drawn, when it is current, and the new part at once when it is not (one request, not two).
  // Choices being typed do not hold it: the part is drawn with them kept (the same deal asked for).
  setInterval(function () {
    if (load().length || !navigator.onLine || drawing || polling || flushing) return;
    var shown = root.dataset.live || "";
    var asked = epoch;
    // The part, or (JSON) the table's last change as a patch when this page is the one just before it.
    polling = fetchPart({ "Accept": "text/html, application/json", "If-None-Match": '"' + shown + '"' })
      .then(function (response) {
        if (response.status === 304 || !response.ok) return null;
        if ((response.headers.get("Content-Type") || "").indexOf("application/json") === 0) return response.json();
        return response.text().then(function (html) { return { html: html }; });
      })
      .then(function (got) {
        if (!got || load().length || drawing || flushing) return;
        // Drawn before an answer the phone has had since (out of order): dropped; the next poll asks again.
        if (asked !== epoch || root.dataset.live !== shown) return;
        if (got.html) draw(got.html, "", false, asked);
        else if (got.patch && place(got.patch)) {
          if (!kept) say("", false); // a save's words go with the change; a refusal stays
          placed("");
        }
        else redraw("", false);
        settle();
      })
      .catch(function () {})
      .then(function () { polling = null; });
  }, 5000);

  // ---- the round clock
  var ticking = null;
  function startClock() {
    if (ticking) clearInterval(ticking);
    ticking = null;
    var clock = document.querySelector("#phone .clock");
    if (!clock || clock.dataset.paused) return;
    var ends = Date.now() + 1000 * parseInt(clock.dataset.remaining, 10);
    var time = clock.querySelector(".clock-time");
    ticking = setInterval(function () {
      var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
      time.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      clock.classList.toggle("ending", left <= 120);
    }, 1000);
  }
  startClock();
})();
