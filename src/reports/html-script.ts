/**
 * The script inlined in report.html: the filterable, sortable example table and the
 * trajectory viewer. It reads the data from `<script type="application/json" id="evalc-data">`
 * and writes every value through textContent (never innerHTML), so data cannot inject markup.
 */
export const HTML_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('evalc-data').textContent);
  var examples = data.examples;
  var byId = {};
  examples.forEach(function (e) { byId[e.id] = e; });
  // The table draws the first PAGE matching rows, and PAGE more per click on "Show more": Chromium took
  // 3.5–6 s to lay out the 9,981 rows of a 10,000-example run after every keystroke, sort or filter (QA275).
  var PAGE = 500;
  // The rows drawn are visible()[start, limit): the first PAGE, or the page Back went to (QA295).
  var state = { filter: 'all', search: '', sort: 'default', dir: 1, selected: null, start: 0, limit: PAGE };
  var more = document.getElementById('examples-more');
  var earlier = document.getElementById('examples-earlier');
  var tbody = document.querySelector('#examples-table tbody');
  var count = document.getElementById('examples-count');
  var viewer = document.getElementById('viewer');

  // Control characters in ids and texts shown as their \\uXXXX spelling, as report.md and junit.xml
  // show them (control-chars.ts): a U+202E in an id displayed the rest of its row reversed (QA261);
  // so are the noncharacters U+FFFE and U+FFFF (QA270: ids c\\uFFFEd and c\\uFFFFd showed alike).
  var CONTROL = /[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uFFFE\\uFFFF]/g;
  function spellControls(text) {
    return text.replace(CONTROL, function (c) { return '\\\\u' + ('000' + c.charCodeAt(0).toString(16)).slice(-4); });
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === 'string' ? document.createTextNode(spellControls(c)) : c);
    });
    return node;
  }
  // A judge's rationale, and why the metric failed: a judge that scored some repeats and failed
  // another has both, and its error was hidden behind the rationale (QA169).
  function whyItFailed(m) {
    var details = m.details === undefined ? '' : JSON.stringify(m.details);
    if (!m.rationale) return [details];
    if (!details) return [m.rationale];
    return [el('div', {}, [m.rationale]), el('div', { 'class': 'error-details' }, [details])];
  }
  // Rounds the number as report.json prints it, half away from zero (0.4875 → 0.488), like format.ts,
  // and prints a negative one with the minus sign U+2212 as format.ts does (QA158).
  function fixedDecimal(x, d) {
    var t = String(Math.abs(x));
    var f = x.toFixed(d);
    if (t.indexOf('e') >= 0) return Number(f) === 0 ? f.replace('-', '') : f.replace(/^-/, '\\u2212');
    var s = String(Math.round(Number(t + 'e' + d)));
    if (s.indexOf('e') >= 0) return f.replace(/^-/, '\\u2212');
    while (s.length < d + 1) s = '0' + s;
    var w = d === 0 ? s : s.slice(0, s.length - d) + '.' + s.slice(s.length - d);
    return x < 0 && Number(w) !== 0 ? '\\u2212' + w : w;
  }
  // What rounds up to 10 or to 100 is written as 10.4 and 100.4 are, as format.ts's formatNumber
  // (QA289: a value of 99.96 read 100.0 here and 100 in the table above, 9.9996 read 10.000).
  function num(x, d) {
    if (x === null || x === undefined || !isFinite(x)) return '—';
    var digits = d === undefined ? 3 : d;
    if (Math.abs(x) >= 99.95) return fixedDecimal(x, 0);
    if (Math.abs(x) >= 10 - 5 * Math.pow(10, -(digits + 1))) return fixedDecimal(x, 1);
    return fixedDecimal(x, digits);
  }
  // A value below 0.01 (an absolute error of 0.0004) in three significant digits, as format.ts's
  // formatValueCi prints the value rows and deltas (QA305: '0.000' here beside the table's '0.0004');
  // one that rounds to 0.01 as 0.01 (isSmallMeasure, QA312: 0.009999 read '0.01' beside '0.010').
  function valueNum(x) {
    if (x === null || x === undefined || !isFinite(x) || x === 0) return num(x);
    var r = Number(x.toPrecision(3));
    if (Math.abs(r) >= 0.01) return num(x);
    var t = String(r);
    if (t.indexOf('e-') >= 0) {
      var d = 2 - Math.floor(Math.log10(Math.abs(r)));
      if (d <= 100) t = r.toFixed(d).replace(/0+$/, '');
    }
    return t.replace(/^-/, '\u2212');
  }
  function ms(x) {
    return x === null || x === undefined ? '—' : Math.round(x) + ' ms';
  }
  // as the tokens column counts (usageTotal): a side the agent sent in no count's shape makes no total (QA184)
  function usageTokens(u) {
    if (u.totalTokens !== undefined) return u.totalTokens;
    if (u.inputTokens === undefined && u.outputTokens === undefined) return '—';
    if (u.unreadable && (u.unreadable.input !== undefined || u.unreadable.output !== undefined)) return '—';
    return (u.inputTokens || 0) + (u.outputTokens || 0);
  }
  function json(x) {
    if (typeof x === 'string') return x;
    try { return JSON.stringify(x, null, 2); } catch (err) { return String(x); }
  }
  function failedMetrics(e) {
    return e.metrics.filter(function (m) { return m.pass === false; }).map(function (m) { return m.id; });
  }
  function headline(e) {
    var m = e.metrics.filter(function (x) { return x.id === data.headlineMetric; })[0];
    return m ? m.score : null;
  }
  function errorKind(e) {
    for (var i = 0; i < e.repeats.length; i++) {
      var r = e.repeats[i];
      if (r.errorKind) return r.errorKind;
      if (r.record && r.record.error) return r.record.error.kind;
    }
    return '';
  }
  // Every result with a failed step, as report.md's Errors table counts them: a passing or failing
  // one whose measurement failed (cost with no price) too, not only the 'error' status (QA99).
  function hasError(e) {
    return e.status === 'error' || errorKind(e) !== '' || e.metrics.some(function (m) { return m.error !== undefined; });
  }
  function matchesSearch(e) {
    if (!state.search) return true;
    var hay = [e.agent, e.task, e.dataset, e.example, e.status, errorKind(e)].concat(failedMetrics(e)).join(' ').toLowerCase();
    return hay.indexOf(state.search) >= 0;
  }
  function matches(e) {
    if (state.filter === 'failures' && e.pass !== false) return false;
    if (state.filter === 'errors' && !hasError(e)) return false;
    return matchesSearch(e);
  }
  var sorters = {
    status: function (e) { return e.status; },
    agent: function (e) { return e.agent; },
    task: function (e) { return e.task + '/' + e.dataset; },
    example: function (e) { return e.example; },
    score: function (e) { var s = headline(e); return s === null ? -1 : s; },
    duration: function (e) { return e.durationMs === null ? -1 : e.durationMs; }
  };
  function visible() {
    var rows = examples.filter(matches);
    var key = sorters[state.sort];
    if (key) {
      rows = rows.map(function (e, i) { return { e: e, i: i }; }).sort(function (a, b) {
        var x = key(a.e), y = key(b.e);
        if (x < y) return -state.dir;
        if (x > y) return state.dir;
        return a.i - b.i;
      }).map(function (r) { return r.e; });
    }
    return rows;
  }
  function renderTable() {
    var rows = visible();
    tbody.textContent = '';
    rows.slice(state.start, state.limit).forEach(function (e) {
      var tr = el('tr', { 'data-id': e.id, 'data-status': e.status, tabindex: '0' }, [
        el('td', {}, [el('span', { 'class': 'badge ' + e.status }, [e.status])]),
        el('td', {}, [el('code', {}, [e.agent])]),
        el('td', {}, [e.task + '/' + e.dataset]),
        el('td', {}, [e.example]),
        el('td', {}, [failedMetrics(e).join(', ') || errorKind(e)]),
        el('td', { 'class': 'num' }, [num(headline(e))]),
        el('td', { 'class': 'num' }, [ms(e.durationMs)])
      ]);
      if (state.selected === e.id) tr.className = 'selected';
      tr.addEventListener('click', function () { openExample(e.id); });
      // Enter or Space opens a focused row, as on a button; Space no longer scrolls the page instead (QA275).
      tr.addEventListener('keydown', function (ev) {
        if (ev.target !== tr || (ev.key !== 'Enter' && ev.key !== ' ')) return;
        ev.preventDefault();
        openExample(e.id);
      });
      tbody.appendChild(tr);
    });
    // The rows not drawn are not in the page: the browser's find (Ctrl-F) cannot see them; say where to look (QA282).
    // A page Back drew that holds one row (the 501st of 501) reads 'row 501', not 'rows 501\u2013501' (QA302).
    var end = Math.min(state.limit, rows.length);
    var shown = state.start > 0 ? (end === state.start + 1 ? ', row ' + end : ', rows ' + (state.start + 1) + '\u2013' + end) : rows.length > state.limit ? ', the first ' + state.limit : '';
    count.textContent = rows.length + ' of ' + examples.length + (examples.length === 1 ? ' result' : ' results') + (shown ? shown + ' shown (the search box looks through every row; the browser\\'s find only through those shown)' : '');
    var left = rows.length - state.limit;
    more.hidden = left <= 0;
    more.textContent = 'Show ' + Math.min(PAGE, left) + ' more (' + left + ' not shown)';
    earlier.hidden = state.start <= 0;
    earlier.textContent = 'Show the ' + Math.min(PAGE, state.start) + ' before (' + state.start + ' not shown)';
  }
  // A new filter, search or sort starts again from the first page.
  function rerender() { state.start = 0; state.limit = PAGE; renderTable(); }
  more.addEventListener('click', function () {
    var from = state.limit;
    state.limit += PAGE;
    renderTable();
    // The click that draws the last rows hides the button: its focus fell back to the page, a keyboard
    // user's next Tab starting again from the top; the first row it drew takes the focus (QA282).
    if (more.hidden && tbody.children[from - state.start]) tbody.children[from - state.start].focus();
  });
  // Above the page Back drew: the PAGE rows before it; the click that draws the first row hides it, and
  // the first row it drew (just below where it was) takes the focus, as for "Show more".
  earlier.addEventListener('click', function () {
    state.start = Math.max(0, state.start - PAGE);
    renderTable();
    if (earlier.hidden && tbody.children[0]) tbody.children[0].focus();
  });
  function messageView(m) {
    var parts = [el('div', { 'class': 'role' }, [m.role + (m.name ? ' · ' + m.name : '') + (m.tool_call_id ? ' · ' + m.tool_call_id : '')])];
    if (m.content !== null && m.content !== undefined && m.content !== '') parts.push(el('pre', {}, [String(m.content)]));
    (m.tool_calls || []).forEach(function (c) {
      parts.push(el('div', { 'class': 'call' }, ['→ ', el('code', {}, [c.function.name]), ' ', el('code', {}, [c.function.arguments])]));
    });
    return el('div', { 'class': 'msg ' + m.role }, parts);
  }
  function toolTable(calls) {
    var body = calls.map(function (c) {
      return el('tr', { 'class': 'tool-call' }, [
        el('td', { 'class': 'num' }, [String(c.turn)]),
        el('td', {}, [el('code', {}, [c.name])]),
        el('td', {}, [el('pre', {}, [json(c.arguments)])]),
        el('td', {}, [c.error ? el('span', { 'class': 'regression' }, [c.error]) : el('pre', {}, [c.result === undefined ? '' : json(c.result)])])
      ]);
    });
    return el('table', { 'class': 'tool-calls' }, [
      el('thead', {}, [el('tr', {}, [el('th', {}, ['turn']), el('th', {}, ['tool']), el('th', {}, ['arguments']), el('th', {}, ['result'])])]),
      el('tbody', {}, body)
    ]);
  }
  function repeatView(e, r) {
    var out = [];
    if (e.repeats.length > 1) out.push(el('h4', {}, ['Repeat ' + (r.repeat + 1)]));
    var rec = r.record;
    if (r.errorKind || (rec && rec.error)) {
      var err = rec && rec.error ? rec.error.kind + ': ' + rec.error.message : r.errorKind;
      out.push(el('div', { 'class': 'warn error-box' }, ['Error — ' + err]));
      if (rec && rec.error && rec.error.details !== undefined) {
        out.push(el('details', {}, [el('summary', {}, ['Error details']), el('pre', { 'class': 'response' }, [json(rec.error.details)])]));
      }
    }
    if (!rec) {
      out.push(el('p', { 'class': 'empty' }, ['No trajectory recorded for this run (invoke ' + (r.invokeKey || 'n/a') + ').']));
      return out;
    }
    if (rec.durationMs !== undefined) out.push(el('p', {}, ['Duration: ' + ms(rec.durationMs)]));
    var t = rec.trajectory;
    if (t) {
      out.push(el('h4', {}, ['Messages (' + t.messages.length + ')']));
      out.push(t.messages.length ? el('div', { 'class': 'messages' }, t.messages.map(messageView)) : el('p', { 'class': 'empty' }, ['none']));
      out.push(el('h4', {}, ['Tool calls (' + t.toolCalls.length + ')']));
      out.push(t.toolCalls.length ? toolTable(t.toolCalls) : el('p', { 'class': 'empty' }, ['none']));
      if (t.violations && t.violations.length) {
        out.push(el('h4', {}, ['Policy violations (' + t.violations.length + ')']));
        out.push(el('ul', {}, t.violations.map(function (v) { return el('li', {}, ['turn ' + v.turn + ' · ' + v.tool + ' · ' + v.policy + ': ' + v.message]); })));
      }
      var u = t.usage || {};
      out.push(el('p', { 'class': 'meta' }, ['Turns: ' + t.turns + ' · invalid actions: ' + t.invalidActions + ' · tokens: ' + usageTokens(u) + (t.model ? ' · model: ' + t.model : '')]));
      var quiet = t.messages.length === 0 && t.toolCalls.length === 0;
      out.push(el('details', quiet ? { open: '' } : {}, [el('summary', {}, ['Response']), el('pre', { 'class': 'response' }, [json(t.response)])]));
    }
    if (rec.candidates) {
      out.push(el('h4', {}, ['Extracted candidates']));
      out.push(el('pre', { 'class': 'candidates' }, [json(rec.candidates)]));
    }
    return out;
  }
  function openExample(id) {
    var e = byId[id];
    if (!e) return;
    state.selected = id;
    Array.prototype.forEach.call(tbody.querySelectorAll('tr'), function (tr) {
      tr.className = tr.getAttribute('data-id') === id ? 'selected' : '';
    });
    var scores = el('table', { 'class': 'scores' }, [
      el('thead', {}, [el('tr', {}, [el('th', {}, ['metric']), el('th', { 'class': 'num' }, ['score']), el('th', { 'class': 'num' }, ['value']), el('th', {}, ['pass']), el('th', {}, ['judge rationale / why it failed'])])]),
      el('tbody', {}, e.metrics.map(function (m) {
        return el('tr', {}, [
          el('td', {}, [el('code', {}, [m.id])]),
          el('td', { 'class': 'num' }, [num(m.score)]),
          el('td', { 'class': 'num' }, [m.value === undefined ? '' : valueNum(m.value)]),
          el('td', {}, [m.pass === undefined ? '' : m.pass ? '✓' : '✗']),
          el('td', { 'class': 'rationale' }, whyItFailed(m))
        ]);
      }))
    ]);
    var children = [
      el('h3', {}, [e.example]),
      el('p', {}, [el('span', { 'class': 'badge ' + e.status }, [e.status]), ' ', el('code', {}, [e.agent]), ' · ' + e.task + '/' + e.dataset + ' · weight ' + e.weight]),
      el('h4', {}, ['Scores']),
      scores
    ];
    e.repeats.forEach(function (r) { children = children.concat(repeatView(e, r)); });
    viewer.textContent = '';
    children.forEach(function (c) { viewer.appendChild(c); });
    viewer.hidden = false;
    // One column (a narrow window): the viewer is below the table, off screen; bring it into view and
    // give it the focus, so a click or Enter shows something (QA275: it opened 23,000 px further down).
    // Below the table it is brought up too when it starts in the window's lowest third (QA282: its top 10 px
    // showed, the example's name below the screen, and nothing seemed to happen); the sticky viewer only when off screen.
    var box = viewer.getBoundingClientRect();
    var low = window.getComputedStyle(viewer).position === 'sticky' ? window.innerHeight : window.innerHeight * 2 / 3;
    if (box.top >= low || box.bottom <= 0) {
      // and a way back: the row is as far above as the viewer was below (QA282: the user scrolled 23,000 px back up)
      var back = el('button', { type: 'button', 'class': 'back' }, ['\u2191 Back to the row in the table']);
      back.addEventListener('click', function () { backToRow(id); });
      viewer.insertBefore(back, viewer.firstChild);
      viewer.scrollIntoView({ block: 'start' });
      viewer.focus({ preventScroll: true });
    }
  }
  // The opened row, brought into view and focused; the search box when the search hides it, else the
  // filter (QA291: a filter alone hiding it sent the focus to the empty search box, as if it hid the row).
  function backToRow(id) {
    // A sort or search since may have left it past the rows drawn (QA286: Back went to an empty search box):
    // draw its page of PAGE rows alone, "Show the 500 before" above it; drawing every row down to it froze
    // the 10,000-row page for 8 s at 375 px (QA295).
    var at = visible().map(function (e) { return e.id; }).indexOf(id);
    if (at >= 0 && (at < state.start || at >= state.limit)) {
      state.start = Math.floor(at / PAGE) * PAGE;
      state.limit = state.start + PAGE;
      renderTable();
    }
    var hider = document.getElementById(matchesSearch(byId[id]) ? 'filter' : 'search');
    var target = Array.prototype.filter.call(tbody.children, function (tr) { return tr.getAttribute('data-id') === id; })[0] || hider;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }
  document.getElementById('filter').addEventListener('change', function (ev) { state.filter = ev.target.value; rerender(); });
  document.getElementById('search').addEventListener('input', function (ev) { state.search = ev.target.value.trim().toLowerCase(); rerender(); });
  Array.prototype.forEach.call(document.querySelectorAll('#examples-table th[data-sort]'), function (th) {
    th.addEventListener('click', function () {
      var key = th.getAttribute('data-sort');
      state.dir = state.sort === key ? -state.dir : 1;
      state.sort = key;
      Array.prototype.forEach.call(document.querySelectorAll('#examples-table th[data-sort]'), function (o) { o.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
      rerender();
    });
  });
  renderTable();
})();
`;
