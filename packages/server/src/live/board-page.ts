/**
 * The board page: one self-contained HTML document (inline CSS and JS, no CDN, no fonts to
 * fetch), so it works offline and ships inside the CLI bundle as a string.
 *
 * The page reads `?markets=` / `?subset=` from its own URL, polls `/board/data` (the bulk
 * status plus names and holidays) every 30 s, refreshes at once on every bell event of
 * `/events` (and on `data_changed` after a swap) and whenever a countdown reaches zero. Clocks
 * and countdowns tick every second on the server's time (offset measured on each fetch).
 *
 * The client script below avoids template literals so that this file can hold it in one.
 */
export const BOARD_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openbell board</title>
<style>
:root { --open:#0b7a34; --open-bg:#dcf5e3; --closed:#b3261e; --closed-bg:#fde7e4; --ink:#17202a; --muted:#5b6570;
  --line:#e3e7eb; --head:#0f1a24; }
* { box-sizing: border-box; }
body { margin:0; font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background:#f6f8fa; }
header { background: var(--head); color:#fff; padding: 12px 20px; display:flex; flex-wrap:wrap; gap: 10px 24px;
  align-items:center; position: sticky; top:0; z-index:1; }
header h1 { font-size: 18px; margin:0; letter-spacing:.02em; }
header h1 span { font-weight: 400; opacity:.7; }
.summary { display:flex; gap:8px; font-weight:600; }
.count { padding: 3px 10px; border-radius: 999px; font-variant-numeric: tabular-nums; }
.count.open { background: var(--open); }
.count.closed { background: var(--closed); }
.clock { font-variant-numeric: tabular-nums; opacity:.85; font-size: 14px; }
.conn { font-size: 13px; opacity: .85; }
.conn.live::before { content: "● "; color: #4ade80; }
.conn.down::before { content: "● "; color: #fbbf24; }
header label { margin-left:auto; }
header input { font: inherit; padding: 6px 10px; border-radius: 6px; border: 0; width: 16em; max-width: 100%; }
main { padding: 12px 20px 40px; }
.notice { margin: 8px 0; padding: 8px 12px; border-radius: 6px; background:#fff4d6; color:#6b4e00; }
.notice:empty { display:none; }
table { width:100%; border-collapse: collapse; background:#fff; border:1px solid var(--line); border-radius: 8px;
  overflow:hidden; }
th, td { text-align:left; padding: 8px 10px; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); background:#fbfcfd;
  font-weight:600; }
tbody tr { border-left: 5px solid transparent; }
tbody tr.is-open { border-left-color: var(--open); }
tbody tr.is-closed { border-left-color: var(--closed); }
tbody tr.is-error { border-left-color: #9aa3ab; color: var(--muted); }
tbody tr.flash { animation: flash 2s ease-out; }
@keyframes flash { from { background:#fff3b0; } to { background: transparent; } }
.fin { font-weight: 700; }
small { display:block; color: var(--muted); font-size: 12.5px; }
.pill { display:inline-block; min-width: 6.2em; text-align:center; font-weight: 800; letter-spacing: .06em;
  padding: 4px 10px; border-radius: 6px; font-size: 13px; }
.pill.open { color:#fff; background: var(--open); }
.pill.closed { color: var(--closed); background: var(--closed-bg); border: 1px solid #f3b8b2; }
.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.countdown { font-weight: 700; font-size: 16px; }
.bell-open { color: var(--open); font-weight: 600; }
.bell-close { color: var(--closed); font-weight: 600; }
.holiday { color: #8a4b00; font-weight: 600; }
.holiday small.hol-next { font-weight: 400; }
/* Long phase names and holidays wrap instead of widening the table past the window. */
td.c-phase { white-space: normal; min-width: 9em; }
td.c-market small { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 16em; }
td.c-holiday { white-space: normal; min-width: 7em; overflow-wrap: anywhere; }
td.c-bell { white-space: normal; }
.bell-time { white-space: nowrap; }
.sample { background:#f59e0b; color:#1f1300; font-weight:700; padding: 2px 8px; border-radius: 4px; font-size: 12px;
  letter-spacing:.04em; }
.asked { color: var(--muted); font-weight: 400; font-size: 12.5px; }
.empty { padding: 24px; text-align:center; color: var(--muted); }
@media (max-width: 1060px) {
  header { padding: 10px 12px; }
  header label { margin-left: 0; width:100%; }
  header input { width: 100%; }
  main { padding: 8px 8px 32px; }
  table, tbody, tr, td { display:block; width:100%; }
  thead { display:none; }
  table { border:0; background: transparent; }
  tbody tr { background:#fff; margin: 0 0 8px; border: 1px solid var(--line); border-left-width: 6px;
    border-radius: 8px; display:grid; grid-template-columns: 1fr auto;
    grid-template-areas: "market status" "phase phase" "bell countdown" "local holiday"; padding: 4px 2px; }
  td { border:0; padding: 3px 8px; }
  td.c-market { grid-area: market; min-width: 0; }
  td.c-market small { max-width: 100%; }
  td.c-status { grid-area: status; text-align:right; }
  td.c-phase { grid-area: phase; white-space: normal; }
  td.c-phase.none { display:none; }
  td.c-bell { grid-area: bell; }
  td.c-countdown { grid-area: countdown; text-align: right; }
  td.c-local { grid-area: local; }
  td.c-local small { display:inline; margin-left: 4px; }
  td.c-holiday { grid-area: holiday; text-align:right; white-space: normal; }
  tr.is-error td.c-phase { grid-column: 1 / -1; grid-area: phase; }
  td[data-label]::before { content: attr(data-label); display:block; font-size: 11px; text-transform: uppercase;
    letter-spacing:.05em; color: var(--muted); }
  td.c-phase[data-label]::before, td.c-local[data-label]::before { display:none; }
  td.c-holiday:empty { display:none; }
}
</style>
</head>
<body>
<header>
  <h1>openbell <span>board</span></h1>
  <div class="summary" aria-live="polite"><span class="count open" id="n-open">– open</span><span class="count closed"
    id="n-closed">– closed</span></div>
  <div class="clock">UTC <span id="utc" class="num">--:--:--</span> <span id="version"></span></div>
  <div id="conn" class="conn down">connecting</div>
  <label><span class="visually-hidden" hidden>Filter</span><input id="filter" type="search"
    placeholder="Filter markets…" aria-label="Filter markets" autocomplete="off"></label>
</header>
<main>
  <p id="notice" class="notice" role="status"></p>
  <table id="board" aria-describedby="notice">
    <thead><tr><th scope="col">Market</th><th scope="col">Status</th><th scope="col">Phase</th><th
      scope="col">Local time</th><th scope="col">Next bell (local)</th><th scope="col">Countdown</th><th
      scope="col">Holiday</th></tr></thead>
    <tbody id="rows"><tr><td class="empty" colspan="7">Loading…</td></tr></tbody>
  </table>
</main>
<script>
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var q = new URLSearchParams();
  params.getAll('markets').forEach(function (m) { q.append('markets', m); });
  if (params.get('subset')) q.set('subset', params.get('subset'));
  var qs = q.toString() ? '?' + q.toString() : '';
  // Relative to where the page is served, so a reverse proxy may mount openbell under a prefix.
  var root = location.pathname.replace(/board\/?$/, '');
  var skew = 0;            // server clock minus ours, ms
  var rows = [];           // last answer's markets
  var fetching = false, again = false, lastFetch = 0;
  var $ = function (id) { return document.getElementById(id); };
  var fmtCache = {};

  function serverNow() { return Date.now() + skew; }
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls;
    if (text != null) e.textContent = text; return e; }
  function fmt(tz) {
    var k = tz || 'UTC';
    if (!fmtCache[k]) {
      try { fmtCache[k] = new Intl.DateTimeFormat('en-GB', { timeZone: k, weekday: 'short', hour: '2-digit',
          minute: '2-digit', second: '2-digit', hour12: false }); }
      catch (e) { fmtCache[k] = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', hour: '2-digit',
          minute: '2-digit', second: '2-digit', hour12: false }); }
    }
    return fmtCache[k];
  }
  function localParts(tz, ms) {
    var out = {};
    fmt(tz).formatToParts(new Date(ms)).forEach(function (p) { out[p.type] = p.value; });
    return out;
  }
  function city(tz) { return tz ? tz.split('/').pop().replace(/_/g, ' ') : 'UTC'; }
  // One format for every countdown: hours:minutes:seconds, the hours counted on past a day
  // (a weekend reads 63:05:09), so two rows compare at a glance and the width never jumps.
  function countdown(ms) {
    if (ms < 0) ms = 0;
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    return pad(h) + ':' + pad(m) + ':' + pad(sec);
  }
  var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  // The bell's wall time as served (already in the market's zone): "16:00", or "Mon 09:30" on another day.
  function bellText(iso, nowMs, tz) {
    var date = iso.slice(0, 10), time = iso.slice(11, 16);
    var today = new Intl.DateTimeFormat('en-CA', { timeZone: tz || 'UTC' }).format(new Date(nowMs));
    if (date === today) return time;
    var wd = DAYS[new Date(date + 'T12:00:00Z').getUTCDay()];
    return wd + ' ' + date.slice(8, 10) + '/' + date.slice(5, 7) + ' ' + time;
  }

  function render(answer) {
    var tbody = $('rows');
    var old = {};
    rows.forEach(function (r) { old[r.identifier] = r.status; });
    rows = answer.markets;
    var frag = document.createDocumentFragment();
    rows.forEach(function (r) {
      var tr = el('tr');
      tr.dataset.identifier = r.identifier;
      if (r.error) {
        tr.className = 'is-error';
        tr.dataset.status = 'error';
        var m = el('td', 'c-market'); m.appendChild(el('span', 'fin', r.identifier)); tr.appendChild(m);
        var why = el('td', 'c-phase',
            (typeof r.error.detail === 'string' ? r.error.detail
              : (r.error.detail && r.error.detail[0] && r.error.detail[0].msg) || 'Error')
            + ' (HTTP ' + r.error.status + ')');
        why.colSpan = 6; tr.appendChild(why);
        tr.dataset.search = (r.identifier + ' error').toLowerCase();
        frag.appendChild(tr);
        return;
      }
      var open = r.status === 'Open';
      tr.className = open ? 'is-open' : 'is-closed';
      tr.dataset.status = open ? 'open' : 'closed';
      tr.dataset.finId = r.fin_id;
      if (old[r.identifier] && old[r.identifier] !== r.status) tr.classList.add('flash');
      var market = el('td', 'c-market');
      market.appendChild(el('span', 'fin', r.fin_id));
      if (r.identifier.toUpperCase() !== r.fin_id) market.appendChild(el('span', 'asked',
          ' (asked as ' + r.identifier + ')'));
      market.appendChild(el('small', null, [r.mic, r.exchange_name].filter(Boolean).join(' · ') || '\u00a0'));
      tr.appendChild(market);
      var st = el('td', 'c-status');
        st.appendChild(el('span', 'pill ' + (open ? 'open' : 'closed'), open ? 'OPEN' : 'CLOSED')); tr.appendChild(st);
      var ph = el('td', 'c-phase'); ph.dataset.label = 'Phase';
      if (r.phase) { ph.appendChild(document.createTextNode(r.phase.phase_type));
        if (r.phase.phase_name) ph.appendChild(el('small', null, r.phase.phase_name)); }
      else { ph.appendChild(el('span', null, '—')); ph.classList.add('none'); }
      tr.appendChild(ph);
      var lt = el('td', 'c-local num'); lt.dataset.label = 'Local time';
      lt.appendChild(el('span', 'local-time', ''));
      lt.appendChild(el('small', null, city(r.timezone)));
      tr.appendChild(lt);
      var bell = el('td', 'c-bell num'); bell.dataset.label = 'Next bell';
      if (r.next_bell) {
        bell.appendChild(el('span', open ? 'bell-close' : 'bell-open', open ? 'Closes ' : 'Opens '));
        bell.appendChild(el('span', 'bell-time', ''));
      } else bell.appendChild(el('span', null, 'none scheduled'));
      tr.appendChild(bell);
      var cd = el('td', 'c-countdown num countdown'); cd.dataset.label = open ? 'Closes in' : 'Opens in';
      cd.appendChild(el('span', 'cd', r.next_bell ? '' : '—'));
      tr.appendChild(cd);
      var hol = el('td', 'c-holiday holiday', r.holiday || '');
      // The holiday of the next trading date (an evening session already trades it): say so.
      if (r.holiday && r.holiday_next && r.holiday_date) {
        var wd = DAYS[new Date(r.holiday_date + 'T12:00:00Z').getUTCDay()];
        hol.appendChild(el('small', 'hol-next', 'next trading date, ' + wd + ' ' + r.holiday_date.slice(8,
            10) + '/' + r.holiday_date.slice(5, 7)));
      }
      tr.appendChild(hol);
      tr.dataset.search = [r.identifier, r.fin_id, r.mic, r.exchange_name, r.market_name, r.status,
          r.phase && r.phase.phase_type, r.holiday, r.timezone].filter(Boolean).join(' ').toLowerCase();
      frag.appendChild(tr);
    });
    tbody.textContent = '';
    if (!rows.length) { var e = el('tr'); var td = el('td', 'empty', 'No markets match.'); td.colSpan = 7;
      e.appendChild(td); frag.appendChild(e); }
    tbody.appendChild(frag);
    var v = $('version');
    v.textContent = '';
    if (answer.data && answer.data.is_sample) v.appendChild(el('span', 'sample', 'OPEN DATA · NOT VENDOR DATA'));
    else if (answer.data && answer.data.version) v.textContent = '· data ' + answer.data.version;
    applyFilter();
    tickClocks();
  }

  function applyFilter() {
    var words = $('filter').value.toLowerCase().split(/\s+/).filter(Boolean);
    var nOpen = 0, nClosed = 0, shown = 0;
    Array.prototype.forEach.call($('rows').children, function (tr) {
      if (!tr.dataset.search) return;
      var ok = words.every(function (w) { return tr.dataset.search.indexOf(w) !== -1; });
      tr.hidden = !ok;
      if (ok) { shown++; if (tr.dataset.status === 'open') nOpen++;
        else if (tr.dataset.status === 'closed') nClosed++; }
    });
    $('n-open').textContent = nOpen + ' open';
    $('n-closed').textContent = nClosed + ' closed';
    document.title = nOpen + ' open · ' + nClosed + ' closed — openbell board';
    $('notice').textContent = words.length
      ? 'Showing ' + shown + ' of ' + rows.length + ' markets matching “' + $('filter').value.trim() + '”.'
      : (noticeText || '');
  }
  var noticeText = '';

  function tickClocks() {
    var now = serverNow();
    var u = new Date(now);
    $('utc').textContent = pad(u.getUTCHours()) + ':' + pad(u.getUTCMinutes()) + ':' + pad(u.getUTCSeconds());
    var due = false;
    Array.prototype.forEach.call($('rows').children, function (tr, i) {
      var r = rows[i];
      if (!r || r.error || tr.dataset.identifier !== r.identifier) return;
      var p = localParts(r.timezone, now);
      tr.querySelector('.local-time').textContent = p.weekday + ' ' + p.hour + ':' + p.minute + ':' + p.second;
      if (!r.next_bell) return;
      var at = Date.parse(r.next_bell);
      var bt = tr.querySelector('.bell-time'); if (bt) bt.textContent = bellText(r.next_bell, now, r.timezone);
      tr.querySelector('.cd').textContent = countdown(at - now);
      if (at <= now) due = true;
    });
    if (due && Date.now() - lastFetch > 1000) refresh();
  }

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true; lastFetch = Date.now();
    var sent = Date.now();
    fetch(root + 'board/data' + qs, { cache: 'no-store' }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; });
    }).then(function (r) {
      var got = Date.now();
      if (!r.ok) { noticeText = 'The server refused the request: ' + JSON.stringify(r.body.detail); applyFilter();
        return; }
      skew = r.body.now_ms - (sent + got) / 2;
      noticeText = '';
      render(r.body);
    }).catch(function () {
      noticeText = 'Cannot reach the server; showing the last answer and retrying.';
      applyFilter();
    }).then(function () {
      fetching = false;
      if (again) { again = false; setTimeout(refresh, 250); }
    });
  }

  function listen() {
    if (!window.EventSource) return;
    var es = new EventSource(root + 'events' + qs);
    var conn = $('conn');
    es.addEventListener('ready', function () { conn.className = 'conn live'; conn.textContent = 'live'; });
    ['open', 'close', 'phase', 'data_changed'].forEach(function (name) { es.addEventListener(name,
        function () { refresh(); }); });
    es.onerror = function () { conn.className = 'conn down'; conn.textContent = 'reconnecting (polling)'; };
  }

  $('filter').addEventListener('input', applyFilter);
  refresh();
  listen();
  setInterval(tickClocks, 1000);
  setInterval(refresh, 30000);
})();
</script>
</body>
</html>
`;
