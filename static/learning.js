// Learning from one's own deals (the statistics page): the analyses this browser keeps (static/analysis.js
// stores them) as a trend of the points lost per deal by kind, the most frequent mistake, and exercises made of
// real mistakes: the position as it was (POST /analysis/exercise), the player chooses again, the answer explains.
(function () {
  "use strict";

  var STORE = "doppelkopf.analyses";
  var KINDS = ["reservation", "call", "card"];
  var EXERCISE_LOSS = 1.0;              // a mistake costing at least a point becomes an exercise
  var section = document.getElementById("learning");
  if (!section) return;
  var texts = JSON.parse(document.getElementById("learn-texts").textContent);

  function stored() {
    var list;
    try { list = JSON.parse(localStorage.getItem(STORE)); } catch (e) { list = null; }
    return Array.isArray(list) ? list.filter(valid) : [];
  }

  function valid(item) {
    return !!item && typeof item.record === "string" && typeof item.at === "number" && !!item.lost &&
      KINDS.every(function (kind) { return typeof item.lost[kind] === "number" && isFinite(item.lost[kind]); }) &&
      Array.isArray(item.marks);
  }

  function number(value) { return value.toFixed(1).replace(".", texts.decimal_point).replace("-", "\u2212"); }

  function fill(row, items) {
    var cells = section.querySelector('[data-learn-row="' + row + '"]');
    var total = 0;
    cells.querySelector('[data-learn-cell="deals"]').textContent = items.length;
    KINDS.forEach(function (kind) {
      var mean = items.length ? items.reduce(function (sum, item) { return sum + item.lost[kind]; }, 0) / items.length : 0;
      total += mean;
      cells.querySelector('[data-learn-cell="' + kind + '"]').textContent = items.length ? number(mean) : "–";
    });
    cells.querySelector('[data-learn-cell="total"]').textContent = items.length ? number(total) : "–";
  }

  function exercises(items) {
    var list = [];
    items.forEach(function (item) {
      item.marks.forEach(function (mark) {
        if (mark && (mark.kind === "card" || mark.kind === "call") && mark.loss >= EXERCISE_LOSS) {
          list.push({ record: item.record, mark: mark });
        }
      });
    });
    return list;
  }

  function show() {
    var items = stored();                       // newest first
    section.dataset.state = items.length ? "ready" : "empty";
    section.querySelector('[data-learn="empty"]').hidden = items.length > 0;
    section.querySelector('[data-learn="trend"]').hidden = items.length === 0;
    if (!items.length) return;
    fill("recent", items.slice(0, 10));
    fill("before", items.slice(10, 20));
    fill("all", items);
    var counts = {};
    items.forEach(function (item) {
      item.marks.forEach(function (mark) { if (mark && mark.reason) counts[mark.reason] = (counts[mark.reason] || 0) + 1; });
    });
    var top = Object.keys(counts).sort(function (a, b) { return counts[b] - counts[a]; })[0];
    section.querySelector('[data-learn="frequent"]').textContent = top ?
      texts.frequent.replace("{reason}", texts.reasons[top] || top).replace("{count}", counts[top]) : "";
    var count = exercises(items).length;
    section.querySelector('[data-learn="exercises"]').textContent = count ? texts.exercises.replace("{count}", count) : texts.none;
    section.querySelector('[data-action="exercise"]').disabled = count === 0;
  }

  var turn = 0;
  function nextExercise() {
    var list = exercises(stored());
    if (!list.length) return;
    var pick = list[turn++ % list.length], mark = pick.mark;
    var body = { record: JSON.parse(pick.record), index: mark.index, kind: mark.kind, best: mark.best, chosen: mark.chosen,
                 reason: mark.reason || null, params: mark.params || {}, lang: document.documentElement.lang };
    fetch("/analysis/exercise", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(new Error(String(response.status))); })
      .then(function (html) {
        var area = document.getElementById("exercise");
        area.innerHTML = html;                    // our own server's fragment
        var first = area.querySelector("[data-choice]:not([disabled])");
        if (first) first.focus();
      })
      .catch(function () { /* a record this version cannot read any more: the next one */ });
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    if (event.target.closest('[data-action="exercise"], [data-action="next-exercise"]')) return nextExercise();
    var choice = event.target.closest("#exercise [data-choice]");
    if (!choice) return;
    var exercise = choice.closest("[data-exercise]"), answer = exercise.querySelector("[data-answer]");
    if (!answer.hidden) return;
    var right = choice.dataset.choice === exercise.dataset.best;
    choice.classList.add(right ? "chosen-right" : "chosen-wrong");
    var best = exercise.querySelector('[data-choice="' + exercise.dataset.best + '"]');
    if (best) best.classList.add("best-choice");
    exercise.dataset.answered = right ? "right" : "wrong";
    answer.querySelector(right ? "[data-right]" : "[data-wrong]").hidden = false;
    answer.hidden = false;
  });

  show();
})();
