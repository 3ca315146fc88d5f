// Airfleet console: refreshes the live parts of a page by themselves (issue 13). Every element
// with `data-live` and an id is replaced, every few seconds, by the element with the same id in
// a fresh copy of the page. Pages work without it; it only saves pressing reload.
(function () {
  'use strict';
  var regions = document.querySelectorAll('[data-live][id]');
  if (regions.length === 0 || !window.fetch || !window.DOMParser) {
    return;
  }
  var seconds = Number(regions[0].getAttribute('data-live')) || 5;
  function refresh() {
    if (document.hidden) {
      return;
    }
    fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (response) {
        return response.ok && !response.redirected ? response.text() : null;
      })
      .then(function (html) {
        if (html === null) {
          return;
        }
        var fresh = new DOMParser().parseFromString(html, 'text/html');
        regions.forEach(function (region) {
          var next = fresh.getElementById(region.id);
          // not while the keyboard is inside it: replacing it would lose the focus
          var focused = region.contains(document.activeElement);
          if (next && !focused && next.innerHTML !== region.innerHTML) {
            region.innerHTML = next.innerHTML;
          }
        });
      })
      .catch(function () {
        // offline for a moment: the next round tries again
      });
  }
  window.setInterval(refresh, seconds * 1000);
})();
