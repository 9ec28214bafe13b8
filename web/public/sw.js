/*
 * Songforge service worker (SPEC 1, 4): caches the audio of played songs so they replay without
 * the network, answers byte-range requests from the cached file, and removes the caches of older
 * workers on activation. Never touches /api or /graphql.
 */
importScripts('/sw-range.js');

// Bump the version when the cache layout changes: activation deletes every other songforge cache.
var CACHE_PREFIX = 'songforge-';
var AUDIO_CACHE = CACHE_PREFIX + 'audio-v1';
var CURRENT_CACHES = [AUDIO_CACHE];
var AUDIO_PATH = /^\/media\/.+\.(mp3|m4a|aac|ogg|oga|opus|wav|flac|webm)$/i;
var NEVER_CACHED = /^\/(api|graphql)(\/|$)/;

// Full downloads in progress, so several range requests for one song fetch it once.
var downloads = new Map();

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return CURRENT_CACHES.indexOf(name) === -1;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

function isCachedAudio(request, url) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  if (NEVER_CACHED.test(url.pathname)) return false;
  return AUDIO_PATH.test(url.pathname) || (request.destination === 'audio' && url.pathname.indexOf('/media/') === 0);
}

/** Downloads the whole file once and stores it; partial or failed answers are not kept. */
function storeFullAudio(url) {
  var existing = downloads.get(url);
  if (existing) return existing;
  var download = fetch(url, { credentials: 'same-origin' })
    .then(function (response) {
      if (response.status !== 200) return;
      return caches.open(AUDIO_CACHE).then(function (cache) {
        return cache.put(url, response);
      });
    })
    .catch(function (error) {
      console.warn('[sw] could not cache audio', url, error);
    })
    .finally(function () {
      downloads.delete(url);
    });
  downloads.set(url, download);
  return download;
}

function answerAudio(event, url) {
  var request = event.request;
  var rangeHeader = request.headers.get('Range');
  return caches
    .open(AUDIO_CACHE)
    .then(function (cache) {
      return cache.match(url);
    })
    .then(function (cached) {
      if (cached) return self.SongforgeRange.rangeResponse(cached, rangeHeader);
      // Not cached yet: the network answers now, the full file is stored for next time.
      event.waitUntil(storeFullAudio(url));
      return fetch(request);
    });
}

self.addEventListener('fetch', function (event) {
  var url = new URL(event.request.url);
  if (!isCachedAudio(event.request, url)) return;
  event.respondWith(
    answerAudio(event, url.origin + url.pathname).catch(function () {
      return fetch(event.request);
    }),
  );
});
