// Times in the browser's time zone: a <time> whose text is its own `datetime` (an
// ISO 8601 UTC instant, as pages write times) reads in the reader's zone, with the zone named;
// the UTC instant stays in its title. Without script, pages show the UTC instant.
window.airfleetLocalTimes = function (root) {
  'use strict';
  if (!window.Intl) {
    return;
  }
  var format = new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  root.querySelectorAll('time[datetime]').forEach(function (time) {
    var instant = time.getAttribute('datetime');
    var date = new Date(instant);
    if (time.textContent.trim() === instant && !isNaN(date.getTime())) {
      time.textContent = format.format(date);
      time.setAttribute('title', instant);
    }
  });
};
window.airfleetLocalTimes(document);

// Airfleet console: refreshes the live parts of a page by themselves. Every element
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
          // not while the keyboard is inside it (replacing it would lose the focus), while
          // boxes in it are ticked (the device list's bulk actions), nor while a confirmation
          // in it is open (the question would close under the reader)
          var focused =
            region.contains(document.activeElement) ||
            region.querySelector('input[type=checkbox]:checked, details[open]') !== null;
          if (next && !focused && next.innerHTML !== region.innerHTML) {
            region.innerHTML = next.innerHTML;
            window.airfleetLocalTimes(region);
          }
        });
      })
      .catch(function () {
        // offline for a moment: the next round tries again
      });
  }
  window.setInterval(refresh, seconds * 1000);
})();

// The upgrade form's target picker: choosing a target or typing a device search
// shows the form again for them, as its "Search" and "Show the versions" buttons do without
// script (a post with intent=refresh, which saves nothing), and swaps in the device list and the
// version field.
(function () {
  'use strict';
  var form = document.querySelector('form[data-upgrade-form]');
  if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams) {
    return;
  }
  document.documentElement.classList.add('js');
  var regions = ['device-choices', 'version-field'];
  var latest = 0;
  var timer = null;
  function refresh() {
    var round = ++latest;
    var body = new URLSearchParams(new FormData(form));
    body.set('intent', 'refresh');
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
      body: body,
    })
      .then(function (response) {
        return response.ok && !response.redirected ? response.text() : null;
      })
      .then(function (html) {
        if (html === null || round !== latest) {
          return;
        }
        var fresh = new DOMParser().parseFromString(html, 'text/html');
        var focused = document.activeElement && document.activeElement.id;
        regions.forEach(function (id) {
          var region = document.getElementById(id);
          var next = fresh.getElementById(id);
          if (region && next) {
            region.innerHTML = next.innerHTML;
          }
        });
        var again = focused && document.getElementById(focused);
        if (again && again !== document.activeElement) {
          again.focus();
        }
      })
      .catch(function () {
        // offline for a moment: the buttons still work
      });
  }
  form.addEventListener('change', function (event) {
    if (event.target.name === 'aps') {
      refresh();
    }
  });
  form.addEventListener('input', function (event) {
    if (event.target.name === 'q') {
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, 300);
    }
  });
})();

// The device list's selection: the box in the table's head ticks every device of the page, and
// the count beside the actions says how many are ticked as they change. Without script the
// boxes are ticked one by one (the head's box is hidden) and "Select all N devices that match"
// still selects every match (a link). Listens on the document: the live refresh may swap the
// table (not while a box is ticked).
(function () {
  'use strict';
  var form = document.querySelector('form[data-bulk]');
  var count = document.getElementById('selected-count');
  if (!form || !count) {
    return;
  }
  document.documentElement.classList.add('js');
  function boxes() {
    return document.querySelectorAll('input[type=checkbox][name=devices][form=bulk-actions]');
  }
  function update() {
    if (form.querySelector('input[name=scope][value=matching]')) {
      return; // every match is selected: the count is the filters' total
    }
    var all = boxes();
    var ticked = 0;
    all.forEach(function (box) {
      if (box.checked) {
        ticked++;
      }
    });
    count.textContent = ticked + ' selected';
    var page = document.getElementById('tick-page');
    if (page) {
      page.checked = all.length > 0 && ticked === all.length;
      page.indeterminate = ticked > 0 && ticked < all.length;
    }
  }
  document.addEventListener('change', function (event) {
    var target = event.target;
    if (target.id === 'tick-page') {
      boxes().forEach(function (box) {
        box.checked = target.checked;
      });
      update();
    } else if (target.name === 'devices' && target.getAttribute('form') === 'bulk-actions') {
      update();
    }
  });
  update();
})();

// The device list's label sheet: a CSV file chosen on the page is read into the sheet's text
// field, where it can be checked before it is sent. Without script the rows are pasted there.
(function () {
  'use strict';
  var form = document.querySelector('form[data-label-sheet]');
  if (!form || !window.FileReader) {
    return;
  }
  document.documentElement.classList.add('js');
  var file = form.querySelector('input[type=file]');
  var sheet = form.querySelector('textarea[name=sheet]');
  file.addEventListener('change', function () {
    if (!file.files || file.files.length === 0) {
      return;
    }
    var reader = new FileReader();
    reader.onload = function () {
      sheet.value = String(reader.result);
    };
    reader.readAsText(file.files[0]);
  });
})();
