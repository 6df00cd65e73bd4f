// The whole score sheet. The token carries only the recent rows of the score sheet (it travels with every
// request); the browser keeps every row of the current game and puts the earlier ones back above them,
// as copies of the row the server renders for that (<template id="sheet-row">, score_sheet.html).
(function () {
  "use strict";

  var SHEET_KEY = "doppelkopf.sheet";

  // replay.js: a table arrived (before its frames are shown).
  document.addEventListener("doppelkopf:table", function (event) { keepScoreSheet(event.detail); });

  function keepScoreSheet(wrap) {
    var shown = Array.prototype.slice.call(document.querySelectorAll("#score-sheet tbody tr[data-number]"));
    if (!shown.length) return;
    var first = Number(shown[0].dataset.number);
    var sheet;
    try { sheet = JSON.parse(localStorage.getItem(SHEET_KEY)); } catch (e) { sheet = null; }
    if (!sheet || sheet.game !== wrap.dataset.gameId || !Array.isArray(sheet.rows)) {
      sheet = { game: wrap.dataset.gameId, rows: [] };
    }
    var earlier = sheet.rows.filter(function (row) { return row.number < first; });
    var template = document.getElementById("sheet-row");
    if (template) {
      earlier.forEach(function (row) { shown[0].parentNode.insertBefore(sheetRow(template, row), shown[0]); });
    }
    sheet.rows = earlier.concat(shown.map(function (tr) {
      return { number: Number(tr.dataset.number), game: tr.cells[1].textContent,
               scores: tr.dataset.scores.split(",").map(Number), totals: tr.dataset.totals.split(",").map(Number) };
    }));
    try { localStorage.setItem(SHEET_KEY, JSON.stringify(sheet)); } catch (e) { /* full or private: recent rows only */ }
  }

  // A kept row: a copy of the template's row (no game; {number} and {total} in its texts) filled in.
  function sheetRow(template, row) {
    var tr = template.content.querySelector("tr").cloneNode(true);
    tr.className = "earlier";
    tr.dataset.number = row.number;
    tr.dataset.scores = row.scores.join(",");
    tr.dataset.totals = row.totals.join(",");
    var number = tr.querySelector("[data-review-deal]");      // opens the deal's review (review.js)
    number.dataset.reviewDeal = number.textContent = row.number;
    number.title = number.title.replace("{number}", row.number);
    var game = tr.querySelector(".game");
    game.title = game.textContent = row.game;
    Array.prototype.forEach.call(tr.querySelectorAll(".num"), function (cell, seat) {
      var score = row.scores[seat], total = cell.querySelector(".total");
      cell.firstChild.textContent = score > 0 ? "+" + score : String(score);
      total.textContent = total.textContent.replace("{total}", row.totals[seat]);
    });
    return tr;
  }
})();
