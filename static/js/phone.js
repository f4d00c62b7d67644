/* The table's phone: deal by deal, with nothing lost when the Wi-Fi drops.
 *
 * Every entry (a deal saved, a deal accepted) is put in an outbox kept on the phone, with an id made
 * here, then sent. A send that cannot reach the laptop stays in the outbox, shown as "saved on this
 * phone, not sent yet", and is sent again when the network returns; the id lets the server recognise
 * a repeat, so a deal is never stored twice. Without JavaScript the forms post as plain forms.
 */
(function () {
  "use strict";
  var root = document.getElementById("phone");
  if (!root) return;
  var token = root.dataset.token;
  var OUTBOX = "cd-outbox-" + token;
  var HOLDER = "cd-holder-" + token;
  var outboxList = document.getElementById("outbox");
  var dirty = false;
  // The page's words, in the phone's language (this script holds none): see the view's _phone_words.
  var words = {};
  try { words = JSON.parse(document.getElementById("phone-words").textContent); } catch (e) { words = {}; }
  function word(key, figures) {
    var text = words[key] || "";
    Object.keys(figures || {}).forEach(function (name) { text = text.split("%(" + name + ")s").join(String(figures[name])); });
    return text;
  }

  if ("serviceWorker" in navigator && root.dataset.sw) {
    navigator.serviceWorker.register(root.dataset.sw, { scope: "/t/" }).catch(function () {});
  }

  // ---- who holds the phone: North-South enter and East-West accept, unless the phone says otherwise
  function holder() { return localStorage.getItem(HOLDER) || ""; }
  function enteringSide() { var h = holder(); return h === "E" || h === "W" ? "EW" : "NS"; }
  document.querySelectorAll('input[name="holder"]').forEach(function (radio) {
    radio.checked = radio.value === holder();
    radio.addEventListener("change", function () { localStorage.setItem(HOLDER, radio.value); });
  });

  // ---- the tricks read as made, over or under once a level is chosen
  var entry = document.getElementById("entry");
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
  if (entry) {
    entry.addEventListener("change", function () { dirty = true; relabelTricks(); });
    relabelTricks();
  }

  // ---- the outbox
  function load() { try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; } }
  function store(list) { localStorage.setItem(OUTBOX, JSON.stringify(list)); show(); }
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
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
  function say(text, bad) {
    var box = document.getElementById("phone-message");
    if (!box) {
      box = document.createElement("p");
      box.id = "phone-message";
      box.setAttribute("role", "alert");
      root.insertBefore(box, root.children[1] || null);
    }
    box.className = bad ? "errorlist" : "fits";
    box.textContent = text;
  }

  function send(item) {
    var body = new URLSearchParams(item.fields);
    return fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": item.fields.csrfmiddlewaretoken || "" },
    }).then(function (response) {
      // Busy, slowed down or the laptop's proxy away: keep it and try again later.
      if (response.status >= 500 || response.status === 429) throw new Error("not now");
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      // Not the server's own answer (a stale page's CSRF refusal, a renewed link): keep the entry.
      if (!json) { say(word("outdated"), true); throw new Error("reload"); }
      return response.json();
    });
  }

  var flushing = false;
  function flush() {
    if (flushing || !load().length) return Promise.resolve();
    flushing = true;
    var refused = [];
    function next() {
      var list = load();
      if (!list.length) return Promise.resolve(true);
      var item = list[0];
      return send(item).then(function (answer) {
        store(load().filter(function (other) { return other.fields.client_id !== item.fields.client_id; }));
        if (!answer.ok) refused.push(word("refused", { label: item.label, message: answer.message }));
        return next();
      }, function () { return false; });
    }
    return next().then(function (allSent) {
      flushing = false;
      if (refused.length) { say(refused.join(" "), true); return; }
      if (allSent) { sessionStorage.setItem("cd-saved", "1"); location.reload(); }
    });
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

  function advance(fields) {
    // Offline the page cannot be drawn again by the laptop: move the form on to the next deal here.
    if (!entry || fields.action !== "deal") return;
    var number = parseInt(fields.number, 10);
    if (number >= 4) { entry.hidden = true; return; }
    entry.querySelector('input[name="number"]').value = String(number + 1);
    entry.querySelector('input[name="correcting"]').value = "";
    var heading = entry.querySelector("h2");
    if (heading) heading.firstChild.textContent = word("deal", { number: number + 1 }) + " ";
    entry.querySelectorAll('input[type="radio"]').forEach(function (radio) {
      radio.checked = radio.name === "deal-doubled" && radio.value === "";
    });
    relabelTricks();
    dirty = false;
  }

  document.querySelectorAll("form[data-phone]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var fields = queue(form, event.submitter);
      if (form.classList.contains("accept")) form.hidden = true;
      flush().then(function () { if (load().length) advance(fields); });
    });
  });

  // After a save the page is drawn again: show the deal just saved and the next one to play, not
  // wherever the browser was scrolled.
  if (sessionStorage.getItem("cd-saved")) {
    sessionStorage.removeItem("cd-saved");
    var saved = document.querySelectorAll(".deal-line.entered");
    var target = saved.length ? saved[saved.length - 1] : entry;
    if (target) target.scrollIntoView({ block: "start" });
  }

  window.addEventListener("online", flush);
  setInterval(flush, 4000);
  show();
  flush();

  // ---- the page stays true: a round closed or a deal changed elsewhere draws it again, whole
  setInterval(function () {
    if (load().length || dirty || !navigator.onLine) return;
    fetch(root.dataset.stateUrl, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (state) {
        var changed = String(state.round || "") !== root.dataset.round
          || (state.closed ? "1" : "") !== root.dataset.closed
          || String(state.version) !== root.dataset.version
          || String(state.accepted) !== (root.dataset.accepted || "0");
        if (changed) location.reload();
      })
      .catch(function () {});
  }, 5000);

  // ---- the round clock
  var clock = document.querySelector(".clock");
  if (clock && !clock.dataset.paused) {
    var ends = Date.now() + 1000 * parseInt(clock.dataset.remaining, 10);
    var time = clock.querySelector(".clock-time");
    setInterval(function () {
      var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
      time.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      clock.classList.toggle("ending", left <= 120);
    }, 1000);
  }
})();
