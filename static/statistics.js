// The statistics page: figures per player over the archived deals (static/archive.js), charts drawn as
// our own SVG, export / import / delete. Everything stays in this browser.
(function () {
  "use strict";

  var SEATS = [0, 1, 2, 3];

  // A map keyed by names that come from stored or imported data: without a prototype, so a name like
  // "__proto__" or "constructor" is a key like any other, never Object.prototype (issue 21).
  function nameMap() { return Object.create(null); }

  // ----- the figures (pure functions: the browser tests call them directly) --------------------

  // The day a deal was played on this device's calendar (the entry keeps the moment, in UTC): a deal at
  // 00:30 in Germany belongs to that day, not to the day before. Remembered per moment: thousands of entries.
  var days = nameMap();
  function localDay(moment) {
    var day = days[moment];
    if (day === undefined) {
      var date = new Date(moment);
      day = days[moment] = date.getFullYear() + "-" + String(date.getMonth() + 1).padStart(2, "0") + "-" +
                           String(date.getDate()).padStart(2, "0");
    }
    return day;
  }

  function matches(entry, filter) {
    if (filter.mode && entry.mode !== filter.mode) return false;
    if (filter.level && entry.level !== filter.level) return false;
    if (filter.tookBack === "without" && entry.took_back) return false;
    if (filter.tookBack === "only" && !entry.took_back) return false;
    var day = localDay(entry.date);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
    return true;
  }

  function tally() { return { played: 0, won: 0 }; }

  function isSolo(contract) { return contract.indexOf("solo-") === 0; }

  function partyOf(entry, seat) { return entry.re.indexOf(seat) >= 0 ? "re" : "kontra"; }

  // Per seat: deals, points, won/played as Re, as Kontra, solos, announcements, special points;
  // per contract: deals, and per seat won/played and points.
  function summarize(entries) {
    var seats = SEATS.map(function () {
      return { deals: 0, points: 0, re: tally(), kontra: tally(), solos: tally(), calls: tally(), special: 0 };
    });
    var contracts = nameMap(), tookBack = 0;
    entries.forEach(function (entry) {
      if (entry.took_back) tookBack += 1;     // the player took back a decision in it (issue 21.11)
      var contract = contracts[entry.contract] || (contracts[entry.contract] = {
        deals: 0, seats: SEATS.map(function () { return { played: 0, won: 0, points: 0 }; }) });
      contract.deals += 1;
      if (!entry.re.length) return;       // thrown in: nobody played, nobody won (the score sheet has no row)
      SEATS.forEach(function (seat) {
        var figures = seats[seat], party = partyOf(entry, seat), won = entry.winner === party;
        figures.deals += 1;
        figures.points += entry.scores[seat];
        figures[party].played += 1;
        figures[party].won += won ? 1 : 0;
        if (isSolo(entry.contract) && party === "re") { figures.solos.played += 1; figures.solos.won += won ? 1 : 0; }
        entry.calls.forEach(function (call) {
          if (call.seat === seat) { figures.calls.played += 1; figures.calls.won += won ? 1 : 0; }
        });
        entry.special.forEach(function (line) { if (line.party === party) figures.special += line.points; });
        var mine = contract.seats[seat];
        mine.played += 1;
        mine.won += won ? 1 : 0;
        mine.points += entry.scores[seat];
      });
    });
    return { count: entries.length, tookBack: tookBack, seats: seats, contracts: contracts };
  }

  // The player's running total, deal by deal, in one game.
  function gameCurve(entries, gameId) {
    var total = 0;
    return entries.filter(function (e) { return e.game_id === gameId; })
      .sort(function (a, b) { return a.deal - b.deal; })
      .map(function (e) { total += e.scores[0]; return { label: String(e.deal), value: total }; });
  }

  // The player's running total at the end of each day played.
  function dayCurve(entries) {
    var byDay = nameMap();
    entries.forEach(function (e) { var day = localDay(e.date); byDay[day] = (byDay[day] || 0) + e.scores[0]; });
    var total = 0;
    return Object.keys(byDay).sort().map(function (day) { total += byDay[day]; return { label: day, value: total }; });
  }

  // ----- what an entry must look like (an imported file or a damaged store may hold anything) --------
  // Imported data is plain data: every field is one archive.js entryOf writes, of the shape it writes;
  // names from the data are only compared or used as keys of a nameMap (issue 21).

  // The contracts a deal can end in and the calls (engine/contracts.py CONTRACTS + HOUSE_CONTRACTS,
  // engine/calls.py LEVEL; tests/app/test_statistics_data.py keeps them equal).
  var CONTRACTS = ["normal", "wedding", "wedding-alone", "silent-wedding", "solo-clubs", "solo-spades", "solo-hearts",
                   "solo-diamonds", "solo-queens", "solo-jacks", "solo-fleischlos", "poverty", "thrown", "solo-kings",
                   "solo-koehler"];
  var CALLS = ["re", "kontra", "no90", "no60", "no30", "schwarz"];
  var MODES = ["casual", "tournament"];

  function hasOwn(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
  function oneOf(list) { return function (value) { return list.indexOf(value) >= 0; }; }
  function orNull(check) { return function (value) { return value === null || check(value); }; }
  function listOf(check) { return function (value) { return Array.isArray(value) && value.every(check); }; }
  function isSeat(value) { return Number.isInteger(value) && value >= 0 && value <= 3; }
  function isName(value) { return typeof value === "string" && value.length > 0 && value.length <= 100; }
  function isPlainObject(value) { return !!value && typeof value === "object" && !Array.isArray(value); }
  function isParty(value) { return value === "re" || value === "kontra"; }
  function isBoolean(value) { return typeof value === "boolean"; }
  function isEyes(value) { return Number.isInteger(value) && value >= 0 && value <= 240; }
  function isMoment(value) { return typeof value === "string" && value.length <= 40 && !isNaN(Date.parse(value)); }

  // An object with these fields, each passing its check; ``optional`` ones may be left out.
  function objectOf(checks, optional) {
    return function (value) { return fieldProblem(value, checks, optional || []) === null; };
  }

  // The first field of ``value`` that is unknown, missing or fails its check; null if none.
  function fieldProblem(value, checks, optional) {
    if (!isPlainObject(value)) return "";
    var names = Object.keys(value);
    var unknown = names.filter(function (name) { return !hasOwn(checks, name); })[0];
    if (unknown !== undefined) return unknown;
    var missing = Object.keys(checks).filter(function (name) {
      return !hasOwn(value, name) && optional.indexOf(name) < 0;
    })[0];
    if (missing !== undefined) return missing;
    var wrong = names.filter(function (name) { return !checks[name](value[name]); })[0];
    return wrong === undefined ? null : wrong;
  }

  function isSeatList(value) {
    return Array.isArray(value) && value.length <= 4 && value.every(isSeat) &&
      value.every(function (seat, i) { return value.indexOf(seat) === i; });
  }

  function isScores(value) {
    return Array.isArray(value) && value.length === 4 && value.every(Number.isInteger) &&
      value.reduce(function (a, b) { return a + b; }, 0) === 0;
  }

  function isRecord(record) {
    return isPlainObject(record) && record.format === "doppelkopf-deal/1" &&
           Array.isArray(record.hands) && record.hands.length === 4 && Array.isArray(record.actions);
  }

  // What archive.js entryOf writes (a stored entry without its record).
  var SUMMARY = Object.assign(nameMap(), {
    key: isName, game_id: isName, deal: function (value) { return Number.isInteger(value) && value >= 1; },
    date: isMoment, mode: oneOf(MODES), level: isName, contract: oneOf(CONTRACTS), declarer: orNull(isSeat),
    compulsory: isBoolean, re: isSeatList, kontra: isSeatList, winner: orNull(isParty), scores: isScores,
    eyes: objectOf(Object.assign(nameMap(), { re: isEyes, kontra: isEyes }), ["re", "kontra"]),
    calls: listOf(objectOf(Object.assign(nameMap(), { seat: isSeat, call: oneOf(CALLS) }))),
    special: listOf(objectOf(Object.assign(nameMap(), { item: isName, party: isParty, points: Number.isInteger }))),
    took_back: isBoolean
  });
  var SUMMARY_OPTIONAL = ["level", "declarer", "compulsory", "winner", "eyes", "took_back"];
  var ENTRY = Object.assign(nameMap(), SUMMARY, { record: isRecord });

  function entryProblem(entry, checks) {
    var problem = fieldProblem(entry, checks, SUMMARY_OPTIONAL);
    if (problem === null && entry.re.some(function (seat) { return entry.kontra.indexOf(seat) >= 0; })) return "kontra";
    return problem;
  }

  // Every field the figures, filters and charts read, of the right shape (a stored entry has no record).
  function validSummary(entry) { return entryProblem(entry, SUMMARY) === null; }

  // An entry from a file: a valid summary and a deal record beside it (the review replays it).
  function validEntry(entry) { return entryProblem(entry, ENTRY) === null; }

  // ----- the page -------------------------------------------------------------------------------

  var page = document.getElementById("statistics");
  if (!page) {
    window.DoppelkopfStatistics = { summarize: summarize, gameCurve: gameCurve, dayCurve: dayCurve, validEntry: validEntry,
                                    localDay: localDay };
    return;
  }
  var texts = JSON.parse(document.getElementById("stats-texts").textContent);
  var archive = window.DoppelkopfArchive;
  var entries = [];

  function text(key, params) {
    return (texts[key] || key).replace(/\{(\w+)\}/g, function (_, name) { return params[name]; });
  }

  function signed(value) { return value > 0 ? "+" + value : value < 0 ? "\u2212" + (-value) : "0"; }

  function ratio(figure) { return figure.played ? figure.won + "/" + figure.played : "\u2013"; }

  function average(points, deals) {
    // The same minus as the other figures (U+2212, see signed), not toFixed's hyphen.
    if (!deals) return "\u2013";
    var text = (points / deals).toFixed(2);
    if (Number(text) === 0) text = (0).toFixed(2);          // no "-0.00"
    return text.replace(".", texts.decimal_point).replace("-", "\u2212");
  }

  function currentFilter() {
    var form = page.querySelector(".stats-filters");
    return { mode: form.mode.value, level: form.level.value, tookBack: form.took_back.value, from: form.from.value,
             to: form.to.value };
  }

  function render() {
    var started = performance.now();
    var filter = currentFilter();
    var shown = entries.filter(function (entry) { return matches(entry, filter); });
    var summary = summarize(shown);
    page.querySelector('[data-stat="count"]').textContent =
      text("count", { shown: shown.length, stored: entries.length }) +
      (summary.tookBack ? " " + text("took_back_count", { count: summary.tookBack }) : "");
    SEATS.forEach(function (seat) {
      var figures = summary.seats[seat], row = page.querySelector('.stats-players tr[data-seat="' + seat + '"]');
      var cells = { deals: String(figures.deals), points: signed(figures.points),
                    average: average(figures.points, figures.deals), re: ratio(figures.re),
                    kontra: ratio(figures.kontra), solos: ratio(figures.solos), calls: ratio(figures.calls),
                    special: String(figures.special) };
      Object.keys(cells).forEach(function (key) { row.querySelector('[data-stat="' + key + '"]').textContent = cells[key]; });
    });
    renderContracts(summary.contracts);
    renderGames(shown);
    drawChart(page.querySelector('[data-chart="days"] .chart-box'), dayCurve(shown));
    page.dataset.state = "ready";
    page.dataset.renderedMs = (performance.now() - started).toFixed(1);
  }

  function renderContracts(contracts) {
    var body = page.querySelector(".stats-contracts tbody");
    body.textContent = "";
    texts.contract_order.filter(function (c) { return contracts[c]; }).forEach(function (contract) {
      var figures = contracts[contract], row = body.insertRow();
      row.dataset.contract = contract;
      var head = document.createElement("th");
      head.scope = "row";
      head.textContent = texts.contracts[contract] || contract;
      row.appendChild(head);
      row.insertCell().textContent = figures.deals;
      figures.seats.forEach(function (mine) {
        var cell = row.insertCell();
        cell.className = "num";
        cell.textContent = mine.won + "/" + mine.played + " (" + signed(mine.points) + ")";
      });
    });
  }

  function renderGames(shown) {
    var select = page.querySelector('[data-stat="games"]');
    var first = nameMap();
    shown.forEach(function (e) { if (!first[e.game_id] || e.date < first[e.game_id]) first[e.game_id] = e.date; });
    var games = Object.keys(first).sort(function (a, b) { return first[b] < first[a] ? -1 : 1; });
    var chosen = games.indexOf(select.value) >= 0 ? select.value : games[0];
    select.textContent = "";
    games.forEach(function (game) {
      var option = new Option(text("game_option", { date: localDay(first[game]), id: game.slice(0, 6) }), game);
      select.add(option);
    });
    select.value = chosen || "";
    drawChart(page.querySelector('[data-chart="game"] .chart-box'), chosen ? gameCurve(shown, chosen) : []);
  }

  // A line of the running total with a zero line and the extremes labelled: our own SVG.
  // Drawn at the box's own width (up to 640), so the labels keep their size on a phone.
  function drawChart(box, points) {
    var ns = "http://www.w3.org/2000/svg", width = Math.round(Math.max(300, Math.min(640, box.clientWidth || 640)));
    var height = 200, pad = 34;
    box.textContent = "";
    if (!points.length) { box.textContent = texts.no_data; return; }
    var values = points.map(function (p) { return p.value; });
    var low = Math.min(0, Math.min.apply(null, values)), high = Math.max(0, Math.max.apply(null, values));
    if (low === high) high = low + 1;
    var x = function (i) { return pad + (points.length === 1 ? 0 : i * (width - 2 * pad) / (points.length - 1)); };
    var y = function (v) { return height - pad / 2 - (v - low) * (height - pad) / (high - low); };
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", text("chart_label", { first: points[0].label, last: points[points.length - 1].label,
                                                         total: signed(values[values.length - 1]) }));
    function add(name, attributes, content) {
      var node = document.createElementNS(ns, name);
      Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
      if (content !== undefined) node.textContent = content;
      svg.appendChild(node);
    }
    add("line", { x1: pad, x2: width - pad / 2, y1: y(0), y2: y(0), class: "zero" });
    add("polyline", { points: points.map(function (p, i) { return x(i) + "," + y(p.value); }).join(" "), class: "curve" });
    if (points.length === 1) add("circle", { cx: x(0), cy: y(values[0]), r: 4, class: "point" });   // one day: a line of one point shows nothing
    add("text", { x: 2, y: y(high) + 4, class: "axis" }, signed(high));
    add("text", { x: 2, y: y(low) + 4, class: "axis" }, signed(low));
    add("text", { x: pad, y: height - 2, class: "axis" }, points[0].label);
    if (points.length > 1) add("text", { x: width - pad, y: height - 2, class: "axis end" }, points[points.length - 1].label);
    box.appendChild(svg);
  }

  function say(message) {
    var note = page.querySelector('[data-stat="message"]');
    note.hidden = !message;
    note.textContent = message || "";
  }

  // A damaged stored entry is left out (and said so): the page must render whatever the store holds.
  // Only a store that cannot be read is blamed on the browser, not an error in drawing the figures.
  function load() {
    return archive.deals().then(function (stored) {
      entries = stored.filter(validSummary);
      render();
      var skipped = stored.length - entries.length;
      say(skipped ? text("skipped", { count: skipped }) : "");
    }, function () { entries = []; render(); say(texts.no_storage); });
  }

  // ----- export, import, delete -----------------------------------------------------------------

  var FORMAT = "doppelkopf-statistics/1";

  function exportAll() {
    archive.everything().then(function (all) {
      var blob = new Blob([JSON.stringify({ format: FORMAT, exported: new Date().toISOString(), deals: all })],
                          { type: "application/json" });
      var link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "doppelkopf-statistics.json";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
    });
  }

  function importFile(file) {
    file.text().then(function (content) {
      var data;
      try { data = JSON.parse(content); } catch (e) { return say(texts.import_not_json); }
      if (!data || data.format !== FORMAT || !Array.isArray(data.deals)) return say(texts.import_wrong_format);
      var problems = data.deals.map(function (entry) { return entryProblem(entry, ENTRY); });
      var bad = problems.filter(function (problem) { return problem !== null; });
      if (bad.length) {                 // all or nothing: the archive stays as it is
        var first = problems.findIndex(function (problem) { return problem !== null; });
        return say(text("import_invalid", { count: bad.length, number: first + 1, field: bad[0] || "\u2013" }));
      }
      archive.add(data.deals).then(function (added) {
        return load().then(function () {
          say(text("import_done", { added: added, duplicates: data.deals.length - added }));
        });
      });
    });
  }

  var deleteArmed = false, disarmLater = null;

  function disarm(button) {
    deleteArmed = false;
    clearTimeout(disarmLater);
    button.textContent = texts.delete;
    delete button.dataset.armed;
  }

  function deleteAll(button) {
    if (!deleteArmed) {                 // the first press asks, the second (within 8 s) deletes
      deleteArmed = true;
      button.textContent = texts.delete_confirm;
      button.dataset.armed = "true";
      disarmLater = setTimeout(function () { disarm(button); }, 8000);
      return;
    }
    disarm(button);
    archive.clear().then(function () {
      return load().then(function () { say(texts.deleted); });
    });
  }

  page.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches('[data-action="import-statistics"]')) {
      if (target.files.length) importFile(target.files[0]);
      target.value = "";
    } else {                      // a filter or the game to chart
      render();
    }
  });

  page.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.action === "export-statistics") exportAll();
    if (button.dataset.action === "delete-statistics") deleteAll(button);
  });

  window.DoppelkopfStatistics = { summarize: summarize, gameCurve: gameCurve, dayCurve: dayCurve, reload: load,
                                  validEntry: validEntry };
  load();
})();
