/* Maestro report: renders the run data embedded in #report-data. No network. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var summary = data.summary || {};
  var origin = data.originEpochMillis || 0;
  var body = document.body;
  var rendered = 0;

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); } });
    (children || []).forEach(function (c) { e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  function table(headers, rows, numeric) {
    var t = el('table');
    t.appendChild(el('tr', {}, headers.map(function (h) { return el('th', { text: h }); })));
    rows.forEach(function (r) {
      t.appendChild(el('tr', {}, r.map(function (v, i) {
        if (v instanceof Node) { return el('td', {}, [v]); }
        return el('td', { text: v === null || v === undefined ? '' : String(v), class: numeric && numeric[i] ? 'num' : '' });
      })));
    });
    return t;
  }
  function clock(seconds) {
    return new Date(origin + seconds * 1000).toISOString().substring(11, 19);
  }
  function fmt(v) {
    if (typeof v !== 'number') { return v; }
    return Math.abs(v) >= 1000 || Number.isInteger(v) ? v.toLocaleString('en') : v.toPrecision(4);
  }
  // A latency with no value measured is null in summary.json: "unknown", never 0.
  function latencyCell(l, worker) {
    return l ? 'p50 ' + l.p50 + ' / p99 ' + l.p99 + ' / max ' + l.max + ' ms' : worker ? 'unknown' : '';
  }
  // summary.json writes null for a figure whose data is missing: it reads "unknown", never 0 nor blank.
  function known(v) {
    return v === null || v === undefined ? 'unknown' : fmt(v);
  }
  // The index leaves out a figure its run did not measure: a readable run without it shows "unknown".
  function unknownIfAbsent(r, field) {
    return r[field] !== undefined ? fmt(r[field]) : r.note ? '' : 'unknown';
  }

  // A long table and what explains it, folded: closed, its summary line saying what is inside and the key number.
  function fold(summaryText, children, id) {
    return el('details', id ? { id: id } : {}, [el('summary', { text: summaryText })].concat(children));
  }
  function plural(n, one, many) { return n + ' ' + (n === 1 ? one : many || one + 's'); }

  function runSections() {
    // Header and verdict
    var verdict = summary.verdict || 'unknown';
    document.getElementById('head').appendChild(el('h1', { text: 'Maestro run ' + (summary.name || summary.testId || '') }));
    document.getElementById('head').appendChild(el('div', { class: 'sub', text: (summary.testId || '') + ' \u00b7 ' +
      (summary.start || '') + ' \u2192 ' + (summary.end || '') + ((summary.tags || []).length ? ' \u00b7 tags: ' + summary.tags.join(', ') : '') }));
    var v = document.getElementById('verdict');
    v.appendChild(el('h2', { text: 'Verdict' }));
    v.appendChild(el('span', { class: 'verdict ' + verdict, id: 'verdict-value', text: verdict.toUpperCase() }));
    (summary.reasons || []).forEach(function (r) { v.appendChild(el('p', { text: r })); });
    // The criteria as a list, not a table: the answer stays above the charts, a failed criterion in red.
    if ((summary.checks || []).length) {
      v.appendChild(el('ul', { class: 'criteria', id: 'criteria' }, summary.checks.map(function (c) {
        var evaluated = c.passed !== null && c.passed !== undefined;
        // summary.json's Check.notApplicable: a criterion with no meaning for this run (a share of no target rate).
        var notApplicable = !evaluated && (c.measured || '').indexOf('not applicable') === 0;
        return el('li', { class: evaluated && !c.passed ? 'failed' : '' }, [el('span', { class: !evaluated ? 'skip' : c.passed ? 'pass' : 'fail',
          text: notApplicable ? 'not applicable' : !evaluated ? 'not evaluated' : c.passed ? 'passed' : 'FAILED' }), ' ',
          el('span', { class: 'criterion', text: c.criterion }), ': ' + c.measured + ' (bound ' + c.bound + ')']);
      })));
    }
    headlineSection();

    // Parameters, SUT, totals
    var run = document.getElementById('run');
    run.appendChild(el('h2', { text: 'Test' }));
    if (summary.description) { run.appendChild(el('p', { text: 'System under test: ' + summary.description })); }
    var params = summary.parameters || {};
    // A list of objects (routes, inspectors) reads best one object per line: "group=east, sendUrl=...".
    function paramText(p) {
      if (Array.isArray(p)) {
        return p.map(function (v) { return typeof v === 'object' && v !== null ? objectText(v) : v; }).join('; ');
      }
      return typeof p === 'object' && p !== null ? objectText(p) : p;
    }
    function objectText(o) {
      return Object.keys(o).filter(function (k) { return o[k] !== '' && o[k] !== null; })
        .map(function (k) { return k + '=' + o[k]; }).join(', ');
    }
    run.appendChild(table(['parameter', 'value'], Object.keys(params).map(function (k) {
      var p = params[k];
      return [k, paramText(p)];
    })));
    var t = summary.totals;
    if (t) {
      run.appendChild(el('h3', { text: 'Totals (messages over the whole test, warm-up included; rates after warm-up)' }));
      run.appendChild(table(['sent', 'received', 'lost', 'duplicated', 'out of order', 'send rate msg/s', 'receive rate msg/s'],
        [[known(t.sent), known(t.received), known(t.lost), known(t.duplicated), known(t.outOfOrder), known(t.sendRate), known(t.receiveRate)]],
        [true, true, true, true, true, true, true]));
    }

    routesSection();
    drainSection();
    stagesSection();
    topologySection();

    // Peers
    var peersSection = document.getElementById('peers');
    peersSection.appendChild(el('h2', { text: 'Peers' }));
    var bySummary = {};
    (summary.peers || []).forEach(function (p) { bySummary[p.name] = p; });
    // A peer whose data is missing has unknown figures; another leaves blank what its role does not measure.
    function figure(s, v) { return s.dataMissing && v === null ? 'unknown' : v === null || v === undefined ? '' : fmt(v); }
    var rateLogs = {};
    (data.rateLogs || []).forEach(function (r) { rateLogs[r.peer] = r.messages; });
    var peerList = data.peers || [];
    var failedPeers = peerList.filter(function (p) { return (bySummary[p.name] || {}).ok === false; });
    var roles = {};
    peerList.forEach(function (p) { roles[p.role] = (roles[p.role] || 0) + 1; });
    peersSection.appendChild(fold(plural(peerList.length, 'peer') + ' (' + Object.keys(roles).map(function (r) { return plural(roles[r], r); }).join(', ') +
      '): ' + (failedPeers.length ? failedPeers.map(function (p) { return p.name; }).join(', ') + ' FAILED' : 'none failed') +
      '; messages, rates, loss, latency and how each ended', [table(['peer', 'role', 'host', 'ok', 'messages (rate logs)', (data.labels || {}).rate || 'rate msg/s', 'lost', 'duplicated', 'out of order', 'latency / send delay', 'how it ended'],
      (data.peers || []).map(function (p) {
        var s = bySummary[p.name] || {};
        return [p.name, p.role, p.host, s.ok === false ? el('span', { class: 'fail', text: 'FAILED' }) : (s.ok ? 'yes' : ''),
          rateLogs[p.name] === undefined ? '' : rateLogs[p.name] === null ? 'unknown' : fmt(rateLogs[p.name]), figure(s, s.rate),
          figure(s, s.lost), figure(s, s.duplicated), figure(s, s.outOfOrder), latencyCell(s.responseTime || s.sendDelay, p.role === 'sender' || p.role === 'receiver'), s.end || (p.collected ? '' : 'files not collected')];
      }), [false, false, false, false, true, true, true, true, true, false, false])], 'peers-table'));
    // Each sender's actual warm-up: one that waited for its schedule says how that ended.
    var warmups = (summary.peers || []).filter(function (p) { return p.warmup; });
    if (warmups.length) {
      var offSchedule = warmups.filter(function (p) { return p.warmup.onSchedule === false; });
      peersSection.appendChild(fold('Warm-up (left out of the figures): ' + warmups.map(function (p) { return p.name + ' ' + fmt(p.warmup.seconds) + ' s'; }).join(', ') +
        (offSchedule.length ? '; OFF SCHEDULE: ' + offSchedule.map(function (p) { return p.name; }).join(', ') : ''), [table(['sender', 'warm-up s', 'send delay bound ms', 'cap s', 'how it ended'],
        warmups.map(function (p) {
          var w = p.warmup;
          return [p.name, fmt(w.seconds), w.sendDelayBoundMillis === null ? '' : fmt(w.sendDelayBoundMillis),
            w.maxSeconds === null ? '' : fmt(w.maxSeconds),
            w.onSchedule === false ? el('span', { class: 'fail', text: 'OFF SCHEDULE: ' + w.detail }) : w.detail];
        }), [false, true, true, true, false])], 'warmup-table'));
    }
    // Each sender's delivery mode and how the SUT disposed of its messages (its delivery.json): presettled sends are
    // not acknowledged, so what arrived is the receivers' count.
    var deliveries = (summary.peers || []).filter(function (p) { return p.delivery; });
    if (deliveries.length) {
      peersSection.appendChild(fold('Delivery (settled: acknowledged by the SUT; presettled: fire-and-forget): ' + deliveries.map(function (p) {
        return p.name + ' ' + p.delivery.mode + (p.delivery.refused ? ', ' + fmt(p.delivery.refused) + ' refused' : '');
      }).join(', '), [table(['sender', 'mode', 'acknowledged', 'given back (released, modified) and sent again', 'not sent again by the end', 'refused'],
        deliveries.map(function (p) {
          var d = p.delivery;
          var presettled = d.mode === 'presettled';
          return [p.name, d.mode, presettled ? 'not acknowledged (presettled): see the receivers\' loss' : fmt(d.acknowledged),
            presettled ? '' : fmt(d.released), presettled ? '' : fmt(d.unresent), fmt(d.refused)];
        }), [false, false, true, true, true, true])], 'delivery-table'));
    }
    var missing = (summary.peers || []).filter(function (p) { return p.dataMissing; });
    if (missing.length) {
      peersSection.appendChild(el('h3', { text: 'Missing data: the figures that depend on it are unknown' }));
      peersSection.appendChild(table(['peer', 'role', 'why its data is missing', 'what it reported live (not from files)'],
        missing.map(function (p) {
          var l = p.live;
          return [p.name, p.role, p.dataMissing, l ? fmt(l.messages) + ' message(s)' + (l.lost === null || l.lost === undefined ? ''
            : ', ' + fmt(l.lost) + ' lost, ' + fmt(l.duplicated) + ' duplicated, ' + fmt(l.outOfOrder) + ' out of order') +
            ', phase ' + l.phase + ' (' + l.source + ')' : 'nothing'];
        })));
    }
    if ((summary.interruptions || []).length) {
      peersSection.appendChild(el('h3', { text: 'Interruptions of the control plane (the load went on)' }));
      peersSection.appendChild(table(['who', 'from', 'to', 'away ms'], summary.interruptions.map(function (i) {
        return [i.who, i.from, i.to === null ? 'not back within the run' : i.to, i.millis === null ? 'unknown' : fmt(i.millis)];
      })));
    }

    hostSection();
    latencyClockSection();
    startSection();
    generatorSection();

    // Latency figures from the HDR logs
    if ((data.latency || []).length) {
      var lat = document.getElementById('latency');
      lat.appendChild(el('h2', { text: 'Latency after warm-up (from the HDR logs, ms)' }));
      lat.appendChild(table(['peer', 'measure', 'clock', 'count', 'p50', 'p90', 'p99', 'p99.9', 'max'], data.latency.map(function (f) {
        return [f.peer, f.measure, f.clock || '', fmt(f.count), known(f.p50), known(f.p90), known(f.p99), known(f.p999), known(f.max)];
      }), [false, false, false, true, true, true, true, true, true]));
    }
  }
  // The figures a reader looks for first, as summary.json holds them (its totals and each agent action's cost), and
  // what says how far they can be trusted, linking the section that shows it.
  function headlineSection() {
    var h = document.getElementById('headline');
    var t = summary.totals, cards = [];
    function card(title, figures, note, id, kind) {
      return el('div', { class: 'figure' + (kind ? ' ' + kind : ''), id: id }, [el('div', { class: 'title', text: title }),
        el('div', { class: 'values' }, figures.map(function (f) {
          return el('span', { class: 'value' }, [el('small', { text: f[0] }), el('b', { text: f[1] })]);
        }))].concat(note ? [el('div', { class: 'note', text: note })] : []));
    }
    // As summary.json holds them (to the microsecond), not to four significant digits.
    function millis(v) { return typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: 3 }) : known(v); }
    function percentiles(l) {
      return [['p50', 'p50'], ['p90', 'p90'], ['p99', 'p99'], ['p99.9', 'p999'], ['max', 'max']].map(function (q) {
        return [q[0], l ? millis(l[q[1]]) : 'unknown'];
      });
    }
    // An action's cost: -1 is summary.json's "not within the test".
    function cost(v) { return v === -1 ? 'not within the test' : known(v); }
    if (t) {
      cards.push(card('Throughput, msg/s after warm-up', [['sent', known(t.sendRate)], ['received', known(t.receiveRate)]],
        'whole test: ' + known(t.sent) + ' sent, ' + known(t.received) + ' received', 'headline-throughput'));
      var lc = summary.latencyClocks;
      cards.push(card('Response time, ms after warm-up', percentiles(t.responseTime), 'corrected for coordinated omission' +
        (lc ? '; one way: ' + lc.oneWayClock : ''), 'headline-latency'));
      if (lc && lc.roundTripClock) {
        cards.push(card('Round trip, ms after warm-up', percentiles(lc.roundTrip), lc.roundTripClock + '; ' + (lc.sampling || 'sampled'),
          'headline-round-trip'));
      }
      cards.push(card('Loss, messages', [['lost', known(t.lost)], ['duplicated', known(t.duplicated)], ['out of order', known(t.outOfOrder)]],
        'whole test, warm-up included', 'headline-loss'));
      cards.push(card('Send delay, ms after warm-up', percentiles(t.sendDelay), 'how late the senders sent on their schedule', 'headline-send-delay'));
    }
    (summary.actions || []).forEach(function (a, i) {
      cards.push(card('Action: ' + (a.group ? a.group + '/' : '') + (a.agent || '') + ' ' + a.handler + ' at ' + a.atMillis / 1000 + ' s',
        [['outage ms', cost(a.outageMillis)], ['recovery ms', cost(a.recoveryMillis)], ['lost', known(a.lost)]],
        'outcome: ' + a.outcome, 'headline-action-' + (i + 1), 'action'));
    });
    if (!cards.length) { return; }
    h.appendChild(el('div', { class: 'figures' }, cards));
    function caveat(text, section, heading) {
      h.appendChild(el('p', { class: 'warn caveat' }, [text + ': see ', el('a', { href: '#' + section, text: heading })]));
    }
    var g = summary.loadGenerators, clocks = summary.clockCheck;
    if (g && (g.warnings || []).length) { caveat(plural(g.warnings.length, 'warning') + ' that a figure may be the load generator\u2019s, not the SUT\u2019s', 'generators', 'Load generators'); }
    if (clocks && (clocks.warnings || []).length) { caveat(plural(clocks.warnings.length, 'clock warning'), 'hosts', 'Hosts and clocks'); }
    var missing = (summary.peers || []).filter(function (p) { return p.dataMissing; }).map(function (p) { return p.name; });
    if (missing.length) { caveat('Data missing from ' + missing.join(', ') + ': the figures that depend on it are unknown', 'peers', 'Peers'); }
    var late = (summary.peers || []).filter(function (p) { return p.warmup && p.warmup.onSchedule === false; }).map(function (p) { return p.name; });
    if (late.length) { caveat('Warm-up off schedule: ' + late.join(', '), 'peers', 'Peers'); }
    if ((summary.interruptions || []).length) { caveat(plural(summary.interruptions.length, 'interruption') + ' of the control plane', 'peers', 'Peers'); }
  }
  // The routers (and brokers) the client started: the graph, who used which node, which were inspected, each hop's deliveries.
  function topologySection() {
    var t = data.topology;
    if (!t) { return; }
    var s = document.getElementById('topology');
    s.appendChild(el('h2', { text: 'Topology: ' + t.description + (t.router ? ' of ' + t.router : '') }));
    if (t.svg) {
      var svg = new DOMParser().parseFromString(t.svg, 'image/svg+xml').documentElement;
      if (svg && svg.nodeName === 'svg') {
        // Drawn by Maestro from validated names; scripts and handlers are dropped all the same: the page runs no other code.
        Array.prototype.forEach.call(svg.querySelectorAll('script'), function (x) { x.parentNode.removeChild(x); });
        Array.prototype.forEach.call(svg.querySelectorAll('*'), function (x) {
          Array.prototype.slice.call(x.attributes).forEach(function (a) { if (/^on/i.test(a.name)) { x.removeAttribute(a.name); } });
        });
        s.appendChild(el('div', { id: 'topology-picture', class: 'picture' }, [document.importNode(svg, true)]));
      }
    }
    var inspected = [], notInspected = [];
    (t.nodes || []).forEach(function (n) {
      if (!isRouter(n)) { return; }
      var by = (n.peers || []).filter(function (p) { return p.what === 'inspects'; }).map(function (p) { return p.peer; });
      (by.length ? inspected : notInspected).push(n.name + (by.length ? ' (' + by.join(', ') + ')' : ''));
    });
    s.appendChild(el('p', { id: 'topology-summary', text: 'Senders send to ' + t.sendsOn + ', receivers receive from ' + t.receivesOn +
      '. Inspected: ' + (inspected.length ? inspected.join(', ') : 'none') + (notInspected.length ? '; not inspected: ' + notInspected.join(', ') : '') + '.' }));
    // topology.json's kinds: 'router' (interior), 'edge router', 'broker'
    function isRouter(n) { return n.kind === 'router' || n.kind === 'edge router'; }
    function who(n, what) {
      return (n.peers || []).filter(function (p) { return p.what === what; }).map(function (p) { return p.peer; }).join(', ');
    }
    var kinds = {};
    (t.nodes || []).forEach(function (n) { kinds[n.kind] = (kinds[n.kind] || 0) + 1; });
    s.appendChild(fold('Nodes: ' + Object.keys(kinds).map(function (k) { return plural(kinds[k], k); }).join(', ') + ', ' +
      plural((t.links || []).length, 'link') + '; their URLs, links, peers and logs', [table(['node', 'kind', 'URL (clients, AMQP management)', 'links', 'senders', 'receivers', 'inspector', 'agent', 'log'], (t.nodes || []).map(function (n) {
      var links = (t.links || []).filter(function (l) { return l.from === n.name || l.to === n.name; }).map(function (l) {
        return (l.from === n.name ? l.to : l.from) + (l.cost !== 1 ? ' (cost ' + l.cost + ')' : '');
      }).join(', ');
      return [n.name, isRouter(n) && t.router ? t.router + (n.kind === 'router' ? '' : ', edge') : n.kind, n.url, links, who(n, 'sends'), who(n, 'receives'), who(n, 'inspects'), who(n, 'acts on'),
        n.log ? el('a', { href: n.log, text: n.log }) : ''];
    }))], 'topology-nodes'));
    if ((summary.hops || []).length) {
      s.appendChild(fold('Deliveries per link of the inspected routers: ' + plural(summary.hops.length, 'link'), [
        el('p', { class: 'sub', text: 'summary.json\u2019s hops: the router.link counters of their links.csv over the whole run, warm-up included; a link counted from 0 when it appeared or its router restarted; what a link carried after its router\u2019s last sample of it, e.g. a client\u2019s link closed between samples, is not seen.' }),
        table(['router', 'link', 'deliveries', 'accepted', 'released', 'modified', 'rejected', 'dropped presettled'], summary.hops.map(function (h) {
        return [h.router || h.inspector, h.link, known(h.deliveries), known(h.accepted), known(h.released), known(h.modified),
          known(h.rejected), known(h.droppedPresettled)];
      }), [false, false, true, true, true, true, true, true])], 'hops-table'));
    }
  }
  // A run of several routes (summary.json's routes, each summed over its own peers as the totals are over all): side by side.
  function routesSection() {
    var routes = summary.routes || [];
    if (routes.length < 2) { return; }
    var s = document.getElementById('routes');
    s.appendChild(el('h2', { text: 'Routes side by side' }));
    s.appendChild(el('p', { text: 'Each route\u2019s own senders and receivers, their HDR logs merged: messages over the whole test,' +
      ' rates and latency after warm-up; response time corrected for coordinated omission, in ms.' }));
    function pct(l, q) { return l ? fmt(l[q]) : 'unknown'; }
    s.appendChild(table(['route', 'protocol', 'target', 'sent', 'received', 'lost', 'send rate msg/s', 'receive rate msg/s',
      'p50', 'p90', 'p99', 'p99.9', 'max', 'send delay p99'], routes.map(function (r) {
      var t = r.totals || {};
      var l = t.responseTime;
      return [r.name, r.protocol, r.target, known(t.sent), known(t.received), known(t.lost), known(t.sendRate), known(t.receiveRate),
        pct(l, 'p50'), pct(l, 'p90'), pct(l, 'p99'), pct(l, 'p999'), pct(l, 'max'), pct(t.sendDelay, 'p99')];
    }), [false, false, false, true, true, true, true, true, true, true, true, true, true, true])).id = 'routes-table';
  }
  // Routes whose receivers started after their senders (receiverStartAfter): the backlog they found and how long they took to
  // catch up (summary.json's routes[].drain, computed once by the results model's DrainTime).
  function drainSection() {
    var late = (summary.routes || []).filter(function (r) { return r.drain; });
    if (!late.length) { return; }
    var s = document.getElementById('routes');
    s.appendChild(el('h2', { text: 'Late receivers: backlog and drain' }));
    s.appendChild(el('p', { text: 'Receivers started after their senders: the messages sent before they started, and the time' +
      ' from their start until their receive count reached what the senders had sent ' + late[0].drain.caughtUpLagMillis +
      ' ms before (caught up: the rest is in flight).' }));
    s.appendChild(table(['route', 'started after senders s', 'backlog messages', 'drain time ms'], late.map(function (r) {
      var d = r.drain;
      return [r.name, fmt(d.startAfterMillis / 1000), fmt(d.backlogMessages),
        d.drainMillis === null || d.drainMillis === undefined ? 'never caught up' : fmt(d.drainMillis)];
    }), [false, true, true, true])).id = 'drain-table';
  }
  // A rate profile (summary.json's stages): each stage's target, what it achieved, its loss and latency.
  function stagesSection() {
    var stages = summary.stages || [];
    if (!stages.length) { return; }
    var s = document.getElementById('routes');
    s.appendChild(el('h2', { text: 'Stages' }));
    s.appendChild(el('p', { text: 'The rate profile stage by stage (a route with a profile of its own: its name before the stage, its' +
      ' times from its own senders’ start; warm-up included): messages due in the stage, the receivers’' +
      ' rate while it ran, what was never received, and the response time (corrected for coordinated omission, ms) of its seconds.' }));
    function pct(l, q) { return l ? fmt(l[q]) : 'unknown'; }
    s.appendChild(table(['stage', 'profile', 'from s', 'to s', 'target msg/s', 'achieved msg/s', 'sent', 'received', 'lost', 'p50', 'p99', 'max'],
      stages.map(function (st) {
        return [st.route ? st.route + ' ' + st.index : st.index, st.stage, fmt(st.startSeconds), fmt(st.endSeconds), fmt(st.targetRate), fmt(st.achievedRate), fmt(st.sent),
          fmt(st.received), fmt(st.lost), pct(st.responseTime, 'p50'), pct(st.responseTime, 'p99'), pct(st.responseTime, 'max')];
      }), [true, false, true, true, true, true, true, true, true, true, true, true])).id = 'stages-table';
  }
  // Where each peer ran and how its clock compared with the client's, as the client measured before the test.
  function hostSection() {
    var hosts = summary.peerHosts || [];
    if (!hosts.length) { return; }
    var check = summary.clockCheck || {};
    var over = {};
    (check.peersOverLimit || []).forEach(function (p) { over[p] = true; });
    var section = document.getElementById('hosts');
    section.appendChild(el('h2', { text: 'Hosts and clocks' }));
    var addresses = {};
    hosts.forEach(function (h) { addresses[h.address || h.hostName] = true; });
    var clocks = [];
    clocks.push(el('p', { id: 'host-count', text: hosts.length + ' peer(s) on ' + Object.keys(addresses).length +
      ' distinct address(es). Clock offset = the peer\'s clock \u2212 the client\'s, from the PING with the shortest round trip,' +
      ' \u00b1 its uncertainty (half that round trip); a peer on the client\'s own clock (same process, same host) has none to estimate.' }));
    function millis(v, signed) {
      return typeof v === 'number' ? (signed && v >= 0 ? '+' : '') + v.toFixed(3) : '';
    }
    function clockText(h) {
      if (h.sameClock) { return 'same clock as the client: ' + h.sameClock; }
      if (typeof h.clockOffsetMillis !== 'number') { return 'no answer'; }
      return millis(h.clockOffsetMillis, true) + ' \u00b1 ' + millis(h.clockOffsetUncertaintyMillis, false);
    }
    clocks.push(table(['peer', 'role', 'host name', 'address', 'data URL', 'clock offset ms', 'PING round trip ms', 'pings'],
      hosts.map(function (h) {
        var clock = clockText(h);
        return [h.peer, h.role, h.hostName, h.address, h.dataUrl,
          over[h.peer] ? el('span', { class: 'fail', text: clock }) : clock, millis(h.roundTripMillis, false), h.pings];
      }), [false, false, false, false, false, true, true, true]));
    if (check.rule) {
      clocks.push(el('p', { text: 'Clock limit ' + millis(check.limitMillis, false) + ' ms (' + check.rule +
        '); largest offset ' + millis(check.maxAbsOffsetMillis, false) + ' ms.' }));
    }
    var overLimit = check.peersOverLimit || [];
    section.appendChild(fold(plural(hosts.length, 'peer') + ' on ' + plural(Object.keys(addresses).length, 'address', 'addresses') +
      (typeof check.maxAbsOffsetMillis === 'number' ? '; largest clock offset ' + millis(check.maxAbsOffsetMillis, false) + ' ms' +
        (typeof check.limitMillis === 'number' ? ' (limit ' + millis(check.limitMillis, false) + ' ms)' : '') : '') +
      (overLimit.length ? '; over the limit: ' + overLimit.join(', ') : ''), clocks, 'hosts-table'));
    (check.warnings || []).forEach(function (w) {
      section.appendChild(el('p', { class: 'fail clock-warning', text: 'Warning: ' + w }));
    });
  }
  // Which clock each latency figure was taken on (summary.json's latencyClocks) and, where receivers sent messages
  // back, the clock offset the load implies per pair of hosts beside the PINGs' estimate.
  function latencyClockSection() {
    var lc = summary.latencyClocks;
    if (!lc) { return; }
    var section = document.getElementById('hosts');
    function ms(v, signed) { return typeof v === 'number' ? (signed && v >= 0 ? '+' : '') + v.toFixed(3) : 'unknown'; }
    section.appendChild(el('h3', { text: 'Latency clocks' }));
    section.appendChild(el('p', { id: 'clock-one-way', text: 'One way (response and service time): ' + lc.oneWayClock + '.' }));
    if (!lc.roundTripClock) { return; }
    var rt = lc.roundTrip, half = lc.halfRoundTrip;
    section.appendChild(el('p', { id: 'clock-round-trip', text: 'Round trip (' + (lc.sampling || 'sampled') + '): ' + lc.roundTripClock + '; ' +
      (rt ? fmt(rt.count) + ' round trips, p50 ' + ms(rt.p50) + ' / p99 ' + ms(rt.p99) + ' / max ' + ms(rt.max) + ' ms; half the round trip p50 ' +
        ms(half.p50) + ' / p99 ' + ms(half.p99) + ' ms.' : 'no round trip measured after the warm-up.') }));
    var offsets = lc.loadOffsets || [];
    if (!offsets.length) { return; }
    section.appendChild(el('p', { class: 'sub', text: 'Clock offset implied by the load = the receivers\u2019 one-way p50 (service time, two clocks) \u2212 half the senders\u2019 round-trip p50 (one clock): the receiver\u2019s clock \u2212 the sender\u2019s on a path as fast both ways. Beside it the same difference as the PINGs before the test estimated it.' }));
    var offsetTable = table(['route', 'sender host', 'receiver host', 'one-way p50 ms', 'half round-trip p50 ms', 'offset implied by the load ms', 'PING estimate ms'],
      offsets.map(function (o) {
        return [o.route, o.senderHost, o.receiverHost, ms(o.oneWayP50Millis), ms(o.halfRoundTripP50Millis), ms(o.loadOffsetMillis, true),
          typeof o.pingOffsetMillis === 'number' ? ms(o.pingOffsetMillis, true) + ' \u00b1 ' + ms(o.pingUncertaintyMillis) : 'unknown'];
      }), [false, false, false, true, true, true, true]);
    offsetTable.id = 'load-offsets';
    section.appendChild(offsetTable);
  }
  // How together the senders and receivers began at the test's common start instant (summary.json's startSkew).
  function startSection() {
    var k = summary.startSkew;
    if (!k) { return; }
    var section = document.getElementById('hosts');
    function ms(v) { return typeof v === 'number' ? v.toFixed(3) : 'unknown'; }
    var skew = el('p', { id: 'start-skew', text: 'Start skew ' + ms(k.skewMillis) + ' ms (\u00b1 ' + ms(k.uncertaintyMillis) +
      ' ms from the clock offsets): the latest peer\u2019s begin minus the earliest\u2019s, on the client\u2019s clock. Latest: ' +
      (k.latestPeer || 'none') + ', ' + ms(k.latestLatenessMillis) + ' ms after the instant' +
      (k.neverBegan ? '; ' + k.neverBegan + ' never began' : '') + '.' });
    var starts = table(['peer', 'role', 'began after the instant ms (its own clock)'], (k.peers || []).map(function (p) {
      return [p.peer, p.role, typeof p.latenessMillis === 'number' ? ms(p.latenessMillis) : 'never began'];
    }), [false, false, true]);
    starts.id = 'start-table';
    section.appendChild(fold('Start at one instant: skew ' + ms(k.skewMillis) + ' ms, latest ' + (k.latestPeer || 'none') +
      (k.neverBegan ? '; ' + k.neverBegan + ' never began' : ''), [skew, starts]));
  }
  // The senders' and receivers' own CPU and GC over the measured span (summary.json's loadGenerators), and each
  // warning that a figure may be the generator's rather than the SUT's.
  function generatorSection() {
    var g = summary.loadGenerators;
    if (!g || !(g.peers || []).length) { return; }
    var section = document.getElementById('generators');
    section.appendChild(el('h2', { text: 'Load generators' }));
    var saturated = g.peers.filter(function (p) { return p.saturated; });
    var explained = el('p', { text: 'What each sender and receiver used over the measured span, a sample a second: its process\u2019s' +
      ' CPU in cores (peers sharing a JVM show the same process), the busy share of all its host\u2019s cores, and its JVM\u2019s' +
      ' garbage-collector pauses and JIT compile time. Saturated: ' + g.rule + '.' +
      (g.coldRule ? ' Still compiling: ' + g.coldRule + '.' : '') });
    var usage = table(['peer', 'role', 'host', 'seconds', 'cores', 'process cores mean', 'process cores max',
      'host busy % mean', 'host busy % max', 'GC pauses', 'GC pause ms', 'GC max pause ms', 'saturated s', 'SUT on this host',
      'JIT compile ms', 'JIT ms in the first seconds'],
      g.peers.map(function (p) {
        // As summary.json rounds them, and the console prints them: cores to 3 decimals, percents to 1.
        function fixed(v, digits) { return typeof v === 'number' ? v.toFixed(digits) : 'unknown'; }
        return [p.peer, p.role, p.host, fmt(p.seconds), fmt(p.cores), fixed(p.processCoresMean, 3), fixed(p.processCoresMax, 3),
          fixed(p.hostBusyPercentMean, 1), fixed(p.hostBusyPercentMax, 1), fmt(p.gcPauses), fmt(p.gcPauseMillis), fmt(p.gcMaxPauseMillis),
          p.saturated ? el('span', { class: 'fail', text: p.saturatedSeconds + ' (saturated)' }) : fmt(p.saturatedSeconds),
          p.sutOnThisHost === null || p.sutOnThisHost === undefined ? 'unknown' : p.sutOnThisHost ? el('span', { class: 'fail', text: 'yes' }) : 'no',
          known(p.jitCompileMillis),
          p.compiling ? el('span', { class: 'fail', text: p.jitCompileMillisFirst + ' (still compiling)' }) : known(p.jitCompileMillisFirst)];
      }), [false, false, false, true, true, true, true, true, true, true, true, true, true, false, true, true]);
    usage.id = 'generators-table';
    section.appendChild(fold(plural(g.peers.length, 'sender or receiver', 'senders and receivers') + ': ' +
      (saturated.length ? saturated.map(function (p) { return p.peer; }).join(', ') + ' saturated' : 'none saturated') +
      '; CPU, host busy share and GC pauses', [explained, usage]));
    (g.warnings || []).forEach(function (w) {
      section.appendChild(el('p', { class: 'fail generator-warning', text: 'Warning: ' + w }));
    });
  }
  function incrementalSections() {
    var inc = data.incremental;
    document.getElementById('head').appendChild(el('h1', { text: 'Maestro incremental run ' + (inc.name || '') }));
    var v = document.getElementById('verdict');
    v.appendChild(el('h2', { text: 'Verdict' }));
    v.appendChild(el('span', { class: 'verdict ' + inc.verdict, id: 'verdict-value', text: String(inc.verdict).toUpperCase() }));
    v.appendChild(el('p', { id: 'sustainable-rate', text: 'Sustainable rate: ' + inc.sustainable }));
    if (inc.confirmedText) {
      v.appendChild(el('p', { id: 'confirmed-rate', class: inc.confirmed ? 'pass' : 'fail', text: 'Confirmation: ' + inc.confirmedText }));
    }
    if (inc.stoppedBy) {
      v.appendChild(el('p', { text: 'The search stopped on: ' + inc.stoppedBy + (inc.resolution ? ' (resolution ' + fmt(inc.resolution) + ' msg/s)' : '') +
        (inc.elapsedSeconds !== null && inc.elapsedSeconds !== undefined ? ' after ' + fmt(Math.round(inc.elapsedSeconds)) + ' s' : '') +
        (inc.maxSeconds ? ' of at most ' + fmt(Math.round(inc.maxSeconds)) + ' s' : '') +
        (inc.kneeRate !== null && inc.kneeRate !== undefined ? '; knee of the curve at ' + fmt(inc.kneeRate) + ' msg/s achieved' : '') }));
    }
    if (inc.rule) { v.appendChild(el('p', { class: 'note', text: inc.rule })); }
    var r = document.getElementById('run');
    r.appendChild(el('h2', { text: 'Steps' }));
    var n = 0;
    r.appendChild(table(['step', 'phase', 'target rate msg/s', 'achieved msg/s', 'p50 ms', 'p99 ms', 'p99.9 ms', 'send delay p99 ms', 'lost', 'verdict', 'run verdict', 'reasons', 'report'], (inc.steps || []).map(function (st) {
      var judged = st.sustainable === null || st.sustainable === undefined ? st.verdict === 'passed' : st.sustainable;
      n++;
      return [n, st.phase || '', fmt(st.rate), known(st.receiveRate), known(st.p50Millis), known(st.p99Millis), known(st.p999Millis), known(st.sendDelayP99Millis), known(st.lost),
        el('span', { class: judged ? 'pass' : 'fail', text: (judged ? 'sustainable' : 'not sustainable') + (st.borderline ? ' (borderline)' : '') }),
        st.verdict, (st.reasons || []).join('; '), st.report ? el('a', { href: st.report, text: st.run }) : (st.run || '')];
    }), [true, false, true, true, true, true, true, true, true, false, false, false, false])).id = 'steps-table';
    if ((inc.confirmations || []).length) {
      r.appendChild(el('h2', { text: 'Confirmation' }));
      var c = 0;
      r.appendChild(table(['run', 'target rate msg/s', 'for s', 'from', 'achieved msg/s', 'p50 ms', 'p99 ms', 'p99.9 ms', 'send delay p99 ms', 'lost', 'verdict', 'reasons', 'report'], inc.confirmations.map(function (cf) {
        var st = cf.figures || {};
        c++;
        return ['c' + c, fmt(cf.rate), fmt(Math.round(cf.durationSeconds)), cf.start, known(st.receiveRate), known(st.p50Millis), known(st.p99Millis), known(st.p999Millis), known(st.sendDelayP99Millis), known(st.lost),
          el('span', { class: cf.held ? 'pass' : 'fail', text: cf.held ? 'held' : 'did not hold' }),
          (st.reasons || []).join('; '), cf.report ? el('a', { href: cf.report, text: st.run }) : (st.run || '')];
      }), [false, true, true, false, true, true, true, true, true, true, false, false, false])).id = 'confirmations-table';
    }
  }
  // The index of a runs directory: trend charts, then a filterable table of the runs, newest first.
  function indexSections() {
    var idx = data.index, runs = idx.runs || [];
    var head = document.getElementById('head');
    head.appendChild(el('h1', { text: 'Maestro runs: ' + idx.directory }));
    head.appendChild(el('div', { class: 'sub', text: runs.length + ' run(s) \u00b7 listed ' + dateTime(Date.parse(idx.generated)) + ' UTC' }));
    var section = document.getElementById('run');
    section.appendChild(el('h2', { text: 'Runs' }));
    var filter = el('input', { type: 'search', id: 'run-filter', placeholder: 'filter: name, tag or verdict', 'aria-label': 'filter the runs' });
    var shown = el('span', { class: 'shown', id: 'runs-shown' });
    section.appendChild(el('p', {}, [filter, ' ', shown]));
    var t = table(['date (UTC)', 'name', 'tags', 'verdict', 'sent', 'received', 'receive rate msg/s', 'p99 ms', 'max ms', 'lost',
      'vs baseline', 'report', 'files'], runs.map(indexRow), [false, false, false, false, true, true, true, true, true, true, false, false, false]);
    t.id = 'runs';
    section.appendChild(t);
    var rows = Array.prototype.slice.call(t.rows, 1);
    rows.forEach(function (tr, i) {
      var r = runs[i];
      tr.className = 'run-row';
      tr.dataset.dir = r.dir;
      tr.dataset.filter = [r.name, r.dir, r.verdict, r.kind, r.build ? 'build ' + r.build : '', r.sut || ''].concat(r.tags || []).join(' ').toLowerCase();
    });
    // Every word typed must appear in the row's name, build, directory, tags or verdict.
    function apply() {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean), n = 0;
      rows.forEach(function (tr) {
        var match = words.every(function (w) { return tr.dataset.filter.indexOf(w) >= 0; });
        tr.style.display = match ? '' : 'none';
        n += match ? 1 : 0;
      });
      shown.textContent = n + ' of ' + rows.length + ' shown';
    }
    // A filter in the address (index.html#filter=nightly) applies on load, and typing keeps it there, so a
    // filtered view can be bookmarked or sent.
    var given = /^#filter=(.*)$/.exec(location.hash);
    if (given) { filter.value = decodeURIComponent(given[1]); }
    filter.addEventListener('input', function () {
      apply();
      try { history.replaceState(null, '', '#filter=' + encodeURIComponent(filter.value)); } catch (e) { /* some browsers refuse it on file:// */ }
    });
    apply();
    // The trends sit above the table, so a drift shows before scrolling through the runs.
    section.parentNode.insertBefore(document.getElementById('charts'), section);
  }
  function indexRow(r) {
    var name = el('span', {}, [r.name + (r.build ? ' \u00b7 build ' + r.build : '') + (r.sut ? ' \u00b7 ' + r.sut : '') + (r.kind === 'incremental' ? ' (incremental' + (r.sustainable === undefined ? '' : ', sustainable ' + r.sustainable)
      + (r.confirmed === undefined ? '' : '; ' + r.confirmed) + ')' : '')]);
    if (r.note) { name.appendChild(el('div', { class: 'note', text: r.note })); }
    var c = r.comparison, versus = '';
    if (c) {
      var badge = el('span', { class: 'badge ' + c.verdict, text: c.verdict });
      versus = c.href ? el('a', { href: c.href, title: 'baseline: ' + c.baseline }, [badge]) : badge;
      if (c.baseline || c.note) { versus = el('span', {}, [versus, el('div', { class: 'note', text: c.note || 'vs ' + c.baseline })]); }
      // The smallest change the comparison could see on each headline metric (comparison.json's detectable).
      if ((c.detectable || []).length) {
        versus = el('span', {}, [versus, el('div', { class: 'note detectable', text: 'smallest detectable: ' + c.detectable.map(function (d) {
          return d.metric + ' ' + d.worse + ' ' + fmt(d.percent) + ' %';
        }).join(', ') })]);
      }
    }
    return [r.startMillis === undefined ? '' : dateTime(r.startMillis), name, (r.tags || []).join(', '),
      el('span', { class: 'badge ' + r.verdict, text: r.verdict }), fmt(r.sent), fmt(r.received), fmt(r.receiveRate),
      unknownIfAbsent(r, 'p99'), unknownIfAbsent(r, 'max'), fmt(r.lost), versus,
      r.report ? el('a', { href: r.report, class: 'report-link', text: 'report' }) : '',
      r.href ? el('a', { href: r.href, class: 'dir-link', text: r.dir }) : r.dir];
  }
  function dateTime(millis) {
    return isFinite(millis) ? new Date(millis).toISOString().substring(0, 19).replace('T', ' ') : '';
  }
  function verdictBadge(verdict, id) {
    return el('span', { class: 'verdict ' + verdict, id: id || '', text: String(verdict).toUpperCase() });
  }
  function comparisonSummary() {
    // The run's own page: a line on how it compares with its baseline, linking the comparison page.
    var c = data.comparison;
    if (!c || data.comparisonPage) { return; }
    var v = document.getElementById('baseline');
    var worse = (c.metrics || []).filter(function (m) { return m.verdict === 'worse' || m.verdict === 'missing'; });
    var notJudged = (c.metrics || []).filter(function (m) { return m.verdict === 'not judged'; });
    var inconclusive = (c.metrics || []).filter(function (m) { return m.verdict === 'inconclusive'; });
    v.appendChild(el('h3', { text: 'Against the baseline' }));
    v.appendChild(el('p', {}, [verdictBadge(c.verdict, 'comparison-verdict'), ' ',
      el('a', { href: 'comparison.html', text: 'comparison with ' + ((c.baselines || []).length > 1 ? c.baselines.length + ' baselines' : c.baseline) }),
      worse.length ? ' \u00b7 worse: ' + worse.map(function (m) { return m.metric; }).join(', ') : '',
      notJudged.length ? ' \u00b7 not judged: ' + notJudged.map(function (m) { return m.metric; }).join(', ') : '',
      inconclusive.length ? ' \u00b7 inconclusive: ' + inconclusive.map(function (m) { return m.metric; }).join(', ') : '']));
  }
  function comparisonSections() {
    var c = data.comparison;
    document.getElementById('head').appendChild(el('h1', { text: 'Maestro comparison: ' + (c.name || '') }));
    document.getElementById('head').appendChild(el('div', { class: 'sub', text: 'this run ' + c.run + ' against ' +
      (c.baselines || []).map(function (b) { return b.run; }).join(', ') }));
    var v = document.getElementById('verdict');
    v.appendChild(el('h2', { text: 'Verdict against the baseline' }));
    v.appendChild(verdictBadge(c.verdict, 'verdict-value'));
    v.appendChild(el('p', { class: 'sub', text: c.method }));
    if (c.rule) { v.appendChild(el('p', { class: 'sub', text: 'False alarms: ' + c.rule.text })); }
    // Beside the rule, its false alarms as measured on these baselines (comparison.json's rule.measured, computed once).
    if (c.rule && c.rule.measured) {
      v.appendChild(el('p', { class: 'sub', id: 'measured-false-alarms', text: 'The rule\u2019s ' + c.rule.measured.text }));
    }
    function num(x, unit) { return x === null || x === undefined ? '' : fmt(x) + (unit ? ' ' + unit : ''); }
    v.appendChild(table(['metric', 'baseline', 'this run', 'change', 'threshold (after correction)', 'verdict', 'how the threshold was set'],
      (c.metrics || []).map(function (m) {
        var pct = m.changePercent === null || m.changePercent === undefined ? '' : ' (' + (m.changePercent >= 0 ? '+' : '') + m.changePercent.toFixed(1) + ' %)';
        return [m.metric, num(m.baseline, m.unit) + (m.baselines ? ' (' + m.baselines.map(fmt).join(', ') + ')' : ''), num(m.value, m.unit),
          m.change === null || m.change === undefined ? '' : (m.change >= 0 ? '+' : '') + fmt(m.change) + pct,
          m.threshold === null || m.threshold === undefined ? '' : '\u00b1' + num(m.threshold, m.unit),
          el('span', { class: 'cmp ' + m.verdict, text: m.verdict }), m.basis];
      }), [false, true, true, true, true, false, false]));
    var r = document.getElementById('run');
    r.appendChild(el('h2', { text: 'Runs' }));
    var rows = [[c.run, 'this run', el('a', { href: 'report.html', text: 'report' })]];
    (c.baselines || []).forEach(function (b) {
      rows.push([b.run + (b.build ? ' \u00b7 build ' + b.build : '') + (b.sut ? ' \u00b7 ' + b.sut : ''),
        'baseline, started ' + b.start + ', ' + b.verdict, el('a', { href: b.path + '/report.html', text: 'report' })]);
    });
    r.appendChild(table(['run', 'role', 'report'], rows));
    (c.notes || []).forEach(function (x) { v.insertBefore(el('p', { class: 'warn', text: x }), v.querySelector('table')); });
    // The shifts tonight continues, from the history of the runs (maestro history): since which build.
    (c.steps || []).forEach(function (x) { v.insertBefore(el('p', { class: 'note', text: 'history: ' + x.text }), v.querySelector('table')); });
    // How small a change these baselines let the rule see (comparison.json's detectable, computed by the comparison).
    if ((c.detectable || []).length) {
      v.appendChild(el('h3', { text: 'Smallest detectable change' }));
      v.appendChild(table(['metric', 'smallest detectable change', 'at level', 'floor', 'baselines', 'note'], c.detectable.map(function (d) {
        return [d.metric, d.worse + ' ' + fmt(d.percent) + ' % (' + fmt(d.change) + ' ' + d.unit + ')', fmt(100 * d.level) + ' %',
          fmt(d.floorPercent) + ' %', d.needed ? d.baselines + ' (' + d.needed + ' needed)' : String(d.baselines), d.text];
      }), [false, true, true, true, true, false])).id = 'detectable-table';
    }
  }
  if (data.index) { indexSections(); } else if (data.comparisonPage) { comparisonSections(); } else if (data.incremental) { incrementalSections(); } else { runSections(); comparisonSummary(); }

  // Charts
  function markLetter(m) { return m.kind === 'failure' ? 'F' : m.kind === 'baseline-action' ? 'B' : m.kind === 'interruption' ? 'I' : 'A'; }
  var markerPlugin = {
    id: 'maestroMarkers',
    beforeDatasetsDraw: function (chart) {
      if (!chart.options.maestroTime) { return; }
      var a = chart.chartArea, x = chart.scales.x, ctx = chart.ctx;
      if (data.warmup) {
        var x0 = Math.max(a.left, x.getPixelForValue(data.warmup.from)), x1 = Math.min(a.right, x.getPixelForValue(data.warmup.to));
        if (x1 > x0) {
          ctx.save(); ctx.fillStyle = 'rgba(255, 193, 7, 0.18)'; ctx.fillRect(x0, a.top, x1 - x0, a.bottom - a.top);
          ctx.fillStyle = '#8d6e00'; ctx.font = '11px sans-serif'; ctx.fillText('warm-up', x0 + 3, a.top + 11); ctx.restore();
        }
      }
    },
    afterDatasetsDraw: function (chart) {
      if (!chart.options.maestroTime) { return; }
      var a = chart.chartArea, x = chart.scales.x, ctx = chart.ctx;
      (data.markers || []).forEach(function (m, i) {
        var px = x.getPixelForValue(m.x);
        if (px < a.left || px > a.right) { return; }
        ctx.save();
        ctx.strokeStyle = m.kind === 'failure' ? '#c62828' : m.kind === 'baseline-action' ? '#9e9e9e' : m.kind === 'interruption' ? '#ef6c00' : '#6a1b9a'; ctx.setLineDash([5, 3]); ctx.lineWidth = 1.5;
        ctx.beginPath(); ctx.moveTo(px, a.top); ctx.lineTo(px, a.bottom); ctx.stroke();
        ctx.fillStyle = ctx.strokeStyle; ctx.font = 'bold 11px sans-serif';
        ctx.fillText(markLetter(m) + (i + 1), px + 3, a.top + 24);
        ctx.restore();
      });
    },
    afterRender: function (chart) {
      if (chart.canvas.dataset.rendered !== '1') {
        chart.canvas.dataset.rendered = '1';
        rendered++;
        body.dataset.chartsRendered = String(rendered);
      }
    }
  };
  // A history chart's change points (maestro history's, in the page's data): a dashed line between the last run before
  // the shift and the first after it, named by that run's build. Counted on the canvas for the tests.
  var changePointsOf = {};
  var changePointPlugin = {
    id: 'maestroChangePoints',
    afterDatasetsDraw: function (chart) {
      var points = changePointsOf[chart.canvas.id];
      if (!points) { return; }
      var a = chart.chartArea, x = chart.scales.x, ctx = chart.ctx, drawn = 0;
      points.forEach(function (p) {
        var px = x.getPixelForValue(p.index - 0.5);
        if (px < a.left || px > a.right) { return; }
        ctx.save();
        ctx.strokeStyle = '#c62828'; ctx.setLineDash([6, 3]); ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(px, a.top); ctx.lineTo(px, a.bottom); ctx.stroke();
        ctx.fillStyle = '#c62828'; ctx.font = 'bold 11px sans-serif';
        ctx.fillText(p.label, px + 3, a.top + 12);
        ctx.restore();
        drawn++;
      });
      chart.canvas.dataset.changePointsDrawn = String(drawn);
    }
  };
  var greys = ['#616161', '#9e9e9e', '#757575', '#bdbdbd', '#424242'];
  var palette = ['#1565c0', '#c62828', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#558b2f', '#4e342e', '#283593'];
  function nines(v) {
    if (v <= 1) { return '0%'; }
    var p = 100 * (1 - 1 / v);
    return (p >= 99.99999 ? '100' : String(parseFloat(p.toPrecision(6)))) + '%';
  }
  function options(c) {
    var elapsed = c.kind === 'elapsed', time = c.kind === 'time' || elapsed, steps = c.kind === 'steps', date = c.kind === 'date', curve = c.kind === 'curve', history = c.kind === 'history';
    function at(v) { return elapsed ? '+' + Math.round(v) + ' s' : clock(v); }
    var o = {
      animation: false, parsing: false, normalized: true, responsive: true, maintainAspectRatio: false,
      maestroTime: time,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: {
        x: history ? historyAxis(c) : date ? dateAxis(c) : curve ? { type: 'linear', title: { display: true, text: 'achieved receive rate (msg/s)' } } : steps ? { type: 'linear', title: { display: true, text: 'target rate (msg/s)' } } : time ? { type: 'linear', min: isFinite(xMin) ? Math.floor(xMin) : undefined, max: isFinite(xMax) ? Math.ceil(xMax) : undefined, title: { display: true, text: elapsed ? 'seconds from the start of the load' : 'time (UTC)' },
            // The bounds are the run's first and last second, not round values: as ticks of their own they overlapped
            // their neighbours' labels. Level labels, skipped rather than crowded.
            ticks: { includeBounds: false, maxRotation: 0, autoSkip: true, autoSkipPadding: 16, callback: function (v) { return at(v); } } }
          : { type: 'logarithmic', min: 1, title: { display: true, text: 'percentile' },
              ticks: { callback: function (v) { var l = Math.log10(v); return (Math.abs(l - Math.round(l)) < 1e-9 || v === 2) ? nines(v) : ''; } } },
        // A curve's latency spans decades (1 ms at ease, seconds past the knee): a logarithmic axis shows both.
        y: curve ? { type: 'logarithmic', title: { display: true, text: c.unit + ' (log scale)' } } : { beginAtZero: true, title: { display: !!c.unit, text: c.unit } }
      },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12, font: { size: 11 } } },
        tooltip: { callbacks: {
          title: function (items) { return items.length ? (history ? c.runs[items[0].parsed.x] : date ? dateTitle(c, items[0]) : curve ? 'achieved ' + fmt(items[0].parsed.x) + ' msg/s' : steps ? 'target ' + fmt(items[0].parsed.x) + ' msg/s' : elapsed ? '+' + items[0].parsed.x.toFixed(1) + ' s' : time ? clock(items[0].parsed.x) + ' (+' + items[0].parsed.x.toFixed(1) + ' s)' : nines(items[0].parsed.x)) : ''; },
          label: function (item) { return item.dataset.label + ': ' + fmt(item.parsed.y) + (c.unit ? ' ' + c.unit : ''); }
        } }
      }
    };
    if (window.ChartZoom) {
      o.plugins.zoom = {
        zoom: { drag: { enabled: true }, wheel: { enabled: false }, pinch: { enabled: true }, mode: 'x' },
        pan: { enabled: true, mode: 'x', modifierKey: 'shift' }
      };
    }
    return o;
  }
  // Runs over their start dates (epoch milliseconds on a linear axis: no date adapter needed), padded so a
  // single run still gets a readable axis.
  function dateAxis(c) {
    var lo = Infinity, hi = -Infinity;
    c.series.forEach(function (s) { s.x.forEach(function (x) { lo = Math.min(lo, x); hi = Math.max(hi, x); }); });
    var pad = Math.max((hi - lo) * 0.05, 3600 * 1000), days = hi - lo > 3 * 86400 * 1000;
    return { type: 'linear', min: isFinite(lo) ? lo - pad : undefined, max: isFinite(hi) ? hi + pad : undefined,
      title: { display: true, text: 'run start (UTC)' },
      ticks: { maxTicksLimit: 8, callback: function (v) { return dateTime(v).substring(0, days ? 10 : 16); } } };
  }
  // A test's runs in their order, each named by its build (else its directory): one tick per run. The ticks are set
  // after Chart.js builds its own, which start at the padded minimum (-0.5) and so fall between the runs.
  function historyAxis(c) {
    return { type: 'linear', min: -0.5, max: c.runs.length - 0.5, title: { display: true, text: 'run (build), oldest first' },
      afterBuildTicks: function (axis) { axis.ticks = c.runs.map(function (run, i) { return { value: i }; }); },
      ticks: { autoSkip: true, maxRotation: 60, callback: function (v) { return c.runs[v] === undefined ? '' : c.runs[v]; } } };
  }
  function dateTitle(c, item) {
    var runs = c.series[item.datasetIndex].runs || [];
    return dateTime(item.parsed.x) + (runs[item.dataIndex] ? ' \u00b7 ' + runs[item.dataIndex] : '');
  }
  var chartsSection = document.getElementById('charts');
  chartsSection.appendChild(el('h2', { text: data.chartsHeading || 'Charts' }));
  var grid = el('div', { class: 'charts' });
  chartsSection.appendChild(grid);
  var charts = data.charts || [];
  // The inspectors' charts (the SUT's own counters and gauges) after the load's throughput and latency, under a heading of their own.
  var inspectorGrid = null;
  if (charts.some(function (c) { return c.inspector; })) {
    chartsSection.appendChild(el('h3', { id: 'inspector-charts', text: 'The SUT as its inspectors sampled it' }));
    inspectorGrid = chartsSection.appendChild(el('div', { class: 'charts' }));
  }
  // One time axis for every time chart, so a fault and its effect line up from chart to chart.
  var xMin = Infinity, xMax = -Infinity;
  charts.forEach(function (c) {
    if (c.kind !== 'time' && c.kind !== 'elapsed') { return; }
    c.series.forEach(function (s) { s.x.forEach(function (x) { if (x < xMin) { xMin = x; } if (x > xMax) { xMax = x; } }); });
  });
  (data.markers || []).forEach(function (m) { xMin = Math.min(xMin, m.x); xMax = Math.max(xMax, m.x); });
  body.dataset.chartsExpected = String(charts.length);
  if (window.Chart) {
    Chart.register(markerPlugin);
    Chart.register(changePointPlugin);
    if (window.ChartZoom) { Chart.register(window.ChartZoom); }
  }
  charts.forEach(function (c) {
    var canvas = el('canvas', { id: 'chart-' + c.id, 'data-chart': c.id });
    var box = el('div', { class: 'chart' }, [el('h3', { text: c.title }), el('div', { class: 'box' }, [canvas])]);
    if (c.note) { box.appendChild(el('div', { class: 'note', text: c.note })); }
    if (c.changePoints) {
      changePointsOf[canvas.id] = c.changePoints;
      box.appendChild(el('ul', { class: 'change-points' }, c.changePoints.map(function (p) {
        return el('li', { class: 'change-point', 'data-run': p.run, text: p.text });
      })));
    }
    (c.inspector && inspectorGrid ? inspectorGrid : grid).appendChild(box);
    var markerShapes = 0;
    var datasets = c.series.map(function (s, i) {
      var points = s.x.map(function (x, j) { return { x: x, y: s.y[j] }; });
      var baseline = s.style === 'baseline';
      var color = s.label === 'total' ? '#000' : baseline ? greys[(i - 1) % greys.length] : palette[i % palette.length];
      if (s.style === 'marker') {
        // A marked point of a curve (the chosen rate, the knee, the steps not sustained): no line, a large symbol.
        var shape = ['rectRot', 'triangle', 'crossRot'][markerShapes++ % 3];
        return { label: s.label, data: points, borderColor: color, backgroundColor: color, showLine: false, pointStyle: shape,
          pointRadius: 8, pointHoverRadius: 10, borderWidth: 2 };
      }
      return { label: s.label, data: points, borderColor: color, backgroundColor: color, borderWidth: 1.5, borderDash: baseline ? [6, 4] : [],
        pointRadius: points.length > 60 ? 0 : 2, pointHoverRadius: 4, tension: 0, stepped: false,
        spanGaps: false }; // a null y is a sample without value: the line breaks there
    });
    var chart = new Chart(canvas, { type: 'line', data: { datasets: datasets }, options: options(c) });
    canvas.addEventListener('dblclick', function () { if (chart.resetZoom) { chart.resetZoom(); } });
  });

  // Agent actions and failures
  var act = document.getElementById('actions');
  if ((data.markers || []).length) {
    act.appendChild(el('h2', { text: 'Events on the time axis' }));
    if (!data.comparisonPage) {
      act.appendChild(el('p', { id: 'time-axis', text: 'Times on the load\u2019s clock: +0 s is the first sender\u2019s start,' +
        ' the clock the agent actions are planned on ("at 10 s") and the live console line counts.' }));
    }
    act.appendChild(table(['mark', 'time', 'what'], data.markers.map(function (m, i) {
      return [markLetter(m) + (i + 1), (data.comparisonPage ? '' : clock(m.x) + ' ') + '(+' + m.x.toFixed(1) + ' s)', m.label];
    })));
  }
  if ((summary.actions || []).length) {
    act.appendChild(fold('Agent actions and what they cost: ' + plural(summary.actions.length, 'action') + ' (' +
      summary.actions.map(function (a) { return a.handler + ' ' + a.outcome; }).join(', ') + '); times, exit, stops', [table(['agent', 'handler', 'args', 'planned at s', 'start', 'end', 'outcome', 'exit', 'reason', 'lost', 'outage ms',
      'recovery ms', 'stops', 'last resume ms'],
      summary.actions.map(function (a) {
        return [(a.group ? a.group + '/' : '') + (a.agent || ''), a.handler, (a.args || []).join(' '), a.atMillis / 1000, a.start, a.end,
          a.outcome, a.exitStatus, a.reason, known(a.lost), known(a.outageMillis), known(a.recoveryMillis), known(a.stops),
          known(a.lastResumeMillis)];
      })), el('p', { text: 'A stop: 200 ms or more without a message received. Outage: the longest stop after the action,' +
      ' its own length; recovery: from the action until the rate was back within 5 % of the target for a second, after the' +
      ' first stop; last resume: from the action until the flow resumed after its last stop (on a redundant path, the' +
      ' traffic back on its first path). -1: not within the test.' })], 'actions-table'));
  }
  if ((data.handlerRuns || []).length) {
    act.appendChild(fold('Handler runs (agents\u2019 handlers.csv): ' + plural(data.handlerRuns.length, 'run'),
      [table(['agent', 'handler', 'args', 'start', 'end', 'outcome', 'exit', 'reason'], data.handlerRuns.map(function (h) {
        return [h.peer, h.handler, h.args, h.start, h.end, h.outcome, h.exitStatus, h.reason];
      }))], 'handler-runs'));
  }
  // system.json's driverDefaults: the client options the worker set because the SUT URL did not.
  function driverDefaults(d) {
    var names = Object.keys(d || {});
    return names.length ? ' (' + names.map(function (k) { return k + '=' + d[k]; }).join(', ') + ': the worker\u2019s default, not in the URL)' : '';
  }
  if ((data.systems || []).length) {
    var sys = document.getElementById('systems');
    sys.appendChild(el('h2', { text: 'Hosts and JVMs (each peer\u2019s system.json)' }));
    var jvms = {};
    data.systems.forEach(function (s) { jvms[s.jvm] = true; });
    sys.appendChild(fold(plural(data.systems.length, 'peer') + '; ' + Object.keys(jvms).join(', ') + '; CPUs, heap, OS, JVM arguments, drivers',
      [table(['peer', 'host', 'CPUs', 'max heap', 'OS', 'JVM', 'JVM arguments', 'Maestro', 'driver'], data.systems.map(function (s) {
      return [s.peer, s.host, s.cpus, s.maxHeapBytes ? (s.maxHeapBytes / 1073741824).toFixed(1) + ' GiB' : '', s.os, s.jvm,
        (s.jvmArguments || []).join(' '), s.maestroVersion, s.driver + driverDefaults(s.driverDefaults)];
    }), [false, false, true, true, false, false, false, false, false])], 'systems-table'));
  }
  if (data.console) {
    var con = document.getElementById('console');
    con.appendChild(el('h2', { text: 'Console' }));
    con.appendChild(el('details', {}, [el('summary', { text: 'what maestro printed during the run (console.log)' }),
      el('pre', { id: 'console-log', text: data.console })]));
  }
  if ((data.notes || []).length) {
    var n = document.getElementById('notes');
    n.appendChild(el('h2', { text: 'Notes' }));
    data.notes.forEach(function (x) { n.appendChild(el('p', { text: x })); });
  }
  body.dataset.chartsCreated = String(charts.length);
})();
