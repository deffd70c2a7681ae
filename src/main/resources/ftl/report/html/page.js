// GENERATED into each page by ftl report --html from src/main/resources/ftl/report/html/page.js.
// Lays out the report from the JSON of `ftl report --json` embedded in the page and draws its charts with uPlot.
// It computes nothing: every number shown is a member of that JSON, formatted (units, digits) or placed on an axis.
// Text from the data is set as text (textContent), never parsed as HTML.
(function () {
  'use strict';
  var report = JSON.parse(document.getElementById('report-data').textContent);
  // What each chart was handed, for a reader (and the browser test) to hold against the JSON.
  var charts = [];
  window.ftlReport = report;
  window.ftlCharts = charts;

  // Okabe-Ito: told apart with every common colour-vision deficiency.
  var COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
  function colour(i) { return COLOURS[i % COLOURS.length]; }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }

  function ns(v) {
    if (v === null || v === undefined) { return 'n/a'; }
    var a = Math.abs(v);
    if (a >= 1e9) { return (v / 1e9).toFixed(3) + ' s'; }
    if (a >= 1e6) { return (v / 1e6).toFixed(3) + ' ms'; }
    if (a >= 1e3) { return (v / 1e3).toFixed(1) + ' \u00b5s'; }
    return v + ' ns';
  }

  // An axis tick: the value in its unit with at most three significant digits ("100 µs", "1 ms", "-20 µs").
  function tick(v) {
    if (v === null || v === undefined) { return ''; }
    var a = Math.abs(v);
    var unit = a >= 1e9 ? [1e9, ' s'] : a >= 1e6 ? [1e6, ' ms'] : a >= 1e3 ? [1e3, ' µs'] : [1, ' ns'];
    return String(Number((v / unit[0]).toPrecision(3))) + unit[1];
  }

  // Ticks for a log or asinh value axis: the decades within [min, max] (both signs, and 0, on asinh), at 1, 2 and 5
  // times each decade when fewer than three decades fall inside (so an axis has at least three labelled ticks).
  function decadeSplits(floor) {
    return function (u, axis, min, max) {
      function within(mantissas) {
        var out = [];
        for (var e = 0; e <= 12; e++) {
          mantissas.forEach(function (m) {
            var x = m * Math.pow(10, e);
            if (x >= floor) {
              if (x >= min && x <= max) { out.push(x); }
              if (-x >= min && -x <= max) { out.push(-x); }
            }
          });
        }
        if (min <= 0 && max >= 0 && floor > 1) { out.push(0); }
        return out;
      }
      var s = within([1]);
      if (s.length < 3) { s = within([1, 2, 5]); }
      return s.sort(function (a, b) { return a - b; });
    };
  }

  function share(v) { return v === null || v === undefined ? 'n/a' : (100 * v).toFixed(2) + ' %'; }
  function pct(v) { return v === null || v === undefined ? 'n/a' : v.toFixed(2) + ' %'; }
  function count(v) { return v === null || v === undefined ? 'n/a' : v.toLocaleString('en-US'); }

  function table(id, header, rows, numeric) {
    var t = document.getElementById(id);
    var tr = el('tr');
    header.forEach(function (h) { tr.appendChild(el('th', h)); });
    t.appendChild(tr);
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (c, i) {
        var td = el('td', c && c.text !== undefined ? c.text : c, numeric && numeric[i] ? 'n' : undefined);
        if (c && c.cls) { td.classList.add(c.cls); }
        row.appendChild(td);
      });
      t.appendChild(row);
    });
  }

  // ---- header
  document.getElementById('campaign').textContent = report.campaign;
  document.getElementById('summary').textContent = 'Folder ' + report.folder + ': ' + count(report.runs.total)
      + ' runs in its ledger (' + count(report.runs.ok) + ' ok, ' + count(report.runs.failed) + ' failed, '
      + count(report.runs.aborted) + ' aborted: only ok runs are read), ' + report.conditions.length + ' conditions, '
      + count(report.events) + ' events; ' + (report.pre_registered ? 'pre-registered (plan.json)' : 'not pre-registered (no plan.json)')
      + '. Spans at a resolution of ' + ns(report.resolution_ns) + '; create_ms has a quantum of '
      + ns(report.create_ms_quantum_ns) + '.';
  var v = report.verdict;
  var verdict = document.getElementById('verdict');
  verdict.textContent = (v.trusted ? 'Verdict: TRUSTED: no rule that decides fails' : 'Verdict: NOT TRUSTED: '
      + v.failed.length + ' deciding rule' + (v.failed.length === 1 ? '' : 's') + ' fail (' + v.failed.join(', ') + ')')
      + '; exit ' + v.exit_code + '. Deciding: ' + (v.fail_on.length ? v.fail_on.join(', ') : 'none') + '.';
  verdict.className = v.trusted ? 'holds' : 'fails';

  // ---- trust rules
  table('rules', ['rule', 'outcome', 'decides', 'bound', 'evidence'], report.rules.map(function (r) {
    return [r.rule, { text: r.outcome, cls: r.outcome.replace(' ', '-') }, r.decides ? 'yes' : 'no',
      r.bound + (r.bound_from_plan ? ' (the plan\'s)' : ''), r.evidence];
  }));

  // ---- conditions
  table('conditions', ['condition', 'runs', 'T n', 'T p50', 'T p99', 'T p99.9', 'T max', 'D p50', 'D max', 'A min',
    'A p50', 'A < 0', 'runs A < 0'], report.conditions.map(function (c) {
    return [c.condition, c.runs, count(c.flight_ns.count), ns(c.flight_ns.p50), ns(c.flight_ns.p99),
      ns(c.flight_ns.p99_9), ns(c.flight_ns.max), ns(c.displacement_ns.p50), ns(c.displacement_ns.max),
      ns(c.ack_span_ns.min), ns(c.ack_span_ns.p50), share(c.sign.ack_negative_share), c.sign.runs_with_negative_a];
  }), [false, true, true, true, true, true, true, true, true, true, true, true, true]);

  // ---- charts
  function chartBox(parentId, id, title) {
    var box = el('div', null, 'chart');
    box.id = id;
    box.appendChild(el('h3', title));
    document.getElementById(parentId).appendChild(box);
    return box;
  }

  function width() { return Math.min(960, Math.max(480, document.body.clientWidth - 40)); }

  function allPositive(ys) {
    return ys.every(function (s) { return s.every(function (y) { return y === null || y > 0; }); });
  }

  // A value axis: log when every value is above 0, else asinh (symmetric log, linear within +-linear).
  function valueScale(ys, linear) {
    return allPositive(ys) ? { distr: 3, log: 10 } : { distr: 4, log: 10, asinh: linear };
  }

  // Tick floor of a value scale: every decade on a log axis, those beyond the linear part on an asinh one.
  function splitFloor(scale) { return scale.distr === 4 ? scale.asinh : 1; }

  // Draws one chart and records what it was handed; series: [{label, ys}] aligned with xs.
  function draw(box, id, xs, series, opts) {
    var points = series.map(function (s) { return s.ys.filter(function (y) { return y !== null; }).length; });
    var record = { id: id, drawn: false, series: series.map(function (s, i) {
      return { label: s.label, points: points[i], ys: s.ys.filter(function (y) { return y !== null; }) };
    }) };
    charts.push(record);
    if (points.every(function (p) { return p === 0; })) {
      box.appendChild(el('p', 'No value to plot.', 'empty'));
      return;
    }
    opts.x.time = false;
    var u = new uPlot({
      width: width(),
      height: 300,
      scales: { x: opts.x, y: opts.y },
      axes: [
        { label: opts.xLabel, values: opts.xValues, splits: opts.xSplits, incrs: opts.xIncrs, space: 50 },
        { label: opts.yLabel, values: function (u, splits) { return splits.map(opts.yTick || opts.yFormat); }, size: 80,
          splits: opts.y.distr === 3 || opts.y.distr === 4 ? decadeSplits(splitFloor(opts.y)) : undefined }
      ],
      series: [{ label: opts.xName, value: function (u, x) { return x === null ? '' : opts.xFormat(x); } }]
          .concat(series.map(function (s, i) {
            return { label: s.label, stroke: s.colour || colour(i), width: 1.5, spanGaps: true,
              paths: opts.noLines ? function () { return null; } : undefined,
              points: { show: true, size: s.size || 6, fill: s.colour || colour(i) },
              value: function (u, y) { return y === null ? '' : opts.yFormat(y); } };
          })),
      legend: { live: true }
    }, [xs].concat(series.map(function (s) { return s.ys; })), box);
    record.drawn = true;
    record.xs = xs.slice();
    record.canvas = !!box.querySelector('canvas');
    record.uplotPoints = u.data.slice(1).map(function (d) { return d.filter(function (y) { return y !== null; }).length; });
  }

  // The percentile axis: a point at percentile p sits at x = 100 / (100 - p) (1, 2, 10, 100, ... for the ladder), the
  // largest value of n at x = n.
  function percentileX(p, n) { return p === 100 ? n : Math.round(100 / (100 - p)); }
  var PERCENTILE_TICKS = { 1: '0', 2: '50', 10: '90', 100: '99', 1000: '99.9', 10000: '99.99', 100000: '99.999',
    1000000: '99.9999', 10000000: '99.99999', 100000000: '99.999999', 1000000000: '99.9999999' };
  function ladderX(x) {
    var k = Object.keys(PERCENTILE_TICKS).map(Number).filter(function (t) { return Math.abs(x - t) <= 1e-6 * t; });
    return k.length ? PERCENTILE_TICKS[k[0]] : null;
  }
  function percentileLabel(x) { return ladderX(x) || ''; }

  var SPANS = [['flight_ns', 'Flight T = recv_ns \u2212 send_ns'], ['displacement_ns', 'Displacement D = ack_ns \u2212 send_ns'],
    ['ack_span_ns', 'Ack-referenced span A = recv_ns \u2212 ack_ns']];
  SPANS.forEach(function (s) {
    var key = s[0];
    var xset = {};
    report.conditions.forEach(function (c) {
      c[key].percentiles.forEach(function (pt) { xset[percentileX(pt.percentile, c[key].count)] = true; });
    });
    var xs = Object.keys(xset).map(Number).sort(function (a, b) { return a - b; });
    var series = report.conditions.map(function (c) {
      var byX = {};
      c[key].percentiles.forEach(function (pt) { byX[percentileX(pt.percentile, c[key].count)] = pt.value_ns; });
      return { label: c.condition, ys: xs.map(function (x) { return byX[x] === undefined ? null : byX[x]; }) };
    });
    var box = chartBox('charts-spans', 'chart-' + key, s[1]);
    draw(box, key, xs, series, {
      x: { distr: 3, log: 10 }, y: valueScale(series.map(function (q) { return q.ys; }), 1000),
      xSplits: function (u, axis, min, max) {
        return [1, 2, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9].filter(function (x) { return x >= min && x <= max; });
      },
      xName: 'percentile', xLabel: 'percentile (axis stretched as 1/(1 \u2212 p))', yLabel: 'value',
      xValues: function (u, splits) { return splits.map(percentileLabel); },
      xFormat: function (x) { return ladderX(x) ? 'p' + ladderX(x) : 'max of ' + count(x); },
      yFormat: ns, yTick: tick
    });
  });

  // By condition: x = 1 .. k, labelled with the condition's name.
  var names = report.conditions.map(function (c) { return c.condition; });
  var cx = names.map(function (n, i) { return i + 1; });
  function byCondition(parentId, id, title, series, y, yLabel, yFormat) {
    var box = chartBox(parentId, 'chart-' + id, title);
    draw(box, id, cx, series, {
      x: { range: [0.5, names.length + 0.5] }, y: y, noLines: true,
      xName: 'condition', xLabel: 'condition', yLabel: yLabel,
      xSplits: function () { return cx; },
      xValues: function (u, splits) { return splits.map(function (x) { return names[x - 1] || ''; }); },
      xFormat: function (x) { return names[x - 1] || ''; }, yFormat: yFormat
    });
  }
  function interval(c, end) { var i = c.sign.ack_negative_interval; return i === null ? null : i[end]; }
  // the interval's ends first, so the share itself is drawn over them
  byCondition('charts-sign', 'ack_negative_share', 'Share of complete events with A < 0, and its interval', [
    { label: 'interval lower', ys: report.conditions.map(function (c) { return interval(c, 'lower'); }), colour: '#888888', size: 4 },
    { label: 'interval upper', ys: report.conditions.map(function (c) { return interval(c, 'upper'); }), colour: '#888888', size: 4 },
    { label: 'share A < 0', ys: report.conditions.map(function (c) { return c.sign.ack_negative_share; }), colour: colour(0), size: 7 }
  ], { range: function (u, lo, hi) { return [0, hi > 0 ? hi * 1.1 : 1]; } }, 'share', share);
  byCondition('charts-guard', 'retention', 'Retention under the guard, observed and predicted by the grid law', [
    { label: 'observed (kept / taken)', ys: report.conditions.map(function (c) { return c.guard.retention; }), size: 11 },
    { label: 'grid law', ys: report.conditions.map(function (c) { return c.grid_law.predicted_retention; }), size: 5 }
  ], { range: [0, 1] }, 'retention', share);
  table('guard', ['condition', 'interval', 'b', 'taken', 'kept', 'M = 0', 'M < 0', 'M = \u22121', 'retention',
    'grid law'], report.conditions.map(function (c) {
    return [c.condition, ns(c.send_interval_ns), c.grid_phases_b === null ? 'n/a' : c.grid_phases_b, count(c.guard.taken),
      count(c.guard.kept), count(c.guard.zero), count(c.guard.negative), count(c.guard.one_tick_negative),
      share(c.guard.retention), share(c.grid_law.predicted_retention)];
  }), [false, true, true, true, true, true, true, true, true, true]);

  // By run, in ledger order.
  var runs = report.run_list;
  var rx = runs.map(function (r, i) { return i + 1; });
  function byRun(id, title, series, y, yLabel, yFormat, yTick) {
    var box = chartBox('charts-runs', 'chart-' + id, title);
    draw(box, id, rx, series, {
      x: {}, y: y, xName: 'run', xIncrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000], xLabel: 'run, in ledger order', yLabel: yLabel,
      xFormat: function (x) { var r = runs[x - 1]; return r ? r.run_id + ' (' + r.condition + ')' : ''; }, yFormat: yFormat,
      yTick: yTick
    });
  }
  function col(key) { return runs.map(function (r) { return r[key]; }); }
  var lag = [{ label: 'pacing lag p50', ys: col('pacing_lag_p50_ns') }, { label: 'pacing lag max', ys: col('pacing_lag_max_ns') }];
  byRun('pacing_lag', 'Pacing lag over the runs', lag, valueScale(lag.map(function (s) { return s.ys; }), 1000),
    'pacing lag', ns, tick);
  byRun('host', 'Host disturbance over the runs', [
    { label: 'steal %', ys: col('steal_pct') }, { label: 'other tasks %', ys: col('other_run_pct') },
    { label: 'catch-up %', ys: runs.map(function (r) { return r.catch_up_share === null ? null : 100 * r.catch_up_share; }) }
  ], { range: function (u, lo, hi) { return [0, Math.max(1, hi)]; } }, 'percent', pct);

  var disturbed = runs.filter(function (r) { return r.fails.length > 0; });
  if (disturbed.length === 0) {
    document.getElementById('disturbed').appendChild(el('caption', 'No run fails a run rule (sign, steal, other-cpu, catch-up).'));
  }
  function runRow(r) {
    return [r.run_id, r.condition, r.started_at, { text: r.fails.join(', ') || 'none', cls: r.fails.length ? 'fails' : '' },
      count(r.ack_negative) + ' of ' + count(r.complete), ns(r.pacing_lag_p50_ns), ns(r.pacing_lag_max_ns),
      share(r.catch_up_share), pct(r.steal_pct), pct(r.other_run_pct), r.clocksource, r.boot_id];
  }
  var runHeader = ['run', 'condition', 'started', 'fails', 'A < 0', 'lag p50', 'lag max', 'catch-up', 'steal', 'other',
    'clock source', 'boot'];
  var runNumeric = [false, false, false, false, true, true, true, true, true, true, false, false];
  table('disturbed', runHeader, disturbed.map(runRow), runNumeric);
  table('runs', runHeader, runs.map(runRow), runNumeric);

  // ---- setting
  table('setting', ['column', 'values (ok runs)'], Object.keys(report.setting).map(function (k) {
    return [k, report.setting[k].map(function (x) { return (x.value === '' ? '(not recorded)' : x.value) + ' (' + x.runs + ')'; })
        .join('; ')];
  }));
  document.body.setAttribute('data-ready', 'true');
}());
