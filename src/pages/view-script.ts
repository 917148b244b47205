// The trip page's one script (served at /pages/view.js): it records the traveller's view through
// the public `recordTripView` mutation on this service's own /graphql, named as a trusted document
// (README.md#trusted-documents: in production, callers without a key may send only those), with
// an anonymous id kept in the browser so that one viewer counts once an hour
// (README.md#traveller-pages).
// No third-party call; a browser without JavaScript just does not count.
import { documentIdOfFile } from '../graphql/trusted-documents.ts';

export const VIEW_SCRIPT = `(function () {
  var main = document.querySelector('[data-view-slug]');
  if (!main || !window.fetch) return;
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
})();
`;
