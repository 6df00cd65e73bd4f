// The analysis of a finished deal (app/analysis.py): asked for one decision at a time, so the page shows the
// progress, can stop at any moment and never holds the table up. A deal's analysis is kept while the review
// steps through the deal (each step replaces the review), and its summary goes to this browser's store for the
// statistics' trend and the exercises.
(function () {
  "use strict";

  var STORE = "doppelkopf.analyses";     // newest first: {at, lost, marks: [{record, index, kind, best, ...}]}
  var KEEP = 200;
  var SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  var analyses = {};                     // seat + record text -> {state, done, total, judgements, html, error}
  var shownSeat = null;                  // whose analysis the panel shows

  function recordText() {
    var field = document.querySelector('#review textarea[name="record"]');
    return field ? field.value : null;
  }

  // Whose decisions (the review's choice; the player's unless asked otherwise) — a deal's analyses by seat.
  function chosenSeat() {
    var select = document.querySelector("#review [data-analysis-seat]");
    return select ? Number(select.value) || 0 : 0;
  }

  function keyOf(text, seat) { return seat + ":" + text; }

  function token() {
    try { return localStorage.getItem("doppelkopf.token"); } catch (e) { return null; }
  }

  function post(path, body) {
    var headers = { "Content-Type": "application/json" };
    var saved = token();
    if (saved) headers["X-Game-Token"] = saved;      // the player's seat names for the panel
    return fetch(path, { method: "POST", headers: headers, body: JSON.stringify(body) }).then(function (response) {
      if (!response.ok) {
        return response.json().catch(function () { return {}; }).then(function (answer) {
          throw new Error(typeof answer.detail === "string" ? answer.detail : String(response.status));
        });
      }
      return path.indexOf("/api/") === 0 ? response.json() : response.text();
    });
  }

  function show() {
    var area = document.getElementById("analysis"), text = recordText();
    if (!area || text === null) return;
    var select = document.querySelector("#review [data-analysis-seat]");
    if (select && shownSeat !== null) select.value = String(shownSeat);
    var entry = analyses[keyOf(text, shownSeat || 0)];
    area.textContent = "";
    if (!entry) return;
    if (entry.state === "running") {
      var label = document.createElement("p"), bar = document.createElement("progress"), stop = document.createElement("button");
      label.textContent = area.dataset.running.replace("{done}", entry.done).replace("{total}", entry.total || "…");
      bar.max = entry.total || 1;
      bar.value = entry.done;
      bar.setAttribute("aria-label", label.textContent);
      stop.type = "button";
      stop.dataset.action = "analysis-cancel";
      stop.textContent = area.dataset.cancel;
      area.dataset.state = "running";
      area.append(label, bar, stop);
    } else if (entry.state === "done") {
      area.dataset.state = "done";
      area.innerHTML = entry.html;               // our own server's fragment, words escaped by the template
      markTrick(area);
    } else {
      var note = document.createElement("p");
      note.className = "notice";
      note.textContent = entry.state === "cancelled" ? area.dataset.cancelled : area.dataset.failed.replace("{reason}", entry.error);
      area.dataset.state = entry.state;
      area.append(note);
    }
  }

  // The trick on show gets the mark of the player's decision in it.
  function markTrick(area) {
    var review = document.getElementById("review");
    var step = review && review.dataset.step;
    area.querySelectorAll("[data-mistake]").forEach(function (mark) {
      if (mark.dataset.trick !== step) return;
      var card = review.querySelector('.review-trick li[data-seat="' + (shownSeat || 0) + '"]');
      if (!card || card.classList.contains("mistake")) return;
      var sign = document.createElement("span"), reason = mark.querySelector(".analysis-reason");
      card.classList.add("mistake", "grade-" + mark.dataset.grade);
      sign.className = "mistake-sign";
      sign.textContent = SIGNS[mark.dataset.grade];          // as chess players mark a move
      sign.title = mark.querySelector(".grade").textContent + (reason ? ": " + reason.textContent : "");
      card.insertBefore(sign, card.firstChild);
    });
  }

  function start(text, seat) {
    var record = JSON.parse(text);
    var entry = analyses[keyOf(text, seat)] = { state: "running", done: 0, total: 0, judgements: [] };
    show();
    post("/api/analysis/points", { record: record, seat: seat }).then(function (answer) {
      entry.total = answer.points.length;
      show();
      var next = function (i) {
        if (entry.state !== "running") return null;
        if (i >= entry.total) return post("/analysis/view", { record: record, judgements: entry.judgements, seat: seat,
                                                             lang: document.documentElement.lang });
        return post("/api/analysis/judge", { record: record, point: i, seat: seat }).then(function (judged) {
          entry.judgements = entry.judgements.concat(judged.judgements);
          entry.done = i + 1;
          show();
          return next(i + 1);
        });
      };
      return next(0);
    }).then(function (html) {
      if (html === null || entry.state !== "running") return;
      entry.html = html;
      entry.state = "done";
      if (seat === 0) remember(text, entry.judgements, html);    // the player's own progress, not the computers
      show();
    }).catch(function (error) {
      if (entry.state !== "running") return;
      entry.state = "failed";
      entry.error = error.message;
      show();
    });
  }

  // The deal's losses by kind and its graded decisions (with the record, to practise them again later): the
  // marks the panel shows (a missed call is one mark, however many tricks it stayed possible).
  function remember(text, judgements, html) {
    var panel = document.createElement("div");
    panel.innerHTML = html;
    var shown = {};
    panel.querySelectorAll("[data-mistake]").forEach(function (mark) { shown[mark.dataset.kind + mark.dataset.index] = true; });
    var marks = judgements.filter(function (j) { return j.grade && shown[j.kind + j.index]; });
    var lost = { reservation: 0, call: 0, card: 0 };
    marks.forEach(function (j) { lost[j.kind] += j.loss; });
    var stored;
    try { stored = JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { stored = []; }
    if (!Array.isArray(stored)) stored = [];
    stored = stored.filter(function (item) { return item && item.record !== text; });
    stored.unshift({ at: Date.now(), record: text, lost: lost, decisions: judgements.length,
                     marks: marks.map(function (j) { return { index: j.index, kind: j.kind, trick: j.trick, chosen: j.chosen,
                                                              best: j.best, loss: j.loss, grade: j.grade, reason: j.reason,
                                                              params: j.params }; }) });
    try { localStorage.setItem(STORE, JSON.stringify(stored.slice(0, KEEP))); } catch (e) { /* full or private */ }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : null;
    if (!target) return;
    if (target.closest('[data-action="analyse"]')) {
      var text = recordText();
      if (!text) return;
      shownSeat = chosenSeat();
      var entry = analyses[keyOf(text, shownSeat)];
      if (!entry || entry.state === "cancelled" || entry.state === "failed") start(text, shownSeat);
      else show();
      var area = document.getElementById("analysis");
      if (area && area.scrollIntoView) area.scrollIntoView({ block: "nearest" });
    } else if (target.closest('[data-action="analysis-cancel"]')) {
      var running = analyses[keyOf(recordText(), shownSeat || 0)];
      if (running && running.state === "running") running.state = "cancelled";
      show();
    } else if (target.closest("[data-review-goto]")) {
      var step = target.closest("[data-review-goto]").dataset.reviewGoto;
      var button = document.querySelector('#review [data-review-step="' + step + '"]');
      if (button) button.click();
    }
  });

  // Each step of the review replaces it: the analysis of its deal comes back with it.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "review-area") show();
  });
})();
