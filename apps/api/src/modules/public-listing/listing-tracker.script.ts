import { createHash } from 'node:crypto';
import { API_PATHS, LISTING_EVENT_BATCH_MAX } from '@offplan/shared';

/**
 * The public listing page's first-party tracker (issue 17, decision 028): no third party, no cookie.
 * It reads the page's `#listing-tracking` JSON (the project) and records the page view and the clicks
 * on `data-track` elements (gallery, floorplan, brochure, video, phone reveal), and sends them in
 * batches to POST /api/listing-events: a second after the last event, at once by `sendBeacon` when a
 * tracked link is followed (the page may be leaving) and when the page is hidden. The visitor is a
 * random id in localStorage (a new one per page load where storage is refused). A file of its own, not
 * inline: the content security policy allows only `script-src 'self'`. Plain ES2017 in a string: it
 * runs as written in the visitor's browser, outside the bundle; the page works the same without it.
 */
export const LISTING_TRACKER_SCRIPT = `(function () {
  'use strict';
  var config = document.getElementById('listing-tracking');
  if (!config || !window.JSON) return;
  var listing;
  try {
    listing = JSON.parse(config.textContent || '');
  } catch (error) {
    return;
  }
  if (!listing || typeof listing.projectId !== 'number') return;

  var ENDPOINT = ${JSON.stringify(API_PATHS.listingEvents)};
  var BATCH_MAX = ${LISTING_EVENT_BATCH_MAX};
  var STORAGE_KEY = 'offplan.visitor';
  var KINDS = {
    gallery: 'gallery_open',
    gallery_open: 'gallery_open',
    floorplan: 'floorplan_view',
    floorplan_view: 'floorplan_view',
    brochure_download: 'brochure_download',
    video_play: 'video_play',
    phone_reveal: 'phone_reveal'
  };
  var pageVisitor = null;
  var queue = [];
  var timer = null;

  function randomId() {
    var bytes = new Uint8Array(16);
    if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(bytes);
    else for (var i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
  }

  function visitorId() {
    try {
      var kept = window.localStorage.getItem(STORAGE_KEY);
      if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
      var made = randomId();
      window.localStorage.setItem(STORAGE_KEY, made);
      return made;
    } catch (error) {
      pageVisitor = pageVisitor || randomId();
      return pageVisitor;
    }
  }

  function campaign(name) {
    var match = new RegExp('[?&]' + name + '=([^&#]*)').exec(window.location.search);
    if (!match) return undefined;
    try {
      return decodeURIComponent(match[1].replace(/\\+/g, ' ')).slice(0, 200) || undefined;
    } catch (error) {
      return undefined;
    }
  }

  function batchOf(events) {
    return JSON.stringify({
      visitorId: visitorId(),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : undefined,
      utmSource: campaign('utm_source'),
      utmMedium: campaign('utm_medium'),
      utmCampaign: campaign('utm_campaign'),
      events: events
    });
  }

  function send(body, leaving) {
    if (leaving && navigator.sendBeacon) {
      try {
        if (navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
      } catch (error) {
        // Falls through to fetch.
      }
    }
    if (!window.fetch) return;
    window.fetch(ENDPOINT, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: body
    }).catch(function () {});
  }

  function flush(leaving) {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) send(batchOf(queue.splice(0, BATCH_MAX)), leaving);
  }

  function record(kind) {
    queue.push({ kind: kind, projectId: listing.projectId });
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () { flush(false); }, 1000);
  }

  document.addEventListener('click', function (event) {
    var element = event.target && event.target.closest ? event.target.closest('[data-track]') : null;
    var kind = element && KINDS[element.getAttribute('data-track')];
    if (!kind) return;
    record(kind);
    // A followed link may take this page away before the timer: the beacon outlives it.
    if (element.tagName === 'A') flush(true);
  }, true);
  window.addEventListener('pagehide', function () { flush(true); });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') flush(true);
  });
  // A page shown again from the back-forward cache runs no script anew: it is another view.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) record('page_view');
  });
  record('page_view');
})();
`;

const version = createHash('sha256').update(LISTING_TRACKER_SCRIPT).digest('hex').slice(0, 12);

/** Versioned by its content, so browsers may keep it for a year and a new release is fetched at once. */
export const LISTING_TRACKER_SCRIPT_PATH = `/listing-tracker.js?v=${version}`;

export function listingTrackerScriptTag(): string {
  return `<script src="${LISTING_TRACKER_SCRIPT_PATH}" defer></script>`;
}
