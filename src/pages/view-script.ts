// The trip page's one script (served at /pages/view.js): it records the traveller's view through
// the public `recordTripView` mutation on this service's own /graphql, named as a trusted document
// (docs/graphql.md#trusted-documents: in production, callers without a key may send only those), with
// an anonymous id kept in the browser so that one viewer counts once an hour
// (docs/pages.md).
// No third-party call; a browser without JavaScript just does not count. It runs once the page has
// loaded and the browser is idle, so that it never adds to the time before the page is usable.
import { documentIdOfFile } from '../graphql/trusted-documents.ts';

export const VIEW_SCRIPT = `(function () {
  var main = document.querySelector('[data-view-slug]');
  if (!main || !window.fetch) return;
  function record() {
  var id = null;
  try {
    id = localStorage.getItem('tripViewerId');
    if (!id) {
      id = (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
      localStorage.setItem('tripViewerId', id);
    }
  } catch (e) { id = null; }
  fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      documentId: '${documentIdOfFile('public/record-trip-view.graphql')}',
      variables: { slug: main.getAttribute('data-view-slug'), viewerId: id }
    }),
    keepalive: true
  }).catch(function () {});
  }
  // Once the page has loaded, when the browser is idle: counting never competes with drawing it.
  var later = window.requestIdleCallback || function (run) { setTimeout(run, 1); };
  if (document.readyState === 'complete') later(record);
  else window.addEventListener('load', function () { later(record); });
})();
`;
