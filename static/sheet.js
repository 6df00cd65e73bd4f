// The whole score sheet. The token carries only the recent rows of the score sheet (it travels with every
// request); the browser keeps every row of the current game and puts the earlier ones back above them.
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
    earlier.forEach(function (row) { shown[0].parentNode.insertBefore(sheetRow(row), shown[0]); });
    sheet.rows = earlier.concat(shown.map(function (tr) {
      return { number: Number(tr.dataset.number), game: tr.cells[1].textContent,
               scores: tr.dataset.scores.split(",").map(Number), totals: tr.dataset.totals.split(",").map(Number) };
    }));
    try { localStorage.setItem(SHEET_KEY, JSON.stringify(sheet)); } catch (e) { /* full or private: recent rows only */ }
  }

  function sheetRow(row) {       // the same cells as templates/partials/score_sheet.html
    var tr = document.createElement("tr");
    tr.className = "earlier";
    tr.dataset.number = row.number;
    tr.dataset.scores = row.scores.join(",");
    tr.dataset.totals = row.totals.join(",");
    var number = document.createElement("button");     // as the template's: opens the deal's review
    number.type = "button";
    number.className = "link";
    number.dataset.reviewDeal = row.number;
    number.textContent = row.number;
    tr.insertCell().appendChild(number);
    var game = tr.insertCell();
    game.className = "game";
    game.title = game.textContent = row.game;
    row.scores.forEach(function (score, seat) {
      var cell = tr.insertCell();
      cell.className = "num";
      cell.textContent = score > 0 ? "+" + score : String(score);
      var total = document.createElement("span"), table = document.getElementById("score-sheet");
      total.className = "total";
      total.title = table.dataset.runningTitle;
      total.textContent = table.dataset.running.replace("{total}", row.totals[seat]);
      cell.appendChild(total);
    });
    return tr;
  }
})();
