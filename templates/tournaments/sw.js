/* The table phone's service worker: the page and its static files stay on the phone, so a Wi-Fi drop
 * or a reload while offline still shows the table's page (its entries wait in the page's outbox). */
"use strict";
var CACHE = "clubdirector-phone-v1";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function remember(request, response) {
  if (response && response.ok) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

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
  } else if (url.pathname.indexOf("/t/") === 0 && !url.searchParams.has("state")) {
    // The table's page: from the laptop when it answers, else the copy kept on the phone.
    event.respondWith(fetch(request).then(function (response) { return remember(request, response); }, function () {
      return caches.match(request).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
