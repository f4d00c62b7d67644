/* The table phone's service worker (where the browser runs one: https://, or the laptop itself): the
 * page and its static files stay on the phone, so a Wi-Fi drop or a reload while offline still shows
 * the table's page (its entries wait in the page's outbox). On plain http:// there is none: the page
 * keeps its entries itself and asks to be kept open. */
"use strict";
var CACHE = "clubdirector-phone-v2";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function remember(request, response) {
  if (response && response.ok) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

// The page that registered this worker arrived before it ran, so the worker never saw it: the page
// names itself and its files, and they are kept now (else the first offline reload would fail).
self.addEventListener("message", function (event) {
  // The page drawn again in place (phone.js): kept as it now reads, for an offline reload.
  var page = event.data && event.data.page, html = event.data && event.data.html;
  if (typeof page === "string" && typeof html === "string") {
    var address = new URL(page, self.location.href);
    if (address.origin !== self.location.origin || address.pathname.indexOf("/t/") !== 0) return;
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.put(address.href, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }));
    return;
  }
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(address, self.location.href);
      if (url.origin !== self.location.origin) return null;
      if (url.pathname.indexOf("/t/") !== 0 && url.pathname.indexOf("/static/") !== 0) return null;
      return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(url.href, response);
        return null;
      }).catch(function () { return null; });
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    // Static files: from the phone first (their names change when their content does).
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) { return remember(request, response); });
    }));
  } else if (url.pathname.indexOf("/t/") === 0 && !url.searchParams.has("state") && !url.searchParams.has("part")) {
    // (The page's state and its part, asked for by the page's own polls and redraws, go to the laptop
    // only: an old part from the phone's copy would be drawn over a newer page.)
    // The table's page: from the laptop when it answers, else the copy kept on the phone (the page
    // itself when this address, "?deal=2" say, was never kept).
    event.respondWith(fetch(request).then(function (response) { return remember(request, response); }, function () {
      return caches.match(request).then(function (hit) {
        return hit || caches.match(new URL(url.pathname, url.origin).href);
      }).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
